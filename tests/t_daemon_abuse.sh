#!/usr/bin/env bash
# t_daemon_abuse.sh - sapperd against clients that try to take it over, over
# real sockets (tests/tools/abuse_clients.py; client addresses across
# 127.0.0.0/8):
#
#   - tricklers, one per address, each sending a byte at a time and never a
#     line end, fill --max-clients: one more from any of their addresses is
#     refused (an address holding fewer would take a trickler's slot:
#     t_daemon_share.sh); --line-timeout tells them so and closes them, and
#     a new client is served again
#   - one address holds at most --max-per-address sessions; the others are
#     refused with one ERR line, and another address is still served
#   - a session that finished (BYE, a line too long) frees its slot once
#     its last reply is out, while its peer reads nothing
#   - 300 refusals in a burst are all counted in the log within 1.5 s
#   - under a small descriptor limit, the connections closed unserved are
#     counted in the log
#   - a client that resets in the middle of long work: its slot is free at
#     once and the work stops (the daemon's CPU goes idle)
#   - a request past its work allowance (--max-request-work) gives up with
#     one ERR and changes nothing; a client that sends the hard board's
#     click and closes (a FIN: it might still read) has its work stopped at
#     that allowance, and its slot freed
#   - a line that took long only because the daemon was busy is not late
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP
HELP_FIRST=$(printf 'HELP\n' | "$CLIENT" transcript | head -n 1)
HELP_LINES=$(printf 'HELP\n' | "$CLIENT" transcript | wc -l)
ABUSE="timeout 120 python3 tests/tools/abuse_clients.py"

# value NAME TEXT: the rest of TEXT's line "NAME rest".
value() { echo "$2" | sed -n "s/^$1 //p" | head -n 1; }
# logged_total WORD LOG: the sum of N over the log's lines "WORD N ...".
logged_total() { sed -n "s/^sapperd: $1 \([0-9]*\) .*/\1/p" "$2" | awk '{ n += $1 } END { print n + 0 }'; }

# ---- trickling connections ---------------------------------------------------------
daemon_start trickle "$SAPPERD" --max-clients 20 --line-timeout 2 \
    || { check "daemon starts" 1; summary t_daemon_abuse; exit 1; }
$ABUSE trickle "$DAEMON_ADDR" 20 0.5 > "$T/trickle.out" 2>&1 &
TRICKLE=$!
track $TRICKLE
for i in $(seq 1 100); do grep -q '^connected' "$T/trickle.out" && break; sleep 0.1; done
out=$($ABUSE hold "$DAEMON_ADDR" 127.0.0.2 1 2>&1)
check_eq "20 tricklers fill --max-clients 20: one more from a trickler's address is refused" \
    "$(value refusal "$out")" "ERR busy"
grep -q 'refused 1 client: 20 sessions open (--max-clients); 127.0.0.[0-9]* holds the most (1)' \
    "$T/trickle.log"
check "the refusal's log line names the address holding the most slots" $? "$(cat "$T/trickle.log")"
sleep 3
out=$(printf 'HELP\n' | "$CLIENT" send "$DAEMON_ADDR" 5000 | wc -l)
check_eq "past --line-timeout 2 a new client is served" "$out" "$HELP_LINES"
wait_exit $TRICKLE 60
out=$(cat "$T/trickle.out")
check_eq "every trickler was closed" "$(value closed "$out")" "20"
check_eq "every trickler was told why" "$(value told "$out")" "20"
check_eq "the line it was told" "$(value told_line "$out")" "ERR line not finished within 2 s; closing"
daemon_stop trickle $DAEMON_PID
check "the trickle daemon stops cleanly" $?

# ---- one address ---------------------------------------------------------------------
daemon_start address "$SAPPERD" --max-per-address 3 || check "address daemon starts" 1
out=$($ABUSE hold "$DAEMON_ADDR" 127.0.0.2 8 2>&1)
check_eq "one address holds --max-per-address 3 sessions" "$(value held "$out")" "3"
check_eq "its other 5 are refused" "$(value refused "$out")" "5"
check_eq "with the reason" "$(value refusal "$out")" \
    "ERR busy: too many connections from your address"
grep -q 'refused 1 client: 3 sessions from one address (--max-per-address), the last from 127.0.0.2' \
    "$T/address.log"
check "the per-address refusal is logged with the address" $? "$(cat "$T/address.log")"
out=$(printf 'HELP\n' | "$CLIENT" send "$DAEMON_ADDR" 5000 | wc -l)
check_eq "another address is served meanwhile" "$out" "$HELP_LINES"
daemon_stop address $DAEMON_PID
check "the address daemon stops cleanly" $?
out=$("$SAPPERD" --help)
[[ "$out" == *"--max-per-address N"* && "$out" == *"--line-timeout SECONDS"* ]]
check "--help names --max-per-address and --line-timeout" $?
for bad in "--max-per-address 0" "--max-per-address x" "--line-timeout -1" "--line-timeout"; do
    # shellcheck disable=SC2086
    err=$("$SAPPERD" $bad 2>&1 >/dev/null)
    [ $? -eq 2 ] && [[ "$err" == *"needs a number"* ]]
    check "'$bad' is refused" $? "$err"
done

# ---- a finished session frees its slot ----------------------------------------------
daemon_start finish "$SAPPERD" --max-clients 1 || check "finish daemon starts" 1
out=$($ABUSE finish "$DAEMON_ADDR" bye 2>&1)
check_eq "after BYE (not read), --max-clients 1 takes a new client" \
    "$(value second "$out")" "$HELP_FIRST"
out=$($ABUSE finish "$DAEMON_ADDR" toolong 2>&1)
check_eq "after ERR line too long (not read), --max-clients 1 takes a new client" \
    "$(value second "$out")" "$HELP_FIRST"
daemon_stop finish $DAEMON_PID
check "the finish daemon stops cleanly" $?

# ---- refusals in a burst are all counted --------------------------------------------
daemon_start burst "$SAPPERD" --max-clients 1 || check "burst daemon starts" 1
"$CLIENT" idle "$DAEMON_ADDR" 1 4000 > "$T/holder.out" &
HOLDER=$!
track $HOLDER
for i in $(seq 1 50); do grep -q ready "$T/holder.out" && break; sleep 0.1; done
out=$($ABUSE burst "$DAEMON_ADDR" 300 2>&1)
check_eq "300 connections over --max-clients 1 each read ERR busy" "$(value busy "$out")" "300"
sleep 1.5
check_eq "all 300 refusals are in the log within 1.5 s" "$(logged_total refused "$T/burst.log")" "300"
wait_exit $HOLDER 10
daemon_stop burst $DAEMON_PID
check "the burst daemon stops cleanly" $?

# ---- out of descriptors ---------------------------------------------------------------
DAEMON_WRAP="prlimit --nofile=64" daemon_start nofile "$SAPPERD" --max-per-address 200 \
    || check "nofile daemon starts" 1
out=$($ABUSE many "$DAEMON_ADDR" 120 2>&1)
served=$(value served "$out")
closed=$(value closed "$out")
[ -n "$served" ] && [ "$served" -gt 20 ] && [ "$closed" -gt 0 ]
check "--nofile 64: some of 120 clients served ($served), the rest closed ($closed)" $? "$out"
sleep 1.5
check_eq "every closed one is counted in the log" "$(logged_total dropped "$T/nofile.log")" "$closed"
grep -q 'dropped [0-9]* connections: too few file descriptors left' "$T/nofile.log"
check "the log says why" $? "$(tail -n 3 "$T/nofile.log")"
out=$(printf 'HELP\n' | "$CLIENT" send "$DAEMON_ADDR" 5000 | wc -l)
check_eq "served again once they left" "$out" "$HELP_LINES"
daemon_stop nofile $DAEMON_PID
check "the nofile daemon stops cleanly" $?

# ---- a reset in the middle of long work -----------------------------------------------
daemon_start reset "$SAPPERD" --max-clients 1 || check "reset daemon starts" 1
out=$($ABUSE reset "$DAEMON_ADDR" "$DAEMON_PID" 2>&1)
echo "$out" | sed 's/^/    /'
busy=$(value cpu_busy_ticks "$out")
[ -n "$busy" ] && [ "$busy" -ge 20 ]
check "the hard board keeps the daemon busy ($busy ticks in 0.5 s)" $? "$out"
check_eq "after the reset, --max-clients 1 takes a new client" \
    "$(value second "$out")" "$HELP_FIRST"
ms=$(value second_ms "$out")
[ -n "$ms" ] && [ "$ms" -lt 1000 ]
check "within a second (${ms:-?} ms)" $?
after=$(value cpu_after_ticks "$out")
[ -n "$after" ] && [ "$after" -le 10 ]
check "the work stopped: ${after:-?} ticks of CPU in the second after" $?
daemon_stop reset $DAEMON_PID
check "the reset daemon stops cleanly" $?

# ---- the work allowance ----------------------------------------------------------------
# 20 steps a cell: the hard board (a 1000 x 1000 no-guess board at 20 %
# mines, seconds of work) gives up after 20 million steps (a fraction of a
# second).
daemon_start allowance "$SAPPERD" --max-clients 1 --max-request-work 20 \
    || check "allowance daemon starts" 1
out=$(printf 'NEW 1000 1000 200000 1 NOGUESS\n1 500 500\nSTATS\n2 1 1\n' \
    | timeout 60 "$CLIENT" send "$DAEMON_ADDR")
check_eq "past --max-request-work the click gives up and lays no mines" "$out" \
    "$(printf 'OK 1000 1000 200000\nERR gave up after its allowance of work (20 steps a cell); nothing changed\nERR no mines yet: a random board lays them at the first left click\nRUNNING: [<1, 1, P>]')"
out=$($ABUSE vanish "$DAEMON_ADDR" "$DAEMON_PID" 2>&1)
echo "$out" | sed 's/^/    /'
check_eq "a client that clicks and closes: --max-clients 1 takes a new client" \
    "$(value second "$out")" "$HELP_FIRST"
ms=$(value second_ms "$out")
[ -n "$ms" ] && [ "$ms" -lt 10000 ]
check "once its allowance is spent (${ms:-?} ms)" $?
after=$(value cpu_after_ticks "$out")
[ -n "$after" ] && [ "$after" -le 10 ]
check "the work stopped: ${after:-?} ticks of CPU in the second after" $?
daemon_stop allowance $DAEMON_PID
check "the allowance daemon stops cleanly" $?
"$SAPPERD" --max-request-work x 2>&1 | grep -q -- '--max-request-work needs a number of steps a cell'
check "--max-request-work checks its argument" $?

# ---- busy is not late ----------------------------------------------------------------
# A board that takes the ASan build about 2 s, then 2,000 requests behind
# it: the daemon stops reading while it works, with a line cut in half in
# its buffer, for longer than --line-timeout 1.
daemon_start late "$SAPPERD" --line-timeout 1 || check "late daemon starts" 1
{ printf 'NEW 200 200 9000 7 NOGUESS\n1 100 100\n'; yes STATS | head -n 2000; } > "$T/late.in"
"$CLIENT" send "$DAEMON_ADDR" 60000 < "$T/late.in" > "$T/late.out"
check_eq "a line held up by the daemon's own work is not late: every reply comes" \
    "$(wc -l < "$T/late.out") $(grep -c '^ERR' "$T/late.out")" "2002 0"
daemon_stop late $DAEMON_PID
check "the late daemon stops cleanly" $?

summary t_daemon_abuse
