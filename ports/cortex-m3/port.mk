# ports/cortex-m3/port.mk - LM3S6965 (QEMU lm3s6965evb): 64 KiB SRAM holds
# a 78 x 78 board for every request, the session and a 1.5 KiB stack
# (79 x 79 would fit too, with under 1 KiB to spare).
CM3_CC := arm-none-eabi-gcc
# The deduction engine (HINT, PROB) is left out for now: it would take the
# image past the 24 KiB flash target (28.1 KiB with it, measured).
CM3_CFLAGS := -mcpu=cortex-m3 -mthumb \
  -DSAP_MAX_ROWS=78u -DSAP_MAX_COLS=78u -DSAP_MAX_CELLS=6084u \
  '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE)'
CM3_SRC := ports/cortex-m3/startup.c ports/cortex-m3/board.c
$(eval $(call PORT_IMAGE,cortex-m3,$(CM3_CC),$(CM3_CFLAGS),$(CM3_SRC),ports/cortex-m3/link.ld,1536))
