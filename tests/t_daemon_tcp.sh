#!/usr/bin/env bash
# t_daemon_tcp.sh - sapperd over loopback with real clients: netcat, socat
# and tests/tools/daemon_client.  The daemon runs under ASan/UBSan
# ($SAPPERD) unless a check measures memory ($SAPPERD_PLAIN).
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

T=$DAEMON_TMP

# ---- one daemon for the protocol checks --------------------------------------
daemon_start main "$SAPPERD" --max-clients 300 --max-per-address 300 || { check "daemon starts" 1; summary t_daemon_tcp; exit 1; }
MAIN_PID=$DAEMON_PID
A=$DAEMON_ADDR
check "listens on a port it picked and logs it" 0

# The README's netcat session, through netcat.
out=$(printf 'NEW 9 9 10 42\n1 5 5\nSHOW\n2 1 1\nBYE\n' | timeout 10 nc -q 5 "${A%:*}" "${A#*:}")
check_eq "nc: NEW answers OK" "$(echo "$out" | head -n 1)" "OK 9 9 10"
check_eq "nc: the first click is never a mine" "$(echo "$out" | sed -n 2p | cut -c1-9)" "RUNNING: "
check_eq "nc: SHOW has 9 rows of 9 cells" \
    "$(echo "$out" | sed -n '3,11p' | awk 'NF == 9' | wc -l)" "9"
check_eq "nc: BYE answers and closes" "$(echo "$out" | tail -n 1)" "BYE"
# ... and its no-guess session, byte for byte as the README shows it
out=$(printf 'NEW 9 9 10 1049 NOGUESS\n1 5 5\nHINT\n2 5 2\nHINT\nPROB\nSTATS\nBYE\n' \
      | timeout 10 nc -q 5 "${A%:*}" "${A#*:}")
readme=$(sed -n '/^> NEW 9 9 10 1049 NOGUESS/,/^```/{p;/^```/q}' README.md | grep -v -e '^> ' -e '^```')
check_eq "nc: the README's no-guess session, HINT, PROB and STATS" "$out" "$readme
BYE"

# socat, with CRLF line ends and lower-case keywords.
out=$(printf 'new 2 2\r\n*_\r\n__\r\n1 2 2\r\nshow\r\n' | timeout 10 socat -t 5 - "TCP:$A")
check_eq "socat: CRLF requests" "$out" "$(printf 'OK 2 2 1\nRUNNING: [<2, 2, 1>]\n_ _\n_ 1')"

# Every byte of 200 concurrent sessions, each a different game.
out=$("$CLIENT" games "$A" 200 11 300 2>&1)
check "200 concurrent sessions, every reply checked" $? "$out"
echo "    $out" | head -n 3

# Every ERR path, each over its own connection.  The reply must be
# exactly what an in-process session says (the transport changes
# nothing) and its last line an ERR.
err_case() { # name, request bytes
    local got want
    got=$(printf "$2" | "$CLIENT" send "$A" 10000)
    want=$(printf "$2" | "$CLIENT" transcript)
    if [ "$got" == "$want" ] && [ "$(echo "$got" | grep -c '^ERR ')" -eq 1 ]; then
        check "ERR over TCP: $1 ($(echo "$got" | grep '^ERR '))" 0
    else
        check "ERR over TCP: $1" 1 "got [$got] want [$want]"
    fi
}
err_case "unknown request" 'FLY 1 2\n'
err_case "no game" '1 1 1\n'
err_case "NEW usage" 'NEW 3\n'
err_case "NEW zero side" 'NEW 0 3\n'
err_case "NEW past the build" 'NEW 1001 3\n'
err_case "NEW too many mines" 'NEW 3 3 9 1\n'
err_case "number too large" 'NEW 99999999999 3\n'
err_case "not a number" 'NEW x 3\n'
err_case "row alphabet" 'NEW 2 2\n__\n_x\n'
err_case "row length" 'NEW 2 2\n__\n___\n'
err_case "input ended inside a request" 'NEW 2 2\n__\n'
err_case "coordinate outside" 'NEW 2 2 1 1\n1 3 1\n'
err_case "move usage" 'NEW 2 2 1 1\n1 1\n'
err_case "0 usage" '0 1\n'
err_case "SHOW usage" 'SHOW 1\n'
err_case "HELP usage" 'HELP me\n'
err_case "BYE usage" 'BYE now\n'
err_case "MASTER usage" 'MASTER 1 2\n'
err_case "CASUAL usage" 'CASUAL 1\n'
err_case "NURIKABE usage" 'NURIKABE 1\n'
err_case "NURIKABE more numbers than cells" 'NURIKABE 1 1 2\n'
err_case "JUDGE usage" 'JUDGE\n'
err_case "JUDGE unknown format" 'JUDGE CHESS\n'
err_case "JUDGE malformed stream" 'JUDGE BOOM\nx\n'

# A last request without its line end, answered at EOF with a reply longer
# than one short line (HELP), and one answered with nothing more to say.
HELP_LINES=$(printf 'HELP\n' | "$CLIENT" transcript | wc -l)
out=$(printf 'HELP' | "$CLIENT" send "$A" 5000)
check_eq "a last line without \\n is answered at EOF" "$out" "$(printf 'HELP' | "$CLIENT" transcript)"
check_eq "... all $HELP_LINES lines of it, END last" "$(echo "$out" | wc -l) $(echo "$out" | tail -n 1)" "$HELP_LINES END"
out=$(printf 'NEW 2 2 1 1\n' | "$CLIENT" send "$A" 5000)
check_eq "EOF after a whole line" "$out" "OK 2 2 1"

# PLAY: a whole expert game over TCP, the bytes the session itself writes
# (its moves, their replies, END last), the reply streamed between moves.
out=$(printf 'NEW EXPERT 42\nPLAY\nPLAY 1\n' | "$CLIENT" send "$A" 10000)
check_eq "PLAY over TCP: the session's bytes" "$out" \
    "$(printf 'NEW EXPERT 42\nPLAY\nPLAY 1\n' | "$CLIENT" transcript)"
check_eq "... a game played to its end, then END; PLAY 1 on it: END" \
    "$(echo "$out" | tail -n 3 | sed 1d | tr '\n' ' ')$(echo "$out" | grep -c '^[12] ')" \
    "END END $(echo "$out" | grep -c '^[12] ')"

# ---- a person at a terminal ------------------------------------------------------
# Line ends: "\n", "\r\n" and a lone "\r" (what a serial terminal or
# netcat in a raw terminal sends) give the same replies, board rows too.
for form in '\n' '\r\n' '\r'; do
    out=$(printf "NEW 2 2${form}*_${form}__${form}1 2 2${form}show${form}HELP me${form}" |
          timeout 10 socat -t 5 - "TCP:$A")
    check_eq "line ends ${form}: the same replies" "$out" \
        "$(printf 'OK 2 2 1\nRUNNING: [<2, 2, 1>]\n_ _\n_ 1\nERR usage: HELP')"
done
# "\r\n" is one line end also when "\r" and "\n" come in different
# packets, after JUDGE BOOM too: the stream's reader counts its lines from
# "1" (a "\n" reaching it would make the bad row line 4).  The ERR is the
# stream's first line, so it is the reply alone.
out=$({ for part in 'JUDGE BOOM\r' '\n1\r' '\n1 1\r' '\nx\r' '\nHELP me\r' '\n'; do
          printf "$part"; sleep 0.2; done; } | "$CLIENT" send "$A" 5000)
check_eq "\\r and \\n in two packets, after JUDGE BOOM\\r too: one line end" "$out" \
    "$(printf "ERR boom line 3: row 1 holds 'x': cells are '*' or '_'\nERR usage: HELP")"
# A JUDGE stream after "JUDGE BOOM\r\n", CRLF throughout: byte for byte
# the judge's output (sapperd --judge boom), then END.
sed 's/$/\r/' tests/data/ports/judge-boom.in > "$T/judge-crlf.in"
tail -n +2 tests/data/ports/judge-boom.in | "$SAPPERD" --judge boom > "$T/judge.want"
echo END >> "$T/judge.want"
"$CLIENT" send "$A" 5000 < "$T/judge-crlf.in" > "$T/judge.got"
cmp -s "$T/judge.got" "$T/judge.want"
check "JUDGE BOOM\\r\\n and a CRLF stream: the judge's output byte for byte, then END" $? \
    "$(diff "$T/judge.want" "$T/judge.got" | head -n 4)"
# Echo: off by default (a backspace is a byte of the line), on after SET
# ECHO ON: every byte typed comes back, a line end as "\r\n", backspace
# and DEL erase ("\b \b"), replies end "\r\n".  Typed a key at a time,
# and all at once: the same bytes, the in-process session's.
out=$(printf 'HELX\bP me\n' | "$CLIENT" send "$A" 5000)
check_eq "echo off: backspace is a byte of the line" "$out" "ERR unknown request 'HELX\x08P' (HELP lists them)"
keys='SET ECHO ON\rHELX\bP me\rNEW 2 2\1773 1 1\r\n1 1 1\rBYE\r'
want=$(printf "$keys" | "$CLIENT" transcript | od -An -c)
check_eq "echo on: the in-process session's bytes" "$want" \
    "$(printf 'OK\r\nHELX\b \bP me\r\nERR usage: HELP\r\nNEW 2 2\b \b3 1 1\r\nOK 2 3 1\r\n1 1 1\r\nRUNNING: [<1, 1, 0>, <1, 2, 1>, <2, 1, 0>, <2, 2, 1>]\r\nBYE\r\nBYE\r\n' | od -An -c)"
out=$(printf "$keys" | "$CLIENT" send "$A" 5000 | od -An -c)
check_eq "echo on over TCP, all at once" "$out" "$want"
out=$(printf "$keys" | python3 -c '
import sys, time
for b in sys.stdin.buffer.read():
    sys.stdout.buffer.write(bytes([b])); sys.stdout.buffer.flush(); time.sleep(0.01)' |
      "$CLIENT" send "$A" 10000 | od -An -c)
check_eq "echo on over TCP, a key at a time" "$out" "$want"

# A 4 MiB line without a newline: one ERR, then the daemon closes.
out=$(head -c 4194304 /dev/zero | tr '\0' 'A' | "$CLIENT" send "$A" 20000)
check_eq "4 MiB line: ERR line too long, closed" "$out" "ERR line too long"

# Random binary garbage (with newlines now and then): answered exactly as
# an in-process session answers it, never echoed, never a crash.
head -c 300000 /dev/urandom | tr '\200-\237' '\n' > "$T/garbage"
got=$("$CLIENT" send "$A" 20000 < "$T/garbage" | md5sum)
want=$("$CLIENT" transcript < "$T/garbage" | md5sum)
check_eq "random garbage answered as the session answers it" "$got" "$want"

# A client that vanishes (reset) in the middle of a 14 MB reply.
out=$("$CLIENT" vanish "$A")
check "a client resets mid-reply" $? "$out"

# A client that never reads, while others are served.
"$CLIENT" noread "$A" 200 3000 > "$T/noread.out" &
NOREAD=$!
track $NOREAD
sleep 0.5
out=$("$CLIENT" games "$A" 20 12 100 2>&1)
check "others are served while a client never reads" $? "$out"
wait_exit $NOREAD 10
check "the non-reading client ran" $? "$(cat "$T/noread.out")"

out=$(printf 'HELP\n' | "$CLIENT" send "$A" | wc -l)
check_eq "still serving after all that" "$out" "$(printf 'HELP\n' | "$CLIENT" transcript | wc -l)"

daemon_stop main "$MAIN_PID"
check "SIGTERM: exit 0, no sanitizer report" $?
grep -q '^sapperd: SIGTERM: stopping' "$T/main.log"
check "logs the stop" $?
lines=$(wc -l < "$T/main.log")
[ "$lines" -le 5 ]
check "logs events, not requests ($lines lines)" $?

# ---- IPv6 and two listeners ---------------------------------------------------
"$SAPPERD" --listen '[::1]:0' --listen 127.0.0.1:0 2> "$T/v6.log" &
V6=$!
track $V6
port6=""
for i in $(seq 1 50); do
    port6=$(sed -n 's/^sapperd: listening on \[::1\]:\([0-9]*\)$/\1/p' "$T/v6.log")
    [ -n "$port6" ] && grep -q 'listening on 127.0.0.1:' "$T/v6.log" && break
    sleep 0.1
done
out=$(printf 'MASTER 1 3 1\n' | "$CLIENT" send "[::1]:$port6" 5000)
check_eq "IPv6 listener" "$out" "$(printf 'MASTER 1 3 1\n' | "$CLIENT" transcript)"
daemon_stop v6 $V6
check "IPv6 daemon stops cleanly" $?

# ---- the client limit ----------------------------------------------------------
daemon_start busy "$SAPPERD" --max-clients 2 --max-per-address 2 || check "busy daemon starts" 1
"$CLIENT" idle "$DAEMON_ADDR" 2 2500 > "$T/idle.out" &
IDLE=$!
track $IDLE
for i in $(seq 1 50); do grep -q ready "$T/idle.out" && break; sleep 0.1; done
out=$(printf 'HELP\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "over --max-clients: ERR busy, closed" "$out" "ERR busy"
grep -q 'refused 1 client: 2 sessions open' "$T/busy.log"
check "logs the refusal" $?
wait_exit $IDLE 10
out=$(printf 'SHOW\n' | "$CLIENT" send "$DAEMON_ADDR" 5000)
check_eq "served again once the others left" "$out" "ERR no game: start one with NEW"
daemon_stop busy $DAEMON_PID
check "busy daemon stops cleanly" $?

# ---- idle timeout ---------------------------------------------------------------------
daemon_start idle "$SAPPERD" --idle-timeout 1 || check "idle daemon starts" 1
out=$("$CLIENT" wait-close "$DAEMON_ADDR" 6000)
ms=$(echo "$out" | sed -n 's/^closed after \([0-9]*\) ms$/\1/p')
[ -n "$ms" ] && [ "$ms" -ge 900 ] && [ "$ms" -le 3000 ]
check "an idle connection is closed after --idle-timeout 1 ($out)" $?
out=$( (for i in 1 2 3 4 5; do echo SHOW; sleep 0.4; done) | "$CLIENT" send "$DAEMON_ADDR" 8000 | wc -l)
check_eq "a connection that keeps talking is not idle" "$out" "5"
daemon_stop idle $DAEMON_PID
check "idle daemon stops cleanly" $?

# ---- memory: a never-reading client costs bounded memory (plain build) -----------
daemon_start rss "$SAPPERD_PLAIN" || check "plain daemon starts" 1
before=$(rss_kb $DAEMON_PID)
vm=$(awk '/^VmSize:/ { print $2 }' /proc/$DAEMON_PID/status)
"$CLIENT" noread "$DAEMON_ADDR" 2000 3000 > /dev/null &
NOREAD=$!
track $NOREAD
sleep 1.5
during=$(rss_kb $DAEMON_PID)
out=$("$CLIENT" games "$DAEMON_ADDR" 10 13 100 2>&1)
check "served beside a client that asked for 4 GB and reads none" $? "$out"
wait_exit $NOREAD 10
check "the non-reading client was kept, not dropped" $?
growth=$((during - before))
[ "$growth" -ge 900 ] && [ "$growth" -lt 8192 ]
check "RSS grew ${growth} KiB for a 1000x1000 game (977 KiB) whose replies are not read" $?

# Idle connections cost little, and leaving costs nothing: 2000 clients
# that connect, wait and hang up together must not make the daemon take
# buffers for each of them.
daemon_stop rss $DAEMON_PID
check "plain daemon stops cleanly" $?
daemon_start idle "$SAPPERD_PLAIN" --max-clients 5000 --max-per-address 5000 || check "plain daemon starts" 1
n=2000
[ "$(ulimit -n)" -ge $((n + 200)) ] 2>/dev/null || ulimit -n $((n + 200)) 2>/dev/null \
    || n=$(( $(ulimit -n) - 200 ))
before=$(rss_kb $DAEMON_PID)
mkfifo "$T/hold.in"
build/tools/daemon_load hold "$DAEMON_ADDR" "$n" 0 < "$T/hold.in" > "$T/hold.out" &
HOLD=$!
track $HOLD
exec 8> "$T/hold.in"
for i in $(seq 1 200); do grep -q '^ready' "$T/hold.out" && break; sleep 0.1; done
held=$(rss_kb $DAEMON_PID)
exec 8>&-
wait_exit $HOLD 30
check "$n idle connections held, none closed" $? "$(cat "$T/hold.out")"
sleep 0.5
left=$(rss_kb $DAEMON_PID)
per=$(( (held - before) * 1024 / n ))
[ "$per" -lt 4096 ]
check "an idle connection costs $per bytes (< 4096)" $?
[ "$left" -le $((held + 512)) ]
check "all leaving at once: RSS $left KiB, not above the $held KiB held" $?

daemon_stop idle $DAEMON_PID
check "plain daemon stops cleanly after the idle crowd" $?

# Memory refused: a plain daemon under a small address-space limit answers
# a board it cannot hold with ERR, and goes on.  The limit: what the daemon
# maps once it listens, plus 2 MiB, set on it then (prlimit): a fresh
# daemon's size varies by about 2 MB from run to run, so a limit taken
# from another one held the board on some runs and starved the connection
# on others.  The CASUAL board needs 4 MB.
"$SAPPERD_PLAIN" --listen 127.0.0.1:0 2> "$T/small.log" &
SMALL=$!
track $SMALL
for i in $(seq 1 50); do grep -q 'listening on' "$T/small.log" && break; sleep 0.1; done
small_vm=$(awk '/^VmSize:/ { print $2 }' /proc/$SMALL/status)
prlimit --pid $SMALL --as=$(((small_vm + 2048) * 1024))
sport=$(sed -n 's/^sapperd: listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$T/small.log")
# (the input is written first: 2,000 little processes making it on the fly
# took longer than the client waits on a loaded machine)
awk 'BEGIN { print "CASUAL 1000 1000"; row = sprintf("%1000s", ""); gsub(/ /, ".", row);
             for (i = 0; i < 1000; i++) print row; print "NEW 2 2 1 1" }' > "$T/casual.in"
out=$("$CLIENT" send "127.0.0.1:$sport" 10000 < "$T/casual.in" 2> "$T/small.client")
check_eq "memory refused: ERR, then served" "$out" "$(printf 'ERR not enough memory for this board\nOK 2 2 1')"
[ "$out" = "$(printf 'ERR not enough memory for this board\nOK 2 2 1')" ] \
    || { sed 's/^/    small daemon: /' "$T/small.log" | head -n 5;
         sed 's/^/    client: /' "$T/small.client"; echo "    size $small_vm KiB"; }
daemon_stop small $SMALL
check "small daemon stops cleanly" $?

# ---- SIGTERM during load ------------------------------------------------------------
daemon_start load "$SAPPERD" --max-per-address 100 || check "load daemon starts" 1
"$CLIENT" games "$DAEMON_ADDR" 50 14 20000 early > "$T/load.out" 2>&1 &
LOAD=$!
track $LOAD
for i in $(seq 1 100); do grep -q '^connected' "$T/load.out" && break; sleep 0.1; done
sleep 0.3
daemon_stop load $DAEMON_PID
check "SIGTERM during load: exit 0" $? "$(tail -n 5 "$T/load.log")"
wait_exit $LOAD 30
check "SIGTERM during load: every reply delivered whole and correct" $? "$(cat "$T/load.out")"
summary_line=$(tail -n 1 "$T/load.out")
echo "    $summary_line"
cut=$(echo "$summary_line" | sed -n 's/.* \([0-9]*\) cut short.*/\1/p')
[ -n "$cut" ] && [ "$cut" -gt 0 ]
check "SIGTERM during load: sessions were cut short at a line end" $?

summary t_daemon_tcp
