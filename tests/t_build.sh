#!/usr/bin/env bash
# t_build.sh - the build's own promises: the freestanding and no-recursion
# checks really fail on a core that breaks them, and `make install` gives a
# header, a static library, a pkg-config file and sapperd that a program
# outside the tree can build against.
set -u
cd "$(dirname "$0")/.."
top=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# A copy of the build files and the core, with one probe file added.
probe_build() { # name, C source of the scratch copy's probe file (core/zz_probe.c in $dir)
    local dir=$tmp/$1
    mkdir -p "$dir"
    cp -r Makefile core daemon tests "$dir"/
    printf '%s\n' "$2" > "$dir/core/zz_probe.c"
    make -s -C "$dir" BUILD=build build/freestanding.ok >"$dir.log" 2>&1
}

probe_build clean '#include "internal.h"
int sap_zz_probe(int x);
int sap_zz_probe(int x) { return x + 1; }' && ok || fail "a clean probe file broke the freestanding check: $(tail -3 "$tmp/clean.log")"

if probe_build libc '#include "internal.h"
int puts(const char *s);
int sap_zz_probe(void);
int sap_zz_probe(void) { return puts("hi"); }'; then fail "a core calling puts passed the freestanding check"
else grep -q 'freestanding check FAILED.*puts' "$tmp/libc.log" && ok || fail "no clear message for puts: $(tail -3 "$tmp/libc.log")"; fi

if probe_build header '#include <stdio.h>
int sap_zz_probe(void);
int sap_zz_probe(void) { return 0; }'; then fail "a core including stdio.h passed the freestanding check"
else grep -q 'stdio.h' "$tmp/header.log" && ok || fail "no clear message for stdio.h: $(tail -3 "$tmp/header.log")"; fi

if probe_build recursion '#include "internal.h"
int sap_zz_probe(int x);
int sap_zz_probe(int x) { return x ? 1 + 3 * sap_zz_probe(x - 1) : 0; }'; then fail "a recursive core function passed the no-recursion check"
else grep -q 'no-recursion check FAILED.*sap_zz_probe' "$tmp/recursion.log" && ok || fail "no clear message for recursion: $(tail -3 "$tmp/recursion.log")"; fi

if probe_build mutual '#include "internal.h"
static int odd(unsigned x);
static int even(unsigned x) { return x == 0 ? 1 : odd(x - 1) * 2; }
static int odd(unsigned x) { return x == 0 ? 0 : even(x - 1) * 3; }
int sap_zz_probe(unsigned x);
int sap_zz_probe(unsigned x) { return even(x); }'; then fail "mutual recursion passed the no-recursion check"
else grep -q 'no-recursion check FAILED' "$tmp/mutual.log" && ok || fail "no clear message for mutual recursion"; fi

# Limits that would overflow fail at compile time, saying why.
limits_probe() { # -D flags...
    printf '#include "sapper.h"\nint sap_zz_limits(void);\nint sap_zz_limits(void) { return 0; }\n' |
        ${CC:-cc} -std=c99 -Icore "$@" -fsyntax-only -x c - >"$tmp/limits.log" 2>&1
}
if limits_probe -DSAP_MAX_ROWS=65536u -DSAP_MAX_COLS=65536u; then fail "65536 x 65536 limits compiled"
else grep -q 'SAP_MAX_ROWS \* SAP_MAX_COLS must stay below' "$tmp/limits.log" && ok || fail "no clear message for 65536 x 65536: $(head -3 "$tmp/limits.log")"; fi
if limits_probe -DSAP_MAX_ROWS=0u; then fail "a zero SAP_MAX_ROWS compiled"
else grep -q 'must be at least 1' "$tmp/limits.log" && ok || fail "no clear message for a zero limit"; fi
limits_probe -DSAP_MAX_ROWS=2000u -DSAP_MAX_COLS=500u && ok || fail "2000 x 500 limits did not compile: $(head -3 "$tmp/limits.log")"

# make install into a staging root, then build and run a program against it.
dest=$tmp/root
if make -s install PREFIX=/usr/local DESTDIR="$dest" >"$tmp/install.log" 2>&1; then ok; else fail "make install: $(tail -3 "$tmp/install.log")"; fi
for f in usr/local/include/sapper.h usr/local/include/sapper_config.h usr/local/lib/libsapper.a usr/local/lib/pkgconfig/sapper.pc usr/local/bin/sapperd; do
    [ -f "$dest/$f" ] && ok || fail "make install did not install /$f"
done
[ -x "$dest/usr/local/bin/sapperd" ] && ok || fail "installed sapperd is not executable"
cat > "$tmp/consumer.c" <<'C'
#include <stdio.h>
#include <sapper.h>
int main(void)
{
    struct sap_master plan;
    static unsigned char block[SAP_GAME_BYTES(3, 3)] __attribute__((aligned(8)));
    sap_game *game;
    char out[128];
    size_t n;
    if (sap_master_plan(&plan, 3, 3, 8) != SAP_OK || sap_master_cell(&plan, 0, 0) == '\0')
        return 1;
    if (sap_game_init(&game, block, sizeof block, 3, 3) != SAP_OK)
        return 2;
    sap_game_set_mine(game, 0, 0, true);
    if (sap_game_move(game, SAP_OP_LEFT, 3, 3) != SAP_WIN)
        return 3;
    n = sap_game_reply(game, out, sizeof out);
    fwrite(out, 1, n, stdout);
    printf("%s\n", SAP_VERSION_STRING);
    return 0;
}
C
flags=$(PKG_CONFIG_SYSROOT_DIR=$dest PKG_CONFIG_LIBDIR=$dest/usr/local/lib/pkgconfig pkg-config --cflags --libs sapper 2>&1)
if cc -std=c99 "$tmp/consumer.c" $flags -o "$tmp/consumer" 2>"$tmp/cc.log"; then ok; else fail "consumer did not build with pkg-config flags '$flags': $(cat "$tmp/cc.log")"; fi
want=$(printf 'RUNNING: [<1, 2, 1>, <1, 3, 0>, <2, 1, 1>, <2, 2, 1>, <2, 3, 0>, <3, 1, 0>, <3, 2, 0>, <3, 3, 0>]\nWIN\n%s' "$(sed -n 's/^#define SAP_VERSION_STRING "\(.*\)"/\1/p' core/sapper_config.h)")
got=$("$tmp/consumer" 2>&1)
[ "$got" = "$want" ] && ok || fail "consumer printed: $got"
"$dest/usr/local/bin/sapperd" --version >/dev/null 2>&1 && ok || fail "installed sapperd --version failed"

# A second install to another prefix: its sapper.pc names that prefix.
if make -s install PREFIX=/opt/sapper DESTDIR="$dest" >"$tmp/install2.log" 2>&1; then ok; else fail "second make install: $(tail -3 "$tmp/install2.log")"; fi
grep -qx 'prefix=/opt/sapper' "$dest/opt/sapper/lib/pkgconfig/sapper.pc" && ok \
    || fail "sapper.pc after PREFIX=/opt/sapper: $(head -1 "$dest/opt/sapper/lib/pkgconfig/sapper.pc")"
make -s build/sapper.pc >/dev/null 2>&1 # back to the default prefix

echo "t_build: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
