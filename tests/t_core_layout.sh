#!/usr/bin/env bash
# t_core_layout.sh - core/ is laid out one file per prefix, as
# core/README.md's "Source files" says:
#
#  - every function a core/*.c file exports is named for its file: F.c's
#    are sap_F or sap_F_*, F being the longest core file name the
#    function's name (after sap_) starts with (sap_session_game_move is
#    session_game.c's, sap_session_poll session.c's); but for the few
#    sapper.h names the README's table lists under the file that holds them;
#  - no function, static or not, carries another core file's sap_ prefix;
#  - the README's table has a row for every core/*.c file and for no other,
#    each row's prefix is its file's, and every name a row lists is
#    declared in sapper.h, defined in that file, and named for another;
#  - the check itself fails on planted breaks of each rule.
. "$(dirname "$0")/lib/script.sh"
. "$(dirname "$0")/lib/functions.sh"

# table_rows README: a line per row of the "Source files" table of .c
# files: its prefix, its file, then the sapper.h names it lists.
table_rows() {
    sed -n '/^## Source files/,/^## /p' "$1" | awk -F'|' '
        $2 ~ /^ *`sap_[a-z0-9_]*` *$/ && $3 ~ /^ *`[a-z0-9_]*\.c` *$/ {
            prefix = $2; file = $3
            gsub(/[ `]/, "", prefix)
            gsub(/[ `]/, "", file)
            names = ""
            rest = $5
            while (match(rest, /`sap_[a-z0-9_]+`/)) {
                names = names " " substr(rest, RSTART + 1, RLENGTH - 2)
                rest = substr(rest, RSTART + RLENGTH)
            }
            print prefix, file names
        }'
}

# layout_problems DIR README: one line per function whose name and file
# disagree in DIR (its *.c, and its sapper.h), and per disagreement
# between README's table and those files.
layout_problems() {
    local dir=$1 readme=$2 f
    table_rows "$readme" > "$tmp/rows"
    grep -oE '^[a-z][a-z0-9_ ]*[ *]+sap_[a-z0-9_]+\(' "$dir/sapper.h" | grep -oE 'sap_[a-z0-9_]+\($' |
        tr -d '(' | sort -u > "$tmp/public"
    for f in "$dir"/*.c; do
        defined_functions "$f" | sed "s|^|$(basename "$f" .c) |"
    done > "$tmp/defined"
    awk -v dir="$dir" -v readme="$readme" '
        FILENAME == ARGV[1] { public[$1] = 1; next }
        FILENAME == ARGV[2] {
            row[$2] = $1
            for (i = 3; i <= NF; i++) listed[substr($2, 1, length($2) - 2), $i] = 1
            next
        }
        { file[$1] = 1; kind[++n] = $2; name[n] = $3; in_file[n] = $1; defines[$1, $3] = $2 }
        # the longest file name that NAME, after sap_, is or starts with
        function owner(fn,   f, best) {
            best = ""
            for (f in file)
                if ((fn == "sap_" f || index(fn, "sap_" f "_") == 1) && length(f) > length(best))
                    best = f
            return best
        }
        END {
            for (i = 1; i <= n; i++) {
                f = in_file[i]; o = owner(name[i])
                if (kind[i] == "extern" && o != f && !((f, name[i]) in listed))
                    print dir "/" f ".c: " name[i] " is exported but " \
                        (o == "" ? "named for no core file" : "named for " dir "/" o ".c") \
                        (name[i] in public ? ", and not listed under " f ".c in " readme : "")
                if (kind[i] == "static" && o != "" && o != f)
                    print dir "/" f ".c: " name[i] " has the prefix of " dir "/" o ".c"
            }
            for (f in file)
                if (!((f ".c") in row)) print readme " has no row for " dir "/" f ".c"
            for (r in row) {
                f = substr(r, 1, length(r) - 2)
                if (!(f in file)) print readme " has a row for " dir "/" r ", which is gone"
                else if (row[r] != "sap_" f) print readme " gives " dir "/" r " the prefix " row[r]
            }
            for (k in listed) {
                split(k, p, SUBSEP)
                where = readme " lists " p[2] " under " p[1] ".c"
                if (!(p[2] in public)) print where ", but sapper.h does not declare it"
                if (defines[p[1], p[2]] != "extern") print where ", which does not define it"
                else if (owner(p[2]) == p[1]) print where ", whose prefix says so already"
            }
        }' "$tmp/public" "$tmp/rows" "$tmp/defined" | sort
}

problems=$(layout_problems core core/README.md)
[ -z "$problems" ] && ok || fail "$problems"

# The check catches each break, planted in a scratch copy of the core and
# its README: an exported function named for another file or for none
# (behind an attribute macro), a static one carrying another file's
# prefix, a public name its file does not say left out of the table, a
# listed name sapper.h does not declare, a name listed under a file that
# does not define it or that it is named for, a file without a row, a row
# without a file, a row with another's prefix.
mkdir "$tmp/core"
cp core/*.c core/sapper.h "$tmp/core/"
printf 'void sap_session_game_stray(void);\nvoid sap_session_game_stray(void)\n{\n}\n' \
    >> "$tmp/core/session.c"
printf 'static void sap_deduce_live_helper(void)\n{\n}\n' >> "$tmp/core/deduce_rules.c"
printf 'void sap_misc_helper(void);\nSAP_ONCE void sap_misc_helper(void)\n{\n}\n' > "$tmp/core/extra.c"
sed -e 's/^| `sap_text` | `text.c` |\(.*\)`sap_parse_u32`, `sap_strerror` |$/| `sap_text` | `text.c` |\1`sap_parse_u32`, `sap_nonesuch` |/' \
    -e 's/^| `sap_stats` | `stats.c` |\(.*\)| |$/| `sap_stats` | `stats.c` |\1| `sap_format_name` |/' \
    -e 's/^| `sap_rows` | `rows.c` |\(.*\)| |$/| `sap_rows` | `rows.c` |\1| `sap_game_rows` |/' \
    -e 's/^| `sap_master` | `master.c` |/| `sap_casual` | `master.c` |/' \
    -e 's/^| `sap_view` | `view.c` |\(.*\)$/&\n| `sap_gone` | `gone.c` | a file that is not there | |/' \
    -e 's/^| `sap_game` | `game.c` |\(.*\)| |$/| `sap_game` | `game.c` |\1| `sap_game_rows` |/' \
    core/README.md > "$tmp/README.md"
problems=$(layout_problems "$tmp/core" "$tmp/README.md")
for want in \
    "$tmp/core/session.c: sap_session_game_stray is exported but named for $tmp/core/session_game.c" \
    "$tmp/core/extra.c: sap_misc_helper is exported but named for no core file" \
    "$tmp/core/deduce_rules.c: sap_deduce_live_helper has the prefix of $tmp/core/deduce_live.c" \
    "$tmp/core/text.c: sap_strerror is exported but named for no core file, and not listed under text.c in $tmp/README.md" \
    "$tmp/README.md lists sap_nonesuch under text.c, but sapper.h does not declare it" \
    "$tmp/README.md lists sap_nonesuch under text.c, which does not define it" \
    "$tmp/README.md lists sap_format_name under stats.c, which does not define it" \
    "$tmp/README.md lists sap_game_rows under rows.c, which does not define it" \
    "$tmp/README.md lists sap_game_rows under game.c, whose prefix says so already" \
    "$tmp/README.md has no row for $tmp/core/extra.c" \
    "$tmp/README.md has a row for $tmp/core/gone.c, which is gone" \
    "$tmp/README.md gives $tmp/core/master.c the prefix sap_casual"; do
    grep -qxF "$want" <<<"$problems" && ok || fail "the check missed: $want [$problems]"
done
[ "$(grep -c . <<<"$problems")" -eq 12 ] && ok || fail "the planted breaks give other problems: [$problems]"

finish t_core_layout
