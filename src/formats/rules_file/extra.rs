//! The command's `--rules`: a rules file read for its constraints alone, to add to other puzzles.

use std::ops::Range;

use toml::Spanned;

use super::constraint::read_constraint;
use super::grid::read_row_in;
use super::{File, RulesFileError, RulesFileErrorKind, located, syntax, written};
use crate::formats::items;
use crate::grid::{Cell, Shape, Size};
use crate::puzzle::Puzzle;
use crate::rules::Constraint;

/// Constraints of a rules file to add to puzzles read from elsewhere
/// (the command's `--rules`), for grids of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The grid size the file states.
    pub size: Size,
    /// Its constraints, in the file's order, on the default blocks of
    /// that size; a puzzle with other blocks has them read again on its
    /// own shape (rules in the rules language, and some keys, depend on
    /// the blocks).
    pub constraints: Vec<Constraint>,
    /// The file's text, for reading it again on another shape.
    text: String,
}

/// Reads a rules file for its constraints alone, to add them to puzzles
/// whose rules are not written with them (a file of text grids, say).
///
/// The file is a rules file as [`read`](super::read) takes, whose
/// `givens` are absent or all blank, and which states the grid size with
/// `size` or with its blank givens: its constraints name cells of a grid
/// of that size. It may not draw `blocks`, which belong to each puzzle.
///
/// # Errors
///
/// Returns a [`RulesFileError`] with its line and column: any error of
/// [`read`](super::read), and [`RulesFileErrorKind::NotExtra`] for a
/// given, blocks, or no size stated.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::rules_file::read_extra;
///
/// let extra = read_extra("size = 9\n[[constraint]]\ntype = 'diagonal+'\n")?;
/// assert_eq!(extra.constraints.len(), 1);
/// # Ok::<(), sudoku_sat::formats::rules_file::RulesFileError>(())
/// ```
pub fn read_extra(text: &str) -> Result<Extra, RulesFileError> {
    let at = |span: Range<usize>, kind| located(text, span.start, kind);
    let file: File = toml::from_str(text).map_err(|e| syntax(text, &e))?;
    if let Some(blocks) = &file.blocks {
        let m = "added rules cannot draw blocks: each puzzle keeps its own \
                 (give rectangular ones with --box)";
        return Err(at(blocks.span(), RulesFileErrorKind::NotExtra(m.into())));
    }
    let rows = file.givens.as_ref().map(Spanned::get_ref);
    let side = match (&file.size, rows) {
        (Some(size), rows) => {
            let side = *size.get_ref() as usize;
            if let Some(rows) = rows.filter(|rows| rows.len() != side) {
                let m = format!("size {side} but {} rows of givens", rows.len());
                return Err(at(size.span(), RulesFileErrorKind::BadSize(m)));
            }
            side
        }
        (None, Some(rows)) => rows.len(),
        (None, None) => {
            let m = "added rules need the grid size: write `size = 9` (or the side N), \
                     or N rows of blank givens";
            return Err(located(text, 0, RulesFileErrorKind::NotExtra(m.into())));
        }
    };
    let span = match (&file.size, &file.givens) {
        (Some(size), _) => size.span(),
        (None, Some(givens)) => givens.span(),
        (None, None) => 0..0,
    };
    let size = Size::from_side(side).ok_or_else(|| {
        let m = format!("a grid of side {side}; sides go from 4 to 64");
        at(span.clone(), RulesFileErrorKind::BadSize(m))
    })?;
    for (r, row) in rows.into_iter().flatten().enumerate() {
        let digits = read_row_in(text, row, r, size)?;
        if let Some(c) = digits.iter().position(Option::is_some) {
            let cell = Cell::new(r as u8, c as u8);
            let m = format!(
                "added rules take no givens, and {cell} holds one: the givens come from each puzzle"
            );
            return Err(at(row.span(), RulesFileErrorKind::NotExtra(m)));
        }
    }
    let constraints = extra_constraints(text, &file, &Shape::square(size))?;
    Ok(Extra {
        size,
        constraints,
        text: text.to_string(),
    })
}

/// The constraints and rules of a file read for them alone, on `shape`.
fn extra_constraints(
    text: &str,
    file: &File,
    shape: &Shape,
) -> Result<Vec<Constraint>, RulesFileError> {
    let mut constraints = Vec::new();
    for table in &file.constraint {
        constraints.extend(read_constraint(text, table, shape)?);
    }
    constraints.extend(written::read(
        text,
        file.define.as_ref(),
        &file.rule,
        shape,
    )?);
    Ok(constraints)
}

impl Extra {
    /// Returns `puzzle` with these constraints added after its own. A
    /// constraint the puzzle already has is not added twice, and the
    /// rules that depend on others (a negative rule and the dots it
    /// exempts, non-consecutive, minimum and maximum cells) are settled
    /// over the whole list, as when a puzzle is read.
    ///
    /// # Errors
    ///
    /// [`RulesFileErrorKind::SizeMismatch`] when the puzzle's grid is of
    /// another size.
    pub fn add_to(&self, puzzle: &Puzzle) -> Result<Puzzle, RulesFileErrorKind> {
        let size = puzzle.shape().size();
        if size != self.size {
            return Err(RulesFileErrorKind::SizeMismatch {
                rules: self.size,
                puzzle: size,
            });
        }
        let own = puzzle.constraints().len();
        let mut all = puzzle.constraints().to_vec();
        if *puzzle.shape() == Shape::square(size) {
            all.extend(self.constraints.iter().cloned());
        } else {
            // Read as `read_extra` read it, so it cannot fail to parse; it
            // can fail on these blocks.
            let file: File = toml::from_str(&self.text)
                .map_err(|e| RulesFileErrorKind::Syntax(e.message().trim().to_string()))?;
            let on_shape = extra_constraints(&self.text, &file, puzzle.shape()).map_err(|e| {
                RulesFileErrorKind::BadConstraint(format!("on this puzzle's blocks, {e}"))
            })?;
            all.extend(on_shape);
        }
        // Settled first, so that an added rule compares equal to the same
        // rule the puzzle states (with its exemptions filled in).
        items::settle(&mut all);
        let mut kept = Vec::with_capacity(all.len());
        for (i, c) in all.into_iter().enumerate() {
            if i < own || !kept.contains(&c) {
                kept.push(c);
            }
        }
        Ok(kept
            .into_iter()
            .fold(Puzzle::new(puzzle.givens().clone()), Puzzle::with))
    }
}
