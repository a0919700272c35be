//! The reader's state machine: detecting formats and collecting grids.

use super::*;

/// How lines are grouped into puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// One puzzle a line.
    Line,
    /// Rows over one or more lines, with optional headers.
    Block,
    /// Rows of whitespace-separated numbers.
    Numbers,
    /// CSV rows after a header: a puzzle and optionally its solution.
    Csv,
}

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
        }
    }
}

/// The parser state apart from the reader.
pub(super) struct State {
    pub(super) format: Format,
    pub(super) mode: Option<Mode>,
    pub(super) size: Option<Size>,
    pub(super) block: Option<Block>,
    /// Blocks asked for instead of the default ones (`--box`).
    pub(super) blocks: Option<(usize, usize)>,
    /// The text of a rules file, gathered until the end.
    pub(super) rules_text: Option<String>,
    pub(super) out: VecDeque<Result<Puzzle, ParseError>>,
    /// Whether any puzzle or error was produced.
    pub(super) produced: bool,
    /// Whether a grid starting now may take a new size: at the start, after
    /// a blank line or a header, and where the format changes.
    pub(super) boundary: bool,
    pub(super) scan: Scan,
}

impl State {
    pub(super) fn push(&mut self, item: Result<Puzzle, ParseError>) {
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
    pub(super) fn fpuzzles_line(&mut self, line: &[u8], number: usize) -> bool {
        let forced = self.format == Format::Fpuzzles;
        // Links and payloads start with a letter (`http`, `www.`,
        // `sudokupad`, `N4Ig`).
        if !forced && starts_with_cell(line) {
            return false;
        }
        let text = String::from_utf8_lossy(line);
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
                expected: None,
            })
            .map_err(|e| ParseError::new(number, None, ParseErrorKind::Fpuzzles(e)));
        self.push(item);
        true
    }

    /// Handles line `number`.
    pub(super) fn handle(&mut self, line: &[u8], number: usize, too_long: bool) {
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
                if text.len() + line.len() >= MAX_RULES_FILE_BYTES {
                    let limit = MAX_RULES_FILE_BYTES;
                    let kind = ParseErrorKind::RulesFileTooLong { limit };
                    self.push(Err(ParseError::new(number, None, kind)));
                    self.rules_text = None;
                } else {
                    text.push_str(&String::from_utf8_lossy(line));
                    text.push('\n');
                }
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
                self.boundary = true;
            }
            LineKind::Comment | LineKind::Rule => {}
            LineKind::Header(header) => {
                if self.format == Format::Auto && self.block.is_none() {
                    // A header starts a grid of rows, whatever came before.
                    self.mode = Some(Mode::Block);
                }
                self.boundary = true;
                let mode = *self.mode.get_or_insert(Mode::Block);
                match (mode, header) {
                    (Mode::Line | Mode::Csv, Ok(_)) => {
                        let kind = ParseErrorKind::UnexpectedHeader;
                        self.push(Err(ParseError::new(number, None, kind)));
                    }
                    (Mode::Line | Mode::Csv, Err(column)) => {
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
                if matches!(self.format, Format::Auto | Format::Csv) && csv_header(line) =>
            {
                if self.block.is_some() {
                    self.truncate(number);
                }
                self.mode = Some(Mode::Csv);
            }
            LineKind::Cells if self.mode == Some(Mode::Csv) => self.csv_row(line, number),
            LineKind::Cells
                if matches!(self.format, Format::Auto | Format::Fpuzzles)
                    && self.fpuzzles_line(line, number) => {}
            LineKind::Cells => {
                if self.format == Format::Auto && self.whole_puzzle_inside_grid(line) {
                    // A line that is a puzzle of its own ends the grid in
                    // progress, which then lacks rows, and starts afresh.
                    self.truncate(number);
                }
                // Whether `self.scan` already holds this line's first token.
                let mut scanned = false;
                let mode = match self.mode {
                    // Each puzzle of an auto-detected input is read in its
                    // own format; a grid in progress keeps its rows.
                    Some(mode) if self.format != Format::Auto || self.block.is_some() => mode,
                    _ => {
                        let mode = self.detect(line);
                        scanned = mode == Mode::Line;
                        if self.mode != Some(mode) {
                            self.boundary = true;
                        }
                        *self.mode.insert(mode)
                    }
                };
                let boundary = std::mem::replace(&mut self.boundary, false);
                match mode {
                    Mode::Line => self.line_puzzle(line, number, scanned),
                    // Rows of single digits read the same in both formats;
                    // a row with a two-digit number shows which it is.
                    Mode::Block if numbers_row(line) => self.numbers_line(line, number),
                    Mode::Block => self.block_line(line, number, boundary),
                    Mode::Numbers => self.numbers_line(line, number),
                    Mode::Csv => self.csv_row(line, number),
                }
            }
        }
    }

    /// Decides between the line format and rows from the first token of
    /// a puzzle's first line.
    pub(super) fn detect(&mut self, line: &[u8]) -> Mode {
        if numbers_row(line) {
            return Mode::Numbers;
        }
        self.scan.token(line);
        let found = self.scan.cells.len();
        let one_line = match found {
            81 | 256 | 625 => true,
            // A 16x16 row holds some symbol beyond 4.
            16 => self.scan.fits_4x4(),
            // Too long for a row after one-line puzzles: a broken one, to
            // be reported as such rather than start a grid that would take
            // the puzzles after it as its rows.
            _ => found > Size::MAX_SYMBOL_SIDE && self.mode == Some(Mode::Line),
        };
        if one_line && !self.scan.bars {
            Mode::Line
        } else {
            Mode::Block
        }
    }

    /// Returns whether `line` is a one-line puzzle (81, 256 or 625 cells,
    /// no bars) arriving while a grid of rows is in progress, which no
    /// row of any grid is.
    fn whole_puzzle_inside_grid(&mut self, line: &[u8]) -> bool {
        // The shortest one-line puzzle has 81 cells: rows, the common case,
        // are passed without a scan.
        if line.len() < 81 || self.block.as_ref().is_none_or(|b| b.rows == 0) || numbers_row(line) {
            return false;
        }
        self.scan.token(line);
        matches!(self.scan.cells.len(), 81 | 256 | 625) && !self.scan.bars
    }

    /// Reports an error that belongs to no grid in progress, or else to
    /// the grid whose header is waiting for rows.
    pub(super) fn error_outside_grid(&mut self, error: ParseError) {
        match &mut self.block {
            Some(block) => {
                block.error.get_or_insert(error);
            }
            None => self.push(Err(error)),
        }
    }

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
            .and_then(|()| second_puzzle(line, size, number))
            .map(|()| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: Grid::from_cells(size, cells)
                    .expect("N² checked digits")
                    .into(),
                ignored: Vec::new(),
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
        // A grid after a blank line or a header, in an auto-detected input,
        // has the size of its own first row; without such a boundary a row
        // of another length is a broken row of the size before.
        let resize = self.format == Format::Auto
            && starting
            && boundary
            && self
                .size
                .is_some_and(|s| found != s.side() && found != s.cells());
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
            if let Err(e) =
                self.scan
                    .digits_into(size, expected, number, &mut block.cells, &mut block.blanks)
            {
                block.error = Some(e);
            }
        }
        let rows = if expected == n2 { n } else { 1 };
        self.add_rows(block, number, rows, size);
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
        let item = match block.error {
            Some(error) => Err(error),
            None => Ok(Puzzle {
                label: block.label.unwrap_or(Label::Line(block.first_row)),
                line: block.first_row,
                puzzle: Grid::from_cells(size, block.cells)
                    .expect("N rows of N checked digits")
                    .into(),
                ignored: Vec::new(),
                expected: None,
            }),
        };
        self.push(item);
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
                    .map(|(puzzle, _)| Puzzle {
                        label: Label::Line(1),
                        line: 1,
                        puzzle,
                        ignored: Vec::new(),
                        expected: None,
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

/// Checks the comment after a one-line puzzle: a token there that is a
/// whole puzzle of the same size (N² cell symbols) would be lost, so it is
/// an error pointing at it.
fn second_puzzle(line: &[u8], size: Size, number: usize) -> Result<(), ParseError> {
    let text = String::from_utf8_lossy(line);
    let mut column = 1;
    let mut in_first = true;
    for token in text.split([' ', '\t']) {
        let length = token.chars().count();
        if !token.is_empty() {
            let puzzle_like = length == size.cells()
                && token
                    .bytes()
                    .all(|b| is_blank(b) || size.digit_of(char::from(b)).is_some());
            if !in_first && puzzle_like {
                let kind = ParseErrorKind::SecondPuzzle;
                return Err(ParseError::new(number, Some(column), kind));
            }
            in_first = false;
        }
        column += length + 1;
    }
    Ok(())
}
