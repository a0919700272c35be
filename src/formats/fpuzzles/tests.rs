//! Reading real f-puzzles payloads, refusing what is not understood, and
//! round trips through links.

use super::*;
use crate::grid::{Digit, Grid};
use crate::rules::Rule;
use crate::solve::Outcome;
use crate::solve::sat::SatSolver;

/// The shared corpus of real variant puzzles, when present.
pub(crate) fn corpus() -> Option<Vec<Vec<String>>> {
    shared("corpus.tsv")
}

/// The rows of a table of the shared variant puzzles, when present.
fn shared(file: &str) -> Option<Vec<Vec<String>>> {
    let path = format!(
        "{}/../shared/data/variants/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {path} is absent; the checks on it are skipped");
        return None;
    };
    Some(
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect(),
    )
}

/// Every real puzzle of the shared variant sets (the corpus, the held-out
/// set gathered later, and the rarer keys' set) is either refused by a
/// key its row names or solved to its published answer, uniquely; the
/// rarer keys' set is read in full. None is ever answered wrongly.
#[test]
fn real_puzzles_solve_to_their_published_answers_or_are_refused_by_name() {
    for (file, all_read) in [
        ("corpus.tsv", false),
        ("heldout.tsv", false),
        ("language.tsv", true),
    ] {
        let Some(rows) = shared(file) else { continue };
        let (mut solved, mut refused) = (0, 0);
        for row in &rows {
            let (id, keys, payload, answer) = (&row[0], &row[1], &row[3], &row[4]);
            match read(payload) {
                Ok(imported) => {
                    let outcome = SatSolver::default().solve_puzzle(&imported.puzzle).unwrap();
                    let Outcome::Unique(solution) = outcome else {
                        panic!("{file} {id}: {}", outcome.status());
                    };
                    assert_eq!(&solution.to_string(), answer, "{file} {id}");
                    // Every real puzzle survives our own link and rules file.
                    let relinked = read(&link(&imported.puzzle, None, None)).unwrap();
                    assert_eq!(relinked.puzzle.shape(), imported.puzzle.shape(), "{id}");
                    assert_eq!(relinked.puzzle.givens(), imported.puzzle.givens(), "{id}");
                    assert_eq!(
                        relinked.puzzle.constraints().len(),
                        imported.puzzle.constraints().len(),
                        "{id}"
                    );
                    let file_text =
                        crate::formats::rules_file::write(&imported.puzzle, &Default::default());
                    let (reread, _) = crate::formats::rules_file::read(&file_text)
                        .unwrap_or_else(|e| panic!("{id}: {e}\n{file_text}"));
                    assert_eq!(reread, imported.puzzle, "{id}");
                    solved += 1;
                }
                Err(FpuzzlesError::Unsupported { key }) => {
                    assert!(!all_read, "{file} {id}: refused '{key}'");
                    let named = key
                        .split([' '])
                        .next()
                        .unwrap_or_default()
                        .to_ascii_lowercase();
                    assert!(
                        keys.split(',')
                            .any(|k| named.contains(k) || k.contains(&named))
                            || named == "negative",
                        "{file} {id}: refused '{key}', which its list {keys} does not name"
                    );
                    refused += 1;
                }
                Err(e) => panic!("{file} {id}: {e}"),
            }
        }
        eprintln!("{file}: {solved} solved, {refused} refused by name");
        assert!(
            solved * 10 >= rows.len() * 9,
            "{file}: only {solved} solved"
        );
    }
}

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

#[test]
fn links_round_trip_every_family_and_irregular_blocks() {
    let puzzle = crate::puzzle::every_family();
    let url = link(&puzzle, Some("all of them"), None);
    let back = read(&url).unwrap();
    assert_eq!(back.title.as_deref(), Some("all of them"));
    // Keys come back in the JSON's order, so compare as sets.
    assert_eq!(back.puzzle.givens(), puzzle.givens());
    assert_eq!(back.puzzle.constraints().len(), puzzle.constraints().len());
    for c in puzzle.constraints() {
        assert!(back.puzzle.constraints().contains(c), "{c:?} lost");
    }

    // A jigsaw: rows 1 and 2 swap a cell between blocks 0 and 3.
    let mut layout: Vec<u8> = Size::NINE
        .all_cells()
        .map(|c| Shape::square(Size::NINE).block_of(c) as u8)
        .collect();
    layout.swap(2 * 9, 3 * 9);
    let shape = Shape::irregular(Size::NINE, layout).unwrap();
    assert_eq!(shape.block_dims(), None);
    let jigsaw = Puzzle::new(Grid::empty(shape.clone()));
    let back = read(&link(&jigsaw, None, None)).unwrap();
    assert_eq!(back.puzzle.shape(), &shape);
    // SudokuPad's form of the same link reads the same.
    let payload = payload_of(&link(&jigsaw, None, None)).unwrap().to_string();
    let pad = read(&format!("https://sudokupad.app/fpuzzles{payload}")).unwrap();
    assert_eq!(pad.puzzle, back.puzzle);
    // A solution is written into the cells, not as givens.
    let solution = crate::solve::count::pattern(&Shape::square(Size::NINE)).unwrap();
    let plain = Puzzle::new(Grid::empty(Size::NINE));
    let back = read(&link(&plain, None, Some(&solution))).unwrap();
    assert_eq!(back.puzzle.givens().given_count(), 0);
    // And as the `solution` key SudokuPad reads: every cell, row by row.
    let json = to_json(&plain, None, Some(&solution));
    let listed: Vec<u64> = json["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = solution
        .cells()
        .iter()
        .map(|d| u64::from(d.unwrap().get()))
        .collect();
    assert_eq!(listed, expected);
    assert!(to_json(&plain, None, None).get("solution").is_none());
}

fn json_error(text: &str) -> FpuzzlesError {
    from_json(text).unwrap_err()
}

#[test]
fn a_cell_marked_twice_is_marked_once() {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", vec![row; 9].join(","));
    let text = format!(
        r#"{{"size": 9, "grid": {grid}, "odd": [{{"cell": "R6C6"}}, {{"cell": "R1C1"}}, {{"cell": "R6C6"}}]}}"#
    );
    let puzzle = from_json(&text).unwrap().puzzle;
    let marks = vec![ParityCell::Odd(cell(5, 5)), ParityCell::Odd(cell(0, 0))];
    assert_eq!(puzzle.constraints(), [Constraint::Parity(Parity { marks })]);
    let file = crate::formats::rules_file::write(&puzzle, &Default::default());
    assert_eq!(crate::formats::rules_file::read(&file).unwrap().0, puzzle);
}

#[test]
fn rules_not_understood_are_refused_by_name() {
    let empty_grid = |n: usize| {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        format!("[{}]", vec![row; n].join(","))
    };
    let grid = empty_grid(9);
    for (extra, key) in [
        (
            r#""productarrow": [{"cells": ["R1C1"], "lines": [["R1C1","R1C2"]]}]"#,
            "productarrow",
        ),
        (r#""clock": [{"cells": ["R1C1"]}]"#, "clock"),
        (r#""negative": ["ratio", "sum"]"#, "negative sum"),
        (r#""somethingnew": true"#, "somethingnew"),
    ] {
        let text = format!(r#"{{"size": 9, "grid": {grid}, {extra}}}"#);
        assert_eq!(
            json_error(&text),
            FpuzzlesError::Unsupported { key: key.into() }
        );
        assert_eq!(
            json_error(&text).to_string(),
            format!("unsupported constraint '{key}'")
        );
    }
    // Cosmetic keys are listed, and an empty or false key states nothing.
    let text = format!(
        r#"{{"size": 9, "grid": {grid}, "line": [{{"lines": [["R1C1","R2C2"]]}}], "text": [{{"cells":["R1C1"],"value":"?"}}], "thermometer": [], "antiknight": false}}"#
    );
    let imported = from_json(&text).unwrap();
    assert_eq!(imported.cosmetic, ["line", "text"]);
    assert!(imported.puzzle.is_classic());
}

/// Pencil marks a setter gives are a rule: the cell holds one of them.
/// Marks under a given that leave out its digit are dropped, and said.
#[test]
fn given_pencil_marks_are_a_rule() {
    let mut rows = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!(
        "[{{\"givenPencilMarks\": [2, \"1\"]}},{{\"value\": 5, \"given\": true, \"givenPencilMarks\": [6, 7]}},{}]",
        ["{}"; 7].join(",")
    );
    let text = format!(r#"{{"size": 9, "grid": [{}]}}"#, rows.join(","));
    let imported = from_json(&text).unwrap();
    assert_eq!(
        imported.cosmetic,
        ["givenPencilMarks at r1c2 without its given digit"]
    );
    let [Constraint::Lang(rule)] = imported.puzzle.constraints() else {
        panic!("{:?}", imported.puzzle.constraints());
    };
    assert_eq!(rule.text(), "givenpencilmarks(r1c1, [1, 2])");
    let mut grid = Grid::empty(Size::NINE);
    for (digit, holds) in [(1, true), (2, true), (3, false)] {
        grid.set(cell(0, 0), Digit::new(digit));
        assert_eq!(rule.check(&grid).is_ok(), holds, "{digit}");
    }
    // Written back into the grid, and read the same.
    let back = read(&link(&imported.puzzle, None, None)).unwrap();
    assert_eq!(back.puzzle, imported.puzzle);
    for bad in ["[0]", "[10]", "\"12\"", "[[1]]"] {
        let text = text.replace("[2, \"1\"]", bad);
        assert!(
            matches!(from_json(&text), Err(FpuzzlesError::Invalid(_))),
            "{bad}"
        );
    }
}

#[test]
fn malformed_puzzles_are_errors_never_panics() {
    let grid4 = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    for text in [
        "",
        "[]",
        "{}",
        r#"{"size": 3}"#,
        r#"{"size": 65, "grid": []}"#,
        r#"{"size": "nine"}"#,
        r#"{"size": 4, "grid": [[]]}"#,
        &format!(r#"{{"size": 4, "grid": {grid4}, "extraregion": [{{"cells": ["R5C1"]}}]}}"#),
        &format!(
            r#"{{"size": 4, "grid": {grid4}, "extraregion": [{{"cells": ["R1C1","R1C1"]}}]}}"#
        ),
        &format!(r#"{{"size": 4, "grid": {grid4}, "even": [{{"cell": 3}}]}}"#),
        &format!(r#"{{"size": 4, "grid": {grid4}, "antiknight": 1}}"#),
        r#"{"size": 4, "grid": [[{"value": 5, "given": true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
        r#"{"size": 4, "grid": [[{"region": 7},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
        r#"{"size": 4, "grid": [[{"region": 1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
    ] {
        assert!(from_json(text).is_err(), "{text}");
    }
    for line in [
        "N4Ig",
        "N4Ig!!!",
        "N4IgAAAAAAAAAAAAAAAA",
        "https://www.f-puzzles.com/?load=",
        "N4Ig%ZZ",
    ] {
        assert!(read(line).is_err(), "{line}");
    }
    let long = format!("N4Ig{}", "A".repeat(MAX_PAYLOAD));
    assert!(matches!(read(&long), Err(FpuzzlesError::TooLong { .. })));
    // Bytes that are not base64 are refused before decompression.
    assert_eq!(decode_payload("N4Ig é"), Err(FpuzzlesError::NotCompressed));
}

#[test]
fn ordinary_puzzle_lines_are_not_links() {
    for line in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "Grid 01",
        "# N4Ig in a comment",
    ] {
        assert_eq!(payload_of(line), None, "{line}");
    }
    assert_eq!(
        payload_of("https://f-puzzles.com/?load=N4IgX&utm=1"),
        Some("N4IgX")
    );
}

#[test]
fn mutated_puzzles_never_panic_and_what_reads_round_trips() {
    let mut givens = Grid::empty(Size::NINE);
    givens.set(cell(0, 0), Digit::new(5));
    let puzzle = Puzzle::new(givens)
        .with(Constraint::AntiKing(AntiKing))
        .with(Constraint::ExtraRegion(ExtraRegion {
            cells: vec![cell(1, 1), cell(2, 2)],
        }));
    let json = to_json(&puzzle, Some("t"), None).to_string();
    let url = link(&puzzle, None, None);
    // A small linear congruential generator: the same cases every run.
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let alphabet = b"{}[]\",:0123456789RCrcgivenregiontrufalsxyz+-/= \n";
    for _ in 0..2_000 {
        for base in [&json, &url] {
            let mut bytes = base.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let at = next() % bytes.len();
                match next() % 3 {
                    0 => bytes[at] = alphabet[next() % alphabet.len()],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, alphabet[next() % alphabet.len()]),
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            let read_back = if base == &json {
                from_json(&text)
            } else {
                read(&text)
            };
            if let Ok(imported) = read_back {
                let again = read(&link(&imported.puzzle, None, None)).unwrap();
                assert_eq!(again.puzzle.givens(), imported.puzzle.givens());
                assert_eq!(again.puzzle.shape(), imported.puzzle.shape());
            }
        }
    }
}

/// An empty 9×9 grid as f-puzzles JSON, with `cell` set on r1c1.
fn grid_with(cell: &str) -> String {
    let mut rows = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!("[{cell},{}]", ["{}"; 8].join(","));
    format!("[{}]", rows.join(","))
}

#[test]
fn every_form_of_sudokupad_link_gives_its_payload() {
    for line in [
        "https://sudokupad.app/fpuzzlesN4IgABC",
        "https://sudokupad.app/fpuzN4IgABC",
        "sudokupad.app/fpuzN4IgABC",
        "sudokupad.app/fpuzzlesN4IgABC?setting-nogrid=1",
        "https://sudokupad.app/fpuzN4IgABC?setting-x=1&setting-y=2",
        "https://sudokupad.app/fpuzzlesN4IgABC#top",
        "https://sudokupad.app/?puzzleid=fpuzzlesN4IgABC",
        "https://sudokupad.app/?puzzleid=fpuzN4IgABC&setting-x=1",
        "https://sudokupad.app/puzzle/fpuzzlesN4IgABC",
        "https://beta.sudokupad.app/fpuzN4IgABC",
        "HTTPS://SudokuPad.app/fpuzN4IgABC",
        "https://www.f-puzzles.com/?load=N4IgABC",
        "f-puzzles.com/?load=N4IgABC&utm=1",
        "  N4IgABC  ",
    ] {
        assert_eq!(link_payload(line), Some(Ok("N4IgABC")), "{line}");
    }
    // Real puzzles read through each form alike.
    let url = link(&crate::puzzle::every_family(), None, None);
    let payload = payload_of(&url).unwrap();
    let first = read(&url).unwrap().puzzle;
    for form in [
        format!("https://sudokupad.app/fpuz{payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}?setting-nogrid=1"),
        format!("sudokupad.app/fpuz{payload}?setting-x=1"),
    ] {
        assert_eq!(read(&form).unwrap().puzzle, first, "{form}");
    }
}

#[test]
fn links_without_a_payload_are_refused_as_what_they_are() {
    let sudokupad = |format: &str| LinkKind::SudokuPad {
        format: format.into(),
    };
    let id = |id: &str| LinkKind::SudokuPadId { id: id.into() };
    for (line, kind) in [
        ("https://sudokupad.app/sclN4IgABC", sudokupad("scl")),
        ("https://sudokupad.app/ctcN4IgABC", sudokupad("ctc")),
        ("sudokupad.app/scfABC?setting-x=1", sudokupad("scf")),
        ("https://sudokupad.app/?puzzleid=sclABC", sudokupad("scl")),
        ("https://sudokupad.app/abc123xyz", id("abc123xyz")),
        ("https://sudokupad.app/psxpuzzle1234", id("psxpuzzle1234")),
        (
            "https://sudokupad.app/a-very-long-puzzle-name-indeed",
            id("a-very-long-puzzle-name-…"),
        ),
        (
            "https://app.crackingthecryptic.com/sudoku/Hb7Qm2",
            id("Hb7Qm2"),
        ),
        (
            "https://sudokupad.app/",
            LinkKind::NoPuzzle { site: "SudokuPad" },
        ),
        (
            "https://www.f-puzzles.com/",
            LinkKind::NoPuzzle { site: "f-puzzles" },
        ),
        (
            "http://puzz.link/p?sudoku/9/9/g",
            LinkKind::Site {
                host: "puzz.link".into(),
            },
        ),
        (
            "www.example.com/puzzles.txt",
            LinkKind::Site {
                host: "example.com".into(),
            },
        ),
    ] {
        assert_eq!(link_payload(line), Some(Err(kind.clone())), "{line}");
        assert_eq!(read(line), Err(FpuzzlesError::OtherLink(kind)), "{line}");
    }
    assert_eq!(
        read("https://sudokupad.app/sclN4IgABC")
            .unwrap_err()
            .to_string(),
        "a SudokuPad 'scl' link: only f-puzzles payloads (f-puzzles.com/?load=, \
         sudokupad.app/fpuzzles…, sudokupad.app/fpuz…) are read"
    );
    // Lines that are no link are not classed at all.
    for line in ["1.3.3.1.2.4.4.2.", "Grid 01", "fpuzN4Ig", "scl"] {
        assert_eq!(link_payload(line), None, "{line}");
    }
}

#[test]
fn plain_meanings_in_other_json_types_are_read_and_the_rest_refused() {
    let grid = grid_with(r#"{"value": "5", "given": "true"}"#);
    for size in ["9", r#""9""#, r#"" 9 ""#] {
        let text = format!(r#"{{"size": {size}, "grid": {grid}}}"#);
        let givens = from_json(&text).unwrap().puzzle.givens().clone();
        assert_eq!(givens.get(cell(0, 0)), Digit::new(5), "{size}");
    }
    for given in [r#""false""#, "false", "null"] {
        let grid = grid_with(&format!(r#"{{"value": 5, "given": {given}}}"#));
        let text = format!(r#"{{"size": 9, "grid": {grid}}}"#);
        let puzzle = from_json(&text).unwrap().puzzle;
        assert_eq!(puzzle.givens().given_count(), 0, "{given}");
    }
    for (size, cell_json, words) in [
        ("\"nine\"", "{}", "'size' is not a grid side from 4 to 64"),
        ("\"3\"", "{}", "'size' is not a grid side from 4 to 64"),
        ("9.5", "{}", "'size' is not a grid side from 4 to 64"),
        (
            "9",
            r#"{"value": 5, "given": 1}"#,
            "r1c1 has 'given' 1, not true or false",
        ),
        (
            "9",
            r#"{"value": 5, "given": "yes"}"#,
            "r1c1 has 'given' \"yes\", not true or false",
        ),
    ] {
        let text = format!(r#"{{"size": {size}, "grid": {}}}"#, grid_with(cell_json));
        let error = json_error(&text);
        assert!(matches!(error, FpuzzlesError::Invalid(_)), "{error:?}");
        assert_eq!(error.to_string(), format!("f-puzzles puzzle: {words}"));
    }
}

#[test]
fn the_legacy_parity_key_marks_cells_with_the_even_and_odd_keys() {
    let mut rows = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!(
        r#"[{{"parity": "Even"}},{{"parity": "odd"}},{{"parity": ""}},{}]"#,
        ["{}"; 6].join(",")
    );
    rows[4] = format!(r#"[{{"parity": "Odd"}},{}]"#, ["{}"; 8].join(","));
    let grid = format!("[{}]", rows.join(","));
    // r1c1 is also marked by the `even` key: one mark, not two.
    let text = format!(
        r#"{{"size": 9, "grid": {grid}, "even": [{{"cell": "R1C1"}}, {{"cell": "R9C9"}}]}}"#
    );
    let puzzle = from_json(&text).unwrap().puzzle;
    let mut marks: Vec<ParityCell> = puzzle
        .constraints()
        .iter()
        .flat_map(|c| match c {
            Constraint::Parity(p) => p.marks.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    marks.sort_by_key(|m| match m {
        ParityCell::Even(c) | ParityCell::Odd(c) => *c,
    });
    assert_eq!(
        marks,
        [
            ParityCell::Even(cell(0, 0)),
            ParityCell::Odd(cell(0, 1)),
            ParityCell::Odd(cell(4, 0)),
            ParityCell::Even(cell(8, 8)),
        ]
    );
    let text = format!(
        r#"{{"size": 9, "grid": {}}}"#,
        grid_with(r#"{"parity": "Big"}"#)
    );
    assert_eq!(
        json_error(&text).to_string(),
        "f-puzzles puzzle: r1c1 has parity \"Big\", not \"Even\" or \"Odd\""
    );
    let text = format!(
        r#"{{"size": 9, "grid": {}}}"#,
        grid_with(r#"{"parity": 2}"#)
    );
    assert!(matches!(json_error(&text), FpuzzlesError::Invalid(_)));
}

#[test]
fn display_only_keys_and_shaftless_arrows_are_cosmetic() {
    let grid = grid_with(r##"{"highlightArray": ["#ff0000"]}"##);
    let text = format!(
        r#"{{"size": 9, "grid": {grid}, "fogofwar": ["R1C1"], "foglight": ["R2C2"],
            "arrow": [{{"cells": ["R5C5"]}}, {{"cells": ["R6C6"], "lines": []}},
                      {{"cells": ["R7C7", "R7C8"], "lines": [["R7C7", "R7C8"], ["r7c8"]]}}]}}"#
    );
    let imported = from_json(&text).unwrap();
    assert!(imported.puzzle.is_classic());
    assert_eq!(
        imported.cosmetic,
        [
            "arrow without a shaft",
            "foglight",
            "fogofwar",
            "highlightArray"
        ]
    );
    // An arrow with a shaft beside a shaftless one is still read.
    let text = format!(
        r#"{{"size": 9, "grid": {grid}, "arrow": [{{"cells": ["R5C5"]}},
            {{"cells": ["R1C1"], "lines": [["R1C1", "R1C2"]]}}]}}"#
    );
    let imported = from_json(&text).unwrap();
    assert_eq!(imported.puzzle.constraints().len(), 1);
    assert_eq!(
        imported.cosmetic,
        ["arrow without a shaft", "highlightArray"]
    );
    // One shaft of several with no cell of its own is a malformed arrow,
    // as is a circle outside the grid: errors, not drawings.
    for entry in [
        r#"{"cells": ["R1C1"], "lines": [["R1C1"], ["R1C1", "R1C2"]]}"#,
        r#"{"cells": ["R10C1"]}"#,
        r#"{"cells": ["R1C1"], "lines": "R1C1"}"#,
    ] {
        let text = format!(r#"{{"size": 9, "grid": {grid}, "arrow": [{entry}]}}"#);
        assert!(
            matches!(json_error(&text), FpuzzlesError::Invalid(_)),
            "{entry}"
        );
    }
}

#[test]
fn real_parity_puzzles_solve_to_their_published_answers() {
    let Some(rows) = shared("language.tsv") else {
        return;
    };
    let mut solved = 0;
    for row in rows
        .iter()
        .filter(|row| row[1].split(',').any(|k| k == "parity"))
    {
        let (id, payload, answer) = (&row[0], &row[3], &row[4]);
        let imported = match read(payload) {
            Ok(imported) => imported,
            Err(FpuzzlesError::Unsupported { .. }) => continue,
            Err(e) => panic!("{id}: {e}"),
        };
        let outcome = SatSolver::default().solve_puzzle(&imported.puzzle).unwrap();
        let Outcome::Unique(solution) = outcome else {
            panic!("{id}: {}", outcome.status());
        };
        assert_eq!(&solution.to_string(), answer, "{id}");
        solved += 1;
    }
    // orbit and the two constructed parity puzzles.
    assert_eq!(solved, 3);
}
