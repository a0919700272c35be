//! The CSV format of the large public sets: a header naming the columns,
//! then a puzzle a row, optionally with its solution.
//!
//! Rows are split by the `csv` crate, so quoted fields, spaces around
//! fields and extra columns read as CSV does (the 3-million-puzzle set
//! writes `id,puzzle,solution,clues,difficulty`). The puzzle column is
//! found by its name in the header (`puzzle`, `quizzes`…), or else as the
//! first column of the first row that holds a grid; the solution column
//! by its name (`solution`, `solutions`), or without a header as the
//! column after the puzzle. Errors name the row's line and the column of
//! the character to blame.

use super::*;

/// The names a header gives the puzzle column, lowercase.
const PUZZLE_NAMES: [&str; 6] = ["puzzle", "puzzles", "quizzes", "quiz", "sudoku", "grid"];

/// The names a header gives the solution column, lowercase.
const SOLUTION_NAMES: [&str; 3] = ["solution", "solutions", "answer"];

/// What the header of a CSV input says of its columns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Columns {
    /// The number of columns the header names; `None` without a header.
    pub(super) count: Option<usize>,
    /// The puzzle column: named, or found in the first row.
    pub(super) puzzle: Option<usize>,
    /// The solution column, when there is one.
    pub(super) solution: Option<usize>,
}

/// One field of a row: its text, unquoted and trimmed, and the 0-based
/// character offset where that text starts in the line.
struct Field {
    text: Vec<u8>,
    offset: usize,
}

/// A `csv` reader kept from row to row: building one builds its parser's
/// tables, which cost more than reading the row (200,000 rows took 4.2 s
/// with a reader a row, against 0.7 s for the same puzzles as lines).
pub(super) struct Splitter {
    reader: ::csv::Reader<io::Cursor<Vec<u8>>>,
    record: ::csv::ByteRecord,
}

impl Default for Splitter {
    fn default() -> Splitter {
        Splitter {
            reader: ::csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(io::Cursor::new(Vec::new())),
            record: ::csv::ByteRecord::new(),
        }
    }
}

/// Splits a line into its fields with the `csv` crate, and finds where
/// each field's text starts (past spaces and an opening quote), for the
/// columns of errors.
fn fields(splitter: &mut Splitter, line: &[u8]) -> Vec<Field> {
    let text = splitter.reader.get_mut().get_mut();
    text.clear();
    text.extend_from_slice(line);
    // Back to the start, with the parser's state and buffer reset.
    let start = io::SeekFrom::Start(0);
    let read = splitter
        .reader
        .seek_raw(start, ::csv::Position::new())
        .is_ok()
        && splitter
            .reader
            .read_byte_record(&mut splitter.record)
            .unwrap_or(false);
    if !read {
        return Vec::new();
    }
    let record = &splitter.record;
    // The byte where each field starts: after each comma outside quotes.
    let mut starts = vec![0];
    let mut quoted = false;
    for (i, &b) in line.iter().enumerate() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => starts.push(i + 1),
            _ => {}
        }
    }
    record
        .iter()
        .zip(starts)
        .map(|(raw, start)| {
            let lead = line[start..].iter().take_while(|&&b| is_space(b)).count();
            let quote = usize::from(line.get(start + lead) == Some(&b'"'));
            let text = raw.trim_ascii();
            let text = text
                .strip_prefix(b"\"")
                .and_then(|t| t.strip_suffix(b"\""))
                .unwrap_or(text)
                .trim_ascii();
            Field {
                text: text.to_vec(),
                offset: units(&line[..start + lead + quote]).count(),
            }
        })
        .collect()
}

/// Returns the columns a CSV header names, or `None` when the line is no
/// header: a header names the puzzle column (`quizzes,solutions`,
/// `puzzle,solution,status`, `id,puzzle,solution,clues,difficulty`; any
/// case, quoted or spaced), or, when `any_names`, is two or more names
/// none of which says which column holds the puzzles, to be found in the
/// first row. (Only the first line of an input, or of one read as CSV,
/// may be such a header: elsewhere `hello, world` is a bad line, not a
/// switch to CSV.)
pub(super) fn csv_header(splitter: &mut Splitter, line: &[u8], any_names: bool) -> Option<Columns> {
    if starts_with_cell(line) || !line.is_ascii() {
        return None;
    }
    let names: Vec<String> = fields(splitter, line)
        .into_iter()
        .map(|f| String::from_utf8_lossy(&f.text).to_ascii_lowercase())
        .collect();
    let find = |known: &[&str]| names.iter().position(|n| known.contains(&n.as_str()));
    let puzzle = find(&PUZZLE_NAMES);
    let is_name = |n: &String| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' '))
    };
    let header = puzzle.is_some() || (any_names && names.len() >= 2 && names.iter().all(is_name));
    header.then(|| Columns {
        count: Some(names.len()),
        puzzle,
        solution: find(&SOLUTION_NAMES),
    })
}

/// Returns whether a field holds a grid: N² cell symbols and blanks, or
/// N² numbers ([`number_tokens`]).
fn holds_grid(field: &[u8]) -> bool {
    let symbols = Size::from_cell_count(field.len())
        .filter(|s| s.has_symbols())
        .is_some_and(|size| {
            field
                .iter()
                .all(|&b| is_blank(b) || size.digit_of(char::from(b)).is_some())
        });
    symbols
        || number_tokens(field).is_some_and(|(size, tokens)| {
            (tokens.iter()).all(|(_, token)| number_cell(token, size).is_ok())
        })
}

/// Returns the byte offset of the quote that opens a field left open at
/// the end of `line`, if one is. Each quote turns quoting on or off (a
/// quote inside a quoted field is doubled, which turns it off and on).
fn open_quote(line: &[u8]) -> Option<usize> {
    let mut open = None;
    for (at, _) in line.iter().enumerate().filter(|&(_, &b)| b == b'"') {
        open = match open {
            None => Some(at),
            Some(_) => None,
        };
    }
    open
}

/// A field of N² space-separated numbers, as `--output csv` writes grids
/// past 25×25 (which have no symbols): the size and each token with its
/// 0-based offset in the field. `None` for a field of one token, of a
/// count that is no N², or of one-character tokens on a grid that has
/// symbols.
fn number_tokens(field: &[u8]) -> Option<(Size, Vec<(usize, &str)>)> {
    let text = std::str::from_utf8(field).ok()?;
    let mut tokens = Vec::new();
    let mut at = 0;
    for token in text.split(' ') {
        if !token.is_empty() {
            tokens.push((at, token));
        }
        at += token.len() + 1;
    }
    let size = Size::from_cell_count(tokens.len()).filter(|_| tokens.len() > 1)?;
    // Spaced symbols of a grid that has them (`5 3 _ _ 7 …`, hex letters)
    // stay the symbol reader's.
    let numbers = !size.has_symbols() || tokens.iter().any(|(_, t)| t.len() > 1);
    numbers.then_some((size, tokens))
}

impl State {
    /// Reads one CSV row: the puzzle and, when a column holds one, its
    /// solution; other columns (a status, a rating) are not read. A given
    /// solution travels with the puzzle as [`Puzzle::expected`].
    pub(super) fn csv_row(&mut self, line: &[u8], number: usize) {
        let item = self
            .csv_puzzle(line, number)
            .map(|(grid, expected)| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: grid.into(),
                ignored: Vec::new(),
                shown: Default::default(),
                expected,
            });
        self.push(item);
    }

    fn csv_puzzle(
        &mut self,
        line: &[u8],
        number: usize,
    ) -> Result<(Grid, Option<Grid>), ParseError> {
        if let Some(open) = open_quote(line) {
            let column = units(&line[..open]).count() + 1;
            return Err(ParseError::new(
                number,
                Some(column),
                ParseErrorKind::CsvOpenQuote,
            ));
        }
        let fields = fields(&mut self.splitter, line);
        // The columns the header names; at least the puzzle, its solution
        // and this tool's status, as `--output csv` writes them, which
        // rows under `quizzes,solutions` may carry too.
        let count = self.csv.count.unwrap_or(0).max(3);
        if fields.len() > count {
            let kind = ParseErrorKind::CsvFields {
                found: fields.len(),
                expected: count,
            };
            // At the comma that starts the first field too many.
            return Err(ParseError::new(number, Some(fields[count].offset), kind));
        }
        let puzzle = match self.csv.puzzle {
            Some(column) => column,
            // The first row shows which column holds the puzzles; a row of
            // none is read as a puzzle in its first, for the error.
            None => {
                let found = fields.iter().position(|f| holds_grid(&f.text));
                self.csv.puzzle = found;
                found.unwrap_or(0)
            }
        };
        let Some(field) = fields.get(puzzle) else {
            let column = line.len() + 1;
            let kind = ParseErrorKind::CsvFields {
                found: fields.len(),
                expected: puzzle + 1,
            };
            return Err(ParseError::new(number, Some(column), kind));
        };
        let grid = self.csv_cells(&field.text, field.offset, None, number)?;
        let solution = match self.csv.solution {
            Some(column) => fields.get(column),
            None if self.csv.count.is_none() => fields.get(puzzle + 1),
            None => None,
        };
        let expected = match solution {
            Some(field) if !field.text.is_empty() => {
                let solution =
                    self.csv_cells(&field.text, field.offset, Some(grid.size()), number)?;
                if let Some(cell) = grid.size().all_cells().find(|&c| solution.get(c).is_none()) {
                    let column = self.scan.cols[cell.index(grid.size())];
                    let kind = ParseErrorKind::BlankInSolution;
                    return Err(ParseError::new(number, Some(column), kind));
                }
                Some(solution)
            }
            _ => None,
        };
        Ok((grid, expected))
    }

    /// Reads one field of cells, whose first character is at 0-based
    /// `offset` of the line; a field of another size than `size`, when
    /// given, is an error.
    fn csv_cells(
        &mut self,
        field: &[u8],
        offset: usize,
        size: Option<Size>,
        number: usize,
    ) -> Result<Grid, ParseError> {
        if let Some((found, tokens)) = number_tokens(field) {
            return numbers_field(found, &tokens, offset, size, number);
        }
        self.scan.token(field);
        // Only spaces may follow the cells inside the field.
        let end = self.scan.cols.last().copied().unwrap_or(0);
        let extra = units(field)
            .enumerate()
            .skip(end)
            .find(|(_, unit)| !matches!(unit, Unit::Ascii(b) if is_space(*b)));
        if let Some((i, unit)) = extra {
            let kind = match unit {
                Unit::Ascii(b) => ParseErrorKind::InvalidCharacter {
                    found: char::from(b),
                },
                Unit::Char(found) => ParseErrorKind::InvalidCharacter { found },
                Unit::Byte(found) => ParseErrorKind::InvalidByte { found },
            };
            return Err(ParseError::new(number, Some(offset + i + 1), kind));
        }
        for col in &mut self.scan.cols {
            *col += offset;
        }
        if let Some((col, _)) = &mut self.scan.bad {
            *col += offset;
        }
        let found = self.scan.cells.len();
        let size = size
            .or_else(|| Size::from_cell_count(found).filter(|s| s.has_symbols()))
            .ok_or_else(|| {
                self.scan.bad_error(number).unwrap_or_else(|| {
                    let kind = ParseErrorKind::UnknownSize {
                        found,
                        one_line: true,
                    };
                    ParseError::new(number, Some(offset + 1), kind)
                })
            })?;
        let mut cells = Vec::with_capacity(size.cells());
        self.scan.digits_into(
            size,
            size.cells(),
            number,
            &mut cells,
            &mut Blanks::default(),
        )?;
        Ok(Grid::from_cells(size, cells).expect("N² checked digits"))
    }
}

/// Reads a field of numbers ([`number_tokens`]) of `found` cells, whose
/// first character is at 0-based `offset` of the line; a field of another
/// size than `size`, when given, is an error.
fn numbers_field(
    found: Size,
    tokens: &[(usize, &str)],
    offset: usize,
    size: Option<Size>,
    number: usize,
) -> Result<Grid, ParseError> {
    if let Some(size) = size.filter(|&s| s != found) {
        let kind = ParseErrorKind::CellCount {
            expected: size.cells(),
            found: tokens.len(),
        };
        return Err(ParseError::new(number, Some(offset + 1), kind));
    }
    let cells = (tokens.iter())
        .map(|&(at, token)| {
            number_cell(token, found)
                .map_err(|kind| ParseError::new(number, Some(offset + at + 1), kind))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Grid::from_cells(found, cells).expect("N² checked digits"))
}
