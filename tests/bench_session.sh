#!/usr/bin/env bash
# bench_session.sh - the protocol engine alone (no sockets): pipelined move
# replies per second through sap_session_sink/poll, beside a straightforward
# strtok_r/strtoul loop making the same game calls (outputs checked equal).
# The daemon's own benchmark measures the same over loopback.
set -u -o pipefail
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
tool=build/tools/session_bench
[ -x "$tool" ] || { echo "bench_session: $tool missing (make test-build)"; exit 1; }
row() { # workload: the tool's lines on stdin, passed through, one summary row
    local out session base
    out=$(cat)
    echo "$out"
    session=$(echo "$out" | sed -n 's/^session: .* \([0-9]*\) move replies\/s.*/\1/p')
    base=$(echo "$out" | sed -n 's/^baseline: .* \([0-9]*\) moves\/s.*/\1/p')
    bench_summary "$1" "$session /s" "$base /s" \
        "$(awk -v a="$session" -v b="$base" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')" "-"
}
echo "-- boom-judge-sized games: 30 x 10,000 moves on 200x200"
"$tool" 30 10000 200 200 5 | row "session: move replies, 30 x 10,000 moves on 200x200"
echo "-- small boards: 2,000 x 100 moves on 9x9"
"$tool" 2000 100 9 9 5 | row "session: move replies, 2,000 x 100 moves on 9x9"
