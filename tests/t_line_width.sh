#!/usr/bin/env bash
# t_line_width.sh - no line of the C sources (every .c and .h under core,
# daemon, ports, tests and fuzz) is wider than .clang-format's ColumnLimit.
# clang-format keeps code within it, but it leaves comments as they are
# (ReflowComments: false), so a comment's width is checked here alone.
# Columns are characters (UTF-8), not bytes.  The check itself must fail on
# a planted line one column too wide and pass one exactly as wide as the
# limit.
. "$(dirname "$0")/lib/script.sh"

limit=$(sed -n 's/^ColumnLimit: *\([0-9][0-9]*\)$/\1/p' .clang-format)
[ -n "$limit" ] && ok || fail ".clang-format has no ColumnLimit"
limit=${limit:-96}

# wide FILE...: "file:line: N columns" for each line wider than the limit.
wide() {
    local LC_ALL=C.UTF-8 hit rest text
    grep -HnE "^.{$((limit + 1)),}" "$@" | while IFS= read -r hit; do
        rest=${hit#*:}
        text=${rest#*:}
        echo "${hit%%:*}:${rest%%:*}: ${#text} columns"
    done
}

# The lines over the limit still in core/, counted by file.  A count that
# grows fails, and so does one that shrinks (lower it here), so this list
# only shrinks, to nothing.
declare -A left=()

mapfile -t sources < <(find core daemon ports tests fuzz -name '*.[ch]' | sort)
[ "${#sources[@]}" -gt 100 ] && ok || fail "only ${#sources[@]} C sources found"
wide "${sources[@]}" > "$tmp/wide"
for file in "${sources[@]}"; do
    have=$(grep -c "^$file:" "$tmp/wide")
    want=${left[$file]:-0}
    if [ "$have" -gt "$want" ]; then
        fail "lines wider than $limit columns in $file:" "$(grep "^$file:" "$tmp/wide")"
    elif [ "$have" -lt "$want" ]; then
        fail "$file has $have lines wider than $limit columns, $0 counts $want: lower it"
    fi
done
[ "$failed" -eq 0 ] && ok

# The check on planted files: a line of limit + 1 columns is caught, in a
# comment and in code, one of exactly limit columns is not, and neither is
# one of limit characters that takes more bytes (an é is two).
mkdir "$tmp/planted"
long_comment="/* $(printf 'x%.0s' $(seq 1 $((limit - 5)))) */"
long_code="int x = $(printf '1%.0s' $(seq 1 $((limit - 8))));"
exact="/* $(printf 'x%.0s' $(seq 1 $((limit - 6)))) */"
accented="/* $(printf 'é%.0s' $(seq 1 $((limit - 6)))) */"
printf '%s\n' "$exact" "$long_comment" "$accented" "$long_code" > "$tmp/planted/bad.c"
printf '%s\n' "$exact" "$accented" > "$tmp/planted/good.h"
[ "${#long_comment}" -eq $((limit + 1)) ] && [ "${#exact}" -eq "$limit" ] && ok ||
    fail "the planted lines are ${#long_comment} and ${#exact} columns"
got=$(wide "$tmp/planted/bad.c" "$tmp/planted/good.h")
want="$tmp/planted/bad.c:2: $((limit + 1)) columns
$tmp/planted/bad.c:4: $((limit + 1)) columns"
[ "$got" = "$want" ] && ok || fail "the planted lines give [$got], not [$want]"

finish t_line_width
