//! What `generate` prints of each puzzle and of the run: the JSON record
//! and the summary line.

use std::path::PathBuf;

use serde_json::json;

use sudoku_sat::formats::fpuzzles::Shown;
use sudoku_sat::generate::{Generated, RunRecord};
use sudoku_sat::rate::Level;

use super::GenerateArgs;
use crate::cli::say;

/// Returns the JSON record of a generated puzzle: the library's record
/// of it in the run, with the paths of its DRAT certificate.
pub(super) fn record(
    args: &GenerateArgs,
    (index, made, shown): (u64, &Generated, &Shown),
    cross_check: &str,
    proof: Option<&(PathBuf, PathBuf)>,
) -> serde_json::Value {
    let mut record = made.record(&RunRecord {
        index,
        seed: args.seed,
        symmetry: args.symmetry,
        cross_check,
        shown: Some(shown),
    });
    record["proof"] = json!(proof.map(|(cnf, drat)| json!({
        "cnf": cnf.display().to_string(),
        "drat": drat.display().to_string(),
    })));
    record
}

/// The counts behind the summary line.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) made: u64,
    /// The number of the first puzzle made, for the certificate to try.
    pub(super) first: Option<u64>,
    givens: Vec<usize>,
    levels: [u64; 3],
    unrated: u64,
    /// Puzzles bounded or budgeted removal left with unsettled givens,
    /// those givens in all, and the removal that left them.
    unproved: u64,
    unsettled: usize,
    unsettled_by: &'static str,
    /// Pattern puzzles with redundant givens, and those givens in all.
    loose: u64,
    redundant: usize,
}

impl Tally {
    pub(super) fn add(&mut self, index: u64, made: &Generated) {
        self.made += 1;
        self.first.get_or_insert(index);
        self.givens.push(made.puzzle.givens().given_count());
        match &made.rating {
            Some(rating) => self.levels[rating.level as usize] += 1,
            None => self.unrated += 1,
        }
        if !made.unsettled.is_empty() {
            self.unproved += 1;
            self.unsettled += made.unsettled.iter().flatten().count();
            self.unsettled_by = made.removal.name();
        }
        if !made.redundant.is_empty() {
            self.loose += 1;
            self.redundant += made.redundant.len();
        }
    }

    /// Returns `generated K puzzles in S s (R puzzles/s); givens: 22 x3,
    /// 23 x10, ...; levels: propagation A, probing B, search C`, and,
    /// when bounded or budgeted removal left givens unsettled, `; not
    /// proved minimal: K puzzles (U givens unsettled by bounded removal)`; `levels: unrated` under
    /// --no-rate, and `; not minimal: K puzzles (R redundant givens on
    /// the pattern)`.
    pub(super) fn summary(&mut self, seconds: f64) -> String {
        self.givens.sort_unstable();
        let mut counts: Vec<(usize, usize)> = Vec::new();
        for &g in &self.givens {
            match counts.last_mut() {
                Some((value, n)) if *value == g => *n += 1,
                _ => counts.push((g, 1)),
            }
        }
        let givens: Vec<String> = counts.iter().map(|(g, n)| format!("{g} x{n}")).collect();
        let mut levels: Vec<String> = Level::ALL
            .iter()
            .zip(self.levels)
            .filter(|&(_, n)| n > 0 || self.unrated == 0)
            .map(|(level, n)| format!("{level} {n}"))
            .collect();
        if self.unrated > 0 {
            levels.push(format!("unrated {}", self.unrated));
        }
        // Puzzles with givens not proved needed, and how many such givens.
        let short = |label: &str, puzzles: u64, givens: String| {
            if puzzles == 0 {
                String::new()
            } else {
                let puzzles = say::count(puzzles, "puzzle", "puzzles");
                format!("; {label}: {puzzles} ({givens})")
            }
        };
        let unproved = short(
            "not proved minimal",
            self.unproved,
            format!(
                "{} unsettled by {} removal",
                say::count(self.unsettled, "given", "givens"),
                self.unsettled_by
            ),
        );
        let loose = short(
            "not minimal",
            self.loose,
            say::count(self.redundant, "redundant given", "redundant givens") + " on the pattern",
        );
        format!(
            "generated {} in {seconds:.2} s ({:.1} puzzles/s); givens: {}; levels: {}{unproved}{loose}",
            say::count(self.made, "puzzle", "puzzles"),
            self.made as f64 / seconds.max(1e-9),
            if givens.is_empty() {
                "none".to_string()
            } else {
                givens.join(", ")
            },
            levels.join(", ")
        )
    }
}
