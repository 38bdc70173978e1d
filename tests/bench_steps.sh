#!/usr/bin/env bash
# bench_steps.sh - no call into the core runs long: build/tools/longest_call
# drives a session as sapperd does (its budget of 16,384 steps a call, 8 KiB
# in and out) through every heavy request on 1000 x 1000 boards and prints,
# a line per request, the longest and median single sink and poll (CPU
# time).  The summary row is the longest of them all, beside the slice
# sapperd gives a connection (1 ms), which one call should not pass by much.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
out=$(build/tools/longest_call 2>&1) || { echo "$out"; echo "bench_steps: longest_call failed"; exit 1; }
echo "$out"
# the longest poll or sink of any kind, and that kind
worst=$(echo "$out" | awk '!/^#/ { for (i = 1; i <= NF; i++) if ($i == "max" && $(i + 1) + 0 > m) { m = $(i + 1) + 0; k = $1 } }
                            END { printf "%.2f %s", m, k }')
echo "longest single call: ${worst% *} ms (${worst#* })"
bench_summary "core: longest single call at sapperd's budget, 1000x1000 (${worst#* })" \
    "${worst% *} ms" "1 ms (slice)" "-" "about 1 ms"
