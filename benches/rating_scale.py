#!/usr/bin/env python3
"""How the hint path's score (`hint --all -o json`, Sudoku Explainer's
scale) orders the public puzzle sets.

    python3 benches/rating_scale.py [PER_SET] [SEED] [BIN]

draws PER_SET puzzles (default 200) at random (SEED, default 1) from each
of the unbiased, top95, magictour and rated 11+ sets of the shared data
(SUDOKU_SAT_SETS, or ../shared/data/sets), scores each, and prints per
set the median, quartiles and the share of puzzles the human techniques
solve (score below 7.0), then Spearman's rank correlation between the
score and the sets' order (unbiased < top95 < magictour < 11+). The sets
carry no per-puzzle Explainer rating (the 11+ file only its threshold),
so the set order is the reference: a coarse one, and the correlation is
a check of direction and spread, not of calibration.
"""
import json
import os
import random
import statistics
import subprocess
import sys

SETS = [
    ("unbiased", "tdoku_unbiased_first1000.txt"),
    ("top95", "norvig_top95.txt"),
    ("magictour", "tdoku_magictour_top1465.txt"),
    ("11+", "tdoku_forum_hardest_1905_11plus.txt"),
]


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5


def main():
    per_set = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    binary = sys.argv[3] if len(sys.argv) > 3 else "target/release/sudoku-sat"
    root = os.environ.get("SUDOKU_SAT_SETS") or os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "data", "sets")
    rng = random.Random(seed)
    scores, classes = [], []
    print(f"{'set':10} {'n':>4} {'median':>6} {'q1':>5} {'q3':>5} {'human':>6}")
    for rank, (name, file) in enumerate(SETS):
        path = os.path.join(root, file)
        if not os.path.exists(path):
            print(f"{path}: absent; see benches/README.md", file=sys.stderr)
            sys.exit(2)
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        sample = rng.sample(lines, min(per_set, len(lines)))
        run = subprocess.run([binary, "hint", "--all", "-o", "json", "-"],
                             input="\n".join(sample) + "\n", capture_output=True,
                             text=True, check=False)
        got = [json.loads(l)["score"] for l in run.stdout.splitlines()]
        got = [g for g in got if g is not None]
        q = statistics.quantiles(got, n=4)
        human = sum(1 for g in got if g < 7.0) / len(got)
        print(f"{name:10} {len(got):4} {statistics.median(got):6.1f} {q[0]:5.1f} "
              f"{q[2]:5.1f} {human:6.0%}")
        scores += got
        classes += [rank] * len(got)
    print(f"Spearman's rho, score against set order: {spearman(scores, classes):.3f}")


if __name__ == "__main__":
    main()
