//! Puzzle text formats and their detection.
