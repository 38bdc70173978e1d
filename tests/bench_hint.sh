#!/usr/bin/env bash
# bench_hint.sh - what HINT after a move costs as the board grows, on
# no-guess boards at 20 % mines played to the end by HINT's own moves
# through a session: HINT as the session serves it (on the deduction it
# keeps beside the game) beside HINT reading the whole board on the same
# positions, the baseline (every SAMPLE-th position); then one 1000 x 1000
# game played by a single PLAY.  A GUESS, a game lost or a PLAY that does
# not end in WIN fails the run (tests/tools/hint_bench.c says how).
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
tool=build/tools/hint_bench
[ -x "$tool" ] || { echo "bench_hint: $tool missing (make test-build)"; exit 1; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
status=0
#              rows cols  mines games sample
summary_from "$tool" 16 30 99 100 1 || status=1
summary_from "$tool" 100 100 2000 3 20 || status=1
summary_from "$tool" 400 400 32000 1 5000 || status=1
summary_from "$tool" 1000 1000 200000 1 60000 || status=1
summary_from "$tool" 1000 1000 200000 1 0 play || status=1
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
