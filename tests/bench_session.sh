#!/usr/bin/env bash
# bench_session.sh - the protocol engine alone (no sockets): pipelined move
# replies per second through sap_session_sink/poll, beside a straightforward
# strtok_r/strtoul loop making the same game calls (outputs checked equal).
# The daemon's own benchmark measures the same over loopback.
set -u
cd "$(dirname "$0")/.."
tool=build/tools/session_bench
[ -x "$tool" ] || { echo "bench_session: $tool missing (make test-build)"; exit 1; }
echo "-- boom-judge-sized games: 30 x 10,000 moves on 200x200"
"$tool" 30 10000 200 200 5
echo "-- small boards: 2,000 x 100 moves on 9x9"
"$tool" 2000 100 9 9 5
