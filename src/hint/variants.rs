//! Eliminations by a variant constraint's own pruning, named by the
//! constraint.

use crate::grid::{Cell, Digit};
use crate::rules::Rule;
use crate::solve::SolveError;

use super::{HintError, Hinter, Step, Technique, digits_of, removals};

/// Finds the first constraint, in the puzzle's order, whose
/// [`Rule::prune`] removes candidates from the current masks; placed
/// cells keep their digit.
///
/// # Errors
///
/// [`HintError::Solve`] when a constraint finds the candidates
/// contradictory: sound steps from a puzzle with a solution never leave
/// them so.
pub(super) fn constraint_step(hinter: &Hinter) -> Result<Option<Step>, HintError> {
    let size = hinter.size();
    for constraint in hinter.puzzle.constraints() {
        let mut masks = hinter.masks.clone();
        let changed = constraint.prune(hinter.shape(), &mut masks).map_err(|_| {
            HintError::Solve(SolveError::Solver(format!(
                "{} finds the candidates contradictory",
                constraint.key()
            )))
        })?;
        if !changed {
            continue;
        }
        let eliminated: Vec<(Cell, Digit)> = size
            .all_cells()
            .flat_map(|c| {
                let lost = hinter.mask(c) & !masks[c.index(size)];
                digits_of(size, lost).map(move |d| (c, d))
            })
            .collect();
        if eliminated.is_empty() {
            continue;
        }
        let description = constraint.describe();
        let cells = constraint.cells(hinter.shape());
        let text = format!(
            "constraint {} ({description}) removes {}",
            constraint.key(),
            removals(&eliminated)
        );
        return Ok(Some(Step {
            constraint: Some((constraint.key().to_string(), description)),
            ..Step::eliminate(Technique::Constraint, cells, eliminated, text)
        }));
    }
    Ok(None)
}
