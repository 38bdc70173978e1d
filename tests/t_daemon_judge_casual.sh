#!/usr/bin/env bash
# tests/t_daemon_judge_casual.sh - `sapperd --judge casual` end to end: the official
# judge data and the statement sample byte for byte (the DOS pair too),
# generated boards against the reference, and malformed inputs (the answers
# complete before the fault on stdout, "sapperd: casual: line N: <reason>"
# on stderr, exit status 2).
set -u
cd "$(dirname "$0")/.."
SAPPERD=${SAPPERD:-build/asan/sapperd}
GEN=build/tools/casual_gen
DATA=tests/data/mines
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# run_judge INPUT_FILE: runs the daemon with a time bound; sets rc, and
# leaves stdout/stderr in $tmp/out and $tmp/err.
run_judge() {
    timeout 60 "$SAPPERD" --judge casual <"$1" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

# The official data: exit 0, stdout byte for byte, nothing on stderr.
# Answers end in "\n" whatever the input's line ends (as in every judge
# format), so the DOS input's answers are the DOS answer file without "\r".
for name in statement-sample judge judge-crlf; do
    tr -d '\r' <"$DATA/$name.out" >"$tmp/$name.want"
    run_judge "$DATA/$name.in"
    if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/$name.want" && [ ! -s "$tmp/err" ]; then
        ok
    else
        bad "$name: exit $rc, stderr: $(head -c 200 "$tmp/err")"
        diff <(od -c "$tmp/out") <(od -c "$tmp/$name.want") | head -n 10
    fi
done

# Generated boards, from the statement's sizes up to large ones, against the
# reference answers the generator computes (tests/lib/ref_casual.c).
gen_case() { # name [--vary] rows cols permille seed count
    local name=$1; shift
    if ! "$GEN" "$@" >"$tmp/$name.in" || ! "$GEN" --answers "$@" >"$tmp/$name.want"; then
        bad "$name: $GEN failed"
        return
    fi
    run_judge "$tmp/$name.in"
    if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/$name.want" && [ ! -s "$tmp/err" ]; then
        ok
    else
        bad "$name: exit $rc, stderr: $(head -c 200 "$tmp/err")"
        diff "$tmp/out" "$tmp/$name.want" | head -n 10
    fi
}
if [ -x "$GEN" ]; then
    gen_case small --vary 6 7 200 1 300
    gen_case dense --vary 12 12 300 2 200
    gen_case medium 60 60 150 3 5
    gen_case large 200 200 200 4 2
    gen_case wide 1 1000 150 5 3
else
    bad "$GEN is not built (make test-build)"
fi

# Malformed inputs: case name, input (printf format), expected stdout
# (printf format), expected line, expected words of the reason.
malformed() {
    local name=$1 input=$2 want_out=$3 line=$4 reason=$5
    printf "$input" >"$tmp/bad.in"
    printf "$want_out" >"$tmp/bad.want"
    run_judge "$tmp/bad.in"
    local err
    err=$(cat "$tmp/err")
    if [ "$rc" -eq 2 ] && cmp -s "$tmp/out" "$tmp/bad.want" \
        && [[ "$err" == "sapperd: casual: line $line: "*"$reason"* ]] \
        && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
        ok
    else
        bad "$name: exit $rc, stdout '$(head -c 100 "$tmp/out")', stderr '$err'"
    fi
}
malformed short-row '3 3\n...\n..\n...\n0 0\n' '' 3 'fewer than'
malformed long-row '3 3\n...\n....\n...\n0 0\n' '' 3 "row 2 has more cells than the board's 3"
malformed bad-letter '2 2\n..\n..\n3 3\n...\n.X.\n...\n0 0\n' '0\n' 6 "row 2 holds 'X': cells are 'M' or '.'"
malformed too-many-rows '1001 3\n' '' 1 "r is over this build's limit of 1000 rows"
malformed too-many-cols '1 1\nM\n3 1001\n' '0\n' 3 "c is over this build's limit of 1000 columns"
malformed zero-side '2 0\n' '' 1 'c must be at least 1'
malformed no-end '1 3\n.M.\n' '1\n' 3 'closing "0 0"'
malformed no-end-crlf '1 3\r\n.M.\r\n' '1\n' 3 'closing "0 0"'
malformed empty '' '' 1 'closing "0 0"'
malformed inside-size '1 3\n.M.\n7' '1\n' 3 "inside a board's size"
malformed inside-board '1 3\n.M.\n4 2\n..\n' '1\n' 5 'after 1 rows'
malformed overflow '1 3\n.M.\n4294967296 1\n' '1\n' 3 'number too large'
malformed not-a-number '3 three\n' '' 1 'non-negative number'
malformed after-end '1 3\n.M.\n0 0\nM\n' '1\n' 4 'unexpected input'

echo "t_daemon_judge_casual: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
