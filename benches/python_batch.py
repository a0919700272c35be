#!/usr/bin/env python3
"""The Python package's batch speed against the CLI's, on one set.

Solves the first N puzzles of a public set (default: 10,000 of Royle's
17-clue puzzles) in five ways, each with the backtracker's cross-check,
and prints puzzles/s, the median of R runs:

- `sudoku-sat solve -j1 --no-progress` (the CLI, one thread), and with
  `-j2`, the reference for what a second core gives at the time,
- `sudoku_sat.solve_many` on one Python thread,
- `solve_many` on two Python threads, one half of the puzzles each (the
  GIL is released while solving),
- `solve_many(..., jobs=2)`: one Python thread, the puzzles answered on
  two native threads a chunk at a time.

Run it with the package installed (.ci/install-python) and a release
binary (cargo build --release):

    target/python-venv/bin/python benches/python_batch.py [N] [RUNS] [SET]

SET is a file name in $SUDOKU_SAT_SETS (default ../shared/data/sets);
docs/python.md has figures for the 17-clue set and the 1,106 hardest
forum puzzles (tdoku_forum_hardest_1106.txt), where a puzzle's solve
outweighs the Python around it.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sudoku_sat as ss

ROOT = Path(__file__).resolve().parents[1]
SETS = Path(os.environ.get("SUDOKU_SAT_SETS", ROOT.parent / "shared" / "data" / "sets"))


def median_rate(run, count, runs):
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    name = sys.argv[3] if len(sys.argv) > 3 else "tdoku_17_clue_49158.txt"
    SET = SETS / name
    if not SET.is_file():
        sys.exit(f"{SET}: absent; set SUDOKU_SAT_SETS to the folder of public sets")
    lines = SET.read_text().splitlines()[:n]
    binary = ROOT / "target" / "release" / "sudoku-sat"
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()

        def cli_run(jobs):
            command = [str(binary), "solve", f"-j{jobs}", "--no-progress", f.name]
            return lambda: subprocess.run(command, stdout=subprocess.DEVNULL, check=True)

        cli = median_rate(cli_run(1), len(lines), runs)
        # The reference for two threads: what two cores give the CLI now.
        cli2 = median_rate(cli_run(2), len(lines), runs)
    puzzles = [ss.Puzzle.from_text(line) for line in lines]

    def many(jobs):
        def run():
            for answer in ss.solve_many(puzzles, jobs=jobs):
                assert answer["status"] == "unique"

        return run

    def two():
        halves = [puzzles[: len(puzzles) // 2], puzzles[len(puzzles) // 2 :]]
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda ps: sum(1 for _ in ss.solve_many(ps)), halves))

    py1 = median_rate(many(1), len(lines), runs)
    py2 = median_rate(two, len(lines), runs)
    pyj = median_rate(many(2), len(lines), runs)
    print(f"{len(lines)} puzzles of {SET.name}, median of {runs} runs, puzzles/s:")
    print(f"  sudoku-sat solve -j1        {cli:9.0f}")
    print(f"  sudoku-sat solve -j2        {cli2:9.0f}  ({cli2 / cli:.2f}x -j1)")
    print(f"  solve_many, 1 thread        {py1:9.0f}  ({py1 / cli:.2f}x the CLI)")
    print(f"  solve_many, 2 threads       {py2:9.0f}  ({py2 / py1:.2f}x one thread)")
    print(f"  solve_many, jobs=2          {pyj:9.0f}  ({pyj / py1:.2f}x one thread)")


if __name__ == "__main__":
    main()
