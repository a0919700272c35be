//! The plain meaning of a ground rule: deciding it on a grid, and pruning
//! candidates for the backtracker. Shares no code with the compiler.
//!
//! Both halves read only the [`Ground`] tree, the grid or the candidate
//! masks, and the [`Shape`](crate::grid::Shape); nothing here knows a clause or a variable, so
//! a wrong clause shows up as a decoded model that [`check()`] rejects, or as
//! the backtracker disagreeing with the SAT answer.
//!
//! # Conjuncts
//!
//! A ground rule is usually an [`BoolKind::And`] of one item per
//! quantifier instance. Both halves cut the root into *conjuncts* the same
//! way: nested `And`s from the root down are opened, and every other node
//! met there is one conjunct. A conjunct is judged only as a whole: by
//! [`check()`] once all the cells it reads are filled, by the [`Pruner`]
//! through its scope, the cells it reads.
//!
//! # Arithmetic
//!
//! Integers are `i64`. Every operation saturates instead of overflowing
//! (a sum folds left to right, saturating at each step), so no tree makes
//! the evaluation panic. [`IntKind::Mod`] is Euclidean; the front end only
//! builds positive divisors, and for any other the evaluation takes the
//! remainder by the divisor's magnitude, with `x mod 0 = x`. A
//! [`IntKind::Min`] or [`IntKind::Max`] of no items, which the front end
//! never builds, is `i64::MAX` or `i64::MIN`. A cell outside the grid is
//! never filled, so a conjunct that reads one is never judged.
//!
//! # Automata
//!
//! A [`BoolKind::Regular`] node is decided by running the automaton on
//! the set of states it can be in. Only states `0..states` exist: a start
//! state or a transition naming another state is ignored, and a state
//! accepts when its entry of `accepting` is `true`.
//!
//! [`BoolKind::And`]: super::ground::BoolKind::And
//! [`BoolKind::Regular`]: super::ground::BoolKind::Regular
//! [`IntKind::Mod`]: super::ground::IntKind::Mod
//! [`IntKind::Min`]: super::ground::IntKind::Min
//! [`IntKind::Max`]: super::ground::IntKind::Max

mod check;
mod domain;
mod memo;
mod prune;
mod revise;
mod three;

#[cfg(test)]
mod tests;

use crate::grid::{Cell, Grid};

use super::{At, Ground};

pub use prune::Pruner;

/// Where a rule fails on a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The smallest failing node found: its span and instance.
    pub at: At,
    /// The cells that show it: the cells the node reads, row-major, each
    /// once; for a failing `distinct`, the cells of the first two equal
    /// items; for an element whose index is out of range, the cells of
    /// the index.
    pub cells: Vec<Cell>,
}

/// Decides the rule on `grid`. Parts of the rule whose cells are not all
/// filled are not judged.
///
/// The rule is cut into conjuncts (see the module documentation), and
/// the first conjunct that reads only filled cells and does not hold is
/// reported. Within it, the failure descends through `and` to the item
/// that fails (through `not` and `or` too, by De Morgan's laws), and
/// stops at a node whose items do not single out the fault: a comparison,
/// a `distinct`, an `implies`. An element whose index is out of range
/// breaks the rule wherever it stands, even under `not` or in the branch
/// of an `if` not taken, and is reported itself.
///
/// # Example
///
/// ```
/// use sudoku_sat::grid::{Cell, Grid, Size};
/// use sudoku_sat::lang::eval::check;
/// use sudoku_sat::lang::ground::{At, Bool, BoolKind, Cmp, Ground, Int, IntKind};
///
/// // r1c1 < r1c2
/// let cell = |c| Box::new(Int::new(IntKind::Cell(Cell::new(0, c)), At::default()));
/// let root = Bool::new(BoolKind::Cmp(Cmp::Lt, cell(0), cell(1)), At::default());
/// let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
/// let rule = Ground { root, instances: vec![String::new()], cells };
/// let four = Size::from_side(4).unwrap();
/// assert!(check(&rule, &Grid::from_symbols(four, "12..............").unwrap()).is_ok());
/// let failure = check(&rule, &Grid::from_symbols(four, "21..............").unwrap());
/// assert_eq!(failure.unwrap_err().cells, [Cell::new(0, 0), Cell::new(0, 1)]);
/// // r1c2 blank: not judged.
/// assert!(check(&rule, &Grid::from_symbols(four, "2...............").unwrap()).is_ok());
/// ```
///
/// # Errors
///
/// The [`Failure`] of the first failing instance.
pub fn check(ground: &Ground, grid: &Grid) -> Result<(), Failure> {
    check::check(ground, grid)
}
