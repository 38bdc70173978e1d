#!/usr/bin/env bash
# t_readme.sh - every C program in README.md marked "<!-- example: NAME -->"
# is compiled as a user would (-std=c99 -pedantic, against
# build/libsapper.a and core/sapper.h), run, and its output compared with
# the block marked "<!-- output: NAME -->", so the README cannot drift
# from the library.
. "$(dirname "$0")/lib/script.sh"
lib=${LIBSAPPER:-build/libsapper.a}

# block KIND NAME: the fenced block after the marker line.
block() {
    awk -v mark="<!-- $1: $2 -->" '$0 == mark { f = 1; next }
        f && /^```/ { if (g) exit; g = 1; next }
        g { print }' README.md
}

names=$(sed -n 's/^<!-- example: \(.*\) -->$/\1/p' README.md)
[ -n "$names" ] && ok || fail "README.md has no marked example"
for name in $names; do
    block example "$name" > "$tmp/$name"
    block output "$name" > "$tmp/$name.want"
    if ! cc -std=c99 -Wall -Wextra -pedantic -Werror -Icore "$tmp/$name" "$lib" \
        -o "$tmp/prog" 2>"$tmp/cc.log"; then
        fail "$name does not build: $(head -5 "$tmp/cc.log")"
        continue
    fi
    [ -s "$tmp/$name.want" ] || { fail "$name has no output block"; continue; }
    if "$tmp/prog" > "$tmp/$name.got" 2>&1 && cmp -s "$tmp/$name.got" "$tmp/$name.want"; then ok
    else fail "$name printed: $(head -20 "$tmp/$name.got")"; fi
done

finish t_readme
