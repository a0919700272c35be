//! The `count` subcommand: how many solutions each puzzle has, up to a
//! limit.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;

use serde_json::json;
use sudoku_sat::backtrack::{Backtracker, Verdict};

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::backtrack;
use sudoku_sat::solve::count::{Bound, Count, Counted, Counter};

use super::args::ProgressArgs;
use super::output::{ReportOutput, json_line, report_each};
use super::say;
use super::shard::ShardArgs;
use super::{CrossCheckArgs, EncodingArgs, InputArgs, Status};

/// Count the solutions of every puzzle, up to a limit.
///
/// Prints one line per puzzle on stdout, its label, a colon and the
/// count: `Grid 01: 1`, `line 3: 0`, `line 4: 2`. A count past the
/// limit K is printed `K+` and means more than K solutions:
/// `line 9: 1000+`. At most K + 1 solutions are enumerated, each
/// decoded and validated. A grid whose givens leave f digits unused
/// has at least f! solutions once it has one (exchange the unused
/// digits), so an empty grid, which always has one, answers `K+` at
/// once whenever N! > K: any limit below 362,880 at 9x9.
///
/// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle
/// has none or several; 2 usage, I/O or parse error, or a solution given
/// in the input (a CSV solution column) that breaks a rule.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    file: Option<PathBuf>,

    /// Stop counting past this many solutions and print `K+`.
    #[arg(
        long,
        short = 'k',
        value_name = "K",
        default_value_t = 1000,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    limit: u64,

    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    shard: ShardArgs,

    /// How to print: `LABEL: COUNT` lines, or one JSON object per puzzle
    /// (JSON Lines) with `label`, `line`, `count` (the solutions found: the
    /// exact count, or K when there are more), `limit` (K),
    /// `limit_reached` (true when there are more than K) and `by` (how
    /// that is known: `enumerated`, or `relabelling` for digits no given
    /// uses; null below the limit).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    /// Count classes of relabellings: digits no given uses are
    /// interchangeable, so value-precedence clauses keep one solution of
    /// each class of k! (k the free digits; on an empty grid, the one whose
    /// first row is 1..N).
    ///
    /// Prints `LABEL: C × k! = S`, C the classes and S the solutions, or
    /// `LABEL: K+ × k!` past the limit, which applies to the classes. JSON
    /// gains `free_digits` (k) and `solutions` (S, null past the limit),
    /// and `count` is C. A puzzle with variant constraints is refused: a
    /// constraint may tell digits apart.
    #[arg(long)]
    break_symmetry: bool,

    #[command(flatten)]
    check: CheckArgs,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// How puzzles are encoded and cross-checked, for `count` and `prove`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    encoding: EncodingArgs,

    #[command(flatten)]
    check: CrossCheckArgs,
}

impl CheckArgs {
    /// Returns the chosen encoding.
    pub fn encoding(&self) -> Encoding {
        self.encoding.encoding()
    }

    /// Returns the backtracker, or `None` with `--no-cross-check`.
    pub fn backtracker(&self) -> Option<Backtracker> {
        self.check.backtracker()
    }

    /// Runs the cross-check's backtracker on a puzzle and returns its
    /// verdict, or `None` with `--no-cross-check`. When it gives up, a note
    /// at `at` says so and `what` stands without it.
    pub fn verdict(
        &self,
        at: &str,
        puzzle: &sudoku_sat::puzzle::Puzzle,
        what: &str,
    ) -> Option<Verdict> {
        let search = backtrack(self.backtracker()?, puzzle);
        if search.verdict == Verdict::GaveUp {
            say::gave_up(at, search.nodes, what);
        }
        Some(search.verdict)
    }
}

/// Runs `count`: one line `LABEL: COUNT` per puzzle on stdout.
pub fn count(args: CountArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?)
        .with_shard(args.shard.shard)
        .with_progress(&args.progress);
    let name = input.name.clone();
    let mut counter =
        Counter::new(args.check.encoding()).with_symmetry_breaking(args.break_symmetry);
    let mut status = Status::Success;
    let result = report_each(input, args.input.options(), |source, puzzle, out| {
        let at = format!("{source}: {}", puzzle.label);
        if args.break_symmetry && !puzzle.puzzle.is_classic() {
            let mut keys: Vec<_> = puzzle
                .puzzle
                .constraints()
                .iter()
                .map(|c| c.key())
                .collect();
            keys.dedup();
            bail!(
                "{at}: --break-symmetry counts classic puzzles only; `{}` may tell digits apart",
                keys.join("`, `")
            );
        }
        let tally = counter
            .count(&puzzle.puzzle, args.limit)
            .with_context(|| at.clone())?;
        let by_bound = matches!(
            tally.solutions(),
            Count::MoreThan {
                by: Bound::Relabelling { .. },
                ..
            }
        );
        if !by_bound
            && let Some(verdict) = args.check.verdict(
                &at,
                &puzzle.puzzle,
                "the count is validated but not cross-checked",
            )
        {
            cross_check(&at, &tally, verdict)?;
        }
        if tally.solutions() != Count::Exactly(1) {
            status = status.max(Status::NotUnique);
        }
        match args.output {
            ReportOutput::Text => writeln!(out, "{}: {}", puzzle.label, count_text(&tally))
                .context("cannot write to stdout")?,
            ReportOutput::Json => json_line(out, &count_json(&puzzle, &tally, args.limit))?,
        }
        Ok(())
    });
    Ok(result?.status(&name, status))
}

/// Returns what `count` prints after the label: the count, or with the
/// relabelling symmetry broken `C × k! = S` (`K+ × k!` past the limit).
fn count_text(tally: &Counted) -> String {
    match (tally.relabelling_broken, tally.solutions()) {
        (None, count) => count.to_string(),
        (Some(k), Count::Exactly(all)) => format!("{} × {k}! = {all}", tally.count),
        (Some(k), _) => format!("{} × {k}!", tally.count),
    }
}

/// Returns the JSON object `count --output json` prints for a puzzle.
fn count_json(puzzle: &Puzzle, tally: &Counted, limit: u64) -> serde_json::Value {
    let (found, by) = match tally.count {
        Count::Exactly(n) => (n, None),
        Count::MoreThan { limit, by } => {
            let by = match by {
                Bound::Enumerated => "enumerated",
                Bound::Relabelling { .. } => "relabelling",
            };
            (limit, Some(by))
        }
    };
    let mut object = json!({
        "label": puzzle.label.to_string(),
        "line": puzzle.line,
        "count": found,
        "limit": limit,
        "limit_reached": by.is_some(),
        "by": by,
    });
    if let Some(k) = tally.relabelling_broken {
        let solutions = match tally.solutions() {
            Count::Exactly(all) => Some(all),
            Count::MoreThan { .. } => None,
        };
        object["free_digits"] = json!(k);
        object["solutions"] = json!(solutions);
    }
    object
}

/// Compares a count with the backtracker's verdict: 0 means unsolvable,
/// 1 unique, more than 1 several.
///
/// A count settled by the relabelling bound is not compared (the caller
/// skips it): the backtracker gives up on most sparse grids, and the bound
/// rests on a validated solution and a counting argument.
fn cross_check(at: &str, tally: &Counted, verdict: Verdict) -> anyhow::Result<()> {
    let agree = match (&tally.solutions(), &verdict) {
        (_, Verdict::GaveUp) => true,
        (Count::Exactly(0), Verdict::Unsolvable) => true,
        (Count::Exactly(1), Verdict::Unique(solution)) => tally.first.as_ref() == Some(solution),
        (Count::Exactly(2..) | Count::MoreThan { .. }, Verdict::Multiple(..)) => true,
        _ => false,
    };
    if !agree {
        bail!(
            "{at}: the SAT count and the backtracker disagree: SAT counts {}; \
             the backtracker finds {}",
            tally.solutions(),
            verdict_words(&verdict)
        );
    }
    Ok(())
}

/// Returns what a decided verdict says, for a disagreement's message:
/// `one solution, GRID`, `several solutions` or `no solution`.
pub fn verdict_words(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Unique(g) => format!("one solution, {g}"),
        Verdict::Multiple(..) => "several solutions".to_string(),
        Verdict::Unsolvable => "no solution".to_string(),
        Verdict::GaveUp => unreachable!("a give-up agrees with anything"),
    }
}
