#!/usr/bin/env bash
# tests/t_daemon_judge_boom.sh - `sapperd --judge boom` as a user runs it: the
# statement's games byte-exact (LF and CRLF), T = 0, a million-change reply,
# output streamed while input is still coming, and malformed inputs (stdout
# holds what was complete, stderr one "sapperd: boom: line N: reason" line,
# exit status 2).
set -u
cd "$(dirname "$0")/.."
SAPPERD=${SAPPERD:-build/asan/sapperd}
data=tests/data/boom
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# check NAME INPUT-FILE EXPECTED-STDOUT-FILE EXPECTED-STDERR EXPECTED-STATUS
check() {
    local name=$1 input=$2 want_out=$3 want_err=$4 want_status=$5 status
    timeout 60 "$SAPPERD" --judge boom <"$input" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want_status" ]; then
        fail "$name: exit status $status, expected $want_status"; sed 's/^/    /' "$tmp/err"; return
    fi
    if ! cmp -s "$tmp/out" "$want_out"; then
        fail "$name: stdout differs"; diff "$tmp/out" "$want_out" | head -n 10; return
    fi
    if [ "$(cat "$tmp/err")" != "$want_err" ]; then
        fail "$name: stderr is '$(cat "$tmp/err")', expected '$want_err'"; return
    fi
    pass
}

# bad NAME INPUT EXPECTED-STDOUT EXPECTED-STDERR (printf strings, exit 2)
bad() {
    printf -- "$2" >"$tmp/bad.in"
    printf -- "$3" >"$tmp/bad.want"
    check "$1" "$tmp/bad.in" "$tmp/bad.want" "$4" 2
    # the same with CRLF line ends: same lines, same reasons
    printf -- "${2//\\n/\\r\\n}" >"$tmp/bad-crlf.in"
    check "$1 (CRLF)" "$tmp/bad-crlf.in" "$tmp/bad.want" "$4" 2
}

if [ ! -x "$SAPPERD" ]; then
    fail "no daemon at $SAPPERD"
    echo "t_daemon_judge_boom: $passed passed, $failed failed"
    exit 1
fi

# ---- well-formed input
check "statement sample" "$data/statement-sample.in" "$data/statement-sample.out" "" 0
sed 's/$/\r/' "$data/statement-sample.in" >"$tmp/crlf.in"
check "statement sample, CRLF" "$tmp/crlf.in" "$data/statement-sample.out" "" 0
printf '0\n' >"$tmp/zero.in"; : >"$tmp/empty.out"
check "T = 0" "$tmp/zero.in" "$tmp/empty.out" "" 0
printf '1\n2 2\n__\n_*\n0' >"$tmp/quit.in"; printf 'QUIT\n' >"$tmp/quit.out"
check "no operations, no final line end" "$tmp/quit.in" "$tmp/quit.out" "" 0

# ---- a 1000 x 1000 board opened by one click: a million changes
awk 'BEGIN { print 1; print "1000 1000"; row = sprintf("%1000s", ""); gsub(/ /, "_", row);
             for (i = 0; i < 1000; i++) print row; print "1 1000 1"; print 0 }' >"$tmp/big.in"
timeout 120 "$SAPPERD" --judge boom <"$tmp/big.in" >"$tmp/big.out" 2>"$tmp/big.err"
status=$?
changes=$(grep -o '<' "$tmp/big.out" | wc -l)
if [ "$status" -eq 0 ] && [ "$changes" -eq 1000000 ] && [ "$(tail -n 1 "$tmp/big.out")" = WIN ] &&
   head -c 30 "$tmp/big.out" | grep -q '^RUNNING: \[<1, 1, 0>, <1, 2, 0>'; then
    pass
else
    fail "million-change reply: exit $status, $changes changes"
fi

# ---- the same through pipes both ways, as `cat input | sapperd | ...` runs it
cat "$tmp/big.in" | timeout 120 "$SAPPERD" --judge boom 2>"$tmp/pipe.err" | cat >"$tmp/pipe.out"
status=${PIPESTATUS[1]}
if [ "$status" -eq 0 ] && cmp -s "$tmp/pipe.out" "$tmp/big.out" && [ ! -s "$tmp/pipe.err" ]; then
    pass
else
    fail "million-change reply through pipes: exit $status, $(wc -c <"$tmp/pipe.out") bytes out: $(head -c 200 "$tmp/pipe.err")"
fi

# ---- generated games with every kind of move and ending, against the
# contest-style baseline, from a file and through pipes (input arrives while
# replies are still waiting to be written)
if [ -x build/tools/boom_gen ] && [ -x build/tools/boom_baseline ]; then
    build/tools/boom_gen 6 100 100 3000 5 >"$tmp/mixed.in"
    build/tools/boom_baseline <"$tmp/mixed.in" >"$tmp/mixed.want"
    check "generated games" "$tmp/mixed.in" "$tmp/mixed.want" "" 0
    for round in 1 2 3; do
        cat "$tmp/mixed.in" | timeout 60 "$SAPPERD" --judge boom 2>"$tmp/pipe.err" | cat >"$tmp/pipe.out"
        status=${PIPESTATUS[1]}
        if [ "$status" -eq 0 ] && cmp -s "$tmp/pipe.out" "$tmp/mixed.want" && [ ! -s "$tmp/pipe.err" ]; then
            pass
        else
            fail "generated games through pipes, round $round: exit $status, $(wc -c <"$tmp/pipe.out") of $(wc -c <"$tmp/mixed.want") bytes: $(head -c 200 "$tmp/pipe.err")"
        fi
    done
else
    fail "build/tools/boom_gen or boom_baseline is not built (make test-build)"
fi

# ---- output comes as each game finishes, while input is still open
mkfifo "$tmp/stream.in"
trap '' PIPE # a daemon that dies early must fail this check, not kill the script
timeout 30 "$SAPPERD" --judge boom <"$tmp/stream.in" >"$tmp/stream.out" 2>&1 &
judge_pid=$!
exec {to_judge}>"$tmp/stream.in"
printf '2\n1 1\n_\n1 1 1\n0\n' >&"$to_judge"
for _ in $(seq 100); do
    [ "$(wc -l <"$tmp/stream.out")" -ge 3 ] && break
    sleep 0.1
done
early=$(tr '\n' '|' <"$tmp/stream.out")
printf '1 1\n*\n0\n' >&"$to_judge"
exec {to_judge}>&-
wait "$judge_pid"
status=$?
if [ "$early" = "RUNNING: [<1, 1, 0>]|WIN|==========|" ] && [ "$status" -eq 0 ] &&
   [ "$(tail -n 1 "$tmp/stream.out")" = QUIT ]; then
    pass
else
    fail "streaming: first game's output was '$early', exit $status"
fi

# ---- malformed input
bad "empty input" '' '' 'sapperd: boom: line 1: input ended before the number of games'
bad "not a number" '1\n3 x\n' '' 'sapperd: boom: line 2: expected a non-negative number'
bad "negative count" '-2\n' '' 'sapperd: boom: line 1: expected a non-negative number'
bad "number overflow" '1\n3 4294967296\n' '' 'sapperd: boom: line 2: number too large'
bad "zero side" '1\n0 3\n' '' 'sapperd: boom: line 2: n must be at least 1'
bad "board too large" '1\n3 1001\n' '' \
    "sapperd: boom: line 2: m is over this build's limit of 1000 columns"
bad "short row" '1\n2 3\n___\n__\n' '' \
    "sapperd: boom: line 4: row 2 has 2 cells, fewer than the board's 3"
bad "long row" '1\n2 3\n____\n' '' \
    "sapperd: boom: line 3: row 1 has more cells than the board's 3"
bad "row alphabet" '1\n2 3\n___\n_#_\n' '' \
    "sapperd: boom: line 4: row 2 holds '#': cells are '*' or '_'"
bad "x out of range" '1\n2 3\n___\n___\n2 1 1\n1 3 1\n' 'RUNNING: [<1, 1, P>]\n' \
    "sapperd: boom: line 6: x 3 is outside the board's 2 rows"
bad "y out of range" '1\n2 3\n___\n___\n1 1 0\n' '' \
    "sapperd: boom: line 5: y 0 is outside the board's 3 columns"
bad "unknown op" '1\n2 3\n___\n___\n7 1 1\n' '' \
    'sapperd: boom: line 5: unknown operation 7: expected 1, 2, 3, or 0 to end the game'
bad "ends inside a board" '1\n2 3\n___\n' '' \
    'sapperd: boom: line 4: input ended inside the board of game 1'
bad "ends before the closing 0" '2\n1 1\n*\n0\n1 2\n_*\n1 1 1\n' \
    'QUIT\n==========\nRUNNING: [<1, 1, 1>]\nWIN\n' \
    'sapperd: boom: line 8: input ended inside game 2, before its closing 0'
bad "ends inside an operation" '1\n1 2\n_*\n3 1' '' \
    'sapperd: boom: line 4: input ended inside an operation of game 1'
bad "ends before a game" '3\n1 1\n_\n0\n' 'QUIT\n==========\n' \
    'sapperd: boom: line 5: input ended before the board size of game 2'
bad "input after the last game" '1\n1 1\n_\n0\n1 1 1\n' 'QUIT\n' \
    'sapperd: boom: line 5: unexpected input'

echo "t_daemon_judge_boom: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
