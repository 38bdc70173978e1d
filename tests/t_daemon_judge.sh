#!/usr/bin/env bash
# t_daemon_judge.sh - sapperd --judge FORMAT as a program: stdin from a file
# and a pipe, stdout to a file and a pipe, output streamed as cases finish,
# exit status and the one stderr line on malformed input; and whole games
# played over TCP and --stdin whose replies equal the judge mode's lines
# for the same moves.
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP
D=/work/shared/testdata
[ -d "$D" ] || D=../shared/testdata
SAMPLE_IN=$D/boom/statement-sample.in
SAMPLE_OUT=$D/boom/statement-sample.out

# ---- file and pipe ends ------------------------------------------------------------
timeout 10 "$SAPPERD" --judge boom < "$SAMPLE_IN" > "$T/out" 2> "$T/err"
check "judge boom, file to file: exit 0" $?
cmp -s "$T/out" "$SAMPLE_OUT"
check "judge boom, file to file: byte-exact" $?
check_eq "judge boom: nothing on stderr" "$(cat "$T/err")" ""
cat "$SAMPLE_IN" | timeout 10 "$SAPPERD" --judge boom | cat > "$T/out"
cmp -s "$T/out" "$SAMPLE_OUT"
check "judge boom, pipe to pipe: byte-exact" $?
sed 's/$/\r/' "$SAMPLE_IN" | timeout 10 "$SAPPERD" --judge BOOM > "$T/out"
cmp -s "$T/out" "$SAMPLE_OUT"
check "judge boom, CRLF input, upper-case format name" $?

# ---- streaming: a case's output comes before the input ends -----------------
mkfifo "$T/fifo"
timeout 20 "$SAPPERD" --judge boom < "$T/fifo" > "$T/stream" 2>&1 &
STREAM=$!
track $STREAM
exec 7> "$T/fifo"
head -n 7 "$SAMPLE_IN" >&7          # T and the whole first game
seen=1
for i in $(seq 1 50); do
    if grep -q '^WIN$' "$T/stream"; then seen=0; break; fi
    sleep 0.1
done
check "judge output streams: game 1 answered while the input is still open" $seen
tail -n +8 "$SAMPLE_IN" >&7
exec 7>&-
wait_exit $STREAM 10
check "judge output streams: exit 0 at the end" $?
cmp -s "$T/stream" "$SAMPLE_OUT"
check "judge output streams: byte-exact" $?

# ---- malformed input ---------------------------------------------------------------------
# Line 10 of the sample is the second row of game 2; make it a bad row.
sed '10s/.*/__x/' "$SAMPLE_IN" > "$T/bad.in"
timeout 10 "$SAPPERD" --judge boom < "$T/bad.in" > "$T/bad.out" 2> "$T/bad.err"
check_eq "malformed input: exit 2" "$?" "2"
head -n 2 "$SAMPLE_OUT" > "$T/game1"
cmp -s <(head -n 2 "$T/bad.out") "$T/game1"
check "malformed input: the complete game before it was written" $?
cmp -s "$T/bad.out" <(head -c "$(wc -c < "$T/bad.out")" "$SAMPLE_OUT")
check "malformed input: stdout is a prefix of the right output" $?
[ "$(wc -l < "$T/bad.err")" -eq 1 ] && grep -qE '^sapperd: boom: line 10: .+$' "$T/bad.err"
check "malformed input: one stderr line 'sapperd: boom: line 10: ...' ($(cat "$T/bad.err"))" $?

printf '' | timeout 10 "$SAPPERD" --judge boom > "$T/empty.out" 2> "$T/empty.err"
check_eq "empty input: exit 2" "$?" "2"
grep -qE '^sapperd: boom: line 1: .+$' "$T/empty.err"
check "empty input: the stderr line ($(cat "$T/empty.err"))" $?
check_eq "empty input: nothing on stdout" "$(cat "$T/empty.out")" ""

{ cat "$SAMPLE_IN"; echo "garbage"; } | timeout 10 "$SAPPERD" --judge boom > "$T/tail.out" 2> "$T/tail.err"
check_eq "input after the last game: exit 2" "$?" "2"
cmp -s "$T/tail.out" "$SAMPLE_OUT"
check "input after the last game: every game was written" $?

head -c 2000000 /dev/urandom | timeout 20 "$SAPPERD" --judge boom > /dev/null 2> "$T/rand.err"
status=$?
[ "$status" -eq 2 ] && grep -qE '^sapperd: boom: line [0-9]+: .+$' "$T/rand.err"
check "random bytes: exit 2 with the stderr line (status $status)" $?

# A reader that stops reading the output (`| head`): the judge stops too
# (EPIPE), quietly, with status 0 and no hang.
big=$T/big.in
{ echo 1; echo "1000 1000"; for i in $(seq 1 1000); do printf '%01000d\n' 0 | tr 0 _; done;
  echo "1 1 1"; echo 0; } > "$big"   # one click opens a million cells: 14 MB of reply
timeout 20 "$SAPPERD" --judge boom < "$big" 2> "$T/pipe.err" | head -c 100 > /dev/null
status=${PIPESTATUS[0]}
check_eq "stdout closed by its reader: exit 0" "$status" "0"
check_eq "stdout closed by its reader: nothing on stderr" "$(wc -c < "$T/pipe.err")" "0"

# ---- whole games: TCP and --stdin replies equal the judge mode's lines -----
daemon_start games "$SAPPERD" || check "daemon starts" 1
same=0
for seed in $(seq 1 30); do
    "$CLIENT" boom-game "$seed" "$T/g.judge" "$T/g.proto"
    timeout 10 "$SAPPERD" --judge boom < "$T/g.judge" > "$T/g.want" || { same=1; echo "judge failed, seed $seed"; }
    # The protocol adds "OK r c m" for NEW, and "OK" for 0 after the game ended.
    "$CLIENT" send "$DAEMON_ADDR" 10000 < "$T/g.proto" | tail -n +2 | sed '${/^OK$/d}' > "$T/g.tcp"
    timeout 10 "$SAPPERD" --stdin < "$T/g.proto" | tail -n +2 | sed '${/^OK$/d}' > "$T/g.stdin"
    if ! cmp -s "$T/g.tcp" "$T/g.want" || ! cmp -s "$T/g.stdin" "$T/g.want"; then
        same=1
        echo "seed $seed differs:"; diff "$T/g.tcp" "$T/g.want" | head -n 5
    fi
done
check "30 whole games: TCP and --stdin replies equal the judge mode's" $same
lines=$(wc -l < "$T/g.want")
[ "$lines" -gt 0 ]
check "the last game had replies ($lines lines)" $?
daemon_stop games "$DAEMON_PID"
check "daemon stops cleanly" $?

summary t_daemon_judge
