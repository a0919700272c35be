//! `convert`: a puzzle from any format into any other.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;

use clap::ValueEnum;
use sudoku_sat::formats::text::{self, TextFormat, text_loss};
use sudoku_sat::formats::{fpuzzles, rules_file};

use super::input::{DRAWN_AGAIN, NOT_WRITTEN};
use super::say;
use super::signals::{report_stop, stopped};
use super::{InputArgs, Status};

/// The formats `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// One line of N² symbols a puzzle, `.` for a blank (numbers past
    /// 25×25). Classic rules and the default blocks only.
    Line,
    /// N rows of N symbols a puzzle, grids separated by a blank line;
    /// other rectangular blocks than the default are drawn, with bars
    /// and rule lines, and read back. Classic rules only.
    Rows,
    /// N rows of N space-separated numbers, `0` for a blank, for any size.
    /// Classic rules and the default blocks only.
    Numbers,
    /// One f-puzzles link a puzzle, constraints and blocks included.
    Fpuzzles,
    /// A rules file (TOML), constraints and blocks included; the input
    /// must hold one puzzle (with several, nothing is written).
    Rules,
}

/// Write puzzles in another format: a text line, rows, numbers, an
/// f-puzzles link or a rules file.
///
/// Reads any input format (text grids, f-puzzles and SudokuPad links,
/// a `*.toml` rules file). Text grids hold the classic rules only: a
/// puzzle with constraints or irregular blocks is refused for them, and
/// other rectangular blocks than the default for a line or numbers
/// (rows draws them), with a message naming what would be lost and a
/// format that keeps it (exit 2), never written without it.
///
/// What a puzzle shows beyond its rules goes where the target has room
/// for it: an f-puzzles link keeps the input link's title, author, rules
/// text, drawings (free lines, text, cosmetic cages, fog…), cell colours
/// and solver settings; a rules file keeps the title, author and rules
/// text. What a target leaves out is named in a note on stderr.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    file: Option<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    /// The format to write (`--to` is the same option).
    #[arg(long = "output", short = 'o', visible_alias = "to", value_enum)]
    to: Target,
}

/// Returns what every text grid would lose of a puzzle: `irregular
/// blocks` or `constraints (diagonal+, killercage)`; `None` for a classic
/// puzzle with rectangular blocks, which the rows format holds whole
/// (see [`text_loss`]).
pub(super) fn lost_in_text(puzzle: &sudoku_sat::puzzle::Puzzle) -> Option<String> {
    text_loss(puzzle, TextFormat::Rows)
}

impl Target {
    /// Returns the text format written, `None` for a link or a rules file.
    fn text(self) -> Option<TextFormat> {
        match self {
            Target::Line => Some(TextFormat::Line),
            Target::Rows => Some(TextFormat::Rows),
            Target::Numbers => Some(TextFormat::Numbers),
            Target::Fpuzzles | Target::Rules => None,
        }
    }
}

/// Runs `convert`: reads every puzzle and writes it in the target format,
/// in input order, each flushed as it is written (a program at the other
/// end of a pipe may wait for one answer before it sends the next
/// puzzle). A puzzle the target cannot hold (constraints or irregular
/// blocks in a text grid, other blocks than the default in a line or
/// numbers) is an error, never a silent loss. A rules file holds one
/// puzzle: with `--to rules`, an input of several is refused before
/// anything is written.
pub fn convert(args: ConvertArgs) -> anyhow::Result<Status> {
    // A link is written with the drawings it was read with; the other
    // formats have no place for them, and the note says they are lost.
    let consequence = if args.to == Target::Fpuzzles {
        DRAWN_AGAIN
    } else {
        NOT_WRITTEN
    };
    let input = args
        .input
        .open(args.file.as_deref())?
        .with_drawings_note(consequence);
    let name = input.name.clone();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written = 0usize;
    let mut refused = 0usize;
    // The rules file of the first puzzle, written once the input is
    // known to hold no other.
    let mut rules: Option<String> = None;
    let errors = input.for_each(args.input.options(), |source, entry| {
        let puzzle = &entry.puzzle;
        let at = format!("{source}: {}", entry.label);
        if let Some(what) = args.to.text().and_then(|format| text_loss(puzzle, format)) {
            if lost_in_text(puzzle).is_none() {
                say::error(format_args!(
                    "{at}: --to {} cannot hold its {what}; \
                     use --to rows (which draws them), --to fpuzzles or --to rules",
                    args.to
                        .to_possible_value()
                        .expect("no skipped values")
                        .get_name()
                ));
            } else {
                say::error(format_args!(
                    "{at}: a text grid cannot hold its {what}; use --to fpuzzles or --to rules"
                ));
            }
            refused += 1;
            return Ok(());
        }
        let grid = puzzle.givens();
        match args.to {
            Target::Line => writeln!(out, "{grid}"),
            Target::Rows => {
                if written > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", text::rows(grid))
            }
            Target::Numbers => {
                if written > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", grid.numbers())
            }
            Target::Fpuzzles => {
                let shown = &entry.shown;
                if !shown.dropped.is_empty() {
                    say::note(format_args!(
                        "{at}: the link leaves out {}",
                        shown.dropped.join("; ")
                    ));
                }
                writeln!(out, "{}", fpuzzles::link(puzzle, Some(shown), None))
            }
            Target::Rules => {
                if rules.is_some() {
                    bail!(
                        "{at}: a second puzzle, and a rules file holds one; nothing was \
                         written: convert the puzzles one at a time, or use --to fpuzzles \
                         for a link a line"
                    );
                }
                rules = Some(rules_file::write(puzzle, &entry.shown.meta()));
                Ok(())
            }
        }
        .and_then(|()| out.flush())
        .context("cannot write to stdout")?;
        written += 1;
        Ok(())
    })?;
    if let Some(text) = rules {
        write!(out, "{text}").context("cannot write to stdout")?;
    }
    out.flush().context("cannot write to stdout")?;
    if let Some(signal) = stopped() {
        return Ok(report_stop(signal, &name, written));
    }
    if written == 0 && errors == 0 && refused == 0 {
        bail!("{name}: holds no puzzle");
    }
    Ok(if errors > 0 || refused > 0 {
        Status::Error
    } else {
        Status::Success
    })
}
