//! Collecting grids: one-line puzzles and blocks of rows, checked and
//! turned into puzzles.

use super::*;

/// A grid being collected in block mode.
pub(super) struct Block {
    /// The header's label, if a header came first.
    pub(super) label: Option<Label>,
    /// The line of the first row (0 until one is read).
    pub(super) first_row: usize,
    /// Rows read so far, a bad line counting as one.
    pub(super) rows: usize,
    /// The cells read so far, while no error occurred.
    pub(super) cells: Vec<Option<Digit>>,
    /// The grid's first error.
    pub(super) error: Option<ParseError>,
    /// The blanks of its rows so far.
    pub(super) blanks: Blanks,
    /// The block lines drawn so far.
    pub(super) drawing: Drawing,
    /// The columns of the first row's cells, when its length fixed the
    /// grid's size: a second row of another length may show the first
    /// to be the odd one.
    pub(super) sized_by: Option<Vec<usize>>,
    /// After a second row that disagreed with the first: the size the
    /// first row fixed and the error blaming the second row, for a third
    /// row of the first one's length to restore.
    pub(super) second_odd: Option<(Size, ParseError)>,
}

impl Block {
    pub(super) fn new(label: Option<Label>, error: Option<ParseError>) -> Block {
        Block {
            label,
            first_row: 0,
            rows: 0,
            cells: Vec::new(),
            error,
            blanks: Blanks::default(),
            drawing: Drawing::default(),
            sized_by: None,
            second_odd: None,
        }
    }
}

impl State {
    /// Reads a one-line puzzle; `scanned` says detection left its token in
    /// `self.scan` already.
    pub(super) fn line_puzzle(&mut self, line: &[u8], number: usize, scanned: bool) {
        if !scanned {
            self.scan.token(line);
        }
        let found = self.scan.cells.len();
        let fits = |s: &Size| s.has_symbols();
        // Each line has its own size; a count that fits none is measured
        // against the size before it ("expected 81 cells, found 80").
        let Some(size) = Size::from_cell_count(found).filter(fits).or(self.size) else {
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
            .digits_into(
                size,
                size.cells(),
                number,
                &mut cells,
                &mut Blanks::default(),
            )
            .and_then(|()| second_puzzle(line, number))
            .map(|()| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: Grid::from_cells(size, cells)
                    .expect("N² checked digits")
                    .into(),
                ignored: Vec::new(),
                shown: Default::default(),
                expected: None,
            });
        self.push(item);
    }

    /// Reads a line of rows; `boundary` says a grid starting here may have
    /// another size than the grid before (see [`State::boundary`]).
    pub(super) fn block_line(&mut self, line: &[u8], number: usize, boundary: bool) {
        self.scan.block(line);
        let found = self.scan.cells.len();
        let starting = self.block.as_ref().is_none_or(|b| b.rows == 0);
        // A grid after a blank line or a header, detected or in the rows
        // format asked for, has the size of its own first row; without
        // such a boundary a row of another length is a broken row of the
        // size before. (Euler grids are all 9×9.)
        let resize = matches!(self.format, Format::Auto | Format::Rows)
            && starting
            && boundary
            && self
                .size
                .is_some_and(|s| found != s.side() && found != s.cells());
        self.odd_first_row(found, number);
        let mut guessed = false;
        let size = match self.size {
            Some(size) if !resize => size,
            _ => {
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
                guessed = true;
                *self.size.insert(size)
            }
        };
        let (n, n2) = (size.side(), size.cells());
        let mut block = self.block.take().unwrap_or_else(|| Block::new(None, None));
        if guessed && block.rows == 0 && found == n {
            block.sized_by = Some(self.scan.cols.clone());
        }
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
            if let Err(e) =
                self.scan
                    .digits_into(size, expected, number, &mut block.cells, &mut block.blanks)
            {
                block.error = Some(e);
            }
        }
        // A whole grid on one line draws no blocks; a row may.
        if block.error.is_none()
            && expected == n
            && let Err(e) = block
                .drawing
                .row(&self.scan.bars_at, &self.scan.cols, number, n)
        {
            block.error = Some(e);
        }
        let rows = if expected == n2 { n } else { 1 };
        self.add_rows(block, number, rows, size);
    }

    /// Checks a row of `found` cells at line `number` against a grid
    /// whose first row fixed the size: when the second row has another
    /// length that is a side, the first row may be the odd one out (a
    /// 16-cell row atop 9×9 rows), so the grid takes the second row's size
    /// and the error blames the first; a third row of the first row's
    /// length shows the second to be the odd one after all, and the size
    /// and the blame go back.
    fn odd_first_row(&mut self, found: usize, number: usize) {
        let Some(block) = &mut self.block else {
            return;
        };
        if let Some((first, error)) = block.second_odd.take()
            && block.rows == 2
            && found == first.side()
        {
            self.size = Some(first);
            block.error = Some(error);
            return;
        }
        let (Some(cols), Some(size)) = (block.sized_by.take(), self.size) else {
            return;
        };
        // A second row holding a character that is no cell is no evidence
        // of another size: its own error names the character.
        let second = Size::from_side(found)
            .filter(|_| found <= Size::MAX_SYMBOL_SIDE && self.scan.bad.is_none());
        let (Some(second), None, 1) = (second, &block.error, block.rows) else {
            return;
        };
        if second == size {
            return;
        }
        let column = cols.get(found).or(cols.last()).copied();
        let blame_first = ParseErrorKind::CellCount {
            expected: found,
            found: size.side(),
        };
        let blame_second = ParseErrorKind::CellCount {
            expected: size.side(),
            found,
        };
        let at_second = self
            .scan
            .cols
            .get(size.side())
            .copied()
            .or_else(|| self.scan.cols.last().map(|c| c + 1));
        block.error = Some(ParseError::new(block.first_row, column, blame_first));
        block.second_odd = Some((size, ParseError::new(number, at_second, blame_second)));
        self.size = Some(second);
    }

    /// Counts `rows` more rows read at line `number`; emits the grid once
    /// it has N, else keeps collecting.
    pub(super) fn add_rows(&mut self, mut block: Block, number: usize, rows: usize, size: Size) {
        if block.rows == 0 {
            block.first_row = number;
        }
        block.rows += rows;
        if block.rows < size.side() {
            self.block = Some(block);
            return;
        }
        let drawn = match block.error {
            Some(error) => Err(error),
            None => block.drawing.blocks(size.side()),
        };
        // A drawn grid states its blocks, as a rules file does.
        let shaped = matches!(drawn, Ok(Some(_)));
        let item = drawn.map(|drawn| {
            let shape = match drawn {
                Some((rows, cols)) => Shape::with_blocks(size, rows, cols).expect("checked tiling"),
                None => size.into(),
            };
            Puzzle {
                label: block.label.unwrap_or(Label::Line(block.first_row)),
                line: block.first_row,
                puzzle: Grid::from_cells(shape, block.cells)
                    .expect("N rows of N checked digits")
                    .into(),
                ignored: Vec::new(),
                shown: Default::default(),
                expected: None,
            }
        });
        if shaped {
            self.push_shaped(item);
        } else {
            self.push(item);
        }
    }

    /// Ends the grid in progress early, at line `number`.
    pub(super) fn truncate(&mut self, number: usize) {
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
    pub(super) fn end(&mut self, last: usize) {
        if self.format == Format::Rules {
            if let Some(text) = self.rules_text.take() {
                let item = rules_file::read(&text)
                    .map(|(puzzle, meta)| Puzzle {
                        label: Label::Line(1),
                        line: 1,
                        puzzle,
                        ignored: Vec::new(),
                        shown: fpuzzles::Shown::from_meta(&meta),
                        expected: None,
                    })
                    .map_err(|e| {
                        ParseError::new(
                            e.line.unwrap_or(last),
                            e.column,
                            ParseErrorKind::RulesFile(e.kind),
                        )
                    });
                self.push_shaped(item);
            }
            return;
        }
        self.truncate(last);
        if !self.produced {
            self.push(Err(ParseError::new(last, None, ParseErrorKind::NoPuzzle)));
        }
    }
}

/// Returns whether `c` is punctuation a comment may wrap a puzzle in:
/// quotes, brackets, and the marks that end or label a word. Never a
/// cell symbol or a blank (`.`, `_`, `*`), nor a character of an
/// f-puzzles payload.
fn is_wrapping(c: char) -> bool {
    matches!(
        c,
        '(' | ')'
            | '['
            | ']'
            | '{'
            | '}'
            | '<'
            | '>'
            | '"'
            | '\''
            | '`'
            | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '|'
    )
}

/// Checks the comment after a one-line puzzle: a puzzle there would be
/// lost, so it is an error pointing at it. A puzzle is a token that is a
/// whole grid of any size (N² cell symbols) or an f-puzzles payload, bare
/// or in a link, or the comment's tokens together when they make a whole
/// grid, as rows (`003020600 900305001 …`) or numbers do. A link to
/// anything else is a comment: a puzzle's source is often written so.
fn second_puzzle(line: &[u8], number: usize) -> Result<(), ParseError> {
    // Nearly every line is one token and holds no second puzzle: this
    // skips decoding and splitting it, which cost the reader about a
    // twentieth of its time on a file of one-line puzzles.
    if !line.iter().any(|&b| is_space(b)) {
        return Ok(());
    }
    let text = String::from_utf8_lossy(line);
    let mut tokens = Vec::new();
    let mut column = 1;
    for token in text.split([' ', '\t']) {
        if !token.is_empty() {
            tokens.push((column, token));
        }
        column += token.chars().count() + 1;
    }
    let comment = tokens.get(1..).unwrap_or_default();
    // A puzzle quoted, in brackets or after a label (`(Q)`, `"Q"`,
    // `see:Q`, `Q,`) is as lost as a bare one, so the pieces between
    // punctuation are read too; a link is read whole first, its own
    // `:` and `?` kept.
    let puzzle = |text: &str| is_written_grid(text) || fpuzzles::payload_of(text).is_some();
    let wrapped = |token: &str| token.split(is_wrapping).any(is_written_grid);
    let alone = (comment.iter()).find(|(_, token)| puzzle(token) || wrapped(token));
    let trimmed: Vec<&str> = (comment.iter())
        .map(|(_, token)| token.trim_matches(is_wrapping))
        .collect();
    // The whole comment as one grid (rows, or numbers a cell each), or,
    // after a word, N tokens of N cells each: the rows of a grid.
    let together = || {
        let whole = comment.len() > 1 && is_written_grid(&trimmed.concat());
        let rows = |at: usize| {
            let side = trimmed[at].len();
            (4..=64).contains(&side)
                && (trimmed.get(at..at + side)).is_some_and(|rows| is_written_grid(&rows.concat()))
        };
        let first = if whole {
            Some(0)
        } else {
            (0..trimmed.len()).find(|&at| rows(at))
        };
        first.map(|at| &comment[at])
    };
    match alone.or_else(together) {
        Some(&(column, _)) => Err(ParseError::new(
            number,
            Some(column),
            ParseErrorKind::SecondPuzzle,
        )),
        None => Ok(()),
    }
}
