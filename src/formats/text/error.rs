//! Parse errors: where in the text, and what is wrong.

use std::fmt;
use std::io;

use super::{Label, Symbols};
use crate::formats::{count, fpuzzles, rules_file};
use crate::grid::{Digit, Size};

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
    /// Returns an error at 1-based `line` and, when one character is to
    /// blame, 1-based `column`: for a reader that checks what the parser
    /// read, as a puzzle the rules added to it do not fit.
    pub fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
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
    /// allowed where it stands: `x`, `?`, a NUL, a box-drawing `│`, or `|`
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
    /// A character that is not a symbol of the hexadecimal alphabet asked
    /// for, as `G` with [`Symbols::Hex0`].
    NotInAlphabet {
        /// The character.
        found: char,
        /// The alphabet asked for.
        symbols: Symbols,
    },
    /// A grid of another size than 16×16 read with a hexadecimal
    /// alphabet; located at its first cell.
    AlphabetSize {
        /// The alphabet asked for.
        symbols: Symbols,
        /// The size of the grid.
        size: Size,
    },
    /// A 16×16 grid in the standard alphabet with a `0` and another blank:
    /// its `0`s may be hexadecimal digits rather than blanks. Located at
    /// the first `0`.
    MaybeHex {
        /// The other blank, as `.`.
        blank: char,
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
    /// A line longer than [`MAX_ENDLESS_BYTES`](super::MAX_ENDLESS_BYTES)
    /// with no line end (`/dev/zero`, an endless stream): reading stops.
    Endless {
        /// The limit in bytes.
        limit: usize,
    },
    /// A NUL byte: the input is binary, not text; reading stops there.
    Binary,
    /// A second puzzle after the first on a one-puzzle-a-line line, where
    /// a free comment may stand but a puzzle would be lost.
    SecondPuzzle,
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
    /// A rules file longer than the limit; reading it stops there.
    RulesFileTooLong {
        /// The limit in bytes, [`MAX_RULES_FILE_BYTES`](super::MAX_RULES_FILE_BYTES).
        limit: usize,
    },
    /// A cell of the numbers format that is not a blank or a digit of
    /// the grid.
    NotANumber {
        /// The text found, up to 20 characters.
        found: String,
        /// The grid's side.
        side: usize,
    },
    /// A field of a row of numbers between bars (`|16|  |07|`) that is
    /// not two characters wide, as `|123|` or two fields run together
    /// where a bar is missing (`|0402|`).
    PipeField {
        /// The field as written, up to 20 characters.
        found: String,
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
    /// The blocks asked for (`--box`) differ from the blocks the puzzle
    /// states itself (a rules file's `blocks`, f-puzzles regions).
    BoxDisagrees {
        /// The block rows asked for.
        rows: usize,
        /// The block columns asked for.
        cols: usize,
        /// The puzzle's own blocks, rows by columns; `None` when they are
        /// irregular.
        own: Option<(usize, usize)>,
    },
    /// The bars and rule lines of a drawn grid that draw no block shape:
    /// bars at uneven intervals, or bands and stacks that do not tile it.
    DrawnBlocks {
        /// What is wrong, as `bars after every 3 cells, but one after 5`.
        problem: String,
    },
    /// Input whose first line is a TOML key or table, as a rules file's,
    /// read without `--format rules` (on standard input, or a file not
    /// named `*.toml`); the rest of the input is not read.
    LooksLikeRules,
    /// A CSV row with more fields than its header names, or too few to
    /// reach the puzzle column; located at the first field too many, or
    /// the row's end.
    CsvFields {
        /// The fields of the row.
        found: usize,
        /// The fields the header names (3 without a header: puzzle,
        /// solution, status), or those needed to reach the puzzle.
        expected: usize,
    },
    /// A CSV row whose quoted field is not closed on its line: a field
    /// across lines is not read, and reading it as ending there would
    /// read part of it.
    CsvOpenQuote,
    /// A line longer than the limit; the rest of it is skipped unread.
    LineTooLong {
        /// The limit in bytes, [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES).
        limit: usize,
    },
    /// A solution given with a puzzle (a CSV solution column) that leaves
    /// a cell blank; located at that cell.
    BlankInSolution,
    /// A line starts with `Grid` but is not a header `Grid NN`.
    InvalidHeader,
    /// A `Grid NN` header in the one-puzzle-a-line format.
    UnexpectedHeader,
    /// A grid without a `Grid NN` header in the [`Format::Euler`](super::Format::Euler) format.
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
            ParseErrorKind::NotInAlphabet { found, symbols } => write!(
                f,
                "{found:?} is not a digit of --symbols {symbols} \
                 (0-9 and A-F, with '.', '_' or '*' blank)"
            ),
            ParseErrorKind::AlphabetSize { symbols, size } => write!(
                f,
                "--symbols {symbols} reads 16x16 grids, and this one is {size}"
            ),
            ParseErrorKind::MaybeHex { blank } => write!(
                f,
                "'0' in a 16x16 grid that also uses {blank:?} for blanks: \
                 is it hexadecimal? read it with --symbols hex0 or hex1"
            ),
            ParseErrorKind::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ParseErrorKind::UnknownSize { found, one_line } => {
                let (min, max) = (Size::MIN_SIDE, Size::MAX_SYMBOL_SIDE);
                if *one_line {
                    write!(
                        f,
                        "found {}, but a one-line puzzle has N² \
                         for a side N from {min} to {max} (16, 36, 81, … {})",
                        count(*found, "cell", "cells"),
                        max * max
                    )
                } else {
                    write!(
                        f,
                        "found {}, but a row has {min} to {max} \
                         and a whole grid on one line N² for a side N from {min} \
                         to {max} (16, 36, 81, … {}); a larger grid goes a row a line",
                        count(*found, "cell", "cells"),
                        max * max
                    )
                }
            }
            ParseErrorKind::Fpuzzles(e) => e.fmt(f),
            ParseErrorKind::RulesFileTooLong { limit } => {
                write!(f, "rules file longer than {limit} bytes")
            }
            ParseErrorKind::PipeField { found } => write!(
                f,
                "'{found}' is not a field of two characters between bars \
                 (a number, or two spaces for a blank): a bar missing or one too many?"
            ),
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
            ParseErrorKind::BoxDisagrees { rows, cols, own } => match own {
                Some((r, c)) => write!(
                    f,
                    "--box {rows}x{cols} disagrees with the puzzle's own {r}x{c} blocks; \
                     leave --box out or give --box {r}x{c}"
                ),
                None => write!(
                    f,
                    "--box {rows}x{cols} disagrees with the puzzle's own irregular blocks; \
                     leave --box out"
                ),
            },
            ParseErrorKind::DrawnBlocks { problem } => {
                write!(f, "drawn block lines that make no blocks: {problem}")
            }
            ParseErrorKind::LooksLikeRules => write!(
                f,
                "this looks like a rules file (TOML), which is read whole: \
                 give --format rules, or a file name ending in .toml"
            ),
            ParseErrorKind::CsvFields { found, expected } => write!(
                f,
                "a row of {} where {} are expected",
                count(*found, "field", "fields"),
                count(*expected, "field", "fields")
            ),
            ParseErrorKind::CsvOpenQuote => f.write_str(
                "a quoted field not closed on its line (a field across lines is not read)",
            ),
            ParseErrorKind::LineTooLong { limit } => {
                write!(f, "line longer than {limit} bytes")
            }
            ParseErrorKind::BlankInSolution => {
                write!(
                    f,
                    "a blank in the solution column; a solution fills every cell"
                )
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
                    // A line of 25 cells reads as a row of a 25×25 grid:
                    // a 5×5 grid written on one line looks the same, and
                    // so do several of them, one a line. Which they are
                    // is not guessed (25 such lines are a whole 25×25
                    // grid); the message names the option that says so.
                    Some(25) if *rows == 1 => write!(
                        f,
                        " ended after 1 of 25 rows (for a 5×5 grid on one line, \
                         give --format line)"
                    ),
                    Some(25) if *rows > 0 => write!(
                        f,
                        " ended after {rows} of 25 rows (for 5×5 grids one a line, \
                         give --format line)"
                    ),
                    Some(n) if *rows > 0 => write!(f, " ended after {rows} of {n} rows"),
                    _ => write!(f, " has no rows"),
                }
            }
            ParseErrorKind::Endless { limit } => write!(
                f,
                "no line end in {} MiB: not a puzzle file; stopped reading",
                limit >> 20
            ),
            ParseErrorKind::Binary => {
                write!(
                    f,
                    "a NUL byte: binary data, not a puzzle file; stopped reading"
                )
            }
            ParseErrorKind::SecondPuzzle => write!(
                f,
                "a second puzzle on the same line; write one puzzle a line \
                 (a comment after a puzzle must not be one)"
            ),
            ParseErrorKind::NoPuzzle => write!(f, "no puzzle in the input"),
            ParseErrorKind::Io { message, .. } => write!(f, "read error: {message}"),
        }
    }
}
