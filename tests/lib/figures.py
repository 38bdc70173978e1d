#!/usr/bin/env python3
"""tests/lib/figures.py - a measured figure is written in one place: every
Markdown file of the tree is read for the figures it states of the
quantities below, and each must be stated only in its home (tests/README.md,
section "Figures") and nowhere with another value.  Run from the top of a
tree (or with --root DIR):

    python3 tests/lib/figures.py [--root DIR] [--built WEBDIR]
                                 [--session-bytes N] [--list] NAME

It prints a FAIL line per figure stated outside its home (file, line, what
it states, what the home states) and per pair of statements that disagree,
and ends with "NAME: N passed, M failed", which tests/run adds up.  With
--built, it also reads the page's files in WEBDIR (build/web after `make
web`): the home's figure of each of their sizes, and of their total, must be
within BUILT_TOLERANCE of what was built, so that a figure gone stale fails
while one that moved a few bytes with a change does not.  With
--session-bytes, every statement of `struct sap_session`'s bytes on the
host build must be N (what the build compiles).  --list prints every
statement read, for whoever extends this.

The quantities: the page's size (`build/web/`, `make web`), each of its
files' (`sapper.wasm` at each -O level, and every `.js`, `.html` and `.css`
file, named as it is built), how long `make check`, `make test`, CI's whole run and each
tests/t_*.sh step take, and each board image's flash.  The home must state
each of the page's, the module's, make check's, make test's, CI's and every
board's, so the check cannot pass on a home reworded past recognition.
tests/lib/figures_patterns.py reads more, by patterns of its own: HINT's
and PROB's cost after a move (whose home is tests/README.md's
"Benchmarks"), the work allowance's time, and `struct sap_session`'s
bytes, a rule of the build that may be stated anywhere but only one way.

What counts as a statement (fenced blocks are skipped, and a number inside
a code span is a setting, never a figure):

  - in a table row whose first cell names a quantity, a time or size in
    another cell (for a board, the cell under a "flash" heading);
  - in a sentence, a time or size after a mention of a quantity, when a
    verb of measuring (took, takes, ran, writes, measured, ...) stands
    between them or they are at most WINDOW characters apart; in a
    sentence with such a verb and no mention, the mention of the sentence
    before in the same paragraph;
  - "N checks, TIME" after a step's mention anywhere in the paragraph;
  - a board's image: "image is SIZE", "SIZE as flashed", "as flashed ...
    is SIZE", "as run under the emulator ..., SIZE", the board being the
    last one the paragraph names.

A time preceded by every, default, for, after, within, under, at most, up
to or "a" ("a 4 s campaign"), or followed by "of" ("4 s of libFuzzer"), is
a setting or a limit, not a measurement, and is not read.  Two statements
agree when the values overlap at the precision each is written to (31.4
KiB is 32,102 to 32,205 bytes).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures_patterns as patterns  # noqa: E402
from figures_patterns import mask_code, number_range, sentences  # noqa: E402

BUILT_TOLERANCE = 0.05
HOME_FILE = "tests/README.md"
HOME_SECTION = "Figures"
WINDOW = 60

TIME_UNITS = {"h": 3600, "hour": 3600, "hours": 3600, "min": 60, "minute": 60,
              "minutes": 60, "s": 1, "second": 1, "seconds": 1, "ms": 1e-3,
              "µs": 1e-6, "us": 1e-6}
SIZE_UNITS = {"bytes": 1, "byte": 1, "B": 1, "KB": 1000, "kB": 1000,
              "KiB": 1024, "MB": 1e6, "MiB": 1 << 20}

NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
TIME_RE = re.compile(r"(?<![\w.,/-])(%s)\s?(hours?|h|minutes?|min|seconds?|s|ms|µs|us)\b"
                     r"(?:\s(\d+)\s?(min|s)\b)?" % NUM)
SIZE_RE = re.compile(r"(?<![\w.,/-])(%s)\s?(bytes?|B|KB|kB|KiB|MB|MiB)(?![\w])" % NUM)
MEASURE_VERB = re.compile(r"\b(took|takes|take|taking|ran|runs in|lasted|measured|"
                          r"writes|wrote|weighs|comes to)\b")
RULE_BEFORE = re.compile(r"(\bevery|\bdefault|\bfor|\bafter|\bwithin|\bunder|\bat most|"
                         r"\bup to|\ba|\bover|\bbelow|\bpast)\s+(about\s+)?$")
FOLLOWED_BY_OF = re.compile(r"^\s+of\b")

BOARDS = [
    ("cortex-m3", r"cortex-m3|Cortex-M3|LM3S6965"),
    ("stm32f1", r"stm32f1|STM32F1\w*|STM32VLDISCOVERY|Blue Pill"),
    ("microbit", r"microbit|micro:bit|nRF51\w*"),
    ("riscv", r"riscv|RISC-V|RV32IMAC"),
    ("avr", r"\bavr\b(?!/|328)|ATmega2560|Mega 2560"),
    ("avr328p", r"avr328p|ATmega328P|\bUno\b"),
]
BOARD_RE = re.compile("|".join("(?P<b%d>%s)" % (i, rx) for i, (_, rx) in enumerate(BOARDS)))

# Time quantities: a regex whose match (with its groups) names the quantity.
TIME_SUBJECTS = [
    (re.compile(r"`make check`"), lambda m: "make check's time"),
    (re.compile(r"`make test`(?:'s tests)?"), lambda m: "make test's time"),
    (re.compile(r"CI's whole run|CI's run|the (?:last )?(?:fresh-clone )?CI run|`(?:bash )?\.ci/run`"),
     lambda m: "CI's whole run's time"),
    (re.compile(r"`(?:tests/)?(t_[a-z0-9_]+\.sh)`"), lambda m: "%s's time" % m.group(1)),
]
# Size quantities of the page.
SIZE_SUBJECTS = [
    (re.compile(r"`sapper\.wasm`(?: at `(-O[sz2])`)?"),
     lambda m: "sapper.wasm's size at %s" % (m.group(1) or "-Oz")),
    (re.compile(r"`([a-z]+\.(?:js|html|css))`"), lambda m: "%s's size" % m.group(1)),
    (re.compile(r"`build/web/?`|`make web`"), lambda m: "the page's size"),
]
REQUIRED = (["the page's size", "sapper.wasm's size at -Oz", "make check's time",
             "make test's time", "CI's whole run's time"]
            + ["%s image's flash" % b for b, _ in BOARDS] + patterns.REQUIRED)


def home_section(quantity):
    """QUANTITY's section of HOME_FILE, or None for a rule of the build,
    which has no home."""
    section = patterns.home_section(quantity)
    return HOME_SECTION if section == "" else section

IMAGE_RES = [
    (re.compile(r"\bimage\s+(?:is|was|takes|would be)\s+(?:about\s+)?(?P<v>%s\s?(?:bytes|KiB|KB))" % NUM), ""),
    (re.compile(r"(?P<v>%s)(?:\s?(?:bytes|KiB))?(?:\s*\([^)]*\))?\s+as run under" % NUM), ""),
    (re.compile(r"(?P<v>%s\s?(?:bytes|KiB|KB))\s+as flashed" % NUM), " (as flashed)"),
    (re.compile(r"as flashed[^.;]{0,40}?\bis\s+(?P<v>%s\s?(?:bytes|KiB|KB))" % NUM), " (as flashed)"),
    (re.compile(r"as run under the emulator[^.;]{0,60}?,\s+(?P<v>%s)(?:\s?(?:bytes|KiB))?" % NUM), ""),
]


def parse_value(kind, text):
    """(low, high) of what TEXT says, at the precision it is written to."""
    if kind == "time":
        m = TIME_RE.match(text)
        total_lo = total_hi = 0.0
        parts = [(m.group(1), m.group(2))]
        if m.group(3):
            parts.append((m.group(3), m.group(4)))
        for i, (num, unit) in enumerate(parts):
            lo, hi = number_range(num)
            scale = TIME_UNITS[unit]
            if i < len(parts) - 1:
                lo = hi = float(num.replace(",", ""))  # "23 min 18 s": the minutes exact
            total_lo += lo * scale
            total_hi += hi * scale
        return total_lo, total_hi
    m = re.match(r"(%s)\s?(bytes?|B|KB|kB|KiB|MB|MiB)?" % NUM, text)
    lo, hi = number_range(m.group(1))
    scale = SIZE_UNITS.get(m.group(2) or "bytes")
    return lo * scale, hi * scale


def agree(a, b):
    return a[0] < b[1] and b[0] < a[1]


def md_files(root):
    out = []
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "build", "node_modules"))
        for f in sorted(files):
            if f.endswith(".md"):
                out.append(os.path.relpath(os.path.join(top, f), root))
    return out


def units(text):
    """Paragraphs, list items and table rows of a Markdown text, outside
    fenced blocks: (first line number, section, lines, table header)."""
    section = ""
    fence = False
    cur, start, header = [], 0, None
    table_header = None
    out = []

    def flush():
        nonlocal cur
        if cur:
            out.append((start, section, " ".join(cur), None))
        cur = []

    fence_flash = False
    for n, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if s.startswith("```"):
            flush()
            fence = not fence
            fence_flash = False
            continue
        if fence:
            # `make size`'s table pasted as it prints: a board's line under
            # a heading line naming its flash column
            if re.search(r"\bboard\b.*\bflash\b", s):
                fence_flash = True
            elif fence_flash:
                m = re.match(r"(cortex-m3|stm32f1|microbit|riscv|avr328p|avr)\s", s)
                size = SIZE_RE.search(s)
                if m and size:
                    out.append((n, section, [m.group(1), size.group(0)], ["board", "flash"]))
            continue
        if re.match(r"#{1,6} ", s):
            flush()
            if s.startswith("## "):
                section = s[3:].strip()
            table_header = None
            continue
        if s.startswith("|"):
            flush()
            cells = [c.strip() for c in s.strip("|").split("|")]
            if table_header is None:
                table_header = cells
            elif not all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                out.append((n, section, cells, table_header))
            continue
        table_header = None
        if not s:
            flush()
            continue
        if re.match(r"([-*]|\d+\.) ", s):
            flush()
        if not cur:
            start = n
        cur.append(s)
    flush()
    return out


def subjects(text, table):
    found = []
    for rx, name in table:
        for m in rx.finditer(text):
            found.append((m.start(), m.end(), name(m)))
    found.sort()
    # a longer mention inside another's span (`make web` in a sentence
    # naming `build/web/`) keeps both; overlapping ones keep the first
    kept = []
    for f in found:
        if kept and f[0] < kept[-1][1]:
            continue
        kept.append(f)
    return kept


def values(masked, kind):
    rx = TIME_RE if kind == "time" else SIZE_RE
    out = []
    for m in rx.finditer(masked):
        before = masked[max(0, m.start() - 20):m.start()]
        after = masked[m.end():m.end() + 6]
        if kind == "time" and (RULE_BEFORE.search(before) or FOLLOWED_BY_OF.match(after)):
            continue
        out.append((m.start(), m.end(), m.group(0)))
    return out


def prose_statements(text, kind, table):
    masked = mask_code(text)
    subs = subjects(text, table)
    vals = values(masked, kind)
    out = []
    previous_last = None
    for s0, s1 in sentences(text):
        in_sentence = [s for s in subs if s0 <= s[0] < s1]
        for v0, v1, vtext in vals:
            if not s0 <= v0 < s1:
                continue
            before = [s for s in in_sentence if s[1] <= v0]
            between_verb = None
            if before:
                subj = before[-1]
                between_verb = MEASURE_VERB.search(masked[subj[1]:v0])
                if between_verb or v0 - subj[1] <= WINDOW:
                    out.append((subj[2], vtext))
            elif previous_last and MEASURE_VERB.search(masked[s0:v0]):
                out.append((previous_last[2], vtext))
        previous_last = in_sentence[-1] if in_sentence else None
    if kind == "time":
        for m in re.finditer(r"\d[\d,]* checks(?:, | in | and took )(?:about )?", masked):
            v = TIME_RE.match(masked, m.end())
            before = [s for s in subs if s[1] <= m.start()]
            steps = [s for s in before if s[2].startswith("t_")]
            before = steps or before
            if v and before and (before[-1][2], v.group(0)) not in out:
                out.append((before[-1][2], v.group(0)))
    else:
        # a file's size written as a bare number after its name
        for s0, s1, name in subs:
            m = re.match(r"\s+(%s)(?![\d\w]|\s?(?:bytes?|B|KB|kB|KiB|MB|MiB)\b)" % NUM, masked[s1:])
            if m:
                out.append((name, m.group(1) + " bytes"))
    if kind == "size":
        # `sapper.wasm` 111,940 (`-Oz`; 131 KB at `-Os`): the level named after
        out = [(re.sub(r"at -O\w$", "at " + level_after(text, masked, v), q)
                if q.startswith("sapper.wasm") and level_after(text, masked, v) else q, v)
               for q, v in out]
    return out


def level_after(text, masked, vtext):
    """The -O level a size is said to be built at right after it, or ''."""
    i = masked.find(vtext)
    m = re.match(r"\s+at\s+`(-O[sz2])`", text[i + len(vtext):]) if i >= 0 else None
    return m.group(1) if m else ""


def image_statements(text):
    masked = mask_code(text)
    out = []
    for rx, suffix in IMAGE_RES:
        for m in rx.finditer(masked):
            boards = [b for b in BOARD_RE.finditer(text) if b.end() <= m.start()]
            if not boards:
                continue
            b = boards[-1]
            name = next(BOARDS[int(k[1:])][0] for k, v in b.groupdict().items() if v)
            value = m.group("v")
            if not SIZE_RE.match(value):
                value += " bytes"
            out.append(("%s image's flash%s" % (name, suffix), value))
    return out


def table_statements(cells, header):
    """A row's statements.  A time's quantity is named by the whole first
    cell (`make check` right after `make` is not `make check` with nothing
    to build)."""
    out = []
    key = cells[0]
    for kind, table in (("time", TIME_SUBJECTS), ("size", SIZE_SUBJECTS)):
        subs = subjects(key, table)
        if not subs:
            continue
        name = subs[0][2]
        rest = " ".join((key[:subs[0][0]] + key[subs[0][1]:]).split())
        if kind == "time" and rest:
            name = "%s (%s)" % (name, rest)
        for cell in cells[1:]:
            masked = mask_code(cell)
            for v0, v1, vtext in values(masked, kind):
                out.append((name, vtext))
            if kind == "size" and header and not values(masked, kind):
                col = header[cells.index(cell)] if cells.index(cell) < len(header) else ""
                m = re.match(r"(%s)\b" % NUM, masked)
                if m and re.search(r"bytes", col):
                    out.append((name, m.group(1) + " bytes"))
    flash_cols = [i for i, h in enumerate(header or []) if re.fullmatch(r"flash", h.strip(), re.I)]
    b = BOARD_RE.search(key)
    if flash_cols and b and len(cells) > flash_cols[0]:
        name = next(BOARDS[int(k[1:])][0] for k, v in b.groupdict().items() if v)
        v = SIZE_RE.search(mask_code(cells[flash_cols[0]]))
        if v:
            out.append(("%s image's flash" % name, v.group(0)))
    return out


def kind_of(quantity):
    return "time" if re.match(r"[^(]*time\b", quantity) else "size"


def collect(root):
    statements = []  # (quantity, value text, (lo, hi), file, line, in home)
    for path in md_files(root):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        for line, section, body, header in units(text):
            if header is not None:
                found = table_statements(body, header) + patterns.table_statements(body, header)
            else:
                found = (prose_statements(body, "time", TIME_SUBJECTS)
                         + prose_statements(body, "size", SIZE_SUBJECTS)
                         + image_statements(body) + patterns.prose_statements(body))
            for st in found:
                quantity, vtext = st[:2]
                rng = st[2] if len(st) > 2 else parse_value(kind_of(quantity), vtext)
                home = home_section(quantity)
                at_home = home is None or (path == HOME_FILE and section == home)
                statements.append((quantity, vtext, rng, path, line, at_home))
    # a unit is a (file, line): statements of one unit are not compared
    return statements + patterns.derived_statements(statements)


def built_sizes(web):
    """The page's quantities as built in WEB: each file's bytes, and all."""
    sizes = {}
    for f in sorted(os.listdir(web)):
        key = "sapper.wasm's size at -Oz" if f == "sapper.wasm" else "%s's size" % f
        sizes[key] = os.path.getsize(os.path.join(web, f))
    sizes["the page's size"] = sum(sizes.values())
    return sizes


def main(argv):
    root, web, session_bytes, listing = ".", None, None, False
    while len(argv) > 2 and argv[1] in ("--root", "--built", "--session-bytes", "--list"):
        if argv[1] == "--list":
            listing = True
            argv = argv[:1] + argv[2:]
            continue
        if argv[1] == "--root":
            root = argv[2]
        elif argv[1] == "--built":
            web = argv[2]
        else:
            session_bytes = int(argv[2])
        argv = argv[:1] + argv[3:]
    name = argv[1] if len(argv) > 1 else "figures"
    passed = failed = 0

    def fail(message):
        nonlocal failed
        failed += 1
        print("FAIL " + message)

    statements = collect(root)
    if listing:
        for st in statements:
            print("%s:%d: %s: %s%s" % (st[3], st[4], st[0], st[1], "" if st[5] else " (not home)"))
    by_quantity = {}
    for st in statements:
        by_quantity.setdefault(st[0], []).append(st)
    where = lambda st: "%s:%d" % (st[3], st[4])
    for quantity in sorted(by_quantity):
        sts = by_quantity[quantity]
        home = [st for st in sts if st[5]]
        bad = False
        for st in sts:
            if st[5]:
                continue
            bad = True
            said = "; %s says %s" % (where(home[0]), home[0][1]) if home else ""
            differs = home and not agree(st[2], home[0][2])
            fail("%s: %s: %s stated outside its home (%s, \"%s\")%s%s"
                 % (where(st), quantity, st[1], HOME_FILE, home_section(quantity), said,
                    ", and they disagree" if differs else ""))
        for i, a in enumerate(sts):
            for b in sts[i + 1:]:
                if a[3:5] != b[3:5] and not agree(a[2], b[2]):
                    bad = True
                    fail("%s: %s: %s disagrees with %s at %s"
                         % (where(b), quantity, b[1], a[1], where(a)))
        if not bad:
            passed += 1
    if web:
        for quantity, size in sorted(built_sizes(web).items()):
            home = [st for st in by_quantity.get(quantity, []) if st[5]]
            if not home:
                fail("%s, \"%s\": states no figure for %s" % (HOME_FILE, HOME_SECTION, quantity))
                continue
            lo, hi = home[0][2]
            if lo <= size * (1 + BUILT_TOLERANCE) and size * (1 - BUILT_TOLERANCE) <= hi:
                passed += 1
            else:
                fail("%s: %s: %s, but %s has %d bytes: more than %d %% apart"
                     % (where(home[0]), quantity, home[0][1], web, size, BUILT_TOLERANCE * 100))
    for quantity in REQUIRED:
        stated = [st for q, sts in by_quantity.items() if q == quantity or q.startswith(quantity + " (")
                  for st in sts]
        if not any(st[5] for st in stated):
            fail("%s, \"%s\": states no figure for %s" % (HOME_FILE, home_section(quantity), quantity))
        else:
            passed += 1
    for quantity in patterns.RULES:
        stated = by_quantity.get(quantity, [])
        if not stated:
            fail("no document states %s" % quantity)
            continue
        wrong = [st for st in stated if session_bytes is not None
                 and not agree(st[2], (session_bytes - 0.5, session_bytes + 0.5))]
        for st in wrong:
            fail("%s: %s: %s, but the build's sizeof(struct sap_session) is %d bytes"
                 % (where(st), quantity, st[1], session_bytes))
        if not wrong:
            passed += 1
    print("%s: %d passed, %d failed" % (name, passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
