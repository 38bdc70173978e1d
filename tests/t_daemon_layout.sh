#!/usr/bin/env bash
# t_daemon_layout.sh - daemon/ is laid out one file per prefix, as
# daemon/README.md's "Source files" says:
#
#  - every function a daemon/*.c file exports is named for its file
#    (conn.c's conn_*, sched.c's sched_*; main excepted), so a name says
#    where it is defined;
#  - no function, static or not, carries another daemon file's prefix;
#  - every daemon/*.c file has a row in the README's table, and every row
#    names a file that exists;
#  - the check itself fails on a file that breaks the rule.
. "$(dirname "$0")/lib/script.sh"
. "$(dirname "$0")/lib/functions.sh"

# misnamed DIR: one line per function whose name and file disagree.
misnamed() {
    local dir=$1 f p q kind name
    local prefixes
    prefixes=$(for f in "$dir"/*.c; do basename "$f" .c; done)
    for f in "$dir"/*.c; do
        p=$(basename "$f" .c)
        defined_functions "$f" | while read -r kind name; do
            if [ "$kind" = extern ] && [[ "$name" != "${p}_"* && "$p/$name" != main/main ]]; then
                echo "$f: $name is exported but not named ${p}_*"
            fi
            for q in $prefixes; do
                [ "$q" != "$p" ] && [[ "$name" == "${q}_"* ]] &&
                    echo "$f: $name has the prefix of $dir/$q.c"
            done
        done
    done
}

problems=$(misnamed daemon)
[ -z "$problems" ] && ok || fail "$problems"

# The README's table of source files and the files themselves.
sed -n '/^## Source files/,/^## /p' daemon/README.md | sed -n 's/^| `\([a-z_.]*\.c\)` |.*/\1/p' |
    sort > "$tmp/listed"
(cd daemon && ls *.c) | sort > "$tmp/present"
missing=$(comm -13 "$tmp/listed" "$tmp/present")
[ -z "$missing" ] && ok || fail "daemon/README.md's Source files has no row for: $missing"
stale=$(comm -23 "$tmp/listed" "$tmp/present")
[ -z "$stale" ] && ok || fail "daemon/README.md's Source files names files that are gone: $stale"

# The check catches an exported function named for no file, and a static
# one named for another file.
mkdir "$tmp/bad"
printf 'int conn_start(void)\n{\n    return 0;\n}\n' > "$tmp/bad/conn.c"
printf 'static void conn_helper(void)\n{\n}\nvoid helper(void);\nvoid helper(void)\n{\n}\n' \
    > "$tmp/bad/sched.c"
problems=$(misnamed "$tmp/bad")
[[ "$problems" == *"sched.c: conn_helper has the prefix of"*"conn.c"* ]] && ok ||
    fail "a static conn_ function in sched.c is not caught: [$problems]"
[[ "$problems" == *"sched.c: helper is exported but not named sched_*"* ]] && ok ||
    fail "an exported helper in sched.c is not caught: [$problems]"
[ "$(grep -c . <<<"$problems")" -eq 2 ] && ok || fail "the planted files give other problems: [$problems]"

finish t_daemon_layout
