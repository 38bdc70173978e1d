#!/usr/bin/env bash
# t_daemon_judge_master.sh - sapperd --judge master end to end: the statement's
# sample and the GCJ small and large inputs, checked by build/tools/
# master_check (answers are checked, not compared), and malformed inputs
# reported as "sapperd: master: line N: <reason>" with exit status 2.
set -u
cd "$(dirname "$0")/.."
SAPPERD=${SAPPERD:-build/asan/sapperd}
CHECKER=build/tools/master_check
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

for input in tests/data/gcj/statement-sample.in tests/data/gcj/C-small-practice.in \
             tests/data/gcj/C-large.in; do
    timeout 60 "$SAPPERD" --judge master <"$input" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        bad "$input: exit $rc: $(head -c 300 "$tmp/err")"
        continue
    fi
    if result=$("$CHECKER" "$input" "$tmp/out"); then
        ok
        echo "$input: $result"
    else
        bad "$input: $result"
    fi
done

# the statement's Impossible cases are the same as ours
if timeout 60 "$SAPPERD" --judge master <tests/data/gcj/statement-sample.in >"$tmp/out" 2>/dev/null \
   && [ "$(grep -n Impossible "$tmp/out" | cut -d: -f1 | tr '\n' ' ')" = \
        "$(grep -n Impossible tests/data/gcj/statement-sample.out | cut -d: -f1 | tr '\n' ' ')" ]; then
    ok
else
    bad "statement sample: the Impossible lines differ from the statement's"
fi

# input in one-byte writes through a pipe gives the same bytes
printf '3\n1000 1000 999991\n2 2 1\n3 30 0\n' >"$tmp/in"
if timeout 60 "$SAPPERD" --judge master <"$tmp/in" >"$tmp/whole" 2>&1 &&
   { while IFS= read -r -n1 ch; do printf '%s' "${ch:-$'\n'}"; done <"$tmp/in"; } |
       timeout 60 "$SAPPERD" --judge master >"$tmp/bytes" 2>&1 &&
   cmp -s "$tmp/whole" "$tmp/bytes" && "$CHECKER" "$tmp/in" "$tmp/whole" >/dev/null; then
    ok
else
    bad "1000x1000 input byte by byte: output differs or is invalid"
fi

# malformed input: what was complete, then the error line, exit 2
check_error() { # input, expected stdout, expected stderr
    printf '%b' "$1" | timeout 20 "$SAPPERD" --judge master >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(cat "$tmp/out")" = "$(printf '%b' "$2")" ] &&
       [ "$(cat "$tmp/err")" = "$3" ]; then
        ok
    else
        bad "input '$1': exit $rc, stdout '$(head -c 200 "$tmp/out")', stderr '$(head -c 200 "$tmp/err")'"
    fi
}
check_error '2\n1 1 0\n' 'Case #1:\nc' 'sapperd: master: line 3: input ended before case 2 was complete'
check_error '1\n2 2 4\n' '' 'sapperd: master: line 2: M must be less than R*C = 4'
check_error '1\n0 2 1\n' '' 'sapperd: master: line 2: R must be at least 1'
check_error '1\n1001 2 1\n' '' "sapperd: master: line 2: R is over this build's limit of 1000 rows"
check_error '1\n\n\n2 2 99999999999\n' '' 'sapperd: master: line 4: number too large'
check_error '1\n1 x 1\n' '' 'sapperd: master: line 2: expected a non-negative number'
check_error '1\n1 1 0\n1 1 0\n' 'Case #1:\nc' 'sapperd: master: line 3: unexpected input'
check_error '' '' 'sapperd: master: line 1: input ended before the number of cases T'

# t = 0: nothing at all
if [ -z "$(printf '0\n' | timeout 20 "$SAPPERD" --judge master 2>&1)" ]; then ok; else bad "T = 0 printed something"; fi

echo "t_daemon_judge_master: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
