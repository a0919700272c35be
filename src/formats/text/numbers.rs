//! The numbers format: rows of whitespace-separated decimal numbers, for
//! any side up to 64.

use super::*;

impl State {
    /// Reads one row of numbers; the first row of the first grid fixes
    /// the side.
    pub(super) fn numbers_line(&mut self, line: &[u8], number: usize) {
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
}
