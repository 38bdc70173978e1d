#!/usr/bin/env bash
# tests/t_terminal.sh - a person at a terminal runs a board's run script
# (ports/<board>/run, ports/run-board) and plays: under a real
# pseudo-terminal (python3's pty), keys are typed one at a time as a
# terminal sends them - a line ended by a lone "\r", one edited with DEL,
# one with backspace, one ended by "\r\n" - and the screen must show what
# the host's sapperd answers to the same keys after SET ECHO ON (the run
# script types it for the person): each line echoed as typed, "\b \b" for
# each erasure, replies ending "\r\n" (the terminal's own output
# processing, which the run leaves on, adds a "\r" before each "\n").
# Ctrl-D ends the session: the run exits 0.  Ctrl-C stops it: exit 130.
# Either way the terminal's settings are back as they were.
set -u
cd "$(dirname "$0")/.."
host=${SAPPERD_PLAIN:-build/sapperd}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The keys, as bytes (python literals), one write each.
keys="b'HELP me\\r', b'NEW 2 2\\x7f3 1 1\\r', b'1 1 9\\x081\\r\\n', b'SHOW\\r', b'2 2 3\\r'"

# play BOARD KEYS END EXPECTED: types KEYS then END (b'\x04' or b'\x03')
# into ports/BOARD/run under a pty; checks the screen against EXPECTED
# (the board's bytes, with SET ECHO ON's line before them), the exit
# status, and the terminal's settings afterwards.
play() {
    python3 - "$@" <<'PY'
import os, pty, select, signal, sys, termios, time

board, keys, end, expected_path, want_status = sys.argv[1:6]
keys = eval("[" + keys + "]")
end = eval(end)
want_status = int(want_status)
board_bytes = open(expected_path, "rb").read()

pid, fd = pty.fork()
if pid == 0:
    # A person's shell leaves Ctrl-C's SIGINT at its default; a test that
    # tests/run started in the background has it ignored, which every
    # program after would inherit (bash cannot trap a signal ignored at its
    # start, so the run's trap would be a no-op).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.execv("ports/%s/run" % board, ["ports/%s/run" % board])

before = termios.tcgetattr(fd)
screen = b""

def read_until(predicate, seconds):
    global screen
    deadline = time.time() + seconds
    while not predicate() and time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            screen += data

# The run says what it is on stderr, then shows SET ECHO ON as typed.
read_until(lambda: b"SET ECHO ON\r\r\n" in screen, 120)
for k in keys:
    for b in k:  # a key at a time
        os.write(fd, bytes([b]))
        time.sleep(0.005)
tty = (b"SET ECHO ON\r\n" + board_bytes).replace(b"\n", b"\r\n")
read_until(lambda: screen.endswith(tty), 120)
os.write(fd, end)
status = None
deadline = time.time() + 120
while status is None and time.time() < deadline:
    read_until(lambda: False, 0.2)
    done, code = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(code)
after = termios.tcgetattr(fd)
if status is None:
    os.kill(pid, 9)
    os.waitpid(pid, 0)

first, _, rest = screen.partition(b"\r\n")
problems = []
if not first.startswith(b"run: " + board.encode()):
    problems.append("no word from the run first: %r" % first)
if end == b"\x04" and rest != tty:
    problems.append("the screen:\n  %r\nexpected:\n  %r" % (rest, tty))
if end == b"\x03" and not rest.startswith(tty):
    problems.append("the screen:\n  %r\nexpected to start:\n  %r" % (rest, tty))
if status != want_status:
    problems.append("exit status %s, expected %d" % (status, want_status))
if after != before:
    problems.append("the terminal's settings changed: %r -> %r" % (before, after))
for p in problems:
    print("    " + p)
sys.exit(1 if problems else 0)
PY
}

# What the board says to the keys: the host's sapperd after SET ECHO ON
# (the run types it with a lone "\r"; its OK already ends "\r\n").
python3 -c "
import sys
keys = [$keys]
sys.stdout.buffer.write(b'SET ECHO ON\r' + b''.join(keys))
" > "$tmp/keys.in"
"$host" --stdin < "$tmp/keys.in" > "$tmp/expected" 2> "$tmp/host.err" || {
    echo "host sapperd failed: $(head -c 300 "$tmp/host.err")"; exit 1; }
grep -q 'RUNNING' "$tmp/expected" && grep -q $'^NEW 2 2\b \b3 1 1\r$' "$tmp/expected" || {
    echo "the host's answer is not what this test means:"; cat -A "$tmp/expected"; exit 1; }

for board in cortex-m3 stm32f1 microbit riscv avr avr328p; do
    make -s "build/ports/$board/sapper.elf" > /dev/null 2>&1
    if out=$(play "$board" "$keys" "b'\\x04'" "$tmp/expected" 0 2>&1); then
        pass "ports/$board/run at a terminal: typed lines echoed and answered, Ctrl-D ends it"
    else
        fail "ports/$board/run at a terminal:"
        echo "$out"
    fi
done

# Ctrl-C while the board waits, asleep, for a key: the emulator (QEMU, or
# the simavr harness waiting on stdin) stops, exit 130.
for board in cortex-m3 avr328p; do
    if out=$(play "$board" "$keys" "b'\\x03'" "$tmp/expected" 130 2>&1); then
        pass "ports/$board/run at a terminal: Ctrl-C stops it, the terminal set back"
    else
        fail "ports/$board/run at a terminal, Ctrl-C:"
        echo "$out"
    fi
done

echo "t_terminal: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
