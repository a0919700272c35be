//! The `hint` subcommand: the next step a person could take, or with
//! `--all` the whole path to the solution, in words.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde_json::{Value, json};

use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::Digit;
use sudoku_sat::hint::score::{format_score, path_score};
use sudoku_sat::hint::{HintError, Hinter, Step, Technique, Walk};

use super::args::ProgressArgs;
use super::output::{ReportOutput, json_line, report_each};
use super::say;
use super::shard::ShardArgs;
use super::{EncodingArgs, InputArgs, Status};

/// Print the next step a person could take from the grid, in words;
/// with --all, every step to the solution and the path's score.
///
/// The simplest step wins: naked single, hidden single, locked
/// candidates (pointing, claiming), naked pair or triple, hidden pair
/// or triple, X-wing, skyscraper, 2-string kite, turbot fish, XY-wing,
/// W-wing, swordfish, XYZ-wing, jellyfish, simple colouring, X-chain,
/// XY-chain, AIC (with its nice loops, chains written in Eureka
/// notation and listed link by link), a variant constraint's
/// elimination (named by the constraint), and otherwise the candidate whose assumption unit
/// propagation refutes with the fewest clauses, shown clause by clause
/// in the words of `explain`; when no single assumption does, the SAT
/// solver refutes a candidate no solution holds. Cells are named r1c1.
/// A grid that breaks a rule or has no solution gets an error line
/// instead of a hint; one with several (a puzzle being set) gets the
/// steps logic allows and a note. Where the steps stop short (several
/// solutions, or --until), the open cells are listed with their
/// candidates. A solved grid is said to be so.
///
/// Exit status: 0 every puzzle got its hints; 1 some puzzle breaks a
/// rule or has no or several solutions; 2 usage, I/O or parse error, or a
/// solution given in the input (a CSV solution column) that breaks a rule.
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
    shard: ShardArgs,

    #[command(flatten)]
    encoding: EncodingArgs,

    /// Print every step from the grid to the solution, numbered, instead
    /// of the next step only.
    #[arg(long)]
    all: bool,

    /// Use no technique harder than this one (by its id: `naked-single`,
    /// `hidden-single`, `pointing`, `claiming`, `naked-pair`,
    /// `naked-triple`, `hidden-pair`, `hidden-triple`, `x-wing`,
    /// `skyscraper`, `2-string-kite`, `turbot-fish`, `xy-wing`, `w-wing`,
    /// `swordfish`, `xyz-wing`, `jellyfish`, `simple-colouring`,
    /// `x-chain`, `xy-chain`, `aic`, `constraint`,
    /// `contradiction`, `solver-refutation`). Where none of those
    /// applies, the steps stop and the open cells are shown with their
    /// candidates: what a solver who knows no more is stuck on.
    #[arg(long, value_name = "TECHNIQUE", value_parser = parse_technique)]
    until: Option<Technique>,

    /// No contradictions and no solver refutations: the human techniques
    /// and the variant constraints' own steps only (`--until
    /// constraint`).
    #[arg(long)]
    no_contradictions: bool,

    /// How to print: per puzzle its label and the steps in words, or one
    /// JSON object per puzzle (JSON Lines) with `label`, `line`, `status`
    /// (`unique` or `multiple`; `broken` or `unsolvable` for a puzzle
    /// that gets no hint, with `error` saying why, else null), `steps` (each
    /// with `technique`, `cells`, `placed` and `eliminated` as
    /// `{"cell": "r1c1", "digit": 5}` objects, `constraint` (`key` and
    /// `description`, or null), `chain` and `text`), `solved` (whether
    /// the grid is full after the steps given), `score` and `hardest`
    /// (with --all on a solved path: the path's score on Sudoku
    /// Explainer's scale, 1.5 to 10.0, and the technique of its hardest
    /// step; else null), `stuck` (whether they
    /// stopped short: no step within --until, or none for a puzzle with
    /// several solutions) and `open` (then, each open cell as `{"cell":
    /// "r1c1", "candidates": [1, 5]}`; else empty).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// Reads `--until`: a technique's id.
fn parse_technique(id: &str) -> Result<Technique, String> {
    Technique::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        format!("not a technique; one of: {}", ids.join(", "))
    })
}

/// Runs `hint` on each puzzle of the input.
pub fn hint(args: HintArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?)
        .with_shard(args.shard.shard)
        .with_progress(&args.progress);
    let name = input.name.clone();
    let encoding = args.encoding.encoding();
    let mut ceiling = args.until.unwrap_or(Technique::SolverRefutation);
    if args.no_contradictions {
        ceiling = ceiling.min(Technique::Constraint);
    }
    let mut status = Status::Success;
    let mut first = true;
    let result = report_each(input, args.input.options(), |source, puzzle, out| {
        let at = format!("{source}: {}", puzzle.label);
        let mut hinter = match Hinter::unfinished(&puzzle.puzzle, &encoding) {
            Ok(hinter) => hinter.with_ceiling(ceiling),
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
        let walk = hinter.walk(args.all).with_context(|| at.clone())?;
        if let Some((a, b)) = hinter.two_solutions() {
            let cells = a.differences(b);
            say::note(format_args!(
                "{at}: the puzzle has several solutions (two differ in {}, {}...); \
                 the steps go as far as logic does",
                say::count(cells.len(), "cell", "cells"),
                cells[0]
            ));
            status = status.max(Status::NotUnique);
        }
        let ended = Ended { walk, ceiling };
        match args.output {
            ReportOutput::Text => {
                if !first && args.all {
                    writeln!(out).context("cannot write to stdout")?;
                }
                write!(out, "{}", text(&puzzle, &ended, args.all))
                    .context("cannot write to stdout")?;
            }
            ReportOutput::Json => json_line(out, &hint_json(&puzzle, &ended.walk))?,
        }
        first = false;
        Ok(())
    });
    Ok(result?.status(&name, status))
}

/// How a puzzle's steps ended, and the hardest technique allowed.
struct Ended {
    /// The steps and where they stopped.
    walk: Walk,
    /// The hardest technique allowed.
    ceiling: Technique,
}

impl Ended {
    /// Says why the steps stopped short, and what is open.
    fn stuck_text(&self) -> String {
        let why = if self.ceiling < Technique::SolverRefutation {
            format!("no technique up to {} applies", self.ceiling)
        } else if self.walk.unique {
            "no step applies".to_string()
        } else if self.walk.gave_up {
            "the solver found no candidate that no solution holds within its budget \
             of solutions (64, or twice the side)"
                .to_string()
        } else {
            "every candidate left is held by some solution".to_string()
        };
        let open: Vec<String> = self
            .walk
            .open
            .iter()
            .map(|(cell, digits)| {
                let digits: Vec<String> = digits.iter().map(Digit::to_string).collect();
                format!("{cell} {{{}}}", digits.join(","))
            })
            .collect();
        format!(
            "stuck: {why}; {} open: {}",
            say::count(open.len(), "cell", "cells"),
            open.join(" ")
        )
    }
}

/// Returns the text a puzzle prints: `LABEL: step` for one step, or the
/// label and the numbered steps for `--all`; a contradiction's clauses
/// follow it, one a line; where the steps stop short, why and the open
/// cells with their candidates.
fn text(puzzle: &Puzzle, ended: &Ended, all: bool) -> String {
    let label = &puzzle.label;
    let steps = &ended.walk.steps;
    if steps.is_empty() {
        if ended.walk.stuck {
            return format!("{label}: {}\n", ended.stuck_text());
        }
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
    if ended.walk.solved {
        text.push_str(&format!(
            "solved in {}",
            say::count(steps.len(), "step", "steps")
        ));
        if let Some((score, at)) = path_score(steps) {
            text.push_str(&format!(
                "; score {} (the hardest step, {}: {})",
                format_score(score),
                at + 1,
                steps[at].technique
            ));
        }
        text.push('\n');
    } else if ended.walk.stuck {
        text.push_str(&format!(
            "after {}, {}\n",
            say::count(steps.len(), "step", "steps"),
            ended.stuck_text()
        ));
    }
    text
}

/// Returns the JSON object `hint --output json` prints for a puzzle:
/// the walk's ([`Walk::to_json`]) with the label, the line and no error.
fn hint_json(puzzle: &Puzzle, walk: &Walk) -> Value {
    let mut object = walk.to_json();
    object["label"] = json!(puzzle.label.to_string());
    object["line"] = json!(puzzle.line);
    object["error"] = Value::Null;
    object
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
