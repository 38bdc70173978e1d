#!/usr/bin/env bash
# tests/bench_boom.sh - `sapperd --judge boom` at the statement's limits
# (T = 30 games of 200 x 200, q = 10,000 mixed operations each, some games
# never ending) beside tests/tools/boom_baseline.c, a contest-style solution
# (int arrays, recursive opening, qsort of each move's changes, scanf/printf),
# on the same generated input.  The second figure is the core alone
# (tests/tools/boom_judge_direct.c: the reader on stdin, no daemon).
#
# Prints the median wall time and CPU time of BENCH_RUNS runs (default 5,
# interleaved so that load on a shared machine hits all three alike), output
# throughput, and the baseline's time over each.  All three outputs must be
# byte-identical; a mismatch is the one thing that fails this script.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
SAPPERD_PLAIN=${SAPPERD_PLAIN:-build/sapperd}
runs=${BENCH_RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in build/tools/boom_gen build/tools/boom_baseline build/tools/boom_judge_direct "$SAPPERD_PLAIN"; do
    if [ ! -x "$tool" ]; then
        echo "bench_boom: $tool is not built (make test-build)"
        exit 1
    fi
done

build/tools/boom_gen 30 200 200 10000 1 >"$tmp/input"

names=(sapperd direct baseline)
commands=("$SAPPERD_PLAIN --judge boom" "build/tools/boom_judge_direct" "build/tools/boom_baseline")

for k in 0 1 2; do
    ${commands[$k]} <"$tmp/input" >"$tmp/${names[$k]}.out" 2>"$tmp/${names[$k]}.err"
    status=$?
    if [ "$status" -ne 0 ]; then
        echo "bench_boom: ${names[$k]} exited with $status:"; head -n 5 "$tmp/${names[$k]}.err"
        exit 1
    fi
done
for k in 0 1; do
    if ! cmp -s "$tmp/${names[$k]}.out" "$tmp/baseline.out"; then
        echo "bench_boom: ${names[$k]}'s output differs from the baseline's:"
        cmp "$tmp/${names[$k]}.out" "$tmp/baseline.out"
        exit 1
    fi
done

# One timed run: "wall_ms cpu_ms" appended to $tmp/<name>.times.
timed_run() { # index
    local k=$1 t
    TIMEFORMAT='%R %U %S'
    # The previous run's 16 MB of output goes first, untimed: truncating it
    # in the timed redirection cost every program about 15 ms of the
    # shell's time, which is not the program's work.
    rm -f "$tmp/run.out"
    t=$( { time ${commands[$k]} <"$tmp/input" >"$tmp/run.out" 2>/dev/null; } 2>&1 )
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d %d\n", a[1] * 1000, (a[2] + a[3]) * 1000 }' \
        >>"$tmp/${names[$k]}.times"
}

for _ in $(seq "$runs"); do
    for k in 0 1 2; do timed_run "$k"; done
done

median() { # file column
    sort -n -k "$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}

in_bytes=$(wc -c <"$tmp/input")
out_bytes=$(wc -c <"$tmp/baseline.out")
count() { grep -c "$1" "$tmp/baseline.out"; }
printf 'input: %s games, %s MB in, %s MB out (%s WIN, %s LOSE, %s QUIT; %s RUNNING, %s of them [], %s INVALID)\n' \
    "$(count '^\(WIN\|LOSE\|QUIT\)$')" "$(awk -v b="$in_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" \
    "$(awk -v b="$out_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" "$(count '^WIN$')" \
    "$(count '^LOSE$')" "$(count '^QUIT$')" "$(count '^RUNNING')" "$(count '^RUNNING: \[\]$')" \
    "$(count '^INVALID$')"
base_wall=$(median "$tmp/baseline.times" 1)
base_cpu=$(median "$tmp/baseline.times" 2)
for k in 0 1 2; do
    wall=$(median "$tmp/${names[$k]}.times" 1)
    cpu=$(median "$tmp/${names[$k]}.times" 2)
    awk -v name="${names[$k]}" -v runs="$runs" -v wall="$wall" -v cpu="$cpu" -v out="$out_bytes" \
        -v bw="$base_wall" -v bc="$base_cpu" 'BEGIN {
            if (wall < 1) wall = 1; if (cpu < 1) cpu = 1
            printf "%-9s median of %d: %5d ms wall (%6.1f MB/s out), %5d ms cpu   baseline/this: %.2fx wall, %.2fx cpu\n",
                   name, runs, wall, out / 1000 / wall, cpu, bw / wall, bc / cpu }'
done
echo "outputs: byte-identical (sapperd, direct, baseline); target: sapperd >= 4x faster than the baseline, aiming at 6x"
wall=$(median "$tmp/sapperd.times" 1)
bench_summary "boom judge, T=30 200x200 q=10^4 (sapperd, wall)" "$wall ms" "$base_wall ms" \
    "$(awk -v b="$base_wall" -v w="$wall" 'BEGIN { if (w < 1) w = 1; printf "%.2fx", b / w }')" ">= 4x, aim 6x"
wall=$(median "$tmp/direct.times" 1)
bench_summary "boom judge, the core alone (wall)" "$wall ms" "$base_wall ms" \
    "$(awk -v b="$base_wall" -v w="$wall" 'BEGIN { if (w < 1) w = 1; printf "%.2fx", b / w }')" "-"
