//! True candidates: for each cell, the digits it holds in at least one
//! solution, found by SAT.
//!
//! A digit d is a true candidate of a cell exactly when x(cell,d) is true
//! in some model, that is when ¬x(cell,d) is not a backbone literal of the
//! puzzle's formula. The method is the complement-clause backbone
//! algorithm of Marques-Silva, Janota and Lynce ("On computing backbones
//! of propositional theories", ECAI 2010), read the other way round:
//!
//! 1. The whole formula ([`encode_puzzle`]: rules, constraints, givens) is
//!    loaded once on one solver. No model: no cell has a candidate.
//! 2. Every (cell, digit) of a model is marked possible, and with it every
//!    pair the puzzle's symmetries exchange with one of them: on a classic
//!    puzzle, the digits no given uses relabel freely, and rows or bands
//!    free of givens exchange (`orbits.rs`). The pairs the givens already
//!    rule out (another digit in a given's cell, a given's digit in its
//!    peers: [`Fixed::by_givens`]) are impossible without a solver call.
//! 3. One clause (¬a ∨ x₁ ∨ … ∨ xₖ) over the k pairs still unknown, behind
//!    a fresh activation literal a, asks for a solution that shows at
//!    least one of them. No model proves every unknown pair impossible at
//!    once, and ends the search. The unit ¬a retires each clause when its
//!    step is done.
//! 4. After a model, the search steers the next one: it picks greedily a
//!    batch of unknown pairs that one solution could show together (one
//!    per cell, no digit twice among cells that see each other) and asks
//!    for a solution holding them all, as assumptions. A model marks the
//!    whole batch at once. Without one, varisat's failed core names
//!    assumptions that cannot hold together: a core of one pair proves
//!    that pair impossible; the core's pairs leave the batch, which is
//!    tried again, three times at most. Then step 3 again.
//!
//! Near-empty classic grids from `pattern::FROM_SIDE` up start without
//! the solver: solutions made from the pattern grid, one more given at a
//! time, mark what they show (`Candidates::mark_patterns`), and the solver
//! is loaded only for the pairs they miss.
//!
//! Every model is decoded and checked against every rule and constraint
//! ([`read_model`]), and every pattern solution against the puzzle, before
//! it marks anything, as everywhere else.
//!
//! # Cost
//!
//! One formula load, then solver calls: step 3 marks at least one new
//! pair or ends the search, so the search ends. A unique puzzle takes two
//! calls (a solution, then the proof that no other open pair is
//! possible, the work of a uniqueness check) where testing each open pair
//! under an assumption would take one per impossible pair, hundreds on a
//! 9×9 grid; an unsolvable one takes one. Without step 4, ambiguous
//! puzzles gained less: the solver's next model stays close to the last
//! (it keeps its phases, and varisat has no way to set them), so a step
//! often added one or two pairs, and the empty 9×9 grid took 468 calls.
//! With it, the empty grid took 74 calls; with the symmetries of step 2 it
//! takes one, and the empty 36×36 grid went from 14 s to 0.45 s (no
//! solver call with the pattern solutions); docs/performance.md has the
//! figures.

use varisat::{ExtendFormula, Lit, Solver};

use super::{SolveError, next_model, pattern, read_model};
use crate::encode::optimized::Fixed;
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Digit, Grid, Shape, Size};
use crate::puzzle::Puzzle;
use orbits::Orbits;

/// How many solutions a puzzle has, as its candidates tell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution: no cell has a candidate.
    None,
    /// Exactly one: every cell has exactly one candidate.
    One,
    /// Several: some cell has two candidates or more.
    Several,
}

impl Solutions {
    /// Returns a one-word name: `none`, `one` or `several`.
    pub fn name(self) -> &'static str {
        match self {
            Solutions::None => "none",
            Solutions::One => "one",
            Solutions::Several => "several",
        }
    }
}

/// The true candidates of every cell of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    size: Size,
    /// Whether x(cell, digit) holds in some solution, by 0-based
    /// cell-digit variable index.
    possible: Vec<bool>,
    /// The solver calls the search took.
    calls: usize,
}

impl Candidates {
    /// Returns the grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Returns whether `digit` is in `cell` in at least one solution.
    pub fn is_possible(&self, cell: Cell, digit: Digit) -> bool {
        self.possible[vars::var(self.size, cell, digit).index()]
    }

    /// Returns the candidates of `cell`, smallest first; none when the
    /// puzzle has no solution.
    pub fn of(&self, cell: Cell) -> Vec<Digit> {
        self.size
            .digits()
            .filter(|&d| self.is_possible(cell, d))
            .collect()
    }

    /// Returns every cell's candidates as numbers, row-major: the
    /// `cells` the page and the Python package answer with.
    pub fn numbers(&self) -> Vec<Vec<u8>> {
        self.size
            .all_cells()
            .map(|c| self.of(c).iter().map(|d| d.get()).collect())
            .collect()
    }

    /// Returns whether the puzzle has no, one or several solutions.
    pub fn solutions(&self) -> Solutions {
        let counts: Vec<usize> = self.size.all_cells().map(|c| self.of(c).len()).collect();
        if counts.contains(&0) {
            Solutions::None
        } else if counts.iter().all(|&n| n == 1) {
            Solutions::One
        } else {
            Solutions::Several
        }
    }

    /// Returns the solver calls the search took.
    pub fn solver_calls(&self) -> usize {
        self.calls
    }

    /// Returns the pairs neither marked possible nor ruled out, by the
    /// givens or by `ruled_out` (by 0-based variable index).
    fn unknown(&self, fixed: &Fixed, ruled_out: &[bool]) -> Vec<(Cell, Digit)> {
        let size = self.size;
        size.all_cells()
            .flat_map(|c| size.digits().map(move |d| (c, d)))
            .filter(|&(c, d)| {
                let var = vars::var(size, c, d);
                !self.possible[var.index()]
                    && !ruled_out[var.index()]
                    && fixed.value(var) != Some(false)
            })
            .collect()
    }

    /// Marks the pairs that solutions made from the pattern grid show, with
    /// no solver call, and returns whether there was one: on classic
    /// puzzles from `pattern::FROM_SIDE` up with no more givens than the
    /// side, where CDCL is slow to find the particular solutions this
    /// search asks for (a 64×64 grid with two givens took 50 s of solver
    /// calls after its first model, for 146 pairs).
    ///
    /// Each unknown pair is tried once as one more given: a transform of
    /// the pattern grid that agrees with the givens and the pair shows it
    /// (`pattern::pattern_solution`). Every grid it returns is checked
    /// against the puzzle before it marks anything. The pairs it misses go
    /// to the solver as before.
    fn mark_patterns(
        &mut self,
        puzzle: &Puzzle,
        orbits: &Orbits,
        fixed: &Fixed,
        ruled_out: &[bool],
    ) -> bool {
        let givens = puzzle.givens();
        if !puzzle.is_classic() || givens.size().side() < pattern::FROM_SIDE {
            return false;
        }
        let solves = |grid: &Grid| puzzle.check(grid).is_ok();
        let Some(first) = pattern::pattern_solution(givens).filter(solves) else {
            return false;
        };
        self.mark(&first, orbits);
        let mut with_pair = givens.clone();
        let mut misses = 0;
        for (cell, digit) in self.unknown(fixed, ruled_out) {
            if self.possible[vars::var(self.size, cell, digit).index()] {
                continue;
            }
            with_pair.set(cell, Some(digit));
            match pattern::pattern_solution(&with_pair).filter(solves) {
                Some(solution) => self.mark(&solution, orbits),
                None => misses += 1,
            }
            with_pair.set(cell, None);
            if misses == PATTERN_MISSES {
                break;
            }
        }
        true
    }

    /// Marks every (cell, digit) of `solution` possible, and every pair
    /// its `orbits` exchange with one of them.
    fn mark(&mut self, solution: &Grid, orbits: &Orbits) {
        for index in orbits.shown_by(solution) {
            self.possible[index] = true;
        }
    }
}

/// Returns the true candidates of every cell of `puzzle`: the digits the
/// cell holds in at least one solution (see the module docs for the
/// method and its cost).
///
/// # Errors
///
/// [`SolveError::Decode`] or [`SolveError::Broken`] when a model does not
/// validate, and [`SolveError::Solver`] when varisat fails or returns a
/// model that ignores the clause it was asked to satisfy.
pub fn true_candidates(puzzle: &Puzzle, encoding: &Encoding) -> Result<Candidates, SolveError> {
    let givens = puzzle.givens();
    let size = givens.size();
    let mut candidates = Candidates {
        size,
        possible: vec![false; vars::cell_digit_count(size)],
        calls: 0,
    };
    let orbits = Orbits::of(puzzle);
    // Sound for every puzzle (a given's digit is in no peer of any
    // solution), and needed under the optimized encoding, whose formula
    // leaves these variables out and so would let them be true.
    let fixed = Fixed::by_givens(givens);
    // Pairs a solver call proved impossible on their own.
    let mut ruled_out = vec![false; candidates.possible.len()];
    let solvable = candidates.mark_patterns(puzzle, &orbits, &fixed, &ruled_out);
    if solvable && candidates.unknown(&fixed, &ruled_out).is_empty() {
        return Ok(candidates);
    }
    let mut solver = Solver::new();
    encode_puzzle(puzzle, encoding, &mut solver);
    let read = |model: &[varisat::Lit]| read_model(puzzle, encoding, model);
    if !solvable {
        candidates.calls += 1;
        let Some(first) = next_model(&mut solver, read)? else {
            return Ok(candidates);
        };
        candidates.mark(&first, &orbits);
    }
    loop {
        let unknown = candidates.unknown(&fixed, &ruled_out);
        if unknown.is_empty() {
            return Ok(candidates);
        }
        let activation = solver.new_lit();
        let mut clause = vec![!activation];
        clause.extend(unknown.iter().map(|&(c, d)| vars::lit(size, c, d)));
        solver.add_clause(&clause);
        solver.assume(&[activation]);
        candidates.calls += 1;
        let found = next_model(&mut solver, read);
        // Retire the clause before anything can fail.
        solver.assume(&[]);
        solver.add_clause(&[!activation]);
        let Some(solution) = found? else {
            return Ok(candidates);
        };
        if !unknown.iter().any(|&(c, d)| solution.get(c) == Some(d)) {
            return Err(SolveError::Solver(format!(
                "the solver returned {solution}, which shows no new candidate"
            )));
        }
        candidates.mark(&solution, &orbits);
        // Steering: ask for a solution that shows many unknown pairs at
        // once, as assumptions. Without one, varisat's failed core names
        // assumptions that cannot hold together: a core of one pair is
        // impossible; a larger one is dropped from the batch, which is
        // tried again, a few times at most.
        let unknown = candidates.unknown(&fixed, &ruled_out);
        let mut batch = compatible(puzzle.shape(), &unknown);
        for _ in 0..STEERING_TRIES {
            if batch.is_empty() {
                break;
            }
            let lits: Vec<Lit> = batch.iter().map(|&(c, d)| vars::lit(size, c, d)).collect();
            solver.assume(&lits);
            candidates.calls += 1;
            let found = next_model(&mut solver, read);
            let core: Vec<Lit> = solver.failed_core().unwrap_or(&[]).to_vec();
            solver.assume(&[]);
            if let Some(solution) = found? {
                candidates.mark(&solution, &orbits);
                break;
            }
            match core[..] {
                [] => break,
                [single] => ruled_out[single.index()] = true,
                _ => {}
            }
            batch.retain(|&(c, d)| !core.contains(&vars::lit(size, c, d)));
        }
    }
}

/// How many pairs the pattern search may miss before the solver takes
/// the rest. A miss costs the whole search (65,536 transforms, about
/// 17 ms at 30×30 with 20 givens) and becomes likelier with each given:
/// on such a grid 315 searches took 3.8 s, 212 of them misses, where
/// stopping at the 16th miss left the solver a second's work.
const PATTERN_MISSES: usize = 16;

/// How many times one step asks for a solution showing a batch of
/// unknown pairs, shrinking the batch by the failed core each time.
const STEERING_TRIES: usize = 3;

/// Picks, greedily, unknown pairs that a solution could show together:
/// one per cell, and no digit twice among cells that see each other.
fn compatible(shape: &Shape, unknown: &[(Cell, Digit)]) -> Vec<(Cell, Digit)> {
    let mut batch: Vec<(Cell, Digit)> = Vec::new();
    for &(cell, digit) in unknown {
        if batch
            .iter()
            .all(|&(c, d)| c != cell && (d != digit || !shape.sees(c, cell)))
        {
            batch.push((cell, digit));
        }
    }
    batch
}

mod orbits;
#[cfg(test)]
mod tests;
