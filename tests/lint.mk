# tests/lint.mk - `make lint` and `make format-check` (included by the
# Makefile, after the fragments whose flags and sources it reads).
#
# cppcheck and clang-tidy see each configuration that is really built: the
# host library (and its text-checked copy), sapperd, the tests and the fuzz
# harnesses, and every board of ports/*/port.mk with its own limits, solvers
# and widths (cppcheck's --platform: 16-bit int on AVR), as run under the
# emulators and as flashed (BOARD_HARDWARE).  Each configuration is a target
# of its own, so `make -k lint` lists every finding and `make -j2 lint` runs
# two at once.  A finding that is not a bug is suppressed where it is, with
# its reason beside it (/* cppcheck-suppress id ; reason */, a NOLINT comment),
# or in tests/cppcheck.supp with its reason on its line.

.PHONY: lint lint-cppcheck lint-tidy format-check

CPPCHECK := cppcheck --std=c99 --enable=warning,portability,performance --inline-suppr \
            --error-exitcode=1 --quiet --suppressions-list=tests/cppcheck.supp -D__GNUC__

# ---- the host: libc and POSIX -------------------------------------------------
#
# A directory's record: LINT_<dir>_SOURCES, the C files cppcheck reads, and
# LINT_<dir>_TIDY_SOURCES, those clang-tidy reads.
LINT_HOST_DIRS := daemon tests fuzz
LINT_daemon_SOURCES := $(wildcard daemon/*.c)
LINT_daemon_TIDY_SOURCES := $(LINT_daemon_SOURCES)
LINT_tests_SOURCES := $(wildcard tests/*.c tests/lib/*.c tests/tools/*.c) ports/avr/harness.c
LINT_tests_TIDY_SOURCES := $(LINT_tests_SOURCES)
LINT_fuzz_SOURCES := $(wildcard fuzz/*.c)
# main_afl.c is for afl-clang-fast only, which defines the __AFL_* macros it uses.
LINT_fuzz_TIDY_SOURCES := $(filter-out fuzz/main_afl.c,$(LINT_fuzz_SOURCES))
LINT_HOST_FLAGS = -D_POSIX_C_SOURCE=200809L -Icore -Itests -Itests/lib -Ifuzz $(UV_CFLAGS)
# clang-tidy also reads simavr's headers, for ports/avr/harness.c (cppcheck
# reads no outside header: it takes what it cannot see as unknown).
LINT_SIMAVR_FLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr))

# ---- the boards ---------------------------------------------------------------
#
# A board's record, a variable a field:
#   LINT_<board>_FLAGS     its compiler flags (its port.mk's), whose defines
#                          lint takes, with every board's knobs (PORT_KNOBS)
#   LINT_<board>_SOURCES   its own sources (its port.mk's), whose C files
#                          lint reads
#   LINT_<board>_PLATFORM  cppcheck's --platform
#   LINT_<board>_DEFINE    the compiler's own define, which cppcheck does not make
#   LINT_<board>_TARGET    clang's --target
# The flags and sources are read when a recipe runs: ports/ports.mk, which
# sets them, is included before this file but may be absent.
LINT_BOARDS := avr avr328p cortex-m3 stm32f1 microbit riscv
# What every board runs besides the core and its own sources.
LINT_PORT_SRC := ports/main.c ports/echo.c ports/stack.c ports/libc_min.c

LINT_avr_FLAGS = $(AVR2560_CFLAGS)
LINT_avr_SOURCES = $(AVR_SRC)
LINT_avr_PLATFORM := avr8
LINT_avr_DEFINE := -D__AVR__
LINT_avr_TARGET := avr

LINT_avr328p_FLAGS = $(AVR328P_CFLAGS)
LINT_avr328p_SOURCES = $(AVR_SRC)
LINT_avr328p_PLATFORM := avr8
LINT_avr328p_DEFINE := -D__AVR__
LINT_avr328p_TARGET := avr

LINT_cortex-m3_FLAGS = $(CM3_CFLAGS)
LINT_cortex-m3_SOURCES = $(CM3_SRC)
LINT_cortex-m3_PLATFORM := arm32-wchar_t4
LINT_cortex-m3_DEFINE := -D__arm__
LINT_cortex-m3_TARGET := arm-none-eabi

LINT_stm32f1_FLAGS = $(STM32F1_CFLAGS)
LINT_stm32f1_SOURCES = $(STM32F1_SRC)
LINT_stm32f1_PLATFORM := arm32-wchar_t4
LINT_stm32f1_DEFINE := -D__arm__
LINT_stm32f1_TARGET := arm-none-eabi

LINT_microbit_FLAGS = $(MICROBIT_CFLAGS)
LINT_microbit_SOURCES = $(MICROBIT_SRC)
LINT_microbit_PLATFORM := arm32-wchar_t4
LINT_microbit_DEFINE := -D__arm__
LINT_microbit_TARGET := arm-none-eabi

LINT_riscv_FLAGS = $(RV_CFLAGS)
LINT_riscv_SOURCES = $(RV_SRC)
LINT_riscv_PLATFORM := unix32
LINT_riscv_DEFINE := -D__riscv
LINT_riscv_TARGET := riscv32-unknown-elf

# A board without one of its fields stops make at once, naming it, rather
# than linting with an empty flag.
LINT_BOARD_FIELDS := FLAGS SOURCES PLATFORM DEFINE TARGET
$(foreach b,$(LINT_BOARDS),$(foreach f,$(LINT_BOARD_FIELDS),$(if $(value LINT_$(b)_$(f)),,\
  $(error the $(b) board has no LINT_$(b)_$(f)))))

lint_defines = $(filter -D% '-D%,$(LINT_$(1)_FLAGS) $(PORT_KNOBS))
lint_sources = $(LINT_PORT_SRC) $(filter %.c,$(LINT_$(1)_SOURCES))
lint_platform = --platform=$(LINT_$(1)_PLATFORM) $(LINT_$(1)_DEFINE)

# ---- clang-tidy's checks ------------------------------------------------------
#
# The static analyzer, and the bugprone checks that find bugs here rather
# than matters of style.  Left out, and why:
#   valist.Uninitialized: clang 14 reports every v*printf(..., args) after
#     va_start on x86-64 (LLVM bug 41311, fixed in later releases);
#   easily-swappable-parameters: rows, cols, row, col are all uint32_t;
#   narrowing-conversions: it flags `c ? char : char` (an int of a char);
#   implicit-widening-of-multiplication-result: the core indexes with
#     uint32_t products that SAP_MAX_CELLS bounds (sapper.h);
#   not-null-terminated-result: memcpy of counted bytes is meant so;
#   integer-division: an index such as a median's is an integer division;
#   branch-clone: equal branches that read better apart;
#   reserved-identifier: _DEFAULT_SOURCE and its kind are POSIX's to name.
TIDY_CHECKS := -* clang-analyzer-* -clang-analyzer-valist.Uninitialized bugprone-* \
  -bugprone-easily-swappable-parameters -bugprone-narrowing-conversions \
  -bugprone-implicit-widening-of-multiplication-result -bugprone-not-null-terminated-result \
  -bugprone-integer-division -bugprone-branch-clone -bugprone-reserved-identifier
lint_comma := ,
lint_space := $() $()
TIDY := clang-tidy --quiet --warnings-as-errors='*' --header-filter='/(core|daemon|ports|tests|fuzz)/' \
        --checks='$(subst $(lint_space),$(lint_comma),$(strip $(TIDY_CHECKS)))'

# ---- the targets --------------------------------------------------------------

LINT_CPPCHECK := lint-cppcheck-core lint-cppcheck-host $(LINT_BOARDS:%=lint-cppcheck-%)
LINT_TIDY := lint-tidy-core $(LINT_HOST_DIRS:%=lint-tidy-%) $(LINT_BOARDS:%=lint-tidy-%)
.PHONY: $(LINT_CPPCHECK) $(LINT_TIDY)

lint: lint-cppcheck lint-tidy
lint-cppcheck: $(LINT_CPPCHECK)
lint-tidy: $(LINT_TIDY)

lint-cppcheck-core: deps-lint
	@echo "cppcheck: core"
	@$(CPPCHECK) --platform=unix64 $(CPPFLAGS_CORE) core/*.c
	@$(CPPCHECK) --platform=unix64 $(CPPFLAGS_CORE) -DSAP_TEXT_CHECK core/*.c

lint-cppcheck-host: deps-lint
	@echo "cppcheck: daemon, tests, fuzz"
	@$(CPPCHECK) --platform=unix64 --library=posix $(LINT_HOST_FLAGS) \
	  $(foreach d,$(LINT_HOST_DIRS),$(LINT_$(d)_SOURCES))

$(LINT_BOARDS:%=lint-cppcheck-%): lint-cppcheck-%: deps-lint
	@echo "cppcheck: the $* board"
	@$(CPPCHECK) $(call lint_platform,$*) $(call lint_defines,$*) -Icore -Iports \
	  core/*.c $(call lint_sources,$*)
	@$(CPPCHECK) $(call lint_platform,$*) -DBOARD_HARDWARE -DBOARD_BAUD=$(BAUD)u -Icore -Iports \
	  $(call lint_sources,$*)

lint-tidy-core: deps-lint
	@echo "clang-tidy: core"
	@$(TIDY) core/*.c -- -std=c99 $(CPPFLAGS_CORE)

$(LINT_HOST_DIRS:%=lint-tidy-%): lint-tidy-%: deps-lint
	@echo "clang-tidy: $*"
	@$(TIDY) $(LINT_$*_TIDY_SOURCES) -- -std=c99 $(LINT_HOST_FLAGS) $(LINT_SIMAVR_FLAGS)

$(LINT_BOARDS:%=lint-tidy-%): lint-tidy-%: deps-lint
	@echo "clang-tidy: the $* board"
	@$(TIDY) $(call lint_sources,$*) -- -std=c99 --target=$(LINT_$*_TARGET) -ffreestanding \
	  $(call lint_defines,$*) -Icore -Iports

# Every C file as clang-format (.clang-format) would lay it out.
format-check: deps-lint
	@echo "clang-format: every C file"
	@clang-format --dry-run --Werror \
	  $(sort $(wildcard $(addsuffix /*.[ch],core daemon ports ports/* tests tests/* fuzz)))
