#!/usr/bin/env python3
"""Writes docs/teach/03-worked-4x4.md: the whole CNF of a 4x4 puzzle, family by
family, each clause followed by what `explain` says it means.

    cargo build --release && python3 benches/worked_4x4.py

The DIMACS lines are exactly what `sudoku-sat solve --dimacs -` prints for
the puzzle; the test `teaching::the_worked_4x4_cnf_is_what_the_tool_prints`
strips the words and compares, so the page cannot drift from the tool.
"""

import json
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "target", "release", "sudoku-sat")
PUZZLE = "....24...3.1...."


def run(*args):
    done = subprocess.run([TOOL, *args, "-"], input=PUZZLE.encode(),
                          capture_output=True, check=False)
    return done.stdout.decode()


def main():
    cnf = run("solve", "--dimacs", "-").splitlines()
    header = [l for l in cnf if l.startswith(("c", "p"))]
    clauses = [l for l in cnf if not l.startswith(("c", "p"))]
    stats = json.loads(run("stats", "-o", "json"))
    words = {}
    for r in range(1, 5):
        for c in range(1, 5):
            explained = json.loads(run("explain", f"r{r}c{c}", "-o", "json", "--show", "0"))
            for family in explained["families"]:
                for clause in family["clauses"]:
                    words[clause["position"]] = clause["words"]
    out = []
    out.append("# 3. A whole CNF: the 4×4 puzzle `....24...3.1....`\n")
    out.append("Every clause of one small puzzle, as `solve --dimacs` writes it "
               "(extended encoding, pairwise at-most-one, the default), with "
               "what `explain` says each one means. "
               "[Chapter 2](02-clauses.md) explains the families. "
               "Regenerate this page with\n")
    out.append("```console\n$ cargo build --release && python3 benches/worked_4x4.py\n```\n")
    out.append("and check it with `cargo test --test tests worked_4x4`, which "
               "compares every DIMACS line below with what the tool prints "
               "today.\n")
    out.append("The puzzle and its solution:\n")
    solved = run("solve", "--no-cross-check").strip()
    out.append("```text\n" + PUZZLE + "\n" + solved + "\n```\n")
    out.append(f"{stats['variables']} variables (16 cells × 4 digits, "
               f"x(r,c,d) = 16·r + 4·c + d), {stats['clauses']} clauses, "
               f"{stats['literals']} literals.\n")
    out.append("## Header\n")
    out.append("```text\n" + "\n".join(header) + "\n```\n")
    for family in stats["family_details"]:
        first, count = family["first_clause"], family["clauses"]
        out.append(f"## {family['family']}: {count} clauses\n")
        lines = clauses[first:first + count]
        width = max(len(l) for l in lines)
        body = [f"{l:<{width}}   {words.get(first + k, '')}".rstrip()
                for k, l in enumerate(lines)]
        out.append("```text\n" + "\n".join(body) + "\n```\n")
    out.append("<!-- nav -->\n[← 2. The clause families](02-clauses.md) · [Contents](README.md) · "
               "[4. What unit propagation deduces →](04-unit-propagation.md)\n")
    out = [part if part.startswith(("```", "#", "<!--")) else textwrap.fill(part[:-1], 72) + "\n"
           for part in out]
    path = os.path.join(ROOT, "docs", "teach", "03-worked-4x4.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"wrote {path}: {len(clauses)} clauses", file=sys.stderr)


if __name__ == "__main__":
    main()
