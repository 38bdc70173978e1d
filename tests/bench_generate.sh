#!/usr/bin/env bash
# bench_generate.sh - no-guess boards (NEW ... CASUAL and NOGUESS): mean
# time per board and how many were served, per size and level, beside a
# straightforward generate-and-test baseline (random layouts until one
# clears, 5 s at most a board); every board either serves is checked by the
# level's player (tests/tools/generate_bench.c says how).  Anchor: Simon
# Tatham's generator, measured on this machine: about 3 ms
# (16 x 30 / 99), 30 ms (16 x 16 / 99), 50 ms (16 x 30 / 170) and 100 ms
# (100 x 100 / 2000) a board.  BENCH_BOARDS boards (default 200) and
# BENCH_BASELINE_BOARDS for the baseline (default 3) per line.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
summary_from build/tools/generate_bench "${BENCH_BOARDS:-200}" "${BENCH_BASELINE_BOARDS:-3}"
