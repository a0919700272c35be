#!/usr/bin/env python3
"""Compares the four sum encodings on the real killer puzzles of the shared
corpus: variables, clauses, how many puzzles unit propagation alone
finishes, and solve time. Prints the table of docs/teach/10-sums.md.

    benches/sum_encodings.py [CORPUS.tsv] [--family killercage] [--runs R]

Reads the corpus in place (../shared/data/variants/corpus.tsv beside the
project); puzzles with a rule the tool does not implement are refused by
`sudoku-sat convert` on stderr and left out, and the count kept is printed.
Times are medians of `sudoku-sat bench` (one solve with its uniqueness
proof and checks, one thread), over the puzzles of one run; with
`--runs R` (default 3) the bench runs R times and the table gives the
median of the R medians with their range, since one run's medians move
by tens of percent on a busy machine.
"""
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(HERE, "target", "release", "sudoku-sat")
SUMS = ["combinations", "totalizer", "order", "pb"]


def run(args, stdin=None):
    return subprocess.run([BIN] + args, input=stdin, capture_output=True, text=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    family = "killercage"
    if "--family" in sys.argv:
        family = sys.argv[sys.argv.index("--family") + 1]
        args = [a for a in args if a != family]
    runs = 3
    if "--runs" in sys.argv:
        value = sys.argv[sys.argv.index("--runs") + 1]
        runs = int(value)
        args = [a for a in args if a != value]
    variants = os.environ.get("SUDOKU_SAT_VARIANTS") or os.path.join(HERE, "..", "shared", "data", "variants")
    corpus = args[0] if args else os.path.join(variants, "corpus.tsv")
    if not os.path.exists(corpus):
        print(f"benches/sum_encodings.py: {corpus} is absent: it needs the shared variant puzzles "
              "(set SUDOKU_SAT_VARIANTS to their folder; see benches/README.md)", file=sys.stderr)
        sys.exit(2)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=HERE, check=True)
    csv.field_size_limit(1 << 30)
    with open(corpus, newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if family in r["constraints"].split(",")]
    with tempfile.TemporaryDirectory() as work:
        payloads = "\n".join(r["payload"] for r in rows) + "\n"
        converted = run(["convert", "--to", "fpuzzles", "-"], payloads)
        links = [l for l in converted.stdout.splitlines() if l.strip()]
        refused = len(rows) - len(links)
        print(f"{len(links)} corpus puzzles with '{family}' ({refused} refused: rules not implemented)")
        path = os.path.join(work, "links.txt")
        with open(path, "w") as f:
            f.write("\n".join(links) + "\n")
        benches = [run(["bench", "--first", "0", path]).stdout for _ in range(runs)]
        print(f"\n| sum encoding | variables (median) | clauses (median) | finished by propagation | "
              f"by probing | median µs ({runs} runs: median, range) | worst µs (median) |")
        print("|---|--:|--:|--:|--:|--:|--:|")
        for column, sum_kind in enumerate(SUMS):
            variables, clauses = [], []
            for link in links:
                out = run(["stats", "--sum-encoding", sum_kind, "-"], link + "\n").stdout
                variables.append(int(re.search(r"variables\s+([\d,]+)", out).group(1).replace(",", "")))
                clauses.append(int(re.search(r"clauses\s+([\d,]+)", out).group(1).replace(",", "")))
            rate = run(["rate", "--sum-encoding", sum_kind, path]).stdout.splitlines()[-1]
            levels = dict(re.findall(r"(propagation|probing|search|unsolvable) (\d+)", rate))
            medians, worsts = [], []
            for bench in benches:
                row = next(l for l in bench.splitlines() if l.strip().startswith(family + " "))
                times = re.findall(r"(\d+) / (\d+)", row)[column]
                medians.append(int(times[0]))
                worsts.append(int(times[1]))
            print(f"| {sum_kind} | {statistics.median(variables):,.0f} | {statistics.median(clauses):,.0f} | "
                  f"{levels.get('propagation', '0')} | {levels.get('probing', '0')} | "
                  f"{statistics.median(medians):,.0f} ({min(medians):,}–{max(medians):,}) | "
                  f"{statistics.median(worsts):,.0f} |")


if __name__ == "__main__":
    main()
