#!/usr/bin/env bash
# t_doc_paths.sh - no comment or document names a file that is not there:
#
#  - every path into the tree (core/..., daemon/..., ports/..., tests/...,
#    fuzz/...) that a tracked file writes names a file or folder that
#    exists, but on a line that builds it in a scratch folder ($tmp, $dir);
#  - every bare file name (hint_scan.c, sapperd.h) in the comments of the
#    core's and the daemon's C files is a file of the tree, or a header of
#    the C library or of a library the daemon uses;
#  - the check itself fails on a comment that names a file that is gone.
. "$(dirname "$0")/lib/script.sh"

# The headers a C file may name that the tree does not hold.
system_headers='ctype|dirent|errno|fcntl|limits|malloc|math|poll|pthread|signal|stdarg|stdbool|'\
'stddef|stdint|stdio|stdlib|string|time|unistd|uv|zconf|zlib|sim_avr|sim_elf|sim_io|avr_uart|'\
'sys/[a-z]+|netinet/[a-z]+|arpa/[a-z]+|lwipopts|opt'

# stale ROOT FILE...: one line per name of a file that ROOT does not hold.
stale() {
    local root=$1 f
    shift
    (cd "$root" && git ls-files 2>/dev/null || find . -type f | sed 's|^\./||') |
        sed 's|.*/||' | sort -u > "$tmp/names"
    for f in "$@"; do
        grep -vE '\$tmp|\$dir|\$\{?scratch' "$root/$f" |
            grep -oE '\b(core|daemon|ports|tests|fuzz)/[A-Za-z0-9_./+-]*[A-Za-z0-9_]\.(c|h|md|sh|mk|py|mjs|js|awk|ld|S|html|css)\b' |
            sort -u | while read -r p; do
                [ -e "$root/$p" ] || echo "$f: names $p, which is not there"
            done
        case $f in
        core/*.[ch] | daemon/*.[ch])
            grep -oE '(^|[^A-Za-z0-9_/.$-])[a-z][a-z0-9_]*\.[ch]\b' "$root/$f" | sed -E 's/^[^a-z]//' |
                grep -vxE "($system_headers)\.h" | sort -u | comm -23 - "$tmp/names" |
                sed "s|^|$f: names |; s|\$|, which is not there|"
            ;;
        esac
    done
}

# (this script names gone files on purpose, to plant them)
mapfile -t files < <(git ls-files | grep -vE '^(fuzz/corpus|tests/data)/|\.(png|wasm|ico)$|^tests/t_doc_paths\.sh$')
problems=$(stale . "${files[@]}")
[ -z "$problems" ] && ok || fail "$problems"

# The check catches a path and a bare name that are gone.
mkdir -p "$tmp/tree/core"
git init -q "$tmp/tree"
printf '/* read by view.c, and core/view.c draws it */\n' > "$tmp/tree/core/view.c"
printf '/* see core/nope.c and gone.c */\n' > "$tmp/tree/core/game.c"
(cd "$tmp/tree" && git add -A)
problems=$(stale "$tmp/tree" core/view.c core/game.c)
[[ "$problems" == *"core/game.c: names core/nope.c, which is not there"* ]] && ok ||
    fail "a path that is gone is not caught: [$problems]"
[[ "$problems" == *"core/game.c: names gone.c, which is not there"* ]] && ok ||
    fail "a bare name that is gone is not caught: [$problems]"
[ "$(grep -c . <<<"$problems")" -eq 2 ] && ok || fail "the planted files give other problems: [$problems]"

finish t_doc_paths
