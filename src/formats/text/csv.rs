//! The CSV format of the large public sets: `quizzes,solutions` rows.

use super::*;

/// Returns whether a line is the header of a CSV puzzle file: the Kaggle
/// sets' `quizzes,solutions`, `puzzle,solution`, or this tool's own
/// `--output csv` header `puzzle,solution,status` (either case; a header
/// of the puzzle column alone too).
pub(super) fn csv_header(line: &[u8]) -> bool {
    if starts_with_cell(line) {
        return false;
    }
    let text = String::from_utf8_lossy(line).trim().to_ascii_lowercase();
    matches!(
        text.as_str(),
        "quizzes" | "puzzle" | "quizzes,solutions" | "puzzle,solution" | "puzzle,solution,status"
    )
}

impl State {
    /// Reads one CSV row: the puzzle, N² cells with `0` or `.` blank, then
    /// optionally its solution and a status (this tool's output, ignored).
    /// A given solution travels with the puzzle as [`Puzzle::expected`].
    pub(super) fn csv_row(&mut self, line: &[u8], number: usize) {
        let item = self
            .csv_puzzle(line, number)
            .map(|(grid, expected)| Puzzle {
                label: Label::Line(number),
                line: number,
                puzzle: grid.into(),
                ignored: Vec::new(),
                expected,
            });
        self.push(item);
    }

    fn csv_puzzle(
        &mut self,
        line: &[u8],
        number: usize,
    ) -> Result<(Grid, Option<Grid>), ParseError> {
        let mut fields = line.split(|&b| b == b',');
        let puzzle = fields.next().unwrap_or_default();
        let grid = self.csv_cells(puzzle, 0, None, number)?;
        // Columns count characters, and every byte before a valid field is
        // one: the puzzle field was checked to be ASCII.
        let mut offset = puzzle.len() + 1;
        let expected = match fields.next() {
            Some(field) if !field.iter().all(|&b| is_space(b)) => {
                let solution = self.csv_cells(field, offset, Some(grid.size()), number)?;
                if let Some(cell) = grid.size().all_cells().find(|&c| solution.get(c).is_none()) {
                    let column = self.scan.cols[cell.index(grid.size())];
                    let kind = ParseErrorKind::BlankInSolution;
                    return Err(ParseError::new(number, Some(column), kind));
                }
                offset += field.len() + 1;
                Some(solution)
            }
            Some(field) => {
                offset += field.len() + 1;
                None
            }
            None => None,
        };
        // The status column of this tool's own output says nothing new.
        fields.next();
        if fields.next().is_some() {
            // The comma after the status: 1-based, one past the characters
            // before it.
            let column = offset
                + units(&line[offset..])
                    .take_while(|u| !matches!(u, Unit::Ascii(b',')))
                    .count()
                + 1;
            let kind = ParseErrorKind::InvalidCharacter { found: ',' };
            return Err(ParseError::new(number, Some(column), kind));
        }
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
