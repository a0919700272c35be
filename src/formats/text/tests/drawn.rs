//! Grids drawn in text: rule lines and bars around symbols or numbers,
//! stars for blanks, the blocks read off the drawing.

use super::*;

#[test]
fn drawn_grids() {
    let puzzles = parse_str(DRAWN, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].grid().to_string(), TOP1);
    assert_eq!(puzzles[0].line, 2);
    let norvig = "\
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
";
    let puzzles = parse_str(norvig, Format::Auto).unwrap();
    assert_eq!(puzzles[0].grid().to_string(), TOP1);
    // Norvig's easy50 separates grids by rule lines alone.
    let easy = format!("{EULER_01}========\n{EULER_01}");
    assert_eq!(parse_str(&easy, Format::Auto).unwrap().len(), 2);
}

/// From 26×26 up a grid is drawn in numbers; the reader takes its blocks
/// from the bars and rule lines as it does from a drawing of symbols, and
/// a line that draws no blocks is an error at its line and column.
#[test]
fn drawn_numbers_keep_their_blocks() {
    use crate::shape::Shape;
    let size = Size::from_side(28).unwrap();
    let mut grid = Grid::empty(Shape::with_blocks(size, 7, 4).unwrap());
    grid.set(Cell::new(0, 0), Digit::new(28));
    grid.set(Cell::new(27, 3), Digit::new(5));
    let drawn = grid.pretty().to_string();
    for format in [Format::Auto, Format::Rows, Format::Numbers] {
        let puzzles = parse_str(&drawn, format).unwrap();
        assert_eq!(puzzles[0].grid(), &grid, "{format:?}");
        assert_eq!(puzzles[0].grid().shape().block_dims(), Some((7, 4)));
    }
    let lines: Vec<&str> = drawn.lines().collect();
    // Line 3 (the second row) with its first inner bar one cell late.
    let row = lines[2];
    let bar = row[1..].find('|').unwrap() + 1;
    let moved = format!(
        "{}{}| {}",
        &row[..bar],
        &row[bar + 2..bar + 5],
        &row[bar + 5..]
    );
    let text = drawn.replacen(row, &moved, 1);
    assert_eq!(
        only_error(text.as_bytes(), Format::Auto).to_string(),
        format!(
            "line 3, column {}: drawn block lines that make no blocks: \
             this row's bars are not where line 2's are",
            bar + 4
        )
    );
    // The rule line below row 7 left out.
    let mut fewer = lines.clone();
    fewer.remove(8);
    let text = fewer.join("\n");
    assert_eq!(
        only_error(text.as_bytes(), Format::Auto).to_string(),
        "line 9: drawn block lines that make no blocks: \
         no rule line below row 7, for bands of 7 rows"
    );
}

#[test]
fn stars_are_blanks_and_star_rule_lines_stay_rules() {
    let starred = TOP1.replace('.', "*");
    for format in [Format::Auto, Format::Line] {
        let puzzles = parse_str(&format!("{starred} starred\n"), format).unwrap();
        assert_eq!(puzzles[0].grid().to_string(), TOP1);
    }
    // A drawn grid whose corners are stars and whose blanks are stars; a
    // row of nine stars is a row of blanks, not a rule.
    let drawn = "\
*-------*-------*-------*
| 4 * * | * * * | 8 * 5 |
| * 3 * | * * * | * * * |
| * * * | 7 * * | * * * |
*-------*-------*-------*
| * 2 * | * * * | * 6 * |
| * * * | * 8 * | 4 * * |
| * * * | * 1 * | * * * |
*=======*=======*=======*
| * * * | 6 * 3 | * 7 * |
| 5 * * | 2 * * | * * * |
| 1 * 4 | * * * | * * * |
*-------*-------*-------*
";
    for format in [Format::Auto, Format::Rows] {
        let puzzles = parse_str(drawn, format).unwrap();
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].grid().to_string(), TOP1);
    }
    let rows = EULER_01
        .replacen("003020600", "*********", 1)
        .replace('0', "*");
    let grid = parse_str(&rows, Format::Auto).unwrap()[0].grid().clone();
    assert_eq!(grid.given_count(), 32 - 3);
}

/// Writes a grid as rows of numbers between bars, as the eliejaz sets
/// do: two characters a field, spaces for a blank; `zeros` pads numbers
/// below 10 with `0` (`07`), else with a space (` 7`).
fn piped(grid: &Grid, zeros: bool) -> String {
    let mut out = String::new();
    for row in grid.numbers().to_string().lines() {
        let fields: Vec<String> = row
            .split_whitespace()
            .map(|t| match t {
                "0" | "." => "  ".to_string(),
                t if zeros => format!("{t:0>2}"),
                t => format!("{t:>2}"),
            })
            .collect();
        out.push_str(&format!("|{}|\n", fields.join("|")));
    }
    out
}

#[test]
fn numbers_between_bars() {
    for size in [Size::SQUARES[2], Size::SQUARES[3]] {
        let grid = sample(size);
        let text = format!(
            "# sudoku00.txt\n{}# sudoku01.txt\n{}",
            piped(&grid, true),
            piped(&grid, false)
        );
        for format in [Format::Auto, Format::Numbers] {
            let puzzles = parse_str(&text, format).unwrap();
            assert_eq!(puzzles.len(), 2, "{size}");
            assert_eq!(puzzles[0].grid(), &grid);
            assert_eq!(puzzles[1].grid(), &grid);
            assert_eq!(puzzles[1].line, size.side() + 3);
        }
    }
    // A 4x4 grid between bars, and its errors at their columns.
    let four = "|01|  |03|  |\n|03|  |01|  |\n|02|  |04|  |\n|04|  |02|  |\n";
    let grid = &parse_str(four, Format::Auto).unwrap()[0];
    assert_eq!(grid.grid().to_string(), "1.3.3.1.2.4.4.2.");
    let e = only_error(
        four.replacen("|  |01|", "|  |1x|", 1).as_bytes(),
        Format::Auto,
    );
    assert_eq!((e.line(), e.column()), (2, Some(8)));
    assert_eq!(
        e.to_string(),
        "line 2, column 8: '1x' is not a digit from 1 to 4, or 0 or . for a blank"
    );
    // A long token is cut, and says so.
    let long = "1 0 3 0\n3 0 1 0\n2 0 4 0\n4 0 2 1234567890123456789012\n";
    let e = only_error(long.as_bytes(), Format::Numbers);
    assert!(
        e.to_string()
            .contains("'12345678901234567890…' is not a digit"),
        "{e}"
    );
    let e = only_error(
        four.replacen("|04|  |02|", "|04|  |05|", 1).as_bytes(),
        Format::Auto,
    );
    assert_eq!((e.line(), e.column()), (4, Some(8)));
    // A field of another width is named where it stands.
    let e = only_error(four.replacen("|02|", "|2|", 1).as_bytes(), Format::Auto);
    assert_eq!((e.line(), e.column()), (3, Some(2)));
    assert_eq!(e.kind(), &ParseErrorKind::PipeField { found: "2".into() });
}

#[test]
fn a_missing_or_extra_bar_between_numbers_is_named_at_its_field() {
    let grid = sample(Size::SQUARES[3]);
    let text = piped(&grid, true);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let clean = lines.clone();
    // The row damaged, how, and the column and width of the field named.
    type Damage = fn(&str) -> String;
    let cases: [(usize, Damage, usize, usize); 3] = [
        // A bar missing runs two fields together: `|0402|`.
        (3, |row| format!("{}{}", &row[..3], &row[4..]), 2, 4),
        // A field of three digits.
        (5, |row| format!("|123{}", &row[3..]), 2, 3),
        // One bar too many splits a field.
        (7, |row| format!("{}|{}", &row[..2], &row[2..]), 2, 1),
    ];
    for (row, damage, column, width) in cases {
        lines.clone_from(&clean);
        lines[row] = damage(&clean[row]);
        let damaged = lines.join("\n") + "\n";
        for format in [Format::Auto, Format::Numbers] {
            let e = only_error(damaged.as_bytes(), format);
            assert_eq!((e.line(), e.column()), (row + 1, Some(column)), "{damaged}");
            let ParseErrorKind::PipeField { found } = e.kind() else {
                panic!("{e}");
            };
            assert_eq!(found.chars().count(), width, "{e}");
        }
    }
    // On the first row, before the grid's size is known, the row's
    // length still gives the size: one error, and the grid after it reads.
    for first in [
        format!("|123{}", &text[3..]),
        format!("|0{}", &text[3..]),
        format!("{}|{}", &text[..2], &text[2..]),
    ] {
        let again = format!("{first}{text}");
        let all: Vec<_> = Puzzles::new(again.as_bytes(), Format::Auto).collect();
        assert_eq!(all.len(), 2, "{all:?}");
        let e = all[0].as_ref().unwrap_err();
        assert_eq!((e.line(), e.column()), (1, Some(2)));
        assert!(matches!(e.kind(), ParseErrorKind::PipeField { .. }), "{e}");
        assert_eq!(all[1].as_ref().unwrap().grid(), &grid);
    }
}

#[test]
fn a_character_for_a_bar_in_a_drawn_row_is_named() {
    // The second row's stray character is no sign of a 10×10 grid: it is
    // named, not counted as a tenth cell.
    for stray in ['!', 'x', ':'] {
        let drawn = DRAWN.replacen("| . 3 . |", &format!("| . 3 . {stray}"), 1);
        let e = only_error(drawn.as_bytes(), Format::Auto);
        assert_eq!(e.kind(), &ParseErrorKind::InvalidCharacter { found: stray });
        assert_eq!((e.line(), e.column()), (3, Some(9)));
    }
}

#[test]
fn a_sign_before_a_digit_is_no_corner_of_a_drawing() {
    // `+3` in a row of digits is a sign, named where it stands; `+` as a
    // corner (`---+---`) stays a rule line's.
    let e = only_error(b"1 2 3 4\n3 4 1 2\n2 1 4 +3\n4 3 2 1\n", Format::Auto);
    assert_eq!(e.kind(), &ParseErrorKind::InvalidCharacter { found: '+' });
    assert_eq!((e.line(), e.column()), (3, Some(7)));
    let e = only_error(b"+1\n", Format::Auto);
    assert_eq!(e.kind(), &ParseErrorKind::InvalidCharacter { found: '+' });
    assert_eq!(parse_str(DRAWN, Format::Auto).unwrap().len(), 1);
}
