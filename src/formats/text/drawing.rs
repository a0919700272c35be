//! Reading the block shape of a drawn grid from its lines: the bars of
//! its rows and the rule lines between its bands.
//!
//! A drawn grid (`--output pretty`, or grids drawn by hand, in symbols or
//! from 26×26 up in numbers) states its blocks: bars after every C cells of a row and a rule line after every
//! R rows draw blocks of R×C cells. The reader keeps that shape rather
//! than the default blocks of the size, so a drawing reads back as the
//! puzzle it shows; lines that draw no block shape are an error at the
//! line and column that breaks it. The outer frame states nothing; a
//! grid drawn with bars alone, or rule lines alone, takes the other
//! dimension from the side.

use super::*;

/// The block lines seen so far in one grid of rows.
#[derive(Default)]
pub(super) struct Drawing {
    /// The inner bars of the first row read, as the number of cells
    /// before each, with their columns and the row's line.
    stacks: Option<(Vec<usize>, Vec<usize>, usize)>,
    /// The inner rule lines: the rows above each, its line and column.
    rules: Vec<(usize, usize, usize)>,
    /// The line of each row read, for an error where a rule is missing.
    row_lines: Vec<usize>,
}

/// Returns a drawing error at `line` and `column`.
fn drawn(line: usize, column: Option<usize>, problem: String) -> ParseError {
    ParseError::new(line, column, ParseErrorKind::DrawnBlocks { problem })
}

impl Drawing {
    /// Notes the bars of one row of `side` cells at line `number`: each
    /// bar as the cells before it and its column (`bars_at`), and each
    /// cell's column (`cell_cols`), as a row of symbols ([`Scan`]) or of
    /// numbers gives them.
    ///
    /// # Errors
    ///
    /// A row whose inner bars stand elsewhere than the first row's.
    pub(super) fn row(
        &mut self,
        bars_at: &[(usize, usize)],
        cell_cols: &[usize],
        number: usize,
        side: usize,
    ) -> Result<(), ParseError> {
        self.row_lines.push(number);
        let mut cells = Vec::new();
        let mut cols = Vec::new();
        for &(before, col) in bars_at {
            // The frame and a doubled bar state nothing more.
            if before == 0 || before >= side || cells.last() == Some(&before) {
                continue;
            }
            cells.push(before);
            cols.push(col);
        }
        let Some((first, _, first_line)) = &self.stacks else {
            self.stacks = Some((cells, cols, number));
            return Ok(());
        };
        if *first == cells {
            return Ok(());
        }
        // Point at the first bar that differs, or at the cell where the
        // first row has a bar this one lacks.
        let at = first.iter().zip(&cells).position(|(a, b)| a != b);
        let column = match at {
            Some(i) => Some(cols[i]),
            None if cells.len() > first.len() => Some(cols[first.len()]),
            None => cell_cols.get(first[cells.len()]).copied(),
        };
        let problem = format!("this row's bars are not where line {first_line}'s are");
        Err(drawn(number, column, problem))
    }

    /// Notes a rule line at line `number`, its first mark at `column`,
    /// below `rows` rows of a grid of `side`; the frame is no block line.
    pub(super) fn rule(&mut self, rows: usize, side: usize, number: usize, column: usize) {
        let doubled = self.rules.last().is_some_and(|&(r, _, _)| r == rows);
        if rows > 0 && rows < side && !doubled {
            self.rules.push((rows, number, column));
        }
    }

    /// Returns the blocks the lines draw on a grid of `side`, as rows and
    /// columns; `None` when they draw none (no inner bar or rule line).
    ///
    /// # Errors
    ///
    /// Bars or rule lines at uneven intervals, or bands and stacks that do
    /// not tile the grid.
    pub(super) fn blocks(&self, side: usize) -> Result<Option<(usize, usize)>, ParseError> {
        let cols = match &self.stacks {
            Some((cells, cols, line)) if !cells.is_empty() => {
                let width = cells[0];
                let even = (1..).map(|k| k * width).take_while(|&c| c < side);
                if let Some(i) = even.clone().zip(cells).position(|(a, &b)| a != b) {
                    let problem =
                        format!("bars after every {width} cells, but one after {}", cells[i]);
                    return Err(drawn(*line, Some(cols[i]), problem));
                }
                if !side.is_multiple_of(width) || even.count() != cells.len() {
                    let problem =
                        format!("bars after every {width} cells do not cut a row of {side} evenly");
                    return Err(drawn(*line, Some(cols[0]), problem));
                }
                Some(width)
            }
            _ => None,
        };
        // When the first rule line falls on a band edge of the bars'
        // blocks (blocks hold `side` cells), the bars settle the height,
        // so a missing rule line is named where it belongs rather than
        // as bands of twice the height at the next one.
        let first = self.rules.first().map(|&(r, line, column)| {
            let height = match cols {
                Some(c) if r.is_multiple_of(side / c) => side / c,
                _ => r,
            };
            (height, line, column)
        });
        let rows = match first {
            Some((height, line, column)) => {
                if !side.is_multiple_of(height) {
                    let problem = format!("bands of {height} rows do not cut {side} rows evenly");
                    return Err(drawn(line, Some(column), problem));
                }
                let expected = (1..side / height).map(|k| k * height);
                for (i, want) in expected.enumerate() {
                    match self.rules.get(i) {
                        Some(&(r, _, _)) if r > want => {
                            let problem = format!(
                                "no rule line below row {want}, for bands of {height} rows"
                            );
                            return Err(drawn(self.row_lines[want], None, problem));
                        }
                        Some(&(r, line, column)) if r != want => {
                            let problem = format!(
                                "a rule line below row {r}, where bands of {height} rows put one below row {want}"
                            );
                            return Err(drawn(line, Some(column), problem));
                        }
                        Some(_) => {}
                        None => {
                            let problem = format!(
                                "no rule line below row {want}, for bands of {height} rows"
                            );
                            return Err(drawn(self.row_lines[want], None, problem));
                        }
                    }
                }
                if let Some(&(r, line, column)) = self.rules.get(side / height - 1) {
                    let problem =
                        format!("a rule line below row {r}, past the last band of {height} rows");
                    return Err(drawn(line, Some(column), problem));
                }
                Some(height)
            }
            None => None,
        };
        match (rows, cols) {
            (None, None) => Ok(None),
            (Some(r), Some(c)) if r * c != side => {
                let (_, line, column) = self.rules[0];
                let problem = format!(
                    "bands of {r} rows and stacks of {c} columns do not make blocks of {side} cells"
                );
                Err(drawn(line, Some(column), problem))
            }
            (Some(r), _) => Ok(Some((r, side / r))),
            (None, Some(c)) => Ok(Some((side / c, c))),
        }
    }
}
