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
#  - The protocol's layers (core/protocol.h): no request file's object
#    uses a symbol another request file defines, but the table
#    (requests.o) its rows (sap_request_*); the session's and the current
#    game's objects use none of a request file's but the table; and
#    sapper.h's struct sap_session is its limits tag and an opaque block.
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
    local dir=$tmp/$name
    mkdir -p "$dir"
    # the files one a core at once (xargs fails if any compile does)
    printf '%s\n' core/*.c | xargs -P "$(nproc)" -I{} sh -c \
        'f=$1 dir=$2; shift 2; exec "$@" -Icore -c "$f" -o "$dir/$(basename "$f" .c).o"' \
        _ {} "$dir" "$cc" -std=c99 "$@" 2>>"$dir.log" || return 1
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

# The layers: which object may use which request file's symbols.
layer_problems() { # the objects' directory
    local dir=$1 f g
    for f in "$dir"/requests*.o; do
        nm -u "$f" | awk '{ print $NF }' | sort -u > "$tmp/uses"
        for g in "$dir"/requests*.o; do
            [ "$f" = "$g" ] && continue
            nm "$g" | awk 'NF == 3 && $2 ~ /[A-Z]/ && $2 != "U" { print $3 }' | sort -u |
                comm -12 "$tmp/uses" - | {
                    if [ "$(basename "$f")" = requests.o ]; then grep -v '^sap_request_'; else cat; fi
                } | sed "s|^|$(basename "$f") uses $(basename "$g")'s |"
        done
    done
    for f in "$dir"/session*.o "$dir"/view.o; do
        nm -u "$f" | awk '{ print $NF }' | sort -u > "$tmp/uses"
        for g in "$dir"/requests*.o; do
            nm "$g" | awk 'NF == 3 && $2 ~ /[A-Z]/ && $2 != "U" { print $3 }' | sort -u |
                comm -12 "$tmp/uses" - | grep -vx 'sap_requests' |
                sed "s|^|$(basename "$f") uses $(basename "$g")'s |"
        done
    done
}
problems=$(layer_problems build/core)
[ -z "$problems" ] && ok || fail "a layer reaches across: $problems"
# struct sap_session in sapper.h: the tag and the opaque block, nothing else.
members=$(awk '/^struct sap_session \{/ { on = 1; next } on && /^\};/ { exit }
    on && /^    [a-z]/ { print ($1 == "union" ? "union" : $NF) }' core/sapper.h | tr '\n' ' ')
[ "$members" = "limits_tag; union " ] && ok || fail "struct sap_session shows private members: $members"
# ... and the check sees a request file calling another.
mkdir -p "$tmp/layers"
printf 'void sap_x_handler(void);\nvoid sap_x_handler(void) {}\n' > "$tmp/layers/a.c"
printf 'void sap_x_handler(void);\nvoid sap_y(void);\nvoid sap_y(void) { sap_x_handler(); }\n' > "$tmp/layers/b.c"
cc -c "$tmp/layers/a.c" -o "$tmp/layers/requests_a.o" && cc -c "$tmp/layers/b.c" -o "$tmp/layers/requests_b.o"
layer_problems "$tmp/layers" 2>/dev/null | grep -q "requests_b.o uses requests_a.o's sap_x_handler" && ok ||
    fail "the layer check missed a request file calling another"

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
