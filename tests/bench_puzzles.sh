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
runs=${BENCH_RUNS:-7}
status=0
build/tools/master_bench "$runs" || status=1
build/tools/nurikabe_bench "$runs" 1000 100 || status=1
exit $status
