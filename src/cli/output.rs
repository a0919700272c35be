//! Printing results in the formats `--output` offers.

use std::fmt::Display;
use std::io::{self, Write};

use anyhow::Context;

use serde_json::json;

use sudoku_sat::formats::fpuzzles;
use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::Grid;
use sudoku_sat::solve::{CrossCheck, Outcome, Report};

/// Prints one line on stdout and flushes it. A write error (a closed pipe,
/// a full disk) is returned, never a panic as from `println!`: a closed
/// pipe then ends the run quietly, anything else with one message.
///
/// # Errors
///
/// `cannot write to stdout`, with the cause.
pub fn print_line(text: impl Display) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}

/// How results are printed on stdout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// N rows of N symbols per solution; grids separated by a blank line.
    /// Puzzles without a solution print nothing here (see stderr).
    #[default]
    Grid,
    /// One line of N² symbols per solution.
    Line,
    /// The solution drawn with block lines; grids separated by a blank
    /// line.
    Pretty,
    /// N rows of N space-separated numbers per solution, for any size;
    /// grids separated by a blank line.
    Numbers,
    /// One JSON object per puzzle and line (JSON Lines): `label`, `line`,
    /// `puzzle`, `status` (`unique`, `multiple`, `unsolvable`),
    /// `solution` (null when unsolvable), `second_solution` (for
    /// `multiple`), `cross_check` (`agree`, or `skipped` when turned off or
    /// when the backtracker reached its node limit), `cross_check_gave_up_after`
    /// (the nodes, when it did; else null) and `timings_us` (`sat`,
    /// `check`).
    Json,
    /// CSV with the header `puzzle,solution,status`, one row per puzzle;
    /// the solution is empty when there is none.
    Csv,
    /// One f-puzzles link per solved puzzle: the puzzle with its givens
    /// and constraints, and the solution filled in, to open the answer in
    /// f-puzzles.
    Fpuzzles,
}

/// Writes results one after another in one format.
pub struct Printer<W: Write> {
    out: W,
    format: OutputFormat,
    printed: usize,
    flush_each: bool,
}

impl<W: Write> Printer<W> {
    /// Returns a printer; `flush_each` flushes after every puzzle, for a
    /// person watching a terminal.
    pub fn new(out: W, format: OutputFormat, flush_each: bool) -> Self {
        Printer {
            out,
            format,
            printed: 0,
            flush_each,
        }
    }

    /// Prints one puzzle's result: its solution in the grid formats, a
    /// record with its status in JSON and CSV.
    pub fn record(&mut self, puzzle: &Puzzle, report: &Report) -> io::Result<()> {
        match self.format {
            OutputFormat::Json => self.json(puzzle, report)?,
            OutputFormat::Csv => self.csv(puzzle, &report.outcome)?,
            OutputFormat::Fpuzzles => match report.outcome.solution() {
                Some(solution) => {
                    let url = fpuzzles::link(&puzzle.puzzle, None, Some(solution));
                    writeln!(self.out, "{url}")?;
                }
                None => return Ok(()),
            },
            _ => match report.outcome.solution() {
                Some(solution) => self.grid(solution)?,
                None => return Ok(()),
            },
        }
        self.done()
    }

    /// Prints one solution on its own (JSON and CSV print it as a line).
    pub fn print(&mut self, grid: &Grid) -> io::Result<()> {
        self.grid(grid)?;
        self.done()
    }

    fn done(&mut self) -> io::Result<()> {
        self.printed += 1;
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    fn grid(&mut self, grid: &Grid) -> io::Result<()> {
        let blocks = matches!(
            self.format,
            OutputFormat::Grid | OutputFormat::Pretty | OutputFormat::Numbers
        );
        if self.printed > 0 && blocks {
            writeln!(self.out)?;
        }
        match self.format {
            OutputFormat::Grid => write!(self.out, "{}", grid.rows()),
            OutputFormat::Pretty => write!(self.out, "{}", grid.pretty()),
            OutputFormat::Numbers => write!(self.out, "{}", grid.numbers()),
            OutputFormat::Line
            | OutputFormat::Json
            | OutputFormat::Csv
            | OutputFormat::Fpuzzles => {
                writeln!(self.out, "{grid}")
            }
        }
    }

    fn json(&mut self, puzzle: &Puzzle, report: &Report) -> io::Result<()> {
        let outcome = &report.outcome;
        let second = match outcome {
            Outcome::Multiple(_, second) => Some(second.to_string()),
            _ => None,
        };
        // A cross-check turned off and one that reached its node limit are
        // both "skipped": neither says anything of the answer. The nodes
        // tell the second apart.
        let (check, nodes) = match report.check {
            CrossCheck::Agree => ("agree", None),
            CrossCheck::Skipped => ("skipped", None),
            CrossCheck::GaveUp { nodes } => ("skipped", Some(nodes)),
            // A disagreement stops the run before anything is printed.
            CrossCheck::Disagree(_) => ("disagree", None),
        };
        let object = json!({
            "label": puzzle.label.to_string(),
            "line": puzzle.line,
            "puzzle": puzzle.grid().to_string(),
            "status": outcome.status(),
            "solution": outcome.solution().map(Grid::to_string),
            "second_solution": second,
            "cross_check": check,
            "cross_check_gave_up_after": nodes,
            "timings_us": {
                "sat": report.sat_time.as_micros() as u64,
                "check": report.check_time.as_micros() as u64,
            },
        });
        writeln!(self.out, "{object}")
    }

    fn csv(&mut self, puzzle: &Puzzle, outcome: &Outcome) -> io::Result<()> {
        if self.printed == 0 {
            writeln!(self.out, "puzzle,solution,status")?;
        }
        let solution = outcome.solution().map(Grid::to_string).unwrap_or_default();
        writeln!(
            self.out,
            "{},{solution},{}",
            puzzle.grid(),
            outcome.status()
        )
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
