# sapper - top-level build.
#
#   make            build/libsapper.a, build/sapperd, and the freestanding check
#   make run        build, then start sapperd in the foreground
#   make test       build everything and run every test (plain and ASan/UBSan)
#   make bench      benchmarks beside their baselines, figures on stdout
#   make size       flash/RAM/stack of every port image
#   make install    PREFIX=/usr/local DESTDIR=
#   make fuzz-build / fuzz / fuzz-afl   see fuzz/fuzz.mk
#
# `make run` and `make test` install the Debian packages they miss
# (tests/deps.sh), so a fresh machine needs nothing else.

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

.PHONY: all run test bench install size clean deps-run deps-test check-freestanding FORCE
all: $(BUILD)/libsapper.a $(BUILD)/sapperd $(BUILD)/freestanding.ok

include core/core.mk
include daemon/daemon.mk
include tests/tests.mk
-include ports/ports.mk
-include fuzz/fuzz.mk

deps-run:
	@bash tests/deps.sh run

deps-test:
	@bash tests/deps.sh test

run: deps-run
	@$(MAKE) --no-print-directory all
	$(BUILD)/sapperd --listen 127.0.0.1:7878 --stdin

test: deps-test
	@$(MAKE) --no-print-directory test-build
	@bash tests/run

bench: deps-test
	@$(MAKE) --no-print-directory test-build
	@bash tests/bench.sh

install: $(BUILD)/libsapper.a $(BUILD)/sapperd $(BUILD)/sapper.pc
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 core/sapper.h $(DESTDIR)$(PREFIX)/include/sapper.h
	install -m 644 $(BUILD)/libsapper.a $(DESTDIR)$(PREFIX)/lib/libsapper.a
	install -m 644 $(BUILD)/sapper.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/sapper.pc
	install -m 755 $(BUILD)/sapperd $(DESTDIR)$(PREFIX)/bin/sapperd

# sapper.pc names PREFIX, so it is written again whenever PREFIX is not the
# one it was written for ($(BUILD)/prefix keeps that one).
$(BUILD)/prefix: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(PREFIX)' | cmp -s - $@ 2>/dev/null || printf '%s\n' '$(PREFIX)' > $@

$(BUILD)/sapper.pc: Makefile core/sapper.h $(BUILD)/prefix
	@mkdir -p $(@D)
	@version=$$(sed -n 's/^#define SAP_VERSION_STRING "\(.*\)"/\1/p' core/sapper.h); \
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: sapper\nDescription: freestanding minesweeper and grid-puzzle core\nVersion: %s\nLibs: -L$${libdir} -lsapper\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' "$$version" > $@

clean:
	rm -rf $(BUILD)
