"""Errors are exceptions carrying the CLI's messages; nothing panics."""

import pytest

import sudoku_sat as ss


def test_unreadable_puzzles_raise_the_clis_message(cli, tmp_path):
    for text in ("12x4............", "1234", "Grid 01\n12345678\n"):
        path = tmp_path / "bad.txt"
        path.write_text(text if text.endswith("\n") else text + "\n")
        code, _, err = cli("solve", str(path))
        assert code == 2
        with pytest.raises(ss.ParseError) as raised:
            ss.Puzzle.from_text(text)
        message = str(raised.value)
        assert message and message in err, (text, message, err)


def test_a_bad_link_and_a_bad_rules_file_are_parse_errors(cli, tmp_path):
    with pytest.raises(ss.ParseError):
        ss.Puzzle.from_link("https://www.f-puzzles.com/?load=notbase64!")
    rules = tmp_path / "bad.toml"
    rules.write_text('size = 9\n[[killer]]\ncells = "r1c1-r1c2"\nsum = "x"\n')
    code, _, err = cli("solve", str(rules))
    assert code == 2
    with pytest.raises(ss.ParseError) as raised:
        ss.Puzzle.from_rules(rules.read_text())
    assert str(raised.value) in err


def test_no_hint_for_a_broken_grid_with_the_clis_words(cli):
    line = "11.............."
    code, _, err = cli("hint", line)
    assert code == 1
    with pytest.raises(ss.PuzzleError) as raised:
        ss.Puzzle.from_text(line).hint()
    assert str(raised.value) in err


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="possible values: pairwise"):
        ss.Encoding(amo="pairs")
    puzzle = ss.Puzzle.from_text("1...............")
    with pytest.raises(ValueError):
        puzzle.explain("r9c9")
    with pytest.raises(ValueError):
        puzzle.hint(until="guessing")
    with pytest.raises(ValueError):
        puzzle.count(limit=0)
    with pytest.raises(ValueError):
        next(ss.generate(1, symmetry="spiral"))
    with pytest.raises(ss.ParseError, match="not a digit"):
        ss.Puzzle.from_cells([5] + [0] * 15)
    with pytest.raises(ss.ParseError, match="N² cells"):
        ss.Puzzle.from_cells([0] * 17)


def test_every_error_is_a_sudoku_sat_error():
    for kind in (ss.ParseError, ss.SolveError, ss.PuzzleError):
        assert issubclass(kind, ss.SudokuSatError)


def test_a_batch_raises_or_returns_errors_and_goes_on():
    items = ["1...............", "12x4............", "11.............."]
    raised = ss.solve_many(items)
    assert next(raised)["status"] == "multiple"
    with pytest.raises(ss.ParseError, match="^item 1: line 1, column 3"):
        next(raised)
    assert next(raised)["status"] == "unsolvable", "the batch goes on after an error"
    returned = list(ss.solve_many(items, on_error="return"))
    assert [a["index"] for a in returned] == [0, 1, 2]
    assert returned[1]["error"].startswith("line 1, column 3: invalid character 'x'")
    with pytest.raises(ValueError):
        ss.solve_many(items, on_error="ignore")


def test_a_rules_file_reads_as_text_and_in_batches_as_the_cli_reads_it(root):
    text = (root / "examples/puzzles/killer-4x4.toml").read_text()
    by_rules = ss.Puzzle.from_rules(text)
    assert ss.Puzzle.from_text(text).constraints == by_rules.constraints
    assert [p.constraints for p in ss.Puzzle.read_all(text)] == [by_rules.constraints]
    answer = next(ss.solve_many([text], on_error="return"))
    assert answer["status"] == by_rules.solve()["status"] == "unique", answer


def test_generate_refuses_a_size_its_blocks_do_not_tile():
    with pytest.raises(ValueError) as raised:
        next(ss.generate(1, size=9, blocks=(2, 2)))
    assert "blocks" in str(raised.value)
    # Without a size, the blocks give it; without either, 9.
    assert len(next(ss.generate(1, blocks=(2, 2)))["puzzle"]) == 16
    assert len(next(ss.generate(1))["puzzle"]) == 81


def test_a_wrong_csv_solution_is_an_error_as_in_the_cli(cli, tmp_path):
    puzzle = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    right = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    wrong = right[:-1] + "3"
    path = tmp_path / "w.csv"
    path.write_text(f"quizzes,solutions\n{puzzle},{wrong}\n")
    code, _, err = cli("check", str(path))
    assert code == 2 and "the solution given in the input is wrong" in err
    with pytest.raises(ss.ParseError, match="line 2: the solution given in the input is wrong"):
        ss.Puzzle.read_all(path.read_text())
    with pytest.raises(ss.ParseError, match="wrong"):
        ss.Puzzle.from_text(path.read_text())
    path.write_text(f"quizzes,solutions\n{puzzle},{right}\n")
    assert ss.Puzzle.read_all(path.read_text())[0].solve()["solution"] == right


def test_a_model_with_a_variable_both_ways_or_past_range_is_refused():
    puzzle = ss.Puzzle.from_text("." * 81)
    formula = puzzle.encode()
    solution = ss.Puzzle.from_text(
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    )
    model = [
        v if solution.cells[(v - 1) // 9] == (v - 1) % 9 + 1 else -v
        for v in range(1, 730)
    ]
    assert formula.decode(model) == solution.line
    with pytest.raises(ValueError, match="both true and false"):
        formula.decode(model + [-model[0]])
    with pytest.raises(ValueError):
        formula.decode(model + [2**40])


def test_generate_refuses_a_start_whose_numbers_would_wrap():
    with pytest.raises(ValueError, match="start"):
        ss.generate(1, start=2**64 - 1)
    with pytest.raises(ValueError, match="start"):
        ss.generate(3, start=2**64 - 3)
    assert next(ss.generate(1, start=2**64 - 2, size=4))["index"] == 2**64 - 1


# An f-puzzles payload with an arrow that has no shaft: the reader leaves
# it out, as a drawing.
SHAFTLESS = (
    "N4IgJglghg5g9gOygGwNQgFwAIAuAnAVwFMAaLcaeJZAWk10NPJjwjHoG0PQYIA3Ignr5iZEHxTF6AZgC+ZYPKyKFSlcrUheAodhFNxkovQCMazdsHDGYicinYAnLIC6Zbhf5W9N8nYdYAByeOtaifkb0ACzmqnHKWl66DOGG9sbYcvE8SWEG/hlYAKyu7urliaE+qQX0AEyxCZbJ+raR2CXZjTlVKfntWABspVge2ZXefW3p9M5d8xqqbqPl3RMtvmkBAOwhk60RM9jD48150wFzixrLY9erCw9NudX9R1hytz37m7VOa2dXhdCsFHt1zF9wacXlNDjsofd1uc4YUYpCwQokUCUTIEasXMsQABnCAAL0KjjEUDweDgAHdOKAAMZEZDIImcEAAJTqAGETCBCcgIAgiBzsBwXK5ZEA==="
)


def test_drawing_elements_left_out_are_a_warning_as_in_the_cli(cli, tmp_path):
    path = tmp_path / "link.txt"
    path.write_text(SHAFTLESS + "\n")
    _, _, err = cli("solve", str(path))
    assert "ignored f-puzzles drawing elements (arrow without a shaft)" in err
    for read in (ss.Puzzle.from_link, ss.Puzzle.from_text, ss.Puzzle.read_all):
        with pytest.warns(UserWarning, match=r"ignored f-puzzles drawing elements \(arrow without a shaft\); rules drawn with them are not enforced"):
            read(SHAFTLESS)


def test_a_bad_batch_argument_is_refused_at_the_call():
    with pytest.raises(ValueError, match="the limit must be at least 1"):
        ss.count_many(["." * 81] * 3, limit=0, on_error="return")


def test_a_generated_row_reads_back_with_its_blocks_and_format():
    row = next(ss.generate(1, seed=1, size=6, blocks=(3, 2)))
    again = ss.Puzzle.from_text(row["puzzle"], format="line", blocks=(3, 2))
    assert again.solve()["status"] == "unique"
    assert again.solve()["solution"] == row["solution"]
    five = next(ss.generate(1, seed=1, size=5))
    assert ss.Puzzle.from_text(five["puzzle"], format="line").solve()["status"] == "unique"
    with pytest.raises(ValueError, match="possible values"):
        ss.Puzzle.from_text(row["puzzle"], format="grid")


def test_a_negative_number_is_a_value_error_naming_its_parameter():
    puzzle = ss.Puzzle.from_text("1...............")
    formula = puzzle.encode()
    calls = [
        ("limit", lambda v: puzzle.count(limit=v)),
        ("decision_limit", lambda v: puzzle.rate(decision_limit=v)),
        ("probe_limit", lambda v: puzzle.check(probe_limit=v)),
        ("blocks", lambda v: ss.Puzzle.from_text("1...............", blocks=(v, 2))),
        ("blocks", lambda v: ss.Puzzle.read_all("1...............", blocks=(2, v))),
        ("row", lambda v: formula.var(v, 0, 1)),
        ("digit", lambda v: formula.var(0, 0, v)),
        ("variable", lambda v: formula.cell_digit(v)),
        ("jobs", lambda v: ss.solve_many([], jobs=v)),
        ("limit", lambda v: ss.count_many([], limit=v)),
        ("probe_limit", lambda v: ss.rate_many([], probe_limit=v)),
        ("count", lambda v: ss.generate(v)),
        ("seed", lambda v: ss.generate(1, seed=v)),
        ("start", lambda v: ss.generate(1, start=v)),
        ("size", lambda v: ss.generate(1, size=v)),
        ("blocks", lambda v: ss.generate(1, blocks=(v, 2))),
        ("max_tries", lambda v: ss.generate(1, max_tries=v)),
        ("node_limit", lambda v: ss.generate(1, node_limit=v)),
        ("climb_moves", lambda v: ss.generate(1, climb_moves=v)),
        ("decision_limit", lambda v: ss.generate(1, decision_limit=v)),
    ]
    for name, call in calls:
        with pytest.raises(ValueError, match=rf"^{name}: must be non-negative, not -1$"):
            call(-1)
        # Past what any parameter holds, the same by name, either way.
        with pytest.raises(ValueError, match=rf"^{name}: must be non-negative$"):
            call(-(2**200))
        with pytest.raises(OverflowError, match=rf"^{name}: is too large; the largest it takes is \d+$"):
            call(2**200)
    # Too large is an overflow, still naming the parameter.
    with pytest.raises(OverflowError, match=r"^seed: 18446744073709551616 is too large"):
        ss.generate(1, seed=2**64)
    # Not an int at all stays PyO3's TypeError, which names it too.
    with pytest.raises(TypeError, match=r"^argument 'seed'"):
        ss.generate(1, seed="1")
    with pytest.raises(TypeError, match=r"^argument 'blocks'"):
        ss.generate(1, blocks=[2, 2])


def test_a_grid_shaped_array_is_refused_with_the_shape_expected_and_found():
    np = pytest.importorskip("numpy")
    grid = np.zeros((4, 4), dtype=np.int64)
    expected = r"an array of shape \(4, 4\), where one row of N² numbers, shape \(N²,\), is expected"
    with pytest.raises(ss.ParseError, match="^" + expected):
        ss.Puzzle.from_cells(grid)
    with pytest.raises(ss.ParseError, match="^item 0: " + expected):
        next(ss.solve_many(grid[np.newaxis]))
    # A row, and rows of a 2-D array, are what is expected.
    assert ss.Puzzle.from_cells(grid.ravel()).side == 4
    assert next(ss.solve_many(grid.reshape(1, 16)))["status"] == "multiple"


def test_explain_names_a_bad_target_once_in_the_clis_words(cli):
    line = "1..............."
    puzzle = ss.Puzzle.from_text(line)
    for target in ("", "r9c9", "999", "row0"):
        _, _, err = cli("explain", target, line)
        with pytest.raises(ValueError) as raised:
            puzzle.explain(target)
        message = str(raised.value)
        assert message and message in err, (target, message, err)
        # The CLI's message names the target, once, with no prefix.
        assert not message.startswith((":", f"{target}:")), message
        assert message.count(target or "''") == 1, message


def test_a_model_listing_a_literal_twice_decodes_and_two_digits_are_named():
    formula = ss.Puzzle.from_text("." * 81).encode()
    solution = ss.Puzzle.from_text(
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    )
    model = [
        v if solution.cells[(v - 1) // 9] == (v - 1) % 9 + 1 else -v
        for v in range(1, 730)
    ]
    # r1c1 holds 4: its literal listed twice is the same assignment.
    assert formula.decode(model + [4]) == solution.line
    assert formula.decode(model + model[::-1]) == solution.line
    # Two digits of one cell are refused, each named.
    two = model[:7] + [8] + model[8:]
    with pytest.raises(ss.SolveError, match="^the model puts both 4 and 8 in r1c1$"):
        formula.decode(two)


SURROGATE = "line 1, column 4: invalid character U+D800, a lone surrogate (the text cannot be UTF-8)"


def test_a_lone_surrogate_is_a_parse_error_naming_its_line_and_column():
    line = "1..\ud800............"
    for read in (ss.Puzzle.from_text, ss.Puzzle.read_all, ss.Puzzle.from_link,
                 ss.Puzzle.from_rules):
        with pytest.raises(ss.ParseError) as raised:
            read(line)
        assert str(raised.value) == SURROGATE, read
    # Lines and columns count as the reader counts them: characters, a
    # byte order mark not counted.
    with pytest.raises(ss.ParseError, match=r"^line 2, column 3: invalid character U\+DFFF"):
        ss.Puzzle.from_text("\ufeff1...\n..\udfff.\n....\n....\n")
