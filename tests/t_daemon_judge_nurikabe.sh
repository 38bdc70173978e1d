#!/usr/bin/env bash
# t_daemon_judge_nurikabe.sh - sapperd --judge nurikabe end to end: the UVa sample
# byte for byte (also with its blank lines moved about and CRLF line ends),
# t = 0, and malformed inputs reported as "sapperd: nurikabe: line N:
# <reason>" with exit status 2.
set -u
cd "$(dirname "$0")/.."
SAPPERD=${SAPPERD:-build/asan/sapperd}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

sample_in=tests/data/nurikabe/statement-sample.in
sample_out=tests/data/nurikabe/statement-sample.out

check_sample() { # name, file
    timeout 60 "$SAPPERD" --judge nurikabe <"$2" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$sample_out"; then
        ok
    else
        bad "$1: exit $rc, $(head -c 300 "$tmp/err")"
        diff "$tmp/out" "$sample_out" | head -10
    fi
}
check_sample "statement sample" "$sample_in"
sed 's/$/\r/' "$sample_in" >"$tmp/crlf"
check_sample "statement sample with CRLF" "$tmp/crlf"
grep -v '^$' "$sample_in" >"$tmp/packed"
check_sample "statement sample without blank lines" "$tmp/packed"
sed 's/$/\n\n/' "$sample_in" >"$tmp/spaced"
check_sample "statement sample with blank lines everywhere" "$tmp/spaced"
tr '\n' ' ' <"$sample_in" >"$tmp/oneline"
check_sample "statement sample on one line" "$tmp/oneline"

if [ -z "$(printf '0\n' | timeout 20 "$SAPPERD" --judge nurikabe 2>&1)" ]; then ok; else bad "t = 0 printed something"; fi
if [ -z "$(printf '\n\n0' | timeout 20 "$SAPPERD" --judge nurikabe 2>&1)" ]; then ok; else bad "t = 0 after blank lines printed something"; fi

check_error() { # input, expected stdout, expected stderr
    printf '%b' "$1" | timeout 20 "$SAPPERD" --judge nurikabe >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(cat "$tmp/out")" = "$(printf '%b' "$2")" ] &&
       [ "$(cat "$tmp/err")" = "$3" ]; then
        ok
    else
        bad "input '$1': exit $rc, stdout '$(head -c 200 "$tmp/out")', stderr '$(head -c 200 "$tmp/err")'"
    fi
}
check_error '2\n\n1 1 1\n0 0 1\n.\n\n1 1 0\n' 'solved' 'sapperd: nurikabe: line 8: input ended before grid 2 was complete'
check_error '1\n2 2 1\n2 0 1\n' '' "sapperd: nurikabe: line 3: number's row 2 is outside the grid"
check_error '1\n2 2 1\n0 5 1\n' '' "sapperd: nurikabe: line 3: number's column 5 is outside the grid"
check_error '1\n2 2 2\n0 0 1\n0 0 1\n' '' 'sapperd: nurikabe: line 4: a second number for the same cell'
check_error '1\n2 2 1\n0 0 0\n' '' 'sapperd: nurikabe: line 3: a number must be positive, not 0'
check_error '1\n2 2 0\n.#\n#\n' '' "sapperd: nurikabe: line 4: row 2 has 1 cells, fewer than the board's 2"
check_error '1\n2 2 0\n.#\n#x\n' '' "sapperd: nurikabe: line 4: row 2 holds 'x': cells are '#' or '.'"
check_error '1\n2 2 2\n0 0 1\n.#\n##\n' '' 'sapperd: nurikabe: line 4: expected a non-negative number'
check_error '1\n1 1 0\n.\n#\n' 'not solved' 'sapperd: nurikabe: line 4: unexpected input'
check_error '1\n1 1001 0\n' '' "sapperd: nurikabe: line 2: c is over this build's limit of 1000 columns"
check_error '1\n2 2 5\n' '' "sapperd: nurikabe: line 2: d is more than the grid's 4 cells"

echo "t_daemon_judge_nurikabe: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
