#!/usr/bin/env bash
# t_daemon_resume.sh - a game outlives its connection: RESUME <token> over
# real TCP (tests/tools/resume_clients.py, and netcat killed mid-game):
#
#   - a game in play whose connection ends by a FIN, by a reset, or by a
#     netcat killed with SIGKILL is resumed from a new connection with the
#     token VIEW showed: the same board, and it plays on; once only
#   - a token of a connection still open takes its game over, and that
#     connection is told so and closed
#   - a game that ended is not kept, and VIEW shows no token for it
#   - a wrong token, any text, a missing one: one ERR that names nothing
#   - tokens differ from session to session, 16 letters of their alphabet
#   - --keep-games 2: a game is gone 2 s after its drop; --keep-games 0:
#     no token, and RESUME says the server keeps no games
#   - kept games count against --max-memory, and give way to a session
#     that needs the room
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

RESUME="timeout 60 python3 tests/tools/resume_clients.py"
value() { echo "$2" | sed -n "s/^$1 //p" | head -n 1; }
MISS="ERR no game is kept under that token (wrong, expired or already resumed)"

daemon_start keep "$SAPPERD" || { check "daemon starts" 1; summary t_daemon_resume; exit 1; }
A=$DAEMON_ADDR
for how in close reset; do
    out=$($RESUME drop "$A" "$how" 2>&1)
    check_eq "dropped by $how: RESUME takes the game" "$(value resumed "$out")" "OK 16 30 99"
    check_eq "dropped by $how: the same board, flag and all" "$(value same_show "$out")" "yes"
    check_eq "dropped by $how: it plays on" "$(value move "$out")" "RUNNING: "
    check_eq "dropped by $how: a second RESUME of that token" "$(value again "$out")" "$MISS"
done

# A person's netcat, killed in the middle of a game.
fifo=$DAEMON_TMP/nc.in
mkfifo "$fifo"
nc "${A%:*}" "${A#*:}" < "$fifo" > "$DAEMON_TMP/nc.out" &
NC=$!
track $NC
exec 7> "$fifo"
printf 'NEW 9 9 10 77\n1 5 5\nSHOW\nVIEW\n' >&7
for _ in $(seq 1 50); do grep -q '^END' "$DAEMON_TMP/nc.out" && break; sleep 0.1; done
token=$(sed -n 's/.*  game \([0-9a-z]\{16\}\)$/\1/p' "$DAEMON_TMP/nc.out")
{ kill -KILL $NC; wait $NC; } 2>/dev/null # its socket closes with it, the fifo still open
sleep 0.5
show_before=$(sed -n '3,11p' "$DAEMON_TMP/nc.out")
out=$(printf 'RESUME %s\nSHOW\n' "$token" | "$CLIENT" send "$A" 5000)
check_eq "netcat killed mid-game: RESUME takes the game" "$(echo "$out" | head -n 1)" "OK 9 9 10"
check_eq "netcat killed mid-game: the same board" "$(echo "$out" | sed -n '2,10p')" "$show_before"
exec 7>&-

out=$($RESUME live "$A" 2>&1)
check_eq "the token of a connection still open: RESUME takes its game" \
    "$(value resumed "$out")" "OK 16 30 99"
check_eq "... the same board" "$(value same_show "$out")" "yes"
check_eq "... and the old connection is told" "$(value old_told "$out")" \
    "ERR your game was resumed on another connection; closing"
check_eq "... and closed" "$(value old_closed "$out")" "yes"

out=$($RESUME finished "$A" 2>&1)
[ "$(value token "$out")" != none ]
check "a game not started shows its token" $? "$out"
check_eq "a lost game shows none" "$(value shown_after "$out")" "no"
check_eq "a lost game is not kept" "$(value resumed "$out")" "$MISS"

for text in 0000000000000000 zzzzzzzzzzzzzzzz x "$(printf 'a%.0s' $(seq 1 40))"; do
    out=$($RESUME token "$A" "$text" 2>&1)
    check_eq "RESUME ${text:0:20}: the one ERR" "$(value reply "$out")" "$MISS"
done
check_eq "RESUME without a token: its usage" "$(printf 'RESUME\n' | "$CLIENT" send "$A" 5000)" \
    "ERR usage: RESUME <token> (VIEW shows a game's token)"
out=$($RESUME tokens "$A" 16 2>&1)
check_eq "16 sessions, 16 tokens" "$(value distinct "$out")" "16"
check_eq "each 16 letters of the alphabet" "$(value form_ok "$out")" "16"
daemon_stop keep "$DAEMON_PID"
check "the keep daemon stops cleanly" $?

# ---- how long, and none ------------------------------------------------------------------
daemon_start short "$SAPPERD" --keep-games 2 || check "short daemon starts" 1
out=$($RESUME drop "$DAEMON_ADDR" close 1 2>&1)
check_eq "--keep-games 2: resumed 1 s after the drop" "$(value resumed "$out")" "OK 16 30 99"
out=$($RESUME drop "$DAEMON_ADDR" close 2.8 2>&1)
check_eq "--keep-games 2: gone 2.8 s after the drop" "$(value resumed "$out")" "$MISS"
daemon_stop short "$DAEMON_PID"
check "the short daemon stops cleanly" $?

daemon_start none "$SAPPERD" --keep-games 0 || check "none daemon starts" 1
out=$(printf 'NEW 2 2 1 1\nVIEW\nRESUME abc\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "--keep-games 0: VIEW shows no token" "$(echo "$out" | grep '^mines')" \
    "mines left 1 of 1  clicks 0  not started"
check_eq "--keep-games 0: RESUME says why not" "$(echo "$out" | tail -n 1)" \
    "ERR this server keeps no games to resume"
daemon_stop none "$DAEMON_PID"
check "the none daemon stops cleanly" $?

# ---- memory ----------------------------------------------------------------------------------
# A 1000 x 1000 game (1 MB) dropped under a 1.5 MB budget stays counted: a
# second big game does not fit beside it until the kept one gives way.
daemon_start tight "$SAPPERD" --max-memory 1500K --max-memory-per-address 1500K \
    || check "tight daemon starts" 1
out=$(printf 'NEW 1000 1000 1 1\n2 1 1\nVIEW\n' | "$CLIENT" send "$DAEMON_ADDR" 20000 \
    | sed -n 's/.*  game \([0-9a-z]\{16\}\)$/\1/p')
sleep 0.3
got=$(printf 'NEW 1000 1000 1 2\nRESUME %s\n' "$out" | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "a session that needs the room takes it from a kept game, which is then gone" \
    "$got" "$(printf 'OK 1000 1000 1\n%s' "$MISS")"
daemon_stop tight "$DAEMON_PID"
check "the tight daemon stops cleanly" $?

summary t_daemon_resume
