#!/usr/bin/env python3
"""fuzz/make_seeds.py [TESTDATA] - writes the seed corpora of the binary
harnesses (game, casual, master, nurikabe) from the statements' test data,
encoded in each harness's input layout (see the comment at the top of
fuzz/fuzz_<target>.c), and copies the judge inputs for the judge harnesses.
Run once by hand; its output is committed, so nothing else needs the test
data (default ../shared/testdata, as CI has it)."""
import os
import struct
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
testdata = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, '..', 'shared', 'testdata')
corpus = os.path.join(root, 'fuzz', 'corpus')


def write(target, name, data):
    os.makedirs(os.path.join(corpus, target), exist_ok=True)
    with open(os.path.join(corpus, target, name), 'wb') as f:
        f.write(data)


def read(path):
    with open(os.path.join(testdata, path), 'rb') as f:
        return f.read()


def bits(cells):
    """One bit per cell, row-major, least significant bit first."""
    out = bytearray((len(cells) + 7) // 8)
    for i, on in enumerate(cells):
        if on:
            out[i // 8] |= 1 << (i % 8)
    return bytes(out)


# ---- game: the boom statement's games, explicit boards (mode 0) ----------
KIND = {1: 0, 2: 2, 3: 3}
tokens = read('boom/statement-sample.in').split()
pos = 1
for game in range(int(tokens[0])):
    rows, cols = int(tokens[pos]), int(tokens[pos + 1])
    pos += 2
    board = tokens[pos:pos + rows]
    pos += rows
    data = bytearray([0, rows - 1, cols - 1])
    data += bits([ch == ord('*') for row in board for ch in row])
    while tokens[pos] != b'0':
        op, x, y = int(tokens[pos]), int(tokens[pos + 1]), int(tokens[pos + 2])
        pos += 3
        data += bytes([KIND[op], x - 1, y - 1])
    pos += 1
    write('game', 'statement-game%d' % (game + 1), bytes(data))
# A big opening on a sparse 40x40 patterned board (mode 2), then chords.
write('game', 'pattern-40x40-flood',
      bytes([2, 39, 39, 12]) + struct.pack('<I', 7) + bytes([0, 20, 20, 4, 10, 10, 4, 30, 5, 1, 0, 0]))
# A random board (mode 3): 16x30 with 99 mines, seed 42.
write('game', 'random-16x30-99',
      bytes([3, 15, 29]) + struct.pack('<HI', 99, 42) + bytes([0, 8, 15, 4, 8, 15, 2, 0, 0, 3, 0, 0]))

# ---- casual: the Mid-Central boards that fit 8x8 (literal mode 0) ---------
count = 0
for name in ('mines/statement-sample.in', 'mines/judge.in'):
    tokens = read(name).split()
    pos = 0
    while True:
        rows, cols = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if rows == 0 and cols == 0:
            break
        board = tokens[pos:pos + rows]
        pos += rows
        if rows <= 8 and cols <= 8:
            count += 1
            data = bytes([0, rows - 1, cols - 1]) + bits([ch == ord('M') for row in board for ch in row])
            write('casual', 'mines-board%02d' % count, data)
# Larger boards (mode 1: a seeded layout).
for side, density, seed in ((24, 30, 1), (16, 50, 2), (20, 20, 3)):
    write('casual', 'large-%dx%d' % (side, side),
          bytes([1, side - 1, side - 1, density]) + struct.pack('<I', seed) + bytes(range(12)))

# ---- master: the GCJ sample, and edge sizes --------------------------------
sample = [tuple(int(v) for v in line.split()) for line in read('gcj/statement-sample.in').splitlines()[1:]]
write('master', 'gcj-sample', bytes([1]) + b''.join(
    bytes([r - 1, c - 1]) + struct.pack('<H', m) for r, c, m in sample))
for r, c, m in ((4, 5, 9), (3, 3, 8), (2, 4, 3), (1, 5, 3), (4, 4, 11)):
    write('master', 'exhaustive-%dx%d-%d' % (r, c, m), bytes([0, r - 1, c - 1, m]))
write('master', 'raw-limits', bytes([2]) + struct.pack('<IIIB', 1000, 1000, 999999, 0)
      + struct.pack('<IIIB', 1001, 5, 0, 0) + struct.pack('<IIIB', 0, 5, 0, 0)
      + struct.pack('<IIIB', 50, 50, 2499, 0) + struct.pack('<IIIB', 300, 200, 59000, 0))

# ---- nurikabe: the UVa sample grids (free mode 1) and island mode 0 -------
tokens = read('nurikabe/statement-sample.in').split()
pos = 1
for grid in range(int(tokens[0])):
    rows, cols, numbers = (int(v) for v in tokens[pos:pos + 3])
    pos += 3
    cells = []
    for _ in range(numbers):
        cells.append(tuple(int(v) for v in tokens[pos:pos + 3]))
        pos += 3
    shading = tokens[pos:pos + rows]
    pos += rows
    shaded = bits([ch == ord('#') for row in shading for ch in row])
    data = bytes([1, rows - 1, cols - 1]) + shaded + bytes([len(cells)])
    for r, c, n in cells:
        data += bytes([r, c, 1, n])  # value byte 1 (not a multiple of 8), then n % 12
    write('nurikabe', 'uva-sample%d' % (grid + 1), data)
    write('nurikabe', 'uva-sample%d-islands' % (grid + 1),
          bytes([0, rows - 1, cols - 1]) + shaded + bytes([0]) + bytes(range(16)))
write('nurikabe', 'large-islands', bytes([2, 39, 39, 100]) + struct.pack('<I', 5) + bytes(range(64)))

# ---- judge readers: the statements' inputs as they are --------------------
for target, names in (('judge_boom', ['boom/statement-sample.in']),
                      ('judge_casual', ['mines/statement-sample.in', 'mines/judge.in',
                                        'mines/judge-crlf.in']),
                      ('judge_master', ['gcj/statement-sample.in', 'gcj/C-small-practice.in',
                                        'gcj/C-large.in']),
                      ('judge_nurikabe', ['nurikabe/statement-sample.in'])):
    for name in names:
        write(target, name.replace('/', '-'), read(name))
