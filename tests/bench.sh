#!/usr/bin/env bash
# tests/bench.sh - `make bench`: runs every tests/bench_*.sh.  Each prints its
# figures (medians over repeated runs, and the ratio to its baseline measured
# on the same input in the same run).  Benchmarks print; they never fail on
# a time, because these machines are shared and noisy.
set -u
cd "$(dirname "$0")/.."
status=0
BENCH_SUMMARY=$(mktemp)
export BENCH_SUMMARY
trap 'rm -f "$BENCH_SUMMARY"' EXIT
for b in tests/bench_*.sh; do
    [ -f "$b" ] || continue
    echo "== $b"
    bash "$b" || { echo "bench $b exited with $?"; status=1; }
done
echo "== summary: every workload measured above, sapper beside its baseline in the same run"
echo "load average now: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
awk -F '\t' 'BEGIN { printf "%-64s %14s %14s %10s  %s\n", "workload", "sapper", "baseline", "ratio", "target" }
              { printf "%-64s %14s %14s %10s  %s\n", $1, $2, $3, $4, $5 }' "$BENCH_SUMMARY"
exit $status
