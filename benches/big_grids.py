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

    python3 benches/big_grids.py bench [RUNS] [TIMEOUT] [BIN...]

runs the near-empty and whole-formula cases below (stats, solve, check,
rate, generate at sides 36 to 64; one region-sum line or sandwich clue
on an empty grid of 25 to 49) RUNS times each (default 3) with each
binary BIN (default target/release/sudoku-sat; name an older build second
for before and after in one run), and prints the median wall time and
median peak RSS of each. A run past TIMEOUT seconds (default 60) is
stopped, printed as such, and not repeated. ONLY=WORD in the environment
runs only the cases whose name holds WORD (ONLY=generate: generate at
sides 25 to 64, and a minimal 25×25 by --removal exact).

    python3 benches/big_grids.py minimal [SIDE] [SEEDS] [TIMEOUT] [BIN]

makes one minimal puzzle (`generate --removal exact --no-rate
--no-cross-check`) for each seed 1..SEEDS (default side 25, 9 seeds, 300 s)
and prints each seed's wall time, CPU time, givens and whether it was proved
minimal, then the median and the worst: the time a user waits is a
distribution over seeds, with a tail.
"""
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time


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


def near_empty(side, given):
    """A grid of `side` with `1` at r1c1 when `given`, else empty."""
    rows = [[0] * side for _ in range(side)]
    if given:
        rows[0][0] = 1
    return text(rows)


def with_line(side, kind):
    """A rules file: the empty grid of `side` and one clue of `kind`.
    `regionsum`: a line of three segments, each the first two rows of one
    of the first three blocks, walked as a snake; `sandwich`: a clue of
    side·(side+1)/4 − 1 (about half the digits between 1 and N, so the
    1 and the N may stand anywhere) over the first column."""
    box = int(side ** 0.5)
    rows = ['"' + " ".join(["0"] * side) + '"' for _ in range(side)]
    lines = ["givens = [" + ", ".join(rows) + "]", "[[constraint]]"]
    if kind == "regionsum":
        cells = []
        for block in range(3):
            columns = list(range(block * box, block * box + box))
            cells += [f"r1c{c + 1}" for c in columns]
            cells += [f"r2c{c + 1}" for c in reversed(columns)]
        lines += ['type = "regionsumline"', "lines = [[" + ", ".join(f'"{c}"' for c in cells) + "]]"]
    else:
        lines += ['type = "sandwichsum"', 'cell = "r0c1"', f"value = {side * (side + 1) // 4 - 1}"]
    return "\n".join(lines) + "\n"


# (name, arguments, the puzzle for the last argument or None): a puzzle
# is (side, given) for `near_empty`, or (side, kind) for `with_line`.
CASES = [
    ("stats --size 64", ["stats", "--size", "64"], None),
    ("stats --size 64 --value-encoding log --amo bimander",
     ["stats", "--size", "64", "--value-encoding", "log", "--amo", "bimander"], None),
    ("solve 36x36, one given", ["solve", "-j1"], (36, True)),
    ("solve 49x49, one given", ["solve", "-j1"], (49, True)),
    ("solve 64x64, empty", ["solve", "-j1"], (64, False)),
    ("solve 64x64, one given", ["solve", "-j1"], (64, True)),
    ("solve 64x64, one given, --no-cross-check", ["solve", "-j1", "--no-cross-check"], (64, True)),
    ("count --limit 2 64x64, one given", ["count", "--limit", "2"], (64, True)),
    ("solve 25x25, region-sum line of three segments", ["solve", "-j1"], (25, "regionsum")),
    ("solve 36x36, region-sum line of three segments", ["solve", "-j1"], (36, "regionsum")),
    ("solve 36x36, sandwich clue", ["solve", "-j1"], (36, "sandwich")),
    ("solve 49x49, sandwich clue", ["solve", "-j1"], (49, "sandwich")),
    ("check 49x49, one given", ["check"], (49, True)),
    ("rate 49x49, one given", ["rate"], (49, True)),
    ("generate --size 25", ["generate", "--size", "25"], None),
    # Minimal: every removal decided exactly (issue #32 asks for < 60 s).
    ("generate --size 25 --removal exact",
     ["generate", "--size", "25", "--removal", "exact"], None),
    ("generate --size 36", ["generate", "--size", "36"], None),
    ("generate --size 49", ["generate", "--size", "49"], None),
    # A text grid cannot show 1x64 blocks: JSON holds them.
    ("generate --size 64 --box 1x64",
     ["generate", "--size", "64", "--box", "1x64", "-o", "json"], None),
]


def measure(command, timeout):
    """Runs `command` and returns (seconds, peak RSS in MiB, stopped)."""
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stopped = False
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > timeout:
            child.kill()
            stopped = True
            pid, status, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.01)
    return time.monotonic() - start, usage.ru_maxrss / 1024, stopped


def bench(args):
    runs = int(args[0]) if args else 3
    timeout = float(args[1]) if len(args) > 1 else 60
    bins = args[2:] or ["target/release/sudoku-sat"]
    with tempfile.TemporaryDirectory() as folder:
        print("| case | " + " | ".join(bins) + " |")
        print("|---|" + "---|" * len(bins))
        for name, arguments, puzzle in CASES:
            if os.environ.get("ONLY", "") not in name:
                continue
            if puzzle is not None:
                side, what = puzzle
                if isinstance(what, str):
                    path = os.path.join(folder, f"{side}-{what}.toml")
                    text = with_line(side, what)
                else:
                    path = os.path.join(folder, f"{side}-{int(what)}.txt")
                    text = near_empty(side, what)
                with open(path, "w") as out:
                    out.write(text)
                arguments = arguments + [path]
            cells = []
            for binary in bins:
                times, peaks = [], []
                for _ in range(runs):
                    seconds, peak, stopped = measure([binary] + arguments, timeout)
                    if stopped:
                        break
                    times.append(seconds)
                    peaks.append(peak)
                if stopped:
                    cells.append(f"stopped after {timeout:.0f} s, {peak:.0f} MiB")
                else:
                    cells.append(f"{statistics.median(times):.2f} s, "
                                 f"{statistics.median(peaks):.0f} MiB")
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


def minimal(args):
    side = int(args[0]) if args else 25
    seeds = int(args[1]) if len(args) > 1 else 9
    timeout = float(args[2]) if len(args) > 2 else 300
    binary = args[3] if len(args) > 3 else "target/release/sudoku-sat"
    print(f"| seed | wall | CPU | givens | minimal |  (side {side}, load {os.getloadavg()[0]:.1f})")
    print("|--:|--:|--:|--:|---|")
    walls = []
    used = 0.0
    for seed in range(1, seeds + 1):
        command = [binary, "generate", "--size", str(side), "--removal", "exact", "--no-rate",
                   "--no-cross-check", "--no-progress", "-o", "json", "--seed", str(seed)]
        start = time.monotonic()
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            print(f"| {seed} | stopped after {timeout:.0f} s | | | |", flush=True)
            walls.append(float("inf"))
            continue
        wall = time.monotonic() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu, used = usage.ru_utime + usage.ru_stime - used, usage.ru_utime + usage.ru_stime
        if run.returncode != 0:
            sys.exit(f"seed {seed}: exit {run.returncode}: {run.stderr.strip()}")
        record = json.loads(run.stdout.splitlines()[0])
        walls.append(wall)
        print(f"| {seed} | {wall:.1f} s | {cpu:.1f} s | {record['givens']} "
              f"| {record['minimal']} |", flush=True)
    print(f"median {statistics.median(walls):.1f} s, worst {max(walls):.1f} s, "
          f"{sum(w < 60 for w in walls)} of {len(walls)} under 60 s")


def main():
    args = sys.argv[1:]
    if args[:1] == ["bench"]:
        bench(args[1:])
        return
    if args[:1] == ["minimal"]:
        minimal(args[1:])
        return
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
