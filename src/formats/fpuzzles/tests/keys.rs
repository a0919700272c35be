//! JSON keys: marks, pencil marks, plain meanings in other types, and keys refused or cosmetic.

use super::*;
use crate::grid::{Digit, Grid};
use crate::rules::Rule;

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

/// A solver's pencil marks and digits are not the puzzle: they are not
/// read, and the note names them with their cells. Marks that only
/// repeat their cell's given say nothing and are not named.
#[test]
fn solver_marks_and_digits_are_named_not_read() {
    let mut rows = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!(
        "[{{\"value\": 3}},{{\"value\": 5, \"given\": true, \"centerPencilMarks\": [5, 6]}},{{\"value\": 4, \"given\": true, \"cornerPencilMarks\": [4]}},{{\"c\": \"#FF0000\", \"centerPencilMarks\": [1, 2]}},{}]",
        ["{}"; 5].join(",")
    );
    let text = format!(r#"{{"size": 9, "grid": [{}]}}"#, rows.join(","));
    let imported = from_json(&text).unwrap();
    assert_eq!(
        imported.cosmetic,
        [
            "c",
            "a solver's centerPencilMarks at r1c2 r1c4",
            "a solver's digits (not given) at r1c1",
        ]
    );
    assert!(imported.puzzle.is_classic(), "no mark is read as a rule");
    assert_eq!(imported.puzzle.givens().given_count(), 2);
}

/// A cell key the reader does not know may be a rule (kaji's solver
/// writes `candidates`; a hand edit may write `Parity`): it is refused by
/// name and cell, where it was dropped and the puzzle solved without it.
#[test]
fn a_cell_key_not_understood_is_refused_by_name_and_cell() {
    for (cell, key) in [
        (
            r#"{"value": 4, "given": true, "candidates": [1]}"#,
            "candidates",
        ),
        (r#"{"Parity": "Even"}"#, "Parity"),
        (r#"{"givenpencilmarks": [1, 2]}"#, "givenpencilmarks"),
    ] {
        let text = format!(r#"{{"size": 9, "grid": {}}}"#, grid_with(cell));
        let key = format!("{key} at r1c1");
        assert_eq!(json_error(&text), FpuzzlesError::Unsupported { key });
    }
    // Every key the reader knows, drawn or read, still reads.
    let known = r##"{"value": 4, "given": true, "region": 0, "givenPencilMarks": [4, 5],
        "centerPencilMarks": [4], "cornerPencilMarks": [], "c": "#FF0000",
        "cArray": [], "highlight": "#00FF00", "highlightArray": []}"##;
    let text = format!(r#"{{"size": 9, "grid": {}}}"#, grid_with(known));
    let puzzle = from_json(&text).unwrap().puzzle;
    assert_eq!(puzzle.givens().get(cell(0, 0)), Digit::new(4));
    let parity = format!(
        r#"{{"size": 9, "grid": {}}}"#,
        grid_with(r#"{"parity": "odd"}"#)
    );
    assert!(from_json(&parity).is_ok());
}
