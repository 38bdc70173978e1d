#!/usr/bin/env bash
# bench_winrate.sh - how often a player that follows HINT wins: expert games
# (16 x 30, 99 mines) on sapper's own boards, the first click at (3, 3)
# opening a zero, each played through a real session on seeds 0 to
# BENCH_WINRATE_GAMES - 1 (default 10000), on every core
# (tests/tools/winrate.c).  Its row in the summary: the rate, its 95 %
# interval and the games lost to an ERR; published anchors for the same
# rules: JSMinesweeper 54.3 %, PSEQ-D256 53.45 %.  `make winrate` plays every
# configuration (tests/README.md).
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
summary_from build/tools/winrate --config expert-modern --games "${BENCH_WINRATE_GAMES:-10000}" \
    --summary
