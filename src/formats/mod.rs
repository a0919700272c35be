//! Every format the tool reads or writes, one module each.
//!
//! - [`text`]: the puzzle reader, with the text grids (Euler, line, rows,
//!   numbers) and the detection that hands link lines and rules files to
//!   their own modules;
//! - [`fpuzzles`]: f-puzzles and SudokuPad links;
//! - [`rules_file`]: the hand-written rules file (TOML);
//! - [`dimacs`]: DIMACS CNF export and SAT solvers' answers.

pub mod dimacs;
pub mod fpuzzles;
pub mod items;
pub mod rules_file;
pub mod text;

/// Returns `n` with its noun, singular for exactly one: `1 cell`,
/// `2 cells`; error messages count what they found, which may be one.
pub(crate) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Returns text as one short line for a message: its first line, cut at
/// `max` characters, with `…` where anything was left out, so an error
/// stays on one line and its length bounded whatever the input.
pub(crate) fn shortened(text: &str, max: usize) -> String {
    let first = text.trim().lines().next().unwrap_or("");
    let mut out: String = first.chars().take(max).collect();
    if out.len() < text.trim().len() {
        out.push('…');
    }
    out
}
