//! Classifying lines and scanning their cells, with each character's column.

use itertools::Either;

use super::*;

/// The largest size written with one symbol a cell (`1`–`9`, `A`–`Z`);
/// its alphabet holds every cell symbol.
pub(super) const LARGEST: Size = Size::MAX_SYMBOL_SIDE_SIZE;

/// The smallest size, 4×4; it competes with 16×16 for 16-cell lines.
pub(super) const SMALLEST: Size = Size::SQUARES[0];

/// 16×16, the one size the hexadecimal alphabets write.
pub(super) const SIXTEEN: Size = Size::SQUARES[2];

/// What a line is, before its cells are read.
pub(super) enum LineKind {
    Blank,
    Comment,
    Header(Result<String, Option<usize>>),
    Rule,
    Cells,
}

pub(super) fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Whether `b` is a blank cell: `.`, `0`, `_` or `*` (some sites and
/// books star the empty cells).
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b'.' | b'0' | b'_' | b'*')
}

/// Returns whether `line` starts with a digit or a blank symbol, as the
/// rows of most grids do. No header, link, CSV header or row between bars
/// starts so (each starts with a letter, `|`, or space before one), so
/// this one test lets such lines skip those readers' checks.
pub(super) fn starts_with_cell(line: &[u8]) -> bool {
    line.first()
        .is_some_and(|&b| b.is_ascii_digit() || is_blank(b))
}

/// Tells what a line is. A rule line is made of `-`, `=`, `+`, `|`, `*`
/// and spaces with at least one `-` or `=`: `*` draws corners of some
/// grids, but a line of `*` alone is a row of blanks.
pub(super) fn classify(line: &[u8]) -> LineKind {
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
pub(super) fn parse_header(line: &[u8], start: usize) -> Result<String, Option<usize>> {
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
pub(super) enum Unit {
    Ascii(u8),
    Char(char),
    Byte(u8),
}

/// Returns the characters of `line`, each invalid UTF-8 byte on its own.
///
/// An ASCII line, nearly every puzzle line, is read byte by byte: each
/// byte is one character, so the columns are the same as through the
/// UTF-8 decoder, which costs several times more per character.
pub(super) fn units(line: &[u8]) -> impl Iterator<Item = Unit> + '_ {
    if line.is_ascii() {
        return Either::Left(line.iter().map(|&b| Unit::Ascii(b)));
    }
    Either::Right(line.utf8_chunks().flat_map(|chunk| {
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
    }))
}

/// The cells of one line, in buffers reused from line to line.
#[derive(Default)]
pub(super) struct Scan {
    /// Each cell's ASCII symbol or blank, or 0 for an invalid character.
    pub(super) cells: Vec<u8>,
    /// Each cell's 1-based column.
    pub(super) cols: Vec<usize>,
    /// The first invalid character: its column and kind.
    pub(super) bad: Option<(usize, ParseErrorKind)>,
    /// The number of cells in each whitespace-separated group.
    pub(super) groups: Vec<usize>,
    /// Whether the line holds `|` or `+`.
    pub(super) bars: bool,
    /// Each `|` or `+` of a line read as rows: the cells before it and
    /// its column, for the blocks a drawn grid states.
    pub(super) bars_at: Vec<(usize, usize)>,
    /// The alphabet cells are written in; `cells` holds them translated
    /// to the standard one.
    pub(super) symbols: Symbols,
}

/// The blanks of a grid read so far: a 16×16 grid with a `0` and another
/// blank may be hexadecimal, whose `0` is a digit.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Blanks {
    /// The line and column of the first `0`.
    zero: Option<(usize, usize)>,
    /// The first blank other than `0`.
    other: Option<u8>,
}

impl Scan {
    pub(super) fn clear(&mut self) {
        self.cells.clear();
        self.cols.clear();
        self.bad = None;
        self.groups.clear();
        self.bars = false;
        self.bars_at.clear();
    }

    /// Appends one cell at column `col`.
    #[inline]
    pub(super) fn push(&mut self, unit: Unit, col: usize) {
        // A symbol of the alphabet, the common case, needs no error
        // bookkeeping.
        if let Unit::Ascii(b) = unit
            && let Some(cell) = self.symbols.standard(b)
        {
            self.cells.push(cell);
            self.cols.push(col);
            return;
        }
        self.push_other(unit, col);
    }

    /// Appends a cell that is no symbol of the alphabet, noting the first
    /// such as the line's error.
    #[cold]
    fn push_other(&mut self, unit: Unit, col: usize) {
        let (cell, bad) = match unit {
            Unit::Ascii(b) => match self.symbols.standard(b) {
                Some(cell) => (cell, None),
                None if self.symbols != Symbols::Standard && b.is_ascii_alphanumeric() => (
                    0,
                    Some(ParseErrorKind::NotInAlphabet {
                        found: char::from(b),
                        symbols: self.symbols,
                    }),
                ),
                None => (
                    0,
                    Some(ParseErrorKind::InvalidCharacter {
                        found: char::from(b),
                    }),
                ),
            },
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
    pub(super) fn token(&mut self, line: &[u8]) {
        self.clear();
        if self.symbols == Symbols::Standard && line.is_ascii() {
            // Nearly every one-line puzzle: an ASCII token of standard
            // symbols, whose cells are its bytes and whose columns are
            // their places; taken whole, not a byte at a time through
            // `push` (`token` and `push` went from 3.4% to 1.6% of
            // `solve -j1`'s time on a file of 17-clue puzzles).
            let start = line.iter().position(|&b| !is_space(b));
            let start = start.unwrap_or(line.len());
            let end = line[start..].iter().position(|&b| is_space(b));
            let end = end.map_or(line.len(), |i| start + i);
            let cells = &line[start..end];
            if cells.iter().all(|&b| self.symbols.standard(b).is_some()) {
                self.cells.extend_from_slice(cells);
                self.cols.extend(start + 1..=end);
                return;
            }
        }
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
    pub(super) fn block(&mut self, line: &[u8]) {
        self.clear();
        let mut group = 0;
        let mut units = units(line).enumerate().peekable();
        while let Some((i, unit)) = units.next() {
            // A `+` before a symbol is a sign (`+3`), not a drawing's
            // corner: an invalid character where it stands.
            let signed = matches!(unit, Unit::Ascii(b'+'))
                && matches!(units.peek(), Some((_, Unit::Ascii(b))) if b.is_ascii_alphanumeric());
            match unit {
                Unit::Ascii(b) if is_space(b) => {
                    if group > 0 {
                        self.groups.push(group);
                        group = 0;
                    }
                }
                Unit::Ascii(b'|' | b'+') if !signed => {
                    self.bars = true;
                    self.bars_at.push((self.cells.len(), i + 1));
                }
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

    /// Returns whether every cell is a blank or a 4×4 digit; never in a
    /// hexadecimal alphabet, which writes 16×16 grids alone.
    pub(super) fn fits_4x4(&self) -> bool {
        self.symbols == Symbols::Standard
            && self
                .cells
                .iter()
                .all(|&b| is_blank(b) || SMALLEST.digit_of(char::from(b)).is_some())
    }

    /// Returns the first invalid character as an error on line `number`.
    pub(super) fn bad_error(&self, number: usize) -> Option<ParseError> {
        self.bad
            .as_ref()
            .map(|(col, kind)| ParseError::new(number, Some(*col), kind.clone()))
    }

    /// Checks the line holds `expected` cells of `size` and appends their
    /// digits to `cells`, noting its blanks in `blanks`, those of the grid
    /// so far; on error leaves `cells` partly extended.
    pub(super) fn digits_into(
        &self,
        size: Size,
        expected: usize,
        number: usize,
        cells: &mut Vec<Option<Digit>>,
        blanks: &mut Blanks,
    ) -> Result<(), ParseError> {
        if let Some(e) = self.bad_error(number) {
            return Err(e);
        }
        if self.symbols != Symbols::Standard && size != SIXTEEN {
            let kind = ParseErrorKind::AlphabetSize {
                symbols: self.symbols,
                size,
            };
            return Err(ParseError::new(number, self.cols.first().copied(), kind));
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
                if b == b'0' {
                    blanks.zero.get_or_insert((number, col));
                } else {
                    blanks.other.get_or_insert(b);
                }
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
        // A hexadecimal grid read as standard would lose its digit `0`
        // silently; the user is to say which it is.
        if let (true, Some((line, column)), Some(blank)) =
            (size == SIXTEEN, blanks.zero, blanks.other)
        {
            let kind = ParseErrorKind::MaybeHex {
                blank: char::from(blank),
            };
            return Err(ParseError::new(line, Some(column), kind));
        }
        Ok(())
    }
}
