//! Smallest unsolvable cores: the fewest givens and constraints that
//! already have no solution.
//!
//! The deletion pass of [`super::unsat_core`] returns an irreducible core,
//! which can be most of the puzzle: a locally consistent puzzle can give
//! 24 of its 25 givens while 9 of them clash elsewhere. A setter looking
//! for the mistake wants the smallest. It is found by hitting-set
//! dualization (Ignatiev, Previti, Liffiton and Marques-Silva, "Smallest
//! MUS extraction with minimal hitting set dualization", CP 2015):
//!
//! - Every unsolvable subset meets every *correction set*, a set of parts
//!   whose removal leaves a solvable puzzle. Take H, a smallest set that
//!   meets every correction set found so far. No unsolvable subset is
//!   smaller than H.
//! - If the parts in H alone have no solution, H is a smallest core.
//! - Otherwise their solution is grown into a maximal solvable subset:
//!   every part it keeps joins for free, and each other part is tried in
//!   turn. The parts left out form a new correction set, which H must
//!   meet from then on; a new H is drawn.
//!
//! H comes from a second, small SAT solver: one variable per part, a
//! clause per correction set, and at most k of them true (Sinz's
//! sequential counter, [`CardKind::Sequential`]), k raised from 0 while no
//! H of that size exists. The irreducible core of the deletion pass is an
//! upper bound: once k reaches its size it is a smallest core. The search
//! stops after a budget of correction sets and returns the irreducible
//! core with the lower bound proved so far.

use varisat::{ExtendFormula, Lit, Solver};

use super::SolveError;
use super::unsat_core::{Core, CoreFinder, Parts, irreducible};
use crate::encode::cardinality::CardKind;
use crate::puzzle::Puzzle;

/// A core of an unsolvable puzzle, with what is known of its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallCore {
    /// The core: irreducible, and smallest when `smallest` says so.
    pub core: Core,
    /// Whether no smaller core exists (proved).
    pub smallest: bool,
    /// The size no core can be smaller than, as far as the search went:
    /// the core's own size when `smallest`.
    pub lower_bound: usize,
    /// The correction sets the search found.
    pub correction_sets: usize,
}

impl SmallCore {
    /// Returns the core's size: its givens and constraints.
    pub fn len(&self) -> usize {
        self.core.givens.len() + self.core.constraints.len()
    }

    /// Returns whether the core is empty, which only a puzzle whose rules
    /// alone have no solution gives.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The correction sets [`CoreFinder::smallest_core_of`] may find unless
/// told otherwise: each costs about one solver call per part of the
/// puzzle, so a 9×9 puzzle's search stays within a second or so.
pub const DEFAULT_BUDGET: usize = 100;

impl CoreFinder {
    /// Returns a smallest set of `puzzle`'s givens and constraints that
    /// has no solution, or `None` when the puzzle has a solution; after
    /// `budget` correction sets, the irreducible core of
    /// [`CoreFinder::minimal_core_of`] with the lower bound reached (see
    /// the module documentation).
    ///
    /// # Errors
    ///
    /// As [`CoreFinder::minimal_core_of`].
    pub fn smallest_core_of(
        &mut self,
        puzzle: &Puzzle,
        budget: usize,
    ) -> Result<Option<SmallCore>, SolveError> {
        self.with_loaded(puzzle, |solver, parts| {
            let Some(irreducible) = irreducible(solver, parts)? else {
                return Ok(None);
            };
            let upper = irreducible.len();
            let found = dualize(solver, parts, upper, budget)?;
            let (lits, smallest, lower_bound) = match found.smallest {
                Some(lits) => {
                    let k = lits.len();
                    (lits, true, k)
                }
                None => (
                    irreducible,
                    found.lower_bound >= upper,
                    found.lower_bound.min(upper),
                ),
            };
            Ok(Some(SmallCore {
                core: parts.core(&lits),
                smallest,
                lower_bound,
                correction_sets: found.correction_sets,
            }))
        })
    }
}

/// What the dualization found: a smallest core, or a lower bound.
struct Dualized {
    smallest: Option<Vec<Lit>>,
    lower_bound: usize,
    correction_sets: usize,
}

/// Searches for a core smaller than `upper` by hitting-set dualization,
/// within `budget` correction sets.
fn dualize(
    solver: &mut Solver,
    parts: &Parts,
    upper: usize,
    budget: usize,
) -> Result<Dualized, SolveError> {
    let all = &parts.all;
    let mut sets: Vec<Vec<usize>> = Vec::new();
    // No hitting set smaller than k exists: k is a lower bound on every
    // core's size.
    let mut k = 0;
    let stop = |smallest, k, sets: &Vec<Vec<usize>>| Dualized {
        smallest,
        lower_bound: k,
        correction_sets: sets.len(),
    };
    loop {
        if k >= upper || sets.len() >= budget {
            return Ok(stop(None, k, &sets));
        }
        let Some(hit) = hitting_set(all.len(), &sets, k) else {
            k += 1;
            continue;
        };
        let lits: Vec<Lit> = hit.iter().map(|&i| all[i]).collect();
        let solution = match parts.test(solver, &lits)? {
            // No set of fewer parts meets every correction set, and each
            // core does: this one is a smallest core.
            Err(_) => return Ok(stop(Some(lits), k, &sets)),
            Ok(solution) => solution,
        };
        // Grow to a maximal solvable subset: the parts the solution keeps
        // come free, the rest are tried one by one.
        let mut kept: Vec<bool> = all.iter().map(|&l| parts.holds(l, &solution)).collect();
        for &i in &hit {
            kept[i] = true;
        }
        for i in 0..all.len() {
            if kept[i] {
                continue;
            }
            let mut trial: Vec<Lit> = (0..all.len())
                .filter(|&j| kept[j])
                .map(|j| all[j])
                .collect();
            trial.push(all[i]);
            if let Ok(grown) = parts.test(solver, &trial)? {
                for (j, &l) in all.iter().enumerate() {
                    kept[j] |= parts.holds(l, &grown);
                }
            }
        }
        let set: Vec<usize> = (0..all.len()).filter(|&i| !kept[i]).collect();
        if set.is_empty() {
            return Err(SolveError::Solver(
                "every part holds together, yet the puzzle was proved unsolvable".into(),
            ));
        }
        sets.push(set);
    }
}

/// Returns a set of at most `k` of the `n` parts that meets every set of
/// `sets`, or `None` when there is none.
fn hitting_set(n: usize, sets: &[Vec<usize>], k: usize) -> Option<Vec<usize>> {
    let mut solver = Solver::new();
    let lits: Vec<Lit> = (0..n).map(|_| solver.new_lit()).collect();
    for set in sets {
        let clause: Vec<Lit> = set.iter().map(|&i| lits[i]).collect();
        solver.add_clause(&clause);
    }
    CardKind::Sequential.at_most(&mut solver, &lits, k);
    // A small solver over a few hundred clauses: it cannot fail but by a
    // bug, which the caller's re-test of the set would then show.
    if !solver.solve().unwrap_or(false) {
        return None;
    }
    let model = solver.model()?;
    Some((0..n).filter(|&i| model.contains(&lits[i])).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::Encoding;
    use crate::grid::{Cell, Digit, Grid, Size};

    fn four(rows: &str) -> Puzzle {
        Puzzle::new(Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap())
    }

    /// Whether a 4×4 grid of givens has a completion, by plain
    /// backtracking with the grid's own conflict test.
    fn solvable(grid: &mut Grid, at: usize) -> bool {
        let size = grid.size();
        if at == size.cells() {
            return true;
        }
        let cell = Cell::from_index(size, at);
        if grid.get(cell).is_some() {
            return solvable(grid, at + 1);
        }
        for digit in size.digits() {
            grid.set(cell, Some(digit));
            if grid.first_conflict().is_none() && solvable(grid, at + 1) {
                grid.set(cell, None);
                return true;
            }
        }
        grid.set(cell, None);
        false
    }

    /// The size of a smallest unsolvable subset of the givens, by trying
    /// every subset.
    fn smallest_by_brute_force(givens: &[(Cell, Digit)]) -> usize {
        let n = givens.len();
        (0u32..1 << n)
            .filter(|mask| {
                let mut grid = Grid::empty(Size::from_side(4).unwrap());
                for (i, &(c, d)) in givens.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        grid.set(c, Some(d));
                    }
                }
                grid.first_conflict().is_some() || !solvable(&mut grid, 0)
            })
            .map(u32::count_ones)
            .min()
            .expect("the whole set is unsolvable") as usize
    }

    #[test]
    fn the_smallest_core_is_as_small_as_any_subset_and_unsolvable() {
        let mut finder = CoreFinder::new(Encoding::default());
        // Locally consistent puzzles with no solution, and one clash.
        for line in [
            "123........4....",
            "12....3.....3..4",
            "1....2...3.1...2",
            "12..3.......4..1",
            ".2.1..3.1.......",
        ] {
            let puzzle = four(line);
            let Some(found) = finder.smallest_core_of(&puzzle, 1000).unwrap() else {
                assert!(solvable(&mut puzzle.givens().clone(), 0), "{line}");
                continue;
            };
            let givens: Vec<(Cell, Digit)> = puzzle.givens().givens().collect();
            assert!(found.smallest, "{line}");
            assert_eq!(found.len(), smallest_by_brute_force(&givens), "{line}");
            let mut core = Grid::empty(puzzle.shape().clone());
            for &(c, d) in &found.core.givens {
                core.set(c, Some(d));
            }
            assert!(
                core.first_conflict().is_some() || !solvable(&mut core, 0),
                "{line}"
            );
        }
    }

    #[test]
    fn a_budget_of_nothing_returns_the_irreducible_core() {
        let mut finder = CoreFinder::new(Encoding::default());
        let puzzle = four("123........4....");
        let found = finder.smallest_core_of(&puzzle, 0).unwrap().unwrap();
        let irreducible = finder.minimal_core_of(&puzzle).unwrap().unwrap();
        assert_eq!(found.core, irreducible);
        assert_eq!(found.correction_sets, 0);
        assert!(found.lower_bound <= found.len());
    }
}
