//! The numbers format: rows of numbers separated by spaces or by bars.

use super::*;

/// Returns whether a line is a row of the numbers format: at least four
/// whitespace-separated tokens, each `.` or a number of one or two
/// digits, one of them of two or more tokens than a row of symbols holds. (Rows written as runs of digits, as
/// `003020600 900305001`, are the rows format.)
fn numbers_like(line: &[u8]) -> bool {
    let mut tokens = line.split(|&b| is_space(b)).filter(|t| !t.is_empty());
    let digits = |t: &[u8]| t.iter().all(u8::is_ascii_digit);
    let number = |t: &[u8]| t == b"." || (t.len() <= 2 && digits(t));
    // A number written with leading zeros, `001`, beside numbers is a
    // number too, read where it stands rather than turning the row into
    // cells of another size; the groups of a row of symbols, as
    // `003 020 600`, stand beside no one- or two-digit token.
    // Only a number a cell can hold, though: a one-line puzzle that
    // starts with a blank, `003020600…`, followed by a comment of numbers
    // is no row of numbers.
    let padded = |t: &[u8]| {
        t.len() > 2
            && t[0] == b'0'
            && digits(t)
            && t.iter().skip_while(|&&b| b == b'0').count() <= 2
    };
    let (mut count, mut wide, mut single, mut zeros) = (0, false, false, false);
    for token in tokens.by_ref() {
        if padded(token) {
            zeros = true;
        } else if !number(token) {
            return false;
        }
        count += 1;
        wide |= token.len() == 2;
        single |= token.len() == 1;
    }
    wide |= zeros && single;
    // More single-digit tokens than a row of symbols can have is a grid of
    // numbers too: an empty 64×64 grid is 4,096 zeros.
    count >= Size::MIN_SIDE && (wide || count > Size::MAX_SYMBOL_SIDE)
}

/// Returns whether a line is a row of numbers between bars, as
/// `|16|  |  |07|`: it starts and ends with `|` (spaces aside) and holds
/// at least four fields, each two characters wide; two spaces are a
/// blank. (Drawn grids put more than two characters between bars.)
pub(super) fn pipes_like(line: &[u8]) -> bool {
    if starts_with_cell(line) {
        return false;
    }
    let text = String::from_utf8_lossy(line);
    let text = text.trim_matches(|c| c == ' ' || c == '\t');
    let Some(inner) = text.strip_prefix('|').and_then(|t| t.strip_suffix('|')) else {
        return false;
    };
    let mut fields = 0;
    for field in inner.split('|') {
        if field.chars().count() != 2 {
            return false;
        }
        fields += 1;
    }
    fields >= Size::MIN_SIDE
}

/// Returns the first field of a row between bars that is not two
/// characters wide, with its 1-based column, when the line is otherwise
/// such a row: it starts and ends with `|` and at least three of its
/// fields, and more than half, are two characters wide. A bar missing or
/// one too many there would otherwise make the fields run together or
/// split, and the row read as some other format with an error elsewhere.
pub(super) fn pipes_broken(line: &[u8]) -> Option<(usize, String)> {
    if starts_with_cell(line) || pipes_like(line) {
        return None;
    }
    let text = String::from_utf8_lossy(line);
    let trimmed = text.trim_matches(|c| c == ' ' || c == '\t');
    if trimmed.len() < 2 || !trimmed.starts_with('|') || !trimmed.ends_with('|') {
        return None;
    }
    let fields = pipe_fields_raw(&text);
    let wide = |field: &str| field.chars().count() == 2;
    let two = fields.iter().filter(|(_, f)| wide(f)).count();
    if two < Size::MIN_SIDE - 1 || 2 * two <= fields.len() {
        return None;
    }
    fields.into_iter().find(|(_, f)| !wide(f)).map(|(col, f)| {
        // As written, spaces kept: they are part of the width.
        let mut shown: String = f.chars().take(20).collect();
        if shown.len() < f.len() {
            shown.push('…');
        }
        (col, shown)
    })
}

/// Returns whether a line is a drawn row of numbers, as `-o pretty` draws
/// grids from 26×26 up: numbers (or `.`) separated by spaces, with `|`
/// between blocks and around the row, as many or as wide as
/// [`numbers_like`] asks.
fn drawn_like(line: &[u8]) -> bool {
    line.contains(&b'|') && {
        let spaced: Vec<u8> = line
            .iter()
            .map(|&b| if b == b'|' { b' ' } else { b })
            .collect();
        numbers_like(&spaced)
    }
}

/// Returns whether a line is a row of the numbers format: spaced, between
/// bars, or drawn.
pub(super) fn numbers_row(line: &[u8]) -> bool {
    numbers_like(line) || pipes_like(line) || drawn_like(line) || pipes_broken(line).is_some()
}

/// Reads one cell of the numbers format: `.` or zeros for a blank, else
/// a digit from 1 to N in decimal digits alone (a sign, as in `+1`, is
/// no digit, whatever `str::parse` allows).
pub(super) fn number_cell(token: &str, size: Size) -> Result<Option<Digit>, ParseErrorKind> {
    if token == "." || (!token.is_empty() && token.bytes().all(|b| b == b'0')) {
        return Ok(None);
    }
    (token.bytes().all(|b| b.is_ascii_digit()))
        .then(|| token.parse::<u8>().ok())
        .flatten()
        .and_then(Digit::new)
        .filter(|d| d.index() < size.side())
        .map(Some)
        .ok_or_else(|| ParseErrorKind::NotANumber {
            found: crate::formats::shortened(token, 20),
            side: size.side(),
        })
}

/// Returns each whitespace-separated token with its 1-based column,
/// counted in characters.
fn spaced_tokens(text: &str) -> Vec<(usize, String)> {
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
    tokens
}

/// A row's tokens, each with its 1-based column.
type Tokens = Vec<(usize, String)>;

/// Returns the tokens of a drawn row (see [`drawn_like`]) with their
/// 1-based columns, and each `|` as the tokens before it and its column,
/// for the blocks the drawing states ([`Drawing::row`]).
fn drawn_tokens(text: &str) -> (Tokens, Vec<(usize, usize)>) {
    let spaced: String = text
        .chars()
        .map(|c| if c == '|' { ' ' } else { c })
        .collect();
    let tokens = spaced_tokens(&spaced);
    let mut bars = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        if ch == '|' {
            let before = tokens.iter().take_while(|(col, _)| *col <= i).count();
            bars.push((before, i + 1));
        }
    }
    (tokens, bars)
}

/// Returns the fields of a row between bars (see [`pipes_like`]), each
/// trimmed, with the 1-based column of its first character; a field of
/// spaces is the blank `.`.
fn pipe_fields(text: &str) -> Vec<(usize, String)> {
    pipe_fields_raw(text)
        .into_iter()
        .map(|(at, field)| {
            let trimmed = field.trim();
            let token = if trimmed.is_empty() { "." } else { trimmed };
            (at, token.to_string())
        })
        .collect()
}

/// Returns the fields of a row between bars as written, untrimmed, each
/// with the 1-based column of its first character.
fn pipe_fields_raw(text: &str) -> Vec<(usize, String)> {
    let mut fields = Vec::new();
    let mut column = 0;
    let mut start = None;
    for ch in text.chars() {
        column += 1;
        if ch == '|' {
            if let Some(field) = start.take() {
                fields.push(field);
            }
            start = Some((column + 1, String::new()));
        } else if let Some((_, field)) = &mut start {
            field.push(ch);
        }
    }
    fields
}

impl State {
    /// Reads one row of numbers, spaced or between bars; the first row of
    /// the first grid fixes the side.
    pub(super) fn numbers_line(&mut self, line: &[u8], number: usize) {
        let text = String::from_utf8_lossy(line);
        if let Some((column, found)) = pipes_broken(line) {
            let error = ParseError::new(number, Some(column), ParseErrorKind::PipeField { found });
            // A row of N fields is 3N - 1 characters between its outer bars;
            // a bar missing or one too many, or a field one character
            // wider, is one off, so the nearest N is the grid's side.
            let inner = text.trim_matches(|c| c == ' ' || c == '\t').chars().count() - 2;
            let guess = Size::from_side(inner.div_ceil(3)).filter(|_| self.block.is_none());
            match self.size.or(guess) {
                Some(size) => {
                    self.size = Some(size);
                    let mut block = self.block.take().unwrap_or_else(|| Block::new(None, None));
                    block.error.get_or_insert(error);
                    self.add_rows(block, number, 1, size);
                }
                None => self.error_outside_grid(error),
            }
            return;
        }
        let mut bars = None;
        let tokens = if pipes_like(line) {
            pipe_fields(&text)
        } else if line.contains(&b'|') {
            let (tokens, at) = drawn_tokens(&text);
            bars = Some(at);
            tokens
        } else {
            spaced_tokens(&text)
        };
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
                    let digit = number_cell(token, size)
                        .map_err(|kind| ParseError::new(number, Some(*col), kind));
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
        // A drawn row states the blocks with its bars, as a row of symbols
        // does.
        if let Some(bars) = bars
            && block.error.is_none()
            && !whole
        {
            let cols: Vec<usize> = tokens.iter().map(|&(col, _)| col).collect();
            if let Err(e) = block.drawing.row(&bars, &cols, number, size.side()) {
                block.error = Some(e);
            }
        }
        let rows = if whole { size.side() } else { 1 };
        self.add_rows(block, number, rows, size);
    }
}
