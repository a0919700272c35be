//! `bench`: throughput of the SAT path under each encoding and strategy
//! and of the backtracker, side by side in one process.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::{Args, ValueEnum};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet, SumKind};
use sudoku_sat::grid::Grid;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::{Engine, SatSolver, Strategy};

use super::output;
use super::progress::Spinner;
use super::signals::{Signal, stopped};
use super::{InputArgs, Status, say};

/// `println!` that returns a write error instead of panicking.
macro_rules! print_line {
    ($($arg:tt)*) => {
        output::print_line(format_args!($($arg)*))?
    };
}

/// Measure throughput: each file's puzzles through the SAT path under
/// every encoding and strategy, and through the backtracker, side by
/// side in one process; prints puzzles/s and the median and worst µs
/// per puzzle.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files to measure, each on its own.
    ///
    /// Every file is read before any is measured: a puzzle that cannot be
    /// read fails the run (exit 2) with its error before any figure is
    /// printed.
    #[arg(required = true)]
    files: Vec<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    /// Measure the first N puzzles of each file; 0 takes them all.
    #[arg(
        long = "first",
        alias = "limit",
        value_name = "N",
        default_value_t = 1000
    )]
    limit: usize,

    /// The at-most-one encoding of every SAT configuration.
    #[arg(long, value_enum, default_value_t)]
    amo: AmoKind,

    /// Never show the spinner that says, on a terminal, which file and
    /// path are being measured and how far (from half a second on).
    #[arg(long)]
    no_progress: bool,
}

/// Each puzzle's time and outcome, in the file's order.
type Timed<T> = (Vec<Duration>, Vec<T>);

/// Times `solve` on each puzzle, saying on `spinner` how far `what` has
/// got. Returns the times and the outcomes, or the signal that stopped
/// the run between two puzzles: a row cut short is not printed.
fn time_each<P, T>(
    spinner: &mut Spinner,
    what: &str,
    puzzles: &[P],
    mut solve: impl FnMut(&P) -> anyhow::Result<T>,
) -> anyhow::Result<Result<Timed<T>, Signal>> {
    let mut times = Vec::with_capacity(puzzles.len());
    let mut outcomes = Vec::with_capacity(puzzles.len());
    for (i, puzzle) in puzzles.iter().enumerate() {
        if let Some(signal) = stopped() {
            return Ok(Err(signal));
        }
        // A glance at the clock every 256 puzzles: the spinner costs the
        // figures nothing worth seeing.
        if i % 256 == 0 {
            spinner.show(|| format!("{what}: {i} of {} puzzles", puzzles.len()));
        }
        let start = Instant::now();
        let outcome = solve(puzzle)?;
        times.push(start.elapsed());
        outcomes.push(outcome);
    }
    Ok(Ok((times, outcomes)))
}

/// Says on stderr that `signal` stopped the run while `what` was being
/// measured, and returns the exit status for it.
fn report_stopped(signal: Signal, what: &str) -> Status {
    let (word, status) = signal.ended();
    say::report(format_args!(
        "{word} while measuring {what}; the rows printed so far are complete"
    ));
    status
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

/// The puzzles of one file to measure: the classic ones and the
/// variants, up to --first in all.
struct ToMeasure {
    name: String,
    puzzles: Vec<Grid>,
    variants: Vec<Puzzle>,
}

/// Reads the puzzles of every file, up to --first each. Returns `None`
/// when some puzzle could not be read (each error already on stderr).
///
/// # Errors
///
/// Fails when a file cannot be opened or holds no puzzle to measure.
fn read_all(args: &BenchArgs) -> anyhow::Result<Option<Vec<ToMeasure>>> {
    let mut files = Vec::with_capacity(args.files.len());
    let mut unreadable = 0;
    for path in &args.files {
        let input = args.input.open(Some(path))?;
        let mut file = ToMeasure {
            name: input.name.clone(),
            puzzles: Vec::new(),
            variants: Vec::new(),
        };
        unreadable += input.for_each(args.input.options(), |_, puzzle| {
            if args.limit == 0 || file.puzzles.len() + file.variants.len() < args.limit {
                if puzzle.puzzle.is_classic() {
                    file.puzzles.push(puzzle.grid().clone());
                } else {
                    file.variants.push(puzzle.puzzle);
                }
            }
            Ok(())
        })?;
        files.push(file);
    }
    if unreadable > 0 {
        return Ok(None);
    }
    if let Some(empty) = (files.iter()).find(|f| f.puzzles.is_empty() && f.variants.is_empty()) {
        bail!("{}: no puzzle to measure", empty.name);
    }
    Ok(Some(files))
}

/// Runs `bench`.
pub fn bench(args: BenchArgs) -> anyhow::Result<Status> {
    // Every file is read before any is measured: a bad file fails the run
    // at once, with its error and before any figure, not after the files
    // before it were measured (and the files after it never mentioned).
    let Some(files) = read_all(&args)? else {
        return Ok(Status::Error);
    };
    print_line!(
        "Each puzzle is solved and its uniqueness decided; times per puzzle, one thread.\n\
         sat = the varisat path (no cross-check); batsat, cadical = the default path on\n\
         batsat or CaDiCaL (built with the `batsat` or `cadical` feature);\n\
         backtracker = the native oracle."
    );
    let mut spinner = Spinner::new(!args.no_progress);
    for ToMeasure {
        name,
        puzzles,
        variants,
    } in &files
    {
        if !variants.is_empty()
            && let Err(signal) = by_family(name, variants, args.amo, &mut spinner)?
        {
            return Ok(report_stopped(signal, name));
        }
        if puzzles.is_empty() {
            continue;
        }
        print_line!(
            "\n{name}: {}",
            say::count(puzzles.len(), "puzzle", "puzzles")
        );
        print_line!(
            "  {:<28} {:>11} {:>11} {:>11}",
            "path",
            "puzzles/s",
            "median µs",
            "worst µs"
        );
        let mut reference: Option<Vec<Outcome>> = None;
        let varisat = |(rules, strategy)| (rules, strategy, Engine::Varisat);
        let configs = RuleSet::value_variants()
            .iter()
            .map(|&rules| varisat((rules, Strategy::default())))
            .chain(
                Strategy::value_variants()
                    .iter()
                    .filter(|&&s| s != Strategy::default())
                    .map(|&s| varisat((RuleSet::Extended, s))),
            )
            // The default path on the other engines.
            .chain(other_engines().map(|e| (RuleSet::Extended, Strategy::Propagate, e)));
        for (rules, strategy, engine) in configs {
            let encoding = Encoding {
                rules,
                amo: args.amo,
                ..Default::default()
            };
            let mut solver = SatSolver::with_strategy(encoding, strategy);
            solver.set_engine(engine);
            let label = match engine {
                Engine::Varisat => format!("sat {} ({})", rules.name(), strategy.name()),
                #[allow(unreachable_patterns)]
                _ => format!("{} {} ({})", engine.name(), rules.name(), strategy.name()),
            };
            let what = format!("{name}, {}", label.trim());
            let (times, outcomes) =
                match time_each(&mut spinner, &what, puzzles, |grid| Ok(solver.solve(grid)?))? {
                    Ok(done) => done,
                    Err(signal) => return Ok(report_stopped(signal, &what)),
                };
            let mut measure = Measure { name: label, times };
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
            print_line!("{}", measure.row());
        }
        let backtracker = Backtracker::default();
        let what = format!("{name}, backtracker");
        let searched = time_each(&mut spinner, &what, puzzles, |grid| {
            Ok(backtracker.solve(grid).verdict == Verdict::GaveUp)
        })?;
        let (times, gave_up) = match searched {
            Ok((times, verdicts)) => (times, verdicts.iter().filter(|&&g| g).count()),
            Err(signal) => return Ok(report_stopped(signal, &what)),
        };
        let mut measure = Measure {
            name: "backtracker".to_string(),
            times,
        };
        print_line!("{}", measure.row());
        if gave_up > 0 {
            print_line!(
                "  (the backtracker gave up on {} at its node limit)",
                say::count(gave_up, "puzzle", "puzzles")
            );
        }
    }
    Ok(Status::Success)
}

/// Every SAT solver built in besides varisat.
fn other_engines() -> impl Iterator<Item = Engine> {
    (Engine::built_in().into_iter()).filter(|&engine| engine != Engine::Varisat)
}

/// Measures variant puzzles under every sum encoding, and under the
/// default one on every other SAT engine built in, family by family:
/// each puzzle counts towards every family it holds. Each time is one
/// solve with its uniqueness proof and the check of every model against
/// every rule; the configurations must agree.
fn by_family(
    name: &str,
    puzzles: &[Puzzle],
    amo: AmoKind,
    spinner: &mut Spinner,
) -> anyhow::Result<Result<(), Signal>> {
    let columns: Vec<(SumKind, Engine)> = (SumKind::value_variants().iter())
        .map(|&sum| (sum, Engine::Varisat))
        .chain(other_engines().map(|engine| (SumKind::default(), engine)))
        .collect();
    let label = |&(sum, engine): &(SumKind, Engine)| match engine {
        Engine::Varisat => sum.name().to_string(),
        #[allow(unreachable_patterns)]
        _ => format!("{} ({})", sum.name(), engine.name()),
    };
    // times[s][p]: column s on puzzle p.
    let mut times: Vec<Vec<Duration>> = Vec::with_capacity(columns.len());
    let mut reference: Option<Vec<Outcome>> = None;
    for column in &columns {
        let mut solver = SatSolver::new(Encoding {
            amo,
            sum: column.0,
            ..Default::default()
        });
        solver.set_engine(column.1);
        let what = format!("{name}, variants under {}", label(column));
        let solved = time_each(spinner, &what, puzzles, |puzzle| {
            Ok(solver.solve_puzzle(puzzle)?)
        })?;
        let (row, outcomes) = match solved {
            Ok(done) => done,
            Err(signal) => return Ok(Err(signal)),
        };
        match &reference {
            Some(first) => {
                let differs = |&i: &usize| verdict_of(&first[i]) != verdict_of(&outcomes[i]);
                if let Some(i) = (0..puzzles.len()).find(differs) {
                    bail!(
                        "{name}: variant puzzle {}: {} and {} disagree",
                        i + 1,
                        label(&columns[0]),
                        label(column)
                    );
                }
            }
            None => reference = Some(outcomes),
        }
        times.push(row);
    }
    let mut families: Vec<&'static str> = puzzles
        .iter()
        .flat_map(|p| p.constraints().iter().map(Rule::key))
        .collect();
    families.sort_unstable();
    families.dedup();
    print_line!(
        "\n{name}: {} variant puzzles; median and worst µs per puzzle (solve, uniqueness \
         proof, checks) under each sum encoding and SAT engine",
        puzzles.len()
    );
    let mut header = format!("  {:<22} {:>7}", "family", "puzzles");
    for column in &columns {
        header.push_str(&format!(" {:>22}", label(column)));
    }
    print_line!("{header}");
    let all: Vec<usize> = (0..puzzles.len()).collect();
    let rows = std::iter::once(("all", all)).chain(families.iter().map(|&key| {
        let holding = (0..puzzles.len())
            .filter(|&i| puzzles[i].constraints().iter().any(|c| c.key() == key))
            .collect();
        (key, holding)
    }));
    for (key, holding) in rows {
        let mut line = format!("  {key:<22} {:>7}", holding.len());
        for row in &times {
            let mut chosen: Vec<Duration> = holding.iter().map(|&i| row[i]).collect();
            chosen.sort();
            let micros = |d: Duration| d.as_secs_f64() * 1e6;
            let cell = format!(
                "{:.0} / {:.0}",
                micros(chosen[chosen.len() / 2]),
                micros(chosen[chosen.len() - 1])
            );
            line.push_str(&format!(" {cell:>22}"));
        }
        print_line!("{line}");
    }
    Ok(Ok(()))
}
