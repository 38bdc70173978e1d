#!/usr/bin/env bash
# tests/t_ports.sh - every port image under its emulator (QEMU for the
# Arm boards and RISC-V, simavr through ports/avr/harness for AVR), fed the
# same request streams as the host daemon, compared byte for byte with what
# `sapperd --stdin` answers to them:
#   - judge streams for all four formats (tests/data/ports/judge-*.in: the
#     public judge data behind a "JUDGE <format>" line), sized per board;
#   - a protocol session touching every request, HELP, and every ERR
#     reason the session and the judge readers can give (errors*.in, and
#     streams that end early for the reasons said at EOF): on AVR, where
#     the core's constant text is in flash, this proves that every piece of
#     it is read through the flash accessor (a plain load would read SRAM);
#     build limits in a reason are the board's, not the host's;
#   - game requests alone, and expert games (16 x 30, 99 mines);
#   - VIEW, in colour and under SET VIEW ON, on the boards that serve it
#     (all but the ATmega328P), and VIEW PROB on those with the deduction
#     engine;
#   - on the boards with the deduction engine (Cortex-M3, micro:bit,
#     RISC-V): two
#     expert games played by HINT with PROB and STATS (deduce.in), and
#     no-guess boards of both levels, expert ones included (noguess.in);
#   - every request that takes memory at the board's largest size, two
#     blocks held at once;
#   - a line over the board's limit (ERR line too long, then the end);
#   - NEW's shortcuts (presets, a NEW without a seed: the board's own seed,
#     masked on both sides), the ERR lines that quote a word (hostile bytes
#     too) and name a range, and on the boards with the deduction engine
#     HINT and PROB before the first click (play.in, play-deduce.in);
#   - on the ATmega328P, what it leaves out or limits (SAP_SOLVERS: VIEW too,
#     SAP_MAX_WORK_BYTES, SAP_NEW_SHORTCUTS: ports/avr/port.mk), and the
#     cell and WORK limits of the small Arm boards, against expected lines;
#   - the size targets (ports/size.sh --check);
#   - `make hex`: valid Intel HEX, and hardware images that serve on;
#   - a board waiting at its prompt sleeps (tests/bench_ports_idle.sh);
# and, apart from the core, the transport: a UART echo image on 32 KiB of
# every byte value but the end-of-input byte.  Every run must exit 0 and
# report a stack high-water mark inside its stack region.
set -u
cd "$(dirname "$0")/.."
data=tests/data/ports
limit=${PORT_TIMEOUT:-60}     # seconds per emulator run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The host the boards are compared with: sapperd as the boards build the
# core, without HINT's endgame search (SAP_ENDGAME_LAYOUTS 0: its block
# does not fit their RAM), so that a guess is the look-ahead's there too,
# without RESUME, which no board serves, with HINT's reasons of one
# number and two steps only, and without its 50/50s to come and its
# deeper look (PORT_SOLVERS_ALL, ports/ports.mk).  Every
# board's knobs (PORT_KNOBS, ports/ports.mk: SAP_PERSON_EXTRAS 0) go into
# both hosts.
host=build/host-boards/sapperd
board_solvers="'-DSAP_SOLVERS=(SAP_SOLVER_CASUAL|SAP_SOLVER_MASTER|SAP_SOLVER_NURIKABE|SAP_SOLVER_DEDUCE|SAP_SOLVER_VIEW|SAP_SOLVER_STATS)' -DSAP_HINT_REASONS=0 -DSAP_HINT_FIFTIES=0 -DSAP_HINT_DEEPER=0"
port_knobs=$(printf 'show: ; @echo $(PORT_KNOBS)\n' | make --no-print-directory -s -f Makefile -f - show)
make --no-print-directory -s BUILD=build/host-boards OPT="-O2 -DSAP_ENDGAME_LAYOUTS=0u $board_solvers $port_knobs" "$host" \
    > "$tmp/host.log" 2>&1 || { cat "$tmp/host.log"; exit 1; }
# The Uno's twin on the host: sapperd built with the ATmega328P's limits and
# solvers (ports/avr/port.mk), so that its answers, which the Uno's must
# equal byte for byte, name the same limits and refuse the same requests.
uno_defines=$(printf 'show: ; @echo $(filter -DSAP_%%,$(AVR328P_CFLAGS))\n' |
    make --no-print-directory -s -f Makefile -f - show)
uno_host=build/host-avr328p/sapperd
make --no-print-directory -s BUILD=build/host-avr328p OPT="-O2 $uno_defines $port_knobs" "$uno_host" \
    > "$tmp/uno-host.log" 2>&1 || { cat "$tmp/uno-host.log"; exit 1; }

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The streams each board takes: the ATmega2560's 30 x 30 limit keeps it off
# the 50 x 50 GCJ cases; the ATmega328P serves no CASUAL and no NURIKABE.
common="judge-boom judge-master judge-master-small game expert long-line errors"
solvers="judge-casual judge-casual-crlf judge-nurikabe session errors-solvers"

# Streams that end early, one per reason said at EOF (the input ends where
# the name's format would still want more).
declare -A eof_streams=(
    [boom-1]='JUDGE BOOM\n'
    [boom-2]='JUDGE BOOM\n1\n'
    [boom-3]='JUDGE BOOM\n1\n2 2\n__\n'
    [boom-4]='JUDGE BOOM\n1\n1 2\n_*\n1 1 1\n'
    [boom-5]='JUDGE BOOM\n1\n1 1\n_\n1 1'
    [master-1]='JUDGE MASTER\n'
    [master-2]='JUDGE MASTER\n2\n1 1 0\n'
    [casual-1]='JUDGE CASUAL\n1 1\n.\n'
    [casual-2]='JUDGE CASUAL\n1'
    [casual-3]='JUDGE CASUAL\n2 1\n.\n'
    [nurikabe-1]='JUDGE NURIKABE\n'
    [nurikabe-2]='JUDGE NURIKABE\n1\n1 1 0\n'
    [session-1]='NEW 2 2\n__\n'
)
eof_all=$(printf 'eof-%s\n' "${!eof_streams[@]}" | sort)

# Every board, and those that exist in silicon (`make hex`).
boards="cortex-m3 stm32f1 microbit riscv avr avr328p"
hex_boards="cortex-m3 stm32f1 microbit avr avr328p"

declare -A streams=(
    [cortex-m3]="$common $solvers judge-master-large largest-78x78 deduce noguess view view-prob"
    [riscv]="$common $solvers judge-master-large largest-78x78 deduce noguess view view-prob"
    [avr]="$common $solvers largest-20x30 view $eof_all"
    [stm32f1]="$common $solvers largest-16x30 view $eof_all"
    [microbit]="$common $solvers largest-30x30 deduce noguess view view-prob $eof_all"
    [avr328p]="$common largest-328p view $eof_all"
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
largest_stream 20 30 > "$tmp/largest-20x30.in"
largest_stream 16 30 > "$tmp/largest-16x30.in"
largest_stream 30 30 > "$tmp/largest-30x30.in"

# The ATmega328P's largest: an explicit 16 x 30 game, a random 30 x 16 one
# asked for while it plays (too big to be held beside it: the old game goes
# first), and a JUDGE BOOM board of 12 x 19 cells beside that game, the
# largest WORK block the board takes (SAP_MAX_WORK_BYTES).
python3 - > "$tmp/largest-328p.in" <<'PY'
import random
rnd = random.Random(328)
out = ["NEW 16 30"]
out += ["".join("*" if rnd.random() < 0.2 else "_" for _ in range(30)) for _ in range(16)]
out += [f"1 {rnd.randint(1, 16)} {rnd.randint(1, 30)}" for _ in range(8)]
out += ["SHOW", "NEW 30 16 99 5", "1 15 8", "2 1 1", "SHOW", "JUDGE BOOM", "1", "12 19"]
out += ["".join("*" if rnd.random() < 0.15 else "_" for _ in range(19)) for _ in range(12)]
out += ["1 6 9", "3 6 9", "0", "1 30 16", "MASTER 16 30 99", "MASTER 30 16 470", "0"]
print("\n".join(out))
PY
for name in "${!eof_streams[@]}"; do
    printf "${eof_streams[$name]}" > "$tmp/eof-$name.in"
done

input_of() { # name -> path of its stream
    if [ -f "$data/$1.in" ]; then echo "$data/$1.in"; else echo "$tmp/$1.in"; fi
}

# The host's answer to a stream (or the Uno twin's, with a second argument
# uno), computed once.
expected_of() { # name [uno] -> path of the host's output
    local exp=$tmp/$1.expected${2:+.$2} daemon=$host
    [ -n "${2:-}" ] && daemon=$uno_host
    if [ ! -f "$exp" ]; then
        timeout 60 "$daemon" --stdin < "$(input_of "$1")" > "$exp" 2> "$exp.err" || {
            echo "host sapperd failed on $1: $(head -c 300 "$exp.err")" >&2; : > "$exp"; }
    fi
    echo "$exp"
}

# A board's build limits (max_rows, max_cols, max_cells), from its report,
# kept in a file: the callers are subshells, $(...).
limit_of() { # board key
    [ -s "$tmp/$1.limits" ] ||
        : | timeout "$limit" "ports/$1/run" --elf "build/ports/$1/sapper.elf" \
            --report "$tmp/$1.limits" > /dev/null 2>&1
    sed -n "s/.*\b$2=\([0-9]*\).*/\1/p" "$tmp/$1.limits"
}

# The solvers each board's build serves (SAP_SOLVERS in ports/*/port.mk;
# the host serves all four).
declare -A served=(
    [cortex-m3]="casual master nurikabe deduce view stats"
    [riscv]="casual master nurikabe deduce view stats"
    [microbit]="casual master nurikabe deduce view stats"
    [avr]="casual master nurikabe view stats"
    [stm32f1]="casual master nurikabe view stats"
    [avr328p]="view"
)

# A board's HELP lists only what its build serves: the host's HELP without
# the lines of the solvers the board leaves out (and JUDGE without their
# formats).  A sed script that makes the one from the other.
help_sed() { # board -> sed script
    local script=""
    case " ${served[$1]} " in *" deduce "*) ;; *)
        script+='/^NEW \.\.\. CASUAL|NOGUESS (last): /d; /^HINT: /d; /^PLAY \[<n>\]: /d; /^PROB: /d; ' ;;
    esac
    case " ${served[$1]} " in *" view "*) ;; *)
        script+='/^VIEW: /d; s/^SET ECHO|COLOR|VIEW ON|OFF: .*/SET ECHO ON|OFF: echo what is typed (backspace edits)/; ' ;;
    esac
    case " ${served[$1]} " in *" stats "*) ;; *)
        script+='/^STATS: /d; ' ;;
    esac
    case " ${served[$1]} " in *" casual "*) ;; *)
        script+='/^CASUAL <r> <c>, /d; /^CASUALMAP <r> <c>, /d; /^JUDGE BOOM|/s/|CASUAL//; ' ;;
    esac
    case " ${served[$1]} " in *" master "*) ;; *)
        script+='/^MASTER <R> <C> <M>: /d; /^JUDGE BOOM|/s/|MASTER//; ' ;;
    esac
    case " ${served[$1]} " in *" nurikabe "*) ;; *)
        script+='/^NURIKABE <r> <c> <d>, /d; /^JUDGE BOOM|/s/|NURIKABE//; ' ;;
    esac
    echo "$script"
}

# The host's answer as the board gives it: a reason that names the build's
# limit (the host's 1000 x 1000, a sentence of each judge reader) names the
# board's, and HELP lists what the board serves.  Streams past the host's
# limits are refused by both alike.  Made once, as the host's answer is.
board_expected_of() { # board name -> path
    local exp=$tmp/$1.$2.expected rows cols
    if [ "$1" = avr328p ]; then # its twin
        expected_of "$2" uno
        return
    fi
    if [ ! -f "$exp" ]; then
        rows=$(limit_of "$1" max_rows)
        cols=$(limit_of "$1" max_cols)
        sed -e "/^ERR /s/limit of 1000 rows\$/limit of $rows rows/" \
            -e "/^ERR /s/limit of 1000 columns\$/limit of $cols columns/" \
            -e "$(help_sed "$1")" \
            "$(expected_of "$2")" > "$exp"
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
        echo "$used" >> "$tmp/$board.stack"
        # Sizes are checked before any block is asked for, and the pool
        # holds any two blocks the session may hold: it never refuses.
        if grep -q 'refused=' "$report" && ! grep -q 'refused=0 ' "$report"; then
            fail "$board $name: the memory pool refused a block: $(cat "$report")"
            return
        fi
    fi
    pass "$board $name ($(wc -c < "$out") bytes, $((SECONDS - start)) s)"
}

# NEW's shortcuts, the ERR lines of a person at a terminal, and HINT and
# PROB before the first click, on every board that has them: a NEW without
# a seed takes the board's own (the time between the bytes it received),
# so the seeds are masked, on the board's side and the host's.
mask_seeds() { sed 's/ SEED [0-9][0-9]*$/ SEED s/' "$1"; }
shortcuts_of() { # board -> the streams of NEW's shortcuts it takes
    case " ${streams[$1]} " in *" deduce "*) echo "play play-deduce" ;; *) echo play ;; esac
}

# One board's runs against the host: the transport alone (its echo
# image), every stream of the protocol, and NEW's shortcuts.
board_runs() { # board
    local board=$1 name rc
    check_run "$board" "build/ports/$board/echo.elf" echo "$tmp/echo.in" "$tmp/echo.in"
    for name in ${streams[$board]}; do
        check_run "$board" "build/ports/$board/sapper.elf" "$name" "$(input_of "$name")" \
            "$(board_expected_of "$board" "$name")"
    done
    for name in $(shortcuts_of "$board"); do
        mask_seeds "$(board_expected_of "$board" "$name")" > "$tmp/$board.$name.masked"
        timeout "$limit" "ports/$board/run" --elf "build/ports/$board/sapper.elf" \
            < "$data/$name.in" > "$tmp/$board.$name.out" 2> "$tmp/$board.$name.err"
        rc=$?
        if [ "$rc" -eq 0 ] && [ -s "$tmp/$board.$name.masked" ] &&
            mask_seeds "$tmp/$board.$name.out" | cmp -s - "$tmp/$board.$name.masked"; then
            pass "$board $name (seeds masked)"
        else
            fail "$board $name: exit status $rc, or differs from the host (seeds masked)"
            diff "$tmp/$board.$name.masked" <(mask_seeds "$tmp/$board.$name.out") | head -n 8 | sed 's/^/    /'
        fi
    done
}

# The boards run one a core at once, each into a log of its own whose ok
# and FAIL lines are counted here afterwards, board by board.  The host's
# answers, as each board gives them, are made first, so the runs only read
# them.
for board in $boards; do
    for name in ${streams[$board]} $(shortcuts_of "$board"); do
        board_expected_of "$board" "$name" > /dev/null
    done
done
trap 'kill $(jobs -p) 2> /dev/null; exit 130' INT TERM # an interrupt stops them too
for board in $boards; do
    while [ "$(jobs -pr | wc -l)" -ge "$(nproc)" ]; do wait -n; done
    board_runs "$board" > "$tmp/$board.runs" 2>&1 &
done
wait
trap - INT TERM
for board in $boards; do
    while IFS= read -r line; do
        case $line in
            "ok   "*) passed=$((passed + 1)) ;;
            "FAIL "*) failed=$((failed + 1)) ;;
        esac
        printf '%s\n' "$line"
    done < "$tmp/$board.runs"
done

# Limits of the AVR parts that the host cannot show: a board past the cell
# limit (its sides within theirs), and on the ATmega328P the solvers it
# leaves out and its WORK limit (a JUDGE BOOM board of 15 x 16 needs 304
# bytes), then a NEW 16 x 30 with a bad row, asked for while a game plays:
# the old game went first (the board is too big to be held beside it).
for board in avr stm32f1 avr328p; do
    cells=$(limit_of "$board" max_cells)
    { if [ "$board" != avr328p ]; then
          printf 'NEW 30 30\nMASTER 30 30 1\nJUDGE MASTER\n1\n30 30 1\nJUDGE BOOM\n1\n30 30\n'
          printf 'JUDGE CASUAL\n30 30\nJUDGE NURIKABE\n1\n30 30 0\n'
      else
          printf 'NEW 30 30\nJUDGE BOOM\n1\n30 30\n'
          printf 'NEW 5 5 3 1\nCASUAL 2 2\nCASUALMAP 2 2\nNURIKABE 1 1 0\nMASTER 2 2 1\n'
          printf 'JUDGE CASUAL\nJUDGE MASTER\nJUDGE NURIKABE\nSTATS\nHINT\nPROB\nVIEW PROB\n'
          printf 'NEW 5 5 3 1 NOGUESS\nJUDGE BOOM\n1\n15 16\nNEW 16 30\n'
          for _ in $(seq 15); do printf '%030d\n' 0 | tr 0 _; done
          printf '%029dx\n1 1 1\nSHOW\n' 0 | tr 0 _
      fi; } > "$tmp/limits.in"
    # (each JUDGE stream fails before any output: its ERR is its reply alone)
    { echo "ERR r*c is over this build's limit of $cells cells"
      if [ "$board" != avr328p ]; then
          echo "ERR r*c is over this build's limit of $cells cells"
          echo "ERR master line 2: R*C is over this build's limit of $cells cells"
      fi
      echo "ERR boom line 2: n*m is over this build's limit of $cells cells"
      if [ "$board" != avr328p ]; then
          echo "ERR casual line 1: r*c is over this build's limit of $cells cells"
          echo "ERR nurikabe line 2: r*c is over this build's limit of $cells cells"
      else
          echo "OK 5 5 3"
          for word in CASUAL CASUALMAP NURIKABE MASTER CASUAL MASTER NURIKABE STATS HINT PROB \
              PROB NOGUESS; do
              echo "ERR '$word' is not in this build"
          done
          echo "ERR boom line 2: not enough memory for this board"
          echo "ERR row 16 holds 'x': cells are '*' or '_'"
          echo "ERR no game: start one with NEW"
          echo "ERR no game: start one with NEW"
      fi; } > "$tmp/limits.expected"
    check_run "$board" "build/ports/$board/sapper.elf" limits "$tmp/limits.in" "$tmp/limits.expected"
done

# The micro:bit's WORK limit (SAP_MAX_WORK_BYTES): HINT, PROB and a no-guess
# board serve the expert board (the stored deduce and noguess streams) but
# not 30 x 30, which it refuses cleanly, the game playing on.
# (HINT and PROB after a click: before it they need no deduction.)
printf 'NEW 30 30 99 1\n1 15 15\nHINT\nPROB\nNEW 30 30 150 2 NOGUESS\n1 15 15\n2 1 1\n0\n' \
    > "$tmp/work-limit.in"
printf '%s\n' "OK 30 30 99" "$(printf 'NEW 30 30 99 1\n1 15 15\n' | "$host" --stdin | sed -n 2p)" \
    "ERR not enough memory for this board" "ERR not enough memory for this board" \
    "OK 30 30 150" "ERR not enough memory for this board" "RUNNING: [<1, 1, P>]" "QUIT" > "$tmp/work-limit.expected"
check_run microbit build/ports/microbit/sapper.elf work-limit "$tmp/work-limit.in" "$tmp/work-limit.expected"

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

# A board waiting for input sleeps: each board at once, with a stdin that
# stays open and sends nothing, may take at most 10 % of a core over 3 s
# (one that polled its UART would take all its emulator gets, a share of
# the machine's two cores), and must still wake for the end of input and
# exit 0.
if bash tests/bench_ports_idle.sh --parallel --seconds 3 --at-most 10 $boards \
    > "$tmp/idle.out" 2>&1; then
    pass "every board asleep at its prompt, woken by the end of input"
else
    fail "a board busy at its prompt, or not woken by the end of input:"
fi
sed 's/^/     /' "$tmp/idle.out"

# Hostile bytes: 4 KiB of random binary must end in a clean exit, whatever
# the replies (the line limits differ from the host's).
python3 -c '
import random, sys
random.seed(7)
sys.stdout.buffer.write(bytes(random.choice([b for b in range(256) if b != 4]) for _ in range(4096)))
' > "$tmp/garbage.in"
for board in $boards; do
    if timeout "$limit" "ports/$board/run" --elf "build/ports/$board/sapper.elf" \
        < "$tmp/garbage.in" > "$tmp/$board.garbage.out" 2>&1; then
        pass "$board random binary input"
    else
        fail "$board random binary input: exit status $?"
    fi
done

# HELP on the Uno's image lists what it serves, the game's requests with
# VIEW and NEW's presets, and none of what it leaves out.
printf 'HELP\n' > "$tmp/help.in"
if timeout "$limit" ports/avr328p/run --elf build/ports/avr328p/sapper.elf < "$tmp/help.in" \
        > "$tmp/avr328p.help.out" 2>&1 &&
    [ "$(wc -l < "$tmp/avr328p.help.out")" -eq 14 ] &&
    [ "$(tail -n 1 "$tmp/avr328p.help.out")" = END ] &&
    grep -q '^VIEW: ' "$tmp/avr328p.help.out" &&
    grep -q '^NEW BEGINNER|INTERMEDIATE|EXPERT ' "$tmp/avr328p.help.out" &&
    grep -q '^JUDGE BOOM, ' "$tmp/avr328p.help.out" &&
    ! grep -qE '^(CASUAL|CASUALMAP|NURIKABE|MASTER|HINT|PROB|STATS)[ :]|CASUAL\||NOGUESS' \
        "$tmp/avr328p.help.out"; then
    pass "avr328p HELP: 14 lines, VIEW and the presets, no MASTER, CASUAL, NURIKABE, STATS, HINT, PROB"
else
    fail "avr328p HELP:"
    sed 's/^/    /' "$tmp/avr328p.help.out" | head -n 20
fi

# Flashable images: `make hex` writes valid Intel HEX for every board that
# exists in silicon, and those images serve on past the end-of-input byte
# (the emulator runs them until the timeout stops them): what follows the
# 0x04 is answered as the host answers it, 0x04 being an ordinary byte.
# They start with echo on, for a person at a serial terminal: the host's
# answer is the one after SET ECHO ON (its "OK\r\n" left out), with
# lines typed as a terminal sends them (a lone "\r"), one edited with
# backspace and DEL.
if make -s hex > "$tmp/hex.log" 2>&1; then
    pass "make hex"
else
    fail "make hex: $(tail -n 3 "$tmp/hex.log")"
fi
for board in $hex_boards; do
    if python3 - "build/ports/$board/sapper.hex" <<'PY'
import sys
data, end = 0, False
for n, line in enumerate(open(sys.argv[1]).read().splitlines(), 1):
    assert not end, "a record after the end record"
    assert line.startswith(":") and len(line) >= 11 and len(line) % 2 == 1, f"line {n}: {line!r}"
    raw = bytes.fromhex(line[1:])
    assert raw[0] == len(raw) - 5, f"line {n}: byte count"
    assert sum(raw) % 256 == 0, f"line {n}: checksum"
    assert raw[3] in (0, 1, 2, 3, 4, 5), f"line {n}: record type {raw[3]}"
    data += raw[0] if raw[3] == 0 else 0
    end = raw[3] == 1
assert end and data > 1024, f"{data} data bytes, end record {end}"
PY
    then
        pass "$board sapper.hex: valid Intel HEX"
    else
        fail "$board sapper.hex: not valid Intel HEX"
    fi
    printf 'NEW 2 3\r___\r\n_*_\n1 1 x\b1\r\004\r\nSHOW\r2 2 22\177\n' > "$tmp/hw.in"
    # The image never exits: it has served once its whole reply is out and
    # it still runs a moment later.  Waiting for that, rather than for a
    # fixed time, keeps a slow emulator on a loaded machine from failing.
    timeout 60 "ports/$board/run" --elf "build/ports/$board/sapper-hw.elf" < "$tmp/hw.in" \
        > "$tmp/$board.hw.out" 2> /dev/null &
    pid=$!
    { printf 'SET ECHO ON\n'; cat "$tmp/hw.in"; } | "$host" --stdin 2> /dev/null |
        tail -c +5 > "$tmp/hw.expected"
    for _ in $(seq 1000); do
        cmp -s "$tmp/$board.hw.out" "$tmp/hw.expected" && break
        kill -0 "$pid" 2> /dev/null || break
        sleep 0.05
    done
    sleep 0.3
    serving=no
    kill -0 "$pid" 2> /dev/null && serving=yes
    kill "$pid" 2> /dev/null
    wait "$pid"
    rc=$?
    if [ "$serving" = yes ] && cmp -s "$tmp/$board.hw.out" "$tmp/hw.expected"; then
        pass "$board hardware image: serves on past 0x04"
    else
        fail "$board hardware image: exit status $rc (still serving: $serving), output:"
        diff "$tmp/hw.expected" "$tmp/$board.hw.out" | head -n 6 | sed 's/^/    /'
    fi
done

for board in $boards; do
    [ -s "$tmp/$board.stack" ] && echo "     $board: deepest stack $(sort -n "$tmp/$board.stack" | tail -n 1) bytes"
done

# The targets: Cortex-M3 flash at most 52 KiB (24 before HINT, PROB, STATS and
# no-guess boards); RAM within the
# declared session memory plus 2 KiB (see ports/size.sh).
if bash ports/size.sh --check $boards > "$tmp/size.out" 2>&1; then
    pass "size targets"
else
    fail "size targets"
fi
sed 's/^/     /' "$tmp/size.out"
echo "t_ports: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
