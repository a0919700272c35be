//! The `candidates` subcommand: each cell's true candidates, the digits it
//! holds in at least one solution.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::json;

use sudoku_sat::backtrack::Verdict;
use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::grid::{Cell, Digit, Size};
use sudoku_sat::solve::candidate_counts::{CandidateCounts, candidate_counts};
use sudoku_sat::solve::candidates::{Candidates, Solutions, true_candidates};

use super::args::ProgressArgs;
use super::count::{CheckArgs, verdict_words};
use super::output::{ReportOutput, json_line, report_each};
use super::shard::ShardArgs;
use super::{InputArgs, Status};

/// Print each cell's true candidates: the digits it holds in at least
/// one solution, found by SAT.
///
/// For setting puzzles: a cell with one candidate is settled, a cell
/// with several shows where the puzzle is still open, and a cell with
/// `-` has no digit left (the puzzle has no solution). Per puzzle, a
/// line `LABEL: one solution` (or `several solutions`, `no solution`),
/// then the grid of candidates with block lines. Works on every puzzle
/// the tool reads: any size, jigsaw blocks, variant constraints. The
/// formula is loaded once; each further solver call asks for a
/// solution showing a digit not yet seen, so a unique puzzle costs the
/// work of a uniqueness check. Every solution used is decoded and
/// validated against every rule.
///
/// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle
/// has none or several; 2 usage, I/O or parse error, or a solution given
/// in the input (a CSV solution column) that breaks a rule.
#[derive(Debug, Args)]
pub struct CandidatesArgs {
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

    /// How to print: per puzzle a line `LABEL: one solution` (or `several
    /// solutions`, `no solution`) and the grid of candidates, or one JSON
    /// object per puzzle (JSON Lines) with `label`, `line`, `candidates`
    /// (N² strings of digit symbols, row by row, as "138"; empty for a
    /// cell with none; numbers joined by commas above 25×25) and
    /// `solutions` (`none`, `one` or `several`).
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    /// Also count, for each candidate, the solutions that put it there,
    /// up to CAP (`--counts=CAP`; 8 for a bare `--counts`): text shows `5(2)` for a
    /// digit in 2 solutions and `7(8+)` at the cap; JSON adds `counts`
    /// (per cell, `[digit, count]` pairs, a count equal to `cap` meaning
    /// at least that many), `cap` and `solutions_found`. Each solution
    /// met is validated and kept, so a puzzle with few solutions costs
    /// little more than its candidates.
    #[arg(long, value_name = "CAP", num_args = 0..=1, require_equals = true,
        default_missing_value = "8",
        value_parser = clap::value_parser!(u32).range(1..))]
    counts: Option<u32>,

    #[command(flatten)]
    check: CheckArgs,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// Runs `candidates`: each puzzle's candidate grid on stdout.
pub fn candidates(args: CandidatesArgs) -> anyhow::Result<Status> {
    let input = (args.input.open(args.file.as_deref())?)
        .with_shard(args.shard.shard)
        .with_progress(&args.progress);
    let name = input.name.clone();
    let encoding = args.check.encoding();
    let mut status = Status::Success;
    let mut first = true;
    let result = report_each(input, args.input.options(), |source, puzzle, out| {
        let at = format!("{source}: {}", puzzle.label);
        let counted = match args.counts {
            Some(cap) => {
                Some(candidate_counts(&puzzle.puzzle, &encoding, cap).with_context(|| at.clone())?)
            }
            None => None,
        };
        let found = match &counted {
            Some(counted) => counted.candidates().clone(),
            None => true_candidates(&puzzle.puzzle, &encoding).with_context(|| at.clone())?,
        };
        let what = "the candidates are validated but not cross-checked";
        if let Some(verdict) = args.check.verdict(&at, &puzzle.puzzle, what) {
            cross_check(&at, &found, &verdict)?;
        }
        if found.solutions() != Solutions::One {
            status = status.max(Status::NotUnique);
        }
        match args.output {
            ReportOutput::Text => {
                if !first {
                    writeln!(out).context("cannot write to stdout")?;
                }
                write!(out, "{}", text(&puzzle, &found, counted.as_ref()))
                    .context("cannot write to stdout")?;
            }
            ReportOutput::Json => {
                json_line(out, &candidates_json(&puzzle, &found, counted.as_ref()))?
            }
        }
        first = false;
        Ok(())
    });
    Ok(result?.status(&name, status))
}

/// Returns a cell's candidates as text: the digits' symbols ("138"), `-`
/// for none when `dash`; above 25×25, whose digits have no symbol, the
/// numbers joined by commas.
///
/// With counts, each digit is followed by its count in parentheses,
/// `8+` at the cap: `1(3)5(8+)`.
fn cell_text(
    found: &Candidates,
    counted: Option<&CandidateCounts>,
    cell: Cell,
    dash: bool,
) -> String {
    let size = found.size();
    let digits = found.of(cell);
    if digits.is_empty() && dash {
        return "-".to_string();
    }
    let count = |d: Digit| match counted {
        Some(counted) if counted.count(cell, d) >= counted.cap() => format!("({}+)", counted.cap()),
        Some(counted) => format!("({})", counted.count(cell, d)),
        None => String::new(),
    };
    if size.has_symbols() {
        digits
            .into_iter()
            .map(|d| format!("{}{}", size.symbol(d), count(d)))
            .collect()
    } else {
        let numbers: Vec<String> = digits
            .iter()
            .map(|&d| format!("{}{}", d.get(), count(d)))
            .collect();
        numbers.join(",")
    }
}

/// Returns the text a puzzle prints: its label and solution count, then
/// the grid of candidates drawn as `solve --output pretty` draws a
/// solution, every cell padded to the widest.
fn text(puzzle: &Puzzle, found: &Candidates, counted: Option<&CandidateCounts>) -> String {
    let size: Size = found.size();
    let side = size.side();
    let solutions = match found.solutions() {
        Solutions::None => "no solution",
        Solutions::One => "one solution",
        Solutions::Several => "several solutions",
    };
    let cells: Vec<String> = size
        .all_cells()
        .map(|cell| cell_text(found, counted, cell, true))
        .collect();
    let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(1);
    // Irregular blocks cannot be drawn with rules: one frame, as `pretty`.
    let (rows, cols) = puzzle.grid().shape().block_dims().unwrap_or((side, side));
    let segment = format!("+{}", "-".repeat((width + 1) * cols + 1));
    let rule = format!("{}+\n", segment.repeat(side / cols));
    let mut text = format!("{}: {solutions}\n", puzzle.label);
    for r in 0..side {
        if r % rows == 0 {
            text.push_str(&rule);
        }
        for c in 0..side {
            if c % cols == 0 {
                text.push_str("| ");
            }
            let cell = &cells[r * side + c];
            text.push_str(&format!("{cell:<width$} "));
        }
        text.push_str("|\n");
    }
    text.push_str(&rule);
    text
}

/// Returns the JSON object `candidates --output json` prints for a puzzle.
fn candidates_json(
    puzzle: &Puzzle,
    found: &Candidates,
    counted: Option<&CandidateCounts>,
) -> serde_json::Value {
    let cells: Vec<String> = found
        .size()
        .all_cells()
        .map(|cell| cell_text(found, None, cell, false))
        .collect();
    let mut object = json!({
        "label": puzzle.label.to_string(),
        "line": puzzle.line,
        "candidates": cells,
        "solutions": found.solutions().name(),
    });
    if let Some(counted) = counted {
        let counts: Vec<Vec<(u8, u32)>> = (found.size().all_cells())
            .map(|cell| {
                counted
                    .of(cell)
                    .iter()
                    .map(|&(d, n)| (d.get(), n))
                    .collect()
            })
            .collect();
        object["counts"] = json!(counts);
        object["cap"] = json!(counted.cap());
        object["solutions_found"] = json!(counted.solutions_found());
    }
    object
}

/// Compares the candidates with the backtracker's verdict: no candidate
/// somewhere means no solution, one per cell one solution (the
/// backtracker's), anything else several.
fn cross_check(at: &str, found: &Candidates, verdict: &Verdict) -> anyhow::Result<()> {
    let agree = match (found.solutions(), verdict) {
        (_, Verdict::GaveUp) => true,
        (Solutions::None, Verdict::Unsolvable) => true,
        (Solutions::One, Verdict::Unique(solution)) => found
            .size()
            .all_cells()
            .all(|cell| found.of(cell) == [solution.get(cell).expect("a solution is full")]),
        (Solutions::Several, Verdict::Multiple(..)) => true,
        _ => false,
    };
    if !agree {
        bail!(
            "{at}: the SAT candidates and the backtracker disagree: SAT finds {} \
             solutions; the backtracker finds {}",
            found.solutions().name(),
            verdict_words(verdict)
        );
    }
    Ok(())
}
