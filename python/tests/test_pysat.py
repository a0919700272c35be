"""The CNF handed to PySAT: the same solutions, the numbering rule, every
encoding."""

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

import sudoku_sat as ss

GRID_01 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def pysat_solutions(formula, most=2):
    """Returns up to `most` solution lines found by PySAT's Glucose, each
    blocked on the cell-digit variables before the next call."""
    cnf = formula.to_pysat()
    assert isinstance(cnf, CNF)
    found = []
    n3 = formula.side ** 3
    with Solver(name="g4", bootstrap_with=cnf.clauses) as solver:
        while len(found) < most and solver.solve():
            model = solver.get_model()
            found.append(formula.decode(model))
            solver.add_clause([-lit for lit in model if 0 < lit <= n3])
    return found


def test_pysat_solves_our_cnf_to_our_solution(root):
    text = (root / "data" / "p096_sudoku.txt").read_text()
    for puzzle in ss.Puzzle.read_all(text)[:10]:
        ours = puzzle.solve()
        assert pysat_solutions(puzzle.encode()) == [ours["solution"]], puzzle.label


@pytest.mark.parametrize("amo", ss.Encoding.choices()["amo"])
@pytest.mark.parametrize("rules", ss.Encoding.choices()["rules"])
def test_every_encoding_gives_pysat_the_same_solution(rules, amo):
    puzzle = ss.Puzzle.from_text(GRID_01)
    formula = puzzle.encode(ss.Encoding(rules=rules, amo=amo))
    assert formula.encoding.amo == amo
    assert pysat_solutions(formula) == [puzzle.solve()["solution"]]


def test_several_solutions_and_none_reach_pysat_too():
    several = ss.Puzzle.from_text("1...........3..2")
    found = pysat_solutions(several.encode())
    answer = several.solve()
    assert len(found) == 2 and answer["solution"] in found
    assert pysat_solutions(ss.Puzzle.from_text("11..............").encode()) == []


def test_the_variable_map_is_the_numbering_rule():
    formula = ss.Puzzle.from_text(GRID_01).encode(ss.Encoding(amo="sequential"))
    n = formula.side
    for r in range(n):
        for c in range(n):
            for d in range(1, n + 1):
                v = formula.var(r, c, d)
                assert v == n * n * r + n * c + d
                assert formula.cell_digit(v) == (r, c, d)
    assert formula.variables > n**3, "sequential adds auxiliaries after N³"
    assert formula.cell_digit(n**3 + 1) is None
    with pytest.raises(ValueError):
        formula.var(0, 9, 1)


def test_families_cover_every_clause_and_the_givens_are_units():
    formula = ss.Puzzle.from_text(GRID_01).encode()
    spans = formula.families
    assert spans[0][1] == 0 and spans[-1][2] == len(formula)
    assert all(a[2] == b[1] for a, b in zip(spans, spans[1:]))
    stats = ss.Puzzle.from_text(GRID_01).stats()
    assert {name: end - start for name, start, end in spans} == stats["families"]
    (givens,) = [s for s in spans if s[0] == "givens"]
    units = formula.clauses[givens[1] : givens[2]]
    assert len(units) == 32 and all(len(u) == 1 and u[0] > 0 for u in units)
    # r0c2 holds 3 in GRID_01.
    assert [formula.var(0, 2, 3)] in units


def test_decode_refuses_a_model_that_breaks_a_rule():
    formula = ss.Puzzle.from_text(GRID_01).encode()
    with pytest.raises(ss.SolveError):
        formula.decode([formula.var(0, 0, 1), formula.var(0, 1, 1)])


def test_cell_digit_names_no_cell_past_the_cell_digit_variables():
    formula = ss.Puzzle.from_text(GRID_01).encode()
    assert formula.cell_digit(729) == (8, 8, 9)
    # Past N³ every number is auxiliary or past the formula, however
    # large: 2³² + 1 once wrapped round to variable 1, r1c1 holding 1.
    for variable in (730, formula.variables + 1, 2**31, 2**32 + 1, 2**63 + 1):
        assert formula.cell_digit(variable) is None, variable
