# ports/microbit/port.mk - BBC micro:bit v1 (nRF51822, Cortex-M0; QEMU
# microbit): 16 KiB of RAM hold the session, a pool for boards of up to
# 30 x 30 and a 1.25 KiB stack (HINT's look-ahead runs its deduction
# two calls deeper than PROB).  Thumb-1 without a divide instruction: the
# same core, built for -mcpu=cortex-m0.  The vector table and reset code
# are the Cortex-M3 port's (the M0 reads the same first entries).
MICROBIT_CC := arm-none-eabi-gcc
MICROBIT_CFLAGS := $(PORT_SOLVERS_ALL) -mcpu=cortex-m0 -mthumb -Lports/cortex-m3 \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_ENDGAME_LAYOUTS=0u \
  -DSAP_DEDUCE_FRONTIER=96u -DSAP_MAX_WORK_BYTES=11776u
MICROBIT_SRC := ports/cortex-m3/startup.c ports/microbit/board.c
$(eval $(call PORT_IMAGE,microbit,$(MICROBIT_CC),$(MICROBIT_CFLAGS),$(MICROBIT_SRC),ports/microbit/link.ld,1280))
$(eval $(call PORT_HEX,microbit,$(MICROBIT_CC),$(MICROBIT_CFLAGS),$(MICROBIT_SRC),ports/microbit/link.ld,1280,arm-none-eabi-objcopy))
