"""Type stubs of the extension module; ``sudoku_sat`` re-exports it all.

Answers are plain dicts with the keys of the CLI's ``--output json``; the
TypedDicts below name them. Cells are named ``r1c1`` (1-based) in
answers, as the CLI writes them; ``Formula.var`` and
``Formula.cell_digit`` take 0-based rows and columns, as the numbering
rule does (variable N*N*r + N*c + d).

python/tests/test_stub.py holds this file to the module: the same public
names (``__all__``), members and parameters.
"""

from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, TypedDict

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
    "generate",
]

DEFAULT_DECISION_LIMIT: int
DEFAULT_PROBE_LIMIT: int

class SudokuSatError(Exception):
    """The base of every error the package raises."""

class ParseError(SudokuSatError):
    """A puzzle, link or rules file that cannot be read."""

class SolveError(SudokuSatError):
    """The SAT solver failed, or its answer and the backtracker's disagree."""

class PuzzleError(SudokuSatError):
    """The puzzle cannot get what was asked (no hint, no puzzle generated)."""

class Encoding:
    """An encoding, by the names of the CLI's options; defaults extended,
    pairwise, auto, direct."""

    def __new__(
        cls,
        rules: Optional[str] = None,
        amo: Optional[str] = None,
        sum: Optional[str] = None,
        value: Optional[str] = None,
        catalogue: bool = False,
    ) -> Encoding: ...
    @property
    def rules(self) -> str: ...
    @property
    def amo(self) -> str: ...
    @property
    def sum(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def catalogue(self) -> bool: ...
    @staticmethod
    def choices() -> dict[str, List[str]]:
        """Every name each part takes."""

class Solved(TypedDict):
    status: str  # "unique", "multiple" or "unsolvable"
    solution: Optional[str]
    second_solution: Optional[str]
    differ: List[str]
    cross_check: str  # "agree", "skipped" or "gave up"

class Counted(TypedDict):
    count: int
    limit: int
    limit_reached: bool
    by: Optional[str]  # "enumerated", "relabelling", or None

class TrueCandidates(TypedDict):
    cells: List[List[int]]
    solutions: str  # "none", "one" or "several"

class Proved(TypedDict):
    status: str
    solution: Optional[str]
    second_solution: Optional[str]
    format: str
    proof: Optional[bytes]

class Rating(TypedDict):
    level: str  # "propagation", "probing" or "search"
    outcome: str
    propagated: int
    probed: int
    decisions: int
    conflicts: int
    gave_up: bool
    probe_limit_hit: bool

class Report(TypedDict):
    status: str
    level: str
    givens: int
    solution: Optional[str]
    needed: List[str]
    redundant: List[str]
    second_solution: Optional[str]
    differ: List[str]
    core: Optional[dict[str, Any]]
    cross_check: str

class Hint(TypedDict):
    status: str
    steps: List[dict[str, Any]]
    solved: bool
    score: Optional[float]
    hardest: Optional[str]
    stuck: bool
    open: List[dict[str, Any]]
    gave_up: bool

class Stats(TypedDict):
    variables: int
    clauses: int
    families: dict[str, int]
    family_details: List[dict[str, Any]]

class Explanation(TypedDict):
    target: str
    variables: int
    clauses: int
    families: List[dict[str, Any]]

class Puzzle:
    """A puzzle: givens on a grid of side N (4 to 64), its blocks, and any
    variant constraints. Immutable."""

    @staticmethod
    def from_text(
        text: str, *, format: str = "auto", blocks: Optional[Tuple[int, int]] = None
    ) -> Puzzle:
        """The first puzzle of ``text``, in any format the CLI reads."""
    @staticmethod
    def read_all(
        text: str, *, format: str = "auto", blocks: Optional[Tuple[int, int]] = None
    ) -> List[Puzzle]:
        """Every puzzle of ``text`` (a whole puzzle file)."""
    @staticmethod
    def from_link(link: str) -> Puzzle:
        """An f-puzzles or SudokuPad link, or a bare f-puzzles payload."""
    @staticmethod
    def from_rules(text: str) -> Puzzle:
        """A rules file (TOML), constraints included."""
    @staticmethod
    def from_cells(cells: Sequence[int]) -> Puzzle:
        """A classic grid from N*N numbers, row-major, 0 for a blank."""
    @property
    def side(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def cells(self) -> List[int]: ...
    @property
    def line(self) -> str: ...
    @property
    def blocks(self) -> List[int]: ...
    @property
    def constraints(self) -> List[Tuple[str, str]]: ...
    def link(self) -> str: ...
    def solve(
        self, encoding: Optional[Encoding] = None, cross_check: bool = True
    ) -> Solved: ...
    def count(self, limit: int = 1000, encoding: Optional[Encoding] = None) -> Counted: ...
    def candidates(self, encoding: Optional[Encoding] = None) -> TrueCandidates: ...
    def prove(self, encoding: Optional[Encoding] = None) -> Proved: ...
    def rate(
        self,
        encoding: Optional[Encoding] = None,
        decision_limit: int = ...,
        probe_limit: int = ...,
    ) -> Rating: ...
    def check(
        self,
        encoding: Optional[Encoding] = None,
        decision_limit: int = ...,
        probe_limit: int = ...,
        cross_check: bool = True,
    ) -> Report: ...
    def hint(
        self,
        all: bool = False,
        until: Optional[str] = None,
        contradictions: bool = True,
        encoding: Optional[Encoding] = None,
    ) -> Hint: ...
    def stats(self, encoding: Optional[Encoding] = None) -> Stats: ...
    def explain(self, target: str, encoding: Optional[Encoding] = None) -> Explanation: ...
    def encode(self, encoding: Optional[Encoding] = None) -> Formula: ...

class Formula:
    """A puzzle's CNF: DIMACS clause lists and the variable map."""

    @property
    def clauses(self) -> List[List[int]]: ...
    @property
    def variables(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def families(self) -> List[Tuple[str, int, int]]: ...
    @property
    def encoding(self) -> Encoding: ...
    def var(self, row: int, col: int, digit: int) -> int: ...
    def cell_digit(self, variable: int) -> Optional[Tuple[int, int, int]]: ...
    def decode(self, model: Sequence[int]) -> str: ...
    def to_pysat(self) -> Any:
        """A ``pysat.formula.CNF`` built from the clause lists."""
    def __len__(self) -> int: ...

class Batch(Iterator[dict[str, Any]]):
    def __next__(self) -> dict[str, Any]: ...

class Generation(Iterator[dict[str, Any]]):
    def __next__(self) -> dict[str, Any]: ...
    def stop(self) -> None: ...

def batch(
    puzzles: Iterable[Any],
    task: str = "solve",
    *,
    encoding: Optional[Encoding] = None,
    cross_check: bool = True,
    limit: int = 1000,
    decision_limit: int = ...,
    probe_limit: int = ...,
    on_error: str = "raise",
    jobs: int = 1,
) -> Batch: ...
def generate(
    count: Optional[int] = 1,
    *,
    seed: int = 0,
    size: Optional[int] = None,
    blocks: Optional[Tuple[int, int]] = None,
    template: Optional[Puzzle] = None,
    symmetry: str = "none",
    difficulty: Optional[str] = None,
    max_tries: Optional[int] = None,
    decision_limit: int = ...,
    encoding: Optional[Encoding] = None,
    start: int = 0,
    cross_check: bool = True,
    node_limit: int = ...,
    proof: bool = False,
    rate: bool = True,
    keep_givens: bool = False,
    solution: Optional[Puzzle] = None,
    pattern: Optional[Puzzle] = None,
    rating: Optional[str] = None,
    climb_moves: int = ...,
) -> Generation: ...
