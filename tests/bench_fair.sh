#!/usr/bin/env bash
# bench_fair.sh - a shared sapperd under greedy clients (plain build):
#
#   - fairness: a light client sends a one-line request every 20 ms, 300
#     times, alone (the baseline), then beside three heavy clients of each
#     kind of tests/tools/daemon_fair.c in turn (1000 x 1000 boards: CASUAL
#     solving, CASUAL and NOGUESS generation, HINT/PROB loops, SHOW/PROB,
#     JUDGE streams, PLAY to the end of NOGUESS games), then beside all of
#     them at once (21 heavy clients).
#     Its round trips p50 / p99 / max, and the answers the heavy clients
#     got meanwhile (every one checked).  Targets: p99 under 10 ms, max
#     under 20 ms.
#   - memory: 80 clients each ask for a 1000 x 1000 game and a half-sent
#     1000 x 1000 CASUALMAP (5 MB each) under --max-memory 64M, beside the
#     same load under a 4G budget (in effect none): peak RSS and RSS after
#     they leave.  Targets: under 100 MiB, then under 40 MiB.
#
# Medians of 3 runs.  The machine's load is printed first and on every
# fairness row: these figures mean something only on an idle machine.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
. tests/lib/daemon.sh

FAIR=build/tools/daemon_fair
RUNS=3
KINDS="casual casual-gen noguess-gen hint show judge play all"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed 's/^/ /' | sed -n "s/.* $1 \([0-9]*\).*/\1/p"; }
per() { awk -v v="$1" -v d="$2" 'BEGIN { printf "%.2f", v / d }'; } # v / d, 2 decimals
load() { cut -d' ' -f1 /proc/loadavg; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
# Every client comes from 127.0.0.1: the address's memory share is the
# whole budget here, and no game is kept after a client leaves.
daemon_start fair "$SAPPERD_PLAIN" --max-per-address 64 --max-memory-per-address 256M \
    --keep-games 0 || { echo "bench_fair: the daemon did not start"; exit 1; }
for kind in alone $KINDS; do
    for run in $(seq 1 $RUNS); do
        if [ "$kind" = alone ]; then
            "$FAIR" "$DAEMON_ADDR" 1000 300 20 0
        else
            "$FAIR" "$DAEMON_ADDR" 1000 300 20 --heavy "$kind"
        fi > "$DAEMON_TMP/$kind.$run" || echo "bench_fair: a $kind run failed"
    done
    p50=$(cat "$DAEMON_TMP/$kind".* | field p50 | median)
    p99=$(cat "$DAEMON_TMP/$kind".* | field p99 | median)
    max=$(cat "$DAEMON_TMP/$kind".* | field max | median)
    answers=$(cat "$DAEMON_TMP/$kind".* | field answers | median)
    least=$(cat "$DAEMON_TMP/$kind".* | field least | median)
    if [ "$kind" = alone ]; then
        alone="p99 $(per "$p99" 1000) ms, max $(per "$max" 1000) ms (alone)"
        label="light client alone (baseline)"
    elif [ "$kind" = all ]; then
        label="beside 3 clients of every kind"
    else
        label="beside 3 $kind clients"
    fi
    heavy="${answers:-?} heavy answers, the fewest one client got ${least:-?}; "
    [ "$kind" = alone ] && heavy=""
    printf '%-34s p50 %6s ms, p99 %6s ms, max %6s ms  (%sload %s)\n' \
        "$label" "$(per "$p50" 1000)" "$(per "$p99" 1000)" "$(per "$max" 1000)" "$heavy" "$(load)"
    [ "$kind" = alone ] || bench_summary "fair: light client $label (1000 x 1000)" \
        "p99 $(per "$p99" 1000) ms, max $(per "$max" 1000) ms" "$alone" "-" "p99 < 10 ms, max < 20 ms"
done
daemon_stop fair "$DAEMON_PID" || echo "bench_fair: the daemon did not stop cleanly"

for budget in 64M 4G; do
    for run in $(seq 1 $RUNS); do
        daemon_start mem "$SAPPERD_PLAIN" --max-memory "$budget" --max-per-address 100 \
            --max-memory-per-address "$budget" --keep-games 0 || continue
        timeout 120 python3 tests/tools/memory_clients.py "$DAEMON_ADDR" "$DAEMON_PID" 80 900 \
            > "$DAEMON_TMP/mem.$run"
        daemon_stop mem "$DAEMON_PID" || echo "bench_fair: the daemon did not stop cleanly"
    done
    peak=$(cat "$DAEMON_TMP"/mem.* | sed -n 's/^peak_rss_kib //p' | median)
    after=$(cat "$DAEMON_TMP"/mem.* | sed -n 's/^after_rss_kib //p' | median)
    refused=$(cat "$DAEMON_TMP"/mem.* | sed -n 's/^games [0-9]* refused //p' | median)
    printf '80 greedy clients, --max-memory %-4s         RSS peak %6s MiB, after %5s MiB, %s games refused%s\n' \
        "$budget" "$(per "$peak" 1024)" "$(per "$after" 1024)" "$refused" \
        "$([ "$budget" = 64M ] && echo '  (targets < 100, < 40)' || echo '  (baseline: no budget to speak of)')"
    [ "$budget" = 64M ] && peak64=$peak after64=$after
    [ "$budget" = 4G ] && bench_summary "fair: 80 greedy clients, RSS peak / after" \
        "$(per "${peak64:-0}" 1024) / $(per "${after64:-0}" 1024) MiB" \
        "$(per "$peak" 1024) / $(per "$after" 1024) MiB (no budget)" "-" "< 100 / < 40 MiB"
    rm -f "$DAEMON_TMP"/mem.*
done
