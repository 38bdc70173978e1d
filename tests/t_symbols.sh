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
#  - The layers of the protocol session (core/protocol.h) and of the
#    deduction (core/deduce.h), in one table below: no object uses a
#    symbol an object of a layer above it defines, no request file's
#    object uses another's (but the table, requests.o, its rows), and every
#    object of those files is in the table; sapper.h's struct sap_session
#    is its limits tag and an opaque block.
#  - The checks themselves fail on an archive with a stray global or an
#    outside symbol, and on objects with a use planted up a stack or
#    across the request files.
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

# The layers (core/protocol.h's, core/deduce.h's), written once: a stack
# a line per layer, its top first, and the objects in the layer.  An object
# uses what its own layer and the layers below define, never what a layer
# above does; in a layer marked "apart" no object uses another's.  A stack
# says nothing of the objects outside it, but every object named like one
# of its own (requests_*, session_*, view, deduce_*) is in one of its layers.
layers='
session requests apart: requests requests_game requests_view requests_deduce requests_analyze requests_puzzles
session game: session_game view
session session: session session_lines session_reply
deduce live: deduce_live
deduce phases: deduce deduce_rules deduce_components deduce_sweep deduce_combine
'
# The uses the layers allow across them, a user and a symbol (a * stands
# for any name): the table, which the session walks to reach a request
# through its row (protocol.h); its rows, which the table lists.
across='
* sap_requests
requests sap_request_*
'

# layer_problems DIR: one line per use among DIR's objects that runs up a
# stack or across an apart layer, or an object a stack misses or names
# wrongly.
layer_problems() {
    local dir=$1 o
    for o in "$dir"/*.o; do
        echo "object $(basename "$o" .o)"
        nm "$o" | awk -v o="$(basename "$o" .o)" '
            NF == 2 && $1 == "U" { print "use", o, $2 }
            NF == 3 && $2 ~ /^[A-Z]$/ { print "def", o, $3 }'
    done | awk -v layers="$layers" -v across="$across" -v q="'" '
        function family(o) { sub(/_.*/, "", o); return o }
        function glob(p) { gsub(/\*/, ".*", p); return "^" p "$" }
        BEGIN {
            n = split(layers, line, "\n")
            for (i = 1; i <= n; i++) {
                if (split(line[i], part, ":") != 2) continue
                split(part[1], head, " ")
                rank[head[1]]++
                k = split(part[2], objs, " ")
                for (j = 1; j <= k; j++) {
                    o = objs[j]
                    stack[o] = head[1]; level[o] = rank[head[1]]; name[o] = head[2]
                    apart[o] = head[3] == "apart"
                    families[head[1], family(o)] = 1
                }
            }
            n = split(across, line, "\n")
            for (i = 1; i <= n; i++)
                if (split(line[i], part, " ") == 2) { user[++allowed] = glob(part[1]); sym[allowed] = glob(part[2]) }
        }
        $1 == "object" { present[$2] = 1 }
        $1 == "def" { owner[$3] = $2 }
        $1 == "use" { uses[++count] = $2 " " $3 }
        function across_ok(u, s,   i) {
            for (i = 1; i <= allowed; i++) if (u ~ user[i] && s ~ sym[i]) return 1
            return 0
        }
        END {
            for (i = 1; i <= count; i++) {
                split(uses[i], w, " ")
                u = w[1]; s = w[2]; d = owner[s]
                if (d == "" || d == u || !(u in stack) || !(d in stack) || stack[u] != stack[d]) continue
                if (across_ok(u, s)) continue
                if (level[d] < level[u])
                    print u ".o uses " d ".o" q "s " s ": the " name[d] " layer is above the " name[u] " layer"
                else if (level[d] == level[u] && apart[u])
                    print u ".o uses " d ".o" q "s " s ": the " name[u] " layer" q "s objects use none of each other" q "s"
            }
            for (o in stack) if (!(o in present)) print "the " stack[o] " stack names " o ".o, which is not built"
            for (o in present)
                for (st in rank)
                    if (((st, family(o)) in families) && stack[o] != st)
                        print o ".o is in no layer of the " st " stack"
        }' | sort
}
problems=$(layer_problems build/core)
[ -z "$problems" ] && ok || fail "a layer reaches across: $problems"
# ... and the check sees a use run up each stack or across the request
# files (scratch code linked into a copy of the object it would belong
# to), a file the stacks miss and one they name that is gone.
mkdir -p "$tmp/layers"
cp build/core/*.o "$tmp/layers/"
plant() { # object, the symbol its scratch code uses
    printf 'void %s(void);\nvoid sap_planted_%s(void);\nvoid sap_planted_%s(void) { %s(); }\n' \
        "$2" "$1" "$1" "$2" > "$tmp/planted.c"
    cc -c "$tmp/planted.c" -o "$tmp/planted.o" &&
        if [ -f "$tmp/layers/$1.o" ]; then
            cc -r -nostdlib "build/core/$1.o" "$tmp/planted.o" -o "$tmp/layers/$1.o"
        else cp "$tmp/planted.o" "$tmp/layers/$1.o"; fi
}
plant session_reply sap_session_game_live
plant deduce_rules sap_deduce_live_open
plant requests_view sap_request_new
plant requests_extra sap_session_reply_line
rm "$tmp/layers/deduce_sweep.o"
problems=$(layer_problems "$tmp/layers")
for want in "session_reply.o uses session_game.o's sap_session_game_live: the game layer is above the session layer" \
    "deduce_rules.o uses deduce_live.o's sap_deduce_live_open: the live layer is above the phases layer" \
    "requests_view.o uses requests_game.o's sap_request_new: the requests layer's objects use none of each other's" \
    "requests_extra.o is in no layer of the session stack" \
    "the deduce stack names deduce_sweep.o, which is not built"; do
    grep -qxF "$want" <<<"$problems" && ok || fail "the layer check missed: $want [$problems]"
done
[ "$(grep -c . <<<"$problems")" -eq 5 ] && ok || fail "the planted objects give other problems: [$problems]"

# struct sap_session in sapper.h: the tag and the opaque block, nothing else.
members=$(awk '/^struct sap_session \{/ { on = 1; next } on && /^\};/ { exit }
    on && /^    [a-z]/ { print ($1 == "union" ? "union" : $NF) }' core/sapper.h | tr '\n' ' ')
[ "$members" = "limits_tag; union " ] && ok || fail "struct sap_session shows private members: $members"

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
