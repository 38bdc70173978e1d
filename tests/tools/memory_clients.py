#!/usr/bin/env python3
"""memory_clients.py - greedy clients against sapperd's memory budget.

    memory_clients.py HOST:PORT PID CLIENTS ROWS

CLIENTS connections each start a 1000 x 1000 game (NEW 1000 1000 100 1:
a 1 MB block) and then send ROWS rows of a CASUALMAP 1000 1000 and stop
half way (a 4 MB block, ROWS x 4 KB of it written).  Prints, one per line:
  games <accepted> refused <refused>
  peak_rss_kib <VmRSS of PID with all of them holding on>
  small_game <the reply of a refused client's next NEW 2 2 1 1>
then closes them all and prints
  after_rss_kib <VmRSS once they are gone (the daemon given 2 s)>
Every socket operation is bounded (30 s); loopback only.
"""
import socket
import sys
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def read_line(sock):
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(1)
        if not chunk:
            break
        data += chunk
    return data.decode().rstrip("\n")


def main():
    host, port = sys.argv[1].rsplit(":", 1)
    pid, clients, rows = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    row = b"M" + b"." * 999 + b"\n"  # a mine per row: every row is laid out
    socks, accepted, refused, refused_sock = [], 0, 0, None
    for _ in range(clients):
        s = socket.create_connection((host, int(port)), timeout=30)
        s.sendall(b"NEW 1000 1000 100 1\n")
        reply = read_line(s)
        if reply.startswith("OK"):
            accepted += 1
        elif reply == "ERR not enough memory for this board":
            refused += 1
            if refused_sock is None:
                refused_sock = s
        else:
            print("unexpected reply:", reply)
            return 1
        socks.append(s)
    small = ""
    if refused_sock is not None:
        refused_sock.sendall(b"NEW 2 2 1 1\n")
        small = read_line(refused_sock)
    for s in socks:
        s.sendall(b"CASUALMAP 1000 1000\n" + row * rows)
    time.sleep(1.5)
    print("games", accepted, "refused", refused)
    print("peak_rss_kib", rss_kib(pid))
    print("small_game", small.replace(" ", "_"))
    for s in socks:
        s.close()
    time.sleep(2)
    print("after_rss_kib", rss_kib(pid))
    return 0


if __name__ == "__main__":
    sys.exit(main())
