//! Every line the tool writes on standard error, from one place.
//!
//! Three kinds of line, each with one shape: `error: WHERE: WHAT` for a
//! fault (the run ends non-zero), `note: WHERE: WHAT` for something the
//! user should know that changes no answer, and plain report lines (a
//! puzzle's verdict, a summary). `eprintln!` panics when stderr cannot be
//! written (a closed pipe, a full disk); here a failed write is dropped,
//! since there is nowhere left to report it, and the exit status still
//! tells.

use std::fmt::Display;
use std::io::{self, Write};

/// Writes `error: {message}`.
pub fn error(message: impl Display) {
    line(format_args!("error: {message}"));
}

/// Writes `note: {message}`.
pub fn note(message: impl Display) {
    line(format_args!("note: {message}"));
}

/// Writes a report line as it is.
pub fn report(message: impl Display) {
    line(message);
}

/// The note for a cross-check the backtracker could not finish: `what`
/// says what stands without it.
pub fn gave_up(at: &str, nodes: u64, what: &str) {
    note(format_args!(
        "{at}: the backtracker gave up after {}; {what}",
        count(nodes, "node", "nodes")
    ));
}

/// Returns the number `n` with its noun, singular for exactly one:
/// `1 puzzle`, `2 puzzles`, `0 puzzles`. Any integer type will do: `n` is
/// judged by how it prints.
pub fn count(n: impl Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

fn line(text: impl Display) {
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "{text}");
}
