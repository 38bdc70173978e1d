# ports/avr/port.mk - ATmega2560 (8 KiB SRAM) and ATmega328P (2 KiB SRAM),
# avr-gcc, run under simavr through ports/avr/harness.c.  The core's
# constant text stays in flash on both (SAP_TEXT_IN_FLASH, core/sapper.h).
AVR_CC := avr-gcc
AVR_COMMON := -mcall-prologues -Lports/avr
AVR_SRC := ports/avr/startup.S ports/avr/board.c

# The 2560 serves every request but HINT, PROB and VIEW PROB on boards of up
# to 30 x 30 sides and 600 cells (16 x 30 and 20 x 30 either way round,
# 24 x 25): the session, a pool of SAP_SESSION_MEMORY_BYTES and a 1 KiB
# stack in its 8 KiB.  The deduction engine (HINT, PROB) is left out for
# now: its 64-bit arithmetic pushes the image's .data past the 64 KiB that
# LPM reaches, and its 72 bytes a cell would not fit the pool beside a
# 16 x 30 game anyway.
AVR2560_CFLAGS := -mmcu=atmega2560 -DAVR_VECTORS=57 -DAVR_VECTOR_USART_RX=25 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=600u \
  '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_VIEW|SAP_SOLVER_STATS)'
$(eval $(call PORT_IMAGE,avr,$(AVR_CC),$(AVR2560_CFLAGS),$(AVR_SRC),ports/avr/atmega2560.ld,1024))
$(eval $(call PORT_HEX,avr,$(AVR_CC),$(AVR2560_CFLAGS),$(AVR_SRC),ports/avr/atmega2560.ld,1024,avr-objcopy))

# The 328P runs the same session and plays the expert board, 16 x 30 (either
# way round) with 99 mines, within its 32 KiB of flash and 2 KiB of SRAM,
# for a person at a serial terminal:
#   - flash: the whole session with every solver is about 45 KiB of AVR
#     code and text, so the Uno serves the game as a person plays it - VIEW
#     (with SET COLOR and SET VIEW), NEW's presets and seeds, echo and line
#     editing - and JUDGE BOOM, and leaves out MASTER, CASUAL, NURIKABE,
#     STATS, HINT and PROB (SAP_SOLVERS): "ERR 'MASTER' is not in this
#     build".  The budget below measures the other choices;
#   - SRAM: one game block of the largest board (544 bytes) and a second
#     block of at most 292 bytes (SAP_MAX_WORK_BYTES): a JUDGE BOOM board of
#     up to 228 cells, or a NEW board of that size read while the old game
#     plays on (a bigger one ends the old game first); a stack of 480 bytes
#     (the deepest measured by tests/t_ports.sh is about 320).
AVR328P_CFLAGS := -mmcu=atmega328p -DAVR_VECTORS=26 -DAVR_VECTOR_USART_RX=18 $(AVR_COMMON) \
  -DSAP_MAX_ROWS=30u -DSAP_MAX_COLS=30u -DSAP_MAX_CELLS=480u -DSAP_MAX_WORK_BYTES=292u \
  -DSAP_SOLVERS=SAP_SOLVER_VIEW
$(eval $(call PORT_IMAGE,avr328p,$(AVR_CC),$(AVR328P_CFLAGS),$(AVR_SRC),ports/avr/atmega328p.ld,480))
$(eval $(call PORT_HEX,avr328p,$(AVR_CC),$(AVR328P_CFLAGS),$(AVR_SRC),ports/avr/atmega328p.ld,480,avr-objcopy))

# The Uno's flash budget, which `make size` reports: the ATmega328P session
# with each set of solvers, linked for a part with room to spare so that
# what does not fit the Uno's 31.5 KiB (32 KiB less the 512-byte
# bootloader) can still be measured.  The image the Uno gets is the first.
UNO_BUDGET := view view+stats master master+view master+nurikabe master+casual \
  master+casual+nurikabe
UNO_SOLVERS_view := SAP_SOLVER_VIEW
UNO_SOLVERS_view+stats := SAP_SOLVER_VIEW|SAP_SOLVER_STATS
UNO_SOLVERS_master := SAP_SOLVER_MASTER|SAP_SOLVER_STATS
UNO_SOLVERS_master+view := SAP_SOLVER_MASTER|SAP_SOLVER_VIEW|SAP_SOLVER_STATS
UNO_SOLVERS_master+nurikabe := SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_STATS
UNO_SOLVERS_master+casual := SAP_SOLVER_MASTER|SAP_SOLVER_CASUAL|SAP_SOLVER_STATS
UNO_SOLVERS_master+casual+nurikabe := SAP_SOLVER_MASTER|SAP_SOLVER_CASUAL|SAP_SOLVER_NURIKABE|SAP_SOLVER_STATS
UNO_BUDGET_ELFS := $(foreach v,$(UNO_BUDGET),$(BUILD)/ports/avr328p/budget-$(v).elf)
$(BUILD)/ports/avr328p/budget-%.elf: $(CORE_SRC) $(PORT_COMMON_DEP) $(AVR_SRC) ports/main.c ports/avr/port.mk ports/avr/atmega328p-roomy.ld
	@mkdir -p $(@D)
	@$(AVR_CC) $(filter-out -DSAP_SOLVERS=%,$(AVR328P_CFLAGS)) '-DSAP_SOLVERS=($(UNO_SOLVERS_$*))' \
	  $(PORT_CFLAGS) $(DEPFLAGS_ALL) $(AVR_SRC) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) | $(DEP_SOURCES) > $@.d
	$(AVR_CC) $(filter-out -DSAP_SOLVERS=%,$(AVR328P_CFLAGS)) '-DSAP_SOLVERS=($(UNO_SOLVERS_$*))' \
	  $(PORT_CFLAGS) $(PORT_LDFLAGS) -T ports/avr/atmega328p-roomy.ld -Wl,--defsym=PORT_STACK_BYTES=512 \
	  $(AVR_SRC) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) -lgcc -o $@

# The parts' linker scripts INCLUDE the shared layout.
$(foreach b,avr avr328p,$(BUILD)/ports/$(b)/sapper.elf $(BUILD)/ports/$(b)/echo.elf $(BUILD)/ports/$(b)/sapper-hw.elf) $(UNO_BUDGET_ELFS): ports/avr/sections.ld

AVR_HARNESS := $(BUILD)/ports/avr/harness
$(AVR_HARNESS): ports/avr/harness.c ports/avr/port.mk
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) $(DEPFLAGS) -D_POSIX_C_SOURCE=200809L $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr)) $< \
	  $(shell pkg-config --libs simavr) -lelf -o $@
