#!/usr/bin/env python3
"""Writes a permuted copy of a one-puzzle-a-line file.

    benches/peers/permute.py FILE SEED > COPY

Each puzzle goes through symmetries that keep a Sudoku valid and its
number of solutions unchanged: the digits are relabelled, the bands and
the rows within each band are shuffled, so are the stacks and the columns
within each stack, and half the puzzles are transposed. The puzzles' order
is shuffled too. Benchmarks run on such copies so that no figure depends
on a file's labels or order. Any side N = n*n works; blanks are written
as '.', and the symbols are the file's own when it uses exactly N of them.
"""

import random
import sys

SIDES = {16: 4, 81: 9, 256: 16, 625: 25}
CONVENTION = "123456789ABCDEFGHIJKLMNOP"


def main():
    path, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    lines = [l.split()[0] for l in open(path) if l.strip() and not l.startswith("#")]
    used = {}
    for number, line in enumerate(lines, 1):
        if len(line) not in SIDES:
            sys.exit(f"{path}: puzzle {number}: {len(line)} cells; one puzzle a line is needed")
        used.setdefault(len(line), set()).update(c for c in line if c not in ".0")
    out = []
    for line in lines:
        side = SIDES[len(line)]
        n = int(side**0.5)
        alphabet = sorted(used[len(line)])
        if len(alphabet) != side:
            alphabet = list(CONVENTION[:side])
        shuffled = alphabet[:]
        rng.shuffle(shuffled)
        relabel = dict(zip(alphabet, shuffled))
        rows = [b * n + r for b in rng.sample(range(n), n) for r in rng.sample(range(n), n)]
        cols = [s * n + c for s in rng.sample(range(n), n) for c in rng.sample(range(n), n)]
        grid = [line[i * side:(i + 1) * side] for i in range(side)]
        if rng.random() < 0.5:
            grid = ["".join(grid[r][c] for r in range(side)) for c in range(side)]
        out.append("".join(relabel.get(grid[r][c], ".") for r in rows for c in cols))
    rng.shuffle(out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
