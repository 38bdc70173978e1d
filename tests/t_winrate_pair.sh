#!/usr/bin/env bash
# t_winrate_pair.sh - `winrate --pair` (tests/tools/winrate_files.c), which
# pairs two runs' --per-game lines seed by seed: two runs of the same build
# give no discordant game, a difference of 0 and p = 1; planted result files
# with known counts give the interval and McNemar's exact p computed by hand;
# a seed twice on one side is refused, games in one run only are left out and
# counted; and shards of a seed range played by GNU parallel (Debian's
# `parallel`), added by --add, equal the same range played in one go.
. "$(dirname "$0")/lib/script.sh"
W=build/tools/winrate

check() { # NAME STATUS [DETAIL]: counts one check from a status
    if [ "$2" -eq 0 ]; then ok; else fail "$1${3:+: $3}"; fi
}
same() { # NAME GOT WANT
    if [ "$2" = "$3" ]; then ok; else fail "$1: got '$2', want '$3'"; fi
}

if [ ! -x "$W" ]; then
    fail "no $W (make test-build)"
    finish t_winrate_pair
    exit 1
fi

# game CONFIG SEED OUTCOME: one --per-game line
game() { printf 'game\t%s\t3,3\t%s\t%s\t100\t2\n' "$1" "$2" "$3"; }

# ---- two runs of the same build (a second copy of the binary): all concordant
cp "$W" "$tmp/winrate_b"
"$W" --config beginner-modern,expert-modern --games 24 --jobs 1 --per-game >"$tmp/a" 2>&1
check "build A plays" $?
"$tmp/winrate_b" --config beginner-modern,expert-modern --games 24 --jobs 1 --per-game \
    >"$tmp/b" 2>&1
check "build B plays" $?
"$W" --pair "$tmp/a" "$tmp/b" >"$tmp/same" 2>&1
check "--pair of two runs exits 0" $? "$(head -c 300 "$tmp/same")"
same "same build: the pair lines" "$(grep '^pair	' "$tmp/same" | cut -f2-3,4,7-)" \
    "$(printf 'beginner-modern\t3,3\t24\t0\t0\t0.0000\t0.0000\t0.0000\t1\n')
$(printf 'expert-modern\t3,3\t24\t0\t0\t0.0000\t0.0000\t0.0000\t1\n')"
wins=$(grep -c '^game	expert-modern.*	won	' "$tmp/a")
same "same build: both won is A's wins" "$(grep '^pair	expert' "$tmp/same" | cut -f5)" "$wins"
# B from stdin
"$W" --pair "$tmp/a" - <"$tmp/b" >"$tmp/same_stdin" 2>&1
same "B from stdin" "$(grep '^pair	' "$tmp/same_stdin")" "$(grep '^pair	' "$tmp/same")"

# ---- planted files: counts known, interval and p computed by hand
# expert-modern, 100 games: both won 50 (seeds 0-49), only A 10 (50-59),
# only B 3 (60-62), both lost 37 (63-99; B's seed 99 an ERR, not a win).
# B - A = (3 - 10) / 100 = -7.00 points; se^2 = (13/100 - 0.07^2) / 100 =
# 0.001251, 1.959964 se = 6.9322 points: -13.93 to -0.07.  McNemar: 13
# discordant, 3 the smaller side: p = 2 (1 + 13 + 78 + 286) / 2^13 =
# 756 / 8192 = 0.0922852.
# intermediate-modern, 20 games: only A 5, only B 5, both lost 10: B - A =
# 0, se^2 = (10/20) / 20, 1.959964 se = 30.9898 points; p = 2 (1 + 10 + 45 +
# 120 + 210 + 252) / 1024 > 1, so 1.
: >"$tmp/pa"
: >"$tmp/pb"
for s in $(seq 0 99); do
    a=lost b=lost
    [ "$s" -lt 60 ] && a=won
    { [ "$s" -lt 50 ] || { [ "$s" -ge 60 ] && [ "$s" -lt 63 ]; }; } && b=won
    [ "$s" -eq 99 ] && b=err
    game expert-modern "$s" "$a" >>"$tmp/pa"
    game expert-modern "$s" "$b" >>"$tmp/pb"
done
for s in $(seq 0 19); do
    a=lost b=lost
    [ "$s" -lt 5 ] && a=won
    [ "$s" -ge 5 ] && [ "$s" -lt 10 ] && b=won
    game intermediate-modern "$s" "$a" >>"$tmp/pa"
    game intermediate-modern "$s" "$b" >>"$tmp/pb"
done
game expert-modern 100 won >>"$tmp/pa" # in A only: left out
"$W" --pair --per-game "$tmp/pa" "$tmp/pb" >"$tmp/planted" 2>&1
check "--pair of the planted files exits 0" $? "$(head -c 300 "$tmp/planted")"
same "planted: the pair lines" "$(grep '^pair	' "$tmp/planted")" \
    "$(printf 'pair\tintermediate-modern\t3,3\t20\t0\t10\t5\t5\t0.0000\t-30.9898\t30.9898\t1\n')
$(printf 'pair\texpert-modern\t3,3\t100\t50\t37\t10\t3\t-7.0000\t-13.9323\t-0.0677\t0.0922852\n')"
grep -q '| expert-modern | (3, 3) | 100 | 50 | 37 | 10 | 3 | 60.00 % | 53.00 % | -7.00 (-13.93 to -0.07) | 0.092 |' \
    "$tmp/planted"
check "planted: the table row" $?
grep -q 'expert-modern (3, 3): 100 games paired; lost to an ERR: A 0, B 1; left out, in one run only: A 1, B 0' \
    "$tmp/planted"
check "planted: the ERR and the game in one run only" $?
same "planted: the games only A won" \
    "$(grep '^only	A	expert' "$tmp/planted" | cut -f5 | tr '\n' ' ')" "50 51 52 53 54 55 56 57 58 59 "
same "planted: the games only B won" \
    "$(grep '^only	B	expert' "$tmp/planted" | cut -f5 | tr '\n' ' ')" "60 61 62 "

# JSMinesweeper beside sapper on 100,000 modern expert boards: B - A =
# +0.43 (+0.23 to +0.62), p = 1.7e-5, as the peer tool's compare printed them.
awk -v A="$tmp/ia" -v B="$tmp/ib" 'function g(f, s, o) { printf "game\texpert-modern\t3,3\t%d\t%s\t1\t0\n", s, o > f }
    BEGIN { n = 0
        for (k = 0; k < 48983; k++) { g(A, n, "won"); g(B, n++, "won") }
        for (k = 0; k < 41151; k++) { g(A, n, "lost"); g(B, n++, "lost") }
        for (k = 0; k < 4719; k++) { g(A, n, "won"); g(B, n++, "lost") }
        for (k = 0; k < 5147; k++) { g(A, n, "lost"); g(B, n++, "won") } }'
same "JSMinesweeper beside sapper, 100,000 boards" "$("$W" --pair "$tmp/ia" "$tmp/ib" | grep '^pair	')" \
    "$(printf 'pair\texpert-modern\t3,3\t100000\t48983\t41151\t4719\t5147\t0.4280\t0.2333\t0.6227\t1.71157e-05\n')"

# ---- refusals
cat "$tmp/pb" >>"$tmp/pb2"
game expert-modern 7 won >>"$tmp/pb2"
"$W" --pair "$tmp/pa" "$tmp/pb2" >/dev/null 2>"$tmp/err"
same "a seed twice: status" $? 1
grep -q 'seed 7 is in it twice' "$tmp/err"
check "a seed twice: said" $? "$(cat "$tmp/err")"
"$W" --pair "$tmp/pa" >/dev/null 2>&1
same "--pair with one file: usage error" $? 2
"$W" --pair "$tmp/pa" "$tmp/planted.none" >/dev/null 2>&1
same "--pair with a missing file" $? 1
grep -v '^game' "$tmp/a" >"$tmp/nogames"
"$W" --pair "$tmp/pa" "$tmp/nogames" >/dev/null 2>"$tmp/err"
same "--pair of a run without --per-game" $? 1
game beginner-modern 0 won >"$tmp/other"
"$W" --pair "$tmp/pa" "$tmp/other" >/dev/null 2>"$tmp/err"
same "--pair with no game in both runs" $? 1

# ---- GNU parallel: four shards of seeds 0-39, added, equal one run of 0-39
if ! command -v parallel >/dev/null 2>&1; then
    fail "no GNU parallel (tests/deps.sh test installs Debian's parallel)"
else
    cfg=beginner-classic,expert-modern
    parallel --will-cite --jobs 1 --halt now,fail=1 \
        "$W --config $cfg --first-seed {} --games 10 --jobs 1 --per-game > $tmp/shard_{}.txt" \
        ::: 0 10 20 30
    check "parallel plays the shards" $?
    "$W" --config $cfg --games 40 --jobs 1 --per-game >"$tmp/whole" 2>&1
    check "one run of the whole range" $?
    "$W" --add "$tmp"/shard_*.txt >"$tmp/added" 2>&1
    check "--add of the shards" $?
    same "shards added = the whole range (raw lines)" \
        "$(grep '^raw' "$tmp/added" | sort)" "$(grep '^raw' "$tmp/whole" | sort)"
    cat "$tmp"/shard_*.txt >"$tmp/shards"
    same "shards' games = the whole range's" \
        "$(grep '^game' "$tmp/shards" | sort)" "$(grep '^game' "$tmp/whole" | sort)"
    "$W" --pair "$tmp/whole" "$tmp/shards" >"$tmp/pair_shards" 2>&1
    same "the shards paired with the whole range: no discordant game" \
        "$(grep '^pair	' "$tmp/pair_shards" | cut -f4,7,8,12 | sort -u)" \
        "$(printf '40\t0\t0\t1')"
fi

finish t_winrate_pair
