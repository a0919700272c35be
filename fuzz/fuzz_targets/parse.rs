//! Fuzzes the puzzle parser: any bytes, every format.
//!
//! Checks that nothing panics; that reading through a tiny `BufReader`
//! (chunk boundaries anywhere, a CRLF split in two) gives exactly what
//! reading the whole slice gives; that errors are located on a real line
//! and column; and that every grid read displays as a line, as rows and
//! as a drawing that each read back to the same grid.
//!
//! Input: `[control, fill, extra, text...]`. The low 6 bits of `control`
//! pick the small reader's capacity (1..=64 bytes); with its high bit set,
//! a run of `fill` bytes just around `MAX_LINE_BYTES` long is spliced into
//! the middle of the text, to reach the line cap that libFuzzer's short
//! inputs never would.

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoku_sat::formats::text::{Format, Label, MAX_LINE_BYTES, ParseError, Puzzle, Puzzles};

const FORMATS: [Format; 7] = [
    Format::Auto,
    Format::Euler,
    Format::Line,
    Format::Rows,
    Format::Fpuzzles,
    Format::Rules,
    Format::Numbers,
];

fuzz_target!(|data: &[u8]| {
    let [control, fill, extra, rest @ ..] = data else {
        return;
    };
    let capacity = 1 + usize::from(control & 63);
    let text: Vec<u8> = if control & 0x80 != 0 {
        let half = rest.len() / 2;
        let run = MAX_LINE_BYTES - 8 + usize::from(extra % 16);
        let mut text = rest[..half].to_vec();
        text.resize(half + run, *fill);
        text.extend_from_slice(&rest[half..]);
        text
    } else {
        rest.to_vec()
    };
    let lines = text.split(|&b| b == b'\n').count();
    for format in FORMATS {
        let whole: Vec<Result<Puzzle, ParseError>> = Puzzles::new(&text[..], format).collect();
        let small: Vec<_> =
            Puzzles::new(BufReader::with_capacity(capacity, &text[..]), format).collect();
        assert_eq!(whole, small, "{format:?}, reader capacity {capacity}");
        assert!(!whole.is_empty() && whole.len() <= text.len() + 1);
        for item in &whole {
            match item {
                Ok(puzzle) => check_puzzle(puzzle, format, lines),
                Err(error) => {
                    assert!(error.line() >= 1 && error.line() <= lines, "{error:?}");
                    assert!(error.column().is_none_or(|c| c >= 1), "{error:?}");
                    let _ = error.to_string();
                }
            }
        }
    }
});

fn check_puzzle(puzzle: &Puzzle, format: Format, lines: usize) {
    assert!(puzzle.line >= 1 && puzzle.line <= lines);
    if let Label::Line(line) = puzzle.label {
        assert_eq!(line, puzzle.line);
    }
    let grid = puzzle.grid();
    if format == Format::Euler {
        assert_eq!(grid.size().side(), 9);
    }
    if !grid.size().has_symbols() || !grid.shape().has_default_blocks() {
        // Past 25×25 the text formats are numbers; other blocks are not
        // in the text.
        return;
    }
    let shown = [
        (grid.to_string(), Format::Line),
        (grid.rows().to_string(), Format::Rows),
        (grid.pretty().to_string(), Format::Rows),
        (grid.numbers().to_string(), Format::Numbers),
    ];
    for (text, format) in shown {
        let again: Vec<_> = Puzzles::new(text.as_bytes(), format).collect();
        match &again[..] {
            [Ok(p)] => assert_eq!(p.grid(), grid, "{format:?} of\n{text}"),
            other => panic!("{format:?} of\n{text}\nread back as {other:?}"),
        }
    }
}
