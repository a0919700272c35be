//! Format and size detection puzzle by puzzle: mixed files, headers,
//! 16-cell lines, a puzzle that ends a grid, and inputs with no end.

use super::*;

#[test]
fn sixteen_cells_detection() {
    let four = Size::SQUARES[0];
    // Only 4x4 symbols: a 4x4 puzzle on one line.
    let p = parse_str("1234341221434321\n", Format::Auto).unwrap();
    assert_eq!(p[0].grid().size(), four);
    // Four groups of four: a 4x4 grid as rows on one line.
    let p = parse_str("1.34 3412 2143 432.", Format::Auto).unwrap();
    assert_eq!(p[0].grid().size(), four);
    // A symbol beyond 4: the first row of a 16x16 grid.
    let rows = sample(Size::SQUARES[2]).rows().to_string();
    assert!(rows.starts_with(".23.56.89.BC.EF."));
    let p = parse_str(&rows, Format::Auto).unwrap();
    assert_eq!(p[0].grid(), &sample(Size::SQUARES[2]));
    // Forced rows: one token of 16 is a 16x16 row even if it fits 4x4.
    let empty = Grid::empty(Size::SQUARES[2]).rows().to_string();
    let p = parse_str(&empty, Format::Rows).unwrap();
    assert_eq!(p[0].grid().size(), Size::SQUARES[2]);
    let p = parse_str(&empty, Format::Auto).unwrap();
    assert_eq!((p.len(), p[0].grid().size()), (16, four));
}

#[test]
fn headers() {
    let text = format!("Grid 1a\n{EULER_01}");
    let e = only_error(text.as_bytes(), Format::Auto);
    assert_eq!((e.line(), e.column()), (1, Some(7)));
    assert_eq!(e.kind(), &ParseErrorKind::InvalidHeader);
    for bad in ["Grid", "Grid  ", "Grid01", "Grid 01 x", "Grid x"] {
        let e = only_error(format!("{bad}\n{EULER_01}").as_bytes(), Format::Euler);
        assert_eq!(e.kind(), &ParseErrorKind::InvalidHeader, "{bad}");
    }
    let text = format!("  Grid\t007  \n{EULER_01}");
    let p = parse_str(&text, Format::Euler).unwrap();
    assert_eq!(p[0].label.file_stem(), "grid-007");
    // Euler requires a header and 9x9.
    let text = format!("{EULER_01}Grid 02\n{EULER_01}");
    let all = kinds(text.as_bytes(), Format::Euler);
    assert_eq!(all[0], Err(ParseErrorKind::MissingHeader));
    assert_eq!(all[1], Ok(Label::Grid("02".into())));
    let four = format!("Grid 01\n{}", sample(Size::SQUARES[0]).rows());
    let all = kinds(four.as_bytes(), Format::Euler);
    assert!(matches!(
        all[0],
        Err(ParseErrorKind::CellCount {
            expected: 9,
            found: 4
        })
    ));
    // A header in the line format is an error; detected, it starts a grid.
    let text = format!("{TOP1}\nGrid 02\n{TOP1}");
    let all = kinds(text.as_bytes(), Format::Line);
    assert_eq!(all[1], Err(ParseErrorKind::UnexpectedHeader));
    assert_eq!(all[2], Ok(Label::Line(3)));
    let all = kinds(text.as_bytes(), Format::Auto);
    assert_eq!(all, [Ok(Label::Line(1)), Ok(Label::Grid("02".into()))]);
}

#[test]
fn mixed_sizes_in_line_format() {
    let sixteen = sample(Size::SQUARES[2]).to_string();
    let text = format!("{TOP1}\n{sixteen}\n{TOP1}\n");
    // Each line is read at its own size.
    for format in [Format::Auto, Format::Line] {
        let all = kinds(text.as_bytes(), format);
        assert_eq!(all, [1, 2, 3].map(|l| Ok(Label::Line(l))), "{format:?}");
    }
    // A line of no size is measured against the one before.
    let text = format!("{TOP1}\n{}\n{TOP1}\n", &TOP1[..80]);
    let all = kinds(text.as_bytes(), Format::Auto);
    assert_eq!(
        all[1],
        Err(ParseErrorKind::CellCount {
            expected: 81,
            found: 80
        })
    );
    assert_eq!(all[2], Ok(Label::Line(3)));
}

#[test]
fn each_puzzle_is_read_in_its_own_format() {
    let four = sample(Size::SQUARES[0]);
    let sixteen = sample(Size::SQUARES[2]);
    // Lines, an Euler grid, rows of another size after a blank line, and
    // lines again: every puzzle is read.
    let text = format!(
        "{TOP1}\n{EULER_01}{four_line}\n\n{four_rows}\n{sixteen_line}\n",
        four_line = four,
        four_rows = four.rows(),
        sixteen_line = sixteen,
    );
    let all = kinds(text.as_bytes(), Format::Auto);
    let lines_of = |all: &[Result<Label, ParseErrorKind>]| all.iter().all(Result::is_ok);
    assert!(lines_of(&all), "{all:?}");
    assert_eq!(all.len(), 5, "{all:?}");
    assert_eq!(all[1], Ok(Label::Line(2)));
    // A bad first line of a one-line size does not decide the format of
    // the rest: the rows after it are read as rows.
    let text = format!("{}x\n{EULER_01}", &TOP1[..80]);
    let all = kinds(text.as_bytes(), Format::Auto);
    assert!(matches!(
        all[0],
        Err(ParseErrorKind::InvalidCharacter { found: 'x' })
    ));
    assert_eq!(all[1], Ok(Label::Line(2)));
}

#[test]
fn a_one_line_puzzle_ends_a_grid_in_progress() {
    // Three rows of a 9×9 grid, then whole puzzles: the grid is reported
    // short, and no puzzle after it is taken for its rows.
    let rows: String = EULER_01
        .lines()
        .skip(1)
        .take(3)
        .map(|r| format!("{r}\n"))
        .collect();
    let text = format!("{rows}{TOP1}\n{TOP1}\n");
    let all = kinds(text.as_bytes(), Format::Auto);
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(
        matches!(all[0], Err(ParseErrorKind::Truncated { rows: 3, .. })),
        "{all:?}"
    );
    assert_eq!(all[1..], [Ok(Label::Line(4)), Ok(Label::Line(5))]);
}

#[test]
fn a_second_puzzle_on_a_line_is_an_error_not_a_comment() {
    let text = format!("{TOP1} {TOP1}\n{TOP1} hardest, from top95\n");
    let all: Vec<_> = Puzzles::new(text.as_bytes(), Format::Auto).collect();
    let e = all[0].as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (1, Some(83)));
    assert_eq!(e.kind(), &ParseErrorKind::SecondPuzzle);
    // A comment that is no puzzle stays a comment.
    assert_eq!(all[1].as_ref().unwrap().line, 2);
}

#[test]
fn a_second_puzzle_of_another_size_or_form_is_an_error_too() {
    let four = "1.3.3.1.2.4.4.2.";
    let rows = "003020600 900305001 001806400 008102900 700000008 006708200 \
                002609500 800203009 005010300";
    let lines = [
        (format!("{four} {TOP1}"), 18),
        (format!("{TOP1} {four}"), 83),
        (format!("{TOP1} {rows}"), 83),
        (
            format!("{TOP1} see https://www.f-puzzles.com/?load=N4IgABC"),
            87,
        ),
        (format!("{TOP1} N4IgABC"), 83),
        // Quoted, bracketed, labelled or followed by a mark: still lost.
        (format!("{TOP1} ({TOP1})"), 83),
        (format!("{TOP1} \"{TOP1}\""), 83),
        (format!("{TOP1} '{TOP1}'"), 83),
        (format!("{TOP1} [{TOP1}"), 83),
        (format!("{TOP1} {TOP1},"), 83),
        (format!("{TOP1} next:{TOP1}"), 83),
        (format!("{TOP1} ,{TOP1}"), 83),
        (format!("{TOP1} also ({rows})"), 88),
    ];
    for (line, column) in lines {
        let all: Vec<_> = Puzzles::new(line.as_bytes(), Format::Auto).collect();
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(
            (e.kind(), e.column()),
            (&ParseErrorKind::SecondPuzzle, Some(column)),
            "{line}"
        );
    }
    // A puzzle that starts with blanks written as zeros, then numbers: a
    // puzzle and its comment, not a row of numbers.
    let zeros = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    for comment in ["1 2 3", "1 2 3 4 5 6 7 8", "rated 12 of 20"] {
        let line = format!("{zeros} {comment}");
        let all: Vec<_> = Puzzles::new(line.as_bytes(), Format::Auto).collect();
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].as_ref().unwrap().grid().given_count(), 32, "{line}");
    }
    // A source's address, a rating, a few numbers: a comment, however
    // punctuated.
    for comment in [
        "from http://magictour.free.fr/top95 rated 1 2 3",
        "(rated 1.2, [hard]: \"see https://sudokuwiki.org/?bd=12\")",
        "(1, 2, 3, 4)",
    ] {
        let line = format!("{TOP1} {comment}");
        let all: Vec<_> = Puzzles::new(line.as_bytes(), Format::Auto).collect();
        assert!(all[0].is_ok(), "{all:?}");
    }
}

#[test]
fn an_endless_line_stops_reading_with_an_error() {
    // More than the limit of cells with no line end, as from a stream
    // that never sends one.
    let endless = std::io::repeat(b'1').take(MAX_ENDLESS_BYTES as u64 + 1024);
    let all: Vec<_> = Puzzles::new(std::io::BufReader::new(endless), Format::Auto).collect();
    assert_eq!(all.len(), 1, "{all:?}");
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(e.line(), 1);
    assert_eq!(
        e.kind(),
        &ParseErrorKind::Endless {
            limit: MAX_ENDLESS_BYTES
        }
    );
}
