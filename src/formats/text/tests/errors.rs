//! Reader tests: malformed, hostile and endless input, each located.

use super::*;

#[test]
fn wrong_cell_counts() {
    let short = &TOP1[..80];
    let all: Vec<_> = Puzzles::new(format!("{TOP1}\n{short}\n").as_bytes(), Format::Line).collect();
    let e = all[1].as_ref().unwrap_err();
    // The column is where the first missing cell would be.
    assert_eq!((e.line(), e.column()), (2, Some(81)));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::CellCount {
            expected: 81,
            found: 80
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2, column 81: expected 81 cells, found 80"
    );
    let all = kinds(format!("{TOP1}\n{TOP1}.\n").as_bytes(), Format::Auto);
    assert!(matches!(
        all[1],
        Err(ParseErrorKind::CellCount {
            expected: 81,
            found: 82
        })
    ));
    let text = format!("{TOP1}\n{TOP1}.");
    let mut puzzles = Puzzles::new(text.as_bytes(), Format::Line);
    puzzles.next();
    assert_eq!(puzzles.next().unwrap().unwrap_err().column(), Some(82));
    // The first line fixes no size.
    let e = only_error(short.as_bytes(), Format::Line);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::UnknownSize {
            found: 80,
            one_line: true
        }
    ));
    let e = only_error(&[b'1'; 37], Format::Auto);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::UnknownSize {
            found: 37,
            one_line: false
        }
    ));
    // A row of ten in a 9x9 grid.
    let text = EULER_01.replacen("900305001", "9003050010", 1);
    let e = only_error(text.as_bytes(), Format::Rows);
    assert_eq!((e.line(), e.column()), (2, Some(10)));
    assert!(matches!(
        e.kind(),
        ParseErrorKind::CellCount {
            expected: 9,
            found: 10
        }
    ));
}

#[test]
fn foreign_characters() {
    let line = TOP1.replacen('3', "?", 1);
    let all: Vec<_> = Puzzles::new(format!("{TOP1}\n{line}").as_bytes(), Format::Auto).collect();
    let e = all[1].as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (2, Some(11)));
    assert!(matches!(
        e.kind(),
        ParseErrorKind::InvalidCharacter { found: '?' }
    ));
    assert!(
        e.to_string()
            .starts_with("line 2, column 11: invalid character '?' (")
    );
    // A letter is a digit of larger grids only: still an error here.
    let line = TOP1.replacen('3', "x", 1);
    let all: Vec<_> = Puzzles::new(format!("{TOP1}\n{line}").as_bytes(), Format::Auto).collect();
    let e = all[1].as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (2, Some(11)));
    // Box drawing, counted in characters.
    let e = only_error("│ 4 . x".as_bytes(), Format::Rows);
    assert_eq!(e.column(), Some(1));
    assert_eq!(e.kind(), &ParseErrorKind::InvalidCharacter { found: '│' });
    let e = only_error("éé12x4".as_bytes(), Format::Rows);
    assert_eq!(e.column(), Some(1));
    let e = only_error("12é4".as_bytes(), Format::Rows);
    assert_eq!(e.column(), Some(3));
    // `?` is neither a blank nor a separator inside a cell line.
    let e = only_error(b"1?34", Format::Auto);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::InvalidCharacter { found: '?' }
    ));
    // A separator inside a one-line puzzle.
    let bar = format!("{}|{}", &TOP1[..40], &TOP1[41..]);
    let e = only_error(bar.as_bytes(), Format::Line);
    assert_eq!((e.line(), e.column()), (1, Some(41)));
    // A space is not a blank: the 15 cells are read as the first row
    // of a 15×15 grid, which ends early.
    let e = only_error(b"12 4 3412 2143 4321", Format::Rows);
    assert!(matches!(e.kind(), ParseErrorKind::Truncated { .. }));
}

#[test]
fn symbols_out_of_range() {
    let line = sample(Size::SQUARES[2]).to_string().replacen('G', "H", 1);
    let col = line.find('H').unwrap() + 1;
    let e = only_error(line.as_bytes(), Format::Auto);
    assert_eq!(e.column(), Some(col));
    assert_eq!(
        e.kind(),
        &ParseErrorKind::SymbolOutOfRange {
            symbol: 'H',
            size: Size::SQUARES[2]
        }
    );
    assert!(
        e.to_string()
            .ends_with("symbol 'H' is not a digit of a 16x16 grid (digits are 1-9 and A-G)")
    );
    let e = only_error(b"1.3.\n..7.\n....\n....\n", Format::Auto);
    assert_eq!((e.line(), e.column()), (2, Some(3)));
    assert!(matches!(
        e.kind(),
        ParseErrorKind::SymbolOutOfRange { symbol: '7', .. }
    ));
    let e = only_error(TOP1.replacen('4', "A", 1).as_bytes(), Format::Auto);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::SymbolOutOfRange { symbol: 'A', .. }
    ));
}

#[test]
fn invalid_bytes_and_nul() {
    let mut text = TOP1.as_bytes().to_vec();
    text[80] = 0xff;
    let e = only_error(&text, Format::Auto);
    assert_eq!((e.line(), e.column()), (1, Some(81)));
    assert_eq!(e.kind(), &ParseErrorKind::InvalidByte { found: 0xff });
    assert_eq!(
        e.to_string(),
        "line 1, column 81: invalid byte 0xff (the text is not UTF-8)"
    );
    // A NUL byte is binary data: one error at it, and reading stops.
    let e = only_error(b"\0\0\0\0\n1.3.3.1.2.4.4.2.\n", Format::Auto);
    assert_eq!((e.line(), e.column()), (1, Some(1)));
    assert_eq!(e.kind(), &ParseErrorKind::Binary);
    // Invalid bytes count one column each.
    let e = only_error(b"\xff\xfe1x", Format::Rows);
    assert_eq!(e.column(), Some(1));
    let mut all = Puzzles::new(&b"\xc3\xa912\xff4\n"[..], Format::Rows);
    let e = all.next().unwrap().unwrap_err();
    assert!(matches!(
        e.kind(),
        ParseErrorKind::InvalidCharacter { found: 'é' }
    ));
}

#[test]
fn binary_garbage_never_panics() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for round in 0..200 {
        let len = 1 + round * 7;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly cell symbols and separators, some anything.
                let pick = b"0123456789ABG.|+- \n\n#Grid";
                if seed.is_multiple_of(4) {
                    (seed >> 8) as u8
                } else {
                    pick[(seed >> 16) as usize % pick.len()]
                }
            })
            .collect();
        for format in [Format::Auto, Format::Line, Format::Rows, Format::Euler] {
            let n = Puzzles::new(&bytes[..], format).count();
            assert!(n >= 1 && n <= bytes.len() + 1);
        }
    }
}

#[test]
fn truncated_euler_block() {
    let mut lines: Vec<&str> = EULER.lines().take(20).collect();
    lines.remove(9); // Grid 01 keeps 8 rows.
    let text = lines.join("\n");
    let all: Vec<_> = Puzzles::new(text.as_bytes(), Format::Auto).collect();
    assert_eq!(all.len(), 2);
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(e.line(), 10);
    assert_eq!(
        e.kind(),
        &ParseErrorKind::Truncated {
            label: Label::Grid("01".into()),
            rows: 8,
            expected: Some(9)
        }
    );
    assert_eq!(e.to_string(), "line 10: Grid 01 ended after 8 of 9 rows");
    assert_eq!(all[1].as_ref().unwrap().label, Label::Grid("02".into()));
    // Blank line and end of input.
    let cut = &EULER_01[..EULER_01.len() - 10];
    let text = format!("{cut}\n{EULER_01}{cut}");
    let all = kinds(text.as_bytes(), Format::Rows);
    assert_eq!(all.len(), 3);
    assert!(matches!(
        &all[0],
        Err(ParseErrorKind::Truncated {
            label: Label::Line(1),
            rows: 8,
            ..
        })
    ));
    assert_eq!(all[1], Ok(Label::Line(10)));
    assert!(matches!(
        &all[2],
        Err(ParseErrorKind::Truncated { rows: 8, .. })
    ));
    // A header with no rows.
    let all = kinds(b"Grid 01\nGrid 02\n", Format::Auto);
    assert_eq!(all.len(), 2);
    assert!(matches!(
        &all[0],
        Err(ParseErrorKind::Truncated {
            rows: 0,
            expected: None,
            ..
        })
    ));
}

/// Lines of 25 cells start a 25×25 grid; when they end before its 25
/// rows, the message names --format line for 5×5 grids one a line, as it
/// does for a single line. (Only the single line had the hint.)
#[test]
fn lines_of_25_cells_that_end_early_name_the_line_format() {
    let five = ".5.424.......5....24.3...\n.1..5..43.54...........13\n";
    let all: Vec<_> = Puzzles::new(five.as_bytes(), Format::Auto).collect();
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: the grid from line 1 ended after 2 of 25 rows (for 5×5 grids one a line, \
         give --format line)"
    );
    let lines: Vec<_> = Puzzles::new(five.as_bytes(), Format::Line).collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines
            .iter()
            .all(|p| p.as_ref().unwrap().grid().size().side() == 5)
    );
}

#[test]
fn no_puzzle() {
    for text in [
        "",
        "\n\n",
        "# only\n  # comments\n\n",
        "\u{feff}",
        "-----\n",
    ] {
        let all: Vec<_> = Puzzles::new(text.as_bytes(), Format::Auto).collect();
        assert_eq!(all.len(), 1, "{text:?}");
        let e = all[0].as_ref().unwrap_err();
        assert_eq!(e.kind(), &ParseErrorKind::NoPuzzle);
        assert_eq!(e.line(), text.lines().count().max(1));
    }
    assert_eq!(
        only_error(b"", Format::Line).to_string(),
        "line 1: no puzzle in the input"
    );
}

#[test]
fn huge_line_is_skipped_in_constant_memory() {
    let huge = io::repeat(b'.').take(5_000_000);
    let mut puzzles = Puzzles::new(io::BufReader::new(huge), Format::Auto);
    let e = puzzles.next().unwrap().unwrap_err();
    assert_eq!(e.line(), 1);
    assert_eq!(
        e.kind(),
        &ParseErrorKind::LineTooLong {
            limit: MAX_LINE_BYTES
        }
    );
    assert!(puzzles.lines.buf.capacity() <= 4 * MAX_LINE_BYTES);
    assert!(puzzles.next().is_none());
    // Then the next line parses, in either mode.
    let tail = format!("\n{TOP1}\n");
    let text = io::repeat(b'7').take(5_000_000).chain(tail.as_bytes());
    let all = kinds_reader(io::BufReader::new(text), Format::Auto);
    assert!(matches!(all[0], Err(ParseErrorKind::LineTooLong { .. })));
    assert_eq!(all[1], Ok(Label::Line(2)));
    let text = EULER_01.as_bytes()[..30]
        .chain(io::repeat(b'7').take(200_000))
        .chain(&EULER_01.as_bytes()[39..])
        .chain(EULER_01.as_bytes());
    let all = kinds_reader(io::BufReader::new(text), Format::Auto);
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(matches!(all[0], Err(ParseErrorKind::LineTooLong { .. })));
    assert_eq!(all[1], Ok(Label::Line(10)));
}

fn kinds_reader(reader: impl BufRead, format: Format) -> Vec<Result<Label, ParseErrorKind>> {
    Puzzles::new(reader, format)
        .map(|item| item.map(|p| p.label).map_err(|e| e.kind().clone()))
        .collect()
}

#[test]
fn recovery() {
    let bad = TOP1.replacen('.', "?", 1);
    let text = format!("{TOP1}\n{bad}\n{TOP1}\n");
    let all = kinds(text.as_bytes(), Format::Auto);
    assert_eq!(all.len(), 3);
    assert_eq!(all[0], Ok(Label::Line(1)));
    assert!(matches!(
        all[1],
        Err(ParseErrorKind::InvalidCharacter { found: '?' })
    ));
    assert_eq!(all[2], Ok(Label::Line(3)));
    // A bad row, then a second one: one error for the first puzzle.
    let bad = EULER_01
        .replacen("900305001", "90030500", 1)
        .replacen("001806400", "00180640x", 1);
    let text = format!("Grid 01\n{bad}Grid 02\n{EULER_01}");
    let all: Vec<_> = Puzzles::new(text.as_bytes(), Format::Auto).collect();
    assert_eq!(all.len(), 2);
    let e = all[0].as_ref().unwrap_err();
    assert_eq!(e.line(), 3);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::CellCount {
            expected: 9,
            found: 8
        }
    ));
    assert_eq!(all[1].as_ref().unwrap().label, Label::Grid("02".into()));
    // Without headers or blank lines the rows still align.
    let text = format!("{bad}{EULER_01}");
    let all = kinds(text.as_bytes(), Format::Rows);
    assert!(matches!(all[..], [Err(_), Ok(Label::Line(10))]), "{all:?}");
    // A bad whole-grid line at a grid's start stands for one grid.
    let text = format!("{TOP1}\n{}\n{TOP1}\n", &TOP1[..79]);
    let all = kinds(text.as_bytes(), Format::Rows);
    assert!(matches!(
        all[..],
        [
            Ok(Label::Line(1)),
            Err(ParseErrorKind::CellCount {
                expected: 81,
                found: 79
            }),
            Ok(Label::Line(3))
        ]
    ));
}

/// Yields its text, then fails.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = self.0.read(buf)?;
        Ok(n)
    }
}

#[test]
fn io_error_ends_the_stream() {
    // Puzzles arrive before the failure: the input is streamed.
    let text = format!("{TOP1}\n{TOP1}\n{}", &TOP1[..20]);
    let reader = io::BufReader::with_capacity(16, Failing(text.as_bytes()));
    let mut puzzles = Puzzles::new(reader, Format::Auto);
    assert!(puzzles.next().unwrap().is_ok());
    assert!(puzzles.next().unwrap().is_ok());
    let e = puzzles.next().unwrap().unwrap_err();
    assert_eq!(e.line(), 3);
    assert!(matches!(
        e.kind(),
        ParseErrorKind::Io {
            kind: io::ErrorKind::Other,
            ..
        }
    ));
    assert_eq!(e.to_string(), "line 3: read error: disk on fire");
    assert!(puzzles.next().is_none());
    assert!(puzzles.next().is_none());
}

#[test]
fn an_endless_rules_file_stops_at_its_limit() {
    // A comment line repeated past the limit, then more: one error, and
    // reading ends there rather than filling the memory.
    let line = b"# the same comment again and again\n";
    let count = MAX_RULES_FILE_BYTES / line.len() + 10;
    let text: Vec<u8> = line
        .iter()
        .copied()
        .cycle()
        .take(count * line.len())
        .collect();
    let items: Vec<_> = Puzzles::new(&text[..], Format::Rules).collect();
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind(),
        ParseErrorKind::RulesFileTooLong { .. }
    ));
}

/// Rows that are ASCII and start with a digit or a blank, nearly every
/// row, are read byte by byte and skip the link, CSV-header and bar
/// checks: they give the same grids and the same located errors as
/// lines that take the general path.
#[test]
fn ascii_rows_read_like_any_other() {
    assert!(starts_with_cell(b"003020600") && starts_with_cell(b".2.") && starts_with_cell(b"*1"));
    assert!(!starts_with_cell(b" 003") && !starts_with_cell(b"|16|") && !starts_with_cell(b""));
    // A bad character in row 3, column 5 of Euler grid 1 (line 4).
    for (row, found) in [("0018x6400", 'x'), ("0018é6400", 'é'), ("0018x640é", 'x')] {
        let text = EULER.replacen("001806400", row, 1);
        let e = Puzzles::new(text.as_bytes(), Format::Auto)
            .find_map(Result::err)
            .unwrap();
        assert_eq!((e.line(), e.column()), (4, Some(5)), "{row}");
        assert_eq!(e.kind(), &ParseErrorKind::InvalidCharacter { found });
        assert!(
            e.to_string()
                .starts_with(&format!("line 4, column 5: invalid character '{found}'")),
            "{e}"
        );
    }
    // One cell too many: the column of the tenth.
    let text = EULER.replacen("001806400", "0018064001", 1);
    let e = only_error(
        &text.as_bytes()[..text.find("Grid 02").unwrap()],
        Format::Auto,
    );
    assert_eq!((e.line(), e.column()), (4, Some(10)));
    assert_eq!(
        e.to_string(),
        "line 4, column 10: expected 9 cells, found 10"
    );
    // Lines that start otherwise are still headers, links, CSV headers and
    // rows between bars.
    let csv = "puzzle,solution\n0030206009003050010018064000081029007000000080067082000026095008002030090050103\
               00,\n";
    let all: Vec<_> = Puzzles::new(csv.as_bytes(), Format::Auto).collect();
    assert!(all.len() == 1 && all[0].is_ok(), "{all:?}");
    let grids: Vec<_> = Puzzles::new(EULER.as_bytes(), Format::Auto)
        .map(|p| p.unwrap().grid().clone())
        .collect();
    assert_eq!(grids.len(), 50);
    assert_eq!(
        grids[0].to_string(),
        EULER_01.replace('\n', "").replace('0', ".")
    );
}
