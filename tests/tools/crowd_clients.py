#!/usr/bin/env python3
"""crowd_clients.py - what a crowd of clients costs a server, in RSS.

    crowd_clients.py MODE HOST:PORT PID ARGS...

PID is the server's process: its resident set is read from /proc before,
while and after the crowd is there.  Prints "name value" lines (KiB).

  smallboards ADDR PID N
      N sessions, each NEW 250 250 1 <i>, 1 1 1 and STATS (a game on a
      62.5 KB board: a block malloc serves), all held open together, then
      all closed.  Prints "rss_before_kib", "rss_peak_kib" and
      "rss_after_kib" (1.5 s after the last one left).
  nonreaders ADDR PID N REQUEST [PRELUDE]
      N clients, each sending PRELUDE once (if given) and then REQUEST over
      and over until its socket takes no more, never reading a reply.
      Prints "rss_before_kib", "rss_held_kib", "per_client_bytes" (the
      difference over N) and "rss_after_kib" (1.5 s after they closed).
      REQUEST and PRELUDE take \\n and \\r escapes.
"""
import sys
import time

from loopback import connect


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def connect_spread(address, index):
    # Spread over 127.0.0.0/8 so that no per-address limit is the one met;
    # a small receive window, as a client far away that reads nothing: the
    # server's replies back up into the server at once.
    return connect(address, "127.0.%d.%d" % (1 + index // 200, 2 + index % 200),
                   receive_buffer=4096)


def read_until(sock, marker):
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def smallboards(address, pid, count):
    before = rss_kib(pid)
    held = []
    for i in range(count):
        sock = connect_spread(address, i)
        sock.sendall(b"NEW 250 250 1 %d\n1 1 1\nSTATS\n" % (i + 1))
        read_until(sock, b"CLICKS")  # OK, the click's reply, then STATS
        held.append(sock)
    time.sleep(0.5)
    peak = rss_kib(pid)
    for sock in held:
        sock.close()
    time.sleep(1.5)
    print("rss_before_kib %d" % before)
    print("rss_peak_kib %d" % peak)
    print("rss_after_kib %d" % rss_kib(pid))


def nonreaders(address, pid, count, request, prelude):
    before = rss_kib(pid)
    held = []
    for i in range(count):
        sock = connect_spread(address, i)
        if prelude:
            sock.sendall(prelude)
        sock.setblocking(False)
        stalled_since = None
        batch = request * max(1, 4096 // len(request))
        while True:
            try:
                sock.send(batch)
                stalled_since = None
            except BlockingIOError:
                # Full once the server has stopped reading too: give it a
                # moment to take what it can, then move on.
                if stalled_since is None:
                    stalled_since = time.monotonic()
                elif time.monotonic() - stalled_since > 0.01:
                    break
                time.sleep(0.002)
        held.append(sock)
    time.sleep(1.0)
    held_rss = rss_kib(pid)
    for sock in held:
        sock.close()
    time.sleep(1.5)
    print("rss_before_kib %d" % before)
    print("rss_held_kib %d" % held_rss)
    print("per_client_bytes %d" % ((held_rss - before) * 1024 // count))
    print("rss_after_kib %d" % rss_kib(pid))


def unescape(text):
    return text.replace("\\n", "\n").replace("\\r", "\r").encode()


def main():
    mode, address, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if mode == "smallboards":
        smallboards(address, pid, int(sys.argv[4]))
    elif mode == "nonreaders":
        prelude = unescape(sys.argv[6]) if len(sys.argv) > 6 else b""
        nonreaders(address, pid, int(sys.argv[4]), unescape(sys.argv[5]), prelude)
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
