//! An independent backtracking solver, used to cross-check SAT answers.
//!
//! Every answer of the SAT path is checked against this solver, so the two
//! share no code: this module imports only [`crate::grid`] and std, never
//! the encoder, the SAT backend or varisat. A bug in the clauses, the
//! variable numbering or the model decoding cannot reach both sides, and
//! the two can only agree on a wrong answer by independent mistakes.
//!
//! The method is constraint propagation plus depth-first search. Each cell
//! holds a bitmask of its candidates (a `u32`, as N ≤ 25), and placing a
//! digit clears it from the cell's peers. Propagation runs to a fixpoint
//! of naked singles (a cell with one candidate left), hidden singles (a
//! digit with one place left in a row, column or block) and locked
//! candidates (a digit confined to where a block meets a line leaves the
//! rest of the other house). It fails on a cell without candidates or a
//! digit without a place in a house. When propagation stalls, the search
//! branches on an empty cell with the fewest candidates and tries each in
//! turn, each on a copy of the state: one frame of N² + 1 words per level,
//! in a buffer allocated once per solve. It stops at the second solution,
//! which is enough to tell unique from multiple.
//!
//! Search on sparse large grids can explode: plain fewest-candidates
//! search has needed millions of nodes on 16×16 grids with 40% clues, and
//! one of our four 25×25 test puzzles needs about 875,000 nodes that way.
//! On 16×16 and 25×25 grids every node therefore looks ahead first: it
//! tries both candidates of each two-candidate cell, removes those that
//! fail, and branches on the cell whose trials fill the most cells (see
//! `Run::look_ahead`). That puzzle then needs 262 branches and about
//! 8,900 trials. Every solve still has a node limit, a node being one
//! branching decision or one trial, and reaching it gives
//! [`Verdict::GaveUp`], never a guess.
//!
//! The classic 9×9 grid, nearly every grid the cross-check sees, takes a
//! path of its own (`bitboard.rs`): a board per digit, one word per band
//! of three rows, with the same propagation and branching rule on them.
//! It searches the square-block path's tree, so it answers as that path
//! does, after the same nodes, in about a third of the instructions.

mod bitboard;
mod general;
mod geometry;
mod layout;
mod propagation;
mod search;

use geometry::*;
use propagation::*;
use search::*;

use std::sync::OnceLock;

use crate::grid::{Digit, Grid, Shape, Size};

/// A rule beyond rows, columns and blocks, as the backtracker prunes with
/// it. The variant constraints of [`crate::rules`] implement it with code
/// of their own, apart from their clauses.
pub trait Prune: Sync {
    /// Removes the candidates the rule rules out. `candidates[i]` is the
    /// mask of cell i (row-major) of a grid of `shape`, bit d−1 for digit
    /// d; a placed cell has exactly its digit's bit. Returns `None` when
    /// the rule cannot hold, else whether a mask changed. It must detect a
    /// broken rule once the cells it concerns are placed.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Option<bool>;

    /// Returns the cells (row-major indices) whose candidates `prune`
    /// reads, or `None`, the default, for the whole grid. `prune` must be
    /// a function of those cells' masks alone: the search skips a rule
    /// whose cells are as they were when it last removed nothing.
    fn scope(&self, shape: &Shape) -> Option<Vec<usize>> {
        let _ = shape;
        None
    }

    /// Returns the pairs of cells (row-major indices) the rule makes
    /// differ, when that is all the rule says (an anti-knight or
    /// anti-king), or `None`, the default. The search then takes each
    /// pair's cells as peers, as it does a row's: a digit placed leaves
    /// the cells paired with it once, when it is placed, and `prune` is
    /// never called.
    fn differing_pairs(&self, shape: &Shape) -> Option<Vec<(usize, usize)>> {
        let _ = shape;
        None
    }
}

/// What the backtracker concluded about a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The puzzle has exactly one solution, given here.
    Unique(Grid),
    /// The puzzle has at least two solutions; two different ones are
    /// given.
    Multiple(Grid, Grid),
    /// The puzzle has no solution, including when its givens already
    /// repeat a digit in a house.
    Unsolvable,
    /// The node limit was reached before the search could decide.
    GaveUp,
}

/// The verdict of one solve plus the effort it took.
#[derive(Clone, Debug)]
pub struct Search {
    /// What the search concluded.
    pub verdict: Verdict,
    /// The number of nodes: branching decisions and look-ahead trials
    /// (0 when propagation alone decided the puzzle).
    pub nodes: u64,
}

/// An exact backtracking solver with a bound on the work per puzzle.
///
/// It finds up to two solutions of a puzzle of any supported size, so it
/// tells unique puzzles from those with several solutions.
///
/// # Example
///
/// ```
/// use sudoku_sat::backtrack::{Backtracker, Verdict};
/// use sudoku_sat::grid::{Grid, Size};
///
/// let size = Size::from_side(4).unwrap();
/// let cells = "1..4.........32.".chars().map(|ch| size.digit_of(ch));
/// let puzzle = Grid::from_cells(size, cells.collect()).unwrap();
/// let search = Backtracker::default().solve(&puzzle);
/// let Verdict::Unique(solution) = search.verdict else {
///     panic!("expected one solution");
/// };
/// assert_eq!(solution.to_string(), "1234341221434321");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Backtracker {
    node_limit: u64,
}

impl Backtracker {
    /// The default bound on nodes (branching decisions and look-ahead
    /// trials) per puzzle: 30,000.
    ///
    /// Chosen by measurement (release build, 2-vCPU VM). No 9×9 puzzle
    /// comes near it: over 110,000 puzzles, the 375 hardest forum puzzles
    /// included, the most any needed was 1,039 nodes (926 for the 48,766
    /// rated 11+, 925 for the 49,158 with 17 clues), a margin of about
    /// 30×; a 9×9 node costs 1–2 µs. A 25×25 node costs 3–5 µs, so a
    /// hopeless 25×25 grid gives up after about 0.1 s. Our four 25×25 test
    /// puzzles need 1,671, 86, 9,147 and 404 nodes.
    pub const DEFAULT_NODE_LIMIT: u64 = 30_000;

    /// Returns a backtracker that gives up after `node_limit` branching
    /// decisions per puzzle.
    ///
    /// A limit of 0 still solves every puzzle that propagation alone
    /// decides.
    pub fn new(node_limit: u64) -> Self {
        Backtracker { node_limit }
    }

    /// Returns the node limit.
    pub fn node_limit(&self) -> u64 {
        self.node_limit
    }

    /// Solves `puzzle` under the classic rules and `rules`, searching for
    /// up to two solutions, on any shape.
    ///
    /// Puzzles with square default blocks up to 25×25 and no extra rule
    /// take the fast path of [`Backtracker::solve`]; the rest a general
    /// search over `u64` candidate masks, with the same node limit.
    pub fn solve_with(&self, puzzle: &Grid, rules: &[&dyn Prune]) -> Search {
        self.solve_handing_off(puzzle, rules, u64::MAX, &mut || {})
    }

    /// Solves as [`Backtracker::solve_with`] does, calling `hand_off` once
    /// when a search that prunes with rules or irregular blocks passes
    /// `after` nodes, and going on with the same search.
    ///
    /// The caller learns that the search is a long one without restarting
    /// it: the cross-check of a variant puzzle starts the SAT call beside
    /// it then (`solve::Checked`). A search decided within `after` nodes,
    /// or taken by the classic solver, never calls it.
    pub fn solve_handing_off(
        &self,
        puzzle: &Grid,
        rules: &[&dyn Prune],
        after: u64,
        hand_off: &mut dyn FnMut(),
    ) -> Search {
        if rules.is_empty() && supported(puzzle.shape()) {
            return self.solve(puzzle);
        }
        general::General::new(puzzle.shape(), rules, self.node_limit)
            .hand_off_after(after, hand_off)
            .solve(puzzle)
    }

    /// Solves `puzzle`, searching for up to two solutions.
    ///
    /// Returns [`Verdict::Unsolvable`] when the givens clash or no
    /// completion exists, and [`Verdict::GaveUp`] when the node limit is
    /// reached first, even if one solution was already found. Every
    /// solution returned satisfies [`Grid::check_solution`] for `puzzle`.
    ///
    /// A 9×9 grid with 3×3 blocks is solved on band bitboards; other
    /// square blocks up to 25×25 as [`Backtracker::solve_without_bitboard`]
    /// does. The two paths search the same tree, so they give the same
    /// verdict after the same number of nodes.
    pub fn solve(&self, puzzle: &Grid) -> Search {
        if bitboard::supported(puzzle.shape()) {
            return bitboard::solve(puzzle, self.node_limit);
        }
        self.solve_without_bitboard(puzzle)
    }

    /// Solves `puzzle` as [`Backtracker::solve`] does, but a 9×9 grid too
    /// on per-cell masks (the square-block path), never on the 9×9
    /// bitboards.
    ///
    /// The two paths share no code beyond the grid types and the reading
    /// of a finished search, and search the same tree (the same
    /// propagation to its fixpoint, the same branching rule), so each
    /// checks the other, node count included; this one is kept for that
    /// and for measuring the bitboards against it.
    pub fn solve_without_bitboard(&self, puzzle: &Grid) -> Search {
        if !supported(puzzle.shape()) {
            return self.solve_with(puzzle, &[]);
        }
        self.search(puzzle, block_side(puzzle.size()) >= LOOK_AHEAD_FROM_N)
    }

    /// Solves `puzzle`, looking ahead at every node or never.
    fn search(&self, puzzle: &Grid, look_ahead: bool) -> Search {
        let mut run = Run::new(puzzle.size(), self.node_limit, look_ahead);
        let verdict = run.solve(puzzle);
        Search {
            verdict,
            nodes: run.nodes,
        }
    }
}

/// Returns the verdict of a finished search, from whether it reached the
/// node limit and the solutions it found (at most two, each checked
/// against `puzzle` in debug builds). Two solutions decide the puzzle
/// even at the limit; fewer do not.
fn verdict(puzzle: &Grid, gave_up: bool, solutions: Vec<Grid>) -> Verdict {
    for g in &solutions {
        debug_assert_eq!(g.check_solution(puzzle), Ok(()));
    }
    let mut grids = solutions.into_iter();
    match (gave_up, grids.next(), grids.next()) {
        (_, Some(a), Some(b)) => {
            debug_assert_ne!(a, b);
            Verdict::Multiple(a, b)
        }
        (true, _, _) => Verdict::GaveUp,
        (false, Some(a), None) => Verdict::Unique(a),
        (false, None, _) => Verdict::Unsolvable,
    }
}

impl Default for Backtracker {
    /// Returns a backtracker with [`Backtracker::DEFAULT_NODE_LIMIT`].
    fn default() -> Self {
        Backtracker::new(Self::DEFAULT_NODE_LIMIT)
    }
}

#[cfg(test)]
pub(crate) mod tests;
