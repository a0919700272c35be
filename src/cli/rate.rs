//! `rate`: the reasoning each puzzle needs under an encoding, and the
//! share of each level.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use serde_json::json;

use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::rate::{Level, Rater, Rating, Summary};
use sudoku_sat::solve::Outcome;

use super::EncodingArgs;
use super::args::ProgressArgs;
use super::output::{ReportOutput, json_line, print_line, report_each};
use super::say;
use super::shard::ShardArgs;
use super::{InputArgs, Status};

/// Rate each puzzle by the reasoning the encoding lets a solver use:
/// propagation, probing or search.
///
/// Each line starts with the level the puzzle needs, then its label:
/// `propagation` when unit propagation alone fixes every cell (under
/// the extended encoding: naked and hidden singles), `probing` when
/// failed-literal probing to a fixpoint does, `search` when decisions
/// are needed; search lines give the decisions and conflicts, up to the
/// first solution, of a small DPLL with probing at every node (it goes
/// on to prove uniqueness, up to --decision-limit decisions).
/// Puzzles with no solution start with `unsolvable` and say what found
/// the conflict. A last line gives the share of each level. Exit 1 when
/// a puzzle has no solution or several; 2 when a solution given in the
/// input (a CSV solution column) breaks a rule.
///
/// `--amo` changes no rating on the public sets (top95 and the 375
/// forum-hardest puzzles give the same output, line for line, under all
/// seven). Unit propagation must agree: every at-most-one encoding here
/// is arc consistent (one true input makes the others false by
/// propagation alone). Probing also tries the auxiliary variables,
/// which could in principle deduce more (a failed "none of x₁…xᵢ" says
/// one of them holds), but on these sets it never does.
#[derive(Debug, Args)]
pub struct RateArgs {
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

    /// Decisions the rating search may take before it gives up: it then
    /// still rates the puzzle `search` (probing did not decide it), says
    /// it gave up, and takes the verdict from the SAT solver.
    #[arg(long, value_name = "DECISIONS", default_value_t = Rater::DEFAULT_DECISION_LIMIT)]
    decision_limit: u64,

    /// Literals probing may try in one puzzle's rating, the first probe
    /// and the search's together, before it gives up as at the decision
    /// limit: a near-empty grid past 25×25 stops there in seconds.
    #[arg(long, value_name = "TRIALS", default_value_t = Rater::DEFAULT_PROBE_LIMIT)]
    probe_limit: u64,

    /// How to print: a line per puzzle and the summary, or one JSON
    /// object per puzzle (JSON Lines, no summary) with `label`, `line`,
    /// `level` (`propagation`, `probing`, `search`), `outcome` (`unique`,
    /// `multiple`, `unsolvable`), `propagated` and `probed` (cells fixed
    /// by propagation and by probing, givens included; null when that step
    /// conflicts or was not needed), `decisions`, `conflicts` (0 below
    /// `search`), `gave_up` (a limit stopped it) and `probe_limit_hit`
    /// (that limit was --probe-limit).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// Returns the JSON object `rate --output json` prints for a puzzle.
fn rating_json(puzzle: &Puzzle, rating: &Rating) -> serde_json::Value {
    let mut object = rating.to_json();
    object["label"] = json!(puzzle.label.to_string());
    object["line"] = json!(puzzle.line);
    object
}

/// Returns the line `rate` prints for one puzzle, without the newline.
fn line(label: &str, cells: usize, rating: &Rating) -> String {
    let fixed = |n: Option<usize>| format!("{} of {cells} cells", n.unwrap_or(0));
    let search = format!(
        "{} decision{}, {} conflict{}{}",
        rating.decisions,
        if rating.decisions == 1 { "" } else { "s" },
        rating.conflicts,
        if rating.conflicts == 1 { "" } else { "s" },
        match (rating.gave_up, rating.probe_limit_hit) {
            (true, false) => " (gave up at the decision limit; the verdict is the SAT solver's)",
            (true, true) => " (gave up at the probing limit; the verdict is the SAT solver's)",
            (false, _) => "",
        },
    );
    match (&rating.outcome, rating.level) {
        (Outcome::Unsolvable, Level::Propagation) => {
            format!(
                "{:<11}  {label}: propagation finds a conflict",
                "unsolvable"
            )
        }
        (Outcome::Unsolvable, Level::Probing) => format!(
            "{:<11}  {label}: probing finds a conflict (propagation fixes {})",
            "unsolvable",
            fixed(rating.propagated)
        ),
        (Outcome::Unsolvable, Level::Search) => format!(
            "{:<11}  {label}: search finds no solution (probing fixes {}; {search})",
            "unsolvable",
            fixed(rating.probed)
        ),
        // The first probe itself stopped at the limit: no probing figure.
        (outcome, Level::Search) if rating.probed.is_none() && rating.probe_limit_hit => {
            let verdict = match outcome {
                Outcome::Unique(_) => "one solution",
                Outcome::Multiple(..) => "several solutions",
                Outcome::Unsolvable => "no solution",
            };
            format!(
                "{:<11}  {label}: propagation fixes {}; probing gave up at the probing limit; \
                 the SAT solver finds {verdict}",
                rating.level,
                fixed(rating.propagated)
            )
        }
        (_, Level::Propagation) => format!("{:<11}  {label}", rating.level),
        (_, Level::Probing) => format!(
            "{:<11}  {label}: propagation fixes {}",
            rating.level,
            fixed(rating.propagated)
        ),
        (outcome, Level::Search) => {
            let several = if matches!(outcome, Outcome::Multiple(..)) {
                "; several solutions"
            } else {
                ""
            };
            format!(
                "{:<11}  {label}: probing fixes {}; {search}{several}",
                rating.level,
                fixed(rating.probed)
            )
        }
    }
}

/// Returns the summary line: the count and share of each level.
fn summary_line(summary: &Summary) -> String {
    let names = ["propagation", "probing", "search", "unsolvable"];
    let parts: Vec<String> = names
        .iter()
        .zip(summary.counts())
        .zip(summary.per_mille())
        .map(|((name, count), share)| format!("{name} {count} ({}.{}%)", share / 10, share % 10))
        .collect();
    let total = summary.total();
    format!(
        "{total} puzzle{}: {}",
        if total == 1 { "" } else { "s" },
        parts.join(", ")
    )
}

/// Runs `rate`.
pub fn rate(args: RateArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?)
        .with_shard(args.shard.shard)
        .with_progress(&args.progress);
    let name = input.name.clone();
    let mut rater = Rater::new(args.encoding.encoding())
        .with_decision_limit(args.decision_limit)
        .with_probe_limit(args.probe_limit);
    let mut summary = Summary::default();
    let mut status = Status::Success;
    let start = Instant::now();
    let reported = report_each(input, args.input.options(), |_, puzzle, out| {
        let rating = rater
            .rate(&puzzle.puzzle)
            .with_context(|| format!("{name}: {}", puzzle.label))?;
        summary.add(&rating);
        if !matches!(rating.outcome, Outcome::Unique(_)) {
            status = Status::NotUnique;
        }
        let cells = puzzle.grid().size().cells();
        match args.output {
            ReportOutput::Text => {
                writeln!(out, "{}", line(&puzzle.label.to_string(), cells, &rating))
                    .context("cannot write to stdout")
            }
            ReportOutput::Json => json_line(out, &rating_json(&puzzle, &rating)),
        }
    })?;
    if args.output == ReportOutput::Text {
        print_line(summary_line(&summary))?;
    }
    let total = summary.total();
    say::report(format_args!(
        "{name}: rated {total} puzzle{} in {:.2} s",
        if total == 1 { "" } else { "s" },
        start.elapsed().as_secs_f64()
    ));
    Ok(reported.status(&name, status))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_shares_are_tenths_of_a_percent() {
        let summary = Summary {
            solved: [2, 1, 0],
            unsolvable: 0,
        };
        assert_eq!(
            summary_line(&summary),
            "3 puzzles: propagation 2 (66.7%), probing 1 (33.3%), search 0 (0.0%), \
             unsolvable 0 (0.0%)"
        );
    }
}
