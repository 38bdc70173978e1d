#!/usr/bin/env bash
# t_daemon_play.sh - sapperd for a person at a terminal, over real sockets:
#   - a NEW without a seed gets one from the system's randomness, named in
#     its OK; two such NEWs (and presets) get different seeds, and the seed
#     named replays the board (the same clicks, the same replies);
#   - an idle connection is told "ERR idle for N s; closing" before it is
#     closed, and one that talks is not idle; at --max-clients a newcomer
#     takes the slot of a session idle for a twelfth of --idle-timeout;
#   - --help says so, with the default of an hour;
#   - a build without NEW's shortcuts (SAP_NEW_SHORTCUTS=0) reads NEW as
#     before them;
#   - a person's small stumbles are told at once (NEW 9 9, then HINT), and a
#     build without them (SAP_PERSON_EXTRAS=0, the boards') answers as
#     before them.
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP

daemon_start play "$SAPPERD" --idle-timeout 2 \
    || { check "daemon starts" 1; summary t_daemon_play; exit 1; }
A=$DAEMON_ADDR

# ---- seeds from the system -------------------------------------------------------------
out=$(printf 'NEW 16 30 99\nNEW 16 30 99\nNEW EXPERT\nNEW beginner casual\nNEW INTERMEDIATE NOGUESS\nBYE\n' \
      | "$CLIENT" send "$A" 10000)
shapes=$(echo "$out" | sed 's/SEED [0-9][0-9]*$/SEED s/')
check_eq "seedless NEWs and presets name their seeds" "$shapes" "OK 16 30 99 SEED s
OK 16 30 99 SEED s
OK 16 30 99 SEED s
OK 9 9 10 SEED s
OK 16 16 40 SEED s
BYE"
seeds=$(echo "$out" | sed -n 's/.* SEED \([0-9][0-9]*\)$/\1/p')
check_eq "five seedless NEWs, five different seeds ($(echo $seeds))" \
    "$(echo "$seeds" | sort -u | wc -l)" "5"
# another connection draws others again
again=$(printf 'NEW 16 30 99\n' | "$CLIENT" send "$A" 10000 | sed -n 's/.* SEED \([0-9][0-9]*\)$/\1/p')
echo "$seeds" | grep -qx "$again"
check "a second connection's seed is new ($again)" $((1 - $?))

# the seed named replays the board: the same clicks, the same replies
clicks='1 8 15\n1 1 1\n1 16 30\n1 1 30\n1 16 1\nSHOW\n'
first=$(printf "NEW EXPERT\n$clicks" | "$CLIENT" send "$A" 10000)
seed=$(echo "$first" | sed -n '1s/^OK 16 30 99 SEED \([0-9][0-9]*\)$/\1/p')
check "the preset named its seed ($seed)" $([ -n "$seed" ]; echo $?)
replay=$(printf "NEW 16 30 99 $seed\n$clicks" | "$CLIENT" send "$A" 10000)
check_eq "NEW 16 30 99 <seed> says OK without naming it" "$(echo "$replay" | head -n 1)" \
    "OK 16 30 99"
check_eq "... and replays the board, click for click" "$(echo "$replay" | tail -n +2)" \
    "$(echo "$first" | tail -n +2)"
replay=$(printf "NEW EXPERT $seed\n$clicks" | "$CLIENT" send "$A" 10000)
check_eq "NEW EXPERT <seed> replays it too" "$(echo "$replay" | tail -n +2)" \
    "$(echo "$first" | tail -n +2)"
# an in-process session has no seed source: it says so
check_eq "without a seed source, a seedless NEW says how to name one" \
    "$(printf 'NEW EXPERT\n' | "$CLIENT" transcript)" \
    "ERR no seed source here: name a seed, as in NEW 9 9 10 42 or NEW EXPERT 42"

# ---- before the first click ------------------------------------------------------------
out=$(printf 'NEW EXPERT NOGUESS\nHINT\n1 3 3\nHINT\n' | "$CLIENT" send "$A" 20000)
check_eq "HINT before a no-guess board's first click" "$(echo "$out" | sed -n 2p)" \
    "SAFE 3 3: the first click is never a mine"
echo "$out" | sed -n 3p | grep -q '^RUNNING: \[<' && echo "$out" | sed -n 4p | grep -Eq '^(SAFE|MINE) '
check "its click opens, and the next HINT is certain (no guess)" $? \
    "$(echo "$out" | tail -n 2 | cut -c1-120)"

# ---- small stumbles, told at once ------------------------------------------------------
out=$(printf 'NEW 9 9\nHINT\nVIEW\nNEW 2 2\n__\n1 1 1\nBYE\n' | "$CLIENT" send "$A" 10000)
check_eq "NEW 9 9, then HINT: told at once, and the lines after are requests" "$out" \
    "ERR row 1 is not a row of _ and *: NEW reads 9 rows; for a random board name the mines: NEW 9 9 10
ERR no game: start one with NEW
ERR row 2 is not a row of _ and *: NEW reads 2 rows; for a random board name the mines: NEW 2 2 1
BYE"
out=$(printf 'NEW 1 3\n*__\n1 1 3\nHINT\nPROB\nNEW 1 3\n*__\n1 1 1\nVIEW PROB\n' | "$CLIENT" send "$A" 10000)
check_eq "HINT, PROB and VIEW PROB on a game over say it is won or lost" \
    "$(echo "$out" | grep '^ERR')" "ERR the game is won: NEW starts another
ERR the game is won: NEW starts another
ERR the game is lost: NEW starts another"
out=$(printf 'NEW 9 9 10 42\n1 (5, 5)\n2 (2,3)\n2 2,3\n2 2, 3\nSHOW\n' | "$CLIENT" send "$A" 10000)
check_eq "clicks written as HINT writes cells: (x, y), (x,y), x,y and x, y" \
    "$(echo "$out" | sed -n '3,5p;7p')" "RUNNING: [<2, 3, P>]
RUNNING: [<2, 3, ?>]
RUNNING: [<2, 3, _>]
0 1 _ _ _ _ _ _ _"
check_eq "a preset misspelt is told the presets' names" \
    "$(printf 'NEW EXPRET\n' | "$CLIENT" send "$A" 10000)" \
    "ERR 'EXPRET' is not a number or a preset: BEGINNER, INTERMEDIATE, EXPERT"

# ---- idle, said out loud ---------------------------------------------------------------
out=$("$CLIENT" wait-close "$A" 8000)
ms=$(echo "$out" | sed -n 's/^closed after \([0-9]*\) ms$/\1/p')
[ -n "$ms" ] && [ "$ms" -ge 1900 ] && [ "$ms" -le 4000 ]
check "an idle connection is closed after --idle-timeout 2 (${ms:-?} ms)" $? "$out"
check_eq "... and told so first" "$(echo "$out" | sed -n 's/^said: //p')" \
    "ERR idle for 2 s; closing"
# a connection that talks now and then is not idle; one with a game is told the same
out=$( (for i in 1 2 3 4; do echo SHOW; sleep 1; done) | "$CLIENT" send "$A" 10000)
check_eq "a connection that keeps talking is not idle" "$(echo "$out" | wc -l)" "4"
out=$( (printf 'NEW 2 2 1 7\n'; sleep 4) | "$CLIENT" send "$A" 10000)
check_eq "one that stops talking is told, after its replies" "$out" "OK 2 2 1
ERR idle for 2 s; closing"
daemon_stop play $DAEMON_PID
check "the daemon stops cleanly" $?

# ---- a full server makes room: the session idle longest, past a twelfth ----------------
daemon_start full "$SAPPERD" --idle-timeout 24 --max-clients 2 --max-per-address 4 \
    || check "full daemon starts" 1
"$CLIENT" idle "$DAEMON_ADDR" 2 5000 > "$T/full.out" &
HOLDERS=$!
track $HOLDERS
for i in $(seq 1 50); do grep -q ready "$T/full.out" && break; sleep 0.1; done
out=$(printf 'SHOW\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "full, nobody idle 2 s yet: ERR busy" "$out" "ERR busy"
sleep 2.5
out=$(printf 'SHOW\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "full, a session idle for 24 / 12 s: the newcomer is served" "$out" \
    "ERR no game: start one with NEW"
wait_exit $HOLDERS 10
check_eq "one idle session made room, the other kept its slot" \
    "$(sed -n 's/^idle: //p' "$T/full.out")" "1 of 2 closed by the daemon"
"$CLIENT" wait-close "$DAEMON_ADDR" 8000 > "$T/evicted.out" &
EVICTED=$!
track $EVICTED
sleep 0.5
"$CLIENT" idle "$DAEMON_ADDR" 1 4000 > /dev/null &
HOLDER=$!
track $HOLDER
sleep 2.5
out=$(printf 'SHOW\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
wait_exit $EVICTED 10
check_eq "the session that made room is told why" \
    "$out / $(sed -n 's/^said: //p' "$T/evicted.out")" \
    "ERR no game: start one with NEW / ERR idle for 2 s while the server is full; closing"
wait_exit $HOLDER 10
daemon_stop full $DAEMON_PID
check "the full daemon stops cleanly" $?

# ---- the default ------------------------------------------------------------------------
help=$("$SAPPERD" --help)
echo "$help" | grep -q 'ERR idle for SECONDS s; closing'
check "--help says what an idle connection is told" $?
echo "$help" | grep -q '(default 3600: an hour to think over a board)'
check "--help gives the default, an hour" $?

# ---- a build without NEW's shortcuts (SAP_NEW_SHORTCUTS=0, the ATmega328P's) ------------
if cc -std=c99 -O1 -D_POSIX_C_SOURCE=200809L -DSAP_NEW_SHORTCUTS=0 -Icore \
    $(pkg-config --cflags libuv) daemon/*.c core/*.c $(pkg-config --libs libuv) \
    -o "$T/sapperd-plain-new" 2> "$T/cc.log"; then
    out=$(printf 'NEW EXPERT\nNEW 16 30 99\nNEW 16 30 99 7\nHELP\n' | "$T/sapperd-plain-new" --stdin)
    check_eq "without the shortcuts: no presets, no seedless NEW, NEW's HELP lines as before" \
        "$(echo "$out" | sed -n '1,3p;5,6p')" "ERR 'EXPERT' is not a number
ERR usage: NEW <rows> <cols> [<mines> <seed> [CASUAL|NOGUESS]]
OK 16 30 99
NEW <rows> <cols> <mines> <seed>: a random game, laid at the first left click
NEW ... CASUAL|NOGUESS (last): a random game that needs no guess"
else
    check "a build without NEW's shortcuts compiles" 1 "$(head -5 "$T/cc.log")"
fi

# ---- a build without the small stumbles (SAP_PERSON_EXTRAS=0, every board's) -----------
if cc -std=c99 -O1 -D_POSIX_C_SOURCE=200809L -DSAP_PERSON_EXTRAS=0 -Icore \
    $(pkg-config --cflags libuv) daemon/*.c core/*.c $(pkg-config --libs libuv) \
    -o "$T/sapperd-plain-person" 2> "$T/cc.log"; then
    out=$(printf 'NEW 2 2\nHINT\nBYE\nBYE\n' | "$T/sapperd-plain-person" --stdin)
    check_eq "without them: a request where a row is read is a bad row, told after the last" \
        "$out" "ERR row 1 has more cells than the board's 2
BYE"
    out=$(printf 'NEW 1 3\n*__\n2 1 1\n1 1 3\nHINT\n' | "$T/sapperd-plain-person" --stdin)
    check_eq "... and HINT on a game won says what it did before" "$(echo "$out" | tail -n 1)" \
        "ERR nothing is covered that is not known"
    check_eq "... and a click is written x y" \
        "$(printf 'NEW 2 2 1 1\n1 (1, 1)\n' | "$T/sapperd-plain-person" --stdin | tail -n 1)" \
        "ERR '(1,' is not a number"
    check_eq "... and a preset misspelt is not a number" \
        "$(printf 'NEW EXPRET\n' | "$T/sapperd-plain-person" --stdin)" "ERR 'EXPRET' is not a number"
else
    check "a build without the small stumbles compiles" 1 "$(head -5 "$T/cc.log")"
fi

summary t_daemon_play
