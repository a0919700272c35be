//! A puzzle's solutions themselves, up to a limit, for stepping through.

use varisat::{ExtendFormula, Solver};

use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{SolveError, next_model, read_model};

/// The first solutions of a puzzle, in the order the solver found them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// At most the limit's worth of distinct solutions, each decoded and
    /// checked against every rule.
    pub solutions: Vec<Grid>,
    /// Whether the puzzle has more solutions than the limit.
    pub more: bool,
}

/// Returns up to `limit` solutions of `puzzle`, and whether it has more.
///
/// Unlike [`count_solutions`](super::count_solutions), every solution is
/// kept, so the work and the memory grow with the limit: one fresh solver
/// holds the whole formula, and each solution found is blocked (over the
/// digits of the blank cells) before the next call. It takes no shortcut
/// by symmetry, so an empty grid lists real solutions too. At most
/// `limit + 1` models are asked for.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::solve::count::list_solutions;
///
/// let four = Size::from_side(4).unwrap();
/// let listed = list_solutions(&Grid::empty(four).into(), &Encoding::default(), 5)?;
/// assert_eq!(listed.solutions.len(), 5);
/// assert!(listed.more);
/// # Ok::<(), sudoku_sat::solve::SolveError>(())
/// ```
///
/// # Errors
///
/// Returns [`SolveError::Decode`] or [`SolveError::Broken`] when a model
/// does not validate, and [`SolveError::Solver`] when varisat fails or
/// returns a blocked solution again.
pub fn list_solutions(
    puzzle: &Puzzle,
    encoding: &Encoding,
    limit: usize,
) -> Result<Listed, SolveError> {
    let mut solver = Solver::new();
    encode_puzzle(puzzle, encoding, &mut solver);
    let givens = puzzle.givens();
    let mut solutions: Vec<Grid> = Vec::new();
    while let Some(solution) = next_model(&mut solver, |model| read_model(puzzle, encoding, model))?
    {
        if solutions.contains(&solution) {
            return Err(SolveError::Solver(format!(
                "the solver returned {solution} twice"
            )));
        }
        if solutions.len() == limit {
            return Ok(Listed {
                solutions,
                more: true,
            });
        }
        solver.add_clause(&vars::blocking_clause(givens, &solution));
        solutions.push(solution);
    }
    Ok(Listed {
        solutions,
        more: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::solve::count::{Count, count_solutions};

    #[test]
    fn the_listed_solutions_are_distinct_valid_and_as_many_as_counted() {
        let four = Size::from_side(4).unwrap();
        // One given: 288 / 4 = 72 solutions.
        let givens = Grid::from_symbols(four, "1...............").unwrap();
        let puzzle: Puzzle = givens.clone().into();
        let enc = Encoding::default();
        let all = list_solutions(&puzzle, &enc, 1000).unwrap();
        assert!(!all.more);
        assert_eq!(
            count_solutions(&puzzle, &enc, 1000).unwrap(),
            Count::Exactly(all.solutions.len() as u64)
        );
        assert_eq!(all.solutions.len(), 72);
        for (k, s) in all.solutions.iter().enumerate() {
            assert_eq!(s.check_solution(&givens), Ok(()));
            assert!(!all.solutions[..k].contains(s));
        }
        let first = list_solutions(&puzzle, &enc, 72).unwrap();
        assert!(!first.more, "exactly the limit is not more");
        let capped = list_solutions(&puzzle, &enc, 71).unwrap();
        assert!(capped.more);
        assert_eq!(capped.solutions.len(), 71);
    }

    #[test]
    fn a_puzzle_with_no_solution_lists_none() {
        let four = Size::from_side(4).unwrap();
        let clash = Grid::from_symbols(four, "11..............").unwrap();
        let listed = list_solutions(&clash.into(), &Encoding::default(), 10).unwrap();
        assert_eq!(
            listed,
            Listed {
                solutions: vec![],
                more: false
            }
        );
    }
}
