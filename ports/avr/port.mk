# ports/avr/port.mk - ATmega2560 (8 KiB SRAM) and ATmega328P (2 KiB SRAM),
# avr-gcc, run under simavr through ports/avr/harness.c.
AVR_CC := avr-gcc
AVR_COMMON := -mcall-prologues -Lports/avr
AVR_SRC := ports/avr/startup.S ports/avr/board.c

AVR2560_CFLAGS := -mmcu=atmega2560 -DAVR_VECTORS=57 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=14u -DSAP_MAX_COLS=14u -DSAP_MAX_CELLS=196u
$(eval $(call PORT_IMAGE,avr,$(AVR_CC),$(AVR2560_CFLAGS),$(AVR_SRC),ports/avr/atmega2560.ld,1024))

# The 328P runs the game requests only (ports/avr328p/game_main.c says
# why) and plays the expert board: 16 x 30 (either way round), 99 mines.
AVR328P_CFLAGS := -mmcu=atmega328p -DAVR_VECTORS=26 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=480u
$(eval $(call PORT_IMAGE,avr328p,$(AVR_CC),$(AVR328P_CFLAGS),$(AVR_SRC),ports/avr/atmega328p.ld,512,ports/avr328p/game_main.c))

AVR_HARNESS := $(BUILD)/ports/avr/harness
$(AVR_HARNESS): ports/avr/harness.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -D_POSIX_C_SOURCE=200809L $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr)) $< \
	  $(shell pkg-config --libs simavr) -lelf -o $@
