//! Candidates with counts: for each cell and digit, how many solutions put
//! the digit there, up to a cap.
//!
//! A setter reads more from "5 is possible here in 2 solutions, 7 in 8 or
//! more" than from the true candidates alone: a count of 1 marks a digit
//! that pins a solution, a small count a digit that nearly decides the
//! puzzle. SudokuSolver's coloured true candidates show the same counts,
//! capped at 8.
//!
//! The method keeps every solution it meets:
//!
//! 1. The true candidates first ([`true_candidates`]): a pair that is not
//!    one has the count 0 and costs nothing more.
//! 2. One solver holds the whole formula. Each solution found is decoded,
//!    checked against every rule ([`read_model`]), recorded, and blocked
//!    for good by the clause "some blank cell differs from it"; every pair
//!    it shows gains one.
//! 3. For each true candidate whose count is under the cap, the solver is
//!    asked for a solution holding the pair (an assumption) that differs
//!    from all those recorded. A model adds a solution (step 2); none
//!    proves the count exact: every solution with the pair is recorded.
//!
//! Each call either finds a new solution or settles a pair, so the search
//! takes at most one call per solution kept plus one per pair; a solution
//! found for one pair counts for every pair it shows, so on a puzzle with
//! few solutions the counts come nearly free after the first pairs.

use varisat::{ExtendFormula, Solver};

use super::candidates::{Candidates, true_candidates};
use super::{SolveError, next_model, read_model};
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Digit, Size};
use crate::puzzle::Puzzle;

/// The capped count of solutions holding each cell-digit pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateCounts {
    candidates: Candidates,
    cap: u32,
    /// The count of each pair, by 0-based cell-digit variable index:
    /// exact below `cap`, at least `cap` at it.
    counts: Vec<u32>,
    /// The distinct solutions found (each one validated).
    solutions: usize,
    calls: usize,
}

impl CandidateCounts {
    /// Returns the true candidates the counts are of.
    pub fn candidates(&self) -> &Candidates {
        &self.candidates
    }

    /// Returns the cap: a count equal to it means "at least this many".
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// Returns how many solutions put `digit` in `cell`: exact below the
    /// cap, at least the cap when equal to it.
    pub fn count(&self, cell: Cell, digit: Digit) -> u32 {
        self.counts[vars::var(self.size(), cell, digit).index()]
    }

    /// Returns the candidates of `cell` with their counts, smallest digit
    /// first.
    pub fn of(&self, cell: Cell) -> Vec<(Digit, u32)> {
        let candidates = self.candidates.of(cell);
        candidates
            .into_iter()
            .map(|d| (d, self.count(cell, d)))
            .collect()
    }

    /// Returns the grid size.
    pub fn size(&self) -> Size {
        self.candidates.size()
    }

    /// Returns how many distinct solutions the counting met: all of
    /// them when no count reached the cap.
    pub fn solutions_found(&self) -> usize {
        self.solutions
    }

    /// Returns the solver calls, those of the true candidates included.
    pub fn solver_calls(&self) -> usize {
        self.calls
    }
}

/// Returns, for every true candidate of `puzzle`, how many solutions hold
/// it, up to `cap` (see the module docs for the method).
///
/// # Errors
///
/// As [`true_candidates`]: a model that does not validate, or a solver
/// failure.
///
/// # Panics
///
/// When `cap` is 0.
pub fn candidate_counts(
    puzzle: &Puzzle,
    encoding: &Encoding,
    cap: u32,
) -> Result<CandidateCounts, SolveError> {
    assert!(cap > 0, "a cap of at least one solution");
    let candidates = true_candidates(puzzle, encoding)?;
    let size = candidates.size();
    let mut counted = CandidateCounts {
        cap,
        counts: vec![0; vars::cell_digit_count(size)],
        solutions: 0,
        calls: candidates.solver_calls(),
        candidates,
    };
    let mut solver = Solver::new();
    encode_puzzle(puzzle, encoding, &mut solver);
    let read = |model: &[varisat::Lit]| read_model(puzzle, encoding, model);
    let pairs: Vec<(Cell, Digit)> = size
        .all_cells()
        .flat_map(|c| counted.candidates.of(c).into_iter().map(move |d| (c, d)))
        .collect();
    for (cell, digit) in pairs {
        let lit = vars::lit(size, cell, digit);
        while counted.count(cell, digit) < cap {
            solver.assume(&[lit]);
            counted.calls += 1;
            let found = next_model(&mut solver, read);
            solver.assume(&[]);
            let Some(solution) = found? else {
                break;
            };
            if solution.get(cell) != Some(digit) {
                return Err(SolveError::Solver(format!(
                    "the solver returned {solution}, which does not hold the digit {digit} \
                     assumed at {cell}"
                )));
            }
            for c in size.all_cells() {
                let d = solution.get(c).expect("a solution is full");
                let count = &mut counted.counts[vars::var(size, c, d).index()];
                *count = (*count + 1).min(cap);
            }
            counted.solutions += 1;
            solver.add_clause(&vars::blocking_clause(puzzle.givens(), &solution));
        }
    }
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// Every full grid of `size` that solves `puzzle`, by plain
    /// backtracking over the cells: no SAT, no encoding.
    fn all_solutions(puzzle: &Puzzle) -> Vec<Grid> {
        fn fill(puzzle: &Puzzle, grid: &mut Grid, at: usize, out: &mut Vec<Grid>) {
            let size = grid.size();
            if at == size.cells() {
                if puzzle.check(grid).is_ok() {
                    out.push(grid.clone());
                }
                return;
            }
            let cell = Cell::from_index(size, at);
            if grid.get(cell).is_some() {
                return fill(puzzle, grid, at + 1, out);
            }
            for digit in size.digits() {
                grid.set(cell, Some(digit));
                if grid.first_conflict().is_none() {
                    fill(puzzle, grid, at + 1, out);
                }
            }
            grid.set(cell, None);
        }
        let mut out = Vec::new();
        fill(puzzle, &mut puzzle.givens().clone(), 0, &mut out);
        out
    }

    fn four(line: &str) -> Puzzle {
        Puzzle::new(Grid::from_symbols(Size::from_side(4).unwrap(), line).unwrap())
    }

    /// Checks the counts against enumeration, capped.
    fn agrees(puzzle: &Puzzle, cap: u32) {
        let all = all_solutions(puzzle);
        let counted = candidate_counts(puzzle, &Encoding::default(), cap).unwrap();
        let size = puzzle.givens().size();
        for cell in size.all_cells() {
            for digit in size.digits() {
                let holding = all.iter().filter(|g| g.get(cell) == Some(digit)).count();
                let expected = u32::try_from(holding).unwrap().min(cap);
                assert_eq!(counted.count(cell, digit), expected, "{cell} {digit}");
            }
            let listed: Vec<u32> = counted.of(cell).iter().map(|&(_, n)| n).collect();
            assert!(listed.iter().all(|&n| n > 0), "{cell}: {listed:?}");
        }
        if all.len() < cap as usize {
            assert_eq!(counted.solutions_found(), all.len());
        }
    }

    #[test]
    fn counts_match_enumeration_capped_or_not() {
        // The empty 4×4 grid has 288 solutions; with a few givens, some.
        for line in ["................", "1...............", "12..34.........."] {
            for cap in [1, 3, 8, 1000] {
                agrees(&four(line), cap);
            }
        }
    }

    #[test]
    fn a_unique_puzzle_counts_one_for_its_solution_and_nothing_else() {
        let puzzle = four("12.43.12214.4.21");
        let all = all_solutions(&puzzle);
        assert_eq!(all.len(), 1);
        let counted = candidate_counts(&puzzle, &Encoding::default(), 8).unwrap();
        for cell in puzzle.givens().size().all_cells() {
            assert_eq!(counted.of(cell), vec![(all[0].get(cell).unwrap(), 1)]);
        }
        assert_eq!(counted.solutions_found(), 1);
    }

    #[test]
    fn no_solution_no_counts() {
        let puzzle = four("11..............");
        let counted = candidate_counts(&puzzle, &Encoding::default(), 8).unwrap();
        assert!(counted.of(Cell::new(0, 2)).is_empty());
        assert_eq!(counted.solutions_found(), 0);
    }
}
