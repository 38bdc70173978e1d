# ports/stm32f1/port.mk - STM32F100RB (QEMU stm32vldiscovery; also the
# STM32F103 "Blue Pill"): 8 KiB of SRAM hold the session, a pool for a
# 16 x 30 expert game beside a second block, and a 1 KiB stack, like the
# ATmega2560's 8 KiB: every request but HINT, PROB and VIEW PROB (the
# deduction engine's 72 bytes a cell do not fit beside a game), on boards of
# up to 30 x 30 sides and SAP_MAX_CELLS cells.  The vector table and reset code
# are the Cortex-M3 port's.
STM32F1_CC := arm-none-eabi-gcc
STM32F1_CFLAGS := -mcpu=cortex-m3 -mthumb -Lports/cortex-m3 \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=480u -DSAP_ENDGAME_LAYOUTS=0u \
  '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_VIEW|SAP_SOLVER_STATS)'
STM32F1_SRC := ports/cortex-m3/startup.c ports/stm32f1/board.c
$(eval $(call PORT_IMAGE,stm32f1,$(STM32F1_CC),$(STM32F1_CFLAGS),$(STM32F1_SRC),ports/stm32f1/link.ld,1024))
$(eval $(call PORT_HEX,stm32f1,$(STM32F1_CC),$(STM32F1_CFLAGS),$(STM32F1_SRC),ports/stm32f1/link.ld,1024,arm-none-eabi-objcopy))
