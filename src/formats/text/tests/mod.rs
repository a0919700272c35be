//! Reader tests: the plain formats (Euler, lines, rows, numbers) and the
//! public sets here; drawn grids, CSV, hexadecimal symbols, detection,
//! the writers and every error each in a file of its own.

use super::*;
use crate::grid::Cell;
use std::io::Read;
use std::path::Path;

const EULER: &str = include_str!("../../../../data/p096_sudoku.txt");
/// Norvig's top95 #1, and its drawing.
const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const DRAWN: &str = "\
+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
";
const EULER_01: &str = "003020600\n900305001\n001806400\n008102900\n700000008\n\
                        006708200\n002609500\n800203009\n005010300\n";

fn kinds(text: &[u8], format: Format) -> Vec<Result<Label, ParseErrorKind>> {
    Puzzles::new(text, format)
        .map(|item| item.map(|p| p.label).map_err(|e| e.kind().clone()))
        .collect()
}

fn only_error(text: &[u8], format: Format) -> ParseError {
    let all: Vec<_> = Puzzles::new(text, format).collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap().unwrap_err()
}

/// A grid of `size` with a valid pattern and every third cell blank.
fn sample(size: Size) -> Grid {
    let (n, side) = (size.side().isqrt(), size.side());
    let mut grid = Grid::empty(size);
    for cell in size.all_cells() {
        let (r, c) = (cell.row(), cell.col());
        let v = (r * n + r / n + c) % side;
        if (r + 2 * c) % 3 != 0 {
            grid.set(cell, Some(Digit::from_index(v)));
        }
    }
    assert_eq!(grid.first_conflict(), None);
    grid
}

mod csv;
mod detection;
mod drawn;
mod errors;
mod hex;
mod writers;

#[test]
fn euler_file() {
    for format in [Format::Auto, Format::Euler, Format::Rows] {
        let puzzles = parse_str(EULER, format).unwrap();
        assert_eq!(puzzles.len(), 50);
        assert_eq!(puzzles[0].label, Label::Grid("01".into()));
        assert_eq!(puzzles[0].label.to_string(), "Grid 01");
        assert_eq!(puzzles[1].label, Label::Grid("02".into()));
        assert_eq!(puzzles[49].label, Label::Grid("50".into()));
        assert_eq!((puzzles[0].line, puzzles[1].line), (2, 12));
        assert_eq!(
            puzzles[0].grid().to_string(),
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
        );
        assert!(
            puzzles[1]
                .grid()
                .to_string()
                .starts_with("2...8.3...6..7..84")
        );
    }
    let mut puzzles = Puzzles::new(EULER.as_bytes(), Format::Auto);
    assert_eq!(puzzles.format(), None);
    puzzles.next();
    assert_eq!(puzzles.format(), Some(Format::Rows));
    assert_eq!(puzzles.size(), Some(Size::NINE));
}

#[test]
fn hackerrank_one_line_grid() {
    let text = "003020600 900305001 001806400 008102900 700000008 \
                006708200 002609500 800203009 005010300";
    for format in [Format::Auto, Format::Rows] {
        let puzzles = parse_str(text, format).unwrap();
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].label, Label::Line(1));
        assert_eq!(
            puzzles[0].grid(),
            parse_str(EULER, format).unwrap()[0].grid()
        );
    }
}

#[test]
fn rows_with_and_without_blank_lines() {
    let two = format!("{EULER_01}{EULER_01}");
    let puzzles = parse_str(&two, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[1].label, Label::Line(10));
    let spaced = format!("\n{EULER_01}\n\n# next\n{EULER_01}\n");
    let puzzles = parse_str(&spaced, Format::Rows).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!((puzzles[0].line, puzzles[1].line), (2, 14));
    assert_eq!(puzzles[0].grid().given_count(), 32);
}

#[test]
fn pretty_and_rows_round_trip_all_sizes() {
    for size in Size::SQUARES {
        let grid = sample(size);
        let empty = Grid::empty(size);
        for g in [&grid, &empty] {
            let drawn = format!("{}{}", g.pretty(), g.pretty());
            for format in [Format::Auto, Format::Rows] {
                let puzzles = parse_str(&drawn, format).unwrap();
                assert_eq!(puzzles.len(), 2, "{size} {format:?}");
                assert_eq!(puzzles[0].grid(), g);
                assert_eq!(puzzles[1].grid(), g);
            }
            let rows = g.rows().to_string();
            assert_eq!(parse_str(&rows, Format::Rows).unwrap()[0].grid(), g);
            let line = format!("{g}\n{g}\n");
            for format in [Format::Auto, Format::Line] {
                let puzzles = parse_str(&line, format).unwrap();
                assert_eq!(puzzles.len(), 2);
                assert_eq!(puzzles[1].grid(), g);
                assert_eq!(puzzles[1].label, Label::Line(2));
            }
        }
    }
}

#[test]
fn line_format_with_comments() {
    let text = "# from emerentius\n\
        ..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87 box duplicate\n\
        \n\
        \t6.159.....9..1............4.7.314..6.24.....5..3....1...6.....3...9.2.4......16.. column\t# dup\n";
    let puzzles = parse_str(text, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].label, Label::Line(2));
    assert_eq!(puzzles[1].label.file_stem(), "line-4");
    // A duplicate given is not a parse error.
    assert!(puzzles[0].grid().first_conflict().is_some());
}

#[test]
fn sixteen_and_twenty_five() {
    let text = "G..7.....CF2B......CB3.7..E89.....D8..E.B9..7..6..6.A.G8.....2C.412..E.......5.7....G.8A1.3....4....\
                .94.25.E.8G.3C.G.....4.6..1E..C.FA.17.6..D..A.1F4.B....58...6...5D.3..9...E2.G3......A.C4B9.EB....14\
                5...DG...F...B..8D.356..56.A..3G..1...F..D...7..CF4...29\n";
    let puzzles = parse_str(text, Format::Auto).unwrap();
    let grid = &puzzles[0].grid();
    assert_eq!(grid.size().side(), 16);
    assert_eq!(grid.get(Cell::new(0, 0)), Digit::new(16));
    assert_eq!(grid.get(Cell::new(0, 9)), Digit::new(12));
    // Lower case letters read the same.
    let lower = parse_str(&text.to_lowercase(), Format::Line).unwrap();
    assert_eq!(&lower[0].grid(), grid);
    let big = sample(Size::SQUARES[3]).to_string().replace('P', "p");
    assert_eq!(
        parse_str(&big, Format::Auto).unwrap()[0].grid(),
        &sample(Size::SQUARES[3])
    );
}

#[test]
fn crlf_bom_missing_final_newline_and_comments() {
    let text = format!(
        "\u{feff}# header\r\nGrid 01 \r\n{}\r\n# between\r\n  \r\nGrid 02\r\n{}",
        EULER_01.trim_end().replace('\n', "\r\n# inside\r\n"),
        EULER_01.trim_end().replace('\n', "\r\n"),
    );
    let puzzles = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].grid(), puzzles[1].grid());
    assert_eq!(puzzles[1].label, Label::Grid("02".into()));
    let line = format!("\u{feff}{TOP1}\r\n{TOP1}");
    let puzzles = parse_str(&line, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[1].grid().to_string(), TOP1);
    // The BOM does not count as a column.
    let e = only_error(b"\xEF\xBB\xBF12x4", Format::Auto);
    assert_eq!(e.column(), Some(3));
}

#[test]
#[cfg(feature = "cli")]
fn format_help_names() {
    use clap::ValueEnum;
    let names: Vec<_> = Format::value_variants()
        .iter()
        .map(|f| f.to_possible_value().unwrap().get_name().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "auto", "euler", "line", "rows", "fpuzzles", "rules", "numbers", "csv"
        ]
    );
}

/// Reads the public sets when `../shared/data` is present.
#[test]
fn public_sets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sets");
    if !dir.is_dir() {
        eprintln!("skipping public_sets: {} not found", dir.display());
        return;
    }
    let sets = [
        ("euler_p096_50.txt", 50, 9),
        ("euler_p096_50_solutions.txt", 50, 9),
        ("norvig_top95.txt", 95, 9),
        ("norvig_hardest11.txt", 11, 9),
        ("emerentius_invalid_7.txt", 7, 9),
        ("eliejaz_16x16.txt", 10, 16),
        ("eliejaz_16x16_solutions.txt", 10, 16),
        ("eliejaz_25x25.txt", 4, 25),
        ("eliejaz_25x25_solutions.txt", 4, 25),
        ("tdoku_magictour_top1465.txt", 1465, 9),
        ("tdoku_17_clue_49158.txt", 49158, 9),
        ("orig/puzzles3_magictour_top1465", 1465, 9),
        ("orig/puzzles6_forum_hardest_1106", 375, 9),
    ];
    for (name, count, side) in sets {
        let file = std::fs::File::open(dir.join(name)).unwrap();
        let mut n = 0;
        for item in Puzzles::new(io::BufReader::new(file), Format::Auto) {
            let puzzle = item.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(puzzle.grid().size().side(), side);
            n += 1;
        }
        assert_eq!(n, count, "{name}");
    }
    let euler = std::fs::read_to_string(dir.join("euler_p096_50.txt")).unwrap();
    let lines = parse_str(&euler, Format::Auto).unwrap();
    let blocks = parse_str(EULER, Format::Euler).unwrap();
    for (a, b) in lines.iter().zip(&blocks) {
        assert_eq!(a.grid(), b.grid());
    }
}

#[test]
fn a_grid_of_single_digit_numbers_past_a_row_is_the_numbers_format() {
    // An empty 64×64 grid written as 4,096 zeros on one line.
    let zeros = vec!["0"; 4096].join(" ");
    let puzzles = parse_str(&zeros, Format::Auto).unwrap();
    assert_eq!(puzzles[0].grid().size().side(), 64);
    assert_eq!(puzzles[0].grid().given_count(), 0);
    // Nine single digits stay a row of the rows format.
    let rows = "0 0 3 0 2 0 6 0 0\n".repeat(9);
    let puzzles = parse_str(&rows, Format::Auto).unwrap();
    assert_eq!(puzzles[0].grid().size().side(), 9);
    assert_eq!(puzzles[0].grid().given_count(), 27);
}
