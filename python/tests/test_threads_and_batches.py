"""Threads solve in parallel with the GIL released; batches take any
iterable, numpy arrays included, and stream."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import sudoku_sat as ss

# Every digit given once, so counting cannot stop early by exchanging
# unused digits: each solution up to the limit is a SAT call.
ROW_ONE = "123456789" + "." * 72


def test_python_runs_while_a_solve_runs_on_another_thread():
    puzzle = ss.Puzzle.from_text(ROW_ONE)
    inside = threading.Event()
    done = threading.Event()
    result = {}

    def work():
        inside.set()
        result["count"] = puzzle.count(limit=3000)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    inside.wait()
    # With the GIL held through the native call, this loop could not run
    # until the call returned: it would see `done` at once, or after a
    # switch or two before the call began.
    turns = 0
    while not done.is_set():
        turns += 1
        time.sleep(0.001)
    worker.join()
    assert result["count"]["limit_reached"]
    assert turns >= 20, f"the main thread ran {turns} times during the count"


def test_threads_give_the_answers_of_one_thread(root):
    puzzles = ss.Puzzle.read_all((root / "data" / "p096_sudoku.txt").read_text())
    alone = [p.solve()["solution"] for p in puzzles]
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = list(pool.map(lambda p: p.solve()["solution"], puzzles))
        halves = [puzzles[:25], puzzles[25:]]
        streamed = list(pool.map(lambda ps: [a["solution"] for a in ss.solve_many(ps)], halves))
    assert threaded == alone
    assert streamed[0] + streamed[1] == alone


def test_a_numpy_array_of_puzzles_is_a_batch(root):
    puzzles = ss.Puzzle.read_all((root / "data" / "p096_sudoku.txt").read_text())[:8]
    array = np.array([p.cells for p in puzzles], dtype=np.int8)
    assert array.shape == (8, 81)
    answers = list(ss.solve_many(array))
    assert [a["solution"] for a in answers] == [p.solve()["solution"] for p in puzzles]
    assert [a["puzzle"] for a in answers] == [p.line for p in puzzles]
    # A 4x4 array: the side comes from the row's length.
    four = np.zeros((2, 16), dtype=np.int64)
    four[0, 0] = 1
    assert [a["status"] for a in ss.solve_many(four)] == ["multiple", "multiple"]


def test_a_batch_streams_from_a_generator_lazily():
    pulled = []

    def lines():
        for line in ("1...............", "11.............."):
            pulled.append(line)
            yield line

    stream = ss.count_many(lines(), limit=5)
    assert pulled == [], "nothing is read before the first answer is asked for"
    first = next(stream)
    assert pulled == ["1..............."] and first["limit_reached"]
    assert next(stream)["count"] == 0
    assert next(stream, None) is None


def test_mixed_items_and_every_task():
    items = [ss.Puzzle.from_text(ROW_ONE), ROW_ONE, [int(c) for c in ROW_ONE.replace(".", "0")]]
    assert len({a["solution"] for a in ss.solve_many(items)}) == 1
    assert all(a["solutions"] == "several" for a in ss.candidates_many(items))
    assert all(a["level"] for a in ss.check_many(items[:1]))
    assert [a["count"] for a in ss.batch(items, "count", limit=3)] == [3, 3, 3]


def test_generation_streams_and_stops():
    stream = ss.generate(None, seed=5, size=4)
    made = [next(stream) for _ in range(5)]
    assert [m["index"] for m in made] == [1, 2, 3, 4, 5]
    stream.stop()
    # The thread may hold a puzzle made ahead; after a stop it is not
    # handed over, as stop's docstring says.
    time.sleep(0.3)
    assert list(stream) == []
    # The same seed gives the same puzzles.
    again = list(ss.generate(5, seed=5, size=4))
    assert [m["puzzle"] for m in again] == [m["puzzle"] for m in made]


def test_a_batch_on_threads_answers_as_one_thread_in_input_order(root):
    puzzles = ss.Puzzle.read_all((root / "data" / "p096_sudoku.txt").read_text())
    # Puzzles, text, rows of numbers, a multiple, an unsolvable and an
    # unreadable item, in a stream longer than the first chunks.
    items = []
    for i, p in enumerate(puzzles):
        items.append([p, p.line, list(p.cells)][i % 3])
    items[7:7] = ["1...............", "11..............", "12x4............"]
    alone = list(ss.solve_many(items, on_error="return"))
    # 100,000 threads would fail to start: a number past what the machine
    # can use is cut, as the CLI's --jobs is.
    for jobs in (2, 3, 0, 100_000):
        threaded = list(ss.solve_many(iter(items), on_error="return", jobs=jobs))
        assert threaded == alone, f"jobs={jobs}"
    assert [a["index"] for a in alone] == list(range(len(items)))
    assert alone[9]["error"].startswith("line 1, column 3")
    assert [a["count"] for a in ss.count_many(items[:7], limit=2, jobs=2)] == [1] * 7


def test_a_batch_on_threads_raises_at_the_item_and_goes_on():
    items = ["1..............."] * 5 + ["12x4............"] + ["11.............."] * 5
    stream = ss.solve_many(items, jobs=2)
    assert [next(stream)["status"] for _ in range(5)] == ["multiple"] * 5
    with pytest.raises(ss.ParseError, match="^item 5: line 1, column 3"):
        next(stream)
    assert [a["status"] for a in stream] == ["unsolvable"] * 5


def test_a_batch_on_threads_hands_out_the_answers_before_its_input_fails():
    def lines():
        yield from ["1..............."] * 3
        raise KeyError("the input broke")

    stream = ss.solve_many(lines(), jobs=2)
    assert [next(stream)["index"] for _ in range(3)] == [0, 1, 2]
    with pytest.raises(KeyError, match="the input broke"):
        next(stream)


def test_puzzles_pickle_and_hash_for_other_processes(root):
    import pickle

    puzzles = [
        ss.Puzzle.read_all((root / "data" / "p096_sudoku.txt").read_text())[0],
        ss.Puzzle.from_rules((root / "examples/puzzles/parity-lines.toml").read_text()),
        ss.Puzzle.from_rules((root / "examples/puzzles/killer-4x4.toml").read_text()),
    ]
    for puzzle in puzzles:
        again = pickle.loads(pickle.dumps(puzzle))
        assert again == puzzle and again.label == puzzle.label
        assert again.constraints == puzzle.constraints
        assert again.solve()["solution"] == puzzle.solve()["solution"]
        assert hash(again) == hash(puzzle)
    assert len(set(puzzles + [pickle.loads(pickle.dumps(p)) for p in puzzles])) == 3


def test_threads_sharing_one_batch_get_each_answer_exactly_once():
    # Items that tell apart: a 4x4 line with one given, at every cell and digit.
    items = []
    for cell in range(16):
        for digit in "1234":
            items.append("." * cell + digit + "." * (15 - cell))
    items *= 4
    for jobs in (1, 2):
        stream = ss.solve_many(iter(items), cross_check=False, jobs=jobs)
        start = threading.Barrier(4)
        got, errors = [], []

        def drain():
            start.wait()
            try:
                for answer in stream:
                    got.append(answer)
            except BaseException as e:  # noqa: BLE001: the test reports it
                errors.append(repr(e))

        threads = [threading.Thread(target=drain) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [], f"jobs={jobs}"
        assert sorted(a["index"] for a in got) == list(range(len(items))), f"jobs={jobs}"
        assert all(a["puzzle"] == items[a["index"]] for a in got), f"jobs={jobs}"
        assert next(stream, None) is None


def test_a_batch_whose_input_reads_the_batch_itself_raises_rather_than_hangs():
    def items():
        yield "1..............."
        yield next(stream)["solution"]

    stream = ss.solve_many(items())
    assert next(stream)["index"] == 0
    with pytest.raises(RuntimeError, match="the batch's input reads the batch itself"):
        next(stream)


def test_bytes_in_a_batch_are_refused_by_type_as_from_text_refuses_them():
    line = "1..............."
    with pytest.raises(TypeError):
        ss.Puzzle.from_text(line.encode())
    items = [line, line.encode(), bytearray(line.encode()), line]
    for jobs in (1, 2):
        stream = ss.solve_many(items, jobs=jobs)
        assert next(stream)["index"] == 0
        with pytest.raises(TypeError, match=r"^item 1: bytes are not a puzzle: decode them"):
            next(stream)
        with pytest.raises(TypeError, match=r"^item 2: a bytearray is not a puzzle: decode it"):
            next(stream)
        assert next(stream)["index"] == 3, "the batch goes on after the error"
    returned = list(ss.solve_many(items, on_error="return"))
    assert returned[1] == {
        "index": 1,
        "error": "bytes are not a puzzle: decode them to a str first (.decode() for UTF-8)",
    }


def test_a_lone_surrogate_in_a_batch_is_refused_as_from_text_refuses_it():
    line = "1..\ud800............"
    with pytest.raises(ss.ParseError) as raised:
        ss.Puzzle.from_text(line)
    message = str(raised.value)
    assert message.startswith("line 1, column 4: invalid character U+D800, a lone surrogate")
    for jobs in (1, 2):
        stream = ss.solve_many(["1...............", line, "1..............."], jobs=jobs)
        assert next(stream)["index"] == 0
        with pytest.raises(ss.ParseError) as raised:
            next(stream)
        assert str(raised.value) == f"item 1: {message}"
        assert next(stream)["index"] == 2
        returned = list(ss.solve_many([line], on_error="return", jobs=jobs))
        assert returned == [{"index": 0, "error": message}]
