//! Puzzle text formats and their detection.
//!
//! [`Puzzles`] reads puzzles of any supported size (4×4, 9×9, 16×16,
//! 25×25) from a reader, one line at a time, in these formats:
//!
//! - **Euler** (Project Euler 96): a `Grid NN` header, then the rows.
//! - **Line**: one puzzle a line, N² cell symbols, then optionally
//!   whitespace and a free comment.
//! - **Rows**: N lines of N cells, or all N rows on one line separated by
//!   spaces; drawn grids with `|`, `+` and rule lines such as
//!   `------+------+------` are rows too, so [`Grid::pretty`] reads back.
//! - **Numbers**: N rows of N numbers, separated by spaces (`0` or `.`
//!   blank) or between bars in fields two characters wide, as
//!   `|16|  |  |07|` (spaces blank), for any side up to 64.
//!
//! ```text
//! Grid 01
//! 003020600
//! 900305001
//! ...
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3. top95 #1
//! 1.3.3.1.2.4.4.2.  a 4x4 puzzle, with a comment
//! 003020600 900305001 001806400 008102900 700000008 006708200 ...
//! +-------+-------+-------+
//! | 4 . . | . . . | 8 . 5 |
//! | . 3 . | . . . | . . . |
//! ...
//! ```
//!
//! (Lines of a real file hold one format; the one-line puzzle above is
//! cut short to fit.)
//!
//! Cells are `1`–`9` then `A`–`P` (either case) for 10..=25, and `.`, `0`,
//! `_` or `*` for a blank; a space is never a blank. 16×16 grids written
//! with the hexadecimal digits are read with [`Symbols::Hex0`] (`0`–`F`
//! are 1..=16) or [`Symbols::Hex1`] (`1`–`F` are 1..=15, `0` is 16), where
//! `0` is a digit and only `.`, `_` and `*` are blanks. Without them, a
//! 16×16 grid that holds both a `0` and another blank is an error rather
//! than a guess, since its `0`s may be digits. Lines whose first
//! non-blank character is `#` are comments. A UTF-8 byte order mark, CRLF
//! line ends and a missing final newline are accepted. [`Format::Auto`]
//! decides each puzzle's format and size from its own first line, so one
//! file may mix formats and sizes: a grid of rows may take a new size
//! after a blank line or a header, a one-line puzzle (81, 256 or 625
//! cells) ends a grid in progress rather than being read as its row, and
//! a comment after a one-line puzzle that is itself a puzzle is an error
//! rather than a lost puzzle. Binary input (a NUL byte) and a line with no
//! end in [`MAX_ENDLESS_BYTES`] stop the reading with an error.
//!
//! Parsing is strict: a character that is not a cell symbol, a blank or a
//! separator allowed where it stands is an error with its line and column,
//! never skipped. It is also bounded: lines are read into one reused
//! buffer of at most [`MAX_LINE_BYTES`], and the rest of a longer line is
//! skipped unread into memory. After an error the reader resynchronises,
//! so one bad puzzle costs one error and the batch goes on. Repeated
//! digits in a house are not a parse error: see [`Grid::first_conflict`].

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};
use std::iter::FusedIterator;

use crate::formats::{fpuzzles, rules_file};
use crate::grid::{Digit, Grid, Shape, Size};

mod csv;
mod drawing;
mod error;
mod grids;
mod lines;
mod numbers;
mod scan;
mod state;
mod write;

use csv::*;
use drawing::Drawing;
use grids::*;
use lines::LineReader;
use numbers::*;
use scan::*;
use state::*;

pub use error::{ParseError, ParseErrorKind};
pub use write::{Rows, TextFormat, rows, shape_loss, text_loss};

/// The longest line read, in bytes, not counting the line end; a longer
/// line is a [`ParseErrorKind::LineTooLong`] error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest line skipped, in bytes: past it the input has no line ends
/// (`/dev/zero`, an endless stream) and reading stops with a
/// [`ParseErrorKind::Endless`] error instead of running forever.
pub const MAX_ENDLESS_BYTES: usize = 64 << 20;

/// The largest rules file read, in bytes: a 64×64 puzzle with thousands
/// of constraints fits many times over. A larger one is a
/// [`ParseErrorKind::RulesFileTooLong`] error, so an endless input cannot
/// fill the memory.
pub const MAX_RULES_FILE_BYTES: usize = 16 << 20;

/// How to read puzzle text: the format, blocks to give every grid
/// instead of the default ones, and the cell alphabet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The text format.
    pub format: Format,
    /// Blocks of rows×columns cells for every grid (`--box`); `None` for
    /// the default blocks of each size (see [`crate::shape`]).
    pub blocks: Option<(usize, usize)>,
    /// The symbols cells are written with (`--symbols`).
    pub symbols: Symbols,
}

impl From<Format> for ReadOptions {
    fn from(format: Format) -> ReadOptions {
        ReadOptions {
            format,
            ..ReadOptions::default()
        }
    }
}

/// The alphabet of cell symbols, for the formats that write a cell as one
/// character (line, rows, CSV). Numbers, links and rules files spell
/// their digits out and are read the same whatever it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symbols {
    /// `1`–`9`, then `A`–`P` for 10..=25; `.`, `0`, `_` or `*` blank.
    #[default]
    Standard,
    /// 16×16 only, 0-based hexadecimal: `0`–`9`, `A`–`F` are 1..=16;
    /// `.`, `_` or `*` blank.
    Hex0,
    /// 16×16 only, hexadecimal with `0` for 16: `1`–`9`, `A`–`F` are
    /// 1..=15 and `0` is 16; `.`, `_` or `*` blank.
    Hex1,
}

impl Symbols {
    /// Returns the standard symbol or blank that byte `b` stands for in
    /// this alphabet, or `None` when `b` is none of its symbols. Cells are
    /// kept in the standard alphabet, so one reading of digits serves all.
    pub(super) fn standard(self, b: u8) -> Option<u8> {
        let hex = match self {
            Symbols::Standard => {
                let symbol = is_blank(b) || LARGEST.digit_of(char::from(b)).is_some();
                return symbol.then_some(b);
            }
            _ if matches!(b, b'.' | b'_' | b'*') => return Some(b),
            _ => char::from(b).to_digit(16)? as usize,
        };
        let value = match (self, hex) {
            (Symbols::Hex0, _) => hex + 1,
            (_, 0) => 16,
            _ => hex,
        };
        Some(SIXTEEN.symbol(Digit::from_index(value - 1)) as u8)
    }
}

/// Displays the name `--symbols` takes: `standard`, `hex0`, `hex1`.
impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symbols::Standard => "standard",
            Symbols::Hex0 => "hex0",
            Symbols::Hex1 => "hex1",
        })
    }
}

/// Which text format to read; Auto detects it puzzle by puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// Detect each puzzle's format from its first line that is not blank,
    /// a comment or a rule line.
    #[default]
    Auto,
    /// Project Euler 96: a `Grid NN` header before every 9x9 grid.
    Euler,
    /// One puzzle a line: N² cell symbols, then an optional comment.
    Line,
    /// N rows of N cells, or all rows on one line; `|`, `+` and rule lines
    /// of drawn grids are allowed, `Grid NN` headers label grids.
    Rows,
    /// One f-puzzles or SudokuPad link, or bare f-puzzles payload, a line;
    /// `auto` reads such lines too, wherever they stand.
    Fpuzzles,
    /// A rules file: one whole puzzle in TOML, constraints included;
    /// chosen for files named `*.toml`.
    Rules,
    /// N rows of N whitespace-separated numbers, `0` or `.` for a blank,
    /// any side from 4 to 64; `auto` knows it by a row with a two-digit
    /// number. Rows between bars, `|16|  |  |07|`, two characters a
    /// field and spaces for a blank, are numbers too.
    Numbers,
    /// CSV as in the large public sets, quoted fields and extra columns
    /// included: a header naming the puzzle column (`quizzes,solutions`,
    /// `puzzle,solution,status` of this tool's `--output csv`,
    /// `id,puzzle,solution,clues,difficulty`), then one puzzle a row, N²
    /// cells with `0` or `.` blank, and optionally its solution, which
    /// `solve` checks; `auto` knows it by the header.
    Csv,
}

/// Where a puzzle came from: an Euler header or its first line number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The number of a `Grid NN` header, as written (`"07"`).
    Grid(String),
    /// The 1-based line of the puzzle's first row.
    Line(usize),
}

impl Label {
    /// Returns the label as a file name stem: `grid-07` or `line-12`.
    pub fn file_stem(&self) -> String {
        match self {
            Label::Grid(number) => format!("grid-{number}"),
            Label::Line(line) => format!("line-{line}"),
        }
    }
}

/// Displays `Grid 07` or `line 12`.
impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Grid(number) => write!(f, "Grid {number}"),
            Label::Line(line) => write!(f, "line {line}"),
        }
    }
}

/// A puzzle read from text, with where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The header's label, or the line of the first row.
    pub label: Label,
    /// The 1-based line of the first row.
    pub line: usize,
    /// The puzzle: its givens (repeated digits in a house are kept as
    /// written) and, for formats that carry them, its constraints.
    pub puzzle: crate::puzzle::Puzzle,
    /// Elements of the input that carry no rule and were left out, as
    /// f-puzzles' cosmetic lines, circles and text; empty for text grids.
    pub ignored: Vec<String>,
    /// What the puzzle shows beyond its rules (an f-puzzles link's title,
    /// drawings and settings, a rules file's title, author and rules
    /// text), for puzzles made from it; empty for text grids.
    pub shown: crate::formats::fpuzzles::Shown,
    /// The solution the input gives with the puzzle (the solution column
    /// of a CSV row), for the solver's answer to be checked against.
    pub expected: Option<Grid>,
}

impl Puzzle {
    /// Returns the givens.
    pub fn grid(&self) -> &Grid {
        self.puzzle.givens()
    }
}

/// Returns every puzzle of `text`, or the first error.
///
/// # Errors
///
/// Returns the first [`ParseError`]; an input without puzzles is
/// [`ParseErrorKind::NoPuzzle`].
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::text::{parse_str, Format, Label};
///
/// let text = "Grid 01\n003020600\n900305001\n001806400\n008102900\n\
///             700000008\n006708200\n002609500\n800203009\n005010300\n";
/// let puzzles = parse_str(text, Format::Auto)?;
/// assert_eq!(puzzles[0].label, Label::Grid("01".into()));
/// assert_eq!(puzzles[0].grid().given_count(), 32);
/// # Ok::<(), sudoku_sat::formats::text::ParseError>(())
/// ```
pub fn parse_str(text: &str, format: Format) -> Result<Vec<Puzzle>, ParseError> {
    Puzzles::new(text.as_bytes(), format).collect()
}

/// Returns whether `text` is one puzzle as people paste it: N² cells,
/// each a blank or a digit of the N×N grid (`4.....8.5.3...`, 81 of
/// them), or a link. Whitespace around it is ignored. The command line
/// reads a FILE argument that names no file but looks like this as the
/// puzzle itself, so that a link which holds no f-puzzles payload (a
/// SudokuPad `scl` link, another site) is refused as what it is rather
/// than as a file that cannot be opened.
///
/// ```
/// use sudoku_sat::formats::text::looks_like_puzzle;
///
/// assert!(looks_like_puzzle("1.3.3.1.2.4.4.2."));
/// assert!(looks_like_puzzle("https://sudokupad.app/fpuzzlesN4IgABC"));
/// assert!(looks_like_puzzle("https://sudokupad.app/sclN4IgABC"));
/// // 16 characters, but 'm' is no digit of a 4x4 grid: a file name.
/// assert!(!looks_like_puzzle("mypuzzles123.txt"));
/// ```
pub fn looks_like_puzzle(text: &str) -> bool {
    let text = text.trim();
    fpuzzles::link_payload(text).is_some() || is_written_grid(text)
}

/// Returns whether `text` is a whole grid on one line: N² characters, each
/// a blank or a digit of the N×N grid.
fn is_written_grid(text: &str) -> bool {
    Size::from_cell_count(text.len())
        .filter(|size| size.has_symbols())
        .is_some_and(|size| {
            text.bytes()
                .all(|b| is_blank(b) || size.digit_of(char::from(b)).is_some())
        })
}

/// Streaming iterator over the puzzles of a reader.
///
/// It reads one line at a time into a reused buffer, so memory stays
/// bounded by [`MAX_LINE_BYTES`] and one grid, whatever the input. Each
/// item is a puzzle or the first error of one puzzle (or of one line, in
/// the line format); the iterator then goes on with the next puzzle. An
/// I/O error is the last item.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::text::{Format, Puzzles};
///
/// let text = "1.3.3.1.2.4.4.2.\nx\n";
/// let items: Vec<_> = Puzzles::new(text.as_bytes(), Format::Auto).collect();
/// assert_eq!(items[0].as_ref().unwrap().grid().given_count(), 8);
/// assert_eq!(items[1].as_ref().unwrap_err().to_string(),
///     "line 2, column 1: invalid character 'x' \
///      (not a cell symbol, a blank or an allowed separator)");
/// ```
pub struct Puzzles<R: BufRead> {
    lines: LineReader<R>,
    state: State,
    done: bool,
}

impl<R: BufRead> Puzzles<R> {
    /// Returns the same reader giving every grid blocks of `rows`×`cols`
    /// cells instead of the default ones (`--box`). A grid whose side is
    /// not rows·cols is a [`ParseErrorKind::Blocks`] error.
    pub fn with_blocks(mut self, blocks: Option<(usize, usize)>) -> Self {
        self.state.blocks = blocks;
        self
    }

    /// Returns an iterator over the puzzles of `reader` read with
    /// `options`: a [`Format`], or [`ReadOptions`] with blocks too.
    pub fn new(reader: R, options: impl Into<ReadOptions>) -> Self {
        let options = options.into();
        let format = options.format;
        let (mode, size) = match format {
            Format::Auto => (None, None),
            Format::Line => (Some(Mode::Line), None),
            Format::Rows => (Some(Mode::Block), None),
            Format::Euler => (Some(Mode::Block), Some(Size::NINE)),
            // Every content line is a link; the modes are never reached.
            Format::Fpuzzles => (Some(Mode::Line), None),
            // The text is gathered whole and read at its end.
            Format::Rules => (None, None),
            Format::Numbers => (Some(Mode::Numbers), None),
            Format::Csv => (Some(Mode::Csv), None),
        };
        Puzzles {
            lines: LineReader {
                reader,
                buf: Vec::new(),
                number: 0,
                too_long: false,
                endless: false,
            },
            state: State {
                format,
                mode,
                size,
                block: None,
                blocks: None,
                csv: Columns::default(),
                splitter: Splitter::default(),
                rules_text: (format == Format::Rules).then(String::new),
                out: VecDeque::new(),
                produced: false,
                boundary: true,
                scan: Scan {
                    symbols: options.symbols,
                    ..Scan::default()
                },
            },
            done: false,
        }
        .with_blocks(options.blocks)
    }

    /// Returns the format being read: the one asked for, or once
    /// [`Format::Auto`] has seen a content line, [`Format::Line`] or
    /// [`Format::Rows`]; `None` while detection is pending.
    pub fn format(&self) -> Option<Format> {
        match (self.state.format, self.state.mode) {
            (Format::Auto, None) => None,
            (Format::Auto, Some(Mode::Line)) => Some(Format::Line),
            (Format::Auto, Some(Mode::Block)) => Some(Format::Rows),
            (Format::Auto, Some(Mode::Numbers)) => Some(Format::Numbers),
            (Format::Auto, Some(Mode::Csv)) => Some(Format::Csv),
            (format, _) => Some(format),
        }
    }

    /// Returns the grid size, once the first puzzle line has fixed it.
    pub fn size(&self) -> Option<Size> {
        self.state.size
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.state.out.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            match self.lines.next_line() {
                Ok(true) if self.lines.endless || self.lines.buf.contains(&0) => {
                    // Nothing after this is text: end the grid in progress
                    // and stop.
                    self.done = true;
                    let number = self.lines.number;
                    self.state.truncate(number);
                    let (column, kind) = match self.lines.buf.iter().position(|&b| b == 0) {
                        Some(i) => (
                            Some(units(&self.lines.buf[..i]).count() + 1),
                            ParseErrorKind::Binary,
                        ),
                        None => (
                            None,
                            ParseErrorKind::Endless {
                                limit: MAX_ENDLESS_BYTES,
                            },
                        ),
                    };
                    self.state.push(Err(ParseError::new(number, column, kind)));
                }
                Ok(true) => {
                    let (line, number) = (&self.lines.buf[..], self.lines.number);
                    self.state.handle(line, number, self.lines.too_long);
                }
                Ok(false) => {
                    self.done = true;
                    self.state.end(self.lines.number.max(1));
                }
                Err(e) => {
                    // Whatever was half read is lost with the reader.
                    self.done = true;
                    self.state.out.clear();
                    let kind = ParseErrorKind::Io {
                        kind: e.kind(),
                        message: e.to_string(),
                    };
                    return Some(Err(ParseError::new(self.lines.number + 1, None, kind)));
                }
            }
        }
    }
}

impl<R: BufRead> FusedIterator for Puzzles<R> {}

#[cfg(test)]
mod tests;
