#!/usr/bin/env bash
# t_winrate.sh - tests/tools/winrate.c, the tool behind `make winrate`, on a
# few games: shards of a seed range add up to the whole range (counts, every
# game's outcome, `--add`), the counts do not depend on --jobs, `--add`
# refuses a seed counted twice, the classic board generator lays exactly
# the mine count and never a mine on the first click (and spreads its mines
# over every other cell), the Wilson intervals printed are the formula's,
# every game's outcome is the one sapperd's own PLAY reaches on the same
# board from the same first click, and every move agrees with the reference
# engine (--verify: tests/lib/ref_game.c), with no game lost to an ERR.
. "$(dirname "$0")/lib/script.sh"
W=build/tools/winrate
SAPPERD_PLAIN=${SAPPERD_PLAIN:-build/sapperd}

check() { # NAME STATUS [DETAIL]: counts one check from a status
    if [ "$2" -eq 0 ]; then ok; else fail "$1${3:+: $3}"; fi
}

if [ ! -x "$W" ] || [ ! -x "$SAPPERD_PLAIN" ]; then
    fail "no $W or $SAPPERD_PLAIN (make test-build)"
    finish t_winrate
    exit 1
fi

# run NAME ARGS...: the tool's output in $tmp/NAME, its games' lines in
# $tmp/NAME.games, its raw lines in $tmp/NAME.raw; checks its exit status.
run() {
    local name=$1
    shift
    "$W" "$@" --per-game >"$tmp/$name" 2>"$tmp/$name.err"
    check "winrate $* exits 0" $? "$(head -c 300 "$tmp/$name.err")"
    grep '^game	' "$tmp/$name" | sort >"$tmp/$name.games"
    grep '^raw	' "$tmp/$name" | sort >"$tmp/$name.raw"
}

# ---- shards: seeds 0-39 against 0-19 and 20-39 (each shard on its own jobs)
small=beginner-modern,beginner-classic
run whole --config "$small" --games 40 --jobs 2 --verify
run shard1 --config "$small" --games 20 --jobs 1
run shard2 --config "$small" --first-seed 20 --games 20 --jobs 2
[ "$(wc -l <"$tmp/whole.games")" -eq 80 ] && [ "$(wc -l <"$tmp/whole.raw")" -eq 2 ]
check "40 games of each of 2 configurations: 80 game lines, 2 raw lines" $?
sort "$tmp/shard1.games" "$tmp/shard2.games" | cmp -s - "$tmp/whole.games"
check "the shards' games are the whole range's, outcome for outcome" $?
sums=$(cat "$tmp/shard1.raw" "$tmp/shard2.raw" |
    awk -F '\t' '{ for (i = 5; i <= 10; i++) s[$2, i] += $i }
                 END { for (k in s) { split(k, p, SUBSEP); print p[1], p[2], s[k] } }' | sort)
whole=$(awk -F '\t' '{ for (i = 5; i <= 10; i++) print $2, i, $i }' "$tmp/whole.raw" | sort)
[ -n "$sums" ] && [ "$sums" = "$whole" ]
check "the shards' raw counts add up to the whole range's" $? "$sums / $whole"
"$W" --add "$tmp/shard2" "$tmp/shard1" | grep '^raw	' | sort | cmp -s - "$tmp/whole.raw"
check "--add of the two shards prints the whole range's raw lines" $?
"$W" --add "$tmp/shard1" "$tmp/whole" >/dev/null 2>"$tmp/twice.err"
[ $? -eq 1 ] && grep -q 'seeds 0-19 are in two shards' "$tmp/twice.err"
check "--add refuses seeds counted twice" $? "$(cat "$tmp/twice.err")"

# ---- --jobs: the same games on one worker and on two
run jobs1 --config expert-modern,expert-classic --games 20 --jobs 1
run jobs2 --config expert-modern,expert-classic --games 20 --jobs 2 --verify
[ -s "$tmp/jobs1.games" ] && cmp -s "$tmp/jobs1.games" "$tmp/jobs2.games" &&
    cmp -s "$tmp/jobs1.raw" "$tmp/jobs2.raw"
check "--jobs 1 and --jobs 2 play the same games to the same ends" $?

# ---- every run: no game lost to an ERR, no fault, the intervals right
for name in whole shard1 shard2 jobs1 jobs2; do
    awk -F '\t' '$7 != 0 { bad = 1 } END { exit bad }' "$tmp/$name.raw"
    check "$name: no game lost to an ERR" $? "$(cat "$tmp/$name.raw")"
    grep -q ': 0 faults$' "$tmp/$name"
    check "$name: no fault" $? "$(grep faults "$tmp/$name") $(head -c 300 "$tmp/$name.err")"
done
grep -q 'each move against tests/lib/ref_game.c: 0 faults' "$tmp/jobs2"
check "--verify played every move on the reference engine" $?
# the Wilson score interval at 95 %, computed apart from the tool
awk -F ' *[|] *' '/^[|] [a-z]+-[a-z]+ [|]/ {
        n = $4; w = $5; z = 1.959964; p = w / n
        c = (p + z * z / (2 * n)) / (1 + z * z / n)
        h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        want = sprintf("%.2f - %.2f %%", 100 * (c - h), 100 * (c + h))
        rate = sprintf("%.2f %%", 100 * w / n)
        rows++
        if ($7 != want || $6 != rate) { print $2 ": " $6 ", " $7 " where " rate ", " want; bad = 1 }
    } END { exit bad || rows != 2 }' "$tmp/jobs1"
check "each row's rate and 95 % interval are the Wilson score interval's" $?

# ---- each outcome is the one sapperd's PLAY reaches from the same first click
# play_input CONFIG ROWS COLS MINES FIRST-R FIRST-C GAMES: sapperd's input
play_input() {
    if [ "${1#*-}" = modern ]; then
        awk -v r="$2" -v c="$3" -v m="$4" -v fr="$5" -v fc="$6" -v n="$7" 'BEGIN {
            for (s = 0; s < n; s++) printf "NEW %d %d %d %d\n1 %d %d\nPLAY\n", r, c, m, s, fr, fc }'
    else
        "$W" --boards --config "$1" --games "$7" |
            awk -v fr="$5" -v fc="$6" '/^seed/ { if (NR > 1) printf "1 %d %d\nPLAY\n", fr, fc; next }
                { print } END { printf "1 %d %d\nPLAY\n", fr, fc }'
    fi
}
# outcomes: from sapperd's replies, "game CONFIG R,C SEED won|lost|err" a game
outcomes() {
    awk -v cfg="$1" -v first="$2" '
        function end_game() { if (seed >= 0) print "game\t" cfg "\t" first "\t" seed "\t" out }
        /^OK / { end_game(); seed++; out = "running"; next }
        /^WIN$/ { out = "won" } /^LOSE$/ { out = "lost" } /^ERR/ { out = "err" }
        BEGIN { seed = -1 } END { end_game() }' | sort
}
for spec in "beginner-modern 9 9 10 3 3 40" "beginner-classic 9 9 10 1 1 40" \
    "expert-modern 16 30 99 3 3 20" "expert-classic 16 30 99 1 1 20"; do
    # shellcheck disable=SC2086 # the words of spec are the arguments
    set -- $spec
    play_input "$@" | timeout 120 "$SAPPERD_PLAIN" --stdin | outcomes "$1" "$5,$6" >"$tmp/play"
    case $1 in beginner-*) from=whole ;; *) from=jobs2 ;; esac
    grep "	$1	" "$tmp/$from.games" | cut -f 1-5 | sort >"$tmp/tool"
    [ "$(wc -l <"$tmp/play")" -eq "$7" ] && cmp -s "$tmp/play" "$tmp/tool"
    check "$1: every game ends as sapperd's PLAY ends it" $? "$(diff "$tmp/play" "$tmp/tool" | head -5)"
done

# ---- the classic boards: exactly the mines, never on the first click
# boards CONFIG ROWS COLS MINES GAMES FIRST-R FIRST-C: checks each board;
# prints the mine count of every cell over all of them.
boards() {
    "$W" --boards --config "$1" --games "$5" --first "$6,$7" |
        awk -v rows="$2" -v cols="$3" -v mines="$4" -v games="$5" -v fr="$6" -v fc="$7" '
        /^seed / { boards++; r = 0; n = 0; next }
        /^NEW / { if ($0 != "NEW " rows " " cols) bad = bad "\n" $0; next }
        {
            r++
            if (length($0) != cols || $0 !~ /^[_*]+$/) bad = bad "\nrow " $0
            for (c = 1; c <= cols; c++)
                if (substr($0, c, 1) == "*") { n++; count[r, c]++; if (r == fr && c == fc) onfirst++ }
            if (r == rows && n != mines) bad = bad "\n" n " mines"
        }
        END {
            if (boards != games || onfirst) bad = bad "\n" boards " boards, " onfirst + 0 " mines on the first click"
            if (bad != "") { print "BAD" bad; exit 1 }
            for (r = 1; r <= rows; r++) for (c = 1; c <= cols; c++) print r, c, count[r, c] + 0
        }'
}
for spec in "beginner-classic 9 9 10 2000 1 1" "beginner-classic 9 9 10 2000 5 5" \
    "intermediate-classic 16 16 40 300 1 1" "expert-classic 16 30 99 300 1 1" \
    "expert-classic 16 30 99 300 16 30"; do
    # shellcheck disable=SC2086 # the words of spec are the arguments
    set -- $spec
    boards "$@" >"$tmp/counts"
    check "classic boards, $1 from ($6, $7): $5 boards, $4 mines each, none on the first click" $? \
        "$(head -5 "$tmp/counts")"
    [ "$1 $6 $7" = "beginner-classic 5 5" ] && cp "$tmp/counts" "$tmp/counts.middle"
done
# 2000 beginner boards from (5, 5): 250 mines a cell expected (sd 14.8)
awk '($1 != 5 || $2 != 5) && ($3 < 170 || $3 > 330) { print; bad = 1 }
    END { exit bad || NR != 81 }' "$tmp/counts.middle"
check "classic boards: every other cell holds a mine in 170 to 330 of 2000 boards" $?
"$W" --boards --config beginner-classic --first-seed 7 --games 1 | cmp -s - \
    <("$W" --boards --config beginner-classic --first-seed 7 --games 1)
check "classic boards: the same seed lays the same board" $?

# ---- first-click sweep: a row per distinct cell, the same counts as a run
"$W" --first-sweep --config beginner-modern --games 40 --cells '1,1 3,3 9,9 12,12' \
    >"$tmp/sweep" 2>"$tmp/sweep.err"
check "--first-sweep exits 0" $? "$(cat "$tmp/sweep.err")"
[ "$(grep -c '^| beginner-modern | (' "$tmp/sweep")" -eq 3 ] && grep -q '^best first click: (' "$tmp/sweep"
check "--first-sweep: a row for each of (1, 1), (3, 3), (9, 9) (12,12 clipped), and the best" $?
grep '^raw	beginner-modern	3,3	' "$tmp/sweep" | cmp -s - <(grep '	beginner-modern	' "$tmp/whole.raw")
check "--first-sweep's (3, 3) counts are the plain run's" $?

# ---- usage errors: status 2, one line naming the problem
for args in "--games 0" "--first 0,3" "--config nosuch" "--first-seed 4294967295 --games 2" \
    "--jobs 0" "--first-sweep" "--boards --config expert-modern" "--bogus"; do
    # shellcheck disable=SC2086
    "$W" $args >"$tmp/usage.out" 2>"$tmp/usage.err"
    status=$?
    [ $status -eq 2 ] && [ "$(wc -l <"$tmp/usage.err")" -eq 1 ] && [ ! -s "$tmp/usage.out" ]
    check "winrate $args: status 2 and one line" $? "status $status: $(cat "$tmp/usage.err")"
done

finish t_winrate
