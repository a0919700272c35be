//! Reading real f-puzzles payloads, refusing what is not understood, and round trips through links.

mod keys;
mod links;
mod malformed;
mod real;

use super::*;
use crate::rules::{AntiKing, ExtraRegion, Parity, ParityCell};

/// The shared corpus of real variant puzzles, when present.
pub(crate) fn corpus() -> Option<Vec<Vec<String>>> {
    shared("corpus.tsv")
}

/// The rows of a table of the shared variant puzzles, when present.
fn shared(file: &str) -> Option<Vec<Vec<String>>> {
    // SUDOKU_SAT_VARIANTS names the folder elsewhere (benches/README.md).
    let dir = std::env::var("SUDOKU_SAT_VARIANTS")
        .unwrap_or_else(|_| format!("{}/../shared/data/variants", env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/{file}");
    let Ok(text) = std::fs::read_to_string(&path) else {
        // Straight to the terminal: the harness hides `eprintln!` output
        // of passing tests, and a skip must be seen.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: {path} is absent; the checks on it"
        );
        return None;
    };
    Some(
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect(),
    )
}

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

fn json_error(text: &str) -> FpuzzlesError {
    from_json(text).unwrap_err()
}

/// An empty 9×9 grid as f-puzzles JSON, with `cell` set on r1c1.
fn grid_with(cell: &str) -> String {
    let mut rows = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!("[{cell},{}]", ["{}"; 8].join(","));
    format!("[{}]", rows.join(","))
}
