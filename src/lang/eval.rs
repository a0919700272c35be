//! The plain meaning of a ground rule: deciding it on a grid, and pruning
//! candidates for the backtracker. Shares no code with the compiler.

use crate::grid::{Cell, Grid, Shape};

use super::{At, Ground};

/// Where a rule fails on a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The smallest failing node found: its span and instance.
    pub at: At,
    /// The cells that show it.
    pub cells: Vec<Cell>,
}

/// Decides the rule on `grid`. Parts of the rule whose cells are not all
/// filled are not judged.
///
/// # Errors
///
/// The [`Failure`] of the first failing instance.
pub fn check(ground: &Ground, grid: &Grid) -> Result<(), Failure> {
    let _ = (ground, grid);
    unimplemented!()
}

/// The rule as the backtracker uses it: per-instance scopes computed
/// once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pruner {}

impl Pruner {
    /// Prepares `ground` for pruning on `shape`.
    pub fn new(ground: &Ground, shape: &Shape) -> Pruner {
        let _ = (ground, shape);
        unimplemented!()
    }

    /// Removes the candidates the rule rules out. `candidates[i]` is the
    /// mask of cell i (row-major), bit d−1 for digit d. Returns whether a
    /// mask changed, or `None` when the rule cannot hold.
    pub fn prune(&self, ground: &Ground, shape: &Shape, candidates: &mut [u64]) -> Option<bool> {
        let _ = (ground, shape, candidates);
        unimplemented!()
    }
}
