#!/usr/bin/env python3
"""Writes N×N puzzles with one solution each, for N = 36, 49 or 64 (any
square side works), in the numbers format: N rows of N numbers, 0 blank,
a blank line between puzzles.

    python3 benches/big_grids.py SIDE COUNT [SEED] [KEEP] [BIN] > FILE

Each puzzle starts from a solved grid: the pattern (n·(r mod n) + ⌊r/n⌋ +
c) mod N, with digits, rows within bands, bands, columns within stacks and
stacks shuffled. Cells are kept with probability KEEP (default 0.55).
Then `sudoku-sat solve` (BIN, default target/release/sudoku-sat, without
the cross-check) is asked for two solutions: while it finds two, one cell
where they differ gets its digit from the solved grid back. The result is
checked unique by the solver; the benchmark then solves it again with the
cross-check. Deterministic for a seed.
"""
import json
import random
import subprocess
import sys


def solved(side, rng):
    n = round(side ** 0.5)
    assert n * n == side, f"side {side} is not a square"

    def lines():
        bands = list(range(n))
        rng.shuffle(bands)
        out = []
        for band in bands:
            inner = list(range(n))
            rng.shuffle(inner)
            out += [band * n + i for i in inner]
        return out

    rows, cols = lines(), lines()
    digits = list(range(1, side + 1))
    rng.shuffle(digits)
    return [[digits[(n * (pr % n) + pr // n + pc) % side] for pc in cols] for pr in rows]


def text(grid):
    return "\n".join(" ".join(str(v) for v in row) for row in grid) + "\n"


def two_solutions(bin_path, grid):
    """Returns None when the puzzle is unique, else the two solutions."""
    out = subprocess.run(
        [bin_path, "solve", "-j1", "--no-cross-check", "-o", "json", "-"],
        input=text(grid), capture_output=True, text=True,
    )
    result = json.loads(out.stdout)
    if result["status"] == "unique":
        return None
    if result["status"] != "multiple":
        sys.exit(f"big_grids.py: unexpected status {result['status']}: {out.stderr}")
    return [list(map(int, result[k].split())) for k in ("solution", "second_solution")]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit("usage: big_grids.py SIDE COUNT [SEED] [KEEP] [BIN]")
    side, count = int(args[0]), int(args[1])
    rng = random.Random(int(args[2]) if len(args) > 2 else 1)
    keep = float(args[3]) if len(args) > 3 else 0.55
    bin_path = args[4] if len(args) > 4 else "target/release/sudoku-sat"
    for number in range(count):
        full = solved(side, rng)
        grid = [[v if rng.random() < keep else 0 for v in row] for row in full]
        repairs = 0
        while (pair := two_solutions(bin_path, grid)) is not None:
            differ = [i for i, (a, b) in enumerate(zip(*pair)) if a != b]
            i = rng.choice(differ)
            grid[i // side][i % side] = full[i // side][i % side]
            repairs += 1
        givens = sum(v != 0 for row in grid for v in row)
        print(f"# {side}x{side}, {givens} givens ({repairs} added back for uniqueness)")
        sys.stdout.write(text(grid))
        if number + 1 < count:
            print()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
