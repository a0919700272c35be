//! `explain`: every clause that mentions a cell or a house, by family, in
//! DIMACS numbers and in words.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use serde_json::json;

use sudoku_sat::explain::{Explanation, Target, encoded, explain as explain_clauses};
use sudoku_sat::grid::{Shape, Size};

use super::EncodingArgs;
use super::output::{ReportOutput, json_line};
use super::stats::{first_puzzle, parse_size, thousands};
use super::{InputArgs, Status, say};

/// Parses a cell or house name for clap.
fn parse_target(text: &str) -> Result<Target, String> {
    text.parse()
        .map_err(|e: sudoku_sat::explain::TargetError| e.to_string())
}

/// Options for `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The cell or house: a cell as r5c3, a house as row5, col3 or block4
    /// (1-based; blocks are numbered row by row from the top left).
    #[arg(value_name = "CELL", value_parser = parse_target)]
    target: Target,

    /// A puzzle file: explain the formula of its first puzzle, so the unit
    /// clauses of its givens appear too (`-` reads standard input).
    /// Without it, the bare rules of an empty grid of --size.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    puzzle: Option<PathBuf>,

    /// The grid side of the empty grid: 4, 9, 16 or 25.
    #[arg(long, value_name = "N", default_value = "9", value_parser = parse_size,
          conflicts_with = "puzzle")]
    size: Size,

    #[command(flatten)]
    encoding: EncodingArgs,

    /// List at most K clauses per family; 0 lists them all. The family
    /// headers always give the full counts.
    #[arg(long, value_name = "K", default_value_t = 12)]
    limit: usize,

    #[command(flatten)]
    input: InputArgs,

    /// How to print: text, or one JSON object with `target`, `size`,
    /// `encoding`, `amo`, `puzzle` (`source`, `label`, `givens`; null for
    /// an empty grid), `variables`, `clauses` (in the formula),
    /// `mentioning` (clauses that mention the target) and `families`: an
    /// array, in formula order, of `family`, `total` (the family's clauses
    /// in the formula) and `clauses`, each with `position` (0-based, in the
    /// formula), `dimacs` (the signed literals, as DIMACS numbers) and
    /// `words`. --limit applies to `clauses`.
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,
}

/// Runs `explain`.
pub fn explain(args: ExplainArgs) -> anyhow::Result<Status> {
    let encoding = args.encoding.encoding();
    let (grid, about, source) = match &args.puzzle {
        None => (None, "empty grid".to_string(), None),
        Some(path) => {
            let Some((name, puzzle)) = first_puzzle(path, args.input.options())? else {
                return Ok(Status::Error);
            };
            let givens = puzzle.grid().given_count();
            let about = format!(
                "{name}: {} ({})",
                puzzle.label,
                say::count(givens, "given", "givens")
            );
            let source = json!({
                "source": name,
                "label": puzzle.label.to_string(),
                "givens": givens,
            });
            (Some(puzzle.puzzle), about, Some(source))
        }
    };
    let shape = grid
        .as_ref()
        .map_or_else(|| Shape::square(args.size), |g| g.shape().clone());
    let size = shape.size();
    // Check the name before encoding: a 25×25 formula takes a moment.
    args.target.check(size)?;
    let (cnf, stats) = encoded(grid.as_ref(), &shape, &encoding);
    let explanation = explain_clauses(&cnf, &stats, &shape, args.target)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.output == ReportOutput::Json {
        let object = json!({
            "target": explanation.target.to_string(),
            "size": size.side(),
            "encoding": encoding.rules.name(),
            "amo": encoding.amo.name(),
            "puzzle": source,
            "variables": explanation.variables,
            "clauses": explanation.clauses,
            "mentioning": explanation.mentioning(),
            "families": explanation.families_json(args.limit),
        });
        json_line(&mut out, &object)?;
        out.flush().context("cannot write to stdout")?;
        return Ok(Status::Success);
    }
    let header = format!(
        "{size} grid, {} encoding, {} at-most-one, {about}",
        encoding.rules.name(),
        encoding.amo.name()
    );
    let reduced = grid.is_some() && encoding.rules.reduces_by_givens();
    write(&mut out, &header, &explanation, args.limit, reduced)
        .context("cannot write to stdout")?;
    out.flush().context("cannot write to stdout")?;
    Ok(Status::Success)
}

/// Prints the explanation; `reduced` says the formula was reduced by its
/// givens, so a cell may have no clause left.
fn write(
    out: &mut impl Write,
    header: &str,
    e: &Explanation,
    limit: usize,
    reduced: bool,
) -> io::Result<()> {
    let (shape, side) = (&e.shape, e.shape.side());
    writeln!(out, "{}: {header}", e.target)?;
    match e.target {
        Target::Cell(cell) => {
            let first = side * side * cell.row() + side * cell.col() + 1;
            writeln!(
                out,
                "variables {first}..{}: x({cell}, d) = {}·{} + {}·{} + d for d = 1..{side}",
                first + side - 1,
                side * side,
                cell.row(),
                side,
                cell.col(),
            )?;
        }
        Target::House(house) => {
            let cells: Vec<String> = shape
                .house_cells(house)
                .iter()
                .map(|c| c.to_string())
                .collect();
            writeln!(out, "cells {}", cells.join(" "))?;
            writeln!(
                out,
                "variables: x(rRcC, d) = {}·(R−1) + {}·(C−1) + d",
                side * side,
                side
            )?;
        }
    }
    if e.uses_auxiliaries() {
        writeln!(
            out,
            "aNNN: auxiliary variable NNN of the at-most-one encoding (above {})",
            side * side * side
        )?;
    }
    writeln!(
        out,
        "{} of {} clauses mention {}",
        thousands(e.mentioning()),
        thousands(e.clauses),
        e.target
    )?;
    if e.mentioning() == 0 && reduced {
        writeln!(
            out,
            "(the givens decide every variable of {}, and this encoding removes \
             such variables)",
            e.target
        )?;
    }
    for group in &e.families {
        let shown = group.shown(limit);
        let dimacs: Vec<String> = shown.iter().map(|c| c.dimacs()).collect();
        let width = dimacs.iter().map(String::len).max().unwrap_or(0);
        writeln!(out)?;
        writeln!(
            out,
            "{}: {} of {} clauses",
            group.family.name(),
            thousands(group.clauses.len()),
            thousands(group.family_total)
        )?;
        for (clause, numbers) in shown.iter().zip(&dimacs) {
            writeln!(out, "  {numbers:<width$}   {}", clause.words)?;
        }
        let hidden = group.clauses.len() - shown.len();
        if hidden > 0 {
            writeln!(
                out,
                "  ... {} more (--limit 0 lists all)",
                thousands(hidden)
            )?;
        }
    }
    Ok(())
}
