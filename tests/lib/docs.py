#!/usr/bin/env python3
"""tests/lib/docs.py - checks the examples and error tables of the tree's
Markdown files against build/sapperd, so that the documentation cannot
drift from the binary.  Run from the top of the tree:

    python3 tests/lib/docs.py sessions|shell|errors[,...] NAME [FILE...]

FILE defaults to every Markdown file of the tree (README.md, */README.md,
core/PROTOCOL.md, ...): those git tracks or would, or outside a git
checkout every one but build/'s.  It prints a FAIL line
per difference (file, line, what the document says, what the binary
printed) and ends with "NAME: N passed, M failed", which tests/run adds
up.  What it reads (each marker on a line of its own):

sessions  `<!-- session -->` before a fenced block: the lines after "> "
          are sent to `sapperd --stdin` as one input; every other line of
          the block is the output expected, byte for byte.
          `<!-- session: OPTIONS -->` starts sapperd with OPTIONS.

shell     `<!-- shell -->` before a fenced block: each line after "$ " is
          run with bash from the top of the tree; the lines up to the next
          "$ " are its output expected (stdout and stderr together).

errors    a table between `<!-- errors: protocol -->` (or `<!-- errors:
          judge FORMAT -->`) and `<!-- /errors -->`, one row per error:
          | request or input | the line the binary prints | when |
          The first cell holds the lines to send, each in a code span
          (`NEW 2 2` `__` `_x`); a code span `sapperd OPTIONS` gives the
          daemon's options; "(empty input)" is no input.  A protocol row's
          reply is the last line the session writes (before a JUDGE
          stream's END); a judge row's is the one line on stderr, with exit
          status 2.  A row whose input is too long to write in a table
          says so in words, and its input is made here (BIG_INPUTS, found
          by the start of its reply).
"""
import os
import re
import subprocess
import sys

SAPPERD = os.environ.get("SAPPERD_PLAIN", "build/sapperd")
TIMEOUT = 60


def band(n):
    """3 x n: the middle row opened, a mine above or below each column in
    turn; no rule settles it and its one group outgrows the deduction's
    workspace past SAP_DEDUCE_FRONTIER / 2 columns."""
    lines = ["NEW 3 %d" % n,
             "".join("*" if c % 2 else "_" for c in range(n)),
             "_" * n,
             "".join("_" if c % 2 else "*" for c in range(n))]
    lines += ["1 2 %d" % (c + 1) for c in range(n)]
    return "\n".join(lines + ["PROB"]) + "\n"


# Inputs too long for a table row, by the start of the reply they give.
BIG_INPUTS = {
    "ERR line too long": "A" * 2025 + "\nHELP\n",
    "ERR the position is too big to work out exactly": band(513),
}


def doc_files(args):
    if args:
        return args
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                                 "--", "*.md"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, check=True).stdout.decode()
        return sorted(set(listed.split("\n")) - {""})
    except (OSError, subprocess.CalledProcessError):
        found = []
        for top, dirs, names in os.walk("."):
            dirs[:] = [d for d in dirs if top != "." or d not in ("build", ".git")]
            found += [os.path.relpath(os.path.join(top, n)) for n in names if n.endswith(".md")]
        return sorted(found)


class Counter:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self):
        self.passed += 1

    def fail(self, where, message):
        self.failed += 1
        print("FAIL %s: %s" % (where, message))


def fenced_block(lines, start):
    """The lines of the fenced block that opens at or after lines[start],
    and the index of its first line (1-based line numbers are index+1)."""
    i = start
    while i < len(lines) and not lines[i].startswith("```"):
        i += 1
    body = []
    j = i + 1
    while j < len(lines) and not lines[j].startswith("```"):
        body.append(lines[j])
        j += 1
    return body, i + 1


def run(argv, stdin, shell=False):
    try:
        p = subprocess.run(argv, input=stdin.encode("latin-1"), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT, shell=shell)
    except subprocess.TimeoutExpired:
        return None, "", "(no answer within %d s)" % TIMEOUT
    return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")


def show(text, limit=12):
    lines = text.split("\n")
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d lines)" % len(lines)]
    return "\n    " + "\n    ".join(lines)


# ---- sessions -----------------------------------------------------------------

def check_sessions(path, lines, counter):
    for k, line in enumerate(lines):
        m = re.match(r"^<!-- session(?::\s*(.*?))? -->$", line)
        if not m:
            continue
        options = (m.group(1) or "").split()
        body, at = fenced_block(lines, k + 1)
        sent = "".join(l[2:] + "\n" for l in body if l.startswith("> "))
        want = "".join(l + "\n" for l in body if not l.startswith("> "))
        where = "%s:%d" % (path, at)
        if not sent:
            counter.fail(where, "a session block with no \"> \" request")
            continue
        rc, out, err = run([SAPPERD, "--stdin"] + options, sent)
        if out == want and rc == 0:
            counter.ok()
        else:
            diff = first_difference(want, out)
            counter.fail(where, "the session differs from sapperd's replies at %s;"
                         " sapperd printed:%s%s" % (diff, show(out, 40),
                                                    show(err) if err else ""))


def first_difference(want, got):
    w, g = want.split("\n"), got.split("\n")
    for i in range(max(len(w), len(g))):
        a = w[i] if i < len(w) else "(nothing)"
        b = g[i] if i < len(g) else "(nothing)"
        if a != b:
            return "reply line %d (documented %r, printed %r)" % (i + 1, a[:100], b[:100])
    return "the exit status"


# ---- shell --------------------------------------------------------------------

def check_shell(path, lines, counter):
    for k, line in enumerate(lines):
        if line != "<!-- shell -->":
            continue
        body, at = fenced_block(lines, k + 1)
        commands = []
        for n, l in enumerate(body):
            if l.startswith("$ "):
                commands.append([at + 1 + n, l[2:], ""])
            elif commands:
                commands[-1][2] += l + "\n"
        if not commands:
            counter.fail("%s:%d" % (path, at), "a shell block with no \"$ \" command")
        for number, command, want in commands:
            rc, out, err = run(["bash", "-c", "exec 2>&1\n" + command], "")
            if out == want:
                counter.ok()
            else:
                counter.fail("%s:%d" % (path, number), "`%s` printed:%s\n  documented:%s"
                             % (command, show(out), show(want)))


# ---- errors -------------------------------------------------------------------

def cells(row):
    """A table row's cells, with \\| inside them kept as |."""
    parts = re.split(r"(?<!\\)\|", row.strip())
    return [p.strip().replace("\\|", "|") for p in parts[1:-1]]


def code_spans(cell):
    return re.findall(r"`([^`]*)`", cell)


def row_input(cell, reply):
    """(options, input text) for a row's first cell, or None."""
    spans = code_spans(cell)
    options = []
    sent = []
    for span in spans:
        if span.startswith("sapperd "):
            options += span.split()[1:]
        else:
            sent.append(span)
    if sent:
        return options, "".join(s + "\n" for s in sent)
    if cell.strip() == "(empty input)":
        return options, ""
    for start, text in BIG_INPUTS.items():
        if reply.startswith(start):
            return options, text
    return None


def check_errors(path, lines, counter):
    kind = None
    rows = 0
    for k, line in enumerate(lines):
        m = re.match(r"^<!-- errors: (protocol|judge (boom|casual|master|nurikabe)) -->$", line)
        if m:
            kind, fmt, rows = m.group(1), m.group(2), 0
            continue
        if line == "<!-- /errors -->":
            if kind and rows == 0:
                counter.fail("%s:%d" % (path, k + 1), "an error table with no rows")
            kind = None
            continue
        if kind is None or not line.startswith("|"):
            continue
        row = cells(line)
        if len(row) < 2 or re.match(r"^:?-+:?$", row[0]) or not code_spans(row[1]):
            continue  # the header, or the line under it
        rows += 1
        where = "%s:%d" % (path, k + 1)
        want = code_spans(row[1])[0]
        given = row_input(row[0], want)
        if given is None:
            counter.fail(where, "row %s: no input to send (write it in code spans)" % row[0])
            continue
        options, sent = given
        if kind == "protocol":
            rc, out, err = run([SAPPERD, "--stdin"] + options, sent)
            replies = out.split("\n")
            if replies and replies[-1] == "":
                replies.pop()
            if replies and replies[-1] == "END" and re.search(r"^judge ", sent, re.I | re.M):
                replies.pop()
            got = replies[-1] if replies else "(no reply)"
            good = got == want and rc == 0
        else:
            rc, out, err = run([SAPPERD, "--judge", fmt] + options, sent)
            got = err.rstrip("\n") if err else "(nothing on stderr)"
            good = got == want and rc == 2
        if good:
            counter.ok()
        else:
            counter.fail(where, "row %s: documented %r; sapperd printed %r (exit %s)"
                         % (row[0], want, got, rc))
    if kind is not None:
        counter.fail(path, "an error table without its closing <!-- /errors -->")


def main():
    check = {"sessions": check_sessions, "shell": check_shell, "errors": check_errors}
    kinds = sys.argv[1].split(",") if len(sys.argv) >= 3 else []
    if not kinds or any(k not in check for k in kinds):
        sys.exit("usage: docs.py sessions|shell|errors[,...] NAME [FILE...]")
    counter = Counter()
    files = doc_files(sys.argv[3:])
    for kind in kinds:
        before = counter.passed + counter.failed
        for path in files:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            check[kind](path, lines, counter)
        if counter.passed + counter.failed == before:
            counter.fail(sys.argv[2], "no marked %s in %s" % (kind, " ".join(files)))
    print("%s: %d passed, %d failed" % (sys.argv[2], counter.passed, counter.failed))
    sys.exit(1 if counter.failed else 0)


if __name__ == "__main__":
    main()
