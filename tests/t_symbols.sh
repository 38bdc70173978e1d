#!/usr/bin/env bash
# t_symbols.sh - libsapper.a as a linker sees it: one namespace and no C
# library.
#
#  - Every global symbol the archive defines starts with sap_; the ones
#    sapper.h declares have default visibility, every other one is hidden
#    (core/internal.h's SAP_INTERNAL_BEGIN), so nothing internal poses as API.
#  - The archive needs no outside symbol but memcpy, memset, memmove and
#    memcmp: as built (${LIBSAPPER:-build/libsapper.a}), and built again at every other
#    optimisation level with gcc and clang, since an optimiser may turn a
#    loop into a call to strlen or rawmemchr.
#  - A program that defines names the core uses inside (session_release,
#    requests_take, game_reply_start) links against it.
#  - The check itself fails on an archive with a stray global or an outside
#    symbol.
. "$(dirname "$0")/lib/script.sh"

# The functions sapper.h declares: prototypes start a line with their type.
grep -oE '^[a-z][a-z0-9_ ]*[ *]+sap_[a-z0-9_]+\(' core/sapper.h | grep -oE 'sap_[a-z0-9_]+\($' |
    tr -d '(' | sort -u > "$tmp/public"

# check_archive ARCHIVE: prints one line per problem, nothing when clean.
check_archive() {
    local a=$1
    readelf -sW "$a" | awk '$5 == "GLOBAL" && $7 != "UND" { print $8, $6 }' | sort -u > "$tmp/defined"
    awk '{ print $1 }' "$tmp/defined" | sort -u > "$tmp/defined_names"
    awk '$1 !~ /^sap_/ { print "global outside the sap_ namespace: " $1 }' "$tmp/defined"
    awk '$2 == "DEFAULT" { print $1 }' "$tmp/defined" | sort -u |
        comm -23 - "$tmp/public" | sed 's/^/exported but not in sapper.h (declare it in an internal header): /'
    nm -u "$a" | awk 'NF >= 2 { print $NF }' | sort -u | comm -23 - "$tmp/defined_names" |
        grep -vxE 'memcpy|memset|memmove|memcmp' | sed 's/^/needs an outside symbol: /'
}

problems=$(check_archive ${LIBSAPPER:-build/libsapper.a})
[ -z "$problems" ] && ok || fail "${LIBSAPPER:-build/libsapper.a}: $problems"

# Every public function is defined (a declaration without a body is a link
# error waiting for the first user).
readelf -sW ${LIBSAPPER:-build/libsapper.a} | awk '$5 == "GLOBAL" && $7 != "UND" { print $8 }' | sort -u > "$tmp/all_defined"
missing=$(comm -23 "$tmp/public" "$tmp/all_defined")
[ -z "$missing" ] && ok || fail "declared in sapper.h but defined nowhere: $missing"

# The same archive at other optimisation levels and with the other compiler.
build_archive() { # name, compiler, flags...
    local name=$1 cc=$2; shift 2
    local dir=$tmp/$name f
    mkdir -p "$dir"
    for f in core/*.c; do
        "$cc" -std=c99 "$@" -Icore -c "$f" -o "$dir/$(basename "$f" .c).o" 2>>"$dir.log" || return 1
    done
    ar rcs "$dir/libsapper.a" "$dir"/*.o
}
for cc in gcc clang; do
    command -v "$cc" >/dev/null 2>&1 || { fail "$cc is not installed"; continue; }
    for opt in -O1 -O2 -O3 -Os "-O3 -march=native -funroll-loops"; do
        name="$cc$(echo "$opt" | tr -d ' =')"
        if build_archive "$name" "$cc" $opt; then
            problems=$(check_archive "$tmp/$name/libsapper.a")
            [ -z "$problems" ] && ok || fail "$cc $opt: $problems"
        else
            fail "$cc $opt: the core did not build: $(head -5 "$tmp/$name.log")"
        fi
    done
done

# An application's own names that the core uses inside do not clash.
cat > "$tmp/clash.c" <<'C'
#include <sapper.h>
void session_release(void);
void requests_take(void);
void game_reply_start(void);
void session_release(void) {}
void requests_take(void) {}
void game_reply_start(void) {}
int main(void)
{
    static struct sap_session s;
    session_release(); requests_take(); game_reply_start();
    sap_session_init(&s, 0);
    sap_session_release(&s);
    return 0;
}
C
if cc -std=c99 -Icore "$tmp/clash.c" ${LIBSAPPER:-build/libsapper.a} -o "$tmp/clash" 2>"$tmp/clash.log" && "$tmp/clash"; then ok
else fail "a program with its own session_release did not link or run: $(head -5 "$tmp/clash.log")"; fi

# The check fails where it should: a stray global, an undeclared export,
# an outside call.
cat > "$tmp/stray.c" <<'C'
#include <stddef.h>
size_t strlen(const char *s);
int helper(const char *s);
int sap_not_declared(const char *s);
int helper(const char *s) { return (int)strlen(s); }
int sap_not_declared(const char *s) { return helper(s) + 1; }
C
cc -std=c99 -O2 -c "$tmp/stray.c" -o "$tmp/stray.o" && ar rcs "$tmp/stray.a" "$tmp/stray.o"
problems=$(check_archive "$tmp/stray.a")
for want in "outside the sap_ namespace: helper" "not in sapper.h .*: sap_not_declared" "outside symbol: strlen"; do
    echo "$problems" | grep -qE "$want" && ok || fail "the check missed '$want' in a planted archive: $problems"
done

finish t_symbols
