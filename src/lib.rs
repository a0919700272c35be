//! Sudoku of any size solved as a Boolean satisfiability problem.
pub mod backtrack;
pub mod encode;
pub mod euler;
pub mod explain;
pub mod formats;
pub mod formula;
pub mod generate;
pub mod grid;
pub mod hint;
mod kept;
pub mod lang;
pub mod propagate;
pub mod puzzle;
pub mod rate;
pub mod rules;
pub mod setter;
pub mod shape;
pub mod solve;
