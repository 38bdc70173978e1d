#!/usr/bin/env python3
"""resume_clients.py - games that outlive their connection, over real TCP.

    resume_clients.py MODE HOST:PORT ARGS...

Prints "name value" lines for tests/t_daemon_resume.sh.

  drop ADDR HOW [WAIT_S]
      A client starts NEW EXPERT 5, clicks 3 3, flags 16 30, reads SHOW and
      VIEW (the token at the end of VIEW's status line), then drops: HOW
      close (FIN) or reset (RST).  After WAIT_S seconds (default 0.3) a new
      client sends RESUME <token>, SHOW, 1 1 30, and a third client RESUME
      <token>.  Prints "token", "resumed <reply>", "same_show yes|no",
      "move <the click's first line>", "again <the third's reply>".
  live ADDR
      A client with a game in play stays open; another sends RESUME with
      its token.  Prints "resumed", "same_show", "old_told <what the first
      then reads>" and "old_closed yes|no".
  finished ADDR
      A client reads VIEW's token of a game (NEW 1 2 then *_), loses it
      (1 1 1), reads VIEW again and drops; RESUME of the token.  Prints
      "token <the token, or none>", "lost <the click's reply>",
      "shown_after yes|no" (a token in the VIEW of the lost game) and
      "resumed".
  token ADDR TEXT
      RESUME TEXT from a fresh connection.  Prints "reply".
  tokens ADDR N
      N sessions with a game each; prints "distinct <how many different
      tokens>" and "form_ok <how many are 16 letters of the alphabet>".
"""
import re
import select
import socket
import struct
import sys
import time

from loopback import connect

TOKEN = re.compile(rb"  game ([0-9abcdefghjkmnpqrstvwxyz]{16})\r?\n")


class Client:
    def __init__(self, address):
        self.sock = connect(address)
        self.buffer = b""

    def send(self, data):
        self.sock.sendall(data)

    def fill(self, timeout):
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = self.sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            return False
        if not chunk:
            return False
        self.buffer += chunk
        return True

    def line(self, timeout=10.0):
        end = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            if not self.fill(max(0.0, end - time.monotonic())):
                break
        head, _, self.buffer = self.buffer.partition(b"\n")
        return head.decode("ascii", "replace")

    def until_end(self, timeout=10.0):
        lines = []
        while True:
            line = self.line(timeout)
            lines.append(line)
            if line in ("END", "") or line.startswith("ERR"):
                return lines

    def lines(self, count):
        return [self.line() for _ in range(count)]

    def closed(self, timeout=2.0):
        """True once the peer has closed (what came before is buffered)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.sock], [], [], end - time.monotonic())
            if not ready:
                return False
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                return True
            if not chunk:
                return True
            self.buffer += chunk
        return False

    def reset(self):
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def start_game(address):
    """A game in play: its client, SHOW and token."""
    c = Client(address)
    c.send(b"NEW EXPERT 5\n1 3 3\n2 16 30\nSHOW\nVIEW\n")
    c.lines(3)
    show = c.lines(16)
    view = "\n".join(c.until_end()) + "\n"
    m = TOKEN.search(view.encode())
    return c, show, m.group(1).decode() if m else "none"


def resume(address, token):
    c = Client(address)
    c.send(b"RESUME %s\n" % token.encode())
    return c, c.line()


def drop(address, how, wait):
    c, show, token = start_game(address)
    print("token %s" % token)
    if how == "reset":
        c.reset()
    else:
        c.sock.close()
    time.sleep(wait)
    b, reply = resume(address, token)
    print("resumed %s" % reply)
    b.send(b"SHOW\n")
    print("same_show %s" % ("yes" if b.lines(16) == show else "no"))
    b.send(b"1 1 30\n")
    print("move %s" % b.line()[:9])
    _, again = resume(address, token)
    print("again %s" % again)


def live(address):
    a, show, token = start_game(address)
    b, reply = resume(address, token)
    print("resumed %s" % reply)
    b.send(b"SHOW\n")
    print("same_show %s" % ("yes" if b.lines(16) == show else "no"))
    closed = a.closed(3.0)
    print("old_told %s" % a.line(0.5))
    print("old_closed %s" % ("yes" if closed else "no"))


def finished(address):
    c = Client(address)
    c.send(b"NEW 1 2\n*_\nVIEW\n")
    c.line()
    view = "\n".join(c.until_end()) + "\n"
    m = TOKEN.search(view.encode())
    token = m.group(1).decode() if m else "none"
    print("token %s" % token)
    c.send(b"1 1 1\nVIEW\n")
    print("lost %s" % c.line())
    after = "\n".join(c.until_end()) + "\n"
    print("shown_after %s" % ("yes" if TOKEN.search(after.encode()) else "no"))
    c.sock.close()
    time.sleep(0.3)
    _, reply = resume(address, token)
    print("resumed %s" % reply)


def tokens(address, count):
    seen, form_ok, held = set(), 0, []
    for _ in range(count):
        c, _, token = start_game(address)
        held.append(c)
        seen.add(token)
        form_ok += re.fullmatch(r"[0-9abcdefghjkmnpqrstvwxyz]{16}", token) is not None
    print("distinct %d" % len(seen))
    print("form_ok %d" % form_ok)
    for c in held:
        c.send(b"0\n")  # ends the game: nothing left to keep
        c.sock.close()


def main():
    mode, address = sys.argv[1], sys.argv[2]
    if mode == "drop":
        drop(address, sys.argv[3], float(sys.argv[4]) if len(sys.argv) > 4 else 0.3)
    elif mode == "live":
        live(address)
    elif mode == "finished":
        finished(address)
    elif mode == "token":
        _, reply = resume(address, sys.argv[3])
        print("reply %s" % reply)
    elif mode == "tokens":
        tokens(address, int(sys.argv[3]))
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
