//! Puzzle formats beyond plain text grids: f-puzzles and SudokuPad links,
//! and the hand-written rules file.

pub mod fpuzzles;
pub mod rules_file;
