#!/usr/bin/env bash
# tests/t_ports.sh - every port image under its emulator (QEMU for
# Cortex-M3 and RISC-V, simavr through ports/avr/harness for AVR), fed the
# same request streams as the host daemon, compared byte for byte with what
# `sapperd --stdin` answers to them:
#   - judge streams for all four formats (tests/data/ports/judge-*.in: the
#     public judge data behind a "JUDGE <format>" line), sized per board;
#   - a protocol session touching every request and many ERR paths;
#   - game requests alone, and expert games (16 x 30, 99 mines), where the
#     board takes them (the ATmega328P runs only these);
#   - every request that takes memory at the board's largest size, two
#     blocks held at once;
#   - a line over the board's limit (ERR line too long, then the end);
#   - the size targets (ports/size.sh --check);
# and, apart from the core, the transport: a UART echo image on 32 KiB of
# every byte value but the end-of-input byte.  Every run must exit 0 and
# report a stack high-water mark inside its stack region.
set -u
cd "$(dirname "$0")/.."
host=${SAPPERD_PLAIN:-build/sapperd}
data=tests/data/ports
limit=${PORT_TIMEOUT:-60}     # seconds per emulator run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The streams each board takes: the ATmega2560's 14 x 14 limit keeps it off
# the 50 x 50 GCJ cases and the bigger games; the ATmega328P runs the game
# requests only (ports/avr328p/game_main.c says why), expert board included.
common="judge-boom judge-casual judge-casual-crlf judge-master judge-master-small
        judge-nurikabe session long-line"
declare -A streams=(
    [cortex-m3]="$common judge-master-large game expert largest-78x78"
    [riscv]="$common judge-master-large game expert largest-78x78"
    [avr]="$common largest-14x14"
    [avr328p]="game expert long-line"
)

python3 -c '
import random, sys
random.seed(6)
alphabet = bytes(b for b in range(256) if b != 4)
sys.stdout.buffer.write(alphabet + bytes(random.choice(alphabet) for _ in range(32768 - len(alphabet))))
' > "$tmp/echo.in"

# A stream at a board's largest size, every request that takes a block:
# an explicit game, a second NEW whose last row is bad while the first game
# lives (the old game must keep playing, as on the host), a NURIKABE with a
# number in every cell (the largest WORK block) while that game lives,
# CASUAL, CASUALMAP, MASTER.  Made here, deterministic per size.
largest_stream() { # rows cols -> stream on stdout
    python3 - "$1" "$2" <<'PY'
import random, sys
r, c = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(r * 1000 + c)
out = []
def board(alphabet, mine_share):
    return ["".join(alphabet[1] if rnd.random() < mine_share else alphabet[0]
                    for _ in range(c)) for _ in range(r)]
out.append(f"NEW {r} {c}")
rows = board("_*", 0.12)
out += rows
out += [f"1 {rnd.randint(1, r)} {rnd.randint(1, c)}" for _ in range(6)]
out.append(f"2 1 1")
out.append(f"NEW {r} {c}")
out += board("_*", 0.2)[:-1] + ["_" * (c - 1) + "x"]
out += [f"1 {rnd.randint(1, r)} {rnd.randint(1, c)}" for _ in range(3)]
out.append("SHOW")
out.append(f"NURIKABE {r} {c} {r * c}")
out += [f"{i} {j} 1" for i in range(r) for j in range(c)]
out += ["." * c for _ in range(r)]
out.append("SHOW")
out.append(f"CASUAL {r} {c}")
out += board(".M", 0.15)
out.append(f"CASUALMAP {r} {c}")
out += board(".M", 0.1)
out.append(f"MASTER {r} {c} {r * c // 3}")
out.append("0")
sys.stdout.write("\n".join(out) + "\n")
PY
}
largest_stream 78 78 > "$tmp/largest-78x78.in"
largest_stream 14 14 > "$tmp/largest-14x14.in"

input_of() { # name -> path of its stream
    if [ -f "$data/$1.in" ]; then echo "$data/$1.in"; else echo "$tmp/$1.in"; fi
}

# The host's answer to a stream, computed once.
expected_of() { # name -> path of the host's output
    local exp=$tmp/$1.expected
    if [ ! -f "$exp" ]; then
        timeout 60 "$host" --stdin < "$(input_of "$1")" > "$exp" 2> "$exp.err" || {
            echo "host sapperd failed on $1: $(head -c 300 "$exp.err")" >&2; : > "$exp"; }
    fi
    echo "$exp"
}

# Runs one image; checks exit status, output and stack report.
check_run() { # board image name input expected
    local board=$1 image=$2 name=$3 input=$4 expected=$5
    local out=$tmp/$board.$name.out report=$tmp/$board.$name.report
    local start=$SECONDS rc
    timeout "$limit" "ports/$board/run" --elf "$image" --report "$report" \
        < "$input" > "$out" 2> "$out.err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "$board $name: exit status $rc ($((SECONDS - start)) s) $(head -c 300 "$out.err")"
        return
    fi
    if [ ! -s "$expected" ]; then
        fail "$board $name: no expected output to compare with"
        return
    fi
    if ! cmp -s "$out" "$expected"; then
        fail "$board $name: differs from the host ($(wc -c < "$out") bytes, host $(wc -c < "$expected"))"
        diff <(head -c 4000 "$expected") <(head -c 4000 "$out") | head -n 8 | sed 's/^/    /'
        return
    fi
    if [ "$image" = "build/ports/$board/sapper.elf" ]; then
        local used size
        used=$(sed -n 's/.*stack_used=\([0-9]*\).*/\1/p' "$report")
        size=$(sed -n 's/.*stack_size=\([0-9]*\).*/\1/p' "$report")
        if [ -z "$used" ] || [ -z "$size" ] || [ "$used" -ge "$size" ]; then
            fail "$board $name: stack report '$(cat "$report")'"
            return
        fi
        stack_max[$board]=$(( used > ${stack_max[$board]:-0} ? used : ${stack_max[$board]:-0} ))
        # Sizes are checked before any block is asked for, and the pool
        # holds any two blocks the session may hold: it never refuses.
        if grep -q 'refused=' "$report" && ! grep -q 'refused=0 ' "$report"; then
            fail "$board $name: the memory pool refused a block: $(cat "$report")"
            return
        fi
    fi
    pass "$board $name ($(wc -c < "$out") bytes, $((SECONDS - start)) s)"
}

declare -A stack_max=()

# Transport alone: the echo image of every board.
for board in cortex-m3 riscv avr avr328p; do
    check_run "$board" "build/ports/$board/echo.elf" echo "$tmp/echo.in" "$tmp/echo.in"
done

# The protocol against the host.
for board in cortex-m3 riscv avr avr328p; do
    for name in ${streams[$board]}; do
        check_run "$board" "build/ports/$board/sapper.elf" "$name" "$(input_of "$name")" \
            "$(expected_of "$name")"
    done
done

# The stack check can fail: a 128-byte stack must end in exit status 4.
timeout "$limit" ports/riscv/run --elf build/ports/riscv/tight-stack.elf \
    < "$data/session.in" > /dev/null 2>&1
rc=$?
if [ "$rc" -eq 4 ]; then
    pass "riscv with a 128-byte stack: overflow reported (exit 4)"
else
    fail "riscv with a 128-byte stack: exit status $rc, expected 4"
fi

# As a user runs it: no --elf, so the run script builds (or finds) the image.
if timeout "$limit" ports/avr/run --mcu atmega328p < "$data/game.in" > "$tmp/user.out" 2> "$tmp/user.err" &&
    cmp -s "$tmp/user.out" "$(expected_of game)"; then
    pass "ports/avr/run --mcu atmega328p, as a user runs it"
else
    fail "ports/avr/run --mcu atmega328p, as a user runs it: $(head -c 300 "$tmp/user.err")"
fi

# Hostile bytes: 4 KiB of random binary must end in a clean exit, whatever
# the replies (the line limits differ from the host's).
python3 -c '
import random, sys
random.seed(7)
sys.stdout.buffer.write(bytes(random.choice([b for b in range(256) if b != 4]) for _ in range(4096)))
' > "$tmp/garbage.in"
for board in cortex-m3 riscv avr avr328p; do
    if timeout "$limit" "ports/$board/run" --elf "build/ports/$board/sapper.elf" \
        < "$tmp/garbage.in" > "$tmp/$board.garbage.out" 2>&1; then
        pass "$board random binary input"
    else
        fail "$board random binary input: exit status $?"
    fi
done

for board in "${!stack_max[@]}"; do
    echo "     $board: deepest stack ${stack_max[$board]} bytes"
done

# The issue's targets: Cortex-M3 flash at most 24 KiB; RAM within the
# declared session memory plus 2 KiB (see ports/size.sh).
if bash ports/size.sh --check cortex-m3 riscv avr avr328p > "$tmp/size.out" 2>&1; then
    pass "size targets"
else
    fail "size targets"
fi
sed 's/^/     /' "$tmp/size.out"
echo "t_ports: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
