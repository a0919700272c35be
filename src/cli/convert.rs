//! `convert`: a puzzle from any format into any other.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;

use sudoku_sat::formats::{fpuzzles, rules_file};
use sudoku_sat::rules::Rule;

use super::input::NOT_WRITTEN;
use super::say;
use super::{InputArgs, Status};

/// The formats `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// One line of N² symbols a puzzle, `.` for a blank (numbers past
    /// 25×25). Classic rules only.
    Line,
    /// N rows of N symbols a puzzle, grids separated by a blank line.
    /// Classic rules only.
    Rows,
    /// N rows of N space-separated numbers, `0` for a blank, for any size.
    /// Classic rules only.
    Numbers,
    /// One f-puzzles link a puzzle, constraints and blocks included.
    Fpuzzles,
    /// A rules file (TOML), constraints and blocks included; the input
    /// must hold one puzzle.
    Rules,
}

/// Write puzzles in another format: a text line, rows, numbers, an
/// f-puzzles link or a rules file.
///
/// Reads any input format (text grids, f-puzzles and SudokuPad links,
/// a `*.toml` rules file). Text grids hold the classic rules only: a
/// puzzle with constraints or irregular blocks is refused for them,
/// with a message naming what would be lost (exit 2), never written
/// without it. The drawing elements of an f-puzzles link (free lines,
/// text, fog…) carry no rule and are not written in any format; a note
/// on stderr lists them.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    file: Option<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    /// The format to write.
    #[arg(long, value_enum)]
    to: Target,
}

/// Returns what a text grid would lose of a puzzle: `irregular blocks`
/// or `constraints (diagonal+, killercage)`; `None` for a classic puzzle
/// with rectangular blocks, which a text grid holds whole.
pub(super) fn lost_in_text(puzzle: &sudoku_sat::puzzle::Puzzle) -> Option<String> {
    if puzzle.is_classic() && puzzle.shape().block_dims().is_some() {
        return None;
    }
    let mut keys: Vec<&str> = puzzle.constraints().iter().map(|c| c.key()).collect();
    keys.dedup();
    Some(if keys.is_empty() {
        "irregular blocks".to_string()
    } else {
        format!("constraints ({})", keys.join(", "))
    })
}

/// Runs `convert`: reads every puzzle and writes it in the target format,
/// in input order. A puzzle the target cannot hold (constraints or
/// irregular blocks in a text grid) is an error, never a silent loss.
pub fn convert(args: ConvertArgs) -> anyhow::Result<Status> {
    // Drawing elements have no place in any format written here: the
    // note on them says they are lost.
    let input = args
        .input
        .open(args.file.as_deref())?
        .with_drawings_note(NOT_WRITTEN);
    let name = input.name.clone();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written = 0usize;
    let mut refused = 0usize;
    let errors = input.for_each(args.input.options(), |source, entry| {
        let puzzle = &entry.puzzle;
        let at = format!("{source}: {}", entry.label);
        let plain_text = matches!(args.to, Target::Line | Target::Rows | Target::Numbers);
        if let Some(what) = lost_in_text(puzzle).filter(|_| plain_text) {
            say::error(format_args!(
                "{at}: a text grid cannot hold its {what}; use --to fpuzzles or --to rules"
            ));
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
                write!(out, "{}", grid.rows())
            }
            Target::Numbers => {
                if written > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", grid.numbers())
            }
            Target::Fpuzzles => writeln!(out, "{}", fpuzzles::link(puzzle, None, None)),
            Target::Rules => {
                if written > 0 {
                    bail!("{at}: a rules file holds one puzzle; convert them one at a time");
                }
                write!(
                    out,
                    "{}",
                    rules_file::write(puzzle, &rules_file::Meta::default())
                )
            }
        }
        .context("cannot write to stdout")?;
        written += 1;
        Ok(())
    })?;
    out.flush().context("cannot write to stdout")?;
    if written == 0 && errors == 0 && refused == 0 {
        bail!("{name}: holds no puzzle");
    }
    Ok(if errors > 0 || refused > 0 {
        Status::Error
    } else {
        Status::Success
    })
}
