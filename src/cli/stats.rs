//! `stats`: the size of an encoding, in total and per clause family; and
//! the arguments `stats`, `explain` and `rate` share.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde::Serialize;
use serde::ser::SerializeMap;

use sudoku_sat::encode::tally::{Pass, tally_watched};
use sudoku_sat::encode::vars::cell_digit_count;
use sudoku_sat::encode::{ValueKind, encode_rules};
use sudoku_sat::explain::family_ranges;
use sudoku_sat::formats::text::Puzzle;
use sudoku_sat::formula::encode_puzzle_explained;
use sudoku_sat::grid::Size;

use super::output::ReportOutput;
use super::progress::Spinner;
use super::say;
use super::{EncodingArgs, InputArgs, Status};

/// Parses a grid side, 4 to 64.
pub fn parse_size(text: &str) -> Result<Size, String> {
    text.parse::<usize>()
        .ok()
        .and_then(Size::from_side)
        .ok_or_else(|| {
            format!(
                "'{text}' is not a grid side; use a number from {} to {}",
                Size::MIN_SIDE,
                Size::MAX_SIDE
            )
        })
}

/// Count the variables and clauses of an encoding, in total and per
/// clause family.
///
/// Counts the bare rules of an empty grid of --size, or, given PUZZLE,
/// the formula of its first puzzle (rules and one unit clause per
/// given; the optimized encoding reduces the rules by the givens
/// instead). `--output json` prints one object with: size; encoding,
/// amo, sum (for puzzles with variant rules) and value (when not
/// direct); puzzle (source, label, givens); variables,
/// cell_digit_variables, auxiliary_variables and used_variables (those
/// that occur in a clause); clauses, distinct_clauses (each set of
/// literals counted once) and literals; families (family name: clause
/// count); family_details (an array in the order the families are
/// written, with each one's clauses, literals and first clause
/// position); and, for puzzles with rules in the rules language, rules
/// (each rule's name, auxiliary variables and clauses).
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// A puzzle file: count the formula of its first puzzle, givens
    /// included (`-` reads standard input). Without it, the bare rules of
    /// an empty grid of --size.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    puzzle: Option<PathBuf>,

    /// The grid side of the empty grid, any side from 4 to 64, with
    /// f-puzzles' default blocks: R×C with R the largest divisor of N
    /// not above √N (3×3 at 9, 2×3 at 6, 1×7 at 7). By default R·C of
    /// --box, else the size the --rules file states, else 9.
    #[arg(long, value_name = "N", value_parser = parse_size,
          conflicts_with = "puzzle")]
    size: Option<Size>,

    #[command(flatten)]
    encoding: EncodingArgs,

    /// How to print: a table, or one JSON object.
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,

    /// Never show the spinner that counting a big formula draws on a
    /// terminal (from half a second on: a 49×49 grid's formula takes tens
    /// of seconds).
    #[arg(long)]
    no_progress: bool,

    #[command(flatten)]
    input: InputArgs,
}

/// Reads the first puzzle of a file, noting on stderr when there are more.
///
/// Returns `Ok(None)` after reporting parse errors, or when the file holds
/// no puzzle (also reported).
pub fn first_puzzle(path: &Path, args: &InputArgs) -> anyhow::Result<Option<(String, Puzzle)>> {
    let input = args.open(Some(path))?;
    let name = input.name.clone();
    let mut first = None;
    let mut count = 0usize;
    let errors = input.for_each(args.options(), |_, puzzle| {
        count += 1;
        if first.is_none() {
            first = Some(puzzle);
        }
        Ok(())
    })?;
    if errors > 0 {
        return Ok(None);
    }
    let Some(puzzle) = first else {
        say::error(format_args!("{name}: holds no puzzle"));
        return Ok(None);
    };
    if count > 1 {
        say::note(format_args!(
            "{name} holds {count} puzzles; this is for the first, {}",
            puzzle.label
        ));
    }
    Ok(Some((name, puzzle)))
}

/// One family's figures.
#[derive(Serialize)]
struct FamilyRow {
    /// The family's name.
    family: &'static str,
    /// Its clauses.
    clauses: usize,
    /// Their literals.
    literals: usize,
    /// The 0-based position of its first clause in the formula.
    first_clause: usize,
}

/// The families as a JSON object, family name → clauses, written in the
/// order the families were (JSON readers need not keep that order; the
/// `family_details` array does).
struct Families<'a>(&'a [FamilyRow]);

impl Serialize for Families<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for row in self.0 {
            map.serialize_entry(row.family, &row.clauses)?;
        }
        map.end()
    }
}

/// Where the counted formula came from.
#[derive(Debug, Serialize)]
struct PuzzleInfo {
    source: String,
    label: String,
    givens: usize,
}

/// Everything `stats` reports; the JSON object as written.
#[derive(Serialize)]
struct Report<'a> {
    size: usize,
    encoding: &'static str,
    amo: &'static str,
    /// The sum encoding, for a puzzle with constraints.
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<&'static str>,
    /// The value encoding, when it is not direct.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'static str>,
    puzzle: Option<PuzzleInfo>,
    variables: usize,
    cell_digit_variables: usize,
    auxiliary_variables: usize,
    /// Variables that occur in at least one clause.
    used_variables: usize,
    clauses: usize,
    /// Clauses once each: some at-most-one encodings (commander, bimander,
    /// product) write a clause twice where a row and a block share cells.
    distinct_clauses: usize,
    literals: usize,
    /// Clauses per family.
    families: Families<'a>,
    /// Every family's figures, in the order written.
    family_details: &'a [FamilyRow],
    /// Each rule in the rules language: its auxiliary variables and
    /// clauses.
    #[serde(skip_serializing_if = "<[RuleRow]>::is_empty")]
    rules: Vec<RuleRow>,
}

/// One rule of the rules language's figures.
#[derive(Serialize)]
struct RuleRow {
    /// The rule's name.
    rule: String,
    /// The auxiliary variables it added.
    variables: usize,
    /// Its clauses.
    clauses: usize,
}

/// Runs `stats`.
pub fn stats(args: StatsArgs) -> anyhow::Result<Status> {
    let encoding = args.encoding.encoding();
    let (grid, shape, puzzle_info) = match &args.puzzle {
        None => {
            let (shape, grid) = args.input.empty_grid(args.size.map(Size::side))?;
            (grid, shape, None)
        }
        Some(path) => {
            let Some((name, puzzle)) = first_puzzle(path, &args.input)? else {
                return Ok(Status::Error);
            };
            let info = PuzzleInfo {
                source: name,
                label: puzzle.label.to_string(),
                givens: puzzle.grid().given_count(),
            };
            let shape = puzzle.grid().shape().clone();
            (Some(puzzle.puzzle), shape, Some(info))
        }
    };
    let size = shape.size();
    // Counted as the clauses stream past (the encoder runs again for
    // the distinct count on big formulas), never held: a 64×64 grid has
    // 31 million.
    let mut spinner = Spinner::new(!args.no_progress);
    let tally = tally_watched(
        |sink| match grid.as_ref() {
            Some(puzzle) => encode_puzzle_explained(puzzle, &encoding, sink),
            None => encode_rules(&shape, &encoding, sink),
        },
        &mut |pass| spinner.show(|| pass_message(pass)),
    );
    drop(spinner);
    let stats = &tally.stats;
    let rows: Vec<FamilyRow> = family_ranges(stats)
        .into_iter()
        .zip(&stats.family_literals)
        .map(|((family, range), &literals)| FamilyRow {
            family: family.name(),
            clauses: range.len(),
            first_clause: range.start,
            literals,
        })
        .collect();
    let cell_digits = cell_digit_count(size);
    let report = Report {
        size: size.side(),
        encoding: encoding.rules.name(),
        amo: encoding.amo.name(),
        value: (encoding.value != ValueKind::Direct).then(|| encoding.value.name()),
        sum: grid
            .as_ref()
            .filter(|p| !p.is_classic())
            .map(|_| encoding.sum.name()),
        puzzle: puzzle_info,
        variables: stats.variables,
        cell_digit_variables: cell_digits,
        auxiliary_variables: stats.variables - cell_digits,
        used_variables: tally.used_variables,
        clauses: stats.clauses,
        distinct_clauses: tally.distinct_clauses,
        literals: rows.iter().map(|r| r.literals).sum(),
        families: Families(&rows),
        family_details: &rows,
        rules: stats
            .rules
            .iter()
            .map(|r| RuleRow {
                rule: r.name.clone(),
                variables: r.variables,
                clauses: r.clauses,
            })
            .collect(),
    };
    let mut out = io::stdout().lock();
    match args.output {
        ReportOutput::Json => {
            serde_json::to_writer_pretty(&mut out, &report).context("cannot write to stdout")?;
            writeln!(out).context("cannot write to stdout")?;
        }
        ReportOutput::Text => {
            write_text(&mut out, &report, &rows).context("cannot write to stdout")?
        }
    }
    out.flush().context("cannot write to stdout")?;
    Ok(Status::Success)
}

/// Returns the spinner's message for a pass over the formula: its
/// clauses seen so far, and of how many once the first pass has counted
/// them.
fn pass_message(pass: Pass) -> String {
    let seen = thousands(pass.clauses);
    match pass.of {
        None => format!("counting clauses: {seen} so far"),
        Some(of) => format!(
            "looking for repeated clauses, pass {}: {seen} of {}",
            pass.pass,
            thousands(of)
        ),
    }
}

/// Formats a count with thousands separators: 10,530.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn write_text(out: &mut impl Write, report: &Report, rows: &[FamilyRow]) -> io::Result<()> {
    let side = report.size;
    write!(
        out,
        "{side}x{side} grid, {} encoding, {} at-most-one",
        report.encoding, report.amo
    )?;
    if let Some(value) = report.value {
        write!(out, ", {value} value encoding")?;
    }
    if let Some(sum) = report.sum {
        write!(out, ", {sum} sums")?;
    }
    match &report.puzzle {
        Some(p) => writeln!(
            out,
            ", {}: {} ({})",
            p.source,
            p.label,
            say::count(p.givens, "given", "givens")
        )?,
        None => writeln!(out, ", empty grid")?,
    }
    writeln!(
        out,
        "variables  {:>9}  ({} cell-digit + {} auxiliary; {} occur in clauses)",
        thousands(report.variables),
        thousands(report.cell_digit_variables),
        thousands(report.auxiliary_variables),
        thousands(report.used_variables),
    )?;
    write!(
        out,
        "clauses    {:>9}  ({} literals",
        thousands(report.clauses),
        thousands(report.literals)
    )?;
    match report.clauses - report.distinct_clauses {
        0 => writeln!(out, ")")?,
        repeats => writeln!(
            out,
            "; {} distinct, {} repeats)",
            thousands(report.distinct_clauses),
            thousands(repeats)
        )?,
    }
    writeln!(out)?;
    let width = rows
        .iter()
        .map(|r| r.family.len())
        .max()
        .unwrap_or(0)
        .max(6);
    writeln!(
        out,
        "{:<width$}  {:>9}  {:>10}",
        "family", "clauses", "literals"
    )?;
    for row in rows {
        writeln!(
            out,
            "{:<width$}  {:>9}  {:>10}",
            row.family,
            thousands(row.clauses),
            thousands(row.literals)
        )?;
    }
    writeln!(
        out,
        "{:<width$}  {:>9}  {:>10}",
        "total",
        thousands(report.clauses),
        thousands(report.literals)
    )?;
    if report.rules.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:>9}  {:>9}  rule (in the rules language)",
        "variables", "clauses"
    )?;
    for rule in &report.rules {
        writeln!(
            out,
            "{:>9}  {:>9}  {}",
            thousands(rule.variables),
            thousands(rule.clauses),
            rule.rule
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(10_530), "10,530");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn passes_say_how_far_they_have_got() {
        let first = Pass {
            pass: 1,
            clauses: 2_097_152,
            of: None,
        };
        assert_eq!(pass_message(first), "counting clauses: 2,097,152 so far");
        let later = Pass {
            pass: 3,
            clauses: 1_048_576,
            of: Some(31_000_000),
        };
        assert_eq!(
            pass_message(later),
            "looking for repeated clauses, pass 3: 1,048,576 of 31,000,000"
        );
    }

    #[test]
    fn sizes_are_grid_sides() {
        assert_eq!(parse_size("9"), Ok(Size::NINE));
        assert!(parse_size("3").is_err());
        assert!(parse_size("x").is_err());
    }
}
