//! `bench`: throughput of the SAT path under each encoding and strategy
//! and of the backtracker, side by side in one process.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::{Args, ValueEnum};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet};
use sudoku_sat::grid::Grid;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::{SatSolver, Strategy};

use super::input::{Input, classic_only};
use super::{InputArgs, Status};

/// Options for `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files to measure, each on its own.
    #[arg(required = true)]
    files: Vec<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    /// Measure at most the first N puzzles of each file; 0 takes them all.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    limit: usize,

    /// The at-most-one encoding of every SAT configuration.
    #[arg(long, value_enum, default_value_t)]
    amo: AmoKind,
}

/// One way of solving, timed over a file's puzzles.
struct Measure {
    name: String,
    times: Vec<Duration>,
}

impl Measure {
    fn row(&mut self) -> String {
        self.times.sort();
        let total: Duration = self.times.iter().sum();
        let micros = |d: Duration| d.as_secs_f64() * 1e6;
        let median = self.times[self.times.len() / 2];
        let worst = *self.times.last().expect("at least one puzzle");
        format!(
            "  {:<28} {:>11.0} {:>11.1} {:>11.1}",
            self.name,
            self.times.len() as f64 / total.as_secs_f64().max(1e-9),
            micros(median),
            micros(worst)
        )
    }
}

/// What a configuration says about a puzzle, to compare them.
fn verdict_of(outcome: &Outcome) -> (&'static str, Option<&Grid>) {
    match outcome {
        Outcome::Unique(g) => ("unique", Some(g)),
        Outcome::Multiple(..) => ("multiple", None),
        Outcome::Unsolvable => ("unsolvable", None),
    }
}

/// Runs `bench`.
pub fn bench(args: BenchArgs) -> anyhow::Result<Status> {
    println!(
        "Each puzzle is solved and its uniqueness decided; times per puzzle, one thread.\n\
         sat = the varisat path (no cross-check); backtracker = the native oracle."
    );
    for path in &args.files {
        let input = Input::open(Some(path))?;
        let name = input.name.clone();
        let mut puzzles: Vec<Grid> = Vec::new();
        let errors = input.for_each(args.input.options(), |source, puzzle| {
            classic_only("bench", &format!("{source}: {}", puzzle.label), &puzzle)?;
            if args.limit == 0 || puzzles.len() < args.limit {
                puzzles.push(puzzle.grid().clone());
            }
            Ok(())
        })?;
        if errors > 0 {
            return Ok(Status::Error);
        }
        if puzzles.is_empty() {
            bail!("{name}: no puzzle to measure");
        }
        println!("\n{name}: {} puzzles", puzzles.len());
        println!(
            "  {:<28} {:>11} {:>11} {:>11}",
            "path", "puzzles/s", "median µs", "worst µs"
        );
        let mut reference: Option<Vec<Outcome>> = None;
        let configs = RuleSet::value_variants()
            .iter()
            .map(|&rules| (rules, Strategy::default()))
            .chain(
                Strategy::value_variants()
                    .iter()
                    .filter(|&&s| s != Strategy::default())
                    .map(|&s| (RuleSet::Extended, s)),
            );
        for (rules, strategy) in configs {
            let encoding = Encoding {
                rules,
                amo: args.amo,
                ..Default::default()
            };
            let mut solver = SatSolver::with_strategy(encoding, strategy);
            let mut measure = Measure {
                name: format!("sat {} ({})", rules.name(), strategy.name()),
                times: Vec::with_capacity(puzzles.len()),
            };
            let mut outcomes = Vec::with_capacity(puzzles.len());
            for grid in &puzzles {
                let start = Instant::now();
                let outcome = solver.solve(grid)?;
                measure.times.push(start.elapsed());
                outcomes.push(outcome);
            }
            if let Some(first) = &reference {
                for (i, (a, b)) in first.iter().zip(&outcomes).enumerate() {
                    if verdict_of(a) != verdict_of(b) {
                        bail!(
                            "{name}: puzzle {} : {} and the first configuration disagree",
                            i + 1,
                            measure.name
                        );
                    }
                }
            } else {
                reference = Some(outcomes);
            }
            println!("{}", measure.row());
        }
        let backtracker = Backtracker::default();
        let mut measure = Measure {
            name: "backtracker".to_string(),
            times: Vec::with_capacity(puzzles.len()),
        };
        let mut gave_up = 0;
        for grid in &puzzles {
            let start = Instant::now();
            let search = backtracker.solve(grid);
            measure.times.push(start.elapsed());
            gave_up += usize::from(search.verdict == Verdict::GaveUp);
        }
        println!("{}", measure.row());
        if gave_up > 0 {
            println!("  (the backtracker gave up on {gave_up} puzzles at its node limit)");
        }
    }
    Ok(Status::Success)
}
