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

/// An error in puzzle text, with its 1-based line and, where one cell or
/// character is to blame, its 1-based column.
///
/// Columns count characters, not bytes, after a byte order mark; an
/// invalid UTF-8 sequence counts as one column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    line: usize,
    column: Option<usize>,
    kind: ParseErrorKind,
}

impl ParseError {
    fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }

    /// Returns the 1-based line of the error.
    ///
    /// For errors found at the end of the input it is the last line (1 for
    /// an empty input).
    pub fn line(&self) -> usize {
        self.line
    }

    /// Returns the 1-based column (in characters) of the offending cell or
    /// character, or `None` when the whole line is to blame.
    pub fn column(&self) -> Option<usize> {
        self.column
    }

    /// Returns what went wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// Displays one lowercase line, location first:
/// `line 12, column 40: invalid character 'x' (...)`.
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {column}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

/// What is wrong with puzzle text; see [`ParseError`] for where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a cell symbol, a blank nor a separator
    /// allowed where it stands: `x`, `*`, a NUL, a box-drawing `│`, or `|`
    /// inside a one-line puzzle.
    InvalidCharacter {
        /// The character.
        found: char,
    },
    /// A byte that does not belong to valid UTF-8 text (binary input, or
    /// text in a legacy encoding).
    InvalidByte {
        /// The first byte of the invalid sequence.
        found: u8,
    },
    /// A symbol that is a digit only in a larger size: `H` in a 16×16 grid,
    /// `7` or `A` in a 4×4 grid.
    SymbolOutOfRange {
        /// The symbol as written.
        symbol: char,
        /// The size of the grid being read.
        size: Size,
    },
    /// A line with a number of cells the size fixed earlier does not
    /// accept: a one-line puzzle of another length than the first puzzle,
    /// or a row of other than N cells.
    ///
    /// Where a grid starts in the rows format, both a row (N cells) and a
    /// whole grid (N² cells) are accepted; `expected` is whichever is
    /// closer to `found`.
    CellCount {
        /// The number of cells expected.
        expected: usize,
        /// The number of cells found.
        found: usize,
    },
    /// The first line of cells fits no supported size, so the size cannot
    /// be fixed.
    UnknownSize {
        /// The number of cells found.
        found: usize,
        /// Whether the line was read as a one-line puzzle (16, 81, 256 or
        /// 625 cells) rather than a row (4, 9, 16 or 25) or a whole grid.
        one_line: bool,
    },
    /// An f-puzzles link or payload that could not be read, or states a
    /// rule this tool does not implement.
    Fpuzzles(fpuzzles::FpuzzlesError),
    /// A rules file that could not be read.
    RulesFile(rules_file::RulesFileErrorKind),
    /// A cell of the numbers format that is not a blank or a digit of
    /// the grid.
    NotANumber {
        /// The text found, up to 20 characters.
        found: String,
        /// The grid's side.
        side: usize,
    },
    /// The blocks asked for (`--box`) do not tile this grid.
    Blocks {
        /// The grid's side.
        side: usize,
        /// The block rows asked for.
        rows: usize,
        /// The block columns asked for.
        cols: usize,
    },
    /// A line longer than the limit; the rest of it is skipped unread.
    LineTooLong {
        /// The limit in bytes, [`MAX_LINE_BYTES`].
        limit: usize,
    },
    /// A line starts with `Grid` but is not a header `Grid NN`.
    InvalidHeader,
    /// A `Grid NN` header in the one-puzzle-a-line format.
    UnexpectedHeader,
    /// A grid without a `Grid NN` header in the [`Format::Euler`] format.
    MissingHeader,
    /// A grid in the rows format ended early: a blank line, a header or the
    /// end of the input came before its N rows. Located where it ended.
    Truncated {
        /// The grid's header, or the line of its first row.
        label: Label,
        /// The rows read before it ended.
        rows: usize,
        /// N, or `None` when no row fixed the size yet.
        expected: Option<usize>,
    },
    /// The input holds no puzzle: it is empty, or only comments and blank
    /// lines. Located at the last line.
    NoPuzzle,
    /// Reading failed; the iterator ends after this error.
    Io {
        /// The I/O error's kind.
        kind: io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::InvalidCharacter { found } => write!(
                f,
                "invalid character {found:?} (not a cell symbol, a blank or an allowed separator)"
            ),
            ParseErrorKind::InvalidByte { found } => {
                write!(f, "invalid byte 0x{found:02x} (the text is not UTF-8)")
            }
            ParseErrorKind::SymbolOutOfRange { symbol, size } => {
                let last = size.symbol(Digit::from_index(size.side() - 1));
                let digits = if size.side() <= 9 {
                    format!("1-{last}")
                } else {
                    format!("1-9 and A-{last}")
                };
                write!(
                    f,
                    "symbol {symbol:?} is not a digit of a {size} grid (digits are {digits})"
                )
            }
            ParseErrorKind::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ParseErrorKind::UnknownSize { found, one_line } => {
                let (min, max) = (Size::MIN_SIDE, Size::MAX_SYMBOL_SIDE);
                if *one_line {
                    write!(
                        f,
                        "found {found} cells, but a one-line puzzle has N² \
                         for a side N from {min} to {max} (16, 36, 81, 256…)"
                    )
                } else {
                    write!(
                        f,
                        "found {found} cells, but a row has {min} to {max} \
                         and a whole grid N² (16, 36, 81, 256…)"
                    )
                }
            }
            ParseErrorKind::Fpuzzles(e) => e.fmt(f),
            ParseErrorKind::NotANumber { found, side } => write!(
                f,
                "'{found}' is not a digit from 1 to {side}, or 0 or . for a blank"
            ),
            ParseErrorKind::RulesFile(kind) => {
                // The location is this error's own; print the kind alone.
                let e = rules_file::RulesFileError {
                    line: None,
                    column: None,
                    kind: kind.clone(),
                };
                e.fmt(f)
            }
            ParseErrorKind::Blocks { side, rows, cols } => write!(
                f,
                "{rows}x{cols} blocks do not fit a {side}x{side} grid: \
                 rows times columns must be {side}"
            ),
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes")
            }
            ParseErrorKind::InvalidHeader => {
                write!(
                    f,
                    "invalid header (expected `Grid` and a number, as in `Grid 07`)"
                )
            }
            ParseErrorKind::UnexpectedHeader => {
                write!(f, "a `Grid NN` header in the one-puzzle-a-line format")
            }
            ParseErrorKind::MissingHeader => {
                write!(
                    f,
                    "grid without a `Grid NN` header, which the euler format requires"
                )
            }
            ParseErrorKind::Truncated {
                label,
                rows,
                expected,
            } => {
                match label {
                    Label::Grid(_) => write!(f, "{label}")?,
                    Label::Line(line) => write!(f, "the grid from line {line}")?,
                }
                match expected {
                    Some(n) if *rows > 0 => write!(f, " ended after {rows} of {n} rows"),
                    _ => write!(f, " has no rows"),
                }
            }
            ParseErrorKind::NoPuzzle => write!(f, "no puzzle in the input"),
            ParseErrorKind::Io { message, .. } => write!(f, "read error: {message}"),
        }
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
mod tests {
    use super::*;
    use crate::grid::Cell;
    use std::io::Read;
    use std::path::Path;

    const EULER: &str = include_str!("../data/p096_sudoku.txt");
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
    fn wrong_cell_counts() {
        let short = &TOP1[..80];
        let all: Vec<_> =
            Puzzles::new(format!("{TOP1}\n{short}\n").as_bytes(), Format::Line).collect();
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
        let all: Vec<_> =
            Puzzles::new(format!("{TOP1}\n{line}").as_bytes(), Format::Auto).collect();
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
        let all: Vec<_> =
            Puzzles::new(format!("{TOP1}\n{line}").as_bytes(), Format::Auto).collect();
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
        // `*` is neither a blank nor a separator inside a cell line.
        let e = only_error(b"1*34", Format::Auto);
        assert!(matches!(
            e.kind(),
            ParseErrorKind::InvalidCharacter { found: '*' }
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
        let e = only_error(b"\0\0\0\0", Format::Auto);
        assert_eq!(e.column(), Some(1));
        assert!(matches!(
            e.kind(),
            ParseErrorKind::InvalidCharacter { found: '\0' }
        ));
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
        // A header in the line format.
        let all = kinds(format!("{TOP1}\nGrid 02\n{TOP1}").as_bytes(), Format::Auto);
        assert_eq!(all[1], Err(ParseErrorKind::UnexpectedHeader));
        assert_eq!(all[2], Ok(Label::Line(3)));
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
        let bad =
            EULER_01
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

    #[test]
    fn mixed_sizes_in_line_format() {
        let sixteen = sample(Size::SQUARES[2]).to_string();
        let text = format!("{TOP1}\n{sixteen}\n{TOP1}\n");
        let all = kinds(text.as_bytes(), Format::Auto);
        assert_eq!(all.len(), 3);
        assert!(matches!(
            all[1],
            Err(ParseErrorKind::CellCount {
                expected: 81,
                found: 256
            })
        ));
        assert_eq!(all[2], Ok(Label::Line(3)));
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
                "auto", "euler", "line", "rows", "fpuzzles", "rules", "numbers"
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
}
