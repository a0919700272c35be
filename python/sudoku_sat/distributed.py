"""Batch jobs across a Dask cluster, written as sharded Parquet.

Two jobs: ``solve_file`` solves (and rates, and proves) every puzzle of a
file, ``generate`` makes N certified puzzles in a mix of sizes and levels.
Each job is cut into shards of ``shard_size`` puzzles, one Dask task and
one Parquet file (``shard-00000.parquet``…) per shard, in ``out_dir``.

The layout depends on the job, never on the cluster: shard s holds puzzles
k = s*S to (s+1)*S - 1 (0-based, S the shard size), and generated puzzle k
depends only on the seed, k and the mix (it draws from the random stream
``(seed, k)``, as ``sudoku-sat generate --shard`` does), so any number of
workers writes the same shards.

A shard is written under a temporary name in ``out_dir`` and renamed, so a
killed worker never leaves a half shard under a shard's name. ``_job.json``
records the job's parameters. Run again with the same ``out_dir``, a job
skips the shards already there and removes the temporary files left by a
killed run (as does a run that ends with every shard written); with
other parameters, or a ``_job.json`` that cannot be read as a job's
record, it is refused (``JobMismatch``).

Needs ``dask[distributed]`` and ``pyarrow`` (``pip install
'./python[distributed]'``); ``import sudoku_sat`` does not. See
docs/python.md, "On a cluster".
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import pyarrow as pa
import pyarrow.parquet as pq
from distributed import Client, as_completed, default_client

import sudoku_sat as ss

__all__ = [
    "JobMismatch",
    "Part",
    "generate",
    "part_of",
    "solve_file",
]

MANIFEST = "_job.json"
"""The job's parameters, in ``out_dir``; Parquet readers skip names that
start with ``_`` (and ``.``, the temporary files), so the folder reads as
one table."""

LEVELS = ("propagation", "probing", "search")
"""The difficulties a part may ask for (``rate``'s levels)."""

# 1/φ: the fractional parts of (k + 1)/φ spread over [0, 1) more evenly
# than any other step (the three-gap theorem), so every prefix of a job
# holds each part in its share, within a few puzzles.
_STEP = 0.6180339887498949

Progress = Callable[[int, int], None]
"""Called with (shards done, shards in all) as each shard lands."""


class JobMismatch(ValueError):
    """``out_dir`` holds a job with other parameters, or a ``_job.json``
    that is no job's record (not UTF-8, not JSON, or not an object)."""


@dataclass(frozen=True)
class Part:
    """One kind of puzzle in a ``generate`` mix: a classic grid of side
    ``size`` (blocks ``blocks`` = (rows, columns) when not square), of
    the level ``difficulty`` (``None``: any), for ``share`` of the job
    (shares are relative: (1, 3) means a quarter and three quarters)."""

    size: int = 9
    difficulty: Optional[str] = None
    share: float = 1.0
    blocks: Optional[Tuple[int, int]] = None


MixItem = Union[Part, Tuple[int, Optional[str], float]]


def _parts(mix: Sequence[MixItem]) -> List[Part]:
    """Returns the mix as parts, each checked."""
    parts = [m if isinstance(m, Part) else Part(*m) for m in mix]
    if not parts:
        raise ValueError("mix: at least one part is needed")
    for part in parts:
        if not part.share > 0:
            raise ValueError(f"mix: {part}: the share must be above 0")
        if part.difficulty is not None and part.difficulty not in LEVELS:
            raise ValueError(
                f"mix: {part}: difficulty must be one of {', '.join(LEVELS)} or None"
            )
        if part.blocks is not None:
            r, c = part.blocks
            if r * c != part.size:
                raise ValueError(f"mix: {part}: blocks {r}x{c} do not make side {part.size}")
    return parts


def part_of(k: int, mix: Sequence[MixItem]) -> int:
    """Returns which part of ``mix`` puzzle ``k`` (0-based) belongs to.

    The point (k + 1)/φ mod 1 falls in one part's slice of [0, 1), slices
    in the mix's order and as wide as the shares: every prefix of a job
    holds each part in its share within a few puzzles, and a longer job
    keeps the shorter one's puzzles.
    """
    parts = _parts(mix)
    total = sum(p.share for p in parts)
    point = ((k + 1) * _STEP) % 1.0 * total
    below = 0.0
    for i, part in enumerate(parts):
        below += part.share
        if point < below:
            return i
    return len(parts) - 1


def _encoding_names(encoding: Optional[ss.Encoding]) -> Optional[Dict[str, Any]]:
    """Returns an encoding as the names that rebuild it on a worker."""
    if encoding is None:
        return None
    names = ("rules", "amo", "sum", "value", "catalogue")
    return {n: getattr(encoding, n) for n in names}


def _encoding(names: Optional[Dict[str, Any]]) -> Optional[ss.Encoding]:
    return None if names is None else ss.Encoding(**names)


def _digest(proof: Optional[bytes]) -> Optional[str]:
    return None if proof is None else hashlib.sha256(proof).hexdigest()


def _shard_name(shard: int) -> str:
    return f"shard-{shard:05d}.parquet"


def _write_shard(out_dir: str, shard: int, rows: List[Dict[str, Any]], schema: pa.Schema) -> None:
    """Writes a shard under a temporary name, then renames it: the shard's
    name only ever holds a whole shard."""
    final = Path(out_dir) / _shard_name(shard)
    temp = Path(out_dir) / f".{final.name}.{uuid.uuid4().hex}.tmp"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), temp)
    os.replace(temp, final)


GENERATED = pa.schema(
    [
        ("index", pa.int64()),
        ("seed", pa.uint64()),
        ("size", pa.int32()),
        ("blocks", pa.string()),
        ("difficulty", pa.string()),
        ("puzzle", pa.string()),
        ("solution", pa.string()),
        ("givens", pa.int32()),
        ("level", pa.string()),
        ("decisions", pa.int64()),
        ("conflicts", pa.int64()),
        ("rating_gave_up", pa.bool_()),
        ("minimal", pa.bool_()),
        ("cross_check", pa.string()),
        ("proof_sha256", pa.string()),
    ]
)
"""The columns of a ``generate`` shard."""

SOLVED = pa.schema(
    [
        ("index", pa.int64()),
        ("label", pa.string()),
        ("puzzle", pa.string()),
        ("status", pa.string()),
        ("solution", pa.string()),
        ("second_solution", pa.string()),
        ("level", pa.string()),
        ("decisions", pa.int64()),
        ("conflicts", pa.int64()),
        ("rating_gave_up", pa.bool_()),
        ("cross_check", pa.string()),
        ("proof_sha256", pa.string()),
    ]
)
"""The columns of a ``solve_file`` shard."""


def _generate_shard(out_dir: str, shard: int, job: Dict[str, Any]) -> int:
    """Makes and writes one shard of a ``generate`` job; returns its rows."""
    parts = [Part(**p) for p in job["mix"]]
    size = job["shard_size"]
    first, end = shard * size, min((shard + 1) * size, job["count"])
    rows = []
    for k in range(first, end):
        part = parts[part_of(k, parts)]
        (made,) = ss.generate(
            1,
            seed=job["seed"],
            start=k,
            size=part.size,
            blocks=tuple(part.blocks) if part.blocks else None,
            difficulty=part.difficulty,
            encoding=_encoding(job["encoding"]),
            proof=True,
        )
        rows.append(
            {
                "index": k,
                "seed": job["seed"],
                "size": part.size,
                "blocks": "x".join(map(str, part.blocks)) if part.blocks else None,
                "difficulty": part.difficulty,
                "puzzle": made["puzzle"],
                "solution": made["solution"],
                "givens": made["givens"],
                "level": made["level"],
                "decisions": made["decisions"],
                "conflicts": made["conflicts"],
                "rating_gave_up": made["rating_gave_up"],
                "minimal": made["minimal"],
                "cross_check": made["cross_check"],
                "proof_sha256": _digest(made["proof"]),
            }
        )
    _write_shard(out_dir, shard, rows, GENERATED)
    return len(rows)


def _solve_shard(out_dir: str, shard: int, job: Dict[str, Any], items: List[Tuple[int, str, str]]) -> int:
    """Solves, rates and proves one shard of a ``solve_file`` job (items
    are (index, label, puzzle text)); returns its rows."""
    encoding = _encoding(job["encoding"])
    rows = []
    for index, label, text in items:
        puzzle = ss.Puzzle.from_text(text)
        solved = puzzle.solve(encoding=encoding)
        rating = puzzle.rate(encoding=encoding)
        proof = puzzle.prove(encoding=encoding)["proof"] if solved["status"] != "multiple" else None
        rows.append(
            {
                "index": index,
                "label": label,
                "puzzle": puzzle.line,
                "status": solved["status"],
                "solution": solved["solution"],
                "second_solution": solved["second_solution"],
                "level": rating["level"],
                "decisions": rating["decisions"],
                "conflicts": rating["conflicts"],
                "rating_gave_up": rating["gave_up"],
                "cross_check": solved["cross_check"],
                "proof_sha256": _digest(proof),
            }
        )
    _write_shard(out_dir, shard, rows, SOLVED)
    return len(rows)


def _open_job(out_dir: Union[str, os.PathLike], job: Dict[str, Any]) -> Path:
    """Makes ``out_dir``, or checks that it holds this same job; removes the
    temporary files a killed run left. Returns the folder."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    if manifest.exists():
        held = _read_manifest(manifest)
        if held != job:
            differ = sorted(k for k in set(held) | set(job) if held.get(k) != job.get(k))
            raise JobMismatch(
                f"{manifest}: the folder holds another job (its {', '.join(differ)} "
                "differ); run with the same parameters or use another folder"
            )
    else:
        temp = folder / f".{MANIFEST}.tmp"
        temp.write_text(json.dumps(job, indent=2) + "\n")
        os.replace(temp, manifest)
    _remove_temporary(folder)
    return folder


_JSON_TYPES = {list: "array", str: "string", int: "number", float: "number", bool: "boolean"}


def _read_manifest(manifest: Path) -> Dict[str, Any]:
    """Returns the job recorded in ``manifest``, or raises ``JobMismatch``
    naming the file and what is wrong with it: a record that cannot be
    read is no job this one could resume. The file is left as found."""

    def refuse(why: str) -> JobMismatch:
        return JobMismatch(
            f"{manifest}: {why}; it holds no job's record: remove it or use another folder"
        )

    data = manifest.read_bytes()
    try:
        held = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise refuse(f"not UTF-8 text ({_bad_byte(data, e)})") from None
    except json.JSONDecodeError as e:
        raise refuse(f"not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    if not isinstance(held, dict):
        found = _JSON_TYPES.get(type(held), "null")
        raise refuse(f"a JSON {found}, where an object of the job's parameters belongs")
    return held


def _remove_temporary(folder: Path) -> None:
    """Removes the temporary files of shards whose writer was killed."""
    for stale in folder.glob(".shard-*.tmp"):
        stale.unlink(missing_ok=True)


def _run(
    folder: Path,
    shards: int,
    submit: Callable[[Client, int, str], Any],
    client: Optional[Client],
    progress: Optional[Progress],
) -> List[Path]:
    """Runs the shards not yet in ``folder`` on the cluster and returns
    every shard's path, in order. ``submit(client, shard, key)`` submits
    one shard's task under the Dask key ``key``."""
    todo = [s for s in range(shards) if not (folder / _shard_name(s)).exists()]
    done = shards - len(todo)
    if progress:
        progress(done, shards)
    own = client is None
    if own:
        try:
            client = default_client()
            own = False
        except ValueError:
            client = Client()
    try:
        # A key of this run's own: the scheduler may still hold a finished
        # task of an earlier run under the same name, and would answer with
        # it rather than write the shard again.
        run = uuid.uuid4().hex[:8]
        futures = [submit(client, s, f"sudoku-{folder.name}-{s}-{run}") for s in todo]
        finished = as_completed(futures)
        # Only the iterator holds the futures: a finished one released
        # is not run again when the worker that holds its result dies.
        futures.clear()
        try:
            for future in finished:
                future.result()
                future.release()
                done += 1
                if progress:
                    progress(done, shards)
        except BaseException:
            # A failed shard fails the job: the shards not started are
            # cancelled rather than left to run on for a job that is over
            # (a run with the same out_dir later resumes from what landed).
            client.cancel(list(finished.futures))
            finished.clear()
            raise
        # Every shard is written: a temporary file left now is a killed
        # worker's.
        _remove_temporary(folder)
    finally:
        if own:
            client.close()
    return [folder / _shard_name(s) for s in range(shards)]


def generate(
    out_dir: Union[str, os.PathLike],
    count: int,
    *,
    seed: int,
    mix: Sequence[MixItem] = (Part(),),
    shard_size: int = 1000,
    client: Optional[Client] = None,
    encoding: Optional[ss.Encoding] = None,
    progress: Optional[Progress] = None,
) -> List[Path]:
    """Generates ``count`` certified puzzles across the cluster's workers
    into ``out_dir`` and returns the shards' paths, in order.

    Each puzzle is proved unique and minimal by SAT, re-checked by the
    backtracker, rated, and proved unique by DRAT (the digest is the
    SHA-256 of the proof ``Puzzle.prove`` gives, byte for byte the CLI's
    ``--proof-dir`` file). ``mix`` lists the kinds of puzzle wanted
    (``Part`` or ``(size, difficulty, share)``); ``part_of`` says which
    puzzle is of which part. ``client`` defaults to the current Dask
    client, else a local cluster made for the job.
    """
    if count < 0 or shard_size < 1:
        raise ValueError("count must be 0 or more and shard_size 1 or more")
    parts = _parts(mix)
    for part in parts:
        # The package checks the size and blocks as for a single call;
        # no puzzle is made.
        ss.generate(0, size=part.size, blocks=part.blocks, difficulty=part.difficulty)
    job = {
        "job": "generate",
        "count": count,
        "seed": seed,
        "mix": [asdict(p) | {"blocks": list(p.blocks) if p.blocks else None} for p in parts],
        "shard_size": shard_size,
        "encoding": _encoding_names(encoding),
    }
    folder = _open_job(out_dir, job)
    shards = -(-count // shard_size)
    submit = lambda c, s, key: c.submit(_generate_shard, str(folder), s, job, key=key)  # noqa: E731
    return _run(folder, shards, submit, client, progress)


def _text_of(data: bytes) -> str:
    """Returns a file's bytes as text, or raises ``ParseError`` naming the
    line and column of the first byte that is not UTF-8, as the CLI does."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ss.ParseError(f"{_bad_byte(data, e)} (the text is not UTF-8)") from None


def _bad_byte(data: bytes, e: UnicodeDecodeError) -> str:
    """Names the first byte of ``data`` that is not UTF-8 by its line and
    column, as the CLI does."""
    line_start = data.rfind(b"\n", 0, e.start) + 1
    line = data.count(b"\n", 0, e.start) + 1
    column = len(data[line_start : e.start].decode("utf-8", "replace")) + 1
    return f"line {line}, column {column}: invalid byte 0x{data[e.start]:02x}"


def _items(path: Path, data: bytes) -> List[Tuple[int, str, str]]:
    """Reads every puzzle of a file's bytes as (index, label, text): a line
    for a classic puzzle, an f-puzzles link for any other."""
    items = []
    try:
        puzzles = ss.Puzzle.read_all(_text_of(data))
    except ss.ParseError as e:
        raise ss.ParseError(f"{path}: {e}") from None
    for index, puzzle in enumerate(puzzles):
        text = puzzle.line
        if puzzle.constraints or ss.Puzzle.from_text(text).blocks != puzzle.blocks:
            text = puzzle.link()
        items.append((index, puzzle.label, text))
    return items


def solve_file(
    path: Union[str, os.PathLike],
    out_dir: Union[str, os.PathLike],
    *,
    shard_size: int = 1000,
    client: Optional[Client] = None,
    encoding: Optional[ss.Encoding] = None,
    progress: Optional[Progress] = None,
) -> List[Path]:
    """Solves every puzzle of the file at ``path`` across the cluster's
    workers into ``out_dir`` and returns the shards' paths, in order.

    Each puzzle is solved with the backtracker's cross-check, rated, and
    proved by DRAT when it has at most one solution. The file is read and
    parsed here, once (an unreadable puzzle raises ``ParseError`` naming
    its line before any work starts); each task gets its puzzles' text.
    """
    if shard_size < 1:
        raise ValueError("shard_size must be 1 or more")
    source = Path(path).resolve()
    data = source.read_bytes()
    items = _items(source, data)
    job = {
        "job": "solve",
        "input": str(source),
        # The content, not only the name and size, says whether a folder's
        # shards are this job's: a file rewritten with other puzzles in as
        # many bytes would otherwise resume into a mix of both.
        "input_sha256": hashlib.sha256(data).hexdigest(),
        "shard_size": shard_size,
        "encoding": _encoding_names(encoding),
    }
    folder = _open_job(out_dir, job)
    shards = -(-len(items) // shard_size)

    def submit(c: Client, s: int, key: str) -> Any:
        chunk = items[s * shard_size : (s + 1) * shard_size]
        return c.submit(_solve_shard, str(folder), s, job, chunk, key=key)

    return _run(folder, shards, submit, client, progress)
