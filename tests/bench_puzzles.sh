#!/usr/bin/env bash
# bench_puzzles.sh - one-click-win boards and the Nurikabe verifier beside
# their baselines, measured in the same run on the same inputs (CPU time,
# medians of several runs).  Prints figures; never fails on a time.
#
#   master:   every (R, C, M) with R, C <= 30 (216,225 boards), planned and
#             written cell by cell, against a contest-style solution that
#             builds each board in a char array.
#   nurikabe: 1,000 random 100x100 grids (about half solved), loaded and
#             verified, against the reference BFS verifier of the tests.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
runs=${BENCH_RUNS:-7}
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# the tools' own lines: "core ...: N ms", "baseline|reference ...: N ms", "ratio ...: Rx"
row() { # workload target
    local core base ratio
    core=$(sed -n 's/^ *core[^:]*: *\([0-9.]*\) ms.*/\1/p' "$out" | head -n 1)
    base=$(sed -n 's/^ *\(baseline\|reference\)[^:]*: *\([0-9.]*\) ms.*/\2/p' "$out" | head -n 1)
    ratio=$(sed -n 's/^ *ratio[^:]*: *\([0-9.]*x\).*/\1/p' "$out" | head -n 1)
    bench_summary "$1" "$core ms" "$base ms" "$ratio" "$2"
}
build/tools/master_bench "$runs" | tee "$out" || status=1
row "master: all 216,225 boards up to 30x30 (CPU)" "-"
build/tools/nurikabe_bench "$runs" 1000 100 | tee "$out" || status=1
row "nurikabe: 1,000 grids of 100x100 (CPU)" ">= 5x"
exit $status
