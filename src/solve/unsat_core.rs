//! Minimal unsolvable cores: the few givens that already have no solution.
//!
//! An unsolvable puzzle is explained by a subset of its givens that has no
//! solution on its own. The rules of the size are loaded into one varisat
//! solver and the givens are passed as assumptions; on UNSAT, varisat's
//! `failed_core()` names a subset of the assumptions that suffices. That
//! core is not minimised (a locally consistent unsolvable puzzle gives all
//! its givens), so it is shrunk by deletion: each given in turn is left
//! out, and if the rest still has no solution the given stays out and the
//! core shrinks to the solver's new failed core.
//!
//! # The minimality invariant
//!
//! The core returned is irreducible: it has no solution, and leaving out
//! any one of its givens gives a puzzle that has one. Every "has one" is a
//! model decoded and validated against that smaller puzzle, never the
//! solver's word alone. A given found necessary stays necessary: if a
//! subset without it had no solution, neither would the larger set it was
//! found necessary in. So one pass over the core suffices, with one solve
//! per given.
//!
//! Irreducible is not smallest: another, smaller core may exist elsewhere
//! in the puzzle. Finding the smallest is a much harder search.

use std::collections::HashMap;

use varisat::{ExtendFormula, Lit, Solver, Var};

use super::{SolveError, next_model};
use crate::encode::{Encoding, encode_rules, vars};
use crate::grid::{Cell, Digit, Grid, Shape};
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Rule};

/// A minimal unsolvable part of a puzzle: givens and constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    /// The givens, row-major.
    pub givens: Vec<(Cell, Digit)>,
    /// The constraints, in the puzzle's order.
    pub constraints: Vec<Constraint>,
}

/// Finds minimal cores, reusing one loaded solver while the size stays the
/// same.
///
/// Only assumptions change between calls, never the clauses, so reuse
/// leaves nothing behind but learnt clauses, which are implied by the
/// rules.
pub struct CoreFinder {
    encoding: Encoding,
    loaded: Option<(Shape, Solver<'static>)>,
}

/// What an assumption stands for.
#[derive(Clone, Copy)]
enum Part {
    Given(Cell, Digit),
    Constraint(usize),
}

impl CoreFinder {
    /// Returns a finder for the given encoding.
    pub fn new(encoding: Encoding) -> CoreFinder {
        CoreFinder {
            encoding,
            loaded: None,
        }
    }

    fn solver(&mut self, shape: &Shape) -> &mut Solver<'static> {
        if self.loaded.as_ref().is_none_or(|(s, _)| s != shape) {
            let mut solver = Solver::new();
            encode_rules(shape, &self.encoding, &mut solver);
            self.loaded = Some((shape.clone(), solver));
        }
        &mut self.loaded.as_mut().expect("loaded above").1
    }

    /// Returns a minimal set of `puzzle`'s givens that has no solution, in
    /// row-major order, or `None` when the puzzle has a solution.
    ///
    /// See the [module documentation](self) for what minimal means.
    ///
    /// # Errors
    ///
    /// Returns [`SolveError::Decode`] when a model does not validate, and
    /// [`SolveError::Solver`] when varisat fails.
    pub fn minimal_core(
        &mut self,
        puzzle: &Grid,
    ) -> Result<Option<Vec<(Cell, Digit)>>, SolveError> {
        let core = self.minimal_core_of(&puzzle.clone().into())?;
        Ok(core.map(|c| c.givens))
    }

    /// Returns a minimal set of `puzzle`'s givens and constraints that has
    /// no solution, or `None` when the puzzle has a solution.
    ///
    /// Each constraint's clauses are written with a selector literal s
    /// (each clause C becomes ¬s ∨ C), and the selectors are assumed with
    /// the givens, so a failed core names constraints as well as givens;
    /// the deletion pass then treats both alike.
    ///
    /// # Errors
    ///
    /// As [`CoreFinder::minimal_core`], and [`SolveError::Broken`] when a
    /// model breaks a constraint.
    pub fn minimal_core_of(&mut self, puzzle: &Puzzle) -> Result<Option<Core>, SolveError> {
        self.with_loaded(puzzle, |solver, parts| {
            Ok(irreducible(solver, parts)?.map(|lits| parts.core(&lits)))
        })
    }

    /// Loads `puzzle` as assumptions (its givens, and a selector per
    /// constraint) on the size's solver, or on a fresh one when it has
    /// constraints, and runs `work` on them.
    pub(super) fn with_loaded<T>(
        &mut self,
        puzzle: &Puzzle,
        work: impl FnOnce(&mut Solver<'static>, &Parts) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let givens = puzzle.givens();
        let shape = givens.shape();
        let mut parts = Parts {
            puzzle,
            parts: givens
                .givens()
                .map(|(c, d)| (vars::lit(shape.size(), c, d), Part::Given(c, d)))
                .collect(),
            all: vars::given_lits(givens),
        };
        let mut fresh;
        let solver = if puzzle.is_classic() {
            self.solver(shape)
        } else {
            fresh = Solver::new();
            encode_rules(shape, &self.encoding, &mut fresh);
            for (k, constraint) in puzzle.constraints().iter().enumerate() {
                let selector = fresh.new_lit();
                constraint.encode(
                    shape,
                    &self.encoding,
                    &mut Selected {
                        sink: &mut fresh,
                        selector,
                        clause: Vec::new(),
                    },
                );
                parts.parts.insert(selector, Part::Constraint(k));
                parts.all.push(selector);
            }
            &mut fresh
        };
        let result = work(solver, &parts);
        solver.assume(&[]);
        result
    }
}

/// Returns an irreducible unsolvable set of the parts, or `None` when
/// they have a solution together: the solver's failed core, shrunk by
/// deletion.
pub(super) fn irreducible(
    solver: &mut Solver,
    parts: &Parts,
) -> Result<Option<Vec<Lit>>, SolveError> {
    match parts.failed(solver, &parts.all)? {
        Some(core) => Ok(Some(shrink(solver, parts, core)?)),
        None => Ok(None),
    }
}

/// Shrinks an unsolvable `core` to an irreducible one by deletion (see
/// the module documentation).
fn shrink(solver: &mut Solver, parts: &Parts, mut core: Vec<Lit>) -> Result<Vec<Lit>, SolveError> {
    let mut i = 0;
    while i < core.len() {
        let mut rest = core.clone();
        rest.remove(i);
        match parts.failed(solver, &rest)? {
            // Still no solution without core[i]: drop it and whatever
            // else the new failed core leaves out. The parts before i
            // were found necessary, so they are all in the new core.
            Some(failed) => {
                debug_assert!(core[..i].iter().all(|l| failed.contains(l)));
                core = failed;
            }
            None => i += 1,
        }
    }
    Ok(core)
}

/// A puzzle's givens and constraints as assumption literals.
pub(super) struct Parts<'a> {
    puzzle: &'a Puzzle,
    parts: HashMap<Lit, Part>,
    /// Every part's literal: the givens row-major, then the constraints'
    /// selectors in the puzzle's order.
    pub(super) all: Vec<Lit>,
}

impl Parts<'_> {
    /// Returns the puzzle made of the parts `lits` stand for.
    fn subpuzzle(&self, lits: &[Lit]) -> Puzzle {
        let mut grid = Grid::empty(self.puzzle.shape().clone());
        let mut kept = Vec::new();
        for lit in lits {
            match self.parts[lit] {
                Part::Given(c, d) => grid.set(c, Some(d)),
                Part::Constraint(k) => kept.push(self.puzzle.constraints()[k].clone()),
            }
        }
        kept.into_iter().fold(Puzzle::new(grid), Puzzle::with)
    }

    /// Returns the core the parts `lits` make, givens row-major.
    pub(super) fn core(&self, lits: &[Lit]) -> Core {
        let found = self.subpuzzle(lits);
        let mut givens: Vec<(Cell, Digit)> = found.givens().givens().collect();
        givens.sort();
        Core {
            givens,
            constraints: found.constraints().to_vec(),
        }
    }

    /// Solves under `lits`: `Ok(solution)`, decoded and checked against
    /// the puzzle they make, or `Err(failed core)`, a subsequence of
    /// `lits`.
    pub(super) fn test(
        &self,
        solver: &mut Solver,
        lits: &[Lit],
    ) -> Result<Result<Grid, Vec<Lit>>, SolveError> {
        solver.assume(lits);
        let puzzle = self.subpuzzle(lits);
        let read = |model: &[Lit]| -> Result<Grid, SolveError> {
            let grid = vars::grid_of_model(puzzle.givens(), model)?;
            puzzle.check(&grid).map_err(SolveError::Broken)?;
            Ok(grid)
        };
        if let Some(grid) = next_model(solver, read)? {
            return Ok(Ok(grid));
        }
        let failed = solver.failed_core().unwrap_or_default();
        // Keep the assumptions' order, so a necessary part keeps its place.
        Ok(Err(lits
            .iter()
            .copied()
            .filter(|l| failed.contains(l))
            .collect()))
    }

    /// [`Parts::test`]'s failed core, or `None` when there is a solution.
    fn failed(&self, solver: &mut Solver, lits: &[Lit]) -> Result<Option<Vec<Lit>>, SolveError> {
        Ok(self.test(solver, lits)?.err())
    }

    /// Returns whether `solution` keeps the part `lit` stands for: holds
    /// the given, or satisfies the constraint.
    pub(super) fn holds(&self, lit: Lit, solution: &Grid) -> bool {
        match self.parts[&lit] {
            Part::Given(c, d) => solution.get(c) == Some(d),
            Part::Constraint(k) => self.puzzle.constraints()[k].check(solution).is_ok(),
        }
    }
}

/// A sink that adds ¬selector to every clause: the clauses hold only when
/// the selector is assumed.
struct Selected<'a, F> {
    sink: &'a mut F,
    selector: Lit,
    clause: Vec<Lit>,
}

impl<F: ExtendFormula> ExtendFormula for Selected<'_, F> {
    fn add_clause(&mut self, literals: &[Lit]) {
        self.clause.clear();
        self.clause.push(!self.selector);
        self.clause.extend_from_slice(literals);
        self.sink.add_clause(&self.clause);
    }

    fn new_var(&mut self) -> Var {
        self.sink.new_var()
    }
}

/// Returns a minimal set of `puzzle`'s givens that has no solution, in
/// row-major order, or `None` when the puzzle has a solution.
///
/// Minimal means irreducible: leaving out any one of the givens returned
/// gives a puzzle with a solution. To explain many puzzles of one size,
/// [`CoreFinder`] loads the rules only once.
///
/// # Errors
///
/// Returns [`SolveError::Decode`] when a model does not validate, and
/// [`SolveError::Solver`] when varisat fails.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::formats::text::{parse_str, Format};
/// use sudoku_sat::solve::unsat_core::minimal_core;
///
/// // Row 1 holds 1..8, so r1c9 must be 9, but r5c9 already is.
/// let text = "12345678.\n.........\n.........\n.........\n........9\n\
///             .........\n.........\n.........\n.........";
/// let puzzle = &parse_str(text, Format::Auto)?[0].grid().clone();
/// let core = minimal_core(puzzle, &Encoding::default())?.expect("unsolvable");
/// let shown: Vec<String> = core.iter().map(|(cell, d)| format!("{cell}={d}")).collect();
/// assert_eq!(shown.len(), 9);
/// assert_eq!(shown.last().map(String::as_str), Some("r5c9=9"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimal_core(
    puzzle: &Grid,
    encoding: &Encoding,
) -> Result<Option<Vec<(Cell, Digit)>>, SolveError> {
    CoreFinder::new(*encoding).minimal_core(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    fn four(rows: &str) -> Grid {
        Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
    }

    #[test]
    fn solvable_puzzles_have_no_core() {
        let mut finder = CoreFinder::new(Encoding::default());
        assert_eq!(
            finder.minimal_core(&four("................")).unwrap(),
            None
        );
        assert_eq!(
            finder.minimal_core(&four("1234341221434321")).unwrap(),
            None
        );
    }

    #[test]
    fn a_clash_is_its_own_core_and_the_finder_is_reusable() {
        let mut finder = CoreFinder::new(Encoding::default());
        // r1c1 = 1 and r2c2 = 1 share block 1; r4c4 = 3 is irrelevant.
        let puzzle = four("1....1.........3");
        for _ in 0..2 {
            let core = finder.minimal_core(&puzzle).unwrap().unwrap();
            let digit = Digit::new(1).unwrap();
            assert_eq!(core, [(Cell::new(0, 0), digit), (Cell::new(1, 1), digit)]);
            assert_eq!(
                finder.minimal_core(&four("1...............")).unwrap(),
                None
            );
        }
    }

    #[test]
    fn a_core_without_a_clash_is_irreducible() {
        // Row 1 is 1 2 3 _, so r1c4 must be 4, but r3c4 = 4.
        let puzzle = four("123........4....");
        let core = minimal_core(&puzzle, &Encoding::default())
            .unwrap()
            .unwrap();
        assert_eq!(core.len(), 4);
        for skip in 0..core.len() {
            let mut rest = Grid::empty(puzzle.size());
            for (i, &(cell, digit)) in core.iter().enumerate() {
                if i != skip {
                    rest.set(cell, Some(digit));
                }
            }
            assert_eq!(minimal_core(&rest, &Encoding::default()).unwrap(), None);
        }
    }
}
