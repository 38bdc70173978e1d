#!/usr/bin/env bash
# bench_deduce.sh - the deduction engine (what HINT and PROB cost) on the
# positions of real expert games (16 x 30, 99 mines, the first click a zero
# in the middle), beside a straightforward enumerator of all 2^F frontier
# assignments on the positions small enough for it, and the win rate of a
# player that follows HINT (tests/tools/deduce_bench.c says how).
# Targets: median under 0.2 ms, p99 under 5 ms.  The win rate's anchors
# (zero first click at (3, 3), this player clicks the middle):
# JSMinesweeper 54.3 %, PSEQ-D256 53.45 %.
# BENCH_GAMES games (default 10000), the first BENCH_HINT_GAMES (default
# 200) also played through a session, request by request.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
summary_from build/tools/deduce_bench "${BENCH_GAMES:-10000}" "${BENCH_HINT_GAMES:-200}" 1
