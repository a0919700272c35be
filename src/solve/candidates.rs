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
//! 2. Every (cell, digit) of a model is marked possible. The pairs the
//!    givens already rule out (another digit in a given's cell, a given's
//!    digit in its peers: [`Fixed::by_givens`]) are impossible without a
//!    solver call.
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
//! Every model is decoded and checked against every rule and constraint
//! ([`read_model`]) before it marks anything, as everywhere else.
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
//! With it, the empty grid takes 74 calls; docs/performance.md has the
//! figures.

use varisat::{ExtendFormula, Lit, Solver};

use super::{SolveError, next_model, read_model};
use crate::encode::optimized::Fixed;
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Digit, Grid, Shape, Size};
use crate::puzzle::Puzzle;

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

    fn mark(&mut self, solution: &Grid) {
        for cell in self.size.all_cells() {
            let digit = solution.get(cell).expect("a solution is full");
            self.possible[vars::var(self.size, cell, digit).index()] = true;
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
        calls: 1,
    };
    let mut solver = Solver::new();
    encode_puzzle(puzzle, encoding, &mut solver);
    let read = |model: &[varisat::Lit]| read_model(puzzle, encoding, model);
    let Some(first) = next_model(&mut solver, read)? else {
        return Ok(candidates);
    };
    candidates.mark(&first);
    // Sound for every puzzle (a given's digit is in no peer of any
    // solution), and needed under the optimized encoding, whose formula
    // leaves these variables out and so would let them be true.
    let fixed = Fixed::by_givens(givens);
    // Pairs a solver call proved impossible on their own.
    let mut ruled_out = vec![false; candidates.possible.len()];
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
        candidates.mark(&solution);
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
                candidates.mark(&solution);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::RuleSet;
    use crate::rules::{Constraint, Diagonal, Direction};

    fn four() -> Size {
        Size::from_side(4).unwrap()
    }

    /// Every full 4×4 grid with 2×2 blocks, by plain backtracking over
    /// the cells: no SAT, no encoding.
    fn all_four_by_four() -> Vec<Grid> {
        fn fill(grid: &mut Grid, at: usize, out: &mut Vec<Grid>) {
            let size = grid.size();
            if at == size.cells() {
                out.push(grid.clone());
                return;
            }
            let cell = Cell::from_index(size, at);
            for digit in size.digits() {
                grid.set(cell, Some(digit));
                if grid.first_conflict().is_none() {
                    fill(grid, at + 1, out);
                }
            }
            grid.set(cell, None);
        }
        let mut out = Vec::new();
        fill(&mut Grid::empty(four()), 0, &mut out);
        out
    }

    /// The union, cell by cell, of the digits of every full grid that
    /// solves the puzzle.
    fn brute_force(puzzle: &Puzzle, grids: &[Grid]) -> Vec<Vec<Digit>> {
        let solutions: Vec<&Grid> = grids.iter().filter(|g| puzzle.check(g).is_ok()).collect();
        four()
            .all_cells()
            .map(|cell| {
                four()
                    .digits()
                    .filter(|&d| solutions.iter().any(|s| s.get(cell) == Some(d)))
                    .collect()
            })
            .collect()
    }

    fn every_encoding() -> impl Iterator<Item = Encoding> {
        [
            RuleSet::Minimal,
            RuleSet::Efficient,
            RuleSet::Extended,
            RuleSet::Optimized,
        ]
        .into_iter()
        .map(|rules| Encoding {
            rules,
            ..Default::default()
        })
    }

    fn assert_like_brute_force(puzzle: &Puzzle, grids: &[Grid], solutions: Solutions) {
        let expected = brute_force(puzzle, grids);
        for encoding in every_encoding() {
            let found = true_candidates(puzzle, &encoding).unwrap();
            let got: Vec<Vec<Digit>> = four().all_cells().map(|c| found.of(c)).collect();
            assert_eq!(got, expected, "{} {:?}", puzzle.givens(), encoding.rules);
            assert_eq!(found.solutions(), solutions, "{}", puzzle.givens());
        }
    }

    #[test]
    fn there_are_288_four_by_four_grids() {
        assert_eq!(all_four_by_four().len(), 288);
    }

    #[test]
    fn classic_candidates_are_the_union_of_all_solutions() {
        let grids = all_four_by_four();
        let cases = [
            (".2343.1221.3432.", Solutions::One),
            ("1234341221434321", Solutions::One),
            ("1...............", Solutions::Several),
            ("1..........2....", Solutions::Several),
            ("12..........3...", Solutions::Several),
            ("................", Solutions::Several),
            // A clash among the givens, and a cell left with no digit.
            ("11..............", Solutions::None),
            ("123............4", Solutions::None),
        ];
        for (line, solutions) in cases {
            let puzzle = Puzzle::new(Grid::from_symbols(four(), line).unwrap());
            assert_like_brute_force(&puzzle, &grids, solutions);
        }
    }

    #[test]
    fn random_partial_grids_match_brute_force() {
        let grids = all_four_by_four();
        // xorshift64: a fixed sequence, so a failure replays.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut seen = [0; 3];
        for round in 0..240 {
            let mut givens = Grid::empty(four());
            if round % 2 == 0 {
                // Some cells of a full grid: solvable, often ambiguous.
                let full = &grids[next(grids.len())];
                let keep = 1 + next(8);
                for cell in four().all_cells() {
                    if next(16) < keep {
                        givens.set(cell, full.get(cell));
                    }
                }
            } else {
                // Digits anywhere: often no solution.
                for _ in 0..1 + next(5) {
                    let cell = Cell::from_index(four(), next(16));
                    givens.set(cell, Some(Digit::from_index(next(4))));
                }
            }
            let puzzle = Puzzle::new(givens);
            let count = grids.iter().filter(|g| puzzle.check(g).is_ok()).count();
            let solutions = match count {
                0 => Solutions::None,
                1 => Solutions::One,
                _ => Solutions::Several,
            };
            seen[count.min(2)] += 1;
            assert_like_brute_force(&puzzle, &grids, solutions);
        }
        // The rounds reach every kind of puzzle.
        assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
    }

    #[test]
    fn a_diagonal_narrows_the_candidates() {
        let grids = all_four_by_four();
        let diagonal = Constraint::Diagonal(Diagonal {
            direction: Direction::Negative,
        });
        for (line, solutions) in [
            ("................", Solutions::Several),
            ("1...............", Solutions::Several),
            ("12..............", Solutions::Several),
            // Classic-unique, but 1 twice on the diagonal.
            ("12343412214343.1", Solutions::None),
        ] {
            let puzzle =
                Puzzle::new(Grid::from_symbols(four(), line).unwrap()).with(diagonal.clone());
            assert_like_brute_force(&puzzle, &grids, solutions);
        }
        // The diagonal matters: with 1 in r1c1, r3c3 (on the diagonal) can no
        // longer hold 1.
        let puzzle = Puzzle::new(Grid::from_symbols(four(), "12..............").unwrap());
        let classic = brute_force(&puzzle, &grids);
        let diagonal = brute_force(&puzzle.with(diagonal), &grids);
        assert!(
            classic[10].len() > diagonal[10].len(),
            "{classic:?} {diagonal:?}"
        );
    }

    #[test]
    fn a_unique_puzzle_takes_two_solver_calls() {
        // 17 clues (Royle's collection): the givens leave many pairs open.
        let line =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let puzzle = Puzzle::new(Grid::from_symbols(Size::NINE, line).unwrap());
        let found = true_candidates(&puzzle, &Encoding::default()).unwrap();
        assert_eq!(found.solutions(), Solutions::One);
        assert_eq!(found.solver_calls(), 2);
        let unsolvable = Puzzle::new(Grid::from_symbols(four(), "11..............").unwrap());
        let found = true_candidates(&unsolvable, &Encoding::default()).unwrap();
        assert_eq!(found.solver_calls(), 1);
    }
}
