//! Every arithmetic and line family through both formats, and every
//! malformed entry refused with its constraint and cell named.

use crate::formats::{fpuzzles, rules_file};
use crate::grid::{Grid, Size};
use crate::puzzle::Puzzle;

/// A JSON puzzle on an empty 9×9 grid with one extra key.
fn json(key_and_value: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", [row.as_str(); 9].join(","));
    format!(r#"{{"size": 9, "grid": {grid}, {key_and_value}}}"#)
}

/// A rules file on an empty 9×9 grid with one constraint table.
fn toml(table: &str) -> String {
    format!(
        "givens = [{}]\n[[constraint]]\n{table}\n",
        ["'.........'"; 9].join(", ")
    )
}

#[test]
fn every_family_round_trips_through_a_link_and_a_rules_file() {
    let text = toml(
        "type = 'killercage'\ncells = ['r1c1', 'r1c2']\nvalue = 3\n\
         [[constraint]]\ntype = 'killercage'\ncells = ['r3c3', 'r3c4']\n\
         [[constraint]]\ntype = 'littlekillersum'\ncell = 'r0c5'\ndirection = 'DR'\nvalue = 20\n\
         [[constraint]]\ntype = 'sandwichsum'\ncell = 'r1c0'\nvalue = 15\n\
         [[constraint]]\ntype = 'xsum'\ncell = 'r10c3'\nvalue = 18\n\
         [[constraint]]\ntype = 'skyscraper'\ncell = 'r5c10'\nvalue = 3\n\
         [[constraint]]\ntype = 'arrow'\ncells = ['r9c1', 'r9c2']\nlines = [['r9c2', 'r8c3'], ['r9c1', 'r8c1']]\n\
         [[constraint]]\ntype = 'thermometer'\nlines = [['r9c5', 'r8c5', 'r8c6']]\n\
         [[constraint]]\ntype = 'difference'\ncells = ['r1c8', 'r1c9']\nvalue = 3\n\
         [[constraint]]\ntype = 'ratio'\ncells = ['r2c8', 'r2c9']\n\
         [[constraint]]\ntype = 'xv'\ncells = ['r3c8', 'r3c9']\nvalue = 'V'\n\
         [[constraint]]\ntype = 'negative'\nkinds = ['ratio', 'xv']\n\
         [[constraint]]\ntype = 'whispers'\nlines = [['r5c1', 'r5c2', 'r6c3']]\nvalue = 4\n\
         [[constraint]]\ntype = 'renban'\nlines = [['r6c1', 'r6c2'], ['r7c5', 'r7c6']]\n\
         [[constraint]]\ntype = 'palindrome'\nlines = [['r7c1', 'r8c2', 'r9c4']]\n\
         [[constraint]]\ntype = 'betweenline'\nlines = [['r1c9', 'r2c9', 'r3c8']]\n\
         [[constraint]]\ntype = 'regionsumline'\nlines = [['r2c2', 'r3c3', 'r4c4']]\n\
         [[constraint]]\ntype = 'minimum'\ncell = 'r5c5'\n\
         [[constraint]]\ntype = 'maximum'\ncell = 'r9c9'\n\
         [[constraint]]\ntype = 'maximum'\ncell = 'r9c8'\n\
         [[constraint]]\ntype = 'quadruple'\ncells = ['r1c6', 'r1c7', 'r2c6', 'r2c7']\nvalues = [1, 1, 2]\n\
         [[constraint]]\ntype = 'clone'\ncells = ['r7c7', 'r7c8']\ncloneCells = ['r9c1', 'r9c2']",
    );
    let (puzzle, _) = rules_file::read(&text).unwrap();
    assert_eq!(puzzle.constraints().len(), 24);
    let written = rules_file::write(&puzzle, &Default::default());
    assert_eq!(rules_file::read(&written).unwrap().0, puzzle, "{written}");
    let link = fpuzzles::link(&puzzle, None, None);
    let back = fpuzzles::read(&link).unwrap().puzzle;
    // f-puzzles groups entries by key, so compare as sets.
    assert_eq!(back.constraints().len(), puzzle.constraints().len());
    for c in puzzle.constraints() {
        assert!(back.constraints().contains(c), "{c:?} lost in {link}");
    }
}

/// Ten cells of a 9×9 grid, row 1 then r2c9, quoted as a list's items,
/// with `r` as the row letter (f-puzzles writes `R1C1`).
fn ten_cells(r: &str) -> String {
    let c = if r == "R" { "C" } else { "c" };
    let mut cells: Vec<String> = (1..=9).map(|col| format!("'{r}1{c}{col}'")).collect();
    cells.push(format!("'{r}2{c}9'"));
    let list = cells.join(", ");
    if r == "R" {
        list.replace('\'', "\"")
    } else {
        list
    }
}

#[test]
fn malformed_entries_name_the_constraint_and_the_cell_in_both_formats() {
    // (f-puzzles key and entry, rules-file table, the words of the error)
    let cases = [
        (
            r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": "50"}]"#,
            "type = 'killercage'\ncells = ['r1c1', 'r1c2']\nvalue = 50",
            "'killercage': at r1c1: 50 is out of range, 3 to 17 here",
        ),
        (
            r#""killercage": [{"cells": ["R1C1", "R1C1"]}]"#,
            "type = 'killercage'\ncells = ['r1c1', 'R1C1']",
            "'killercage': lists r1c1 twice",
        ),
        (
            r#""thermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]"#,
            "type = 'thermometer'\nlines = [['r1c1', 'r1c2', 'r1c1']]",
            "'thermometer': a line passes through r1c1 twice",
        ),
        (
            r#""sandwichsum": [{"cell": "R1C1", "value": "5"}]"#,
            "type = 'sandwichsum'\ncell = 'r1c1'\nvalue = 5",
            "must face a row or a column, not sit at r1c1",
        ),
        (
            r#""littlekillersum": [{"cell": "R0C1", "direction": "UL", "value": "5"}]"#,
            "type = 'littlekillersum'\ncell = 'r0c1'\ndirection = 'UL'\nvalue = 5",
            "points UL away from the grid",
        ),
        (
            r#""xsum": [{"cell": "R0C1", "value": "ten"}]"#,
            "type = 'xsum'\ncell = 'r0c1'\nvalue = 'ten'",
            "'xsum': 'ten' is not a number",
        ),
        (
            r#""difference": [{"cells": ["R1C1", "R2C2"]}]"#,
            "type = 'difference'\ncells = ['r1c1', 'r2c2']",
            "'difference': r1c1 and r2c2 are not neighbours",
        ),
        (
            r#""xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]"#,
            "type = 'xv'\ncells = ['r1c1', 'r1c2']\nvalue = 'Y'",
            "is not X or V",
        ),
        (
            r#""quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [10]}]"#,
            "type = 'quadruple'\ncells = ['r1c1', 'r1c2', 'r2c1', 'r2c2']\nvalues = [10]",
            "at r1c1: 10 is not a digit from 1 to 9",
        ),
        (
            r#""clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R5C5"]}]"#,
            "type = 'clone'\ncells = ['r1c1', 'r1c2']\ncloneCells = ['r5c5']",
            "the clone of r1c1 has 1 cell, not 2",
        ),
        (
            // A shaftless line beside a shaft: f-puzzles reads a circle
            // with no shaft at all as a drawing (see fpuzzles' tests).
            r#""arrow": [{"cells": ["R1C1"], "lines": [["R1C1"], ["R1C1", "R1C2"]]}]"#,
            "type = 'arrow'\ncells = ['r1c1']\nlines = [['r1c1'], ['r1c1', 'r1c2']]",
            "an arrow from r1c1 has no shaft",
        ),
        (
            r#""betweenline": [{"lines": [["R1C1", "R1C2"]]}]"#,
            "type = 'betweenline'\nlines = [['r1c1', 'r1c2']]",
            "a line at r1c1 has 2 cells, fewer than 3",
        ),
        (
            // More cells than digits: refused where written, not left to
            // the search to answer "no solution".
            &format!(r#""killercage": [{{"cells": [{}]}}]"#, ten_cells("R")),
            &format!("type = 'killercage'\ncells = [{}]", ten_cells("r")),
            "'killercage': a cage of 10 cells at r1c1 cannot hold distinct digits",
        ),
        (
            &format!(r#""renban": [{{"lines": [[{}]]}}]"#, ten_cells("R")),
            &format!("type = 'renban'\nlines = [[{}]]", ten_cells("r")),
            "'renban': a renban line of 10 cells at r1c1 cannot hold distinct digits",
        ),
        (
            &format!(r#""thermometer": [{{"lines": [[{}]]}}]"#, ten_cells("R")),
            &format!("type = 'thermometer'\nlines = [[{}]]", ten_cells("r")),
            "a thermometer of 10 cells at r1c1 cannot rise through distinct digits",
        ),
        (
            r#""killercage": [{"cells": ["R1C1"], "total": "5"}]"#,
            "type = 'killercage'\ncells = ['r1c1']\ntotal = 5",
            "'killercage': takes no field 'total'",
        ),
    ];
    for (entry, table, words) in cases {
        let from_json = fpuzzles::from_json(&json(entry)).unwrap_err().to_string();
        assert!(from_json.contains(words), "{entry}: {from_json}");
        let from_toml = rules_file::read(&toml(table)).unwrap_err();
        let text = from_toml.to_string();
        assert!(text.contains(words), "{table}: {text}");
        assert!(
            from_toml.line.is_some_and(|l| l >= 2),
            "{table}: located: {text}"
        );
        assert!(!text.contains('\n'), "one line: {text}");
    }
}

#[test]
fn f_puzzles_cosmetic_fields_of_a_rule_are_not_options() {
    let text = json(
        r##""killercage": [{"cells": ["R1C1", "R1C2"], "value": "3", "outlineC": "#000000", "fontC": "#000000"}]"##,
    );
    let puzzle: Puzzle = fpuzzles::from_json(&text).unwrap().puzzle;
    assert_eq!(puzzle.constraints().len(), 1);
    // An empty total is a cage without a total.
    let text = json(r#""killercage": [{"cells": ["R1C1", "R1C2"], "value": ""}]"#);
    let puzzle = fpuzzles::from_json(&text).unwrap().puzzle;
    assert_eq!(
        puzzle.constraints()[0].to_string(),
        "the cage r1c1-r1c2 holds distinct digits"
    );
    let _ = Grid::empty(Size::NINE);
}

#[test]
fn a_pill_reads_in_reading_order_whatever_order_its_cells_are_listed() {
    let arrow = |pill: &str| {
        let text = json(&format!(
            r#""arrow": [{{"cells": [{pill}], "lines": [["R1C2", "R2C2", "R3C2"]]}}]"#
        ));
        fpuzzles::from_json(&text).unwrap().puzzle.constraints()[0].clone()
    };
    let forward = arrow(r#""R1C1", "R2C1""#);
    assert_eq!(arrow(r#""R2C1", "R1C1""#), forward);
    let crate::rules::Constraint::Arrow(a) = forward else {
        panic!("{forward:?}");
    };
    assert_eq!(a.circle[0].to_string(), "r1c1");
}
