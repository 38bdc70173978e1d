#!/usr/bin/env bash
# t_readme.sh - every C program in the tree's Markdown files marked
# "<!-- example: NAME -->" is compiled as a user would (-std=c99 -pedantic,
# against build/libsapper.a and core/sapper.h), run, and its output
# compared with the block marked "<!-- output: NAME -->" in the same file,
# so the documentation cannot drift from the library.  Every relative link
# of every Markdown file must name a file or folder that exists (and, with
# #anchor, a heading or an <a id> of that file).  The protocol sessions
# and commands are checked by t_doc_sessions.sh, the error tables by
# t_doc_errors.sh, the figures' one place by t_doc_figures.sh.
. "$(dirname "$0")/lib/script.sh"
lib=${LIBSAPPER:-build/libsapper.a}

# docs: the tree's Markdown files, those git tracks or would (new files it
# does not ignore); outside a git checkout, every one but build/'s.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    docs=$(git ls-files --cached --others --exclude-standard -- '*.md' | sort -u)
else
    docs=$(find . \( -path ./build -o -path ./.git \) -prune -o -name '*.md' -print | sed 's|^\./||' | sort)
fi

# block FILE KIND NAME: the fenced block after the marker line.
block() {
    awk -v mark="<!-- $2: $3 -->" '$0 == mark { f = 1; next }
        f && /^```/ { if (g) exit; g = 1; next }
        g { print }' "$1"
}

count=0
for doc in $docs; do
    for name in $(sed -n 's/^<!-- example: \(.*\) -->$/\1/p' "$doc"); do
        count=$((count + 1))
        block "$doc" example "$name" > "$tmp/$name"
        block "$doc" output "$name" > "$tmp/$name.want"
        if ! cc -std=c99 -Wall -Wextra -pedantic -Werror -Icore "$tmp/$name" "$lib" \
            -o "$tmp/prog" 2>"$tmp/cc.log"; then
            fail "$doc: $name does not build: $(head -5 "$tmp/cc.log")"
            continue
        fi
        [ -s "$tmp/$name.want" ] || { fail "$doc: $name has no output block"; continue; }
        if "$tmp/prog" > "$tmp/$name.got" 2>&1 && cmp -s "$tmp/$name.got" "$tmp/$name.want"; then ok
        else fail "$doc: $name printed: $(head -20 "$tmp/$name.got")"; fi
    done
done
[ "$count" -gt 0 ] && ok || fail "no README file has a marked example"

# anchors FILE: the anchors of FILE's headings (GitHub's rule: lower case,
# punctuation but - and _ dropped, spaces to -) and of its <a id="...">.
anchors() {
    awk '/^```/ { code = !code; next } !code && /^#+ / {
            sub(/^#+ /, ""); $0 = tolower($0); gsub(/[^a-z0-9 _-]/, ""); gsub(/ /, "-"); print }
         { while (match($0, /<a id="[^"]*">/)) {
               print substr($0, RSTART + 7, RLENGTH - 9); $0 = substr($0, RSTART + RLENGTH) } }' "$1"
}

for doc in $docs; do
    dir=$(dirname "$doc")
    # [text](target): targets without a scheme, outside code blocks and
    # code spans.
    links=$(awk '/^ *```/ { code = !code; next } !code' "$doc" | sed 's/`[^`]*`//g' \
            | grep -o '\](\([^)]*\))' | sed 's/^](\(.*\))$/\1/' | grep -v -E '^[a-z]+:' || true)
    for link in $links; do
        path=${link%%#*}
        anchor=
        [ "$path" != "$link" ] && anchor=${link#*#}
        target=$doc
        [ -n "$path" ] && target=$dir/$path
        if [ ! -e "$target" ]; then
            fail "$doc: the link ($link) names $target, which does not exist"
        elif [ -n "$anchor" ] && [ -f "$target" ] && ! anchors "$target" | grep -qx -- "$anchor"; then
            fail "$doc: the link ($link): $target has no heading or <a id> \"$anchor\""
        else ok; fi
    done
done

# The tree stands on its own: no tracked file but this one names a document
# kept outside the tree, or calls a statement by a number instead of its
# title (the boom interactor, Mid-Central 2003 "mines", GCJ 2014
# "Minesweeper Master", UVa 11585 "Nurikabe").  Outside a git checkout,
# every file but build/ is read.
outside='SPEC\.md|seeds? +0[0-9][0-9]'
tracked() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git ls-files -z
    else find . \( -path ./build -o -path ./.git \) -prune -o -type f -print0 | sed -z 's|^\./||'; fi
}
hits=$(tracked | grep -zvx 'tests/t_readme.sh' | xargs -0 grep -nIiE -- "$outside" || true)
if [ -z "$hits" ]; then ok
else while IFS= read -r hit; do fail "names an outside document or a statement by number: $hit"; done <<< "$hits"; fi

finish t_readme
