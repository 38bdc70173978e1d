#!/usr/bin/env bash
# bench_state.sh - what --state-dir costs (plain build, over loopback):
#
#   - pipelined move replies per second on one connection (right clicks on a
#     1000 x 1000 board, tests/tools/daemon_load), without --state-dir and
#     with it under each --fsync, in the same run (the modes taken in turn,
#     each figure the median of 3 runs), and the daemon's CPU time a move
#     (from /proc: what the journal costs whatever else the machine runs)
#   - the start with 1,000 kept expert games of a first click and 30 right
#     clicks each, from the journal as kill -9 left it: the restore's own
#     time, as its log line says (the file read, every game played again,
#     the file written again and synced), for random boards (their mines
#     laid again from the seed at the first click) and no-guess boards
#     (their record holds the layout: the generator does not run again)
#   - disk bytes per kept expert game: the journal as the games left it
#     (a record a change), and as the start wrote it again (a record a game)
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
. tests/lib/daemon.sh

LOAD=build/tools/daemon_load
TOOL="timeout 300 python3 tests/tools/state_clients.py"
RUNS=3
MOVES=400000
GAMES=1000

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# cpu_ms PID: the CPU time (user and system) the process has used, in ms:
# what a move costs whatever else runs on the machine.
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ print int(($14 + $15) * 1000 / hz) }' "/proc/$1/stat"; }

PIN_CLIENT=""
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    DAEMON_WRAP="taskset -c 0"
    PIN_CLIENT="taskset -c 1"
fi
echo "sapperd $("$SAPPERD_PLAIN" --version | cut -d' ' -f2), plain build, state in $DAEMON_TMP" \
     "($(df -T "$DAEMON_TMP" | awk 'NR == 2 { print $2 }')), median of $RUNS runs"

# ---- throughput ---------------------------------------------------------------------------
modes="none no everysec always"
for run in $(seq 1 $RUNS); do
    for mode in $modes; do
        rm -rf "$DAEMON_TMP/st"
        args=()
        [ "$mode" != none ] && args=(--state-dir "$DAEMON_TMP/st" --fsync "$mode")
        daemon_start "pipe-$mode" "$SAPPERD_PLAIN" "${args[@]}" ||
            { echo "bench_state: the daemon did not start"; exit 1; }
        cpu0=$(cpu_ms "$DAEMON_PID")
        $PIN_CLIENT "$LOAD" pipeline "$DAEMON_ADDR" 1 "$MOVES" |
            sed -n 's/.* \([0-9]*\) replies\/s$/\1/p' >> "$DAEMON_TMP/pipe.$mode"
        echo $(( ($(cpu_ms "$DAEMON_PID") - cpu0) * 1000000 / MOVES )) >> "$DAEMON_TMP/cpu.$mode"
        daemon_stop "pipe-$mode" "$DAEMON_PID" || echo "bench_state: the daemon did not stop cleanly"
    done
done
base=$(median < "$DAEMON_TMP/pipe.none")
printf 'pipelined move replies, 1 connection, no --state-dir:   %8d /s  (daemon CPU %d ns a move)\n' \
    "$base" "$(median < "$DAEMON_TMP/cpu.none")"
for mode in no everysec always; do
    got=$(median < "$DAEMON_TMP/pipe.$mode")
    ratio=$(awk -v a="$got" -v b="$base" 'BEGIN { printf "%.2fx", a / b }')
    printf 'pipelined move replies, --state-dir --fsync %-8s   %8d /s  (%s; daemon CPU %d ns a move)\n' \
        "$mode:" "$got" "$ratio" "$(median < "$DAEMON_TMP/cpu.$mode")"
    bench_summary "state: pipelined move replies, --fsync $mode" "$got /s" \
        "$base /s (no --state-dir)" "$ratio" "-"
done

# ---- the start with 1,000 kept games, and their bytes ------------------------------------------
# start_daemon NAME: a daemon on $DAEMON_TMP/st, room for the kept games.
start_daemon() {
    daemon_start "$1" "$SAPPERD_PLAIN" --state-dir "$DAEMON_TMP/st" --max-clients 2000 \
        --max-per-address 2000 || { echo "bench_state: the daemon did not start"; exit 1; }
}
for level in random NOGUESS; do
    word=""
    [ "$level" = NOGUESS ] && word=NOGUESS
    rm -rf "$DAEMON_TMP/st" "$DAEMON_TMP"/start.*
    start_daemon "fill-$level"
    $TOOL fill "$DAEMON_ADDR" "$GAMES" 30 $word
    sleep 1.5 # the last D frames and the second's sync
    kill -KILL "$DAEMON_PID"
    wait "$DAEMON_PID" 2>/dev/null
    cp "$DAEMON_TMP/st/games.journal" "$DAEMON_TMP/journal.killed"
    logged=$(stat -c %s "$DAEMON_TMP/journal.killed")
    for run in $(seq 1 $RUNS); do
        cp "$DAEMON_TMP/journal.killed" "$DAEMON_TMP/st/games.journal"
        start_daemon "start-$level-$run"
        sed -n 's/.* restored in \([0-9.]*\) s.*/\1/p' "$DAEMON_TMP/start-$level-$run.log" |
            awk '{ printf "%d\n", $1 * 1000 }' >> "$DAEMON_TMP/start.ms"
        kill -KILL "$DAEMON_PID"
        wait "$DAEMON_PID" 2>/dev/null
    done
    compact=$(stat -c %s "$DAEMON_TMP/st/games.journal")
    ms=$(median < "$DAEMON_TMP/start.ms")
    printf 'start with %d kept %s expert games:  %6d ms to restore them\n' "$GAMES" "$level" "$ms"
    printf 'disk bytes per kept %s expert game (31 moves): %d as played, %d rewritten\n' \
        "$level" $((logged / GAMES)) $((compact / GAMES))
    bench_summary "state: start with $GAMES kept $level expert games" "$ms ms" "-" "-" \
        "well under a few s"
    bench_summary "state: disk bytes per kept $level expert game (31 moves)" \
        "$((compact / GAMES)) B" "$((logged / GAMES)) B (as played)" "-" "-"
done
