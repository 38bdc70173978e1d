#!/usr/bin/env bash
# t_daemon_share.sh - no address takes the boards from the others, and every
# line end is a line end: sapperd against clients that hold memory, stall,
# trickle or idle, over real sockets bound to distinct loopback addresses
# (tests/tools/share_clients.py):
#
#   - 30 NURIKABE 1000 x 1000 headers whose numbers never come, from two
#     addresses, kept alive with blank lines: a client from a third address
#     still gets NEW EXPERT, NEW 1 1 0 1 and CASUAL 1 1 at once
#   - four addresses with 16 sessions each, stalled, trickling and idle
#     with 1000 x 1000 games and HINT's block: a fifth address starts a
#     NEW EXPERT game and a 1000 x 1000 one at once
#   - a request whose lines stop, or come only as blank lines, ends with one
#     ERR at --request-timeout; an idle session's blank lines do not keep it
#     from --idle-timeout
#   - a client whose lines end with a lone CR is served for as long as it
#     sends them (the line clock stops at a CR as at a LF)
#   - 16 idle sessions from one address, idle past the eviction age, make
#     room for a 17th from the same address
#   - under SET ECHO ON, the daemon's own notices start on a line of their
#     own and end "\r\n"
#   - at a full --max-clients 64, four addresses at their --max-per-address
#     16: a fifth address gets in 8 times out of 8, and each time the
#     session that gives way is the idle longest of an address holding the
#     most, told why; one holding fewer loses none
#   - 64 addresses x 16 games left with a move fill the kept table: a
#     victim's kept game outlives them, the oldest of an address keeping the
#     most gives way; games with no move are not kept
#   - a kept game resumed from a second address and left again is charged
#     to and listed under that address: the first gets its memory back, the
#     second's next board pushes the game out
#   - the --max-clients refusal line counts what was open when it refused
#   - the options' arguments are checked
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

SHARE="timeout 120 python3 tests/tools/share_clients.py"
value() { echo "$2" | sed -n "s/^$1 //p" | head -n 1; }

# ---- reservations no bytes have earned ----------------------------------------------
daemon_start headers "$SAPPERD" || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE headers "$DAEMON_ADDR" 2>&1)
check_eq "30 stalled NURIKABE headers from 2 addresses: NEW EXPERT from a third" \
    "$(value victim_1 "$out")" "OK 16 30 99"
check_eq "... NEW 1 1 0 1" "$(value victim_2 "$out")" "OK 1 1 0"
check_eq "... CASUAL 1 1" "$(value victim_3 "$out")" "0 1 1"
daemon_stop headers "$DAEMON_PID"
check "the headers daemon stops cleanly" $?

# ---- the five-address promise ---------------------------------------------------------
daemon_start promise "$SAPPERD" || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE promise "$DAEMON_ADDR" 2>&1)
held=$(value held_refused "$out")
[ -n "$held" ] && [ "$held" -gt 0 ]
check "four addresses asking for everything are refused past their shares ($held refusals)" \
    $? "$out"
check_eq "a fifth address starts NEW EXPERT" "$(value expert "$out")" "OK 16 30 99"
ms=$(value expert_ms "$out")
[ -n "$ms" ] && [ "$ms" -lt 1000 ]
check "... at once (${ms:-?} ms)" $?
check_eq "a fifth address starts a 1000 x 1000 game" "$(value big "$out")" "OK 1000 1000 1"
ms=$(value big_ms "$out")
[ -n "$ms" ] && [ "$ms" -lt 1000 ]
check "... at once (${ms:-?} ms)" $?
daemon_stop promise "$DAEMON_PID"
check "the promise daemon stops cleanly" $?

# ---- what gives way -------------------------------------------------------------------
daemon_start slots "$SAPPERD" --max-clients 64 \
    || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE slots "$DAEMON_ADDR" 2>&1)
check_eq "four addresses hold all 64 slots: a fifth address is served 8 times of 8" \
    "$(value served "$out")" "8"
check_eq "... its first request answered" "$(value reply "$out")" \
    "ERR no game: start one with NEW"
check_eq "... the first time, the session idle longest of those addresses gave way" \
    "$(value first_closed "$out")" "3/0"
check_eq "... told why" "$(value told_line "$out")" \
    "ERR closing: the server is full and your address holds the most connections"
check_eq "... as was every session closed" "$(value told "$out")" "8"
check_eq "... two from each, never from one holding fewer (the idle ones are 127.0.0.3's)" \
    "$(value closed "$out")" "2:2 3:2 4:2 5:2"
daemon_stop slots "$DAEMON_PID"
check "the slots daemon stops cleanly" $?

daemon_start kept "$SAPPERD" || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE kept "$DAEMON_ADDR" 2>&1)
check_eq "64 addresses leave 16 games each: a victim's kept game is still there" \
    "$(value victim "$out")" "OK 16 30 99"
check_eq "... the oldest of an address keeping the most gave way" "$(value first "$out")" \
    "ERR no game is kept under that token (wrong, expired or already resumed)"
check_eq "... games with no move are not kept" "$(value nomove_kept "$out")" "0"
daemon_stop kept "$DAEMON_PID"
check "the kept daemon stops cleanly" $?

daemon_start account "$SAPPERD" --max-memory 64K --max-memory-per-address 15K \
    || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE account "$DAEMON_ADDR" 2>&1)
check_eq "a kept game resumed from a second address" "$(value resumed "$out")" "OK 100 100 1000"
check_eq "... and left again: the first address has its memory back" \
    "$(value first_again "$out")" "OK 100 100 1000"
check_eq "... the second's next board takes the room from its kept game" \
    "$(value second_new "$out")" "OK 100 100 1000"
check_eq "... which is then gone" "$(value second_resume "$out")" \
    "ERR no game is kept under that token (wrong, expired or already resumed)"
daemon_stop account "$DAEMON_PID"
check "the account daemon stops cleanly" $?

daemon_start refusals "$SAPPERD" --max-clients 2 --max-per-address 2 \
    || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE refusals "$DAEMON_ADDR" 2>&1)
check_eq "an address holding all of --max-clients 2 is refused 3 times" "$(value busy "$out")" "3"
sleep 1.5 # the refusals after the first are logged within a second
lines=$(grep 'refused [0-9]* client' "$DAEMON_TMP/refusals.log")
check_eq "the log counts them all" \
    "$(echo "$lines" | sed -n 's/.*refused \([0-9]*\) client.*/\1/p' | awk '{ n += $1 } END { print n + 0 }')" "3"
check_eq "... each line as things were when it refused, not when it is written" \
    "$(echo "$lines" | grep -vc ': 2 sessions open (--max-clients); 127.0.0.2 holds the most (2)$')" \
    "0"
daemon_stop refusals "$DAEMON_PID"
check "the refusals daemon stops cleanly" $?

# ---- deadlines ---------------------------------------------------------------------------
daemon_start clocks "$SAPPERD" --line-timeout 3 --request-timeout 3 --idle-timeout 12 \
    || { check "daemon starts" 1; summary t_daemon_share; exit 1; }
out=$($SHARE blank "$DAEMON_ADDR" 8 2>&1)
check_eq "NEW 3 3 and only blank lines after: told at --request-timeout" \
    "$(value told "$out")" "ERR request not finished within 3 s; closing"
after=$(value closed_after_s "$out")
[ "$after" != no ] && awk -v a="$after" 'BEGIN { exit !(a >= 2.5 && a <= 5) }'
check "... and closed after about 3 s (${after} s)" $?
out=$($SHARE idleblank "$DAEMON_ADDR" 16 2>&1)
check_eq "an idle session's blank lines are no sign of life: told at --idle-timeout" \
    "$(value told "$out")" "ERR idle for 12 s; closing"
after=$(value closed_after_s "$out")
[ "$after" != no ] && awk -v a="$after" 'BEGIN { exit !(a >= 11.5 && a <= 14) }'
check "... and closed after about 12 s (${after} s)" $?
out=$($SHARE cr "$DAEMON_ADDR" 6 2>&1)
check_eq "lines ended by a lone CR: SHOW answered every second for 6 s" \
    "$(value answered "$out")" "6"
check_eq "... and never told the line is unfinished" "$(value closed "$out")" "no"
out=$($SHARE nat "$DAEMON_ADDR" 2>&1)
check_eq "16 sessions of one address idle past a twelfth of --idle-timeout: a 17th is served" \
    "$(value newcomer "$out")" "$(printf 'HELP\n' | "$CLIENT" transcript | head -n 1)"
check_eq "... in the place of one of them" "$(value evicted "$out")" "1"
check_eq "... which was told why" "$(value evicted_line "$out")" \
    "ERR idle for 1 s while your address has no session left; closing"
out=$($SHARE echo "$DAEMON_ADDR" partial 2>&1)
check_eq "SET ECHO ON, a line half typed: the notice on a line of its own, ended CR LF" \
    "$(value tail "$out")" "b'SHO\\r\\nERR line not finished within 3 s; closing\\r\\n'"
daemon_stop clocks "$DAEMON_PID"
check "the clocks daemon stops cleanly" $?

# ---- the options ------------------------------------------------------------------------
out=$("$SAPPERD" --help)
[[ "$out" == *"--request-timeout SECONDS"* && "$out" == *"--keep-games SECONDS"* \
    && "$out" == *"--max-memory-per-address BYTES"* ]]
check "--help names --request-timeout, --keep-games and --max-memory-per-address" $?
for bad in "--request-timeout x" "--request-timeout" "--keep-games -1" \
    "--max-memory-per-address 0" "--max-memory-per-address 5X"; do
    # shellcheck disable=SC2086
    err=$("$SAPPERD" $bad 2>&1 >/dev/null)
    [ $? -eq 2 ] && [[ "$err" == *"needs a number"* ]]
    check "'$bad' is refused" $? "$err"
done

summary t_daemon_share
