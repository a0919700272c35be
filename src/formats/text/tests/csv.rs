//! CSV read as CSV: quoted fields, spaces, extra columns, the puzzle
//! column by its name or its content, errors at the row's line and column.

use super::*;

const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn quiz() -> String {
    EULER_01.replace('\n', "")
}

#[test]
fn quoted_fields_and_spaces_in_the_header_read_as_csv() {
    let text = format!(
        "\"quizzes\", \"solutions\"\n\"{}\", \"{SOLUTION}\"\n",
        quiz()
    );
    let puzzles = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(puzzles[0].grid().given_count(), 32);
    assert_eq!(puzzles[0].expected.as_ref().unwrap().to_string(), SOLUTION);
}

#[test]
fn the_public_three_million_set_is_read_by_its_column_names() {
    let dotted = quiz().replace('0', ".");
    let text = format!(
        "id,puzzle,solution,clues,difficulty\n1,{dotted},{SOLUTION},32,1.2\n2,{dotted},,32,0\n"
    );
    let puzzles = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].grid().to_string(), dotted);
    assert_eq!(puzzles[0].expected.as_ref().unwrap().to_string(), SOLUTION);
    assert_eq!(puzzles[1].expected, None);
}

#[test]
fn a_header_of_other_names_takes_the_first_column_holding_a_grid() {
    let text = format!("id,q,rating\n7,{},1.5\n8,{},2\n", quiz(), quiz());
    let puzzles = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert!(puzzles.iter().all(|p| p.grid().given_count() == 32));
    assert!(puzzles.iter().all(|p| p.expected.is_none()));
}

#[test]
fn bad_csv_rows_are_errors_at_their_line_and_column() {
    let header = "id,puzzle,solution\n";
    // A cell that is no symbol, inside a quoted field.
    let text = format!("{header}1,\"{}q\",{SOLUTION}\n", quiz());
    let e = only_error(text.as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        "line 2, column 85: invalid character 'q' (not a cell symbol, a blank or an allowed separator)"
    );
    // A field more than the header names.
    let text = format!("{header}1,{},{SOLUTION},x\n", quiz());
    let e = only_error(text.as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        "line 2, column 166: a row of 4 fields where 3 fields are expected"
    );
    // A row that stops before the puzzle column.
    let e = only_error(format!("{header}1\n").as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        "line 2, column 2: a row of 1 field where 2 fields are expected"
    );
}

#[test]
fn a_line_of_names_amid_puzzles_is_a_bad_line_not_a_csv_header() {
    let text = format!("{TOP1}\nhello, world\n{TOP1} top95 #1\n");
    let all = kinds(text.as_bytes(), Format::Auto);
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(
        all[0].is_ok() && all[1].is_err() && all[2].is_ok(),
        "{all:?}"
    );
}

#[test]
fn csv_rows_carry_their_solutions() {
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let quiz = EULER_01.replace('\n', "");
    for header in [
        "quizzes,solutions",
        "puzzle,solution",
        "Puzzle,Solution,Status",
    ] {
        let text = format!(
            "{header}\n{quiz},{solution}\n{quiz}\n{},,unsolvable\n",
            TOP1
        );
        for format in [Format::Auto, Format::Csv] {
            let puzzles = parse_str(&text, format).unwrap();
            assert_eq!(puzzles.len(), 3, "{header}");
            assert_eq!(puzzles[0].grid().given_count(), 32);
            assert_eq!(puzzles[0].label, Label::Line(2));
            assert_eq!(puzzles[0].expected.as_ref().unwrap().to_string(), solution);
            assert_eq!(puzzles[1].expected, None);
            assert_eq!(puzzles[2].grid().to_string(), TOP1);
            assert_eq!(puzzles[2].expected, None);
        }
    }
    // Forced, the header may be left out; other formats hold no solution.
    let rows = parse_str(&format!("{quiz},{solution}\n"), Format::Csv).unwrap();
    assert!(rows[0].expected.is_some());
    assert!(
        parse_str(&quiz, Format::Auto).unwrap()[0]
            .expected
            .is_none()
    );
    // Errors name the line and the column in the row.
    let csv = |row: &str| format!("quizzes,solutions\n{row}\n");
    let blank = format!("{quiz},{}.{}", &solution[..4], &solution[5..]);
    let e = only_error(csv(&blank).as_bytes(), Format::Auto);
    assert_eq!((e.line(), e.column()), (2, Some(87)));
    assert_eq!(e.kind(), &ParseErrorKind::BlankInSolution);
    let short = format!("{quiz},{}", &solution[1..]);
    let e = only_error(csv(&short).as_bytes(), Format::Auto);
    assert_eq!(
        e.kind(),
        &ParseErrorKind::CellCount {
            expected: 81,
            found: 80
        }
    );
    assert_eq!((e.line(), e.column()), (2, Some(163)));
    let e = only_error(
        csv(&format!("{quiz},{solution},unique,x")).as_bytes(),
        Format::Auto,
    );
    assert_eq!((e.line(), e.column()), (2, Some(171)));
    let e = only_error(csv(&format!("{quiz}x")).as_bytes(), Format::Auto);
    assert_eq!((e.line(), e.column()), (2, Some(82)));
    let e = only_error(
        csv(&format!("{quiz},{solution} 1")).as_bytes(),
        Format::Auto,
    );
    assert_eq!((e.line(), e.column()), (2, Some(165)));
}

/// Grids past 25×25 have no symbols: `--output csv` writes their cells as
/// numbers, and they read back, the solution column too.
#[test]
fn grids_of_numbers_in_csv_fields_read_back() {
    let size = Size::from_side(36).unwrap();
    let puzzle = sample(size);
    let mut solution = Grid::empty(size);
    for cell in size.all_cells() {
        let (r, c) = (cell.row(), cell.col());
        solution.set(cell, Some(Digit::from_index((r * 6 + r / 6 + c) % 36)));
    }
    let numbers = |g: &Grid| {
        let cells = g
            .cells()
            .iter()
            .map(|d| d.map_or(0, Digit::get).to_string());
        cells.collect::<Vec<_>>().join(" ")
    };
    let text = format!(
        "puzzle,solution,status\n{},{},unique\n",
        numbers(&puzzle),
        numbers(&solution)
    );
    let read = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(read[0].grid(), &puzzle);
    assert_eq!(read[0].expected.as_ref(), Some(&solution));
    // Without a header too, the column found by its content.
    let text = format!("{}\n", numbers(&puzzle));
    assert_eq!(parse_str(&text, Format::Csv).unwrap()[0].grid(), &puzzle);
    // A number past the side, at its own column.
    let bad = numbers(&puzzle).replacen("0", "37", 1);
    let at = bad.find("37").unwrap() + 1;
    let e = only_error(format!("puzzle\n{bad}\n").as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        format!("line 2, column {at}: '37' is not a digit from 1 to 36, or 0 or . for a blank")
    );
}

/// A quoted field is read on its line: one left open (a grid written over
/// several lines in one field) is an error at its opening quote, where
/// it was read up to the line's end and the rest taken for a new row.
#[test]
fn a_quoted_field_left_open_at_the_end_of_its_line_is_an_error() {
    let text = format!("puzzle,solution\n1,\"{}\n\",{SOLUTION}\n", quiz());
    let errors: Vec<String> = Puzzles::new(text.as_bytes(), Format::Auto)
        .map(|item| item.unwrap_err().to_string())
        .collect();
    let open = "a quoted field not closed on its line (a field across lines is not read)";
    assert_eq!(
        errors,
        [
            format!("line 2, column 3: {open}"),
            format!("line 3, column 1: {open}")
        ]
    );
    // A doubled quote inside a field closes nothing.
    let text = format!("puzzle,note\n{},\"a \"\"b\"\" c\"\n", quiz());
    assert_eq!(parse_str(&text, Format::Auto).unwrap().len(), 1);
}
