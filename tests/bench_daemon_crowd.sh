#!/usr/bin/env bash
# bench_daemon_crowd.sh - what a crowd of clients costs sapperd in memory
# (plain build, tests/tools/crowd_clients.py, clients spread over
# 127.0.0.0/8 so that no per-address limit is the one met):
#
#   - 1,000 sessions each play a 250 x 250 game (NEW 250 250 1 i, 1 1 1,
#     STATS: a 62.5 KB block from malloc) and stay; then all leave.  RSS
#     before, with all of them, and 1.5 s after the last left.  Target:
#     back within a few MiB of where it started.
#   - 1,000 clients that send HELP over and over and never read a reply:
#     RSS per client once they are all stuck, beside Redis measured the
#     same way (GET of a 1,400-byte value, about HELP's 1,402 bytes), whose
#     output buffers for normal clients have no limit by default.
#
# Medians of 3 runs.  The machine's load is printed first.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
. tests/lib/daemon.sh

CROWD="timeout 300 python3 tests/tools/crowd_clients.py"
RUNS=3
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
value() { sed -n "s/^$1 //p" | head -n 1; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

ulimit -n 8192 2>/dev/null || ulimit -n 4096
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"

peaks=() afters=()
for run in $(seq 1 $RUNS); do
    daemon_start crowd "$SAPPERD_PLAIN" --max-clients 3000 --keep-games 0 \
        || { echo "bench_daemon_crowd: the daemon did not start"; exit 1; }
    out=$($CROWD smallboards "$DAEMON_ADDR" "$DAEMON_PID" 1000)
    echo "$out" | tr '\n' ' '; echo
    peaks+=("$(echo "$out" | value rss_peak_kib)")
    afters+=("$(echo "$out" | value rss_after_kib)")
    daemon_stop crowd "$DAEMON_PID"
done
peak=$(printf '%s\n' "${peaks[@]}" | median)
after=$(printf '%s\n' "${afters[@]}" | median)
printf '1000 sessions with a 250 x 250 game each: RSS %s MiB, after they left %s MiB\n' \
    "$(mib "$peak")" "$(mib "$after")"
bench_summary "RSS after 1000 small-board sessions left (MiB)" "$(mib "$after")" \
    "$(mib "$peak") with them" "" "a few MiB"

per_sapperd=()
for run in $(seq 1 $RUNS); do
    daemon_start stuck "$SAPPERD_PLAIN" --max-clients 3000 \
        || { echo "bench_daemon_crowd: the daemon did not start"; exit 1; }
    out=$($CROWD nonreaders "$DAEMON_ADDR" "$DAEMON_PID" 1000 'HELP\n')
    echo "sapperd: $(echo "$out" | tr '\n' ' ')"
    per_sapperd+=("$(echo "$out" | value per_client_bytes)")
    daemon_stop stuck "$DAEMON_PID"
done
sapperd_bytes=$(printf '%s\n' "${per_sapperd[@]}" | median)
redis_bytes=""
if command -v redis-server >/dev/null; then
    per_redis=()
    value1400=$(head -c 1400 /dev/zero | tr '\0' x)
    for run in $(seq 1 $RUNS); do
        port=$(( 20000 + RANDOM % 20000 ))
        redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
            --maxclients 3000 --protected-mode no > "$DAEMON_TMP/redis.log" 2>&1 &
        redis=$!
        track $redis
        sleep 0.5
        out=$($CROWD nonreaders "127.0.0.1:$port" "$redis" 1000 'GET k\r\n' "SET k $value1400\r\n")
        echo "redis: $(echo "$out" | tr '\n' ' ')"
        per_redis+=("$(echo "$out" | value per_client_bytes)")
        kill "$redis"
        wait "$redis" 2>/dev/null
    done
    redis_bytes=$(printf '%s\n' "${per_redis[@]}" | median)
fi
printf '1000 clients that never read: sapperd %s bytes each, Redis %s bytes each\n' \
    "$sapperd_bytes" "${redis_bytes:-(not installed)}"
bench_summary "RSS per client that never reads (bytes; baseline Redis)" "$sapperd_bytes" \
    "${redis_bytes:-n/a}" \
    "$([ -n "$redis_bytes" ] && awk -v a="$sapperd_bytes" -v b="$redis_bytes" 'BEGIN { printf "%.4f", a / b }')" \
    "bounded: one buffer each way"
