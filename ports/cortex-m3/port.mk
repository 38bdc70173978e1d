# ports/cortex-m3/port.mk - LM3S6965 (QEMU lm3s6965evb): 64 KiB SRAM holds
# a 78 x 78 board for every request but HINT and PROB, the session and a
# 1.5 KiB stack (79 x 79 would fit too, with under 1 KiB to spare).
# The WORK block is held to what the four solvers need at 78 x 78
# (SAP_MAX_WORK_BYTES, the old SAP_SESSION_WORK_BYTES(1, 6084)): the
# deduction engine's block fits in it up to 757 cells, so HINT and PROB
# serve the expert board (16 x 30) and anything up to 27 x 28.
CM3_CC := arm-none-eabi-gcc
CM3_CFLAGS := $(PORT_SOLVERS_ALL) -mcpu=cortex-m3 -mthumb -Lports/cortex-m3 \
  -DSAP_MAX_ROWS=78u -DSAP_MAX_COLS=78u -DSAP_MAX_CELLS=6084u -DSAP_MAX_WORK_BYTES=54820u -DSAP_ENDGAME_LAYOUTS=0u
CM3_SRC := ports/cortex-m3/startup.c ports/cortex-m3/board.c
$(eval $(call PORT_IMAGE,cortex-m3,$(CM3_CC),$(CM3_CFLAGS),$(CM3_SRC),ports/cortex-m3/link.ld,1536))
$(eval $(call PORT_HEX,cortex-m3,$(CM3_CC),$(CM3_CFLAGS),$(CM3_SRC),ports/cortex-m3/link.ld,1536,arm-none-eabi-objcopy))
