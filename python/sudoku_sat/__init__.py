"""Sudoku and its variants solved by SAT: the sudoku-sat library from Python.

Read a puzzle with ``Puzzle.from_text`` (any format the CLI reads),
``Puzzle.from_link``, ``Puzzle.from_rules`` or ``Puzzle.from_cells``; ask
it ``solve()``, ``count()``, ``candidates()``, ``hint()``, ``check()``,
``rate()``, ``stats()``, ``explain()``; get its CNF with ``encode()``
and hand that to PySAT with ``Formula.to_pysat()``. Answers are dicts
with the keys of the CLI's ``--output json``. The ``*_many`` functions
stream answers for any iterable of puzzles (strings, ``Puzzle`` objects
or rows of N*N numbers, as a numpy array of shape (k, N*N) gives them);
``generate`` streams new puzzles. Solving releases the GIL. See
docs/python.md.
"""

from typing import Any, Iterable, Optional

from ._native import (
    DEFAULT_DECISION_LIMIT,
    DEFAULT_PROBE_LIMIT,
    Batch,
    Encoding,
    Formula,
    Generation,
    ParseError,
    Puzzle,
    PuzzleError,
    SolveError,
    SudokuSatError,
    batch,
    generate,
)

__all__ = [
    "DEFAULT_DECISION_LIMIT",
    "DEFAULT_PROBE_LIMIT",
    "Batch",
    "Encoding",
    "Formula",
    "Generation",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "SolveError",
    "SudokuSatError",
    "batch",
    "candidates_many",
    "check_many",
    "count_many",
    "generate",
    "rate_many",
    "solve_many",
]


def solve_many(
    puzzles: Iterable[Any],
    *,
    encoding: Optional[Encoding] = None,
    cross_check: bool = True,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch:
    """Streams ``Puzzle.solve`` answers for every puzzle of ``puzzles``.

    ``jobs`` threads answer the puzzles a chunk at a time, without the GIL,
    and the answers still come in input order (0: one thread per core).
    The other ``*_many`` functions take it too.
    """
    return batch(
        puzzles,
        "solve",
        encoding=encoding,
        cross_check=cross_check,
        on_error=on_error,
        jobs=jobs,
    )


def count_many(
    puzzles: Iterable[Any],
    *,
    limit: int = 1000,
    encoding: Optional[Encoding] = None,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch:
    """Streams ``Puzzle.count`` answers for every puzzle of ``puzzles``."""
    return batch(
        puzzles, "count", limit=limit, encoding=encoding, on_error=on_error, jobs=jobs
    )


def rate_many(
    puzzles: Iterable[Any],
    *,
    encoding: Optional[Encoding] = None,
    decision_limit: int = DEFAULT_DECISION_LIMIT,
    probe_limit: int = DEFAULT_PROBE_LIMIT,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch:
    """Streams ``Puzzle.rate`` answers for every puzzle of ``puzzles``."""
    return batch(
        puzzles,
        "rate",
        encoding=encoding,
        decision_limit=decision_limit,
        probe_limit=probe_limit,
        on_error=on_error,
        jobs=jobs,
    )


def check_many(
    puzzles: Iterable[Any],
    *,
    encoding: Optional[Encoding] = None,
    decision_limit: int = DEFAULT_DECISION_LIMIT,
    probe_limit: int = DEFAULT_PROBE_LIMIT,
    cross_check: bool = True,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch:
    """Streams ``Puzzle.check`` reports for every puzzle of ``puzzles``."""
    return batch(
        puzzles,
        "check",
        encoding=encoding,
        decision_limit=decision_limit,
        probe_limit=probe_limit,
        cross_check=cross_check,
        on_error=on_error,
        jobs=jobs,
    )


def candidates_many(
    puzzles: Iterable[Any],
    *,
    encoding: Optional[Encoding] = None,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch:
    """Streams ``Puzzle.candidates`` answers for every puzzle of ``puzzles``."""
    return batch(puzzles, "candidates", encoding=encoding, on_error=on_error, jobs=jobs)
