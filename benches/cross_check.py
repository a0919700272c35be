#!/usr/bin/env python3
"""Measures the cross-check on the real variant puzzles of the shared
corpus: how many the native backtracker decides and how many it gives up
on at its node limit, and its time beside the SAT side's, family by
family. Each puzzle is one `sudoku-sat solve -j1 --output json` answer.

    benches/cross_check.py [CORPUS.tsv] [--bin PATH]...

Reads the corpus in place (../shared/data/variants/corpus.tsv beside the
project); puzzles with a rule the tool does not implement are refused by
`sudoku-sat convert` on stderr and left out. With several --bin, each
binary solves the same puzzles in turn, in one run, so that a before and
an after share the machine's load (the default is this project's release
build). A puzzle counts towards every family it holds.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(HERE, "target", "release", "sudoku-sat")


def main():
    args = sys.argv[1:]
    bins = [args[i + 1] for i, a in enumerate(args) if a == "--bin"]
    rest = [a for i, a in enumerate(args) if a != "--bin" and (i == 0 or args[i - 1] != "--bin")]
    variants = os.environ.get("SUDOKU_SAT_VARIANTS") or os.path.join(HERE, "..", "shared", "data", "variants")
    corpus = rest[0] if rest else os.path.join(variants, "corpus.tsv")
    if not os.path.isfile(corpus):
        print(f"benches/cross_check.py: {corpus} is absent: it needs the shared variant puzzles "
              "(set SUDOKU_SAT_VARIANTS to their folder; see benches/README.md)", file=sys.stderr)
        sys.exit(2)
    bins = bins or [BIN]
    with open(corpus, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    with tempfile.TemporaryDirectory() as work:
        payloads = os.path.join(work, "payloads")
        with open(payloads, "w", encoding="utf-8") as f:
            f.writelines(r[3] + "\n" for r in rows)
        conv = subprocess.run([bins[0], "convert", "--to", "fpuzzles", payloads],
                              capture_output=True, text=True)
        refused = {int(m) for m in re.findall(r"line (\d+):", conv.stderr)}
        kept = [r for i, r in enumerate(rows, 1) if i not in refused]
        links = os.path.join(work, "links")
        with open(links, "w", encoding="utf-8") as f:
            f.write(conv.stdout)
        print(f"{len(kept)} of {len(rows)} corpus puzzles measured; {len(refused)} refused")
        for binary in bins:
            out = subprocess.run([binary, "solve", "-j1", "--output", "json", links],
                                 capture_output=True, text=True).stdout
            answers = [json.loads(line) for line in out.splitlines()]
            if len(answers) != len(kept):
                sys.exit(f"benches/cross_check.py: {binary} answered {len(answers)} of {len(kept)}")
            report(binary, kept, answers)


def report(binary, kept, answers):
    checked = sum(a["cross_check"] == "agree" for a in answers)
    check = [a["timings_us"]["check"] for a in answers]
    sat = [a["timings_us"]["sat"] for a in answers]
    print(f"\n{binary}: cross-checked {checked}, gave up {len(answers) - checked}; "
          f"cross-check {sum(check) / 1e6:.2f} s, SAT {sum(sat) / 1e6:.2f} s in all")
    families = {}
    for row, a in zip(kept, answers):
        for key in sorted(set(row[1].split(","))):
            families.setdefault(key, []).append(a)
    print(f"  {'family':<18} {'puzzles':>7} {'gave up':>7} {'check µs median / worst':>26} "
          f"{'SAT µs median / worst':>24}")
    ranked = [("all", answers)] + sorted(families.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for key, group in ranked:
        if len(group) < 4:
            continue
        c = [a["timings_us"]["check"] for a in group]
        s = [a["timings_us"]["sat"] for a in group]
        gave_up = sum(a["cross_check"] != "agree" for a in group)
        print(f"  {key:<18} {len(group):>7} {gave_up:>7} "
              f"{statistics.median(c):>12,.0f} / {max(c):>11,} "
              f"{statistics.median(s):>10,.0f} / {max(s):>11,}")


if __name__ == "__main__":
    main()
