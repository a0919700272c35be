//! The varisat backend: solve, decode, validate, and prove uniqueness.
//!
//! The rules of a size are loaded into one solver once; each puzzle's givens
//! are passed as assumptions, so a batch pays the load only once. Loading
//! the 10,530 clauses of a 9×9 grid costs several times a typical solve.
//!
//! Uniqueness is proved by solving again with the first solution blocked.
//! The blocking clause is guarded by a fresh activation literal a, written
//! (¬a ∨ ¬x₁ ∨ … ∨ ¬xₖ) over the cells the puzzle leaves blank, and a is
//! assumed for that one call; afterwards the unit ¬a retires the clause for
//! good. Retired clauses and learnt clauses still accumulate, so the
//! solver is rebuilt after [`SatSolver::DEFAULT_REBUILD_EVERY`] puzzles.

use varisat::{ExtendFormula, Solver};

use super::{Outcome, Solve, SolveError};
use crate::encode::{Encoding, decode, encode, encode_rules, vars};
use crate::grid::{Grid, Size};

/// A solver of the rules of one size, reused across puzzles.
struct Loaded {
    size: Size,
    solver: Solver<'static>,
    puzzles: usize,
}

/// Solves puzzles with varisat and proves whether each solution is unique.
///
/// Every model is decoded and validated against the rules and the givens
/// before it is returned; a model that fails is a [`SolveError::Decode`].
///
/// # Example
///
/// ```
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::solve::{sat::SatSolver, Outcome};
///
/// let mut solver = SatSolver::default();
/// let outcome = solver.solve(&Grid::empty(Size::from_side(4).unwrap()))?;
/// assert!(matches!(outcome, Outcome::Multiple(..)));
/// # Ok::<(), sudoku_sat::solve::SolveError>(())
/// ```
pub struct SatSolver {
    encoding: Encoding,
    rebuild_every: usize,
    loaded: Option<Loaded>,
}

impl Default for SatSolver {
    fn default() -> Self {
        SatSolver::new(Encoding::default())
    }
}

impl SatSolver {
    /// How many puzzles one loaded solver serves before it is rebuilt.
    ///
    /// Each puzzle leaves a retired blocking clause and learnt clauses
    /// behind; rebuilding every few hundred puzzles keeps the per-solve cost
    /// near its minimum while the load stays amortised.
    pub const DEFAULT_REBUILD_EVERY: usize = 500;

    /// Returns a solver for the given encoding.
    pub fn new(encoding: Encoding) -> SatSolver {
        SatSolver {
            encoding,
            rebuild_every: Self::DEFAULT_REBUILD_EVERY,
            loaded: None,
        }
    }

    /// Returns the encoding this solver uses.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Sets how many puzzles a loaded solver serves before it is rebuilt;
    /// 1 solves every puzzle on a fresh solver.
    pub fn set_rebuild_every(&mut self, puzzles: usize) {
        self.rebuild_every = puzzles.max(1);
    }

    /// Returns a solver loaded with the rules of `size`, reusing the current
    /// one when it has the size and has not served its quota.
    fn loaded(&mut self, size: Size) -> &mut Loaded {
        let fresh = match &self.loaded {
            Some(l) => l.size != size || l.puzzles >= self.rebuild_every,
            None => true,
        };
        if fresh {
            let mut solver = Solver::new();
            encode_rules(size, &self.encoding, &mut solver);
            self.loaded = Some(Loaded {
                size,
                solver,
                puzzles: 0,
            });
        }
        self.loaded.as_mut().expect("loaded above")
    }

    /// Solves `puzzle` and tells whether it has no, one or several
    /// solutions.
    ///
    /// # Errors
    ///
    /// Returns [`SolveError::Decode`] when the SAT solver's model does not
    /// decode into a valid solution (a bug, never a puzzle's fault), and
    /// [`SolveError::Solver`] when varisat fails.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        if self.encoding.rules.reduces_by_givens() {
            return self.solve_fresh(puzzle);
        }
        let givens = vars::given_lits(puzzle);
        let encoding = self.encoding;
        let loaded = self.loaded(puzzle.size());
        loaded.puzzles += 1;
        let solver = &mut loaded.solver;

        solver.assume(&givens);
        let Some(first) = next_model(solver, puzzle, &encoding)? else {
            return Ok(Outcome::Unsolvable);
        };

        let activation = solver.new_lit();
        let mut blocking = vec![!activation];
        blocking.extend(blocking_clause(puzzle, &first));
        solver.add_clause(&blocking);
        let mut assumptions = givens;
        assumptions.push(activation);
        solver.assume(&assumptions);
        let second = next_model(solver, puzzle, &encoding);
        // Retire the blocking clause before anything can fail.
        solver.assume(&[]);
        solver.add_clause(&[!activation]);
        Ok(match second? {
            Some(second) => {
                debug_assert_ne!(first, second, "blocked solution came back");
                Outcome::Multiple(first, second)
            }
            None => Outcome::Unique(first),
        })
    }
}

impl SatSolver {
    /// Solves a puzzle on a fresh solver holding its whole formula, for
    /// encodings that depend on the givens (optimized). The blocking clause
    /// needs no guard: the solver is dropped afterwards.
    fn solve_fresh(&self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        let mut solver = Solver::new();
        encode(puzzle, &self.encoding, &mut solver);
        let Some(first) = next_model(&mut solver, puzzle, &self.encoding)? else {
            return Ok(Outcome::Unsolvable);
        };
        solver.add_clause(&blocking_clause(puzzle, &first));
        Ok(match next_model(&mut solver, puzzle, &self.encoding)? {
            Some(second) => Outcome::Multiple(first, second),
            None => Outcome::Unique(first),
        })
    }
}

/// Returns the clause that forbids `solution` again: some blank cell of
/// the puzzle must hold another digit. Given cells are fixed anyway.
fn blocking_clause(puzzle: &Grid, solution: &Grid) -> Vec<varisat::Lit> {
    let size = puzzle.size();
    size.all_cells()
        .filter(|&c| puzzle.get(c).is_none())
        .map(|c| !vars::lit(size, c, solution.get(c).expect("a solution is full")))
        .collect()
}

impl Solve for SatSolver {
    fn solve(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        SatSolver::solve(self, puzzle)
    }
}

/// Runs the solver under its current assumptions and returns the decoded,
/// validated solution, or `None` when there is none.
fn next_model(
    solver: &mut Solver,
    puzzle: &Grid,
    encoding: &Encoding,
) -> Result<Option<Grid>, SolveError> {
    if !solver.solve().map_err(SolveError::solver)? {
        return Ok(None);
    }
    let model = solver.model().ok_or(SolveError::MissingModel)?;
    decode(puzzle, encoding, &model)
        .map(Some)
        .map_err(SolveError::Decode)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};

    fn four(rows: &str) -> Grid {
        let size = Size::from_side(4).unwrap();
        let cells = rows.chars().map(|ch| size.digit_of(ch)).collect();
        Grid::from_cells(size, cells).unwrap()
    }

    #[test]
    fn tells_unique_multiple_and_unsolvable_on_one_solver() {
        let mut solver = SatSolver::default();
        let unique = four(".2343.1221.3432.");
        let multiple = four("................");
        let clash = four("11..............");
        for _ in 0..3 {
            match solver.solve(&unique).unwrap() {
                Outcome::Unique(g) => assert_eq!(g.check_solution(&unique), Ok(())),
                other => panic!("{other:?}"),
            }
            match solver.solve(&multiple).unwrap() {
                Outcome::Multiple(a, b) => {
                    assert_ne!(a, b);
                    assert_eq!(a.check_solution(&multiple), Ok(()));
                    assert_eq!(b.check_solution(&multiple), Ok(()));
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(solver.solve(&clash).unwrap(), Outcome::Unsolvable);
        }
    }

    #[test]
    fn a_full_grid_is_unique_and_rebuilds_keep_answers() {
        let full = four("1234341221434321");
        let mut solver = SatSolver::default();
        solver.set_rebuild_every(2);
        for _ in 0..5 {
            assert_eq!(solver.solve(&full).unwrap(), Outcome::Unique(full.clone()));
        }
        // Switching sizes rebuilds the solver.
        let mut nine = Grid::empty(Size::NINE);
        nine.set(Cell::new(0, 0), Digit::new(9));
        assert!(matches!(
            solver.solve(&nine).unwrap(),
            Outcome::Multiple(..)
        ));
    }
}
