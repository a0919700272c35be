//! Printing results in the formats `--output` offers.

use std::fmt::{self, Display, Write as _};
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use anyhow::Context;

use super::Status;
use super::input::Input;
use super::progress::Progress;
use super::records::Records;
use super::say;
use super::signals::{Signal, report_stop, stopped};

use serde_json::json;

use clap::ValueEnum;
use sudoku_sat::formats::fpuzzles;
use sudoku_sat::formats::text::{self, Puzzle, ReadOptions, TextFormat, text_loss};
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
    /// Other rectangular blocks than the default are drawn, as `pretty`
    /// draws them, so the grid reads back with its blocks. Puzzles
    /// without a solution print nothing here (see stderr). `text` is the
    /// same, as in the other commands.
    #[default]
    #[value(alias = "text")]
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
    /// `puzzle`, `status` (`unique`, `multiple`, `unsolvable`; `solved`
    /// from `decode`), `solution` (null when unsolvable),
    /// `second_solution` (for `multiple`), `cross_check` (`agree`, or
    /// `skipped` when turned off or when the backtracker reached its node
    /// limit), `cross_check_gave_up_after` (the nodes, when it did; else
    /// null) and `timings_us` (`sat`, `check`; null from `decode`).
    Json,
    /// CSV with the header `puzzle,solution,status`, one row per puzzle;
    /// the solution is empty when there is none.
    Csv,
    /// One f-puzzles link per solved puzzle: the puzzle with its givens
    /// and constraints, and the solution filled in, to open the answer in
    /// f-puzzles.
    Fpuzzles,
}

/// How the commands that report on puzzles rather than print solutions
/// (`count`, `rate`, `explain`, `stats`) print: `--output text|json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportOutput {
    /// Text for people.
    #[default]
    Text,
    /// JSON, with the fields the command's help lists.
    Json,
}

/// Standard output as the report commands write it: record by record,
/// each puzzle's report one record.
pub type Out = Records;

/// Returns whether results are flushed one puzzle at a time: on a
/// terminal, so answers show as they come, and when the input is streamed
/// (a pipe), since the program feeding it may wait for each answer before
/// it sends the next puzzle. A file read into a file is written in large
/// blocks.
pub fn flush_each(input: &Input) -> bool {
    io::stdout().is_terminal() || input.streamed()
}

/// How a run of [`report_each`] ended.
#[derive(Clone, Copy, Debug)]
pub struct Reported {
    /// The puzzles that could not be read (each reported on stderr).
    pub unreadable: usize,
    /// The puzzles handed to the caller.
    pub done: usize,
    /// The puzzles whose input gives a wrong solution (a CSV solution
    /// column), each reported on stderr.
    pub wrong_solutions: usize,
    /// The signal that stopped the run between puzzles, if one did.
    pub stopped: Option<Signal>,
}

impl Reported {
    /// Returns the run's exit status given the worst puzzle's: a signal's
    /// (saying on stderr what was done), else an error when a puzzle could
    /// not be read or came with a wrong solution, else `status`.
    pub fn status(&self, source: &str, status: Status) -> Status {
        if let Some(signal) = self.stopped {
            return report_stop(signal, source, self.done);
        }
        if self.unreadable + self.wrong_solutions > 0 {
            return Status::Error;
        }
        status
    }
}

/// Runs `each` on every puzzle of `input`, read with `options`, with
/// stdout to report on: buffered, flushed after every puzzle when
/// [`flush_each`] says so and at the end, after an error too. Stops
/// between puzzles on SIGINT or SIGTERM, so every record written is
/// complete.
///
/// A solution the input gives with a puzzle (a CSV solution column) is
/// checked against the puzzle's rules and givens first: one that breaks
/// them is reported on stderr, and the run exits 2, as `solve`'s does. A
/// grid that keeps every rule and given is a solution, and the only one of
/// a unique puzzle, so no solver is needed to judge it.
///
/// # Errors
///
/// The first error of `each`, or a failed write.
pub fn report_each(
    input: Input,
    options: ReadOptions,
    mut each: impl FnMut(&str, Puzzle, &mut Out) -> anyhow::Result<()>,
) -> anyhow::Result<Reported> {
    let mut out = Records::new(flush_each(&input));
    let mut done = 0;
    let mut wrong_solutions = 0;
    let mut progress = Progress::new(input.shows_progress, input.len);
    let result = input.for_each_shown(options, Some(&mut progress), |source, puzzle| {
        let broken = (puzzle.expected.as_ref()).and_then(|grid| puzzle.puzzle.check(grid).err());
        if let Some(broken) = broken {
            wrong_solutions += 1;
            out.flush().context("cannot write to stdout")?;
            say::error(format_args!(
                "{source}: {}: the solution given in the input is wrong: {broken}",
                puzzle.label
            ));
        }
        each(source, puzzle, &mut out)?;
        done += 1;
        out.end_record().context("cannot write to stdout")?;
        Ok(())
    });
    progress.finish();
    out.flush().context("cannot write to stdout")?;
    Ok(Reported {
        unreadable: result?,
        done,
        wrong_solutions,
        stopped: stopped(),
    })
}

/// Writes one JSON value on its own line (JSON Lines).
pub fn json_line(out: &mut impl Write, value: &impl serde::Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, value)
        .map_err(io::Error::from)
        .and_then(|()| writeln!(out))
        .context("cannot write to stdout")
}

/// One puzzle's result as the record formats (JSON, CSV) write it.
struct Record<'a> {
    /// `unique`, `multiple`, `unsolvable`, or `solved` for a decoded model.
    status: &'static str,
    solution: Option<&'a Grid>,
    /// Another solution, for `multiple`.
    second: Option<&'a Grid>,
    /// How the backtracker's answer compared.
    check: &'static str,
    /// The nodes after which the backtracker gave up, when it did.
    gave_up_after: Option<u64>,
    /// The SAT and cross-check times, when the puzzle was solved here.
    timings: Option<(Duration, Duration)>,
}

/// Writes one solved puzzle's text in `format` at the end of `out`: its
/// solution in the grid formats, a record with its status in JSON and CSV,
/// nothing when a grid format has no solution to show. Neither the blank
/// line between grids nor the CSV header is written: they depend on what
/// was printed before, which only the [`Printer`] knows, so that a batch's
/// workers can write each answer's text and the printer only puts the
/// texts in order ([`Printer::put`]).
pub fn render(format: OutputFormat, puzzle: &Puzzle, report: &Report, out: &mut String) {
    let outcome = &report.outcome;
    // A cross-check turned off and one that reached its node limit are
    // both "skipped": neither says anything of the answer. The nodes tell
    // the second apart.
    let (check, gave_up_after) = match report.check {
        CrossCheck::Agree => ("agree", None),
        CrossCheck::Skipped => ("skipped", None),
        CrossCheck::GaveUp { nodes } => ("skipped", Some(nodes)),
        // A disagreement stops the run before anything is printed.
        CrossCheck::Disagree(_) => ("disagree", None),
    };
    let record = Record {
        status: outcome.status(),
        solution: outcome.solution(),
        second: match outcome {
            Outcome::Multiple(_, second) => Some(second),
            _ => None,
        },
        check,
        gave_up_after,
        timings: Some((report.sat_time, report.check_time)),
    };
    body(format, puzzle, &record, out);
}

/// Writes one record's text (see [`render`]).
fn body(format: OutputFormat, puzzle: &Puzzle, record: &Record, out: &mut String) {
    // A `String` takes any text, and the `Display` implementations written
    // here only pass its answer on: as in `format!`, an error is a bug.
    let written = match format {
        OutputFormat::Json => json(puzzle, record, out),
        OutputFormat::Csv => {
            let solution = record.solution.map(Grid::to_string).unwrap_or_default();
            writeln!(out, "{},{solution},{}", puzzle.grid(), record.status)
        }
        OutputFormat::Fpuzzles => match record.solution {
            Some(solution) => {
                let url = fpuzzles::link(&puzzle.puzzle, Some(&puzzle.shown), Some(solution));
                writeln!(out, "{url}")
            }
            None => Ok(()),
        },
        _ => match record.solution {
            Some(solution) => grid(format, solution, out),
            None => Ok(()),
        },
    };
    written.expect("a Display implementation returned an error unexpectedly");
}

/// Writes a grid in one of the grid formats, with no separator.
fn grid(format: OutputFormat, grid: &Grid, out: &mut String) -> fmt::Result {
    match format {
        OutputFormat::Grid => write!(out, "{}", text::rows(grid)),
        OutputFormat::Pretty => write!(out, "{}", grid.pretty()),
        OutputFormat::Numbers => write!(out, "{}", grid.numbers()),
        OutputFormat::Line | OutputFormat::Json | OutputFormat::Csv | OutputFormat::Fpuzzles => {
            writeln!(out, "{grid}")
        }
    }
}

fn json(puzzle: &Puzzle, record: &Record, out: &mut String) -> fmt::Result {
    let timings = record.timings.map(|(sat, check)| {
        json!({
            "sat": sat.as_micros() as u64,
            "check": check.as_micros() as u64,
        })
    });
    let object = json!({
        "label": puzzle.label.to_string(),
        "line": puzzle.line,
        "puzzle": puzzle.grid().to_string(),
        "status": record.status,
        "solution": record.solution.map(Grid::to_string),
        "second_solution": record.second.map(Grid::to_string),
        "cross_check": record.check,
        "cross_check_gave_up_after": record.gave_up_after,
        "timings_us": timings,
    });
    writeln!(out, "{object}")
}

/// Writes results one after another in one format: each result's text
/// (see [`render`]) with what goes between results, the blank line
/// between grids and the CSV header.
pub struct Printer {
    out: Records,
    format: OutputFormat,
    printed: usize,
    /// The text of the result being printed, kept to reuse its memory.
    text: String,
}

impl Printer {
    /// Returns a printer on stdout; `flush_each` writes every result as
    /// it is printed, for a person watching a terminal.
    pub fn new(format: OutputFormat, flush_each: bool) -> Self {
        Printer {
            out: Records::new(flush_each),
            format,
            printed: 0,
            text: String::new(),
        }
    }

    /// Prints one result's text as [`render`] wrote it in this printer's
    /// format; an empty text (a grid format with no solution) prints
    /// nothing, not even a separator.
    pub fn put(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        match self.format {
            OutputFormat::Csv if self.printed == 0 => writeln!(self.out, "puzzle,solution,status")?,
            OutputFormat::Grid | OutputFormat::Pretty | OutputFormat::Numbers
                if self.printed > 0 =>
            {
                writeln!(self.out)?
            }
            _ => {}
        }
        self.out.write_all(text.as_bytes())?;
        self.printed += 1;
        self.out.end_record()
    }

    /// Prints the text that `write` puts in the printer's own buffer.
    fn put_with(&mut self, write: impl FnOnce(OutputFormat, &mut String)) -> io::Result<()> {
        let mut text = std::mem::take(&mut self.text);
        text.clear();
        write(self.format, &mut text);
        let put = self.put(&text);
        self.text = text;
        put
    }

    /// Prints a solution read from a SAT solver's model (`decode`): in
    /// JSON and CSV, a record like [`render`]'s with the status `solved`,
    /// since one model shows a solution but not that it is the only one,
    /// no cross-check and no timings.
    pub fn decoded(&mut self, puzzle: &Puzzle, solution: &Grid) -> io::Result<()> {
        let record = Record {
            status: "solved",
            solution: Some(solution),
            second: None,
            check: "skipped",
            gave_up_after: None,
            timings: None,
        };
        self.put_with(|format, text| body(format, puzzle, &record, text))
    }

    /// Prints a puzzle made here (`generate`): its givens in the grid
    /// formats, its link in `fpuzzles` (showing what `shown` holds, a
    /// template's title and drawings), `record` in JSON, and in CSV the
    /// row `solve` would print for it (`puzzle,solution,status`, status
    /// `unique`), so that the file reads back as puzzles with their
    /// solutions.
    pub fn made(
        &mut self,
        puzzle: &sudoku_sat::puzzle::Puzzle,
        solution: &Grid,
        shown: &fpuzzles::Shown,
        record: &serde_json::Value,
    ) -> io::Result<()> {
        let givens = puzzle.givens();
        if let Some(what) = text_format(self.format).and_then(|format| text_loss(puzzle, format)) {
            // Refused before anything of it is written: a grid that reads
            // back with other blocks is another puzzle.
            return Err(io::Error::other(format!(
                "-o {} cannot hold the puzzle's {what}; \
                 -o grid and pretty draw other rectangular blocks, \
                 -o fpuzzles and json keep everything",
                self.format
                    .to_possible_value()
                    .expect("no skipped values")
                    .get_name()
            )));
        }
        self.put_with(|format, text| {
            let written = match format {
                OutputFormat::Json => writeln!(text, "{record}"),
                OutputFormat::Csv => writeln!(text, "{givens},{solution},unique"),
                OutputFormat::Fpuzzles => {
                    writeln!(text, "{}", fpuzzles::link(puzzle, Some(shown), None))
                }
                _ => grid(format, givens, text),
            };
            written.expect("a Display implementation returned an error unexpectedly");
        })
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Returns the text format `format` writes grids in, `None` for JSON and
/// links, which hold any puzzle.
pub fn text_format(format: OutputFormat) -> Option<TextFormat> {
    match format {
        OutputFormat::Grid => Some(TextFormat::Rows),
        OutputFormat::Pretty => Some(TextFormat::Pretty),
        OutputFormat::Line | OutputFormat::Csv => Some(TextFormat::Line),
        OutputFormat::Numbers => Some(TextFormat::Numbers),
        OutputFormat::Json | OutputFormat::Fpuzzles => None,
    }
}

/// Returns the note for a solution of `puzzle` written in `format` that
/// reads back with other blocks than the puzzle's, `None` when it keeps
/// them. Constraints are not its loss: a solution is a finished grid.
pub fn shape_note(format: OutputFormat, puzzle: &Puzzle) -> Option<String> {
    let what = text::shape_loss(puzzle.grid().shape(), text_format(format)?)?;
    let name = format.to_possible_value().expect("no skipped values");
    let read_back = match puzzle.grid().shape().block_dims() {
        Some((r, c)) => format!("it reads back with --box {r}x{c}"),
        None => "it reads back with other blocks".to_string(),
    };
    Some(format!(
        "-o {} cannot hold the puzzle's {what}: {read_back}; -o fpuzzles and json keep them",
        name.get_name()
    ))
}
