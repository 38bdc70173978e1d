#!/usr/bin/env python3
"""abuse_clients.py - hostile clients against sapperd, over real sockets.

    abuse_clients.py MODE HOST:PORT ARGS...

Clients bind to addresses across 127.0.0.0/8 (127.0.0.2, 127.0.0.3, ...)
when a mode needs many client addresses.  Each mode prints what it saw as
"name value" lines for tests/t_daemon_abuse.sh to check.  Every socket
operation is bounded; loopback only.

  trickle ADDR N INTERVAL_S
      N connections, the i-th from 127.0.0.(i+2), each sending one byte of
      "HELP" every INTERVAL_S seconds and never a line end.  Once all are
      connected it prints "connected N"; it then waits (up to 60 s) until
      each has been closed and prints "closed K", "told K" (how many read
      the line-timeout ERR line) and "told_line <that line>".
  hold ADDR SOURCE N
      N connections from SOURCE; prints "held K" (no reply within 0.5 s:
      served and waiting) and "refused K" and "refusal <the line>".
  finish ADDR HOW
      At --max-clients 1: a client ends its session (HOW: bye, or toolong:
      a line over 2024 bytes) and reads nothing more; right after, a new
      client sends HELP.  Prints "second <its first reply line>" and
      "second_ms <how long that took>".
  burst ADDR N
      N connections at once; prints "busy K" (how many read "ERR busy").
  many ADDR N
      N connections opened and held for 1 s; prints "served K" (still open,
      no reply: a session), "closed K" (closed with no byte: dropped) and
      "busy K".
  reset ADDR PID
      At --max-clients 1: a client starts a no-guess game on a hard board,
      sends its first click and 200 more requests behind it (so the daemon
      stops reading it while it works), then resets the connection
      (SO_LINGER 0).  Prints "cpu_busy_ticks" (the daemon's CPU over 0.5 s
      before the reset), "second <a new client's first reply line>",
      "second_ms", and "cpu_after_ticks" (its CPU over 1 s after).
"""
import socket
import struct
import sys
import time

HARD_BOARD = b"NEW 1000 1000 200000 1 NOGUESS\n"
HARD_CLICK = b"1 500 500\n"


def parse(address):
    host, port = address.rsplit(":", 1)
    return host, int(port)


def connect(address, source=None, timeout=10.0):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    if source is not None:
        sock.bind((source, 0))
    sock.connect(parse(address))
    return sock


def read_line(sock, timeout):
    """The next line (without its end), "" at EOF, None when none came in time."""
    sock.settimeout(timeout)
    data = b""
    try:
        while not data.endswith(b"\n"):
            chunk = sock.recv(1)
            if not chunk:
                return data.decode(errors="replace")
            data += chunk
    except socket.timeout:
        return None
    except OSError:
        return data.decode(errors="replace")
    return data.decode(errors="replace").rstrip("\n")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def trickle(address, count, interval):
    socks = [connect(address, f"127.0.0.{i + 2}") for i in range(count)]
    for sock in socks:
        sock.setblocking(False)
    print(f"connected {count}", flush=True)
    open_socks = {i: sock for i, sock in enumerate(socks)}
    received = {i: b"" for i in open_socks}
    text = b"HELP"
    step = 0
    deadline = time.monotonic() + 60
    while open_socks and time.monotonic() < deadline:
        for i, sock in list(open_socks.items()):
            try:
                chunk = sock.recv(4096)
                if chunk == b"":
                    del open_socks[i]
                    sock.close()
                    continue
                received[i] += chunk
            except BlockingIOError:
                pass
            except OSError:
                del open_socks[i]
                sock.close()
                continue
            try:
                sock.send(text[step % len(text):step % len(text) + 1])
            except BlockingIOError:
                pass
            except OSError:
                pass
        step += 1
        time.sleep(interval)
    told = [r for r in received.values() if r.startswith(b"ERR line not finished")]
    print(f"closed {count - len(open_socks)}")
    print(f"told {len(told)}")
    if told:
        print("told_line " + told[0].decode().splitlines()[0])
    for sock in open_socks.values():
        sock.close()


def hold(address, source, count):
    socks = [connect(address, source) for _ in range(count)]
    held = refused = 0
    refusal = ""
    for sock in socks:
        line = read_line(sock, 0.5)
        if line is None:
            held += 1
        else:
            refused += 1
            refusal = line
    print(f"held {held}")
    print(f"refused {refused}")
    print(f"refusal {refusal}")
    for sock in socks:
        sock.close()


def finish(address, how):
    first = connect(address, "127.0.0.2")
    if how == "bye":
        first.sendall(b"HELP\nBYE\n")
    else:
        first.sendall(b"A" * 3000)
    time.sleep(0.2)  # the daemon answers; this client reads none of it
    start = time.monotonic()
    second = connect(address, "127.0.0.3")
    second.sendall(b"HELP\n")
    line = read_line(second, 5)
    print(f"second {line}")
    print(f"second_ms {int((time.monotonic() - start) * 1000)}")
    second.close()
    first.close()


def burst(address, count):
    socks = [connect(address) for _ in range(count)]
    busy = sum(1 for sock in socks if read_line(sock, 5) == "ERR busy")
    print(f"busy {busy}")
    for sock in socks:
        sock.close()


def many(address, count):
    socks = []
    for _ in range(count):
        try:
            socks.append(connect(address, timeout=2))
        except OSError:
            pass
    time.sleep(1)
    served = closed = busy = 0
    for sock in socks:
        line = read_line(sock, 0.05)
        if line is None:
            served += 1
        elif line == "":
            closed += 1
        elif line.startswith("ERR busy"):
            busy += 1
    print(f"served {served}")
    print(f"closed {closed + count - len(socks)}")
    print(f"busy {busy}")
    for sock in socks:
        sock.close()


def reset(address, pid):
    first = connect(address, "127.0.0.2")
    first.sendall(HARD_BOARD)
    print(f"first {read_line(first, 10)}")
    first.sendall(HARD_CLICK + b"SHOW\n" * 200)
    time.sleep(0.5)
    before = cpu_ticks(pid)
    time.sleep(0.5)
    print(f"cpu_busy_ticks {cpu_ticks(pid) - before}")
    first.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    first.close()  # a reset
    start = time.monotonic()
    second = connect(address, "127.0.0.3")
    second.sendall(b"HELP\n")
    line = read_line(second, 5)
    print(f"second {line}")
    print(f"second_ms {int((time.monotonic() - start) * 1000)}")
    second.close()
    time.sleep(0.5)
    before = cpu_ticks(pid)
    time.sleep(1)
    print(f"cpu_after_ticks {cpu_ticks(pid) - before}")


def vanish(address, pid):
    """The hard board's click, then a plain close (a FIN, as if the client
    might still read): the daemon can only stop the work at its allowance."""
    first = connect(address, "127.0.0.2")
    first.sendall(HARD_BOARD)
    print(f"first {read_line(first, 10)}")
    first.sendall(HARD_CLICK)
    first.close()
    start = time.monotonic()
    line = "ERR busy"
    while line == "ERR busy" and time.monotonic() - start < 30:
        time.sleep(0.1)
        second = connect(address, "127.0.0.3")
        second.sendall(b"HELP\n")
        line = read_line(second, 5)
        second.close()
    print(f"second {line}")
    print(f"second_ms {int((time.monotonic() - start) * 1000)}")
    time.sleep(0.5)
    before = cpu_ticks(pid)
    time.sleep(1)
    print(f"cpu_after_ticks {cpu_ticks(pid) - before}")


def main():
    mode, address, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "trickle":
        trickle(address, int(args[0]), float(args[1]))
    elif mode == "hold":
        hold(address, args[0], int(args[1]))
    elif mode == "finish":
        finish(address, args[0])
    elif mode == "burst":
        burst(address, int(args[0]))
    elif mode == "many":
        many(address, int(args[0]))
    elif mode == "reset":
        reset(address, int(args[0]))
    elif mode == "vanish":
        vanish(address, int(args[0]))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
