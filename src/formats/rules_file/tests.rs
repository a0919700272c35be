//! Rules files: round trips, solving, and every error located.

use super::*;
use crate::grid::Digit;
use crate::rules::Constraint;
use crate::solve::Outcome;
use crate::solve::sat::SatSolver;

/// A windoku made for the tests and the docs; unique.
const WINDOKU: &str = include_str!("../../../tests/data/windoku.toml");

/// Its solution.
const WINDOKU_SOLUTION: &str =
    "439178562512936478768542139273415896845269713196783245654321987321897654987654321";

/// A rules-file tail, the error kind it must give, and its line.
type Case = (&'static str, fn(&RulesFileErrorKind) -> bool, usize);

fn error(text: &str) -> RulesFileError {
    read(text).unwrap_err()
}

#[test]
fn a_windoku_reads_and_solves() {
    let (puzzle, meta) = read(WINDOKU).unwrap();
    assert_eq!(meta.title.as_deref(), Some("Windoku"));
    assert_eq!(puzzle.constraints().len(), 4);
    let outcome = SatSolver::default().solve_puzzle(&puzzle).unwrap();
    let Outcome::Unique(solution) = outcome else {
        panic!("{}", outcome.status());
    };
    assert_eq!(solution.to_string(), WINDOKU_SOLUTION);
    assert_eq!(puzzle.check(&solution), Ok(()));
    // Without its windows it has several solutions.
    let plain = Puzzle::new(puzzle.givens().clone());
    let outcome = SatSolver::default().solve_puzzle(&plain).unwrap();
    assert!(matches!(outcome, Outcome::Multiple(..)));
}

/// Strings of any length and content read back, through the line reader
/// whose lines end at [`MAX_LINE_BYTES`](crate::formats::text::MAX_LINE_BYTES).
#[test]
fn long_titles_and_rules_read_back_through_the_line_reader() {
    use crate::formats::text::{Format, Puzzles};
    let piece = "a \"quoted\" back\\slash,\ttab  ";
    let long = piece.repeat(3_000);
    let titled = |title: String, rules: String| Meta {
        title: Some(title),
        author: Some("  spaces at the ends  ".into()),
        rules: Some(rules),
    };
    let cases = [
        titled(long.clone(), format!("short line\n{long}\n\nlast\n")),
        titled(" ".repeat(70_000) + "x", "x\u{7}y".into()),
        titled(format!("\n{long}"), "\u{e9}".repeat(40_000)),
    ];
    let puzzle = crate::puzzle::every_family();
    for meta in cases {
        let text = write(&puzzle, &meta);
        let longest = text.lines().map(str::len).max().unwrap();
        assert!(longest <= 1_100, "a line of {longest} bytes");
        let read: Vec<_> = Puzzles::new(text.as_bytes(), Format::Rules).collect();
        let back = read[0].as_ref().unwrap();
        assert_eq!(back.puzzle, puzzle);
        let got = back.shown.meta();
        for (a, b) in [
            (&got.title, &meta.title),
            (&got.author, &meta.author),
            (&got.rules, &meta.rules),
        ] {
            let (a, b) = (a.as_deref().unwrap_or(""), b.as_deref().unwrap_or(""));
            let at = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
            let near = |s: &str| {
                s.chars()
                    .skip(at.saturating_sub(20))
                    .take(40)
                    .collect::<String>()
            };
            assert!(
                a == b,
                "at char {at}: read {:?}, wrote {:?}",
                near(a),
                near(b)
            );
        }
    }
}

#[test]
fn every_family_and_shape_round_trips() {
    let all = crate::puzzle::every_family();
    let meta = Meta {
        title: Some("all \"quoted\"".into()),
        author: None,
        rules: Some("line one\nline two".into()),
    };
    let text = write(&all, &meta);
    assert_eq!(read(&text).unwrap(), (all, meta));
    // 6×6 with 3×2 blocks, and a jigsaw.
    let six = Size::from_side(6).unwrap();
    let tall = Puzzle::new(Grid::empty(Shape::with_blocks(six, 3, 2).unwrap()));
    assert_eq!(read(&write(&tall, &Meta::default())).unwrap().0, tall);
    let rect = Shape::square(six);
    let mut layout: Vec<u8> = six.all_cells().map(|c| rect.block_of(c) as u8).collect();
    layout.swap(2, 3);
    layout.swap(9, 8);
    let jigsaw = Puzzle::new(Grid::empty(Shape::irregular(six, layout).unwrap()));
    let text = write(&jigsaw, &Meta::default());
    assert!(text.contains("blocks = ["), "{text}");
    assert_eq!(read(&text).unwrap().0, jigsaw);
    // Past 25×25, givens are numbers.
    let big = Size::from_side(36).unwrap();
    let mut givens = Grid::empty(big);
    givens.set(Cell::new(0, 1), Digit::new(36));
    let puzzle = Puzzle::new(givens);
    let text = write(&puzzle, &Meta::default());
    assert!(text.contains("\"0 36 0 "), "{text}");
    assert_eq!(read(&text).unwrap().0, puzzle);
}

#[test]
fn errors_name_what_and_where() {
    let base = "givens = ['....', '....', '....', '....']\n";
    let cases: [Case; 11] = [
        (
            "[[constraint]]\ntype = 'productarrow'\n",
            |k| matches!(k, RulesFileErrorKind::Unsupported(t) if t == "productarrow"),
            3,
        ),
        (
            "[[constraint]]\ntype = 'antiknight'\ncells = ['r1c1']\n",
            |k| matches!(k, RulesFileErrorKind::UnknownKey { .. }),
            4,
        ),
        (
            "[[constraint]]\ntype = 'even'\n",
            |k| matches!(k, RulesFileErrorKind::MissingKey { key: "cells", .. }),
            2,
        ),
        (
            "[[constraint]]\ntype = 'even'\ncells = ['r5c1']\n",
            |k| matches!(k, RulesFileErrorKind::BadCell(c) if c == "r5c1"),
            4,
        ),
        (
            "[[constraint]]\ntype = 'odd'\ncells = ['x1']\n",
            |k| matches!(k, RulesFileErrorKind::BadCell(_)),
            4,
        ),
        (
            "[[constraint]]\ntype = 'extraregion'\ncells = ['r1c1', 'R1C1']\n",
            |k| matches!(k, RulesFileErrorKind::RepeatedCell(_)),
            4,
        ),
        (
            "blocks = '3x3'\n",
            |k| matches!(k, RulesFileErrorKind::BadBlocks(_)),
            2,
        ),
        (
            "blocks = ['1122', '1122', '3344', '3345']\n",
            |k| matches!(k, RulesFileErrorKind::BadBlocks(_)),
            2,
        ),
        (
            "blocks = 6\n",
            |k| matches!(k, RulesFileErrorKind::BadBlocks(m) if m.starts_with("blocks is an integer, neither")),
            2,
        ),
        (
            "size = 9\n",
            |k| matches!(k, RulesFileErrorKind::BadSize(_)),
            2,
        ),
        (
            "colour = 'red'\n",
            |k| matches!(k, RulesFileErrorKind::Syntax(_)),
            2,
        ),
    ];
    for (extra, is, line) in cases {
        let e = error(&format!("{base}{extra}"));
        assert!(is(&e.kind), "{extra}: {e}");
        assert_eq!(e.line, Some(line), "{extra}: {e}");
        assert!(!e.to_string().contains('\n'), "one line: {e}");
    }
    let e = error("givens = ['1...', '..x.', '....', '....']\n");
    assert!(
        matches!(e.kind, RulesFileErrorKind::BadRow { row: 2, .. }),
        "{e}"
    );
    // The column is the symbol's, through an escape in a basic string.
    assert_eq!((e.line, e.column), (Some(1), Some(22)));
    assert_eq!(
        e.to_string(),
        "line 1, column 22: row 2 of givens: 'x' is not a digit of a 4x4 grid"
    );
    let e = error("givens = ['1...', \"\\u0041..x\", '....', '....']\n");
    assert_eq!((e.line, e.column), (Some(1), Some(20)), "{e}");
    // Past 25×25 a row is numbers: the number to blame is placed.
    let mut rows = vec![vec!["0"; 36]; 36];
    rows[1][2] = "37";
    let rows: Vec<String> = rows
        .iter()
        .map(|r| format!("  '{}',", r.join(" ")))
        .collect();
    let e = error(&format!("givens = [\n{}\n]\n", rows.join("\n")));
    assert_eq!((e.line, e.column), (Some(3), Some(8)), "{e}");
    assert!(
        e.to_string().contains("'37' is not a digit from 1 to 36"),
        "{e}"
    );
    let e = error("givens = ['...']\n");
    assert!(matches!(e.kind, RulesFileErrorKind::BadSize(_)), "{e}");
    let e = error("[[constraint]]\ntype = 'productarrow'\n");
    assert!(
        matches!(e.kind, RulesFileErrorKind::Syntax(_)),
        "no givens: {e}"
    );
    assert!(e.to_string().contains("without `givens`"), "{e}");
    assert_eq!(
        error(&format!("{base}[[constraint]]\ntype = 'productarrow'\n")).to_string(),
        "line 3, column 8: unsupported constraint 'productarrow'"
    );
}

#[test]
fn hostile_text_is_an_error_never_a_panic() {
    for text in [
        "",
        "\u{0}",
        "givens = 5",
        "givens = []",
        "givens = [[]]",
        "givens = ['é']",
        "size = -1\ngivens = []",
        "size = 99999999999999999999\ngivens = []",
        "givens = ['....','....','....','....']\nblocks = []",
        "givens = ['....','....','....','....']\n[[constraint]]\ntype = 5",
        "givens = ['....','....','....','....']\n[[constraint]]\ntype = 'even'\ncells = 'r1c1'",
        "givens = ['....','....','....','....']\n[[constraint]]\ntype = 'even'\ncells = [1]",
        "givens = ['....','....','....','....']\nconstraint = 3",
    ] {
        assert!(read(text).is_err(), "{text:?}");
    }
}

#[test]
fn added_rules_state_a_size_and_constraints_only() {
    let extra = read_extra("size = 9\n[[constraint]]\ntype = 'diagonal+'\n").unwrap();
    assert_eq!(extra.size, Size::NINE);
    assert_eq!(extra.constraints.len(), 1);
    // Blank givens state the size too, and a title is allowed.
    let blank = ["'....'"; 4].join(", ");
    let text = format!("title = 't'\ngivens = [{blank}]\n[[constraint]]\ntype = 'antiknight'\n");
    assert_eq!(read_extra(&text).unwrap().size.side(), 4);
    // (the text after the base, the line, the words of the error)
    let cases: [(&str, usize, &str); 5] = [
        (
            "[[constraint]]\ntype = 'antiknight'\n",
            1,
            "added rules need the grid size",
        ),
        (
            "size = 4\nblocks = '2x2'\n",
            2,
            "added rules cannot draw blocks",
        ),
        (
            "givens = ['....', '.3..', '....', '....']\n",
            1,
            "added rules take no givens, and r2c2 holds one",
        ),
        (
            "size = 9\ngivens = ['....']\n",
            1,
            "size 9 but 1 rows of givens",
        ),
        (
            "size = 4\n[[constraint]]\ntype = 'extraregion'\ncells = ['r5c5']\n",
            4,
            "'r5c5' is not a cell of the grid",
        ),
    ];
    for (text, line, words) in cases {
        let e = read_extra(text).unwrap_err();
        assert_eq!(e.line, Some(line), "{text}: {e}");
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
}

#[test]
fn added_rules_join_a_puzzle_once_and_settle_with_its_own() {
    let (puzzle, _) = read(WINDOKU).unwrap();
    let plain = Puzzle::new(puzzle.givens().clone());
    let windows = &WINDOKU[WINDOKU.find("[[constraint]]").unwrap()..];
    let extra = read_extra(&format!("size = 9\n{windows}")).unwrap_or_else(|e| panic!("{e}"));
    let added = extra.add_to(&plain).unwrap();
    assert_eq!(added, puzzle);
    // A constraint the puzzle has already is not added twice.
    assert_eq!(extra.add_to(&added).unwrap(), puzzle);
    // Non-consecutive added to a puzzle with a white dot exempts its pair.
    let dot = "[[constraint]]\ntype = 'difference'\ncells = ['r1c1', 'r1c2']\n";
    let (with_dot, _) = read(&format!("givens = [{}]\n{dot}", ["'....'"; 4].join(", "))).unwrap();
    let extra = read_extra("size = 4\n[[constraint]]\ntype = 'nonconsecutive'\n").unwrap();
    let added = extra.add_to(&with_dot).unwrap();
    let exempt = added.constraints().iter().any(|c| {
        matches!(c, Constraint::NonConsecutive(n) if n.exempt == [(Cell::new(0, 0), Cell::new(0, 1))])
    });
    assert!(exempt, "{added:?}");
    assert_eq!(extra.add_to(&added).unwrap(), added, "added once");
    // Another size is refused, naming both.
    let kind = read_extra("size = 9\n")
        .unwrap()
        .add_to(&with_dot)
        .unwrap_err();
    assert_eq!(
        kind,
        RulesFileErrorKind::SizeMismatch {
            rules: Size::NINE,
            puzzle: Size::from_side(4).unwrap()
        }
    );
}
