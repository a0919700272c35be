//! One function per question asked of a puzzle, each returning the JSON the
//! CLI prints for it (less the input's label and line), without the GIL.
//!
//! The methods of `Puzzle` and the batch iterator share these, so a batch
//! answers exactly what one call does.

use std::cell::RefCell;

use serde_json::{Value, json};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::Encoding;
use sudoku_sat::explain::{Target, encoded, explain as explain_clauses, family_ranges};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::hint::{HintError, Hinter, Technique};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::Rater;
use sudoku_sat::rules::Rule;
use sudoku_sat::setter::{Analysis, analyze};
use sudoku_sat::solve::candidates::true_candidates;
use sudoku_sat::solve::count::{Bound, Count, Counter};
use sudoku_sat::solve::prove::{Claim, ProofFormat, Proved};
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome, backtrack, cross_check};

use crate::Failure;

thread_local! {
    /// The solve pipeline of this thread, kept from call to call as each
    /// CLI worker keeps its own (what it builds once for a grid shape is
    /// then not rebuilt for every puzzle), with the choices it was made
    /// for. varisat's solver is not `Send`, so each thread has its own.
    static PIPELINE: RefCell<Option<((Encoding, bool), Checked)>> = const { RefCell::new(None) };
}

/// Limits of the rating's search and probing (`rate`'s options).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Decisions the rating search may take.
    pub decisions: u64,
    /// Literals the probing may try.
    pub probes: u64,
}

impl Limits {
    /// Returns the limits a call's `decision_limit` and `probe_limit`
    /// give, each checked by [`crate::unsigned`].
    pub fn of(decisions: i128, probes: i128) -> pyo3::PyResult<Limits> {
        Ok(Limits {
            decisions: crate::unsigned("decision_limit", decisions)?,
            probes: crate::unsigned("probe_limit", probes)?,
        })
    }

    fn rater(self, encoding: Encoding) -> Rater {
        Rater::new(encoding)
            .with_decision_limit(self.decisions)
            .with_probe_limit(self.probes)
    }
}

/// Returns a solver failure as a [`Failure`].
fn solve_failure(e: impl std::fmt::Display) -> Failure {
    Failure::Solve(e.to_string())
}

/// Returns what a decided verdict says, for a disagreement's message, in
/// the CLI's words.
fn verdict_words(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Unique(g) => format!("one solution, {g}"),
        Verdict::Multiple(..) => "several solutions".to_string(),
        Verdict::Unsolvable => "no solution".to_string(),
        Verdict::GaveUp => "nothing (it gave up)".to_string(),
    }
}

/// Proves what the puzzle is, as `prove` does, with a DRAT proof kept in
/// memory: `status` (`unique`, `unsolvable` or `multiple`), `solution`,
/// `second_solution` and `format` (`drat`), and the proof's bytes (none
/// for several solutions, which have nothing to refute). The proof refutes
/// the puzzle's CNF (`solve --dimacs`), with the solution blocked when
/// there is one; the same puzzle and encoding give the same bytes.
pub fn prove(puzzle: &Puzzle, encoding: Encoding) -> Result<(Value, Option<Vec<u8>>), Failure> {
    let proved = sudoku_sat::solve::prove::prove(puzzle, &encoding, ProofFormat::Drat)
        .map_err(solve_failure)?;
    let format = ProofFormat::Drat.name();
    Ok(match proved {
        Proved::Certified(certificate) => {
            let (status, solution) = match certificate.claim() {
                Claim::Unique(s) => ("unique", Some(s.to_string())),
                Claim::Unsolvable => ("unsolvable", None),
            };
            let answer = json!({"status": status, "solution": solution,
                "second_solution": null, "format": format});
            (answer, Some(certificate.proof().to_vec()))
        }
        Proved::Multiple(first, second) => {
            let answer = json!({"status": "multiple", "solution": first.to_string(),
                "second_solution": second.to_string(), "format": format});
            (answer, None)
        }
    })
}

/// Solves as `solve --output json` does: `status` (`unique`, `multiple`
/// or `unsolvable`), `solution`, `second_solution`, `differ` (cells as
/// `r1c2` where the two solutions differ) and `cross_check` (`agree`,
/// `skipped` or `gave up`).
pub fn solve(puzzle: &Puzzle, encoding: Encoding, check: bool) -> Result<Value, Failure> {
    let report = PIPELINE.with(|pipeline| {
        let mut pipeline = pipeline.borrow_mut();
        let key = (encoding, check);
        if pipeline
            .as_ref()
            .is_none_or(|(made_for, _)| *made_for != key)
        {
            let backtracker = check.then(Backtracker::default);
            *pipeline = Some((key, Checked::new(SatSolver::new(encoding), backtracker)));
        }
        let (_, checked) = pipeline.as_mut().expect("made above");
        let report = checked.solve(puzzle);
        // A solver error may leave the solver mid-way: the next call
        // starts a fresh pipeline.
        if report.is_err() {
            *pipeline = None;
        }
        report
    });
    let report = report.map_err(solve_failure)?;
    let cross_check = match report.check {
        CrossCheck::Agree => "agree",
        CrossCheck::Skipped => "skipped",
        CrossCheck::GaveUp { .. } => "gave up",
        CrossCheck::Disagree(verdict) => {
            return Err(Failure::Solve(format!(
                "the SAT solver and the backtracker disagree: SAT finds the puzzle {}; the \
                 backtracker finds {}",
                report.outcome.status(),
                verdict_words(&verdict)
            )));
        }
    };
    let (second, differ) = match &report.outcome {
        Outcome::Multiple(a, b) => (Some(b.to_string()), cell_names(&a.differences(b))),
        _ => (None, Vec::new()),
    };
    Ok(json!({
        "status": report.outcome.status(),
        "solution": report.outcome.solution().map(Grid::to_string),
        "second_solution": second,
        "differ": differ,
        "cross_check": cross_check,
    }))
}

/// Returns cells as `r1c2` names.
fn cell_names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(Cell::to_string).collect()
}

/// Checks a count's limit: at least 1, as `count -k` takes. A batch
/// checks it once, at the call, rather than failing every item alike.
pub fn count_limit(limit: u64) -> Result<(), Failure> {
    if limit == 0 {
        return Err(Failure::Value(
            "the limit must be at least 1, as `count -k` takes".into(),
        ));
    }
    Ok(())
}

/// Counts as `count --output json` does: `count` (exact, or `limit` when
/// there are more), `limit`, `limit_reached` and `by` (`enumerated` or
/// `relabelling`; null below the limit).
pub fn count(puzzle: &Puzzle, encoding: Encoding, limit: u64) -> Result<Value, Failure> {
    count_limit(limit)?;
    let tally = Counter::new(encoding)
        .count(puzzle, limit)
        .map_err(solve_failure)?;
    let (found, by) = match tally.count {
        Count::Exactly(n) => (n, None),
        Count::MoreThan { limit, by } => (
            limit,
            Some(match by {
                Bound::Enumerated => "enumerated",
                Bound::Relabelling { .. } => "relabelling",
            }),
        ),
    };
    Ok(json!({
        "count": found,
        "limit": limit,
        "limit_reached": by.is_some(),
        "by": by,
    }))
}

/// Returns the true candidates: `cells` (per cell, row-major, the digits
/// it holds in some solution) and `solutions` (`none`, `one` or
/// `several`).
pub fn candidates(puzzle: &Puzzle, encoding: Encoding) -> Result<Value, Failure> {
    let found = true_candidates(puzzle, &encoding).map_err(solve_failure)?;
    Ok(json!({ "cells": found.numbers(), "solutions": found.solutions().name() }))
}

/// Rates as `rate --output json` does ([`sudoku_sat::rate::Rating::to_json`]).
pub fn rate(puzzle: &Puzzle, encoding: Encoding, limits: Limits) -> Result<Value, Failure> {
    let rating = limits.rater(encoding).rate(puzzle).map_err(solve_failure)?;
    Ok(rating.to_json())
}

/// Returns givens as `r1c3=9` names, as `check` writes them.
fn given_names(size: Size, givens: impl IntoIterator<Item = (Cell, Digit)>) -> Vec<String> {
    givens
        .into_iter()
        .map(|(c, d)| format!("{c}={}", size.symbol(d)))
        .collect()
}

/// Reports as `check --output json` does, less the label and line.
pub fn check(
    puzzle: &Puzzle,
    encoding: Encoding,
    limits: Limits,
    with_check: bool,
) -> Result<Value, Failure> {
    let analysis = analyze(puzzle, &encoding).map_err(solve_failure)?;
    let rating = limits.rater(encoding).rate(puzzle).map_err(solve_failure)?;
    if rating.outcome.status() != analysis.status() {
        return Err(Failure::Solve(format!(
            "the rating finds the puzzle {}, the analysis {}",
            rating.outcome.status(),
            analysis.status()
        )));
    }
    let agreed = if with_check {
        let verdict = backtrack(Backtracker::default(), puzzle).verdict;
        match cross_check(&analysis.outcome(), &verdict, 0) {
            CrossCheck::Agree => "agree",
            CrossCheck::Skipped | CrossCheck::GaveUp { .. } => "skipped",
            CrossCheck::Disagree(verdict) => {
                return Err(Failure::Solve(format!(
                    "the SAT solver and the backtracker disagree: SAT finds the puzzle {}; the \
                     backtracker finds {}",
                    analysis.status(),
                    verdict_words(&verdict)
                )));
            }
        }
    } else {
        "skipped"
    };
    let size = puzzle.givens().size();
    let mut report = json!({
        "status": analysis.status(),
        "level": rating.level.name(),
        "givens": puzzle.givens().given_count(),
        "solution": null,
        "needed": [],
        "redundant": [],
        "second_solution": null,
        "differ": [],
        "core": null,
        "cross_check": agreed,
    });
    match &analysis {
        Analysis::Unique {
            solution,
            needed,
            redundant,
        } => {
            report["solution"] = json!(solution.to_string());
            report["needed"] = json!(given_names(size, needed.iter().map(|&(c, d, _)| (c, d))));
            report["redundant"] = json!(given_names(size, redundant.iter().copied()));
        }
        Analysis::Multiple {
            first,
            second,
            differ,
        } => {
            report["solution"] = json!(first.to_string());
            report["second_solution"] = json!(second.to_string());
            report["differ"] = json!(cell_names(differ));
        }
        Analysis::Unsolvable {
            core,
            smallest,
            lower_bound,
        } => {
            let constraints: Vec<Value> = core
                .constraints
                .iter()
                .map(|c| json!({"key": c.key(), "description": c.describe()}))
                .collect();
            report["core"] = json!({
                "givens": given_names(size, core.givens.iter().copied()),
                "constraints": constraints,
                "smallest": smallest,
                "lower_bound": lower_bound,
            });
        }
    }
    Ok(report)
}

/// Returns the technique named by its id (`naked-single`…), or a
/// `ValueError` listing them.
pub fn technique(id: &str) -> Result<Technique, Failure> {
    crate::choose("until", id, &Technique::ALL, Technique::id)
}

/// Gives the next step (or, with `all`, every step to the solution) as
/// `hint --output json` does, less the label and line
/// ([`sudoku_sat::hint::Walk::to_json`]), with `gave_up` (the solver's
/// search for a candidate no solution holds stopped at its budget).
///
/// A grid that gets no hint (broken, unsolvable, or several solutions
/// with no step at all) is a [`Failure::Puzzle`] with the CLI's message.
pub fn hint(
    puzzle: &Puzzle,
    encoding: Encoding,
    all: bool,
    ceiling: Technique,
) -> Result<Value, Failure> {
    let mut hinter = match Hinter::unfinished(puzzle, &encoding) {
        Ok(hinter) => hinter.with_ceiling(ceiling),
        Err(HintError::Solve(e)) => return Err(solve_failure(e)),
        Err(refused) => return Err(Failure::Puzzle(refused.to_string())),
    };
    let mut walk = hinter.walk(all).map_err(|e| solve_failure(&e))?.to_json();
    walk["gave_up"] = json!(hinter.gave_up());
    Ok(walk)
}

/// Counts the formula's variables and clauses as `stats --output json`
/// does: `variables`, `clauses`, `families` (name: clauses) and
/// `family_details` (in the order written: `family`, `clauses`,
/// `literals`, `first` clause position).
pub fn stats(puzzle: &Puzzle, encoding: Encoding) -> Value {
    let (_, stats) = encoded(Some(puzzle), puzzle.shape(), &encoding);
    let families: serde_json::Map<String, Value> = stats
        .families
        .iter()
        .map(|(family, n)| (family.name().to_string(), json!(n)))
        .collect();
    let details: Vec<Value> = family_ranges(&stats)
        .iter()
        .zip(&stats.family_literals)
        .map(|((family, range), literals)| {
            json!({
                "family": family.name(),
                "clauses": range.len(),
                "literals": literals,
                "first": range.start,
            })
        })
        .collect();
    json!({
        "variables": stats.variables,
        "clauses": stats.clauses,
        "families": families,
        "family_details": details,
    })
}

/// Lists the clauses that mention `target` (`r5c3`, `row2`, `block4`,
/// a variable number…) as `explain --output json` does: `target`,
/// `variables`, `clauses` and `families`.
///
/// A target that names nothing in the grid is a `ValueError` with the
/// CLI's message, which names the target itself.
pub fn explain(puzzle: &Puzzle, encoding: Encoding, target: &str) -> Result<Value, Failure> {
    let parsed: Target = target
        .parse()
        .map_err(|e: sudoku_sat::explain::TargetError| Failure::Value(e.to_string()))?;
    let shape = puzzle.shape();
    let (cnf, stats) = encoded(Some(puzzle), shape, &encoding);
    let explanation =
        explain_clauses(&cnf, &stats, shape, parsed).map_err(|e| Failure::Value(e.to_string()))?;
    Ok(json!({
        "target": explanation.target.to_string(),
        "variables": explanation.variables,
        "clauses": explanation.clauses,
        "families": explanation.families_json(0),
    }))
}
