#!/usr/bin/env bash
# bench_daemon.sh - sapperd under load over loopback (plain build), with
# tests/tools/daemon_load:
#
#   - move replies per second, pipelined on one connection and across 1,000
#     connections; baseline: the same requests through an in-process session
#     (no socket), so the ratio is what the transport costs
#   - round-trip latency p50/p99, one connection and 100 at once
#   - memory per idle connection (RSS delta for 10,000 / 10,000) and per
#     connection holding a 200 x 200 game, read from /proc/PID/status
#
# Each figure is the median of 3 runs.  Targets (issue 5): >= 200,000 move
# replies per second pipelined on one core; idle connections < 4 KiB each.
# The daemon is pinned to one core, the client to another, when there are two.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
. tests/lib/daemon.sh

LOAD=build/tools/daemon_load
RUNS=3
IDLE=10000

# 10,000 connections need 10,000 descriptors on each side.
ulimit -n $((IDLE + 500)) 2>/dev/null || IDLE=$(( $(ulimit -n) - 500 ))

PIN_CLIENT=""
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    DAEMON_WRAP="taskset -c 0"
    PIN_CLIENT="taskset -c 1"
fi

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# figure WORD: the number after WORD on the tool's output line.
figure() { sed -n "s/.*$1 \([0-9.]*\).*/\1/p"; }

start_bench_daemon() { # name
    daemon_start "$1" "$SAPPERD_PLAIN" --max-clients $((IDLE + 100)) --max-per-address $((IDLE + 100)) --idle-timeout 0 \
        || { echo "bench_daemon: the daemon did not start"; exit 1; }
}

echo "sapperd $("$SAPPERD_PLAIN" --version | cut -d' ' -f2), plain build," \
     "daemon ${DAEMON_WRAP:-unpinned}, client ${PIN_CLIENT:-unpinned}, median of $RUNS runs"

start_bench_daemon throughput
for run in $(seq 1 $RUNS); do
    $PIN_CLIENT "$LOAD" inprocess 500000 | figure 's:'
done | median > "$DAEMON_TMP/inproc"
for run in $(seq 1 $RUNS); do
    $PIN_CLIENT "$LOAD" pipeline "$DAEMON_ADDR" 1 500000 | figure 's:'
done | median > "$DAEMON_TMP/one"
for run in $(seq 1 $RUNS); do
    $PIN_CLIENT "$LOAD" pipeline "$DAEMON_ADDR" 1000 500 | figure 's:'
done | median > "$DAEMON_TMP/many"
inproc=$(cat "$DAEMON_TMP/inproc")
one=$(cat "$DAEMON_TMP/one")
many=$(cat "$DAEMON_TMP/many")
awk -v one="$one" -v many="$many" -v base="$inproc" 'BEGIN {
    printf "pipelined move replies, 1 connection:      %9.0f /s  (target 200000; %.2fx the in-process session)\n", one, one / base
    printf "pipelined move replies, 1000 connections:  %9.0f /s  (%.2fx the in-process session)\n", many, many / base
    printf "baseline: the in-process session, no socket: %7.0f /s\n", base
}'
bench_summary "daemon: pipelined move replies, 1 connection" "$one /s" "$inproc /s (in-process)" \
    "$(awk -v a="$one" -v b="$inproc" 'BEGIN { printf "%.2fx", a / b }')" ">= 200000 /s"

for conns in 1 100; do
    for run in $(seq 1 $RUNS); do
        $PIN_CLIENT "$LOAD" latency "$DAEMON_ADDR" "$conns" $((20000 / conns)) > "$DAEMON_TMP/lat.$run"
    done
    p50=$(cat "$DAEMON_TMP"/lat.* | figure 'p50' | median)
    p99=$(cat "$DAEMON_TMP"/lat.* | figure 'p99' | median)
    rm -f "$DAEMON_TMP"/lat.*
    printf 'round trip, %3d connection(s) at once:     p50 %7.1f us, p99 %7.1f us\n' "$conns" "$p50" "$p99"
    bench_summary "daemon: round trip p99, $conns connection(s) at once" "$p99 us" "-" "-" "-"
done
daemon_stop throughput "$DAEMON_PID" || echo "bench_daemon: the daemon did not stop cleanly"

# hold_bytes COUNT GAME: bytes of RSS per connection that a fresh daemon
# gains while COUNT connections are held; appended to $DAEMON_TMP/hold.bytes.
hold_bytes() {
    local count=$1 game=$2 before after i client
    start_bench_daemon hold
    before=$(rss_kb "$DAEMON_PID")
    rm -f "$DAEMON_TMP/hold.in" "$DAEMON_TMP/hold.out"
    mkfifo "$DAEMON_TMP/hold.in"
    "$LOAD" hold "$DAEMON_ADDR" "$count" "$game" < "$DAEMON_TMP/hold.in" > "$DAEMON_TMP/hold.out" &
    client=$!
    track $client
    exec 9> "$DAEMON_TMP/hold.in"
    for i in $(seq 1 600); do grep -q '^ready' "$DAEMON_TMP/hold.out" && break; sleep 0.1; done
    after=$(rss_kb "$DAEMON_PID")
    exec 9>&-
    wait_exit $client 60
    daemon_stop hold "$DAEMON_PID"
    if grep -q '^ready' "$DAEMON_TMP/hold.out"; then
        echo $(( (after - before) * 1024 / count )) >> "$DAEMON_TMP/hold.bytes"
    else
        echo "bench_daemon: holding $count connections failed" >&2
    fi
}

rm -f "$DAEMON_TMP/hold.bytes"
for run in $(seq 1 $RUNS); do hold_bytes "$IDLE" 0; done
idle=$(median < "$DAEMON_TMP/hold.bytes")
rm -f "$DAEMON_TMP/hold.bytes"
for run in $(seq 1 $RUNS); do hold_bytes 200 1; done
game=$(median < "$DAEMON_TMP/hold.bytes")
printf 'memory per idle connection (%d held):    %6d bytes  (target < 4096)\n' "$IDLE" "$idle"
bench_summary "daemon: memory per idle connection ($IDLE held)" "$idle B" "-" "-" "< 4096 B"
printf 'memory per connection with a 200x200 game:  %6d bytes  (its game block: %d)\n' \
    "$game" $((64 + 200 * 200))
