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
#                   (each configuration a record in tests/lint.mk)
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
all: $(BUILD)/libsapper.a $(BUILD)/sapperd $(BUILD)/freestanding.ok

include core/core.mk
include daemon/daemon.mk
include tests/tests.mk
-include ports/ports.mk
-include ports/wasm/wasm.mk
-include fuzz/fuzz.mk
include tests/lint.mk

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
# session of the Markdown files sent to build/sapperd --stdin.
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
