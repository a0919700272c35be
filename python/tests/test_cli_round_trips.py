"""The package answers what the CLI answers, on the same puzzles."""

import pytest

import sudoku_sat as ss

FOUR_SEVERAL = "1...........3..2"
FOUR_CLASH = "11.............."
NINE_EMPTY_ISH = "1" + "." * 80


def without(record, *keys):
    return {k: v for k, v in record.items() if k not in keys}


def test_project_euler_96_solves_as_the_cli_does(root, cli_json):
    path = root / "data" / "p096_sudoku.txt"
    puzzles = ss.Puzzle.read_all(path.read_text())
    expected = cli_json("solve", str(path))
    assert len(puzzles) == len(expected) == 50
    for puzzle, record in zip(puzzles, expected):
        answer = puzzle.solve()
        assert puzzle.label == record["label"]
        assert answer["status"] == record["status"] == "unique"
        assert answer["solution"] == record["solution"]
        assert answer["cross_check"] == record["cross_check"] == "agree"
    # The batch gives the same, in input order, from the file's text.
    streamed = list(ss.solve_many(puzzles))
    assert [a["solution"] for a in streamed] == [r["solution"] for r in expected]
    assert [a["index"] for a in streamed] == list(range(50))


def test_several_and_no_solution_as_the_cli_says(cli_json):
    for line in (FOUR_SEVERAL, FOUR_CLASH):
        (record,) = cli_json("solve", line)
        answer = ss.Puzzle.from_text(line).solve()
        for key in ("status", "solution", "second_solution", "cross_check"):
            assert answer[key] == record[key], (line, key)


def test_counts_match_the_cli(cli_json):
    for line, limit in ((FOUR_SEVERAL, "1000"), (FOUR_SEVERAL, "5"), (FOUR_CLASH, "10")):
        (record,) = cli_json("count", line, "--limit", limit)
        answer = ss.Puzzle.from_text(line).count(limit=int(limit))
        assert answer == without(record, "label", "line"), line


def test_candidates_match_the_cli(cli_json):
    (record,) = cli_json("candidates", FOUR_SEVERAL)
    answer = ss.Puzzle.from_text(FOUR_SEVERAL).candidates()
    assert answer["solutions"] == record["solutions"] == "several"
    assert ["".join(map(str, c)) for c in answer["cells"]] == record["candidates"]


def test_ratings_match_the_cli(root, cli_json):
    path = root / "data" / "p096_sudoku.txt"
    expected = cli_json("rate", str(path))
    streamed = list(ss.rate_many(ss.Puzzle.read_all(path.read_text())))
    assert len(streamed) == len(expected) == 50
    for answer, record in zip(streamed, expected):
        for key in ("level", "propagated", "probed", "decisions", "conflicts", "gave_up"):
            assert answer[key] == record[key], (record["label"], key)


def test_setter_reports_match_the_cli(root, cli_json):
    lines = [FOUR_SEVERAL, FOUR_CLASH, (root / "data" / "p096_sudoku.txt").read_text()]
    for text in lines:
        record = cli_json("check", text if len(text) < 100 else str(root / "data" / "p096_sudoku.txt"))[0]
        answer = ss.Puzzle.from_text(text).check()
        assert answer == without(record, "label", "line"), text[:20]


def test_hints_match_the_cli(root, cli_json):
    line = (root / "data" / "p096_sudoku.txt").read_text()
    puzzle = ss.Puzzle.from_text(line)
    (record,) = cli_json("hint", "--all", puzzle.line)
    answer = puzzle.hint(all=True)
    assert answer["steps"] == record["steps"]
    assert answer["solved"] and record["solved"]
    assert answer["score"] == record["score"]
    (first,) = cli_json("hint", puzzle.line)
    assert puzzle.hint()["steps"] == first["steps"]


def test_generate_gives_the_clis_puzzles_for_a_seed(cli_json):
    expected = cli_json("generate", "-n", "3", "--seed", "7", "--symmetry", "rotational")
    made = list(ss.generate(3, seed=7, symmetry="rotational"))
    assert len(made) == 3
    for answer, record in zip(made, expected):
        keys = ("index", "puzzle", "solution", "givens", "level", "tries", "sat_calls")
        for key in keys + ("minimal", "removal", "unsettled", "cross_check", "unique"):
            assert answer[key] == record[key], key
        # Every key of the CLI's record but its proof paths (bytes here).
        assert set(record) - set(answer) == {"proof"}, set(record) - set(answer)
        # Proved unique: the solver agrees.
        solved = ss.Puzzle.from_text(answer["puzzle"]).solve()
        assert solved["status"] == "unique" and solved["solution"] == answer["solution"]


def test_generate_from_a_start_gives_the_clis_puzzle_and_proof(cli, tmp_path):
    code, _, err = cli("generate", "-n", "3", "--seed", "11", "--proof-dir", str(tmp_path))
    assert code == 0, err
    (third,) = ss.generate(1, seed=11, start=2, proof=True)
    assert third["index"] == 3 and third["cross_check"] == "agree"
    # The same DRAT proof, byte for byte, as the CLI's certificate.
    assert third["proof"] == (tmp_path / "puzzle-0003.drat").read_bytes()
    proved = ss.Puzzle.from_text(third["puzzle"]).prove()
    assert (proved["status"], proved["solution"]) == ("unique", third["solution"])
    assert proved["proof"] == third["proof"]
    assert "proof" not in next(ss.generate(1, seed=11))


def test_generate_on_a_rules_template_and_a_small_grid(root):
    (four,) = ss.generate(1, size=4, seed=3)
    assert len(four["puzzle"]) == 16
    assert (four["removal"], four["minimal"], four["unsettled"]) == ("exact", True, 0)
    template = ss.Puzzle.from_rules((root / "tests" / "data" / "killer.toml").read_text())
    (made,) = ss.generate(1, template=template, seed=1)
    assert made["fpuzzles"].startswith("https://www.f-puzzles.com/?load=")
    again = ss.Puzzle.from_link(made["fpuzzles"])
    assert again.constraints and again.solve()["solution"] == made["solution"]


def test_rules_files_and_links_solve_as_the_cli_does(root, cli_json):
    path = root / "tests" / "data" / "killer.toml"
    (record,) = cli_json("solve", str(path))
    puzzle = ss.Puzzle.from_rules(path.read_text())
    assert puzzle.constraints, "the cages are read"
    assert puzzle.solve()["solution"] == record["solution"]
    linked = ss.Puzzle.from_link(puzzle.link())
    assert linked == puzzle
    assert linked.solve()["solution"] == record["solution"]


def test_stats_and_explain_match_the_cli(cli, cli_json):
    import json

    puzzle = ss.Puzzle.from_text(NINE_EMPTY_ISH)
    for amo in ("pairwise", "sequential"):
        _, out, _ = cli("stats", puzzle.line, "--amo", amo, "--output", "json")
        record = json.loads(out)
        answer = puzzle.stats(encoding=ss.Encoding(amo=amo))
        for key in ("variables", "clauses", "families"):
            assert answer[key] == record[key], (amo, key)
    (record,) = cli_json("explain", "r5c3", puzzle.line, "--show", "0")
    answer = puzzle.explain("r5c3")
    assert answer["families"] == record["families"]



def test_generate_steering_matches_the_cli(root, cli_json, tmp_path):
    """pattern, solution, keep_givens and rate=False give the CLI's puzzles."""
    text = (root / "data" / "p096_sudoku.txt").read_text()
    euler = ss.Puzzle.read_all(text)[0]
    solution = euler.solve()["solution"]
    (tmp_path / "solution.txt").write_text(solution + "\n")
    (tmp_path / "pattern.txt").write_text(euler.line + "\n")
    cases = [
        ({"solution": ss.Puzzle.from_text(solution)}, ["--solution", str(tmp_path / "solution.txt")]),
        ({"pattern": euler}, ["--pattern", str(tmp_path / "pattern.txt")]),
        ({"rate": False}, ["--no-rate"]),
    ]
    for kwargs, flags in cases:
        ours = list(ss.generate(2, seed=5, **kwargs))
        cli = cli_json("generate", "-n", "2", "--seed", "5", *flags)
        for key in ("puzzle", "solution", "redundant", "level", "minimal"):
            assert [p[key] for p in ours] == [c[key] for c in cli], (flags, key)
    with pytest.raises(ValueError):
        ss.generate(1, rate=False, difficulty="probing")
    with pytest.raises(ValueError):
        ss.generate(1, pattern=ss.Puzzle.from_text("1" + "." * 15))
