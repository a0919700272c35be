//! `check`: a setter's report per puzzle: unique, several or none; the
//! givens it needs and those it does not; two solutions and where they
//! differ; the minimal cores of an unsolvable puzzle; the rating.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::rate::Rater;
use sudoku_sat::rules::Rule;
use sudoku_sat::setter::{Analysis, analyze};
use sudoku_sat::solve::{CrossCheck, cross_check};

use super::args::ProgressArgs;
use super::count::{CheckArgs, verdict_words};
use super::explain_report::{check_core, core_words, difference_lines, givens_text};
use super::output::{ReportOutput, json_line, report_each};
use super::say;
use super::shard::ShardArgs;
use super::{InputArgs, Status};

/// Report on each puzzle as a setter needs: unique, several solutions
/// or none, and the rating.
///
/// Unique: the solution, the givens it needs (each proved by a second
/// solution of the puzzle without it) and the givens it does not
/// (unique without each one alone: not minimal). Several: two
/// solutions side by side and the cells they differ in. None: a
/// minimal set of givens and constraints that has no solution (as
/// `solve --explain`). Answers are cross-checked with the backtracker.
///
/// Exit status: 0 every puzzle unique (redundant givens or not); 1 some
/// puzzle has none or several; 2 usage, I/O or parse error, a
/// disagreement with the backtracker, or a solution given in the input (a
/// CSV solution column) that breaks a rule.
#[derive(Debug, Args)]
pub struct CheckCommandArgs {
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

    /// How to print: a few lines per puzzle for people, or one JSON object
    /// per puzzle (JSON Lines) with `label`, `line`, `status` (`unique`,
    /// `multiple`, `unsolvable`), `level` (the `rate` level), `givens`
    /// (their count), `solution` (for `unique`, and the first of two for
    /// `multiple`; else null), `needed` and `redundant` (givens as
    /// `r1c3=9`, for `unique`; else empty), `second_solution` and `differ`
    /// (the cells where the two solutions differ, as `r1c2`; for
    /// `multiple`), `core` (for `unsolvable`: `givens` as `r1c3=9`,
    /// `constraints` as objects with `key` and `description`, `smallest`
    /// (true when no smaller set has no solution) and `lower_bound`; else
    /// null),
    /// and `cross_check` (`agree`, or `skipped`).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    /// For a unique puzzle, also print each needed given's witness: the
    /// second solution the puzzle has without it (text: a line per given
    /// with the solution and the cells where it differs; JSON:
    /// `witnesses`, objects with `given`, `second_solution` and `differ`).
    #[arg(long)]
    witnesses: bool,

    /// Decisions the rating search may take (see `rate`).
    #[arg(long, value_name = "DECISIONS", default_value_t = Rater::DEFAULT_DECISION_LIMIT)]
    decision_limit: u64,

    /// Literals the rating's probing may try (see `rate`).
    #[arg(long, value_name = "TRIALS", default_value_t = Rater::DEFAULT_PROBE_LIMIT)]
    probe_limit: u64,

    #[command(flatten)]
    check: CheckArgs,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// Runs `check`: each puzzle's report on stdout.
pub fn check(args: CheckCommandArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?)
        .with_shard(args.shard.shard)
        .with_progress(&args.progress);
    let name = input.name.clone();
    let encoding = args.check.encoding();
    let mut rater = Rater::new(encoding)
        .with_decision_limit(args.decision_limit)
        .with_probe_limit(args.probe_limit);
    let mut status = Status::Success;
    let mut first = true;
    let reported = report_each(input, args.input.options(), |source, entry, out| {
        let at = format!("{source}: {}", entry.label);
        let puzzle = &entry.puzzle;
        let analysis = analyze(puzzle, &encoding).with_context(|| at.clone())?;
        let rating = rater.rate(puzzle).with_context(|| at.clone())?;
        if rating.outcome.status() != analysis.status() {
            bail!(
                "{at}: the rating finds the puzzle {}, the analysis {}",
                rating.outcome.status(),
                analysis.status()
            );
        }
        let what = "the report is not cross-checked";
        let agreed = match args.check.verdict(&at, puzzle, what) {
            None => "skipped",
            Some(verdict) => match cross_check(&analysis.outcome(), &verdict, 0) {
                CrossCheck::Agree => "agree",
                CrossCheck::Skipped | CrossCheck::GaveUp { .. } => "skipped",
                CrossCheck::Disagree(verdict) => bail!(
                    "{at}: the SAT solver and the backtracker disagree: SAT finds the puzzle \
                     {}; the backtracker finds {}",
                    analysis.status(),
                    verdict_words(&verdict)
                ),
            },
        };
        if let Analysis::Unsolvable { core, .. } = &analysis {
            check_core(args.check.backtracker(), &at, puzzle, core)?;
        }
        if !matches!(analysis, Analysis::Unique { .. }) {
            status = status.max(Status::NotUnique);
        }
        let level = rating.level.name();
        match args.output {
            ReportOutput::Text => {
                if !first {
                    writeln!(out).context("cannot write to stdout")?;
                }
                for line in text(&entry, &analysis, level, args.witnesses) {
                    writeln!(out, "{line}").context("cannot write to stdout")?;
                }
            }
            ReportOutput::Json => {
                let mut object = report_json(&entry, &analysis, level, agreed);
                if args.witnesses {
                    object["witnesses"] = witnesses_json(&entry, &analysis);
                }
                json_line(out, &object)?
            }
        }
        first = false;
        Ok(())
    })?;
    Ok(reported.status(&name, status))
}

/// Returns givens as `r1c3=9` strings.
fn named(size: Size, givens: &[(Cell, Digit)]) -> Vec<String> {
    givens
        .iter()
        .map(|&g| givens_text(size, std::slice::from_ref(&g)))
        .collect()
}

/// Returns the needed givens without the second solutions that show them
/// needed.
fn without_witnesses(needed: &[(Cell, Digit, sudoku_sat::grid::Grid)]) -> Vec<(Cell, Digit)> {
    needed.iter().map(|&(c, d, _)| (c, d)).collect()
}

/// Returns the lines of a puzzle's text report.
fn text(entry: &Puzzle, analysis: &Analysis, level: &str, witnesses: bool) -> Vec<String> {
    let size = entry.grid().size();
    let givens = entry.grid().given_count();
    let head = |what: &str| {
        format!(
            "{}: {what}; {}; rating: {level}",
            entry.label,
            say::count(givens, "given", "givens")
        )
    };
    match analysis {
        Analysis::Unique {
            solution,
            needed,
            redundant,
        } => {
            let seconds: Vec<String> = if witnesses {
                (witness_list(size, solution, needed).into_iter())
                    .map(|(given, second, differ)| {
                        format!(
                            "    without {given}: {second} (differs at {})",
                            differ.join(" ")
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let needed = without_witnesses(needed);
            let minimal = if redundant.is_empty() {
                "unique and minimal"
            } else {
                "unique, not minimal"
            };
            let list = |g: &[(Cell, Digit)]| {
                if g.is_empty() {
                    "none".to_string()
                } else {
                    givens_text(size, g)
                }
            };
            let mut lines = vec![
                head(minimal),
                format!("  solution: {solution}"),
                format!("  needed ({}): {}", needed.len(), list(&needed)),
            ];
            lines.extend(seconds);
            lines.push(format!(
                "  redundant ({}, each removable alone): {}",
                redundant.len(),
                list(redundant)
            ));
            lines
        }
        Analysis::Multiple { first, second, .. } => {
            let mut lines = vec![head("several solutions")];
            lines.extend(difference_lines(first, second).into_iter().map(|l| {
                if l.starts_with("  ") {
                    l
                } else {
                    format!("  {l}")
                }
            }));
            lines
        }
        Analysis::Unsolvable {
            core,
            smallest,
            lower_bound,
        } => vec![
            head("no solution"),
            format!(
                "  {}",
                core_words(&entry.puzzle, core, (!smallest).then_some(*lower_bound))
            ),
        ],
    }
}

/// Returns each needed given (`r1c7=6`) with its witness, the second
/// solution without it, and the cells where that differs from `solution`.
fn witness_list(
    size: Size,
    solution: &Grid,
    needed: &[(Cell, Digit, Grid)],
) -> Vec<(String, String, Vec<String>)> {
    needed
        .iter()
        .map(|(c, d, second)| {
            let differ = solution
                .differences(second)
                .iter()
                .map(Cell::to_string)
                .collect();
            (givens_text(size, &[(*c, *d)]), second.to_string(), differ)
        })
        .collect()
}

/// Returns the witnesses of a unique puzzle's needed givens as JSON: per
/// given, the second solution without it and where it differs; an empty
/// list for other puzzles.
fn witnesses_json(entry: &Puzzle, analysis: &Analysis) -> serde_json::Value {
    let size = entry.grid().size();
    let Analysis::Unique {
        solution, needed, ..
    } = analysis
    else {
        return json!([]);
    };
    let list: Vec<serde_json::Value> = (witness_list(size, solution, needed).into_iter())
        .map(|(given, second, differ)| {
            json!({"given": given, "second_solution": second, "differ": differ})
        })
        .collect();
    json!(list)
}

/// Returns the JSON object of a puzzle's report.
fn report_json(
    entry: &Puzzle,
    analysis: &Analysis,
    level: &str,
    cross_check: &str,
) -> serde_json::Value {
    let size = entry.grid().size();
    let empty: Vec<String> = Vec::new();
    let (solution, needed, redundant, second, differ, core) = match analysis {
        Analysis::Unique {
            solution,
            needed,
            redundant,
        } => {
            let needed = without_witnesses(needed);
            (
                Some(solution.to_string()),
                named(size, &needed),
                named(size, redundant),
                None,
                empty.clone(),
                None,
            )
        }
        Analysis::Multiple {
            first,
            second,
            differ,
        } => (
            Some(first.to_string()),
            empty.clone(),
            empty.clone(),
            Some(second.to_string()),
            differ.iter().map(Cell::to_string).collect(),
            None,
        ),
        Analysis::Unsolvable {
            core,
            smallest,
            lower_bound,
        } => {
            let constraints: Vec<serde_json::Value> = core
                .constraints
                .iter()
                .map(|c| json!({"key": c.key(), "description": c.describe()}))
                .collect();
            (
                None,
                empty.clone(),
                empty.clone(),
                None,
                empty.clone(),
                Some(json!({
                    "givens": named(size, &core.givens),
                    "constraints": constraints,
                    "smallest": smallest,
                    "lower_bound": lower_bound,
                })),
            )
        }
    };
    json!({
        "label": entry.label.to_string(),
        "line": entry.line,
        "status": analysis.status(),
        "level": level,
        "givens": entry.grid().given_count(),
        "solution": solution,
        "needed": needed,
        "redundant": redundant,
        "second_solution": second,
        "differ": differ,
        "core": core,
        "cross_check": cross_check,
    })
}
