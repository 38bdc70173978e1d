#!/usr/bin/env python3
"""state_clients.py - games that outlive sapperd itself (--state-dir), over
real TCP, for tests/t_daemon_state.sh (and tests/bench_state.sh's figures).

    state_clients.py crash SAPPERD WORK ROUNDS SEED [SIGNAL [DAEMON-OPTIONS...]]
        ROUNDS times: a daemon on WORK/state, five clients (an expert game
        and a 250 x 250 board given row by row, both with moves pipelined;
        a typed ANALYZE position, edited, then right clicks pipelined; a
        no-guess game played by PLAY; a game kept after its client left),
        the daemon killed with SIGNAL (KILL, or TERM) at a random moment
        while the moves are in flight, then started again on the same
        directory.  Each client resumes its game with its token: VIEW's
        click count k says how many of its moves the game holds, which must
        be at least the replies it had read and at most the moves it had
        sent (after TERM, exactly the replies it read), and SHOW and VIEW
        must be those of the same requests and first k moves replayed on a
        new connection.  Each start logs one line "state: ...".
    state_clients.py damage SAPPERD WORK SEED
        A small journal (one game, its moves as single records), then cut
        at every byte, bytes changed at random, its head from a build with
        other limits, a game past this build's limits, a file that is no
        journal: each start logs one line, serves, and restores what the
        whole records before the damage hold.  A second daemon on a
        directory in use is refused.
    state_clients.py compact SAPPERD WORK
        Games started and ended (dead records) make the file rewrite itself;
        a game past --state-max-bytes gives way and the log says so.
    state_clients.py fill HOST:PORT COUNT MOVES [LEVEL]
        COUNT expert games (NEW EXPERT <n> [LEVEL]) of a first click and
        MOVES right clicks each, left kept (tests/bench_state.sh).

Prints "ok NAME" and "FAIL NAME: detail" lines.
"""
import os
import random
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

TOKEN = re.compile(r"  game ([0-9a-z]{16})$")
CLICKS = re.compile(r"clicks (\d+)")
STATE_LINE = "sapperd: state: "


def report(name, good, detail=""):
    if good:
        print("ok   %s" % name)
    else:
        print("FAIL %s%s" % (name, ": " + detail[:400] if detail else ""))
    sys.stdout.flush()
    return good


# ---- the daemon ------------------------------------------------------------------------------


class Daemon:
    def __init__(self, binary, work, name, extra=()):
        self.binary = binary
        self.dir = os.path.join(work, "state")
        self.log = os.path.join(work, name + ".log")
        self.extra = list(extra)
        self.proc = None
        self.address = None
        self.log_from = 0

    def start(self):
        self.log_from = os.path.getsize(self.log) if os.path.exists(self.log) else 0
        err = open(self.log, "ab")
        self.proc = subprocess.Popen(
            [self.binary, "--listen", "127.0.0.1:0", "--state-dir", self.dir] + self.extra,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        err.close()
        end = time.monotonic() + 20
        while time.monotonic() < end:
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", self.lines_since())
            if m:
                self.address = ("127.0.0.1", int(m.group(1)))
                return True
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        return False

    def lines_since(self):
        with open(self.log, "rb") as f:
            f.seek(self.log_from)
            return f.read().decode("utf-8", "replace")

    def state_lines(self):
        return [l for l in self.lines_since().splitlines() if l.startswith(STATE_LINE)]

    def stop(self, sig, meanwhile=None):
        """Signals the daemon, runs meanwhile() (the clients read what it
        still writes), and returns its exit status."""
        if self.proc is None:
            return None
        self.proc.send_signal(sig)
        if meanwhile is not None:
            meanwhile()
        try:
            status = self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self.proc = None
        return status

    def sanitizer_clean(self):
        text = self.lines_since()
        return not re.search(r"Sanitizer|runtime error", text), text


# ---- a client -----------------------------------------------------------------------------------


class Client:
    def __init__(self, address):
        self.sock = socket.create_connection(address, timeout=20)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.eof = False

    def send(self, text):
        self.sock.sendall(text.encode())

    def fill(self, timeout):
        if self.eof:
            return False
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = self.sock.recv(1 << 20)
        except (ConnectionResetError, socket.timeout):
            chunk = b""
        if not chunk:
            self.eof = True
            return False
        self.buffer += chunk
        return True

    def line(self, timeout=20.0):
        end = time.monotonic() + timeout
        while b"\n" not in self.buffer and time.monotonic() < end:
            if not self.fill(max(0.0, end - time.monotonic())) and self.eof:
                break
        head, nl, self.buffer = self.buffer.partition(b"\n")
        return head.decode("ascii", "replace") if nl else None

    def skip_lines(self, count, timeout=60.0):
        """Reads `count` lines and drops them; how many came."""
        end = time.monotonic() + timeout
        seen = 0
        while True:
            n = self.buffer.count(b"\n")
            if seen + n >= count:
                cut = 0
                for _ in range(count - seen):
                    cut = self.buffer.index(b"\n", cut) + 1
                self.buffer = self.buffer[cut:]
                return count
            seen += n
            self.buffer = self.buffer[self.buffer.rindex(b"\n") + 1:] if n else self.buffer
            if time.monotonic() >= end or (not self.fill(end - time.monotonic()) and self.eof):
                return seen

    def until_end(self):
        lines = []
        while True:
            line = self.line()
            if line is None:
                return lines
            lines.append(line)
            if line == "END" or line.startswith("ERR"):
                return lines

    def ask(self, text, lines=None):
        """Sends a request; its reply: `lines` lines, or up to END."""
        self.send(text)
        if lines is None:
            return self.until_end()
        return [self.line() for _ in range(lines)]

    def close(self):
        self.sock.close()


def view_of(lines):
    """VIEW's lines without the token (a new session shows its own)."""
    return "\n".join(TOKEN.sub("", l) for l in lines)


def token_of(lines):
    for l in lines:
        m = TOKEN.search(l)
        if m:
            return m.group(1)
    return None


def clicks_of(lines):
    for l in lines:
        m = CLICKS.search(l)
        if m and l.startswith("mines"):
            return int(m.group(1))
    return None


# ---- the players of a round ------------------------------------------------------------------------


class Player:
    """A game: its setup (answered one by one), then moves pipelined."""

    kind = "?"
    # Moves that count a click each; the setup's own clicks are `setup_clicks`.
    setup_clicks = 0

    def __init__(self, rng):
        self.rng = rng
        self.setup = []  # request texts, each answered before the next
        self.moves = []  # move lines, pipelined
        self.client = None
        self.token = None
        self.sent = 0  # moves whose whole line the kernel took
        self.received = 0  # moves whose reply was read whole
        self.out = b""
        self.replies = b""

    def begin(self, address):
        self.client = Client(address)
        for request in self.setup:
            self.client.ask(request, 1)
        self.token = token_of(self.client.ask("VIEW\n"))
        self.client.sock.setblocking(False)
        self.out = "".join(self.moves).encode()
        self.ends = []
        at = 0
        for m in self.moves:
            at += len(m)
            self.ends.append(at)
        self.written = 0

    def pump(self, moves):
        """Sends up to `moves` more moves (as the socket takes them), reads
        what came."""
        s = self.client.sock
        if self.written < len(self.out):
            sent = sum(1 for e in self.ends if e <= self.written)
            upto = self.ends[min(len(self.ends), sent + moves) - 1]
            try:
                self.written += s.send(self.out[self.written:upto])
            except OSError:
                pass  # full for now, or the daemon is gone
        try:
            self.replies += s.recv(1 << 20)
        except OSError:
            pass

    def drain(self):
        """After the daemon died or stopped: what was already sent to us."""
        s = self.client.sock
        s.setblocking(True)
        s.settimeout(10)
        while True:
            try:
                chunk = s.recv(1 << 20)
            except (ConnectionResetError, socket.timeout, OSError):
                break
            if not chunk:
                break
            self.replies += chunk
        s.close()
        self.sent = sum(1 for e in self.ends if e <= self.written)
        self.received = self.count_replies(self.replies)

    def count_replies(self, data):
        return data.count(b"\n")

    def expected_k(self, clicks):
        return clicks - self.setup_clicks


class Expert(Player):
    kind = "expert"

    def __init__(self, rng, moves):
        super().__init__(rng)
        seed = rng.randrange(1, 1 << 30)
        self.setup = ["NEW EXPERT %d\n" % seed]
        self.moves = ["1 8 15\n"]
        for _ in range(moves):
            if rng.random() < 0.2:
                self.moves.append("1 8 15\n")
            else:
                self.moves.append("2 %d %d\n" % (rng.randint(1, 16), rng.randint(1, 30)))


class Big(Player):
    """250 x 250 given row by row: left clicks on safe cells, flags on mines."""

    kind = "250x250"

    def __init__(self, rng, moves):
        super().__init__(rng)
        n = 250
        mines = set()
        while len(mines) < n * n // 8:
            mines.add((rng.randrange(n), rng.randrange(n)))
        rows = ["".join("*" if (r, c) in mines else "_" for c in range(n)) for r in range(n)]
        self.setup = ["NEW %d %d\n%s\n" % (n, n, "\n".join(rows))]
        for _ in range(moves):
            r, c = rng.randrange(n), rng.randrange(n)
            self.moves.append("%d %d %d\n" % (2 if (r, c) in mines else 1, r + 1, c + 1))


def position_rows(rng, size, mines_wanted):
    mines = set()
    while len(mines) < mines_wanted:
        mines.add((rng.randrange(size), rng.randrange(size)))

    def number(r, c):
        return sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))

    shown = {}
    for r in range(size):
        for c in range(size):
            if (r, c) not in mines and rng.random() < 0.5:
                shown[(r, c)] = str(number(r, c))
    rows = ["".join(shown.get((r, c), "_") for c in range(size)) for r in range(size)]
    hidden = [(r, c) for r in range(size) for c in range(size)
              if (r, c) not in mines and (r, c) not in shown]
    return mines, rows, hidden, number


class Position(Player):
    """A typed ANALYZE position, a CELL and a MINES edit, then right clicks."""

    kind = "ANALYZE"

    def __init__(self, rng, moves):
        super().__init__(rng)
        size, count = 9, 12
        mines, rows, hidden, number = position_rows(rng, size, count)
        self.setup = ["ANALYZE %d %d %d\n%s\n" % (size, size, count, "\n".join(rows))]
        if hidden:
            r, c = hidden[0]
            self.setup.append("CELL %d %d %s\n" % (r + 1, c + 1, number(r, c)))
        self.setup.append("MINES %d\n" % count)
        for _ in range(moves):
            self.moves.append("2 %d %d\n" % (rng.randint(1, size), rng.randint(1, size)))


class Play(Player):
    """A no-guess board that PLAY plays: each of its moves is a line "op x
    y" and the move's boom line; a move counts once its boom line came."""

    kind = "PLAY"

    def __init__(self, rng):
        super().__init__(rng)
        self.setup = ["NEW 150 150 3500 %d NOGUESS\n" % rng.randrange(1, 1 << 30)]
        self.moves = ["PLAY\n"]

    def count_replies(self, data):
        lines = data.split(b"\n")[:-1]
        return sum(1 for l in lines if l.startswith((b"RUNNING", b"WIN", b"LOSE")))

    def reference_moves(self, k):
        return ["PLAY %d\n" % k] if k > 0 else []


class Kept(Player):
    """A no-guess game played a little, its client gone before the crash."""

    kind = "kept"

    def __init__(self, rng):
        super().__init__(rng)
        self.setup = ["NEW 16 30 99 %d NOGUESS\n" % rng.randrange(1, 1 << 30), "1 8 15\n"]
        for _ in range(6):
            self.setup.append("2 %d %d\n" % (rng.randint(1, 16), rng.randint(1, 30)))
        self.setup_clicks = 7

    def begin(self, address):
        self.client = Client(address)
        for request in self.setup:
            self.client.ask(request, 1)
        self.token = token_of(self.client.ask("VIEW\n"))
        self.show = self.client.ask("SHOW\n", 16)
        self.client.close()
        self.out = b""
        self.ends = []
        self.written = 0


def replay_reference(address, player, k):
    """SHOW and VIEW of the player's setup and first k moves, on a new
    connection (PLAY's first k moves are PLAY k)."""
    c = Client(address)
    for request in player.setup:
        c.ask(request, 1)
    moves = player.reference_moves(k) if isinstance(player, Play) else player.moves[:k]
    if isinstance(player, Play):
        for m in moves:
            c.ask(m)
    else:
        for m in moves:
            c.send(m)
            c.line()
    rows, cols = board_size(player)
    show = c.ask("SHOW\n", rows)
    view = c.ask("VIEW\n")
    c.close()
    return show, view


def board_size(player):
    first = player.setup[0].split()
    if first[1] == "EXPERT":
        return 16, 30
    return int(first[1]), int(first[2])


def check_player(address, player, round_name, exact):
    """The player's game after the restart, against the reference."""
    name = "%s: %s" % (round_name, player.kind)
    if player.token is None:
        return report(name + ": a token", False, "VIEW showed none")
    c = Client(address)
    resumed = c.ask("RESUME %s\n" % player.token, 1)[0]
    if resumed is None or not resumed.startswith("OK"):
        c.close()
        # PLAY may have won its game before the signal: a game over is not kept.
        won = isinstance(player, Play) and b"WIN" in player.replies
        return report(name + ": RESUME", won, "got %r" % resumed)
    view = c.ask("VIEW\n")
    rows, cols = board_size(player)
    show = c.ask("SHOW\n", rows)
    c.close()
    clicks = clicks_of(view)
    if clicks is None:
        return report(name + ": VIEW", False, repr(view[-3:]))
    k = player.expected_k(clicks)
    # PLAY's moves are the daemon's own choice: none is unsent.
    sent = None if isinstance(player, Play) else player.sent
    if exact:
        good = k == player.received
    else:
        good = player.received <= k and (sent is None or k <= sent)
    report("%s: holds every move answered and none unsent (k %d, answered %d, sent %s)"
           % (name, k, player.received, "-" if sent is None else sent), good)
    want_show, want_view = replay_reference(address, player, k)
    report(name + ": SHOW as replayed", show == want_show,
           "differs at row %s" % next((i for i, (a, b) in enumerate(zip(show, want_show))
                                       if a != b), "?"))
    report(name + ": VIEW as replayed", view_of(view) == view_of(want_view),
           "%r vs %r" % (view[-2:], want_view[-2:]))
    return True


def crash(binary, work, rounds, seed, sig_name="KILL", extra=()):
    rng = random.Random(seed)
    sig = signal.SIGKILL if sig_name == "KILL" else signal.SIGTERM
    daemon = Daemon(binary, work, "crash", extra)
    if extra:
        sig_name += " " + " ".join(extra)
    for round_index in range(rounds):
        name = "%s round %d" % (sig_name, round_index + 1)
        if not report(name + ": the daemon starts", daemon.start(), daemon.lines_since()):
            return
        players = [Expert(rng, 4000), Position(rng, 4000), Play(rng), Kept(rng)]
        if round_index % 3 == 0 or sig == signal.SIGTERM:
            players.append(Big(rng, 4000))
        for p in players:
            p.begin(daemon.address)
        # Moves go out a few dozen at a time, every millisecond or so, so
        # that the signal, at a random moment, finds some of them in flight.
        live = [p for p in players if p.out]
        stop_at = time.monotonic() + rng.uniform(0.005, 0.15)
        while time.monotonic() < stop_at:
            for p in live:
                p.pump(40)
            select.select([p.client.sock for p in live], [], [], 0.001)
        status = daemon.stop(sig, lambda: [p.drain() for p in live])
        if sig == signal.SIGTERM:
            report(name + ": SIGTERM: exit 0 after the replies in flight", status == 0,
                   "status %s" % status)
        clean, text = daemon.sanitizer_clean()
        report(name + ": no sanitizer report", clean, text[-2000:])
        if not report(name + ": the daemon starts again", daemon.start(), daemon.lines_since()):
            return
        lines = daemon.state_lines()
        report(name + ": one state line", len(lines) == 1, repr(lines))
        for p in players:
            check_player(daemon.address, p, name, exact=sig == signal.SIGTERM
                         and not isinstance(p, Play))
        daemon.stop(signal.SIGKILL)


# ---- damaged files ------------------------------------------------------------------------------


def frames(data):
    """(start, end, type) of each whole frame of a journal."""
    out, at = [], 0
    while at < len(data):
        p, length, shift = at + 1, 0, 0
        while True:
            b = data[p]
            p += 1
            length |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        end = p + length + 4
        out.append((at, end, chr(data[at])))
        at = end
    return out


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        out += bytes([b | (0x80 if n else 0)])
        if not n:
            return out


def frame(type_char, body):
    head = type_char.encode() + varint(len(body)) + body
    return head + struct.pack("<I", zlib.crc32(head) & 0xFFFFFFFF)


def stdin_run(binary, state, requests):
    """sapperd --stdin on a state dir: (status, stdout, log lines)."""
    p = subprocess.run([binary, "--stdin", "--state-dir", state], input=requests.encode(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout.decode("ascii", "replace"), \
        p.stderr.decode("utf-8", "replace").splitlines()


def damage(binary, work, seed):
    rng = random.Random(seed)
    daemon = Daemon(binary, work, "damage")
    if not report("damage: the daemon starts", daemon.start(), daemon.lines_since()):
        return
    c = Client(daemon.address)
    # A board given row by row: its first click opens one cell, and no move
    # here can end the game (which would end its record).
    c.ask("NEW 5 5\n*____\n_____\n__*__\n_____\n____*\n", 1)
    moves = ["1 2 2\n", "2 1 1\n", "2 5 5\n"]
    for m in moves:
        c.ask(m, 1)
    token = token_of(c.ask("VIEW\n"))
    full_show = c.ask("SHOW\n", 5)
    daemon.stop(signal.SIGKILL)
    c.close()
    path = os.path.join(daemon.dir, "games.journal")
    with open(path, "rb") as f:
        full = f.read()
    fr = frames(full)
    report("damage: the journal holds a head, the game and its %d moves as records"
           % len(moves), [t for _, _, t in fr] == ["H", "G"] + ["S"] * len(moves),
           repr([t for _, _, t in fr]))
    game_end = fr[1][1]
    step_ends = [e for _, e, t in fr if t == "S"]
    request = "RESUME %s\nVIEW\nHELP\n" % token

    def run(data, name, asked=request):
        state = os.path.join(work, name)
        os.makedirs(state, exist_ok=True)
        for leftover in os.listdir(state):
            os.unlink(os.path.join(state, leftover))
        with open(os.path.join(state, "games.journal"), "wb") as f:
            f.write(data)
        status, out, log = stdin_run(binary, state, asked)
        lines = [l for l in log if l.startswith(STATE_LINE)]
        bad = [l for l in log if not l.startswith(STATE_LINE)]
        good = status == 0 and len(lines) == 1 and not bad and out.endswith("END\n")
        return good, out, lines, status, log

    # Two starts at a time, each in a directory of its own: ASan's start is
    # most of each one's time.
    def cut_at(cut):
        good, out, lines, status, log = run(full[:cut], "cut%d" % cut)
        want = None if cut < game_end else sum(1 for e in step_ends if e <= cut)
        got = clicks_of(out.splitlines()) if out.startswith("OK") else None
        if not good or got != want:
            return "cut at %d: status %s, clicks %s (want %s), log %r" % (cut, status, got,
                                                                          want, log)
        return None

    with ThreadPoolExecutor(2) as pool:
        failures = [f for f in pool.map(cut_at, range(len(full) + 1)) if f is not None]
    report("damage: cut at each of %d bytes: one log line, serves, restores the whole "
           "records before the cut" % (len(full) + 1), not failures, "; ".join(failures[:3]))

    flips = []
    for trial in range(30):
        data = bytearray(full)
        for _ in range(rng.randint(1, 3)):
            data[rng.randrange(len(data))] ^= rng.randint(1, 255)
        flips.append(bytes(data))

    def flipped(trial):
        good, out, lines, status, log = run(flips[trial], "flip%d" % trial)
        got = clicks_of(out.splitlines()) if out.startswith("OK") else 0
        if not good or got > len(moves):
            return "trial %d: status %s, clicks %s, log %r" % (trial, status, got, log)
        return None

    with ThreadPoolExecutor(2) as pool:
        failures = [f for f in pool.map(flipped, range(len(flips))) if f is not None]
    report("damage: 30 files with bytes changed at random: one log line each, and serves",
           not failures, "; ".join(failures[:3]))

    # The head of a build with other limits: the game fits, so it is restored.
    head_body = full[fr[0][0]:fr[0][1]]
    p = 1
    while head_body[p] & 0x80:
        p += 1
    body = head_body[p + 1:-4]
    magic_len = len(b"sapperd games\n")
    rest = body[magic_len + 1:]
    tag_end = 0
    while rest[tag_end] & 0x80:
        tag_end += 1
    other = frame("H", body[:magic_len + 1] + varint(12345) + rest[tag_end + 1:])
    good, out, lines, status, log = run(other + full[fr[0][1]:], "limits")
    report("damage: a head from a build with other limits: one log line that says so, "
           "the game restored", good and out.startswith("OK") and "other limits" in lines[0],
           repr(lines))

    # A game past this build's limits beside one that fits.
    huge = frame("G", varint(999999) + b"abcdefghjkmnpqrs" + bytes(9) + varint(5000)
                 + varint(5) + varint(1) + b"\x00\x00" + varint(7))
    good, out, lines, status, log = run(full[:fr[1][0]] + huge + full[fr[1][0]:], "huge")
    report("damage: a game past this build's limits is not restored, the other one is",
           good and out.startswith("OK") and "1 game not restored" in lines[0], repr(lines))

    good, out, lines, status, log = run(b"no journal at all\n" * 5, "text")
    aside = os.path.join(work, "text", "games.journal.bad")
    kept_aside = os.path.exists(aside) and open(aside, "rb").read() == b"no journal at all\n" * 5
    report("damage: a file that is no journal: refused in one line, kept aside, and serves",
           good and "refused" in lines[0] and kept_aside, repr(lines))

    good, out, lines, status, log = run(b"", "empty")
    report("damage: an empty file: no game, no complaint", good and "0 games" in lines[0]
           and "damaged" not in lines[0], repr(lines))

    good, out, lines, status, log = run(full, "whole", "RESUME %s\nSHOW\nVIEW\n" % token)
    report("damage: the whole file restores the game, as it was",
           good and out.splitlines()[1:6] == full_show
           and clicks_of(out.splitlines()) == len(moves) and "damaged" not in lines[0],
           repr(lines) + repr(out))

    # A directory in use: the second daemon is refused.
    if daemon.start():
        status, out, log = stdin_run(binary, daemon.dir, "HELP\n")
        report("damage: a second daemon on a directory in use: exit 1, said",
               status == 1 and any("in use by another sapperd" in l for l in log), repr(log))
        daemon.stop(signal.SIGTERM)


# ---- the file rewrites itself -------------------------------------------------------------------


def compact(binary, work):
    daemon = Daemon(binary, work, "compact", ["--state-max-bytes", "256K"])
    if not report("compact: the daemon starts", daemon.start(), daemon.lines_since()):
        return
    rng = random.Random(7)
    c = Client(daemon.address)
    batch = []
    for g in range(60):
        batch.append("NEW 16 30 99 %d\n1 8 15\n" % (g + 1))
        batch += ["2 %d %d\n" % (rng.randint(1, 16), rng.randint(1, 30)) for _ in range(300)]
        batch.append("0\n")
    text = "".join(batch)
    c.send(text)
    c.skip_lines(text.count("\n"))
    kept = Client(daemon.address)
    kept.ask("NEW 16 30 99 3\n", 1)
    kept.ask("1 8 15\n", 1)
    token = token_of(kept.ask("VIEW\n"))
    path = os.path.join(daemon.dir, "games.journal")
    time.sleep(0.3)  # the last rewrite, in the thread pool
    size = os.path.getsize(path)
    written = 60 * 302 * 8
    report("compact: 60 games ended, about %d bytes of records: the file rewrote itself "
           "(%d bytes left)" % (written, size), size < 2 * 65536 + 4096, "size %d" % size)
    daemon.stop(signal.SIGKILL)
    if not report("compact: the daemon starts again", daemon.start(), daemon.lines_since()):
        return
    r = Client(daemon.address)
    got = r.ask("RESUME %s\n" % token, 1)[0]
    r.close()
    report("compact: the game in play outlived the rewrites", got == "OK 16 30 99", repr(got))
    report("compact: the file is then the live game alone",
           os.path.getsize(path) < 200, "size %d" % os.path.getsize(path))
    daemon.stop(signal.SIGTERM)

    # A no-guess board laid after a later game began: its record starts
    # again under a new id; the files written at the stop and at the next
    # start (the games in order) must still read back both.
    order = Daemon(binary, work, "order")
    if report("order: the daemon starts", order.start(), order.lines_since()):
        first, second = Client(order.address), Client(order.address)
        first.ask("NEW 16 30 99 11 NOGUESS\n", 1)
        second.ask("NEW EXPERT 12\n", 1)
        second.ask("1 8 15\n", 1)
        first.ask("1 8 15\n", 1)
        tokens = [token_of(c.ask("VIEW\n")) for c in (first, second)]
        shows = [c.ask("SHOW\n", 16) for c in (first, second)]
        for c in (first, second):
            c.close()
        order.stop(signal.SIGTERM)
        if order.start():
            order.stop(signal.SIGKILL)  # after its start wrote the file again
        if order.start():
            got = []
            for token in tokens:
                c = Client(order.address)
                got.append((c.ask("RESUME %s\n" % token, 1)[0], c.ask("SHOW\n", 16)))
                c.close()
            report("order: a game laid after a later one began, and that one, outlive a "
                   "stop and a start", [g[0] for g in got] == ["OK 16 30 99"] * 2
                   and [g[1] for g in got] == shows, repr([g[0] for g in got]))
            order.stop(signal.SIGKILL)

    small = Daemon(binary, work, "limit", ["--state-max-bytes", "2K"])
    for leftover in os.listdir(small.dir):
        os.unlink(os.path.join(small.dir, leftover))
    if not report("limit: the daemon starts", small.start(), small.lines_since()):
        return
    a = Client(small.address)
    a.ask("NEW 16 30 99 5\n", 1)
    a.ask("1 8 15\n", 1)
    token_small = token_of(a.ask("VIEW\n"))
    b = Client(small.address)
    b.ask("NEW 16 30 99 6\n", 1)
    token_big = token_of(b.ask("VIEW\n"))
    clicks = "".join("2 %d %d\n" % (1 + i % 16, 1 + i // 16 % 30) for i in range(1000))
    b.send(clicks)
    b.skip_lines(1000)
    time.sleep(1.5)  # the tally's line, once a second
    said = [l for l in small.lines_since().splitlines() if "given up" in l]
    report("limit: a record past --state-max-bytes gives way, and the log says so",
           len(said) == 1 and "--state-max-bytes 2048" in said[0], repr(said))
    small.stop(signal.SIGKILL)
    if small.start():
        r, q = Client(small.address), Client(small.address)
        got_small = r.ask("RESUME %s\n" % token_small, 1)[0]
        got_big = q.ask("RESUME %s\n" % token_big, 1)[0]
        r.close()
        q.close()
        report("limit: the small game outlives the restart, the one that gave way does not",
               got_small == "OK 16 30 99" and got_big.startswith("ERR"),
               "%r %r" % (got_small, got_big))
        small.stop(signal.SIGTERM)


# ---- many kept games (the bench) ------------------------------------------------------------------


def fill(address, count, moves, level=""):
    host, port = address.rsplit(":", 1)
    rng = random.Random(count)
    tokens = []
    for g in range(count):
        c = Client((host, int(port)))
        text = "NEW EXPERT %d %s\n1 8 15\n" % (g + 1, level)
        text += "".join("2 %d %d\n" % (rng.randint(1, 16), rng.randint(1, 30))
                        for _ in range(moves))
        c.send(text + "VIEW\n")
        c.skip_lines(moves + 2)
        tokens.append(token_of(c.until_end()))
        c.close()
    print("filled %d" % len([t for t in tokens if t]))


def main():
    mode = sys.argv[1]
    if mode == "crash":
        crash(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]),
              sys.argv[6] if len(sys.argv) > 6 else "KILL", sys.argv[7:])
    elif mode == "damage":
        damage(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif mode == "compact":
        compact(sys.argv[2], sys.argv[3])
    elif mode == "fill":
        fill(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), " ".join(sys.argv[5:]))
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
