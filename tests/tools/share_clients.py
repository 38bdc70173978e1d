#!/usr/bin/env python3
"""share_clients.py - clients that try to keep sapperd's boards from others.

    share_clients.py MODE HOST:PORT ARGS...

Over real sockets on loopback, bound to distinct addresses of 127.0.0.0/8
where a mode needs several client addresses.  Each mode prints what it saw
as "name value" lines for tests/t_daemon_share.sh to check; every socket
operation is bounded.

  headers ADDR
      The reservation attack: 30 connections from 127.0.0.2 and 127.0.0.3
      (16 an address) each send a NURIKABE 1000 1000 header whose numbers
      never come (about 9 MB each, together the default 256 MiB budget),
      then a blank line each every 0.5 s.
      Then a client from 127.0.0.1 asks NEW EXPERT 1, NEW 1 1 0 1 and
      CASUAL 1 1 (its row).  Prints "victim_<n> <first reply line>" and
      "victim_ms <how long the three took>".
  promise ADDR
      Four addresses (127.0.0.2-5), each with 16 sessions in a mix:
      stalled NURIKABE 1000 1000 headers, trickling ones (a blank line and
      a byte of a number line every 0.5 s), and idle sessions holding a
      1000 x 1000 game and HINT's kept block.  Then a client from 127.0.0.6
      asks NEW EXPERT 1 and NEW 1000 1000 1 1.  Prints "expert <reply>",
      "expert_ms", "big <reply>", "big_ms", and "held_refused <how many of
      the four addresses' requests were refused for memory>".
  cr ADDR SECONDS
      A client whose lines end with a lone CR: NEW 2 2 1 1 once, then SHOW
      once a second for SECONDS.  Prints "answered <SHOW replies read>" and
      "closed <the line it was told, or 'no'>".
  blank ADDR SECONDS
      A session sends NEW 3 3 then only blank lines, one every 0.5 s, for
      SECONDS (or until closed).  Prints "closed_after_s <when it was
      closed, or 'no'>" and "told <its last line>".
  idleblank ADDR SECONDS
      A session sends HELP, then a blank line every 0.5 s for SECONDS.
      Prints "closed_after_s" and "told", as blank.
  nat ADDR
      16 sessions from 127.0.0.7 (the address's limit), silent; after 1.5 s
      a 17th from 127.0.0.7 sends HELP.  Prints "newcomer <its first reply
      line>" and "evicted <how many of the 16 read an ERR and were closed>"
      and "evicted_line <that line>".
  slots ADDR
      At a full --max-clients 64: 16 sessions from each of 127.0.0.2-5
      (each address's --max-per-address), each starting NEW 2 2 1 1; those
      of 127.0.0.3 then fall silent while the others send SHOW in rounds.
      Then 8 newcomers from 127.0.0.100 each send SHOW and stay.  Prints
      "served <newcomers answered other than ERR busy>", "reply <the first
      newcomer's reply>", "first_closed <address/index of the sessions
      closed for the first newcomer>",
      "told_line <the line it read>", "told <closed sessions that read that
      line>" and "closed <address count ...>": how many each lost.
  kept ADDR
      A victim from 127.0.0.100 plays NEW EXPERT 7 and a click, reads its
      token and leaves.  Then from each of 127.0.0.2-65, 16 connections
      each play NEW 2 2 1 1 and a click and leave (the first one's token
      read); then 3 from 127.0.0.66 leave games with no move.  Prints
      "victim <RESUME of the victim's token>", "first <RESUME of
      127.0.0.2's first token>" and "nomove_kept <how many of the 3 games
      with no move RESUME found>".
  account ADDR
      Under a memory share that holds one 100 x 100 game: 127.0.0.2 plays
      one and leaves; 127.0.0.3 resumes it and leaves.  Then 127.0.0.2
      starts another ("first_again <reply>"), and 127.0.0.3 starts one
      ("second_new <reply>") and asks for the kept game ("second_resume
      <reply>", under the token the resuming session's VIEW showed): the
      kept game is 127.0.0.3's now, charged and listed.
  refusals ADDR
      At --max-clients 2: two silent sessions from 127.0.0.2, then 3
      newcomers from it (each reads "ERR busy"), then the two leave.
      Prints "busy <newcomers that read ERR busy>".
  echo ADDR HOW
      SET ECHO ON, then a line half-typed ("SHO") and nothing more (HOW
      partial), or a line over 2,024 bytes (HOW toolong).  Prints "tail
      <the last 60 bytes read, as Python's repr>".
"""
import re
import select
import sys
import time

from loopback import connect, read_until

BIG_NURIKABE = b"NURIKABE 1000 1000 1000000\n"


def line_of(sock, timeout=10.0):
    data, _ = read_until(sock, lambda d: b"\n" in d, timeout)
    return data.split(b"\n", 1)[0].decode("ascii", "replace").rstrip("\r")


def send_quietly(sock, data):
    try:
        sock.sendall(data)
        return True
    except OSError:
        return False


def victim(address, source, requests):
    """Each request's first reply line, and the whole time in ms."""
    started = time.monotonic()
    sock = connect(address, source)
    lines = []
    for request in requests:
        sock.sendall(request)
        lines.append(line_of(sock))
    sock.close()
    return lines, (time.monotonic() - started) * 1000.0


def headers(address):
    # Headers that ask for all of the default 256 MiB budget: each
    # NURIKABE 1000 1000 d reserves 64 + 10^6 + 8 d bytes, the last one
    # sized to what is left.
    big, left, requests = 64 + 10**6 + 8 * 10**6, 256 << 20, []
    while left >= big:
        requests.append(BIG_NURIKABE)
        left -= big
    requests.append(b"NURIKABE 1000 1000 %d\n" % ((left - 64 - 10**6) // 8))
    held = []
    for i, request in enumerate(requests):
        sock = connect(address, "127.0.0.%d" % (2 + i // 16))
        sock.sendall(request)
        held.append(sock)
    time.sleep(0.5)
    for sock in held:
        send_quietly(sock, b"\n")
    lines, ms = victim(address, "127.0.0.1",
                       [b"NEW EXPERT 1\n", b"NEW 1 1 0 1\n", b"CASUAL 1 1\n.\n"])
    for i, line in enumerate(lines):
        print("victim_%d %s" % (i + 1, line))
    print("victim_ms %.0f" % ms)
    for _ in range(4):
        time.sleep(0.5)
        for sock in held:
            send_quietly(sock, b"\n")
    for sock in held:
        sock.close()


def promise(address):
    held, refused = [], 0
    for a in range(4):
        source = "127.0.0.%d" % (2 + a)
        for i in range(16):
            sock = connect(address, source, timeout=30.0)
            kind = i % 3
            if kind == 2:  # idle, holding a big game and HINT's block
                sock.sendall(b"NEW 1000 1000 100000 %d\n1 500 500\nHINT\n" % (a * 16 + i))
                data, _ = read_until(sock, lambda d: d.count(b"\n") >= 3, 30.0)
                replies = data.decode("ascii", "replace").split("\n")[:3]
                refused += sum(1 for r in replies if "not enough memory" in r)
            else:
                sock.sendall(BIG_NURIKABE)
                reply, _ = read_until(sock, lambda d: b"\n" in d, 0.3)
                refused += b"not enough memory" in reply
            held.append((kind, sock))
    print("held_refused %d" % refused)
    for _ in range(2):
        time.sleep(0.5)
        for kind, sock in held:
            if kind == 1:
                send_quietly(sock, b"\n1")
    lines, ms = victim(address, "127.0.0.6", [b"NEW EXPERT 1\n"])
    print("expert %s" % lines[0])
    print("expert_ms %.0f" % ms)
    lines, ms = victim(address, "127.0.0.6", [b"NEW 1000 1000 1 1\n"])
    print("big %s" % lines[0])
    print("big_ms %.0f" % ms)
    for _, sock in held:
        sock.close()


def cr(address, seconds):
    sock = connect(address)
    sock.sendall(b"NEW 2 2 1 1\r")
    line_of(sock)
    answered, told = 0, "no"
    for _ in range(int(seconds)):
        if not send_quietly(sock, b"SHOW\r"):
            break
        data, closed = read_until(sock, lambda d: d.count(b"\n") >= 2, 1.0)
        if b"ERR" in data:
            told = data[data.index(b"ERR"):].split(b"\n")[0].decode().rstrip("\r")
            break
        if closed:
            break
        answered += 1
        time.sleep(max(0.0, 1.0 - 0.05))
    print("answered %d" % answered)
    print("closed %s" % told)
    sock.close()


def blank(address, seconds, first):
    sock = connect(address)
    sock.sendall(first)
    if first.startswith(b"HELP"):
        read_until(sock, lambda d: d.endswith(b"END\n"), 5.0)
    started = time.monotonic()
    told, closed_after = "", "no"
    while time.monotonic() - started < seconds:
        if not send_quietly(sock, b"\n"):
            closed_after = "%.1f" % (time.monotonic() - started)
            break
        data, closed = read_until(sock, lambda d: False, 0.5)
        if data:
            told = data.decode("ascii", "replace").strip().split("\n")[-1]
        if closed:
            closed_after = "%.1f" % (time.monotonic() - started)
            break
    print("closed_after_s %s" % closed_after)
    print("told %s" % told)
    sock.close()


def nat(address):
    held = [connect(address, "127.0.0.7") for _ in range(16)]
    time.sleep(1.5)
    newcomer = connect(address, "127.0.0.7")
    newcomer.sendall(b"HELP\n")
    print("newcomer %s" % line_of(newcomer))
    evicted, evicted_line = 0, ""
    for sock in held:
        data, closed = read_until(sock, lambda d: False, 0.2)
        if closed and data.startswith(b"ERR"):
            evicted += 1
            evicted_line = data.decode().strip()
    print("evicted %d" % evicted)
    print("evicted_line %s" % evicted_line)
    for sock in held + [newcomer]:
        sock.close()


def available(sock):
    """What the socket has to read now, and whether it was closed."""
    data = b""
    while True:
        ready, _, _ = select.select([sock], [], [], 0)
        if not ready:
            return data, False
        try:
            chunk = sock.recv(65536)
        except OSError:
            return data, True
        if not chunk:
            return data, True
        data += chunk


def slots(address):
    sessions = []  # (address's last byte, index, socket)
    for a in range(2, 6):
        for i in range(16):
            sock = connect(address, "127.0.0.%d" % a)
            sock.sendall(b"NEW 2 2 1 1\n")
            line_of(sock)
            sessions.append((a, i, sock))
    talkers = [sock for a, _, sock in sessions if a != 3]
    for _ in range(2):
        time.sleep(0.3)
        for sock in talkers:
            sock.sendall(b"SHOW\n")
        for sock in talkers:
            read_until(sock, lambda d: d.count(b"\n") >= 2, 5.0)
    served, first_reply, newcomers, first_closed = 0, "", [], []
    lost, told, told_line = {a: 0 for a in range(2, 6)}, 0, ""
    for n in range(8):
        sock = connect(address, "127.0.0.100")
        sock.sendall(b"SHOW\n")
        reply = line_of(sock)
        first_reply = first_reply or reply
        served += reply != "" and not reply.startswith("ERR busy")
        newcomers.append(sock)
        time.sleep(0.3 if n == 0 else 0.05)
        for a, i, held in sessions:
            data, closed = available(held)
            if not closed:
                continue
            sessions.remove((a, i, held))
            held.close()
            lost[a] += 1
            line = data.decode("ascii", "replace").strip()
            if line.startswith("ERR closing"):
                told += 1
                told_line = told_line or line
            if n == 0:
                first_closed.append("%d/%d" % (a, i))
    print("served %d" % served)
    print("reply %s" % first_reply)
    print("first_closed %s" % " ".join(first_closed))
    print("told %d" % told)
    print("told_line %s" % told_line)
    print("closed %s" % " ".join("%d:%d" % (a, lost[a]) for a in sorted(lost)))
    for _, _, sock in sessions:
        sock.close()
    for sock in newcomers:
        sock.close()


def token_of(view):
    found = re.search(rb"  game ([0-9a-z]{16})\r?\n", view)
    return found.group(1).decode() if found else "none"


def leave_game(address, source, requests, replies, view):
    """Sends requests, reads `replies` lines (or VIEW's END), leaves with a
    FIN; the token VIEW showed, if asked."""
    sock = connect(address, source)
    sock.sendall(requests)
    if view:
        data, _ = read_until(sock, lambda d: b"END\n" in d, 10.0)
    else:
        data, _ = read_until(sock, lambda d: d.count(b"\n") >= replies, 10.0)
    sock.close()
    return token_of(data) if view else None


def resume(address, source, token):
    sock = connect(address, source)
    sock.sendall(b"RESUME %s\n" % token.encode())
    line = line_of(sock)
    sock.close()
    return line


def kept(address):
    victim = leave_game(address, "127.0.0.100", b"NEW EXPERT 7\n1 8 15\nVIEW\n", 0, True)
    first = None
    for a in range(2, 66):
        for i in range(16):
            request = b"NEW 2 2 1 %d\n1 1 1\n" % (a * 16 + i)
            if first is None:
                first = leave_game(address, "127.0.0.%d" % a, request + b"VIEW\n", 0, True)
            else:
                leave_game(address, "127.0.0.%d" % a, request, 2, False)
    nomove = [leave_game(address, "127.0.0.66", b"NEW 2 2 1 %d\nVIEW\n" % i, 0, True)
              for i in range(3)]
    time.sleep(0.2)
    print("victim %s" % resume(address, "127.0.0.100", victim))
    print("first %s" % resume(address, "127.0.0.2", first))
    print("nomove_kept %d" % sum(resume(address, "127.0.0.66", t).startswith("OK")
                                 for t in nomove))


def account(address):
    token = leave_game(address, "127.0.0.2", b"NEW 100 100 1000 1\n1 50 50\nVIEW\n", 0, True)
    time.sleep(0.1)
    sock = connect(address, "127.0.0.3")
    sock.sendall(b"RESUME %s\nVIEW\n" % token.encode())
    data, _ = read_until(sock, lambda d: b"END\n" in d, 10.0)
    print("resumed %s" % data.split(b"\n", 1)[0].decode())
    token = token_of(data)  # the game's token is the session's that holds it
    sock.close()
    time.sleep(0.1)
    sock = connect(address, "127.0.0.2")
    sock.sendall(b"NEW 100 100 1000 2\n")
    print("first_again %s" % line_of(sock))
    sock.close()
    sock = connect(address, "127.0.0.3")
    sock.sendall(b"NEW 100 100 1000 3\nRESUME %s\n" % token.encode())
    data, _ = read_until(sock, lambda d: d.count(b"\n") >= 2, 10.0)
    lines = data.decode("ascii", "replace").split("\n")
    print("second_new %s" % lines[0])
    print("second_resume %s" % (lines[1] if len(lines) > 1 else ""))
    sock.close()


def refusals(address):
    held = [connect(address, "127.0.0.2") for _ in range(2)]
    time.sleep(0.2)
    busy = 0
    for _ in range(3):
        sock = connect(address, "127.0.0.2")
        busy += line_of(sock, 5.0) == "ERR busy"
        sock.close()
    for sock in held:
        sock.close()
    print("busy %d" % busy)


def echo(address, how):
    sock = connect(address)
    sock.sendall(b"SET ECHO ON\n")
    read_until(sock, lambda d: b"OK" in d, 5.0)
    if how == "partial":
        sock.sendall(b"SHO")
    else:
        sock.sendall(b"x" * 3000)
    data, _ = read_until(sock, lambda d: False, 6.0)
    print("tail %r" % data[-60:])
    sock.close()


def main():
    mode, address = sys.argv[1], sys.argv[2]
    if mode == "headers":
        headers(address)
    elif mode == "promise":
        promise(address)
    elif mode == "cr":
        cr(address, float(sys.argv[3]))
    elif mode == "blank":
        blank(address, float(sys.argv[3]), b"NEW 3 3\n")
    elif mode == "idleblank":
        blank(address, float(sys.argv[3]), b"HELP\n")
    elif mode == "nat":
        nat(address)
    elif mode == "slots":
        slots(address)
    elif mode == "kept":
        kept(address)
    elif mode == "account":
        account(address)
    elif mode == "refusals":
        refusals(address)
    elif mode == "echo":
        echo(address, sys.argv[3])
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
