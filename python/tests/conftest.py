"""Fixtures: the repository's data and the built `sudoku-sat` binary.

The round-trip tests compare the package's answers with the CLI's on the
same puzzles. They run the binary named by $SUDOKU_SAT, or the one
`cargo build` leaves in target/debug (`.ci/run` builds it first).
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """Returns a function running the CLI: `cli(args) -> (code, stdout, stderr)`."""
    binary = Path(os.environ.get("SUDOKU_SAT", ROOT / "target" / "debug" / "sudoku-sat"))
    if not binary.is_file():
        pytest.fail(
            f"{binary}: no sudoku-sat binary; run `cargo build` or set $SUDOKU_SAT"
        )

    def run(*args: str, stdin: str = ""):
        done = subprocess.run(
            [str(binary), *args], input=stdin, capture_output=True, text=True
        )
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Returns a function running the CLI with `--output json` and reading
    its JSON Lines."""

    def run(*args: str):
        code, out, err = cli(*args, "--output", "json")
        # 1 is a verdict (several solutions, none); 2 and up an error.
        assert code in (0, 1), f"sudoku-sat {' '.join(args)}: exit {code}: {err}"
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    return run
