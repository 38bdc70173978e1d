#!/usr/bin/env bash
# bench_ports_idle.sh - what a board costs the host while it waits at its
# prompt: each ports/<board>/run is started as a person starts it, with a
# stdin that stays open and sends nothing, and once it has started up, the
# CPU time of everything it runs (the emulator above all) is read from
# /proc over SECONDS seconds.  Then its input is closed: the board must
# take the end-of-input byte it was waiting for and exit 0, which shows
# that a sleeping board still wakes for a byte.
#
#   bash tests/bench_ports_idle.sh [--images DIR] [--seconds N] [--parallel]
#                                  [--at-most PERCENT] [BOARD...]
#
# --images DIR   runs DIR/<board>/sapper.elf instead of the build's image
#                (the run script's --elf), to measure another build
# --parallel     all the boards at once (one after the other by default)
# --at-most P    fails when a board takes more than P % of a core
#                (tests/t_ports.sh checks that every board sleeps)
#
# A board that waits asleep costs next to nothing; one that polls its
# UART, all of the core its emulator gets.  Fails only when a board does
# not exit 0 once its input ends, or with --at-most.
set -u
cd "$(dirname "$0")/.."
. tests/lib/bench_summary.sh
images=""
seconds=20
warmup=3
parallel=false
at_most=""
boards=""
while [ $# -gt 0 ]; do
    case "$1" in
        --images) images=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --parallel) parallel=true; shift ;;
        --at-most) at_most=$2; shift 2 ;;
        *) boards="$boards $1"; shift ;;
    esac
done
boards=${boards:-cortex-m3 stm32f1 microbit riscv avr avr328p}
ticks=$(getconf CLK_TCK)
tmp=$(mktemp -d)
declare -A run=() writer=() before=() after=()
trap 'for w in "${writer[@]}"; do kill "$w" 2> /dev/null; done; rm -rf "$tmp"' EXIT

# CPU ticks (user + system) of a process and all its descendants, living
# ones only: the run script's shells and cat cost nothing while they wait,
# the emulator is the one that counts.  Each /proc/PID/stat is read with
# getline, which a process that has gone in the meantime does not stop.
tree_ticks() { # pid
    awk -v root="$1" '
        BEGIN {
            for (i = 1; i < ARGC; i++) {
                if ((getline line < ARGV[i]) > 0) {
                    pid = ARGV[i]; sub(/^\/proc\//, "", pid); sub(/\/stat$/, "", pid)
                    sub(/^.*\) /, "", line) # past the command name, which may hold spaces
                    split(line, f, " ")
                    parent[pid] = f[2]; cpu[pid] = f[12] + f[13]
                }
                close(ARGV[i])
            }
            total = 0
            for (p in cpu) {
                q = p
                while (q != root && q in parent) q = parent[q]
                if (q == root) total += cpu[p]
            }
            print total
        }' /proc/[0-9]*/stat
}

start() { # board: its run, on a fifo that a writer holds open and sends nothing on
    local board=$1 elf=build/ports/$1/sapper.elf
    [ -n "$images" ] && elf=$images/$board/sapper.elf
    mkfifo "$tmp/$board.in"
    "ports/$board/run" --elf "$elf" < "$tmp/$board.in" > "$tmp/$board.out" 2> "$tmp/$board.err" &
    run[$board]=$!
    sleep $((warmup + seconds + 600)) > "$tmp/$board.in" &
    writer[$board]=$!
}

status=0
finish() { # board: closes its input, waits for its exit, prints its line
    local board=$1 rc ending used share
    kill "${writer[$board]}" 2> /dev/null
    wait "${writer[$board]}" 2> /dev/null
    unset "writer[$board]"
    for _ in $(seq 300); do kill -0 "${run[$board]}" 2> /dev/null || break; sleep 0.1; done
    if kill -0 "${run[$board]}" 2> /dev/null; then
        kill "${run[$board]}" 2> /dev/null
        ending="still running 30 s after its input ended"
    fi
    wait "${run[$board]}"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        ending="exit 0"
    else
        ending="exit $rc${ending:+, $ending}: $(head -c 200 "$tmp/$board.err")"
        status=1
    fi
    used=$(awk -v t=$((after[$board] - before[$board])) -v hz="$ticks" \
        'BEGIN { printf "%.2f", t / hz }')
    share=$(awk -v t=$((after[$board] - before[$board])) -v hz="$ticks" -v s="$seconds" \
        'BEGIN { printf "%.1f", 100 * t / hz / s }')
    if [ -n "$at_most" ] && awk -v a="$share" -v m="$at_most" 'BEGIN { exit !(a > m) }'; then
        ending="$ending; over $at_most %"
        status=1
    fi
    printf '%-10s %10s s %8s %%  %s\n' "$board" "$used" "$share" "$ending"
    bench_summary "ports: $board waiting at its prompt, CPU over $seconds s" \
        "$used s ($share %)" "-" "-" "asleep: ~0 %"
}

for board in $boards; do
    make -s --no-print-directory "build/ports/$board/sapper.elf" build/ports/avr/harness \
        > /dev/null 2>&1
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
printf '%-10s %12s %10s  %s\n' board "CPU time" "of a core" "once the input ends"
if $parallel; then
    for board in $boards; do start "$board"; done
    sleep "$warmup"
    for board in $boards; do before[$board]=$(tree_ticks "${run[$board]}"); done
    sleep "$seconds"
    for board in $boards; do after[$board]=$(tree_ticks "${run[$board]}"); done
    for board in $boards; do finish "$board"; done
else
    for board in $boards; do
        start "$board"
        sleep "$warmup"
        before[$board]=$(tree_ticks "${run[$board]}")
        sleep "$seconds"
        after[$board]=$(tree_ticks "${run[$board]}")
        finish "$board"
    done
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
