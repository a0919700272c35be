//! Puzzle formats beyond plain text grids: f-puzzles and SudokuPad links.

pub mod fpuzzles;
