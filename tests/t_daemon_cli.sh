#!/usr/bin/env bash
# t_daemon_cli.sh - sapperd's command line and its stdin/stdout session:
# the test hooks only in the test build, options and their errors, --stdin
# over a pipe, a file, a terminal and a socket, --stdin beside --listen.
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP

# ---- test hooks -------------------------------------------------------------------
# The failure hook (SAPPERD_FAIL_ACCEPT, t_daemon_memory.sh) is in the test build
# the scripts run, and not in the released daemon.
strings "$SAPPERD" | grep -q SAPPERD_FAIL_ACCEPT
check "the test build $SAPPERD has the failure hook" $?
out=$(strings "$SAPPERD_PLAIN" | grep SAPPERD_FAIL)
check_eq "the released $SAPPERD_PLAIN has no failure hook" "$out" ""

# ---- options --------------------------------------------------------------------
out=$("$SAPPERD" --help 2>&1)
check "--help: exit 0" $?
echo "$out" | grep -q -- '--idle-timeout SECONDS'
check "--help lists the options" $?
check_eq "--version" "$("$SAPPERD" --version)" "sapperd $(sed -n 's/^#define SAP_VERSION_STRING "\(.*\)"/\1/p' core/sapper_config.h)"

bad_option() { # name, args...
    local name=$1 err status
    shift
    err=$(timeout 10 "$SAPPERD" "$@" 2>&1 </dev/null >/dev/null)
    status=$?
    if [ "$status" -eq 2 ] && [[ "$err" == "sapperd: "*"(try --help)" ]]; then
        check "bad option, exit 2: $name ($err)" 0
    else
        check "bad option, exit 2: $name" 1 "status $status, stderr [$err]"
    fi
}
bad_option "unknown option" --frobnicate
bad_option "stray argument" 7878
bad_option "--listen without a value" --listen
bad_option "--listen without a port" --listen 127.0.0.1
bad_option "--listen port past 65535" --listen 127.0.0.1:65536
bad_option "--listen short IPv4" --listen 1.2.3:80
bad_option "--listen bad octet" --listen 300.1.1.1:80
bad_option "--listen host name" --listen localhost:80
bad_option "--listen IPv6 without brackets" --listen ::1:80
bad_option "--listen IPv6 without a port" --listen '[::1]'
bad_option "--listen port with a sign" --listen 127.0.0.1:+80
bad_option "--max-clients 0" --max-clients 0
bad_option "--max-clients not a number" --max-clients many
bad_option "--max-clients too large" --max-clients 99999999999
bad_option "--idle-timeout negative" --idle-timeout -1
bad_option "--judge unknown format" --judge chess
bad_option "--judge without a format" --judge
bad_option "--judge with --listen" --judge boom --listen 127.0.0.1:7878
bad_option "nine --listen" --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 \
    --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 \
    --listen 127.0.0.1:0 --listen 127.0.0.1:0

# Every message byte for byte: each one names its option and what the
# option takes, and the first bad argument is the one reported.
says() { # stderr wanted, args...
    local want=$1 err status
    shift
    err=$(timeout 10 "$SAPPERD" "$@" 2>&1 </dev/null >/dev/null)
    status=$?
    check_eq "exit 2, said byte for byte: $*" "$status $err" "2 sapperd: $want (try --help)"
}
says "unknown option '--frobnicate'" --frobnicate
says "unknown option '--help=1'" --help=1
says "unknown option '--stdin=yes'" --stdin=yes
says "unknown option '--listenx'" --listenx 127.0.0.1:0
says "unexpected argument '7878'" 7878
says "unexpected argument ''" ''
says "--listen needs HOST:PORT" --listen
says "bad --listen address '127.0.0.1:65536': expected IPV4:PORT or [IPV6]:PORT with a port from 0 to 65535" \
    --listen=127.0.0.1:65536
says "bad --listen address '--stdin': expected IPV4:PORT or [IPV6]:PORT with a port from 0 to 65535" \
    --listen --stdin
says "at most 8 --listen addresses" --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 \
    --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 --listen 127.0.0.1:0 \
    --listen 127.0.0.1:0 --listen bad
says "--judge needs a format: boom, casual, master or nurikabe" --judge
says "unknown judge format 'chess': expected boom, casual, master or nurikabe" --judge=chess
says "--judge reads stdin alone; it cannot be combined with --listen" --listen 127.0.0.1:0 --judge boom
for o in --max-clients --max-per-address; do
    says "$o needs a number from 1 to 4294967295" $o 0
    says "$o needs a number from 1 to 4294967295" $o=4294967296
    says "$o needs a number from 1 to 4294967295" $o
done
for o in --idle-timeout --line-timeout --request-timeout; do
    says "$o needs a number of seconds (0 never closes)" $o -1
    says "$o needs a number of seconds (0 never closes)" $o=
done
says "--keep-games needs a number of seconds (0 keeps none)" --keep-games 1s
says "--max-request-work needs a number of steps a cell (0 no limit)" --max-request-work 99999999999
says "--max-memory needs a number of bytes, with K, M or G for KiB, MiB or GiB (e.g. 64M)" --max-memory 0
says "--max-memory needs a number of bytes, with K, M or G for KiB, MiB or GiB (e.g. 64M)" --max-memory 1T
says "--max-memory-per-address needs a number of bytes, with K, M or G for KiB, MiB or GiB (e.g. 16M)" \
    --max-memory-per-address 1KB
says "--max-clients needs a number from 1 to 4294967295" --max-clients 0 --bogus
says "unknown option '--bogus'" --bogus --help

# A port that is taken: a clear message, exit 1.
daemon_start taken "$SAPPERD" || check "daemon starts" 1
err=$(timeout 10 "$SAPPERD" --listen "$DAEMON_ADDR" 2>&1 </dev/null)
status=$?
[ "$status" -eq 1 ] && [[ "$err" == *"cannot listen on $DAEMON_ADDR: address already in use"* ]]
check "a taken port: exit 1 ($err)" $?
daemon_stop taken "$DAEMON_PID"
check "daemon stops cleanly" $?

# --option=value works as well as --option value.
"$SAPPERD" --listen=127.0.0.1:0 --max-clients=3 --idle-timeout=9 2> "$T/eq.log" </dev/null &
EQ=$!
track $EQ
for i in $(seq 1 50); do grep -q 'listening on' "$T/eq.log" && break; sleep 0.1; done
grep -q 'listening on 127.0.0.1:' "$T/eq.log"
check "--option=value" $?
daemon_stop eq $EQ
check "--option=value daemon stops cleanly" $?

# ---- --stdin ---------------------------------------------------------------------
script='NEW 3 3\n*__\n___\n__*\n1 3 1\n2 1 1\n3 3 1\nSHOW\nbogus\nMASTER 2 3 1\nHELP\n0\n1 1 1\nSHOW'
printf "$script" > "$T/script"
"$CLIENT" transcript < "$T/script" > "$T/want"

out=$(printf "$script" | timeout 10 "$SAPPERD" --stdin 2> "$T/pipe.err")
check "--stdin from a pipe: exit 0 at end of input" $?
check_eq "--stdin from a pipe: the session's replies" "$out" "$(cat "$T/want")"
check_eq "--stdin logs nothing" "$(cat "$T/pipe.err")" ""

timeout 10 "$SAPPERD" --stdin < "$T/script" > "$T/got" 2>&1
check "--stdin from a file to a file: exit 0" $?
cmp -s "$T/got" "$T/want"
check "--stdin from a file to a file: the session's replies" $?

# Larger than one read and one write: 3000 requests from a file.
for i in $(seq 1 1000); do printf 'NEW 5 5 3 %d\n1 3 3\nSHOW\n' "$i"; done > "$T/big"
"$CLIENT" transcript < "$T/big" > "$T/big.want"
timeout 20 "$SAPPERD" --stdin < "$T/big" > "$T/big.got"
check "--stdin, 3000 requests from a file: exit 0" $?
cmp -s "$T/big.got" "$T/big.want"
check "--stdin, 3000 requests from a file: every reply" $?
timeout 20 "$SAPPERD" --stdin < "$T/big" | cat > "$T/big.pipe"
cmp -s "$T/big.pipe" "$T/big.want"
check "--stdin, 3000 requests from a file into a pipe" $?

# stdin and stdout one socket (inetd style): socat's EXEC gives a socketpair.
out=$(printf "$script" | timeout 10 socat -t 5 - EXEC:"$SAPPERD --stdin")
check_eq "--stdin on a socketpair (socat EXEC)" "$out" "$(cat "$T/want")"

# A terminal, as `make run` has it: HELP, then Ctrl-D ends the session.
python3 - "$SAPPERD" > "$T/tty.out" 2>&1 <<'EOF'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "--stdin"])
def read_for(seconds):
    data = b""
    end = time.time() + seconds
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    return data
os.write(fd, b"NEW 2 2\r*_\r__\r1 2 2\r")
out = read_for(1.5)
os.write(fd, b"\x04")  # Ctrl-D: end of input
out += read_for(1.5)
_, status = os.waitpid(pid, 0)
text = out.decode(errors="replace")
ok = "OK 2 2 1" in text and "RUNNING: [<2, 2, 1>]" in text and os.WIFEXITED(status) \
     and os.WEXITSTATUS(status) == 0
print("tty:", "ok" if ok else "FAILED", repr(text[-200:]), status)
sys.exit(0 if ok else 1)
EOF
check "--stdin on a terminal, Ctrl-D ends it" $? "$(cat "$T/tty.out")"

# --stdin beside --listen: the end of stdin does not end the daemon.
printf 'SHOW\n' | "$SAPPERD" --stdin --listen 127.0.0.1:0 > "$T/both.out" 2> "$T/both.log" &
BOTH=$!
track $BOTH
for i in $(seq 1 50); do grep -q 'listening on' "$T/both.log" && break; sleep 0.1; done
port=$(sed -n 's/^sapperd: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$T/both.log")
sleep 0.3
kill -0 $BOTH 2>/dev/null
check "--stdin --listen: still running after stdin ended" $?
check_eq "--stdin --listen: stdin was answered" "$(cat "$T/both.out")" "ERR no game: start one with NEW"
out=$(printf 'MASTER 1 2 1\n' | "$CLIENT" send "127.0.0.1:$port" 5000)
check_eq "--stdin --listen: TCP served" "$out" "$(printf 'MASTER 1 2 1\n' | "$CLIENT" transcript)"
daemon_stop both $BOTH
check "--stdin --listen: SIGTERM, exit 0" $?

# SIGINT on an interactive session (`make run` and Ctrl-C).
# stdin is a FIFO that this script keeps open, so it never ends by itself.
mkfifo "$T/fifo"
exec 7<>"$T/fifo"
"$SAPPERD" --stdin --listen 127.0.0.1:0 < "$T/fifo" > /dev/null 2> "$T/int.log" &
INT=$!
track $INT
for i in $(seq 1 50); do grep -q 'listening on' "$T/int.log" && break; sleep 0.1; done
kill -INT $INT
wait_exit $INT 10
check "SIGINT: exit 0" $?
grep -q '^sapperd: SIGINT: stopping' "$T/int.log"
check "SIGINT: logged" $?
exec 7>&-

# Closed descriptors.
err=$(printf 'HELP\n' | "$SAPPERD" --stdin 2>&1 >&-)
check_eq "--stdin with stdout closed: exit 1" "$?" "1"
check_eq "--stdin with stdout closed: said so" "$err" "sapperd: stdout is closed: nowhere to write the replies"
out=$("$SAPPERD" --stdin <&- 2>&1)
check "--stdin with stdin closed: an empty session, exit 0" $? "$out"

summary t_daemon_cli
