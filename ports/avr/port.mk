# ports/avr/port.mk - ATmega2560 (8 KiB SRAM) and ATmega328P (2 KiB SRAM),
# avr-gcc, run under simavr through ports/avr/harness.c.  The core's
# constant text stays in flash on both (SAP_TEXT_IN_FLASH, core/sapper.h).
AVR_CC := avr-gcc
AVR_COMMON := -mcall-prologues -Lports/avr
AVR_SRC := ports/avr/startup.S ports/avr/board.c

# The 2560 serves every request but HINT and PROB on boards of up to 30 x 30
# sides and 600 cells (16 x 30 and 20 x 30 either way round, 24 x 25): the
# session, a pool of SAP_SESSION_MEMORY_BYTES and a 1 KiB stack in its
# 8 KiB.  The deduction engine (HINT, PROB) is left out for now: its 64-bit
# arithmetic pushes the image's .data past the 64 KiB that LPM reaches, and
# its 72 bytes a cell would not fit the pool beside a 16 x 30 game anyway.
AVR2560_CFLAGS := -mmcu=atmega2560 -DAVR_VECTORS=57 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=600u \
  '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE)'
$(eval $(call PORT_IMAGE,avr,$(AVR_CC),$(AVR2560_CFLAGS),$(AVR_SRC),ports/avr/atmega2560.ld,1024))
$(eval $(call PORT_HEX,avr,$(AVR_CC),$(AVR2560_CFLAGS),$(AVR_SRC),ports/avr/atmega2560.ld,1024,avr-objcopy))

# The 328P runs the same session and plays the expert board, 16 x 30 (either
# way round) with 99 mines, within its 32 KiB of flash and 2 KiB of SRAM:
#   - flash: the whole session with all four solvers is about 40 KiB of AVR
#     code and text, so it serves the game and the one-click win (MASTER,
#     JUDGE BOOM, JUDGE MASTER) and leaves CASUAL and NURIKABE out
#     (SAP_SOLVERS): "ERR not in this build";
#   - SRAM: one game block of the largest board (544 bytes) and a second
#     block of at most 292 bytes (SAP_MAX_WORK_BYTES): a JUDGE BOOM board of
#     up to 228 cells, or a NEW board of that size read while the old game
#     plays on (a bigger one ends the old game first).
AVR328P_CFLAGS := -mmcu=atmega328p -DAVR_VECTORS=26 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=480u -DSAP_MAX_WORK_BYTES=292u \
  -DSAP_SOLVERS=SAP_SOLVER_MASTER
$(eval $(call PORT_IMAGE,avr328p,$(AVR_CC),$(AVR328P_CFLAGS),$(AVR_SRC),ports/avr/atmega328p.ld,512))
$(eval $(call PORT_HEX,avr328p,$(AVR_CC),$(AVR328P_CFLAGS),$(AVR_SRC),ports/avr/atmega328p.ld,512,avr-objcopy))

# Both parts' linker scripts INCLUDE the shared layout.
$(foreach b,avr avr328p,$(BUILD)/ports/$(b)/sapper.elf $(BUILD)/ports/$(b)/echo.elf $(BUILD)/ports/$(b)/sapper-hw.elf): ports/avr/sections.ld

AVR_HARNESS := $(BUILD)/ports/avr/harness
$(AVR_HARNESS): ports/avr/harness.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr)) $< \
	  $(shell pkg-config --libs simavr) -lelf -o $@
