//! The `solve` and `euler` subcommands.

use std::io::{self, IsTerminal};

use anyhow::{Context, bail};

use sudoku_sat::backtrack::Verdict;
use sudoku_sat::dimacs::ExportOptions;
use sudoku_sat::euler::corner_number;
use sudoku_sat::parse::Puzzle;
use sudoku_sat::solve::external::ExternalSolver;
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome, Solve};

use super::export::export;
use super::input::Input;
use super::output::Printer;
use super::{EulerArgs, SolveArgs, SolverArgs, Status};

/// The Project Euler 96 puzzle file, built in so that `euler` works
/// anywhere.
const EULER_FILE: &str = include_str!("../../data/p096_sudoku.txt");

/// Solves puzzles one by one, reporting each answer that is not a unique
/// solution on stderr and keeping the worst status seen.
struct Session {
    pipeline: Checked,
    status: Status,
}

impl Session {
    fn new(args: &SolverArgs, backend: impl Solve + 'static) -> Session {
        Session {
            pipeline: Checked::new(backend, args.backtracker()),
            status: Status::Success,
        }
    }

    /// Solves one puzzle and cross-checks it.
    ///
    /// # Errors
    ///
    /// Fails when the SAT answer does not validate or the backtracker
    /// disagrees: both are bugs to stop on.
    fn solve(&mut self, source: &str, puzzle: &Puzzle) -> anyhow::Result<Outcome> {
        let at = format!("{source}: {}", puzzle.label);
        let report = self
            .pipeline
            .solve(&puzzle.grid)
            .with_context(|| at.clone())?;
        match &report.check {
            CrossCheck::Agree | CrossCheck::Skipped => {}
            CrossCheck::GaveUp { nodes } => eprintln!(
                "note: {at}: the backtracker gave up after {nodes} nodes; \
                 the SAT answer is validated but not cross-checked"
            ),
            CrossCheck::Disagree(verdict) => bail!(
                "{at}: the SAT solver and the backtracker disagree: SAT says {}; \
                 the backtracker says {}",
                describe(&report.outcome),
                describe_verdict(verdict)
            ),
        }
        match &report.outcome {
            Outcome::Unique(_) => {}
            Outcome::Unsolvable => {
                self.status = self.status.max(Status::NotUnique);
                match puzzle.grid.first_conflict() {
                    Some(clash) => eprintln!("{at}: no solution: {clash}"),
                    None => eprintln!("{at}: no solution"),
                }
            }
            Outcome::Multiple(first, second) => {
                self.status = self.status.max(Status::NotUnique);
                let cells = first.differences(second);
                eprintln!(
                    "{at}: more than one solution; two differ in {} cells ({}...); \
                     another is {second}",
                    cells.len(),
                    cells[0],
                );
            }
        }
        Ok(report.outcome)
    }
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

/// Runs `solve`: every puzzle's solution on stdout, in input order.
pub fn solve(args: SolveArgs) -> anyhow::Result<Status> {
    let input = Input::open(args.file.as_deref())?;
    let encoding = args.solver.encoding();
    if let Some(path) = &args.dimacs {
        let options = ExportOptions {
            names: args.dimacs_names,
        };
        return export(input, args.input.format, path, &encoding, options);
    }
    let mut session = match &args.external {
        Some(command) => {
            let backend = ExternalSolver::new(command, encoding)
                .context("cannot prepare the external solver")?;
            Session::new(&args.solver, backend)
        }
        None => Session::new(
            &args.solver,
            SatSolver::with_strategy(encoding, args.solver.strategy),
        ),
    };
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let mut printer = Printer::new(io::BufWriter::new(stdout.lock()), args.output, flush_each);
    let result = input.for_each(args.input.format, |source, puzzle| {
        if let Some(solution) = session.solve(source, &puzzle)?.solution() {
            printer.print(solution).context("cannot write to stdout")?;
        }
        Ok(())
    });
    // What was printed stays, even when a later puzzle stops the run.
    printer.flush().context("cannot write to stdout")?;
    let errors = result?;
    Ok(if errors > 0 {
        Status::Error
    } else {
        session.status
    })
}

/// Runs `euler`: solves every grid and prints the sum of corner numbers.
pub fn euler(args: EulerArgs) -> anyhow::Result<Status> {
    let input = match &args.file {
        Some(path) => Input::open(Some(path))?,
        None => Input::embedded("p096_sudoku.txt (built in)", EULER_FILE),
    };
    let backend = SatSolver::with_strategy(args.solver.encoding(), args.solver.strategy);
    let mut session = Session::new(&args.solver, backend);
    let mut sum = 0u64;
    let mut grids = 0usize;
    let errors = input.for_each(args.input.format, |source, puzzle| {
        if let Outcome::Unique(solution) = session.solve(source, &puzzle)? {
            let Some(corner) = corner_number(&solution) else {
                bail!(
                    "{source}: {}: the grid is {}, but Project Euler 96 grids are 9x9",
                    puzzle.label,
                    solution.size()
                );
            };
            sum += u64::from(corner);
        }
        grids += 1;
        Ok(())
    })?;
    if errors > 0 {
        return Ok(Status::Error);
    }
    if session.status != Status::Success {
        eprintln!("error: not every grid has a unique solution, so there is no sum");
        return Ok(session.status);
    }
    if grids == 0 {
        bail!("no grid to sum");
    }
    println!("{sum}");
    Ok(Status::Success)
}
