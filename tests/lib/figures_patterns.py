"""tests/lib/figures_patterns.py - the quantities tests/lib/figures.py reads
by patterns of their own, where the general rule (a subject, a measuring
verb, a time or a size) would miss them or misread them:

  - HINT after a move: its median time on each board (the kept deduction's
    column of tests/README.md's table under "HINT after a move", or a time
    after "HINT after a move" in a sentence), and what it costs on a board
    against expert ("1.6 times what it costs on expert"), which is also
    worked out from the table's medians so that the sentence and the table
    cannot part;
  - PROB after a move: its median time on each board, and what it costs
    against writing its own map ("1.3 to 1.6 times"): the table's "PROB
    after a move" and "ratio" columns, or a time or a ratio after PROB in a
    sentence that says "after a move", "its map" or "its reply";
  - the work allowance (`--max-request-work`'s default): its CPU time, the
    least and a 1000 x 1000 board's, and its time a step, in a sentence or
    a table row that names the allowance;
  - `struct sap_session`'s bytes on the host build (boards up to
    1000 x 1000): the `SAP_SESSION_BYTES` column of a table, or a size right
    after `struct sap_session`, `SAP_SESSION_BYTES` or "a session is" in a
    sentence that names no other build.  A rule of the build, so it has no
    home: it may be stated anywhere, but never two ways, and never other
    than what the build compiles (--session-bytes).

Boards are named as R x C ("expert" is 16 x 30); a value's board is the
one named right after it ("5 us on expert", "1.9 times on 100 x 100",
"1.3 to 1.6 times ... on 400 x 400 and 1000 x 1000": both), else the last
one named between its subject and it.  A ratio after within, under, below,
at most or "target" is a target, not a measurement, and an allowance's
time after for, every, within, after, under, at most or up to is a
setting.  Values inside code spans are settings and are not read.

The reading of numbers, code spans and sentences (number_range, mask_code,
sentences) is figures.py's too.
"""
import re

NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
TIME_SCALE = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
TIME = re.compile(r"(?<![\w.,/-])(%s)(?:\s+to\s+(%s))?\s?(ns|µs|us|ms|s)\b" % (NUM, NUM))
RATIO = re.compile(r"(?<![\w.,/-])(%s)(?:\s+to\s+(%s))?(?:\s+times\b|x\b)" % (NUM, NUM))
SIZE = re.compile(r"(?<![\w.,/-])(%s)(?:\s+to\s+(%s))?\s?(bytes|KiB|KB|MB|MiB)\b" % (NUM, NUM))
SIZE_SCALE = {"bytes": 1, "KB": 1000, "KiB": 1024, "MB": 1e6, "MiB": 1 << 20}
BOARD = re.compile(r"\bexpert\b|\b(\d+)\s?[×x]\s?(\d+)\b")
TARGET_BEFORE = re.compile(r"(\bwithin|\bunder|\bbelow|\bat most|\btarget:?|<)\s*$")
# a time that is a setting ("runs it for 30 s", "every 20 ms")
SETTING_BEFORE = re.compile(r"\b(?:for|every|within|after|under|at most|up to)\s+(?:about\s+)?$")

HINT_MENTION = re.compile(r"\bHINT`? after a move\b")
PROB_MENTION = re.compile(r"\bPROB\b")
PROB_CONTEXT = re.compile(r"after a move|\bits (?:own )?(?:map|reply)\b")
ALLOWANCE_MENTION = re.compile(r"\ballowance\b|--max-request-work")
SESSION_MENTION = re.compile(r"`struct sap_session`|`SAP_SESSION_BYTES`|\ba session is\b")
# a sentence about another build than the host's
OTHER_BUILD = re.compile(r"\b(?:cortex-m3|Cortex-M3|stm32f1|STM32F1|micro:bit|microbit|RISC-V|"
                         r"riscv|ATmega\w*|Uno|wasm|the page|the boards)\b|"
                         r"\b\d+\s?×\s?\d+ build|\bup to 200\s?×\s?200")

EXPERT = "16 × 30"
BIG = "1000 × 1000"
HOST_SESSION = "struct sap_session's bytes on the host build"
REQUIRED = ["HINT after a move's median on " + EXPERT, "HINT after a move's median on " + BIG,
            "PROB after a move against writing its map on " + BIG,
            "the least work allowance's CPU time",
            "a 1000 × 1000 board's work allowance's CPU time"]
RULES = [HOST_SESSION]


def home_section(quantity):
    """The section of tests/README.md that is QUANTITY's home, None for a
    rule (stated anywhere), or "" for a quantity that is not this file's."""
    if quantity.startswith(("HINT after a move", "PROB after a move")):
        return "Benchmarks"
    if "work allowance" in quantity:
        return "Figures"
    if quantity == HOST_SESSION or quantity.startswith("SAP_SESSION_BYTES ("):
        return None
    return ""


def number_range(num):
    """The values NUM stands for: 31.4 is 31.35 to 31.45, 136 is 135.5 to
    136.5."""
    plain = num.replace(",", "")
    half = 0.5 * 10 ** -len(plain.split(".")[1]) if "." in plain else 0.5
    return float(plain) - half, float(plain) + half


def value_range(m, scale=1.0):
    """(low, high) of a match whose groups 1 and 2 are a number and an
    optional upper end ("1.3 to 1.6")."""
    lo = number_range(m.group(1))[0]
    hi = number_range(m.group(2) or m.group(1))[1]
    return lo * scale, hi * scale


def board_of(m):
    return EXPERT if m.group(0) == "expert" else "%s × %s" % (m.group(1), m.group(2))


def boards_after(text, end):
    """The boards named right after a value, a few words of its own between
    ("on a 1000 × 1000 board", "for 1000 × 1000", "writing its own reply on
    400 × 400 and 1000 × 1000")."""
    m = re.match(r"[^,;:.()]{0,30}?(?<!\S)(?:on|for)\s+(?:a\s+|the\s+)?(?:board\s+up\s+to\s+)?",
                 text[end:])
    if not m:
        return []
    out, pos = [], end + m.end()
    while True:
        b = BOARD.match(text, pos)
        if not b:
            return out
        out.append(board_of(b))
        more = re.match(r"(?:\s+boards?)?\s*(?:,|and)\s+", text[b.end():])
        if not more:
            return out
        pos = b.end() + more.end()


def boards_of(text, start, end, after_end, before_first=False):
    """A value's boards: named after it, else the last one named between
    START and the value's start END (BEFORE_FIRST: the other way round);
    [] when none is."""
    after = boards_after(text, after_end)
    before = [board_of(b) for b in BOARD.finditer(text, start, end)][-1:]
    if before_first:
        return before or after
    return after or before


def mask_code(text):
    """TEXT with the inside of every code span blanked, positions kept."""
    return re.sub(r"`[^`]*`", lambda m: "`" + "_" * (len(m.group(0)) - 2) + "`", text)


def sentences(text):
    """(start, end) of each sentence of TEXT."""
    bounds, start = [], 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z`(\[*0-9])", text):
        bounds.append((start, m.start()))
        start = m.end()
    bounds.append((start, len(text)))
    return bounds


def after_move_prose(text):
    """HINT's and PROB's figures after a move in a paragraph."""
    masked = mask_code(text)
    out = []
    for s0, s1 in sentences(text):
        sentence = text[s0:s1]
        mentions = [(m.end() + s0, "HINT") for m in HINT_MENTION.finditer(sentence)]
        if PROB_CONTEXT.search(sentence):
            mentions += [(m.end() + s0, "PROB") for m in PROB_MENTION.finditer(sentence)]
        if not mentions:
            continue
        mentions.sort()
        found = [("time", m) for m in TIME.finditer(masked, s0, s1)]
        found += [("ratio", m) for m in RATIO.finditer(masked, s0, s1)]
        for kind, m in found:
            owners = [x for x in mentions if x[0] <= m.start()]
            if not owners:
                continue
            at, who = owners[-1]
            if kind == "ratio" and TARGET_BEFORE.search(masked[max(s0, m.start() - 12):m.start()]):
                continue
            # "HINT after a move on B costs N times what it costs on expert":
            # the board of a HINT's ratio is named before it
            hint_ratio = kind == "ratio" and who == "HINT"
            boards = boards_of(text, at, m.start(), m.end(), hint_ratio) or [""]
            for board in boards:
                on = " on " + board if board else ""
                if kind == "time":
                    p99 = "p99" in masked[max(s0, m.start() - 8):m.start()]
                    q = "%s after a move's %s%s" % (who, "p99" if p99 else "median", on)
                    out.append((q, m.group(0), value_range(m, TIME_SCALE[m.group(3)])))
                elif who == "PROB":
                    out.append(("PROB after a move against writing its map" + on, m.group(0),
                                value_range(m)))
                elif re.search(r"\bexpert\b|16 × 30", text[m.end():s1]):
                    out.append(("HINT after a move%s against expert" % on, m.group(0),
                                value_range(m)))
                else:
                    out.append(("HINT after a move's ratio" + on, m.group(0), value_range(m)))
    return out


def allowance_values(text, start=0, board=None):
    """The work allowance's figures in TEXT (a sentence or a cell) after
    START: of BOARD's allowance, or else of the board each names."""
    masked = mask_code(text)
    out = []
    last = start
    for m in TIME.finditer(masked, start):
        if SETTING_BEFORE.search(masked[max(start, m.start() - 20):m.start()]):
            continue
        if board is None:
            boards = boards_of(text, last, m.start(), m.end())
            big = bool(boards) and boards[0] == BIG
        else:
            big = board == BIG
        which = "a 1000 × 1000 board's" if big else "the least"
        what = "time a step" if m.group(3) == "ns" else "CPU time"
        out.append(("%s work allowance's %s" % (which, what), m.group(0),
                    value_range(m, TIME_SCALE[m.group(3)])))
        last = m.end()
    return out


def allowance_prose(text):
    """The allowance's figures in a paragraph's sentences that name it."""
    out = []
    for s0, s1 in sentences(text):
        if ALLOWANCE_MENTION.search(text, s0, s1):
            out += allowance_values(text[:s1], s0)
    return out


def session_prose(text):
    """The host session's bytes in a paragraph."""
    masked = mask_code(text)
    out = []
    for s0, s1 in sentences(text):
        if OTHER_BUILD.search(text, s0, s1):
            continue
        for m in SESSION_MENTION.finditer(text, s0, s1):
            v = SIZE.search(masked, m.end(), min(s1, m.end() + 40))
            if v:
                out.append((HOST_SESSION, v.group(0), value_range(v, SIZE_SCALE[v.group(3)])))
    return out


def prose_statements(text):
    return after_move_prose(text) + allowance_prose(text) + session_prose(text)


def column(header, pattern):
    """The index of the first heading matching PATTERN, or None."""
    for i, h in enumerate(header or []):
        if re.search(pattern, h):
            return i
    return None


def table_statements(cells, header):
    """A table row's statements, by the headings of its columns (and, for
    the allowance, its first cell)."""
    out = []
    key = cells[0]
    b = BOARD.search(key)
    board = board_of(b) if b else ""

    def cell(i):
        return mask_code(cells[i]) if i is not None and i < len(cells) else ""

    hint = column(header, r"^kept deduction: median")
    if hint is not None and board:
        times = list(TIME.finditer(cell(hint)))
        for which, m in zip(("median", "p99"), times):
            out.append(("HINT after a move's %s on %s" % (which, board), m.group(0),
                        value_range(m, TIME_SCALE[m.group(3)])))
    prob = column(header, r"^PROB after a move \(median\)")
    if prob is not None and board:
        m = TIME.search(cell(prob))
        if m:
            out.append(("PROB after a move's median on " + board, m.group(0),
                        value_range(m, TIME_SCALE[m.group(3)])))
        m = RATIO.search(cell(column(header, r"^ratio$")))
        if m:
            out.append(("PROB after a move against writing its map on " + board, m.group(0),
                        value_range(m)))
    session = column(header, r"^`SAP_SESSION_BYTES`$")
    if session is not None:
        m = re.match(r"\s*(%s)\s*$" % NUM, cell(session))
        if m:
            host = re.match(r"host, 1000 × 1000\b", key)
            q = HOST_SESSION if host else "SAP_SESSION_BYTES (%s)" % key
            out.append((q, m.group(1) + " bytes", number_range(m.group(1))))
    if ALLOWANCE_MENTION.search(key):
        measured = column(header, r"^measured$")
        cols = [measured] if measured is not None else range(1, len(cells))
        for i in cols:  # the row's board is named in its first cell
            out += allowance_values(cells[i], 0, BIG if BIG in key else None)
    return out


def derived_statements(statements):
    """What the home's HINT table says of HINT after a move on each board
    against expert: its median there over expert's."""
    medians = {}
    for st in statements:
        m = re.match(r"HINT after a move's median on (.*)$", st[0])
        if m and st[5]:
            medians.setdefault(m.group(1), st)
    expert = medians.get(EXPERT)
    out = []
    for board, st in medians.items():
        if expert is None or board == EXPERT:
            continue
        lo, hi = st[2][0] / expert[2][1], st[2][1] / expert[2][0]
        out.append(("HINT after a move on %s against expert" % board,
                    "%.2f times (%s / %s)" % (lo / 2 + hi / 2, st[1], expert[1]),
                    (lo, hi), st[3], st[4], st[5]))
    return out
