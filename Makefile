# sapper - top-level build.
#
#   make            build/libsapper.a, build/sapperd, and the freestanding check
#   make run        build, then start sapperd in the foreground
#   make web        the page that plays in a browser: build/web/ (make web-run
#                   serves it on 127.0.0.1; ports/wasm/README.md)
#   make check      after every change: build, then the plain unit tests (but
#                   their few slow sweeps) and the README sessions against
#                   sapperd, CHECK_JOBS at once (default: the machine's cores)
#   make test       build everything and run every test (plain and ASan/UBSan)
#   make bench      benchmarks beside their baselines, figures on stdout
#   make winrate    how often following HINT wins: a Markdown table of every
#                   configuration, WINRATE_GAMES games each (default 10000;
#                   WINRATE_ARGS adds options, tests/README.md lists them)
#   make size       flash/RAM/stack of every port image
#   make install    PREFIX=/usr/local DESTDIR=
#   make fuzz-build / fuzz / fuzz-afl   see fuzz/fuzz.mk
#   make lint       cppcheck and clang-tidy on every C file: fails on any finding
#   make format-check   fails if clang-format (.clang-format) would change a C file
#
# `make run`, `make test` and `make lint` install the Debian packages they
# miss (tests/deps.sh), so a fresh machine needs nothing else.

CC      ?= cc
AR      ?= ar
PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   := build

WARN    := -std=c99 -Wall -Wextra -pedantic -Wmissing-prototypes -Wstrict-prototypes \
           -Wshadow -Wpointer-arith -Wcast-qual -Wvla -Werror
OPT     ?= -O2
CPPFLAGS_CORE := -Icore
CFLAGS_HOST := $(WARN) $(OPT) -g
SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Header dependencies: a compile of one source also lists the headers it
# includes (but the system's) in a .d file beside its output, and each .mk
# file reads its .d files back, so a changed header rebuilds exactly what
# includes it; -MP keeps a header that is gone from failing the build.
DEPFLAGS := -MMD -MP
# A program compiled from several sources in one command (sapperd and the
# port images, for link-time optimization) cannot take DEPFLAGS, as every
# source would write the same .d file over the last's: its recipe first runs
# the preprocessor alone with DEPFLAGS_ALL (and the compile's other flags)
# over all its sources, into $@.d.
DEPFLAGS_ALL = -MM -MP -MT $@
# ... and since -MP names only headers, the sources too become targets of
# their own there (a source renamed or removed stops no build).
DEP_SOURCES := awk '{ print } $$1 ~ /:$$/ && $$2 ~ /\.[cS]$$/ { s[++n] = $$2 } END { for (i = 1; i <= n; i++) print s[i] ":" }'

.PHONY: all run check test bench winrate install size clean deps-run deps-test deps-lint check-freestanding FORCE
.PHONY: lint lint-cppcheck lint-tidy format-check
all: $(BUILD)/libsapper.a $(BUILD)/sapperd $(BUILD)/freestanding.ok

include core/core.mk
include daemon/daemon.mk
include tests/tests.mk
-include ports/ports.mk
-include ports/wasm/wasm.mk
-include fuzz/fuzz.mk

deps-run:
	@bash tests/deps.sh run

deps-test:
	@bash tests/deps.sh test

deps-lint:
	@bash tests/deps.sh lint

run: deps-run
	@$(MAKE) --no-print-directory all
	$(BUILD)/sapperd --listen 127.0.0.1:7878 --stdin --state-dir $(BUILD)/state

# The unit test programs' plain builds, less the tests marked RUN_SLOW_TEST
# (CHECK_QUICK=1, tests/check.h), and t_doc_sessions.sh: every protocol
# session of the README files sent to build/sapperd --stdin.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
check: all $(TEST_BIN)
	@CHECK_QUICK=1 bash tests/run -j $(CHECK_JOBS) build/tests/test_ t_doc_sessions

test: deps-test
	@$(MAKE) --no-print-directory test-build
	@bash tests/run

bench: deps-test
	@$(MAKE) --no-print-directory test-build
	@bash tests/bench.sh

WINRATE_GAMES ?= 10000
WINRATE_ARGS ?=
winrate: $(BUILD)/tools/winrate
	@$(BUILD)/tools/winrate --games $(WINRATE_GAMES) $(WINRATE_ARGS)

install: $(BUILD)/libsapper.a $(BUILD)/sapperd $(BUILD)/sapper.pc
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 core/sapper.h core/sapper_config.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(BUILD)/libsapper.a $(DESTDIR)$(PREFIX)/lib/libsapper.a
	install -m 644 $(BUILD)/sapper.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/sapper.pc
	install -m 755 $(BUILD)/sapperd $(DESTDIR)$(PREFIX)/bin/sapperd

# ---- lint -------------------------------------------------------------------
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

CPPCHECK := cppcheck --std=c99 --enable=warning,portability,performance --inline-suppr \
            --error-exitcode=1 --quiet --suppressions-list=tests/cppcheck.supp -D__GNUC__
# The C files that run on the host, with libc and POSIX, by directory.
LINT_daemon := $(wildcard daemon/*.c)
LINT_tests := $(wildcard tests/*.c tests/lib/*.c tests/tools/*.c) ports/avr/harness.c
LINT_fuzz := $(wildcard fuzz/*.c)
LINT_HOST_FLAGS = -D_POSIX_C_SOURCE=200809L -Icore -Itests -Itests/lib -Ifuzz $(UV_CFLAGS)
# clang-tidy also reads simavr's headers, for ports/avr/harness.c (cppcheck
# reads no outside header: it takes what it cannot see as unknown).
LINT_SIMAVR_FLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr))
# What every board runs besides the core and its own sources.
LINT_PORT_SRC := ports/main.c ports/echo.c ports/stack.c ports/libc_min.c

# A board: the variables of its port.mk holding its flags and its sources,
# then cppcheck's platform with the compiler's own define, and clang's target
# (its defines with every board's knobs, PORT_KNOBS of ports/ports.mk).
LINT_BOARDS := avr avr328p cortex-m3 stm32f1 microbit riscv
LINT_avr := AVR2560_CFLAGS AVR_SRC avr8 -D__AVR__ avr
LINT_avr328p := AVR328P_CFLAGS AVR_SRC avr8 -D__AVR__ avr
LINT_cortex-m3 := CM3_CFLAGS CM3_SRC arm32-wchar_t4 -D__arm__ arm-none-eabi
LINT_stm32f1 := STM32F1_CFLAGS STM32F1_SRC arm32-wchar_t4 -D__arm__ arm-none-eabi
LINT_microbit := MICROBIT_CFLAGS MICROBIT_SRC arm32-wchar_t4 -D__arm__ arm-none-eabi
LINT_riscv := RV_CFLAGS RV_SRC unix32 -D__riscv riscv32-unknown-elf
lint_defines = $(filter -D% '-D%,$($(word 1,$(LINT_$(1)))) $(PORT_KNOBS))
lint_sources = $(LINT_PORT_SRC) $(filter %.c,$($(word 2,$(LINT_$(1)))))
lint_platform = --platform=$(word 3,$(LINT_$(1))) $(word 4,$(LINT_$(1)))

# clang-tidy: the static analyzer, and the bugprone checks that find bugs
# here rather than matters of style.  Left out, and why:
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
# main_afl.c is for afl-clang-fast only, which defines the __AFL_* macros it uses.
LINT_TIDY_fuzz := $(filter-out fuzz/main_afl.c,$(LINT_fuzz))

LINT_CPPCHECK := lint-cppcheck-core lint-cppcheck-host $(LINT_BOARDS:%=lint-cppcheck-%)
LINT_TIDY := lint-tidy-core $(addprefix lint-tidy-,daemon tests fuzz) $(LINT_BOARDS:%=lint-tidy-%)
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
	  $(LINT_daemon) $(LINT_tests) $(LINT_fuzz)

$(LINT_BOARDS:%=lint-cppcheck-%): lint-cppcheck-%: deps-lint
	@echo "cppcheck: the $* board"
	@$(CPPCHECK) $(call lint_platform,$*) $(call lint_defines,$*) -Icore -Iports \
	  core/*.c $(call lint_sources,$*)
	@$(CPPCHECK) $(call lint_platform,$*) -DBOARD_HARDWARE -DBOARD_BAUD=$(BAUD)u -Icore -Iports \
	  $(call lint_sources,$*)

lint-tidy-core: deps-lint
	@echo "clang-tidy: core"
	@$(TIDY) core/*.c -- -std=c99 $(CPPFLAGS_CORE)

lint-tidy-daemon lint-tidy-tests lint-tidy-fuzz: lint-tidy-%: deps-lint
	@echo "clang-tidy: $*"
	@$(TIDY) $(or $(LINT_TIDY_$*),$(LINT_$*)) -- -std=c99 $(LINT_HOST_FLAGS) $(LINT_SIMAVR_FLAGS)

$(LINT_BOARDS:%=lint-tidy-%): lint-tidy-%: deps-lint
	@echo "clang-tidy: the $* board"
	@$(TIDY) $(call lint_sources,$*) -- -std=c99 --target=$(word 5,$(LINT_$*)) -ffreestanding \
	  $(call lint_defines,$*) -Icore -Iports

# Every C file as clang-format (.clang-format) would lay it out.
format-check: deps-lint
	@echo "clang-format: every C file"
	@clang-format --dry-run --Werror \
	  $(sort $(wildcard $(addsuffix /*.[ch],core daemon ports ports/* tests tests/* fuzz)))

# sapper.pc names PREFIX, so it is written again whenever PREFIX is not the
# one it was written for ($(BUILD)/prefix keeps that one).
$(BUILD)/prefix: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(PREFIX)' | cmp -s - $@ 2>/dev/null || printf '%s\n' '$(PREFIX)' > $@

$(BUILD)/sapper.pc: Makefile core/sapper_config.h $(BUILD)/prefix
	@mkdir -p $(@D)
	@version=$$(sed -n 's/^#define SAP_VERSION_STRING "\(.*\)"/\1/p' core/sapper_config.h); \
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: sapper\nDescription: freestanding minesweeper and grid-puzzle core\nVersion: %s\nLibs: -L$${libdir} -lsapper\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' "$$version" > $@

clean:
	rm -rf $(BUILD)
