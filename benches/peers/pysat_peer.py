#!/usr/bin/env python3
"""Reference peer: PySAT (MiniSat 2.2 or CaDiCaL) on the extended encoding.

One solver holds the rules; each puzzle's givens are assumptions; the
first model is blocked by a clause guarded by a fresh activation literal
to prove uniqueness, and the guard is retired with a unit clause. This is
the method docs/performance.md compares against. With `--units`, each
puzzle gets a fresh solver with the rules and its givens as unit clauses
instead (CaDiCaL is far faster that way on sparse 25×25 grids than with
assumptions), and the first model's blocking clause is added for good.

    pip install python-sat
    python3 benches/peers/pysat_peer.py [--solver minisat22|cadical195] [--size N] [--units] FILE [LIMIT]

FILE holds N×N puzzles one a line (9×9 by default; `1`-`9` then `A`...
for 10 and up, `.` or `0` blank), or 9×9 ones in the Project Euler
format.

Prints puzzles, seconds and puzzles/s (whole process: reading and parsing
included, interpreter start excluded) on one line.
"""
import sys
import time

from pysat.solvers import Solver


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


def value(ch):
    """The digit a symbol stands for: 1-9, then A (10), B (11)...; 99
    for anything else."""
    if ch.isdigit():
        return int(ch)
    if "A" <= ch.upper() <= "Z":
        return ord(ch.upper()) - ord("A") + 10
    return 99


def puzzles(path, n):
    """Yields (line number, N² cells) for each 9×9 puzzle of a file in the
    one-puzzle-a-line format (a comment may follow) or the Project Euler
    format (`Grid NN`, then nine rows). Anything else stops the script with
    the file and line, never a traceback or a silently skipped puzzle."""
    rows, start = [], 0
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("Grid"):
                if rows:
                    sys.exit(f"{path}: line {number}: the grid from line {start} has {len(rows)} of {n} rows")
                continue
            token = line.split()[0]
            if len(token) == n * n and not rows:
                cells = token
                row_start = number
            elif len(token) == n:
                rows.append(token)
                start = start if len(rows) > 1 else number
                if len(rows) < n:
                    continue
                cells, row_start, rows = "".join(rows), start, []
            else:
                sys.exit(f"{path}: line {number}: expected {n * n} cells on a line or rows of {n}, found {len(token)}")
            bad = next((i for i, ch in enumerate(cells) if ch not in ".0" and value(ch) > n), None)
            if bad is not None:
                sys.exit(f"{path}: line {row_start}: invalid cell {cells[bad]!r}")
            yield row_start, cells
    if rows:
        sys.exit(f"{path}: the grid from line {start} has {len(rows)} of {n} rows")


def main():
    start = time.perf_counter()
    args = sys.argv[1:]
    name, n, units = "minisat22", 9, False
    while args and args[0].startswith("--"):
        if args[0] == "--units":
            units, args = True, args[1:]
        elif args[0] == "--solver" and len(args) > 1:
            name, args = args[1], args[2:]
        elif args[0] == "--size" and len(args) > 1:
            n, args = int(args[1]), args[2:]
        else:
            sys.exit(f"pysat_peer.py: unknown option {args[0]}")
    path = args[0]
    limit = int(args[1]) if len(args) > 1 else 0
    cnf = rules(n)
    solver = None if units else Solver(name=name, bootstrap_with=cnf)
    top = n ** 3
    count = unique = 0
    for number, cells in puzzles(path, n):
        givens = [
            var(n, i // n, i % n, value(ch))
            for i, ch in enumerate(cells)
            if ch not in ".0"
        ]
        count += 1
        if units:
            fresh = Solver(name=name, bootstrap_with=cnf + [[g] for g in givens])
            if fresh.solve():
                fresh.add_clause([-x for x in fresh.get_model() if 0 < x <= n ** 3])
                unique += not fresh.solve()
            fresh.delete()
        elif solver.solve(assumptions=givens):
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
    print(f"pysat-{name} {count} puzzles ({unique} unique) {seconds:.3f} s {count / seconds:.0f} puzzles/s")


if __name__ == "__main__":
    main()
