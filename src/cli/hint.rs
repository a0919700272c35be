//! The `hint` subcommand: the next step a person could take, or with
//! `--all` the whole path to the solution, in words.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde_json::{Value, json};

use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::{Cell, Digit};
use sudoku_sat::hint::{HintError, Hinter, Step};

use super::output::{ReportOutput, json_line, report_each};
use super::say;
use super::{EncodingArgs, InputArgs, Status};

/// Print the next step a person could take from the grid, in words;
/// with --all, every step to the solution.
///
/// The simplest step wins: naked single, hidden single, locked
/// candidates (pointing, claiming), naked pair or triple, hidden pair
/// or triple, X-wing, skyscraper, 2-string kite, turbot fish, XY-wing,
/// W-wing, swordfish, XYZ-wing, jellyfish, a variant constraint's
/// elimination (named by the constraint), and otherwise the candidate whose assumption unit
/// propagation refutes with the fewest clauses, shown clause by clause
/// in the words of `explain`; when no single assumption does, the SAT
/// solver refutes a candidate. Cells are named r1c1. A grid that
/// breaks a rule, has no solution or has several gets an error line
/// instead of a hint; a solved grid is said to be so.
///
/// Exit status: 0 every puzzle got its hints; 1 some puzzle breaks a
/// rule or has no or several solutions; 2 usage, I/O or parse error.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    file: Option<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    encoding: EncodingArgs,

    /// Print every step from the grid to the solution, numbered, instead
    /// of the next step only.
    #[arg(long)]
    all: bool,

    /// How to print: per puzzle its label and the steps in words, or one
    /// JSON object per puzzle (JSON Lines) with `label`, `line`, `status`
    /// (`unique`; `broken`, `unsolvable` or `multiple` for a puzzle that
    /// gets no hint, with `error` saying why, else null), `steps` (each
    /// with `technique`, `cells`, `placed` and `eliminated` as
    /// `{"cell": "r1c1", "digit": 5}` objects, `constraint` (`key` and
    /// `description`, or null), `chain` and `text`) and `solved` (whether
    /// the grid is full after the steps given).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,
}

/// Runs `hint` on each puzzle of the input.
pub fn hint(args: HintArgs) -> anyhow::Result<Status> {
    let input = args.input.open(args.file.as_deref())?;
    let name = input.name.clone();
    let encoding = args.encoding.encoding();
    let mut status = Status::Success;
    let mut first = true;
    let result = report_each(input, args.input.options(), |source, puzzle, out| {
        let at = format!("{source}: {}", puzzle.label);
        let mut hinter = match Hinter::new(&puzzle.puzzle, &encoding) {
            Ok(hinter) => hinter,
            Err(HintError::Solve(e)) => return Err(anyhow::Error::new(e).context(at)),
            Err(refused) => {
                say::error(format_args!("{at}: {refused}"));
                status = status.max(Status::NotUnique);
                if args.output == ReportOutput::Json {
                    json_line(out, &refused_json(&puzzle, &refused))?;
                }
                return Ok(());
            }
        };
        let steps = if args.all {
            hinter.solve_all()
        } else {
            let step = hinter.next_step();
            if let Ok(Some(step)) = &step {
                hinter.apply(step);
            }
            step.map(|s| s.into_iter().collect())
        }
        .with_context(|| at.clone())?;
        match args.output {
            ReportOutput::Text => {
                if !first && args.all {
                    writeln!(out).context("cannot write to stdout")?;
                }
                write!(
                    out,
                    "{}",
                    text(&puzzle, &steps, hinter.is_solved(), args.all)
                )
                .context("cannot write to stdout")?;
            }
            ReportOutput::Json => json_line(out, &hint_json(&puzzle, &steps, hinter.is_solved()))?,
        }
        first = false;
        Ok(())
    });
    Ok(result?.status(&name, status))
}

/// Returns the text a puzzle prints: `LABEL: step` for one step, or the
/// label and the numbered steps for `--all`; a contradiction's clauses
/// follow it, one a line.
fn text(puzzle: &Puzzle, steps: &[Step], solved: bool, all: bool) -> String {
    let label = &puzzle.label;
    if steps.is_empty() {
        return format!("{label}: the grid is already solved\n");
    }
    let chain = |step: &Step, indent: &str| -> String {
        step.chain
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{indent}({}) {w}\n", i + 1))
            .collect()
    };
    if !all {
        let step = &steps[0];
        return format!("{label}: {}\n{}", step.text, chain(step, "  "));
    }
    let mut text = format!("{label}:\n");
    let width = steps.len().to_string().len();
    for (i, step) in steps.iter().enumerate() {
        text.push_str(&format!("{:>width$}. {}\n", i + 1, step.text));
        text.push_str(&chain(step, &" ".repeat(width + 4)));
    }
    if solved {
        text.push_str(&format!(
            "solved in {}\n",
            say::count(steps.len(), "step", "steps")
        ));
    }
    text
}

/// Returns a cell-digit pair as `{"cell": "r1c1", "digit": 5}`.
fn pair_json(&(cell, digit): &(Cell, Digit)) -> Value {
    json!({ "cell": cell.to_string(), "digit": digit.get() })
}

/// Returns one step as `--output json` writes it.
fn step_json(step: &Step) -> Value {
    json!({
        "technique": step.technique.id(),
        "cells": step.cells.iter().map(Cell::to_string).collect::<Vec<_>>(),
        "placed": step.placed.iter().map(pair_json).collect::<Vec<_>>(),
        "eliminated": step.eliminated.iter().map(pair_json).collect::<Vec<_>>(),
        "constraint": step.constraint.as_ref().map(|(key, description)| {
            json!({ "key": key, "description": description })
        }),
        "chain": step.chain,
        "text": step.text,
    })
}

/// Returns the JSON object `hint --output json` prints for a puzzle.
fn hint_json(puzzle: &Puzzle, steps: &[Step], solved: bool) -> Value {
    json!({
        "label": puzzle.label.to_string(),
        "line": puzzle.line,
        "status": "unique",
        "steps": steps.iter().map(step_json).collect::<Vec<_>>(),
        "solved": solved,
        "error": null,
    })
}

/// Returns the JSON object for a puzzle that gets no hint: its status
/// (`broken`, `unsolvable` or `multiple`), no steps, and the reason.
fn refused_json(puzzle: &Puzzle, refused: &HintError) -> Value {
    let status = match refused {
        HintError::Broken(_) | HintError::BrokenConstraint(_) => "broken",
        HintError::NoSolution => "unsolvable",
        HintError::Several(..) => "multiple",
        _ => "error",
    };
    json!({
        "label": puzzle.label.to_string(),
        "line": puzzle.line,
        "status": status,
        "steps": [],
        "solved": false,
        "error": refused.to_string(),
    })
}
