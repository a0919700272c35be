//! The `solve` and `euler` subcommands.

use std::time::Instant;

use anyhow::{Context, bail};

use sudoku_sat::backtrack::Verdict;
use sudoku_sat::euler::corner_number;
use sudoku_sat::formats::dimacs::ExportOptions;
use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::Grid;
use sudoku_sat::solve::external::ExternalSolver;
use sudoku_sat::solve::sat::Engine;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome, Report, SolveError};

use super::batch::{self, Event, Flow};
use super::explain_report::{Explainer, multiple, unsolvable};
use super::export::export;
use super::input::{self, Input};
use super::output::{self, Printer};
use super::progress::Progress;
use super::signals;
use super::{EulerArgs, SolveArgs, SolverArgs, Status};
use super::{files, say};

/// The Project Euler 96 puzzle file, built in so that `euler` works
/// anywhere.
const EULER_FILE: &str = include_str!("../../data/p096_sudoku.txt");

/// Counts of what a run found, for the exit status and `--stats`.
#[derive(Debug, Default)]
struct Tally {
    unique: u64,
    multiple: u64,
    unsolvable: u64,
    unreadable: u64,
    /// Puzzles whose solution in the input (a CSV solution column) is not
    /// the solver's.
    contradicted: u64,
    /// Puzzles an external solver failed on (crashed, timed out, gave no
    /// answer or a wrong one).
    failed: u64,
}

impl Tally {
    fn status(&self) -> Status {
        if self.unreadable + self.contradicted + self.failed > 0 {
            Status::Error
        } else if self.multiple + self.unsolvable > 0 {
            Status::NotUnique
        } else {
            Status::Success
        }
    }
}

/// Reports each puzzle's answer on stderr when it is not a unique
/// solution, stops on answers that cannot be trusted, and keeps the tally.
struct Reporter {
    source: String,
    tally: Tally,
    /// With `--explain`, what explains unsolvable and multiple puzzles.
    explain: Option<Explainer>,
    /// The output format, and whether a solution it cannot draw the
    /// blocks of was noted (once a run).
    output: Option<output::OutputFormat>,
    shape_noted: bool,
}

impl Reporter {
    /// Takes one event in input order and returns the puzzle with its
    /// report, or `None` for a parse error (already reported).
    ///
    /// # Errors
    ///
    /// Fails when the SAT answer does not validate or the backtracker
    /// disagrees: both are bugs to stop on.
    fn take(
        &mut self,
        progress: &Progress,
        event: Event,
    ) -> anyhow::Result<Option<(Puzzle, Report)>> {
        let (puzzle, report) = match event {
            Event::Invalid(error) => {
                self.tally.unreadable += 1;
                progress.error(input::located(&self.source, &error));
                return Ok(None);
            }
            Event::Solved(puzzle, report) => (puzzle, *report),
        };
        // Only a puzzle with something to say is named: most have nothing.
        let at = || format!("{}: {}", self.source, puzzle.label);
        if let Some(note) = input::ignored_note(&self.source, &puzzle, input::NOT_ENFORCED) {
            progress.note(note);
        }
        if !self.shape_noted
            && let Some(note) = self.output.and_then(|f| output::shape_note(f, &puzzle))
        {
            self.shape_noted = true;
            progress.note(format_args!("{}: {note}", at()));
        }
        let report = match report {
            // An external solver's failure is that puzzle's: the solver may
            // have crashed or timed out on it alone, so the batch goes on
            // and ends with exit 2. The embedded solver's errors are bugs
            // and stop the run.
            Err(error @ SolveError::External { .. }) => {
                self.tally.failed += 1;
                progress.error(format_args!("{}: {error}", at()));
                return Ok(None);
            }
            report => report.with_context(at)?,
        };
        match &report.check {
            CrossCheck::Agree | CrossCheck::Skipped => {}
            CrossCheck::GaveUp { nodes } => progress.suspend(|| {
                say::gave_up(
                    &at(),
                    *nodes,
                    "the SAT answer is validated but not cross-checked",
                )
            }),
            CrossCheck::Disagree(verdict) => bail!(
                "{}: the SAT solver and the backtracker disagree: SAT says {}; \
                 the backtracker says {}",
                at(),
                describe(&report.outcome),
                describe_verdict(verdict)
            ),
        }
        match &report.outcome {
            Outcome::Unique(_) => self.tally.unique += 1,
            Outcome::Unsolvable => {
                self.tally.unsolvable += 1;
                match puzzle.grid().first_conflict() {
                    Some(clash) => progress.report(format_args!("{}: no solution: {clash}", at())),
                    None => progress.report(format_args!("{}: no solution", at())),
                }
                if let Some(explainer) = &mut self.explain {
                    progress.suspend(|| unsolvable(explainer, &at(), &puzzle.puzzle))?;
                }
            }
            Outcome::Multiple(first, second) => {
                self.tally.multiple += 1;
                let cells = first.differences(second);
                progress.report(format_args!(
                    "{}: more than one solution; two differ in {} ({}...); \
                     another is {second}",
                    at(),
                    say::count(cells.len(), "cell", "cells"),
                    cells[0],
                ));
                if self.explain.is_some() {
                    progress.suspend(|| multiple(&at(), first, second));
                }
            }
        }
        let problem = (puzzle.expected.as_ref())
            .and_then(|expected| contradiction(puzzle.grid(), expected, &report.outcome));
        if let Some(problem) = problem {
            self.tally.contradicted += 1;
            progress.error(format_args!("{}: {problem}", at()));
        }
        Ok(Some((puzzle, report)))
    }
}

/// Compares the solution the input gives with a puzzle (a CSV solution
/// column) with the solver's answer. The answer is validated against the
/// rules and cross-checked, so where they differ the input is wrong: the
/// run then exits 2. Returns what is wrong, naming the first cell that
/// differs; a puzzle with several solutions accepts any of them.
fn contradiction(givens: &Grid, expected: &Grid, outcome: &Outcome) -> Option<String> {
    let differs = |found: &Grid| {
        let cell = *found.differences(expected).first()?;
        let symbol = |grid: &Grid| grid.get(cell).map_or('.', |d| grid.size().symbol(d));
        Some(format!(
            "the solution given in the input is wrong: it has {} in {cell}, \
             where the solution found (validated and cross-checked) has {}",
            symbol(expected),
            symbol(found)
        ))
    };
    match outcome {
        Outcome::Unique(found) => differs(found),
        Outcome::Multiple(..) if solves(givens, expected) => None,
        Outcome::Multiple(found, _) => differs(found),
        Outcome::Unsolvable => Some(
            "the input gives a solution, but the puzzle has none: \
             the given solution is wrong"
                .to_string(),
        ),
    }
}

/// Returns whether `solution` breaks no rule of a classic puzzle (the only
/// kind a CSV row holds) and keeps its givens.
fn solves(givens: &Grid, solution: &Grid) -> bool {
    solution.first_conflict().is_none()
        && givens
            .size()
            .all_cells()
            .all(|c| givens.get(c).is_none_or(|d| solution.get(c) == Some(d)))
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Unique(g) => format!("unique {g}"),
        Outcome::Multiple(a, b) => format!("multiple {a} and {b}"),
        Outcome::Unsolvable => "unsolvable".to_string(),
    }
}

fn describe_verdict(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Unique(g) => format!("unique {g}"),
        Verdict::Multiple(a, b) => format!("multiple {a} and {b}"),
        Verdict::Unsolvable => "unsolvable".to_string(),
        Verdict::GaveUp => "nothing (node limit)".to_string(),
    }
}

/// Runs a batch: every puzzle of `input` through pipelines of `args`,
/// each result handed to `each` in input order with its text in `output`
/// (empty without one), written on the worker that solved it.
fn run_batch(
    input: Input,
    args: &SolverArgs,
    format: sudoku_sat::formats::text::ReadOptions,
    external: Option<(&str, Option<std::time::Duration>)>,
    explain: bool,
    output: Option<output::OutputFormat>,
    mut each: impl FnMut(&Puzzle, &Report, &str) -> anyhow::Result<()>,
) -> anyhow::Result<(Tally, batch::Ended, f64)> {
    let start = Instant::now();
    let encoding = args.encoding();
    let backtracker = args.backtracker();
    // Several jobs may also split a large puzzle between its SAT call and
    // its cross-check; one job means one thread.
    let jobs = args.jobs();
    let beside = jobs > 1;
    let make = || -> anyhow::Result<Checked> {
        let checked = match external {
            Some((command, timeout)) => Checked::new(
                ExternalSolver::with_timeout(command, encoding, timeout)
                    .context("cannot prepare the external solver")?
                    .stop_on(signals::stop_flag()),
                backtracker,
            ),
            None => Checked::new(args.sat_solver()?, backtracker),
        };
        Ok(checked.check_beside(beside))
    };
    let mut reporter = Reporter {
        source: input.name.clone(),
        tally: Tally::default(),
        explain: explain.then(|| Explainer::new(encoding, backtracker)),
        output,
        shape_noted: false,
    };
    let mut progress = Progress::new(!args.no_progress, input.len);
    let render = |puzzle: &Puzzle, report: &Result<Report, SolveError>, text: &mut String| {
        if let (Some(format), Ok(report)) = (output, report) {
            output::render(format, puzzle, report, text);
        }
    };
    let ended = batch::run(
        input,
        format,
        jobs,
        &mut progress,
        batch::Workers { make, render },
        |progress, event, text| {
            if let Some((puzzle, report)) = reporter.take(progress, event)? {
                each(&puzzle, &report, text)?;
            }
            Ok(Flow::Continue)
        },
    )?;
    Ok((reporter.tally, ended, start.elapsed().as_secs_f64()))
}

/// Prints the `--stats` summary line on stderr.
fn print_stats(tally: &Tally, seconds: f64) {
    let total = tally.unique + tally.multiple + tally.unsolvable + tally.unreadable + tally.failed;
    say::report(format_args!(
        "stats: {}: {} unique, {} multiple, {} unsolvable, {} unreadable, {} failed; \
         {seconds:.3} s, {:.0} puzzles/s",
        say::count(total, "puzzle", "puzzles"),
        tally.unique,
        tally.multiple,
        tally.unsolvable,
        tally.unreadable,
        tally.failed,
        total as f64 / seconds.max(1e-9)
    ));
}

/// Returns the exit status of a finished batch, saying on stderr why it
/// ended early.
fn finish(tally: &Tally, ended: &batch::Ended, source: &str) -> Status {
    if let Some(signal) = ended.stopped {
        return signals::report_stop(signal, source, ended.events);
    }
    if ended.parse_errors > 0 {
        return Status::Error;
    }
    tally.status()
}

/// Runs `solve`: every puzzle's solution on stdout, in input order.
pub fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?).with_shard(args.shard.shard);
    let encoding = args.solver.encoding();
    if let Some(path) = &args.dimacs {
        if args.shard.shard.is_some() && path.as_os_str() != "-" {
            std::fs::create_dir_all(path).with_context(|| {
                format!("--dimacs {}: cannot make the folder", files::shown(path))
            })?;
        }
        let options = ExportOptions {
            names: args.dimacs_names,
        };
        return export(
            input,
            args.file.as_deref(),
            args.input.options(),
            path,
            &encoding,
            options,
        );
    }
    let source = input.name.clone();
    // Each answer is flushed as soon as it is printed for a person at a
    // terminal, and for streamed input, whose writer may wait for one
    // answer before it sends the next puzzle.
    let flush_each = output::flush_each(&input);
    let mut printer = Printer::new(args.output, flush_each);
    let external = args.external.as_deref().map(|c| (c, args.timeout));
    if external.is_some() && args.solver.engine != Engine::Varisat {
        anyhow::bail!(
            "--engine {} and --external: the external solver answers every call",
            args.solver.engine.name()
        );
    }
    let result = run_batch(
        input,
        &args.solver,
        args.input.options(),
        external,
        args.explain,
        Some(args.output),
        |_, _, text| printer.put(text).context("cannot write to stdout"),
    );
    // What was printed stays, even when a later puzzle stops the run.
    printer.flush().context("cannot write to stdout")?;
    let (tally, ended, seconds) = result?;
    if args.stats {
        print_stats(&tally, seconds);
    }
    Ok(finish(&tally, &ended, &source))
}

/// Runs `euler`: solves every grid and prints the sum of corner numbers.
pub fn euler(args: EulerArgs) -> anyhow::Result<Status> {
    let input = match &args.file {
        Some(path) => args.input.open(Some(path))?,
        None => args
            .input
            .attach(Input::embedded("p096_sudoku.txt (built in)", EULER_FILE))?,
    };
    let source = input.name.clone();
    let mut sum = 0u64;
    let (tally, ended, _) = run_batch(
        input,
        &args.solver,
        args.input.options(),
        None,
        false,
        None,
        |puzzle: &Puzzle, report: &Report, _: &str| {
            if let Outcome::Unique(solution) = &report.outcome {
                let Some(corner) = corner_number(solution) else {
                    bail!(
                        "{source}: {}: the grid is {}, but Project Euler 96 grids are 9x9",
                        puzzle.label,
                        solution.size()
                    );
                };
                sum += u64::from(corner);
            }
            Ok(())
        },
    )?;
    let status = finish(&tally, &ended, &source);
    if status != Status::Success {
        if status == Status::NotUnique {
            say::error("not every grid has a unique solution, so there is no sum");
        }
        return Ok(status);
    }
    if tally.unique == 0 {
        bail!("{source}: no grid to sum");
    }
    match args.output {
        output::ReportOutput::Text => output::print_line(sum)?,
        output::ReportOutput::Json => {
            output::print_line(serde_json::json!({"sum": sum, "grids": tally.unique}))?;
        }
    }
    Ok(Status::Success)
}
