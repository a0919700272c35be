//! Sudoku of any size solved as a Boolean satisfiability problem.
pub mod backtrack;
pub mod grid;
pub mod parse;
