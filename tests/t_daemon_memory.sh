#!/usr/bin/env bash
# t_daemon_memory.sh - sapperd's memory budget and its accept path.
#
#   - 80 greedy clients, each asking for a 1000 x 1000 game (1 MB) and a
#     half-sent 1000 x 1000 CASUALMAP (4 MB), under --max-memory 64M: those
#     past the budget get "ERR not enough memory for this board" and can
#     still play a small game; RSS stays under 100 MiB and falls under
#     40 MiB once they are gone (plain build: ASan's allocator keeps memory)
#   - 300 sessions with small boards (from malloc) leave, and RSS falls
#     back within 4 MiB of where it started
#   - --max-memory's argument is checked
#   - an allocation that fails at accept (SAPPERD_FAIL_ACCEPT=N, a hook of
#     the test build $SAPPERD, fails the N-th connection's) closes that one
#     connection and the listener goes on: the next clients are served
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP

# ---- the budget ----------------------------------------------------------------
daemon_start budget "$SAPPERD_PLAIN" --max-memory 64M --max-per-address 100 \
    --max-memory-per-address 64M --keep-games 0 \
    || { check "daemon starts" 1; summary t_daemon_memory; exit 1; }
PID=$DAEMON_PID
out=$(timeout 120 python3 tests/tools/memory_clients.py "$DAEMON_ADDR" "$PID" 80 900 2>&1)
check "80 greedy clients ran" $? "$out"
echo "$out" | sed 's/^/    /'
value() { echo "$out" | sed -n "s/^$1 \([^ ]*\).*/\1/p"; }
refused=$(echo "$out" | sed -n 's/^games [0-9]* refused \([0-9]*\)$/\1/p')
[ -n "$refused" ] && [ "$refused" -gt 0 ]
check "past 64M, games are refused with ERR not enough memory" $? "$out"
check_eq "a refused client still plays a small game" "$(value small_game)" "OK_2_2_1"
peak=$(value peak_rss_kib)
[ -n "$peak" ] && [ "$peak" -lt $((100 * 1024)) ]
check "RSS with everyone holding on is under 100 MiB (${peak:-?} KiB)" $?
after=$(value after_rss_kib)
[ -n "$after" ] && [ "$after" -lt $((40 * 1024)) ]
check "RSS after they left is under 40 MiB (${after:-?} KiB)" $?
out=$(printf 'NEW 1000 1000 1 1\n0\n' | "$CLIENT" send "$DAEMON_ADDR")
check_eq "the budget is whole again: a 1000 x 1000 game" "$out" "$(printf 'OK 1000 1000 1\nQUIT')"
daemon_stop budget "$PID"
check "the budget daemon stops cleanly" $?

# ---- the option ------------------------------------------------------------------
for bad in 0 12X 64MB -5 99999999999 ""; do
    err=$("$SAPPERD" --max-memory "$bad" 2>&1 >/dev/null)
    [ $? -eq 2 ] && [[ "$err" == *"--max-memory needs a number of bytes"* ]]
    check "--max-memory '$bad' is refused" $? "$err"
done
"$SAPPERD" --help | grep -q -- '--max-memory BYTES'
check "--help names --max-memory" $?

# Small boards go back to the system too: 300 sessions with a 250 x 250
# game each (62.5 KB blocks, from malloc) take RSS up by about 19 MiB; 1.5 s
# after they left it is back within 4 MiB of where it started (glibc kept
# about 15 MiB before the daemon asked it to trim).
ulimit -n 4096 2>/dev/null
daemon_start small_boards "$SAPPERD_PLAIN" --max-clients 1000 --keep-games 0 \
    || check "small-boards daemon starts" 1
out=$(timeout 120 python3 tests/tools/crowd_clients.py smallboards "$DAEMON_ADDR" "$DAEMON_PID" 300 2>&1)
before=$(echo "$out" | sed -n 's/^rss_before_kib //p')
peak=$(echo "$out" | sed -n 's/^rss_peak_kib //p')
after=$(echo "$out" | sed -n 's/^rss_after_kib //p')
[ -n "$peak" ] && [ -n "$before" ] && [ "$peak" -gt $((before + 10 * 1024)) ]
check "300 sessions with 250 x 250 games take RSS up (${before:-?} -> ${peak:-?} KiB)" $? "$out"
[ -n "$after" ] && [ "$after" -lt $((before + 4 * 1024)) ]
check "1.5 s after they left, RSS is within 4 MiB of where it started (${after:-?} KiB)" $? "$out"
daemon_stop small_boards "$DAEMON_PID"
check "the small-boards daemon stops cleanly" $?

# A budget below one big board: that board is refused, small ones are not.
daemon_start small "$SAPPERD" --max-memory 100K || check "small daemon starts" 1
out=$(printf 'NEW 1000 1000 1 1\nNEW 100 100 1 1\nCASUAL 300 300\n' | "$CLIENT" send "$DAEMON_ADDR")
check_eq "--max-memory 100K: a 1 MB board gets ERR, a 10 KB one OK" \
    "$(echo "$out" | head -n 2)" "$(printf 'ERR not enough memory for this board\nOK 100 100 1')"
daemon_stop small "$DAEMON_PID"
check "the small daemon stops cleanly" $?

# A refused NEW changes nothing: under a budget with no room for a second
# board, the caller's game plays on, whether its own game or another
# client's fills the budget, and whether the NEW's rows were good or not.
daemon_start tight "$SAPPERD" --max-memory 1500K --max-memory-per-address 1500K || check "tight daemon starts" 1
refused='ERR not enough memory for this board beside the current game (0 ends it)'
rows=$(awk 'BEGIN { r = sprintf("%800s", ""); gsub(/ /, "_", r); for (i = 1; i < 800; i++) print r; print "x" substr(r, 2) }')
out=$( { printf 'NEW 1000 1000 1 1\nNEW 800 800\n'; echo "$rows"; printf '2 5 5\n0\nNEW 800 800 1 1\n'; } \
    | timeout 30 "$CLIENT" send "$DAEMON_ADDR")
check_eq "a bad 800 x 800 NEW beside a 1000 x 1000 game: refused, the game plays on, 0 frees it" \
    "$out" "$(printf 'OK 1000 1000 1\n%s\nRUNNING: [<5, 5, P>]\nQUIT\nOK 800 800 1' "$refused")"
# (nc sends as it reads: the holder's game is there while its stdin is open)
( printf 'NEW 1000 1000 1 1\n'; sleep 4 ) | timeout 30 nc -q 1 "${DAEMON_ADDR%:*}" "${DAEMON_ADDR##*:}" \
    > "$DAEMON_TMP/holder.out" &
holder=$!
for _ in $(seq 1 50); do [ -s "$DAEMON_TMP/holder.out" ] && break; sleep 0.1; done
out=$(printf 'NEW 400 400 1 1\nNEW 700 700 1 1\n2 1 1\n' | timeout 30 "$CLIENT" send "$DAEMON_ADDR")
check_eq "another client's game fills the budget: a refused NEW keeps the caller's game" \
    "$out" "$(printf 'OK 400 400 1\n%s\nRUNNING: [<1, 1, P>]' "$refused")"
wait "$holder"
check_eq "the other client's game was not touched" "$(cat "$DAEMON_TMP/holder.out")" "OK 1000 1000 1"
daemon_stop tight "$DAEMON_PID"
check "the tight daemon stops cleanly" $?

# ---- accept never stops ----------------------------------------------------------
SAPPERD_FAIL_ACCEPT=2 daemon_start failing "$SAPPERD" \
    || { check "failing daemon starts" 1; summary t_daemon_memory; exit 1; }
out1=$(printf 'HELP\n' | timeout 10 "$CLIENT" send "$DAEMON_ADDR" | tail -n 1)
out2=$(printf 'HELP\n' | timeout 10 "$CLIENT" send "$DAEMON_ADDR" 2>&1 | tail -n 1)
out3=$(printf 'NEW 2 2 1 1\n1 1 1\n' | timeout 10 "$CLIENT" send "$DAEMON_ADDR" | head -n 1)
out4=$(printf 'HELP\n' | timeout 10 "$CLIENT" send "$DAEMON_ADDR" | tail -n 1)
check_eq "the first client is served" "$out1" "END"
[ "$out2" != "END" ]
check "the second client's connection could not be allocated: closed, no reply" $? "$out2"
check_eq "the third client is served: accepting goes on" "$out3" "OK 2 2 1"
check_eq "and the fourth" "$out4" "END"
grep -q "dropped 1 connection: out of memory for a new connection" "$DAEMON_TMP/failing.log"
check "the failure is logged" $?
daemon_stop failing "$DAEMON_PID"
check "the failing daemon stops cleanly" $?

summary t_daemon_memory
