# ports/ports.mk - the core on microcontroller boards, built with their
# cross compilers and no C library, run under emulators by tests/t_ports.sh.
#
#   make ports        every port image (build/ports/<board>/sapper.elf)
#   make size         flash, RAM, largest board and measured stack per port
#
# Each board's fragment (ports/<board>/port.mk) sets its compiler, flags,
# limits and stack size, then calls PORT_IMAGE to get two images: the
# protocol session (sapper.elf: ports/main.c, the one main loop of every
# board) and a UART echo (echo.elf) that the tests use to check the
# transport alone.

PORT_COMMON_SRC := ports/stack.c ports/libc_min.c
# Each image's headers come from its .d file (DEPFLAGS_ALL, the Makefile),
# read back at the end of this file.
PORT_COMMON_DEP := $(PORT_COMMON_SRC) ports/echo.c ports/ports.mk
# What spares a person typing the small stumbles (SAP_PERSON_EXTRAS,
# core/sapper_config.h) is about 0.8 KiB of Arm code and 1 KiB of AVR
# code, past the Cortex-M3's 52 KiB and the Uno's 31.5 KiB; every board
# answers as the host built with its knobs (tests/t_ports.sh), so all
# leave it out.
PORT_KNOBS := -DSAP_PERSON_EXTRAS=0
# Freestanding, no C library: libgcc only, for the division helpers.  The
# link-time optimiser sees the whole image as one partition: it then
# inlines and drops across every file at once (the Cortex-M3 image is 140
# bytes smaller than with gcc's default partitions).
PORT_CFLAGS := $(WARN) -Os -g -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns \
               -fno-stack-protector -ffunction-sections -fdata-sections -flto \
               -flto-partition=one -Icore -Iports $(PORT_KNOBS)
# Every solver but RESUME (a board has one serial line and no connection to
# lose): the boards that serve the whole protocol build with these, and
# with HINT's reasons of one number and two steps only (SAP_HINT_REASONS 0:
# those of two numbers and known mines would not fit the Cortex-M3's flash)
# and without its 50/50s to come and its deeper look (SAP_HINT_FIFTIES 0,
# SAP_HINT_DEEPER 0, for the same flash).
PORT_SOLVERS_ALL := '-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_DEDUCE|SAP_SOLVER_VIEW|SAP_SOLVER_STATS)' \
  -DSAP_HINT_REASONS=0 -DSAP_HINT_FIFTIES=0 -DSAP_HINT_DEEPER=0
PORT_LDFLAGS := -nostdlib -nostartfiles -Wl,--gc-sections
PORTS :=
PORTS_EXTRA_DEPS :=

# $(call PORT_IMAGE,board,compiler,cflags,board sources,linker script,stack bytes)
define PORT_IMAGE
PORTS += $(1)
$(BUILD)/ports/$(1)/sapper.elf: $(CORE_SRC) $(PORT_COMMON_DEP) $(4) $(5) ports/main.c $(lastword $(MAKEFILE_LIST))
	@mkdir -p $$(@D)
	@$(2) $(3) $(PORT_CFLAGS) $$(DEPFLAGS_ALL) $(4) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) | $$(DEP_SOURCES) > $$@.d
	$(2) $(3) $(PORT_CFLAGS) $(PORT_LDFLAGS) -T $(5) -Wl,--defsym=PORT_STACK_BYTES=$(6) \
	  -Wl,-Map=$$(@:.elf=.map) $(4) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) -lgcc -o $$@
$(BUILD)/ports/$(1)/echo.elf: $(PORT_COMMON_DEP) $(4) $(5) $(lastword $(MAKEFILE_LIST))
	@mkdir -p $$(@D)
	@$(2) $(3) $(PORT_CFLAGS) $$(DEPFLAGS_ALL) $(4) ports/echo.c $(PORT_COMMON_SRC) | $$(DEP_SOURCES) > $$@.d
	$(2) $(3) $(PORT_CFLAGS) $(PORT_LDFLAGS) -T $(5) -Wl,--defsym=PORT_STACK_BYTES=$(6) \
	  $(4) ports/echo.c $(PORT_COMMON_SRC) -lgcc -o $$@
endef

# Flashable images (`make hex`): the same session built for silicon with
# BOARD_HARDWARE (no end-of-input byte: it serves forever, a closed session
# followed by a fresh one; no semihosting) and the UART at BAUD, written as
# Intel HEX: build/ports/<board>/sapper.hex.
BAUD ?= 115200
PORT_HEXES :=
$(BUILD)/ports/baud: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(BAUD)' | cmp -s - $@ 2>/dev/null || printf '%s\n' '$(BAUD)' > $@

# $(call PORT_HEX,board,compiler,cflags,board sources,linker script,stack bytes,objcopy)
define PORT_HEX
PORT_HEXES += $(BUILD)/ports/$(1)/sapper.hex
$(BUILD)/ports/$(1)/sapper-hw.elf: $(CORE_SRC) $(PORT_COMMON_DEP) $(4) $(5) ports/main.c $(lastword $(MAKEFILE_LIST)) $(BUILD)/ports/baud
	@mkdir -p $$(@D)
	@$(2) $(3) -DBOARD_HARDWARE -DBOARD_BAUD=$(BAUD)u $(PORT_CFLAGS) $$(DEPFLAGS_ALL) $(4) ports/main.c \
	  $(PORT_COMMON_SRC) $(CORE_SRC) | $$(DEP_SOURCES) > $$@.d
	$(2) $(3) -DBOARD_HARDWARE -DBOARD_BAUD=$(BAUD)u $(PORT_CFLAGS) $(PORT_LDFLAGS) -T $(5) \
	  -Wl,--defsym=PORT_STACK_BYTES=$(6) $(4) ports/main.c $(PORT_COMMON_SRC) $(CORE_SRC) -lgcc -o $$@
$(BUILD)/ports/$(1)/sapper.hex: $(BUILD)/ports/$(1)/sapper-hw.elf
	$(7) -O ihex $$< $$@
endef

include ports/cortex-m3/port.mk
include ports/stm32f1/port.mk
include ports/microbit/port.mk
include ports/riscv/port.mk
include ports/avr/port.mk

# The Arm boards' linker scripts INCLUDE the shared layout.
$(foreach b,cortex-m3 stm32f1 microbit,$(BUILD)/ports/$(b)/sapper.elf $(BUILD)/ports/$(b)/echo.elf $(BUILD)/ports/$(b)/sapper-hw.elf): ports/cortex-m3/sections.ld

PORT_IMAGES := $(foreach p,$(PORTS),$(BUILD)/ports/$(p)/sapper.elf $(BUILD)/ports/$(p)/echo.elf)
PORTS_TEST_DEPS := $(PORT_IMAGES) $(AVR_HARNESS) $(PORTS_EXTRA_DEPS)

.PHONY: ports hex
ports: $(PORTS_TEST_DEPS)

hex: $(PORT_HEXES)
	@for f in $(PORT_HEXES); do echo "$$f"; done

size: $(PORTS_TEST_DEPS) $(UNO_BUDGET_ELFS)
	@bash ports/size.sh $(PORTS)

-include $(addsuffix .d,$(PORT_IMAGES) $(PORT_HEXES:.hex=-hw.elf) $(UNO_BUDGET_ELFS) $(AVR_HARNESS))
