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
//! Cells are `1`–`9` then `A`–`P` (either case) for 10..=25, and `.`, `0`
//! or `_` for a blank; a space is never a blank. Lines whose first
//! non-blank character is `#` are comments. A UTF-8 byte order mark, CRLF
//! line ends and a missing final newline are accepted. [`Format::Auto`]
//! decides the format from the first line that is not blank, a comment or
//! a rule.
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

mod error;

pub use error::{ParseError, ParseErrorKind};

/// The longest line read, in bytes, not counting the line end; a longer
/// line is a [`ParseErrorKind::LineTooLong`] error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The largest size written with one symbol a cell (`1`–`9`, `A`–`Z`);
/// its alphabet holds every cell symbol.
const LARGEST: Size = Size::MAX_SYMBOL_SIDE_SIZE;

/// The smallest size, 4×4; it competes with 16×16 for 16-cell lines.
const SMALLEST: Size = Size::SQUARES[0];

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How to read puzzle text: the format, and blocks to give every grid
/// instead of the default ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The text format.
    pub format: Format,
    /// Blocks of rows×columns cells for every grid (`--box`); `None` for
    /// the default blocks of each size (see [`crate::shape`]).
    pub blocks: Option<(usize, usize)>,
}

impl From<Format> for ReadOptions {
    fn from(format: Format) -> ReadOptions {
        ReadOptions {
            format,
            blocks: None,
        }
    }
}

/// Which text format to read; Auto detects it from the first content line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// Detect the format from the first line that is not blank, a comment
    /// or a rule line.
    #[default]
    Auto,
    /// Project Euler 96: a `Grid NN` header before every 9x9 grid.
    Euler,
    /// One puzzle a line: N² cell symbols, then an optional comment.
    Line,
    /// N rows of N cells, or all rows on one line; `|`, `+` and rule lines
    /// of drawn grids are allowed, `Grid NN` headers label grids.
    Rows,
    /// One f-puzzles or SudokuPad link, or bare f-puzzles payload, a line
    /// (see [`crate::formats::fpuzzles`]). [`Format::Auto`] reads such
    /// lines too, wherever they stand.
    Fpuzzles,
    /// A rules file: one whole puzzle in TOML, constraints included (see
    /// [`crate::formats::rules_file`]). Chosen for files named `*.toml`.
    Rules,
    /// N rows of N whitespace-separated decimal numbers, `0` or `.` for a
    /// blank, for any side from 4 to 64; grids separated by a blank line.
    /// [`Format::Auto`] detects it from a first line of numbers with one
    /// of two digits or more.
    Numbers,
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
/// use sudoku_sat::parse::{parse_str, Format, Label};
///
/// let text = "Grid 01\n003020600\n900305001\n001806400\n008102900\n\
///             700000008\n006708200\n002609500\n800203009\n005010300\n";
/// let puzzles = parse_str(text, Format::Auto)?;
/// assert_eq!(puzzles[0].label, Label::Grid("01".into()));
/// assert_eq!(puzzles[0].grid().given_count(), 32);
/// # Ok::<(), sudoku_sat::parse::ParseError>(())
/// ```
pub fn parse_str(text: &str, format: Format) -> Result<Vec<Puzzle>, ParseError> {
    Puzzles::new(text.as_bytes(), format).collect()
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
/// use sudoku_sat::parse::{Format, Puzzles};
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
        };
        Puzzles {
            lines: LineReader {
                reader,
                buf: Vec::new(),
                number: 0,
                too_long: false,
            },
            state: State {
                format,
                mode,
                size,
                block: None,
                blocks: None,
                rules_text: (format == Format::Rules).then(String::new),
                out: VecDeque::new(),
                produced: false,
                scan: Scan::default(),
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

/// Reads lines into one reused buffer, at most [`MAX_LINE_BYTES`] of each.
struct LineReader<R> {
    reader: R,
    /// The current line without its line end (and, on line 1, its BOM).
    buf: Vec<u8>,
    /// The 1-based number of the current line; 0 before the first.
    number: usize,
    /// Whether the current line exceeded the limit; `buf` holds its start.
    too_long: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Reads the next line; returns `false` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        self.buf.clear();
        self.too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (end, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !self.too_long {
                // One byte of slack for the `\r` of a CRLF line end.
                let room = MAX_LINE_BYTES + 1 - self.buf.len();
                if end > room {
                    self.buf.extend_from_slice(&chunk[..room]);
                    self.too_long = true;
                } else {
                    self.buf.extend_from_slice(&chunk[..end]);
                }
            }
            // Past the limit the bytes are consumed without being kept.
            self.reader.consume(end + usize::from(newline));
            if newline {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        if !self.too_long {
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
            self.too_long = self.buf.len() > MAX_LINE_BYTES;
        }
        if self.number == 1 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
        }
        Ok(true)
    }
}

/// How lines are grouped into puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// One puzzle a line.
    Line,
    /// Rows over one or more lines, with optional headers.
    Block,
    /// Rows of whitespace-separated numbers.
    Numbers,
}

/// Returns whether a line is a row of the numbers format: at least four
/// whitespace-separated tokens, each `.` or a number of one or two
/// digits, one of them of two. (Rows written as runs of digits, as
/// `003020600 900305001`, are the rows format.)
fn numbers_like(line: &[u8]) -> bool {
    let mut tokens = line.split(|&b| is_space(b)).filter(|t| !t.is_empty());
    let number = |t: &[u8]| t == b"." || (t.len() <= 2 && t.iter().all(u8::is_ascii_digit));
    let (mut count, mut wide) = (0, false);
    for token in tokens.by_ref() {
        if !number(token) {
            return false;
        }
        count += 1;
        wide |= token.len() >= 2;
    }
    count >= Size::MIN_SIDE && wide
}

/// A grid being collected in block mode.
struct Block {
    /// The header's label, if a header came first.
    label: Option<Label>,
    /// The line of the first row (0 until one is read).
    first_row: usize,
    /// Rows read so far, a bad line counting as one.
    rows: usize,
    /// The cells read so far, while no error occurred.
    cells: Vec<Option<Digit>>,
    /// The grid's first error.
    error: Option<ParseError>,
}

impl Block {
    fn new(label: Option<Label>, error: Option<ParseError>) -> Block {
        Block {
            label,
            first_row: 0,
            rows: 0,
            cells: Vec::new(),
            error,
        }
    }
}

/// The parser state apart from the reader.
struct State {
    format: Format,
    mode: Option<Mode>,
    size: Option<Size>,
    block: Option<Block>,
    /// Blocks asked for instead of the default ones (`--box`).
    blocks: Option<(usize, usize)>,
    /// The text of a rules file, gathered until the end.
    rules_text: Option<String>,
    out: VecDeque<Result<Puzzle, ParseError>>,
    /// Whether any puzzle or error was produced.
    produced: bool,
    scan: Scan,
}

/// What a line is, before its cells are read.
enum LineKind {
    Blank,
    Comment,
    Header(Result<String, Option<usize>>),
    Rule,
    Cells,
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn is_blank(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'_')
}

fn classify(line: &[u8]) -> LineKind {
    let start = line.iter().position(|&b| !is_space(b));
    let Some(start) = start else {
        return LineKind::Blank;
    };
    let rest = &line[start..];
    if rest[0] == b'#' {
        LineKind::Comment
    } else if rest.starts_with(b"Grid") {
        LineKind::Header(parse_header(line, start))
    } else if rest
        .iter()
        .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b'*') || is_space(b))
        && rest.iter().any(|&b| b == b'-' || b == b'=')
    {
        LineKind::Rule
    } else {
        LineKind::Cells
    }
}

/// Parses `Grid NN` (`^\s*Grid\s+(\d+)\s*$`) with `Grid` at byte `start`;
/// returns the number as written, or the column of the first character
/// that breaks the pattern (`None` if the line ends too soon).
fn parse_header(line: &[u8], start: usize) -> Result<String, Option<usize>> {
    // Everything before the offending byte is ASCII, so byte index + 1 is
    // its column.
    let fail = |i: usize| Err((i < line.len()).then_some(i + 1));
    let mut i = start + "Grid".len();
    if !line.get(i).is_some_and(|&b| is_space(b)) {
        return fail(i);
    }
    while line.get(i).is_some_and(|&b| is_space(b)) {
        i += 1;
    }
    let digits = i;
    while line.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == digits {
        return fail(i);
    }
    let number = String::from_utf8_lossy(&line[digits..i]).into_owned();
    while line.get(i).is_some_and(|&b| is_space(b)) {
        i += 1;
    }
    if i < line.len() {
        return fail(i);
    }
    Ok(number)
}

/// One character of a line, or one byte of an invalid UTF-8 sequence.
#[derive(Clone, Copy)]
enum Unit {
    Ascii(u8),
    Char(char),
    Byte(u8),
}

fn units(line: &[u8]) -> impl Iterator<Item = Unit> + '_ {
    line.utf8_chunks().flat_map(|chunk| {
        chunk
            .valid()
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    Unit::Ascii(c as u8)
                } else {
                    Unit::Char(c)
                }
            })
            .chain(chunk.invalid().first().map(|&b| Unit::Byte(b)))
    })
}

/// The cells of one line, in buffers reused from line to line.
#[derive(Default)]
struct Scan {
    /// Each cell's ASCII symbol or blank, or 0 for an invalid character.
    cells: Vec<u8>,
    /// Each cell's 1-based column.
    cols: Vec<usize>,
    /// The first invalid character: its column and kind.
    bad: Option<(usize, ParseErrorKind)>,
    /// The number of cells in each whitespace-separated group.
    groups: Vec<usize>,
    /// Whether the line holds `|` or `+`.
    bars: bool,
}

impl Scan {
    fn clear(&mut self) {
        self.cells.clear();
        self.cols.clear();
        self.bad = None;
        self.groups.clear();
        self.bars = false;
    }

    fn push(&mut self, unit: Unit, col: usize) {
        let (cell, bad) = match unit {
            Unit::Ascii(b) if is_blank(b) || LARGEST.digit_of(char::from(b)).is_some() => (b, None),
            Unit::Ascii(b) => (
                0,
                Some(ParseErrorKind::InvalidCharacter {
                    found: char::from(b),
                }),
            ),
            Unit::Char(c) => (0, Some(ParseErrorKind::InvalidCharacter { found: c })),
            Unit::Byte(b) => (0, Some(ParseErrorKind::InvalidByte { found: b })),
        };
        self.cells.push(cell);
        self.cols.push(col);
        if let Some(kind) = bad {
            self.bad.get_or_insert((col, kind));
        }
    }

    /// Reads the first whitespace-separated token as one-line cells; a
    /// separator there is an invalid character.
    fn token(&mut self, line: &[u8]) {
        self.clear();
        for (i, unit) in units(line).enumerate() {
            match unit {
                Unit::Ascii(b) if is_space(b) => {
                    if !self.cells.is_empty() {
                        break;
                    }
                }
                _ => {
                    if let Unit::Ascii(b'|' | b'+') = unit {
                        self.bars = true;
                    }
                    self.push(unit, i + 1);
                }
            }
        }
    }

    /// Reads a whole line as rows, dropping `|`, `+` and whitespace.
    fn block(&mut self, line: &[u8]) {
        self.clear();
        let mut group = 0;
        for (i, unit) in units(line).enumerate() {
            match unit {
                Unit::Ascii(b) if is_space(b) => {
                    if group > 0 {
                        self.groups.push(group);
                        group = 0;
                    }
                }
                Unit::Ascii(b'|' | b'+') => self.bars = true,
                _ => {
                    group += 1;
                    self.push(unit, i + 1);
                }
            }
        }
        if group > 0 {
            self.groups.push(group);
        }
    }

    /// Returns whether every cell is a blank or a 4×4 digit.
    fn fits_4x4(&self) -> bool {
        self.cells
            .iter()
            .all(|&b| is_blank(b) || SMALLEST.digit_of(char::from(b)).is_some())
    }

    /// Returns the first invalid character as an error on line `number`.
    fn bad_error(&self, number: usize) -> Option<ParseError> {
        self.bad
            .as_ref()
            .map(|(col, kind)| ParseError::new(number, Some(*col), kind.clone()))
    }

    /// Checks the line holds `expected` cells of `size` and appends their
    /// digits to `cells`; on error leaves `cells` partly extended.
    fn digits_into(
        &self,
        size: Size,
        expected: usize,
        number: usize,
        cells: &mut Vec<Option<Digit>>,
    ) -> Result<(), ParseError> {
        if let Some(e) = self.bad_error(number) {
            return Err(e);
        }
        let found = self.cells.len();
        if found != expected {
            // Point at the first cell too many, or just past the last cell
            // when some are missing.
            let column = match self.cols.get(expected) {
                Some(&col) => Some(col),
                None => self.cols.last().map(|&col| col + 1),
            };
            let kind = ParseErrorKind::CellCount { expected, found };
            return Err(ParseError::new(number, column, kind));
        }
        for (&b, &col) in self.cells.iter().zip(&self.cols) {
            if is_blank(b) {
                cells.push(None);
            } else {
                let symbol = char::from(b);
                let digit = size.digit_of(symbol).ok_or_else(|| {
                    let kind = ParseErrorKind::SymbolOutOfRange { symbol, size };
                    ParseError::new(number, Some(col), kind)
                })?;
                cells.push(Some(digit));
            }
        }
        Ok(())
    }
}

impl State {
    fn push(&mut self, item: Result<Puzzle, ParseError>) {
        self.produced = true;
        let item = match (item, self.blocks) {
            (Ok(mut puzzle), Some((rows, cols))) => {
                let size = puzzle.grid().size();
                match Shape::with_blocks(size, rows, cols) {
                    Ok(shape) => {
                        let grid = puzzle.grid().clone().with_shape(shape);
                        puzzle.puzzle = grid.into();
                        Ok(puzzle)
                    }
                    Err(_) => {
                        let kind = ParseErrorKind::Blocks {
                            side: size.side(),
                            rows,
                            cols,
                        };
                        Err(ParseError::new(puzzle.line, None, kind))
                    }
                }
            }
            (item, _) => item,
        };
        self.out.push_back(item);
    }

    /// Reads an f-puzzles line; returns `false` when the line is none.
    fn fpuzzles_line(&mut self, line: &[u8], number: usize) -> bool {
        let text = String::from_utf8_lossy(line);
        let forced = self.format == Format::Fpuzzles;
        let Some(payload) = fpuzzles::payload_of(&text).or(forced.then_some(text.trim())) else {
            return false;
        };
        if self.block.is_some() {
            self.truncate(number);
        }
        let item = fpuzzles::read(payload)
            .map(|imported| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: imported.puzzle,
                ignored: imported.cosmetic,
            })
            .map_err(|e| ParseError::new(number, None, ParseErrorKind::Fpuzzles(e)));
        self.push(item);
        true
    }

    /// Handles line `number`.
    fn handle(&mut self, line: &[u8], number: usize, too_long: bool) {
        if self.format == Format::Rules {
            if too_long {
                let limit = MAX_LINE_BYTES;
                self.push(Err(ParseError::new(
                    number,
                    None,
                    ParseErrorKind::LineTooLong { limit },
                )));
                self.rules_text = None;
            } else if let Some(text) = &mut self.rules_text {
                text.push_str(&String::from_utf8_lossy(line));
                text.push('\n');
            }
            return;
        }
        if too_long {
            let limit = MAX_LINE_BYTES;
            let error = ParseError::new(number, None, ParseErrorKind::LineTooLong { limit });
            match (self.mode, self.size) {
                (Some(Mode::Block), Some(size)) => {
                    // At a grid's start a line this long stands for a whole
                    // grid; inside one, for one row.
                    let mut block = self.block.take().unwrap_or_else(|| Block::new(None, None));
                    block.error.get_or_insert(error);
                    let rows = if block.rows == 0 { size.side() } else { 1 };
                    self.add_rows(block, number, rows, size);
                }
                _ => self.error_outside_grid(error),
            }
            return;
        }
        match classify(line) {
            LineKind::Blank => {
                if self.block.as_ref().is_some_and(|b| b.rows > 0) {
                    self.truncate(number);
                }
            }
            LineKind::Comment | LineKind::Rule => {}
            LineKind::Header(header) => {
                let mode = *self.mode.get_or_insert(Mode::Block);
                match (mode, header) {
                    (Mode::Line, Ok(_)) => {
                        let kind = ParseErrorKind::UnexpectedHeader;
                        self.push(Err(ParseError::new(number, None, kind)));
                    }
                    (Mode::Line, Err(column)) => {
                        let kind = ParseErrorKind::InvalidHeader;
                        self.push(Err(ParseError::new(number, column, kind)));
                    }
                    (Mode::Block | Mode::Numbers, header) => {
                        if self.block.is_some() {
                            self.truncate(number);
                        }
                        self.block = Some(match header {
                            Ok(digits) => Block::new(Some(Label::Grid(digits)), None),
                            Err(column) => {
                                let kind = ParseErrorKind::InvalidHeader;
                                Block::new(None, Some(ParseError::new(number, column, kind)))
                            }
                        });
                    }
                }
            }
            LineKind::Cells
                if matches!(self.format, Format::Auto | Format::Fpuzzles)
                    && self.fpuzzles_line(line, number) => {}
            LineKind::Cells => {
                let mode = match self.mode {
                    Some(mode) => mode,
                    None => {
                        let mode = self.detect(line);
                        *self.mode.insert(mode)
                    }
                };
                match mode {
                    Mode::Line => self.line_puzzle(line, number),
                    // Rows of single digits read the same in both formats;
                    // a row with a two-digit number shows which it is.
                    Mode::Block if numbers_like(line) => self.numbers_line(line, number),
                    Mode::Block => self.block_line(line, number),
                    Mode::Numbers => self.numbers_line(line, number),
                }
            }
        }
    }

    /// Decides between the line format and rows from the first content
    /// line's first token.
    fn detect(&mut self, line: &[u8]) -> Mode {
        if numbers_like(line) {
            return Mode::Numbers;
        }
        self.scan.token(line);
        let one_line = match self.scan.cells.len() {
            81 | 256 | 625 => true,
            // A 16x16 row holds some symbol beyond 4.
            16 => self.scan.fits_4x4(),
            _ => false,
        };
        if one_line && !self.scan.bars {
            Mode::Line
        } else {
            Mode::Block
        }
    }

    /// Reports an error that belongs to no grid in progress, or else to
    /// the grid whose header is waiting for rows.
    fn error_outside_grid(&mut self, error: ParseError) {
        match &mut self.block {
            Some(block) => {
                block.error.get_or_insert(error);
            }
            None => self.push(Err(error)),
        }
    }

    fn line_puzzle(&mut self, line: &[u8], number: usize) {
        self.scan.token(line);
        let found = self.scan.cells.len();
        let fits = |s: &Size| s.has_symbols();
        let Some(size) = self
            .size
            .or_else(|| Size::from_cell_count(found).filter(fits))
        else {
            let error = self.scan.bad_error(number).unwrap_or_else(|| {
                let kind = ParseErrorKind::UnknownSize {
                    found,
                    one_line: true,
                };
                ParseError::new(number, None, kind)
            });
            self.push(Err(error));
            return;
        };
        self.size = Some(size);
        let mut cells = Vec::with_capacity(size.cells());
        let item = self
            .scan
            .digits_into(size, size.cells(), number, &mut cells)
            .map(|()| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: Grid::from_cells(size, cells)
                    .expect("N² checked digits")
                    .into(),
                ignored: Vec::new(),
            });
        self.push(item);
    }

    fn block_line(&mut self, line: &[u8], number: usize) {
        self.scan.block(line);
        let found = self.scan.cells.len();
        let size = match self.size {
            Some(size) => size,
            None => {
                let guess = match found {
                    // A 4x4 grid on one line has four groups of four, as
                    // `1234 3412 2143 4321`; anything else is a 16x16 row.
                    16 if self.scan.fits_4x4() && !self.scan.bars && self.scan.groups == [4; 4] => {
                        Some(SMALLEST)
                    }
                    // Up to 35 cells a line is a row; more, a whole grid.
                    _ if found <= Size::MAX_SYMBOL_SIDE => Size::from_side(found),
                    _ => Size::from_cell_count(found).filter(|s| s.has_symbols()),
                };
                let Some(size) = guess else {
                    let error = self.scan.bad_error(number).unwrap_or_else(|| {
                        let kind = ParseErrorKind::UnknownSize {
                            found,
                            one_line: false,
                        };
                        ParseError::new(number, None, kind)
                    });
                    self.error_outside_grid(error);
                    return;
                };
                *self.size.insert(size)
            }
        };
        let (n, n2) = (size.side(), size.cells());
        let mut block = self.block.take().unwrap_or_else(|| Block::new(None, None));
        // At a grid's start a line is a row or the whole grid; a bad line
        // stands for whichever its length is closer to.
        let expected = if block.rows == 0 && found.abs_diff(n2) < found.abs_diff(n) {
            n2
        } else {
            n
        };
        if block.rows == 0 && self.format == Format::Euler && block.label.is_none() {
            let error = ParseError::new(number, None, ParseErrorKind::MissingHeader);
            block.error.get_or_insert(error);
        }
        if block.error.is_none() {
            block.cells.reserve(n2);
            if let Err(e) = self
                .scan
                .digits_into(size, expected, number, &mut block.cells)
            {
                block.error = Some(e);
            }
        }
        let rows = if expected == n2 { n } else { 1 };
        self.add_rows(block, number, rows, size);
    }

    /// Reads one row of numbers; the first row of the first grid fixes
    /// the side.
    fn numbers_line(&mut self, line: &[u8], number: usize) {
        let text = String::from_utf8_lossy(line);
        // Each token with its 1-based column, counted in characters.
        let mut tokens = Vec::new();
        let mut start = None;
        for (i, ch) in text.chars().chain(std::iter::once(' ')).enumerate() {
            if ch.is_whitespace() {
                if let Some(s) = start.take() {
                    tokens.push((s + 1, text.chars().skip(s).take(i - s).collect::<String>()));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        let found = tokens.len();
        let size = match self.size {
            Some(size) => size,
            // A row of N numbers, or a whole grid of N² on one line.
            None => match Size::from_side(found).or_else(|| Size::from_cell_count(found)) {
                Some(size) => *self.size.insert(size),
                None => {
                    let kind = ParseErrorKind::UnknownSize {
                        found,
                        one_line: false,
                    };
                    self.error_outside_grid(ParseError::new(number, None, kind));
                    return;
                }
            },
        };
        let mut block = self.block.take().unwrap_or_else(|| Block::new(None, None));
        let whole = block.rows == 0 && found == size.cells();
        if block.error.is_none() {
            if found != size.side() && !whole {
                let kind = ParseErrorKind::CellCount {
                    expected: size.side(),
                    found,
                };
                block.error = Some(ParseError::new(number, None, kind));
            } else {
                for (col, token) in &tokens {
                    let digit = match token.as_str() {
                        "." | "0" => Ok(None),
                        t => t
                            .parse::<u8>()
                            .ok()
                            .and_then(Digit::new)
                            .filter(|d| d.index() < size.side())
                            .map(Some)
                            .ok_or_else(|| {
                                let kind = ParseErrorKind::NotANumber {
                                    found: t.chars().take(20).collect(),
                                    side: size.side(),
                                };
                                ParseError::new(number, Some(*col), kind)
                            }),
                    };
                    match digit {
                        Ok(d) => block.cells.push(d),
                        Err(e) => {
                            block.error = Some(e);
                            break;
                        }
                    }
                }
            }
        }
        let rows = if whole { size.side() } else { 1 };
        self.add_rows(block, number, rows, size);
    }

    /// Counts `rows` more rows read at line `number`; emits the grid once
    /// it has N, else keeps collecting.
    fn add_rows(&mut self, mut block: Block, number: usize, rows: usize, size: Size) {
        if block.rows == 0 {
            block.first_row = number;
        }
        block.rows += rows;
        if block.rows < size.side() {
            self.block = Some(block);
            return;
        }
        let item = match block.error {
            Some(error) => Err(error),
            None => Ok(Puzzle {
                label: block.label.unwrap_or(Label::Line(block.first_row)),
                line: block.first_row,
                puzzle: Grid::from_cells(size, block.cells)
                    .expect("N rows of N checked digits")
                    .into(),
                ignored: Vec::new(),
            }),
        };
        self.push(item);
    }

    /// Ends the grid in progress early, at line `number`.
    fn truncate(&mut self, number: usize) {
        let Some(block) = self.block.take() else {
            return;
        };
        let error = block.error.unwrap_or_else(|| {
            let kind = ParseErrorKind::Truncated {
                label: block.label.unwrap_or(Label::Line(block.first_row)),
                rows: block.rows,
                expected: self.size.map(Size::side),
            };
            ParseError::new(number, None, kind)
        });
        self.push(Err(error));
    }

    /// Handles the end of the input after line `last`.
    fn end(&mut self, last: usize) {
        if self.format == Format::Rules {
            if let Some(text) = self.rules_text.take() {
                let item = rules_file::read(&text)
                    .map(|(puzzle, _)| Puzzle {
                        label: Label::Line(1),
                        line: 1,
                        puzzle,
                        ignored: Vec::new(),
                    })
                    .map_err(|e| {
                        ParseError::new(
                            e.line.unwrap_or(last),
                            e.column,
                            ParseErrorKind::RulesFile(e.kind),
                        )
                    });
                self.push(item);
            }
            return;
        }
        self.truncate(last);
        if !self.produced {
            self.push(Err(ParseError::new(last, None, ParseErrorKind::NoPuzzle)));
        }
    }
}

#[cfg(test)]
mod tests;
