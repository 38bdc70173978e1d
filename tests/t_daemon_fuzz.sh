#!/usr/bin/env bash
# t_daemon_fuzz.sh - the protocol fuzzer (tests/tools/daemon_fuzz.c) against
# the ASan/UBSan sapperd for a bounded time: four connections of generated
# requests, valid and broken, sent whole, in pieces and with pauses, ended by
# half-closes, resets and closes.  The fuzzer's own checks must hold (probes
# answered, replies printable lines, ERR with a reason, nothing unasked, a
# half-closed stream ended, RSS bounded), the daemon must write no sanitizer
# report and must exit 0 on SIGTERM.
#
# First the fuzzer is shown to fail: a fake server (Python) that answers
# every request line with "OK" passes, and each of its flawed modes must
# make the fuzzer exit 1 naming the flaw, the seed and the last requests.
#
# DAEMON_FUZZ_SEED (default: the time) and DAEMON_FUZZ_SECONDS (default 30)
# choose the run; `daemon_fuzz ADDR --seed N` replays a seed's requests.
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

FUZZ=build/tools/daemon_fuzz
SEED=${DAEMON_FUZZ_SEED:-$(date +%s)}
FUZZ_SECONDS=${DAEMON_FUZZ_SECONDS:-30}

cat > "$DAEMON_TMP/fake.py" <<'EOF'
# A line server with one flaw per mode; prints its port.
import os, select, socketserver, sys, threading, time

mode = sys.argv[1]

class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        s = self.request
        try:
            if mode == "early":  # a line to a connection that has sent nothing
                time.sleep(0.1)
                if not select.select([s], [], [], 0)[0]:
                    s.sendall(b"OK\n")
            n = 0
            for line in self.rfile:
                if not line.strip(b" \t\r\n"):
                    continue  # blank lines get nothing, as in the protocol
                n += 1
                flawed = n % 3 == 0
                if line == b"NEW 2 2 1 1\n":
                    s.sendall(b"OK 2 2 0\n" if mode == "probe" else b"OK 2 2 1\n")
                elif flawed and mode == "byte":
                    s.sendall(b"1 \x01 2\n")
                elif flawed and mode == "err":
                    s.sendall(b"ERR\n")
                elif flawed and mode == "cut":
                    s.sendall(b"OK 1")
                    return
                else:
                    s.sendall(b"OK\n")
        except OSError:
            pass

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
time.sleep(1.0 if mode == "dies" else 600)
os._exit(0)
EOF

# fake_run MODE WANT: the fuzzer against the fake in MODE; WANT is the
# phrase its violation must name ("" : it must pass).
fake_run() {
    local mode=$1 want=$2 port="" out rc
    python3 "$DAEMON_TMP/fake.py" "$mode" > "$DAEMON_TMP/fake.$mode.port" &
    local pid=$!
    track "$pid"
    for _ in $(seq 1 50); do
        port=$(head -n 1 "$DAEMON_TMP/fake.$mode.port" 2>/dev/null)
        [ -n "$port" ] && break
        sleep 0.1
    done
    out=$(timeout 60 "$FUZZ" "127.0.0.1:$port" --seed 7 --seconds 3 --probe-ms 200 \
          --wait-ms 3000 2>&1)
    rc=$?
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if [ -z "$want" ]; then
        check "fuzzer: a server that answers right passes" $rc "$out"
    else
        [ "$rc" -eq 1 ] && [[ "$out" == *"$want"* ]] && [[ "$out" == *"seed 7"* ]] \
            && [[ "$out" == *"last requests sent on connection"* ]]
        check "fuzzer: catches a server in mode $mode ($want)" $? "exit $rc: $(echo "$out" | head -n 3)"
    fi
}

fake_run good ""
fake_run early "a reply arrived before the connection sent a request"
fake_run byte "byte 0x01 in a reply line"
fake_run err "an ERR line without"
fake_run cut "the stream ended inside a reply line"
fake_run probe "probe: NEW 2 2 1 1 got \"OK 2 2 0\""
fake_run dies "cannot connect"

# A small work allowance: the fuzzer asks for no-guess boards no generator
# can make, and they give up within a fraction of a second.
daemon_start fuzz "$SAPPERD" --max-request-work 64 || { check "daemon starts" 1; summary t_daemon_fuzz; exit 1; }
out=$(timeout $((FUZZ_SECONDS + 180)) "$FUZZ" "$DAEMON_ADDR" --seed "$SEED" \
      --seconds "$FUZZ_SECONDS" --pid "$DAEMON_PID" --max-rss-mib 1024 2>&1)
rc=$?
echo "$out" | tail -n 20 | sed 's/^/    /'
check "fuzz: ${FUZZ_SECONDS} s against the ASan daemon, seed $SEED, no violation" $rc "$out"
daemon_stop fuzz "$DAEMON_PID"
rc=$?
check "fuzz: no sanitizer report, and SIGTERM ends the daemon with status 0" $rc \
    "status $rc: $(tail -n 5 "$DAEMON_TMP/fuzz.log")"
grep -v -e '^sapperd: listening on ' -e '^sapperd: SIGTERM: stopping' -e '^sapperd: stopped$' \
    "$DAEMON_TMP/fuzz.log" | head -n 5 | sed 's/^/    log: /'

summary t_daemon_fuzz
