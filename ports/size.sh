#!/usr/bin/env bash
# ports/size.sh BOARD... - `make size`: per board, flash and RAM of its
# image (from the ELF's sections: flash = code, constants and the .data
# load image; RAM = .data + .bss + the reserved stack), the largest board it
# accepts, the session memory core/sapper.h declares for that board, and the
# deepest stack measured in the emulator over every stored request stream
# (tests/data/ports/*.in; a stream beyond the board's limits still counts:
# its error paths run too).
#   --check   also exit 1 when a target is missed: Cortex-M3 flash at most
#             52 KiB of its 256 (24 KiB was the target for the four
#             solvers; the deduction engine behind HINT and PROB, STATS and
#             the no-guess generator add about 11 KiB, a person's requests -
#             VIEW, NEW's presets, echo, PLAY - about 4 KiB more, HINT's
#             look-ahead and the sweep that counts long groups about 5.5
#             KiB more, HINT kept between moves about 2.5 KiB more); on every
#             board RAM at most the session memory plus
#             2 KiB (stack included); the ATmega328P takes a 16 x 30 board
set -u
cd "$(dirname "$0")/.."
check=false
if [ "${1:-}" = --check ]; then check=true; shift; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
missed=0

section_size() { # elf section -> bytes (0 when absent)
    local tool=$1 elf=$2 name=$3
    "$tool" -A "$elf" | awk -v n="$name" '$1 == n { print $2; found = 1 } END { if (!found) print 0 }'
}

report_value() { # report-file key
    sed -n "s/.*\\b$2=\\([0-9]*\\).*/\\1/p" "$1" | head -n 1
}

kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

printf '%-10s %-26s %10s %10s %12s %15s %14s\n' board emulator flash RAM "largest" "session memory" "stack used"
for board in "$@"; do
    elf=build/ports/$board/sapper.elf
    case $board in
        cortex-m3) tool=arm-none-eabi-size; emu="qemu lm3s6965evb" ;;
        stm32f1) tool=arm-none-eabi-size; emu="qemu stm32vldiscovery" ;;
        microbit) tool=arm-none-eabi-size; emu="qemu microbit (nRF51)" ;;
        riscv) tool=riscv64-unknown-elf-size; emu="qemu virt rv32imac" ;;
        avr) tool=avr-size; emu="simavr atmega2560" ;;
        avr328p) tool=avr-size; emu="simavr atmega328p" ;;
        *) echo "size: unknown board $board" >&2; exit 2 ;;
    esac
    text=$(section_size "$tool" "$elf" .text)
    data=$(section_size "$tool" "$elf" .data)
    bss=$(section_size "$tool" "$elf" .bss)
    stack=$(section_size "$tool" "$elf" .stack)
    flash=$((text + data))
    ram=$((data + bss + stack))
    deepest=0
    for input in tests/data/ports/*.in; do
        timeout 120 "ports/$board/run" --elf "$elf" --report "$tmp/report" \
            < "$input" > /dev/null 2>&1 || true
        used=$(report_value "$tmp/report" stack_used)
        [ -n "$used" ] && [ "$used" -gt "$deepest" ] && deepest=$used
    done
    rows=$(report_value "$tmp/report" max_rows)
    cols=$(report_value "$tmp/report" max_cols)
    cells=$(report_value "$tmp/report" max_cells)
    memory=$(report_value "$tmp/report" session_memory)
    largest="${rows}x${cols}"
    [ "$((rows * cols))" -gt "${cells:-0}" ] && largest="$largest<=$cells"
    printf '%-10s %-26s %10s %10s %12s %15s %14s\n' "$board" "$emu" "$(kib "$flash")" \
        "$(kib "$ram")" "$largest" "${memory:+$(kib "$memory")}" "$deepest/$stack B"
    if [ "$board" = cortex-m3 ] && [ "$flash" -gt 53248 ]; then
        echo "  target missed: flash $flash > 53248 bytes"
        missed=1
    fi
    if [ -z "$memory" ]; then
        echo "  target missed: no session memory in the board's report"; missed=1
    elif [ "$((ram - memory))" -gt 2048 ]; then
        echo "  target missed: RAM $ram > session memory $memory + 2048"; missed=1
    else
        echo "  RAM = session memory + $((ram - memory)) bytes (stack $stack reserved, .data $data)"
    fi
    if [ "$board" = avr328p ]; then # the expert board, 16 x 30 either way round
        if [ "${cells:-0}" -lt 480 ] || [ "${rows:-0}" -lt 30 ] || [ "${cols:-0}" -lt 30 ]; then
            echo "  target missed: the ATmega328P must take a 16 x 30 board (either way round)"
            missed=1
        fi
    fi
done
# The Uno's flash budget: the ATmega328P session with each set of solvers
# (ports/avr/port.mk, UNO_BUDGET; `make size` builds them), against the
# 32256 bytes the Uno's bootloader leaves.
uno_flash=32256
budget=$(ls build/ports/avr328p/budget-*.elf 2>/dev/null)
if [ -n "$budget" ]; then
    echo
    echo "ATmega328P (Arduino Uno) flash by solvers, against the $uno_flash bytes beside its bootloader:"
    printf '  %-28s %8s  %s\n' solvers flash ""
    for elf in build/ports/avr328p/budget-view.elf build/ports/avr328p/budget-view+stats.elf \
               build/ports/avr328p/budget-master.elf build/ports/avr328p/budget-master+view.elf \
               build/ports/avr328p/budget-master+nurikabe.elf \
               build/ports/avr328p/budget-master+casual.elf build/ports/avr328p/budget-master+casual+nurikabe.elf; do
        [ -f "$elf" ] || continue
        name=${elf##*/budget-}
        name=${name%.elf}
        bytes=$(( $(section_size avr-size "$elf" .text) + $(section_size avr-size "$elf" .data) ))
        if [ "$bytes" -le "$uno_flash" ]; then
            verdict="fits, $((uno_flash - bytes)) bytes spare"
        else
            verdict="$((bytes - uno_flash)) bytes over"
        fi
        printf '  %-28s %8d  %s\n' "$name" "$bytes" "$verdict"
    done
fi

$check && [ "$missed" -ne 0 ] && exit 1
exit 0
