#!/usr/bin/env bash
# bench_fair.sh - a shared sapperd under greedy clients (plain build):
#
#   - fairness: three clients send 1000 x 1000 CASUAL boards back to back
#     (random 15 %, and the README's periodic tile as it is, flipped and
#     transposed; every answer checked) while a fourth sends a one-line
#     request every 20 ms; its round trips beside the same light client on
#     an idle daemon (the baseline).  Target: p99 under 10 ms.
#   - memory: 80 clients each ask for a 1000 x 1000 game and a half-sent
#     1000 x 1000 CASUALMAP (5 MB each) under --max-memory 64M, beside the
#     same load under a 4G budget (in effect none): peak RSS and RSS after
#     they leave.  Targets: under 100 MiB, then under 40 MiB.
#
# Medians of 3 runs.  The machine's load is printed first: these figures
# mean something only on an idle machine.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
. tests/lib/daemon.sh

FAIR=build/tools/daemon_fair
RUNS=3
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed -n "s/.* $1 \([0-9]*\).*/\1/p"; }
per() { awk -v v="$1" -v d="$2" 'BEGIN { printf "%.2f", v / d }'; } # v / d, 2 decimals

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
daemon_start fair "$SAPPERD_PLAIN" || { echo "bench_fair: the daemon did not start"; exit 1; }
for run in $(seq 1 $RUNS); do
    "$FAIR" "$DAEMON_ADDR" 1000 200 20 0 > "$DAEMON_TMP/idle.$run" || echo "bench_fair: idle run failed"
    "$FAIR" "$DAEMON_ADDR" 1000 300 20 3 > "$DAEMON_TMP/busy.$run" || echo "bench_fair: busy run failed"
done
daemon_stop fair "$DAEMON_PID" || echo "bench_fair: the daemon did not stop cleanly"
for kind in idle busy; do
    p50=$(cat "$DAEMON_TMP/$kind".* | sed 's/^/ /' | field p50 | median)
    p99=$(cat "$DAEMON_TMP/$kind".* | sed 's/^/ /' | field p99 | median)
    boards=$(cat "$DAEMON_TMP/$kind".* | field boards | median)
    if [ "$kind" = idle ]; then
        idle_p99=$p99
        printf 'light client alone (baseline):               p50 %6s ms, p99 %6s ms\n' \
            "$(per "$p50" 1000)" "$(per "$p99" 1000)"
    else
        printf 'light client beside 3 x 1000x1000 CASUAL:    p50 %6s ms, p99 %6s ms  (target p99 < 10 ms; %s heavy boards answered per run)\n' \
            "$(per "$p50" 1000)" "$(per "$p99" 1000)" "$boards"
        bench_summary "fair: light client's p99 beside 3 heavy CASUAL clients" "$(per "$p99" 1000) ms" \
            "$(per "${idle_p99:-0}" 1000) ms (alone)" "-" "< 10 ms"
    fi
done

for budget in 64M 4G; do
    for run in $(seq 1 $RUNS); do
        daemon_start mem "$SAPPERD_PLAIN" --max-memory "$budget" --max-per-address 100 || continue
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
