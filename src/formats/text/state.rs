//! The reader's state machine: detecting each puzzle's format and
//! dispatching its lines (the grids are collected in `grids.rs`).

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

/// The parser state apart from the reader.
pub(super) struct State {
    pub(super) format: Format,
    pub(super) mode: Option<Mode>,
    pub(super) size: Option<Size>,
    pub(super) block: Option<Block>,
    /// Blocks asked for instead of the default ones (`--box`).
    pub(super) blocks: Option<(usize, usize)>,
    /// The columns of CSV input, as its header names them.
    pub(super) csv: Columns,
    /// The CSV reader rows are split with.
    pub(super) splitter: Splitter,
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
    /// Emits a puzzle of a text grid, which states no blocks: `--box`
    /// gives it its blocks.
    pub(super) fn push(&mut self, item: Result<Puzzle, ParseError>) {
        self.produced = true;
        let item = match (item, self.blocks) {
            (Ok(mut puzzle), Some((rows, cols))) => {
                let size = puzzle.grid().size();
                match Shape::with_blocks(size, rows, cols) {
                    Ok(shape) => {
                        let grid = puzzle.grid().clone().with_shape(shape);
                        let constraints = puzzle.puzzle.constraints().to_vec();
                        puzzle.puzzle = constraints
                            .into_iter()
                            .fold(grid.into(), crate::puzzle::Puzzle::with);
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

    /// Emits a puzzle of a format that states its blocks (a link, a rules
    /// file): its blocks are kept, and a `--box` that disagrees with them
    /// is an error naming both, since solving the puzzle on other blocks
    /// would answer another puzzle.
    pub(super) fn push_shaped(&mut self, item: Result<Puzzle, ParseError>) {
        self.produced = true;
        let item = match (item, self.blocks) {
            (Ok(puzzle), Some((rows, cols)))
                if puzzle.puzzle.shape().block_dims() != Some((rows, cols)) =>
            {
                let own = puzzle.puzzle.shape().block_dims();
                let kind = ParseErrorKind::BoxDisagrees { rows, cols, own };
                Err(ParseError::new(puzzle.line, None, kind))
            }
            (item, _) => item,
        };
        self.out.push_back(item);
    }

    /// Reads an f-puzzles line; returns `false` when the line is none.
    pub(super) fn fpuzzles_line(&mut self, line: &[u8], number: usize) -> bool {
        let forced = self.format == Format::Fpuzzles;
        // Links and payloads start with a letter (`http`, `www.`,
        // `sudokupad`, `f-puzzles.com/`, `N4Ig`).
        if !forced && starts_with_cell(line) {
            return false;
        }
        let text = String::from_utf8_lossy(line);
        // A link that holds something else (a SudokuPad `scl` link, a
        // short id, another site) is refused as what it is, not read as
        // cells.
        let payload = match fpuzzles::link_payload(&text) {
            Some(link) => link.map_err(fpuzzles::FpuzzlesError::OtherLink),
            None if forced => Ok(text.trim()),
            None => return false,
        };
        if self.block.is_some() {
            self.truncate(number);
        }
        let item = payload
            .and_then(fpuzzles::read)
            .map(|imported| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: imported.puzzle,
                ignored: imported.cosmetic,
                shown: imported.shown,
                expected: None,
            })
            .map_err(|e| ParseError::new(number, None, ParseErrorKind::Fpuzzles(e)));
        self.push_shaped(item);
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
            LineKind::Comment => {}
            LineKind::Rule => self.rule_line(line, number),
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
                if matches!(self.format, Format::Auto | Format::Csv)
                    && let Some(columns) = csv_header(
                        &mut self.splitter,
                        line,
                        self.format == Format::Csv || (!self.produced && self.mode.is_none()),
                    ) =>
            {
                if self.block.is_some() {
                    self.truncate(number);
                }
                self.mode = Some(Mode::Csv);
                self.csv = columns;
            }
            LineKind::Cells if self.mode == Some(Mode::Csv) => self.csv_row(line, number),
            LineKind::Cells
                if self.format == Format::Auto
                    && !self.produced
                    && self.block.is_none()
                    && looks_like_toml(line) =>
            {
                // A rules file is read whole, and only when asked for: its
                // lines read as grids would give one error each.
                let kind = ParseErrorKind::LooksLikeRules;
                self.push(Err(ParseError::new(number, None, kind)));
                self.format = Format::Rules;
                self.rules_text = None;
            }
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

    /// Notes a rule line inside a grid of rows: a block line of its
    /// drawing. Elsewhere (before a grid, after one) it is a frame.
    fn rule_line(&mut self, line: &[u8], number: usize) {
        let (Some(Mode::Block | Mode::Numbers), Some(size), Some(block)) =
            (self.mode, self.size, &mut self.block)
        else {
            return;
        };
        // A rule line is ASCII: its first mark's byte is its column.
        let column = line.iter().position(|&b| !is_space(b)).unwrap_or(0) + 1;
        block.drawing.rule(block.rows, size.side(), number, column);
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
}

/// Returns whether a line is a TOML key assignment (`size = 9`) or table
/// header (`[[constraint]]`), as a rules file's first line is; no line
/// of a puzzle format is either. A bare f-puzzles payload may end in
/// `=`, but has no value after it.
fn looks_like_toml(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    let key = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '))
    };
    if let Some(table) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        let table = table.trim_start_matches('[').trim_end_matches(']');
        return key(table.trim()) && !table.contains(' ');
    }
    text.split_once('=')
        .is_some_and(|(k, v)| key(k.trim()) && !v.trim().is_empty() && !v.starts_with('='))
}
