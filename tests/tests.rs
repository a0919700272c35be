//! Integration tests: the library end to end and the `sudoku-sat` binary.

mod common;

mod cli;
mod dimacs;
mod euler96;
mod formats;
mod sizes;
