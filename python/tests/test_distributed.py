"""sudoku_sat.distributed on a local Dask cluster: the same shards whatever
the worker count, a killed worker, restarts, and every row re-proved."""

import hashlib
import os
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="dask[distributed] is not installed")
pytest.importorskip("pyarrow", reason="pyarrow is not installed")

import pyarrow.parquet as pq  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import sudoku_sat as ss  # noqa: E402
from sudoku_sat import distributed as sd  # noqa: E402

MIX = [sd.Part(9, None, 0.5), sd.Part(9, "probing", 0.3), sd.Part(4, None, 0.2)]


def cluster(workers: int) -> Client:
    return Client(
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
        )
    )


@pytest.fixture(scope="module")
def two():
    with cluster(2) as client:
        yield client


@pytest.fixture(scope="module")
def one_worker_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("one")
    with cluster(1) as client:
        paths = sd.generate(out, 30, seed=9, mix=MIX, shard_size=8, client=client)
    return out, paths


def rows(paths):
    return [row for p in paths for row in pq.read_table(p).to_pylist()]


def test_the_same_seed_gives_the_same_shards_with_1_and_2_workers(one_worker_run, two, tmp_path):
    out, paths = one_worker_run
    assert [p.name for p in paths] == [f"shard-{s:05d}.parquet" for s in range(4)]
    again = sd.generate(tmp_path, 30, seed=9, mix=MIX, shard_size=8, client=two)
    for mine, theirs in zip(paths, again):
        assert pq.read_table(mine).equals(pq.read_table(theirs)), mine.name
    made = rows(paths)
    assert [r["index"] for r in made] == list(range(30))
    # Each puzzle is of the part the mix gives it, and its level holds.
    for r in made:
        part = MIX[sd.part_of(r["index"], MIX)]
        assert r["size"] == part.size and r["difficulty"] == part.difficulty
        assert part.difficulty in (None, r["level"])
    # A puzzle is the one generate makes alone for (seed, k).
    (alone,) = ss.generate(1, seed=9, start=5, size=MIX[sd.part_of(5, MIX)].size,
                           difficulty=MIX[sd.part_of(5, MIX)].difficulty)
    assert made[5]["puzzle"] == alone["puzzle"]


def test_every_row_is_unique_by_solve_and_its_digest_matches_a_fresh_proof(one_worker_run):
    _, paths = one_worker_run
    for r in rows(paths):
        puzzle = ss.Puzzle.from_text(r["puzzle"])
        solved = puzzle.solve()
        assert (solved["status"], solved["solution"]) == ("unique", r["solution"])
        proof = puzzle.prove()["proof"]
        assert hashlib.sha256(proof).hexdigest() == r["proof_sha256"], r["index"]
        assert r["minimal"] and r["cross_check"] == "agree"


def test_killing_a_worker_mid_job_still_completes_every_shard(one_worker_run, two, tmp_path):
    expected, _ = one_worker_run
    victim = next(iter(two.run(os.getpid).values()))
    killed = []

    def progress(done, total):
        if done >= 1 and not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    # Longer than the reference run, whose 30 puzzles are its prefix.
    paths = sd.generate(tmp_path, 120, seed=9, mix=MIX, shard_size=8, client=two,
                        progress=progress)
    assert killed and killed[0] < len(paths), "the worker died before the job ended"
    assert victim not in two.run(os.getpid).values()
    made = rows(paths)
    assert [r["index"] for r in made] == list(range(120))
    assert made[:30] == rows(sorted(expected.glob("shard-*.parquet")))
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_restart_skips_finished_shards_and_cleans_temporary_files(two, tmp_path):
    paths = sd.generate(tmp_path, 12, seed=3, shard_size=4, client=two)
    before = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in paths}
    # A killed run: a shard lost, a half-written temporary file left.
    paths[1].unlink()
    (tmp_path / ".shard-00001.parquet.dead.tmp").write_bytes(b"PAR1 half")
    seen = []
    again = sd.generate(tmp_path, 12, seed=3, shard_size=4, client=two,
                        progress=lambda done, total: seen.append((done, total)))
    assert again == paths and seen == [(2, 3), (3, 3)]
    for p in (paths[0], paths[2]):
        assert (p.stat().st_ino, p.stat().st_mtime_ns) == before[p], p.name
    assert len(pq.read_table(paths[1])) == 4
    assert sorted(f.name for f in tmp_path.iterdir()) == [
        "_job.json", *(p.name for p in paths)
    ]
    # The folder reads as one table: the manifest is skipped.
    assert pq.read_table(tmp_path).num_rows == 12
    with pytest.raises(sd.JobMismatch, match="seed"):
        sd.generate(tmp_path, 12, seed=4, shard_size=4, client=two)


def test_solve_file_solves_rates_and_proves_each_puzzle(two, root, tmp_path):
    source = root / "data" / "p096_sudoku.txt"
    paths = sd.solve_file(source, tmp_path / "out", shard_size=16, client=two)
    assert len(paths) == 4
    solved = rows(paths)
    assert [r["label"] for r in solved[:2]] == ["Grid 01", "Grid 02"]
    assert len(solved) == 50
    for r, puzzle in zip(solved, ss.Puzzle.read_all(source.read_text())):
        assert (r["status"], r["puzzle"]) == ("unique", puzzle.line)
        assert r["solution"] == puzzle.solve()["solution"]
        assert r["proof_sha256"] == hashlib.sha256(puzzle.prove()["proof"]).hexdigest()


def test_bad_arguments_are_refused_before_any_work(tmp_path):
    with pytest.raises(ValueError, match="difficulty"):
        sd.generate(tmp_path, 4, seed=1, mix=[(9, "hard", 1.0)])
    with pytest.raises(ValueError, match="share"):
        sd.generate(tmp_path, 4, seed=1, mix=[(9, None, 0)])
    with pytest.raises(ValueError, match="size 3"):
        sd.generate(tmp_path, 4, seed=1, mix=[(3, None, 1.0)])
    assert not list(tmp_path.iterdir())
    bad = tmp_path / "bad.txt"
    bad.write_text("1234x\n")
    with pytest.raises(ss.ParseError):
        sd.solve_file(bad, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_file_rewritten_in_as_many_bytes_is_another_job(two, root, tmp_path):
    lines = (root / "data" / "p096_sudoku.txt").read_text().splitlines()
    grids = [lines[i + 1 : i + 10] for i in range(0, len(lines), 10)]
    source = tmp_path / "in.txt"
    source.write_text("".join("".join(g) + "\n" for g in grids[:8]))
    paths = sd.solve_file(source, tmp_path / "out", shard_size=4, client=two)
    paths[1].unlink()
    # The same puzzles in the other order: the same size, other content.
    source.write_text("".join("".join(g) + "\n" for g in reversed(grids[:8])))
    with pytest.raises(sd.JobMismatch, match="input_sha256"):
        sd.solve_file(source, tmp_path / "out", shard_size=4, client=two)


def test_a_file_that_is_not_utf8_names_its_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"." * 81 + b"\n" + b"..\xff" + b"." * 78 + b"\n")
    with pytest.raises(ss.ParseError, match=r"bad.txt: line 2, column 3: invalid byte 0xff"):
        sd.solve_file(bad, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_failed_shard_cancels_the_shards_not_started(tmp_path):
    # 4x4 puzzles at the search level are all but impossible to find: the
    # part fails its shard, first at k = 20, in shard 1 of 20. On one
    # worker thread the shards after it are waiting when it fails, and
    # none of them should run on for a job that is over.
    mix = [(4, None, 0.97), (4, "search", 0.03)]
    assert [k for k in range(40) if sd.part_of(k, mix) == 1] == [20]
    with cluster(1) as client:
        with pytest.raises(ss.PuzzleError):
            sd.generate(tmp_path, 400, seed=1, mix=mix, shard_size=20, client=client)
        at_failure = len(list(tmp_path.glob("shard-*.parquet")))
        time.sleep(2.0)
        after = len(list(tmp_path.glob("shard-*.parquet")))
    # At most the shard already running when the failure was seen.
    assert after <= at_failure + 1, (at_failure, after)


def test_a_mix_holds_each_part_in_its_share_in_every_prefix():
    mix = [(9, None, 0.5), (9, "probing", 0.5)]
    for n in (10, 100, 1000):
        firsts = sum(sd.part_of(k, mix) == 0 for k in range(n))
        assert abs(firsts - n / 2) <= 2, n
    assert {sd.part_of(k, [(9, None, 1.0)]) for k in range(50)} == {0}


def test_a_corrupt_job_record_is_a_job_mismatch_naming_the_file(tmp_path):
    # Refused while the folder is opened, before any cluster is asked for.
    for content, why in [
        (b"{not json", r"not JSON \(line 1, column 2: "),
        (b"[1, 2]", r"a JSON array, where an object of the job's parameters belongs"),
        (b"\xff\xfe", r"not UTF-8 text"),
    ]:
        (tmp_path / "_job.json").write_bytes(content)
        with pytest.raises(sd.JobMismatch, match=rf"_job.json: {why}") as raised:
            sd.generate(tmp_path, 4, seed=1, shard_size=4)
        assert str(tmp_path / "_job.json") in str(raised.value)
        assert "another folder" in str(raised.value)
        assert (tmp_path / "_job.json").read_bytes() == content, "the record is left as found"
