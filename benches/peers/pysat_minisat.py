#!/usr/bin/env python3
"""Reference peer: PySAT with MiniSat 2.2 on the extended encoding.

One solver holds the rules; each puzzle's givens are assumptions; the
first model is blocked by a clause guarded by a fresh activation literal
to prove uniqueness, and the guard is retired with a unit clause. This is
the method docs/performance.md compares against.

    pip install python-sat
    python3 benches/peers/pysat_minisat.py FILE [LIMIT]

Prints puzzles, seconds and puzzles/s (whole process: reading and parsing
included, interpreter start excluded) on one line.
"""
import sys
import time

from pysat.solvers import Minisat22


def var(n, r, c, d):
    return n * n * r + n * c + d


def rules(n):
    """Extended encoding, pairwise at-most-one (all block pairs)."""
    b = int(round(n ** 0.5))
    cnf = []
    cells = [[(r, c) for c in range(n)] for r in range(n)]
    houses = [row for row in cells]
    houses += [[(r, c) for r in range(n)] for c in range(n)]
    houses += [
        [(br * b + i // b, bc * b + i % b) for i in range(n)]
        for br in range(b)
        for bc in range(b)
    ]
    for r in range(n):
        for c in range(n):
            lits = [var(n, r, c, d) for d in range(1, n + 1)]
            cnf.append(lits)
            cnf += [[-x, -y] for i, x in enumerate(lits) for y in lits[i + 1 :]]
    for house in houses:
        for d in range(1, n + 1):
            lits = [var(n, r, c, d) for r, c in house]
            cnf.append(lits)
            cnf += [[-x, -y] for i, x in enumerate(lits) for y in lits[i + 1 :]]
    return cnf


def main():
    start = time.perf_counter()
    path = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    n = 9
    solver = Minisat22(bootstrap_with=rules(n))
    top = n ** 3
    count = unique = 0
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            cells = line.split()[0]
            givens = [
                var(n, i // n, i % n, int(ch))
                for i, ch in enumerate(cells)
                if ch not in ".0"
            ]
            count += 1
            if solver.solve(assumptions=givens):
                model = solver.get_model()
                top += 1
                act = top
                blocking = [-act] + [-x for x in model if 0 < x <= n ** 3]
                solver.add_clause(blocking)
                if not solver.solve(assumptions=givens + [act]):
                    unique += 1
                solver.add_clause([-act])
            if limit and count >= limit:
                break
    seconds = time.perf_counter() - start
    print(f"pysat-minisat22 {count} puzzles ({unique} unique) {seconds:.3f} s {count / seconds:.0f} puzzles/s")


if __name__ == "__main__":
    main()
