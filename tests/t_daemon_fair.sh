#!/usr/bin/env bash
# t_daemon_fair.sh - sapperd stays fair: three clients send big CASUAL boards
# back to back (random, and the periodic tile of tests/README.md as it is,
# flipped and transposed) while a fourth sends one-line requests every 20
# ms; then three clients generating 1000 x 1000 no-guess boards; then
# three clients of every heavy kind of tests/tools/daemon_fair.c
# at once (CASUAL solving, CASUAL and NOGUESS generation, HINT/PROB,
# SHOW/PROB, JUDGE streams, PLAY to the end of no-guess games).  The light
# client's round trips must stay far below the seconds
# one heavy request used to hold the daemon for, every heavy answer must be
# right and every heavy client answered.  The bounds are generous (the
# daemon runs under ASan/UBSan here); `make bench` prints the plain build's
# figures against the 10 ms / 20 ms targets.
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

FAIR=build/tools/daemon_fair
value() { echo "$2" | sed -n "s/.* $1 \([0-9]*\).*/\1/p" | head -n 1; }

daemon_start fair "$SAPPERD" --max-per-address 64 || { check "daemon starts" 1; summary t_daemon_fair; exit 1; }
out=$(timeout 300 "$FAIR" "$DAEMON_ADDR" 400 150 20 2>&1)
rc=$?
echo "    $out"
check "fair: every heavy and light reply is right" $rc "$out"
p99=$(value p99 "$out")
answers=$(value answers "$out")
[ -n "$p99" ] && [ "$p99" -lt 100000 ]
check "fair: the light client's p99 is under 100 ms while 400 x 400 boards run" $? "p99 ${p99:-?} us"
[ -n "$answers" ] && [ "$answers" -ge 6 ]
check "fair: the heavy clients got their answers meanwhile" $? "${answers:-?} boards"

# Three clients asking for 1000 x 1000 no-guess boards at 20 % mines (the
# biggest board, seconds of work each under ASan) while the light client runs.
out=$(timeout 300 "$FAIR" "$DAEMON_ADDR" 1000 150 20 --heavy noguess-gen 2>&1)
rc=$?
echo "$out" | sed 's/^/    /'
check "fair, 1000 x 1000 NOGUESS: every reply is right" $rc "$out"
p99=$(value p99 "$out")
answers=$(value answers "$out")
[ -n "$p99" ] && [ "$p99" -lt 100000 ] && [ -n "$answers" ] && [ "$answers" -ge 3 ]
check "fair, 1000 x 1000 NOGUESS: light p99 under 100 ms, a board for each client" $? \
    "p99 ${p99:-?} us, ${answers:-?} boards"

# Every heavy kind at once, 300 x 300 boards: 18 heavy clients.
out=$(timeout 300 "$FAIR" "$DAEMON_ADDR" 300 400 20 --heavy all 2>&1)
rc=$?
echo "$out" | sed 's/^/    /'
check "fair, every kind: every heavy and light reply is right" $rc "$out"
p99=$(value p99 "$out")
max=$(value max "$out")
least=$(value least "$out")
[ -n "$p99" ] && [ "$p99" -lt 100000 ] && [ -n "$max" ] && [ "$max" -lt 500000 ]
check "fair, every kind: the light client's p99 is under 100 ms and its max under 500 ms" $? \
    "p99 ${p99:-?} us, max ${max:-?} us"
[ -n "$least" ] && [ "$least" -ge 1 ]
check "fair, every kind: every heavy client got answers" $? "the fewest: ${least:-?}"

# Timers and signals keep working during heavy work: SIGTERM ends the daemon
# promptly even while a heavy board is being solved.
( timeout 60 "$FAIR" "$DAEMON_ADDR" 400 1000 20 >/dev/null 2>&1 & )
sleep 1
start=$(date +%s%N)
kill -TERM "$DAEMON_PID"
for _ in $(seq 1 100); do kill -0 "$DAEMON_PID" 2>/dev/null || break; sleep 0.1; done
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
! kill -0 "$DAEMON_PID" 2>/dev/null && [ "$elapsed" -lt 8000 ]
check "fair: SIGTERM during heavy work stops the daemon (${elapsed} ms)" $?

summary t_daemon_fair
