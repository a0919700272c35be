//! One puzzle's enumeration, cube by cube, with its blocking clauses.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

use varisat::{ExtendFormula, Lit, Solver};

use super::{Bound, Count, Counted};
use crate::encode::vars;
use crate::grid::{Cell, Digit, Grid};
use crate::solve::{SolveError, next_model};

/// One puzzle's enumeration: the limit, the bound that may end it early,
/// and the blocking clauses it has added.
pub(super) struct Enumeration {
    pub(super) limit: u64,
    pub(super) cube_solutions: u64,
    /// Solutions counted so far, in cubes not taken back.
    pub(super) found: u64,
    /// The first solution found.
    pub(super) first: Option<Grid>,
    /// The free digits, when their factorial exceeds the limit: the first
    /// solution then settles the count.
    pub(super) relabelling: Option<usize>,
    pub(super) hasher: RandomState,
    pub(super) blocked: usize,
}

/// How the enumeration of one cube ended.
enum CubeEnd {
    /// Every solution of the cube was counted.
    Exhausted,
    /// The count is settled.
    Settled(Count),
    /// The cube has more solutions than a cube may enumerate; its count was
    /// taken back and it is to be split.
    Split,
}

impl Enumeration {
    /// Enumerates the solutions of the formula in `solver` under
    /// `assumptions`, reading each model with `read`.
    ///
    /// The space is searched in cubes: a cube is the assumptions plus a
    /// prefix of fixed cell digits, enumerated with blocking clauses behind
    /// a fresh activation literal that is retired when the cube ends. A
    /// cube with more solutions than a cube may enumerate is split on its
    /// first open blank cell, one smaller cube per digit, and its count is
    /// taken back; cubes are disjoint, so no solution is counted twice.
    /// The cell-digit literals of the cubes and blocking clauses reach the
    /// solver through `turn`, as the formula was loaded (`Polarity`);
    /// `read` turns models back.
    pub(super) fn run(
        &mut self,
        solver: &mut Solver,
        givens: &Grid,
        assumptions: Vec<Lit>,
        turn: impl Fn(Lit) -> Lit,
        read: impl Fn(&[Lit]) -> Result<Grid, SolveError>,
    ) -> Result<Counted, SolveError> {
        let mut cubes: Vec<Vec<(Cell, Digit)>> = vec![Vec::new()];
        let count = loop {
            let Some(prefix) = cubes.pop() else {
                break Count::Exactly(self.found);
            };
            match self.cube(solver, givens, &assumptions, &prefix, &turn, &read)? {
                CubeEnd::Exhausted => {}
                CubeEnd::Settled(count) => break count,
                CubeEnd::Split => {
                    let fixed =
                        |c: Cell| givens.get(c).is_some() || prefix.iter().any(|&(p, _)| p == c);
                    let cell = givens
                        .size()
                        .all_cells()
                        .find(|&c| !fixed(c))
                        .ok_or_else(|| {
                            SolveError::Solver(
                                "a cube with every cell fixed has several solutions".into(),
                            )
                        })?;
                    // Pushed in reverse, so the smallest digit is searched first.
                    for index in (0..givens.size().side()).rev() {
                        let mut smaller = prefix.clone();
                        smaller.push((cell, Digit::from_index(index)));
                        cubes.push(smaller);
                    }
                }
            }
        };
        Ok(self.counted(count))
    }

    /// The count of a puzzle whose solutions are known without a solver:
    /// none, or `only`, found and validated.
    pub(super) fn known(&mut self, only: Option<&Grid>) -> Counted {
        let settled = only.and_then(|solution| self.take(solution));
        self.counted(settled.unwrap_or(Count::Exactly(self.found)))
    }

    fn counted(&mut self, count: Count) -> Counted {
        Counted {
            count,
            first: self.first.take(),
            relabelling_broken: None,
        }
    }

    /// Counts `solution`, found and validated; returns the count when
    /// that settles it (past the limit, or past it by the relabelling
    /// bound once there is one solution).
    fn take(&mut self, solution: &Grid) -> Option<Count> {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(solution.clone());
        }
        if let Some(free_digits) = self.relabelling.filter(|_| self.found == 1) {
            return Some(Count::MoreThan {
                limit: self.limit,
                by: Bound::Relabelling { free_digits },
            });
        }
        (self.found > self.limit).then_some(Count::MoreThan {
            limit: self.limit,
            by: Bound::Enumerated,
        })
    }

    /// Enumerates one cube: `assumptions` plus `prefix`.
    fn cube(
        &mut self,
        solver: &mut Solver,
        givens: &Grid,
        assumptions: &[Lit],
        prefix: &[(Cell, Digit)],
        turn: &impl Fn(Lit) -> Lit,
        read: &impl Fn(&[Lit]) -> Result<Grid, SolveError>,
    ) -> Result<CubeEnd, SolveError> {
        let size = givens.size();
        let activation = solver.new_lit();
        let mut assumed = assumptions.to_vec();
        assumed.extend(
            prefix
                .iter()
                .map(|&(cell, digit)| turn(vars::lit(size, cell, digit))),
        );
        assumed.push(activation);
        solver.assume(&assumed);
        let mut seen = HashSet::new();
        let mut in_cube = 0u64;
        let end = loop {
            let solution = match next_model(solver, read) {
                Ok(Some(solution)) => solution,
                Ok(None) => break Ok(CubeEnd::Exhausted),
                Err(e) => break Err(e),
            };
            // The blocking clauses forbid a repeat, and the assumptions a
            // solution outside the cube; either is a solver fault.
            let outside = prefix
                .iter()
                .any(|&(cell, digit)| solution.get(cell) != Some(digit));
            if outside || !seen.insert(self.hasher.hash_one(&solution)) {
                break Err(SolveError::Solver(format!(
                    "the solver returned {solution} twice or outside its cube"
                )));
            }
            in_cube += 1;
            if let Some(count) = self.take(&solution) {
                break Ok(CubeEnd::Settled(count));
            }
            // A cube with an open blank cell left can be split; one with
            // every blank fixed holds one solution and is simply done.
            let blanks = size.cells() - givens.given_count();
            if in_cube == self.cube_solutions && prefix.len() < blanks {
                self.found -= in_cube;
                break Ok(CubeEnd::Split);
            }
            let mut blocking = vec![!activation];
            blocking.extend(
                vars::blocking_clause(givens, &solution)
                    .into_iter()
                    .map(turn),
            );
            solver.add_clause(&blocking);
            self.blocked += 1;
        };
        // Retire this cube's blocking clauses, even after an error.
        solver.assume(&[]);
        solver.add_clause(&[!activation]);
        end
    }
}
