#!/usr/bin/env bash
# tests/bench.sh - `make bench`: runs every tests/bench_*.sh.  Each prints its
# figures (medians over repeated runs, and the ratio to its baseline measured
# on the same input in the same run).  Benchmarks print; they never fail on
# a time, because these machines are shared and noisy.
set -u
cd "$(dirname "$0")/.."
status=0
for b in tests/bench_*.sh; do
    [ -f "$b" ] || continue
    echo "== $b"
    bash "$b" || { echo "bench $b exited with $?"; status=1; }
done
exit $status
