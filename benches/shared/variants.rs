//! The shared variant puzzles, read in place for the benchmarks that
//! time them (`language`, `iss`).
//!
//! The tables live in `../shared/data/variants/` beside the project, or in
//! the folder `SUDOKU_SAT_VARIANTS` names; a table that is absent stops
//! the bench with exit 2 and a line saying where it looked.

// Each bench that includes this file uses a part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use sudoku_sat::formats::fpuzzles;
use sudoku_sat::puzzle::Puzzle;

/// One puzzle of a shared table that this tool reads.
pub struct Row {
    /// The table's `id` column.
    pub id: String,
    /// The table's `constraints` column: f-puzzles keys, comma-separated.
    pub constraints: String,
    /// The f-puzzles payload (lz-string base64), for a peer to read.
    pub payload: String,
    /// The puzzle as this tool reads it.
    pub puzzle: Puzzle,
    /// The published solution, as `Grid`'s `Display` writes it.
    pub answer: String,
}

/// A table: the rows this tool reads, and the ids of those it refuses
/// with the reason.
pub struct Table {
    pub rows: Vec<Row>,
    pub refused: Vec<(String, String)>,
}

/// The folder holding the tables.
pub fn folder() -> PathBuf {
    match std::env::var_os("SUDOKU_SAT_VARIANTS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants"),
    }
}

/// Reads one table (`corpus.tsv`…); exits with status 2 when it is absent.
pub fn table(file: &str) -> Table {
    let path = folder().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!(
            "{}: {e}\n(the shared variant puzzles; set SUDOKU_SAT_VARIANTS to their folder)",
            path.display()
        );
        std::process::exit(2)
    });
    let mut out = Table {
        rows: Vec::new(),
        refused: Vec::new(),
    };
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [id, constraints, _, payload, answer, ..] = f[..] else {
            continue;
        };
        match fpuzzles::read(payload) {
            Ok(imported) => out.rows.push(Row {
                id: id.to_string(),
                constraints: constraints.to_string(),
                payload: payload.to_string(),
                puzzle: imported.puzzle,
                answer: answer.to_string(),
            }),
            Err(e) => out.refused.push((id.to_string(), e.to_string())),
        }
    }
    out
}

/// The puzzles of a table that this tool reads.
pub fn rows(file: &str) -> Vec<Row> {
    table(file).rows
}

/// The median of some times (the upper one of an even count).
pub fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

/// Milliseconds with two decimals.
pub fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3)
}
