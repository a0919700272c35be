//! `explain`: every clause that mentions a cell or a house, by family, in
//! DIMACS numbers and in words.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use serde_json::json;

use sudoku_sat::encode::ValueKind;
use sudoku_sat::explain::aux::AuxNames;
use sudoku_sat::explain::{Explanation, Target, encoded, explain as explain_clauses};
use sudoku_sat::grid::Size;

use super::EncodingArgs;
use super::output::{ReportOutput, json_line};
use super::progress::Spinner;
use super::stats::{first_puzzle, parse_size, thousands};
use super::{InputArgs, Status, say};

/// Parses a cell or house name for clap.
fn parse_target(text: &str) -> Result<Target, String> {
    text.parse()
        .map_err(|e: sudoku_sat::explain::TargetError| e.to_string())
}

/// Show every clause that mentions a cell, a house or a variable,
/// family by family, in DIMACS numbers and in words.
///
/// A clause mentions a cell when it holds one of the cell's variables
/// x(r,c,d); a house, when it mentions one of its cells; a variable
/// (346 or a730), when it holds it. Auxiliary variables are named aNNN,
/// after their DIMACS number, and listed at the end with what each
/// stands for. With PUZZLE, its first puzzle is encoded, so the unit
/// clauses of its givens appear too (family givens).
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The cell, house or variable: a cell as r5c3, a house as row5, col3
    /// or block4 (1-based; blocks are numbered row by row from the top
    /// left), a variable by its DIMACS number as 346 or a730.
    ///
    /// A cell-digit variable is decoded to its cell and digit, an
    /// auxiliary one to what it stands for (read from its clauses); the
    /// clauses listed are those that mention the variable.
    #[arg(value_name = "CELL", value_parser = parse_target)]
    target: Target,

    /// A puzzle file: explain the formula of its first puzzle, so the unit
    /// clauses of its givens appear too (`-` reads standard input).
    /// Without it, the bare rules of an empty grid of --size.
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

    /// Show at most K clauses per family; 0 shows them all. The family
    /// headers always give the full counts.
    #[arg(long = "show", alias = "limit", value_name = "K", default_value_t = 12)]
    limit: usize,

    #[command(flatten)]
    input: InputArgs,

    /// Never show the spinner drawn on a terminal while a big formula is
    /// built and searched (from half a second on: a 64×64 grid's takes
    /// seconds).
    #[arg(long)]
    no_progress: bool,

    /// How to print: text, or one JSON object with `target`, `size`,
    /// `encoding`, `amo`, `puzzle` (`source`, `label`, `givens`; null for
    /// an empty grid), `variables`, `clauses` (in the formula),
    /// `mentioning` (clauses that mention the target) and `families`: an
    /// array, in formula order, of `family`, `total` (the family's clauses
    /// in the formula) and `clauses`, each with `position` (0-based, in the
    /// formula), `dimacs` (the signed literals, as DIMACS numbers) and
    /// `words`. --show applies to `clauses`.
    #[arg(long, short, value_enum, default_value_t)]
    output: ReportOutput,
}

/// Runs `explain`.
pub fn explain(args: ExplainArgs) -> anyhow::Result<Status> {
    let encoding = args.encoding.encoding();
    let (grid, shape, about, source) = match &args.puzzle {
        None => {
            let (shape, grid) = args.input.empty_grid(args.size.map(Size::side))?;
            (grid, shape, "empty grid".to_string(), None)
        }
        Some(path) => {
            let Some((name, puzzle)) = first_puzzle(path, &args.input)? else {
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
            let shape = puzzle.grid().shape().clone();
            (Some(puzzle.puzzle), shape, about, Some(source))
        }
    };
    let size = shape.size();
    // Check the name before encoding: a 25×25 formula takes a moment.
    args.target.check(size)?;
    // A 64×64 formula with auxiliary variables takes seconds to build and
    // search.
    let message = format!(
        "encoding the {size} formula and finding what mentions {}",
        args.target
    );
    let (explanation, aux) = Spinner::during(!args.no_progress, &message, || {
        let (cnf, stats) = encoded(grid.as_ref(), &shape, &encoding);
        let explanation = explain_clauses(&cnf, &stats, &shape, args.target)?;
        let aux = AuxNames::new(&cnf, &stats, &shape, &encoding);
        anyhow::Ok((explanation, aux))
    })?;
    let legend = legend(&explanation, &aux, args.limit);
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
            "auxiliaries": legend
                .iter()
                .map(|(n, words)| json!({ "variable": n, "meaning": words }))
                .collect::<Vec<_>>(),
        });
        json_line(&mut out, &object)?;
        out.flush().context("cannot write to stdout")?;
        return Ok(Status::Success);
    }
    let value = match encoding.value {
        ValueKind::Direct => String::new(),
        other => format!("{} value encoding, ", other.name()),
    };
    let header = format!(
        "{size} grid, {} encoding, {} at-most-one, {value}{about}",
        encoding.rules.name(),
        encoding.amo.name()
    );
    let reduced = grid.is_some() && encoding.rules.reduces_by_givens();
    let shown = Shown {
        limit: args.limit,
        reduced,
        aux: &aux,
        legend: &legend,
    };
    write(&mut out, &header, &explanation, &shown).context("cannot write to stdout")?;
    out.flush().context("cannot write to stdout")?;
    Ok(Status::Success)
}

/// Returns each auxiliary variable of the listed clauses (at most `limit`
/// a family) with what it stands for, in numbering order.
fn legend(e: &Explanation, aux: &AuxNames, limit: usize) -> Vec<(usize, String)> {
    let mut numbers: Vec<usize> = e
        .families
        .iter()
        .flat_map(|group| group.shown(limit))
        .flat_map(|clause| &clause.lits)
        .map(|l| l.var().to_dimacs() as usize)
        .filter(|&n| aux.meaning(n).is_some())
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers
        .into_iter()
        .filter_map(|n| Some((n, aux.words(n)?)))
        .collect()
}

/// How the text explanation is shown: `limit` clauses per family;
/// `reduced` when the formula was reduced by its givens, so a cell may
/// have no clause left; the auxiliary variables' meanings.
struct Shown<'a> {
    limit: usize,
    reduced: bool,
    aux: &'a AuxNames,
    legend: &'a [(usize, String)],
}

/// Prints the explanation.
fn write(out: &mut impl Write, header: &str, e: &Explanation, view: &Shown) -> io::Result<()> {
    let (limit, reduced) = (view.limit, view.reduced);
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
        Target::Variable(n) => match e.target.cells(shape).first() {
            Some(cell) => {
                let digit = n - (side * side * cell.row() + side * cell.col());
                writeln!(
                    out,
                    "x({cell}, {digit}) = {}·{} + {}·{} + {digit}: {cell} holds {digit}",
                    side * side,
                    cell.row(),
                    side,
                    cell.col(),
                )?;
            }
            None => {
                let words = view.aux.words(n).unwrap_or_default();
                writeln!(out, "a{n}: {words}")?;
            }
        },
    }
    if e.uses_auxiliaries() {
        writeln!(
            out,
            "aNNN: auxiliary variable NNN (above {}), explained at the end",
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
            writeln!(out, "  ... {} more (--show 0 lists all)", thousands(hidden))?;
        }
    }
    if !view.legend.is_empty() {
        writeln!(out)?;
        writeln!(out, "auxiliary variables:")?;
        let width = view
            .legend
            .last()
            .map_or(0, |(n, _)| n.to_string().len() + 1);
        for (n, words) in view.legend {
            writeln!(out, "  {:<width$}  {words}", format!("a{n}"))?;
        }
    }
    Ok(())
}
