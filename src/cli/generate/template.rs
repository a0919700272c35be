//! The puzzles `generate` starts from: its template (a file, `--rules`
//! on an empty grid, or the empty grid), why a template has no solution,
//! and the one grid of `--solution` and `--pattern`.

use std::path::Path;

use anyhow::bail;
use sudoku_sat::formats::fpuzzles::Shown;
use sudoku_sat::grid::Grid;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::unsat_core::CoreFinder;

use super::GenerateArgs;
use crate::cli::explain_report::core_words;
use crate::cli::output::OutputFormat;
use crate::cli::{files, say};

/// Returns the template: the first puzzle of TEMPLATE and what it shows
/// beyond its rules, or an empty classic grid of --size and --box; first,
/// what messages call it (the file's name, or `--rules FILE`).
pub(super) fn template(args: &GenerateArgs) -> anyhow::Result<Option<(String, Puzzle, Shown)>> {
    let links = matches!(args.output, OutputFormat::Json | OutputFormat::Fpuzzles);
    if let Some(path) = &args.template {
        // The note on drawing elements says their rules are not enforced;
        // the links keep the drawings, all but what the next note names.
        let input = args.input.open(Some(path))?;
        let name = input.name.clone();
        let Some(entry) = input.one_puzzle(args.input.options(), "generate")? else {
            return Ok(None);
        };
        if links && !entry.shown.dropped.is_empty() {
            say::note(format_args!(
                "{name}: the generated links leave out {}",
                entry.shown.dropped.join("; ")
            ));
        }
        let givens = entry.puzzle.givens().given_count();
        if givens > 0 && !args.keep_givens {
            say::note(format_args!(
                "{name}: the template's {} {} not used; givens are chosen anew",
                say::count(givens, "given", "givens"),
                if givens == 1 { "is" } else { "are" }
            ));
        }
        return Ok(Some((name, entry.puzzle, entry.shown)));
    }
    let (shape, puzzle) = args.input.empty_grid(args.size)?;
    let name = match &args.input.rules {
        Some(rules) => format!("--rules {}", files::shown(rules)),
        None => "the empty grid".to_string(),
    };
    let puzzle = puzzle.unwrap_or_else(|| Puzzle::new(Grid::empty(shape)));
    Ok(Some((name, puzzle, Shown::default())))
}

/// Says why the template has no solution, as `solve` and `check` say it of
/// a puzzle: the clash of the givens it keeps (`r1c1 and r1c2 both hold
/// 1 in row1`), else a minimal set of its givens and constraints that has
/// none. Only a failed run asks, so the search for that set costs nothing
/// otherwise.
pub(super) fn no_solution(args: &GenerateArgs, template: &Puzzle) -> String {
    let said = "the template has no solution";
    let kept = if args.keep_givens {
        template.givens().clone()
    } else {
        Grid::empty(template.shape().clone())
    };
    if let Some(clash) = kept.first_conflict() {
        return format!("{said}: {clash}");
    }
    let puzzle = (template.constraints().iter().cloned()).fold(Puzzle::new(kept), Puzzle::with);
    let mut finder = CoreFinder::new(args.encoding.encoding());
    match finder.minimal_core_of(&puzzle) {
        Ok(Some(core)) if !core.givens.is_empty() || !core.constraints.is_empty() => {
            format!("{said}: {}", core_words(&puzzle, &core, None))
        }
        _ => said.to_string(),
    }
}

/// Reads the one grid of `path` for `flag`, which must have side `side`;
/// returns it with the file's name, for messages.
pub(super) fn grid_file(
    args: &GenerateArgs,
    path: &Path,
    flag: &str,
    side: usize,
) -> anyhow::Result<(String, Grid)> {
    let input = args.input.open(Some(path))?;
    let name = input.name.clone();
    let Some(entry) = input.one_puzzle(args.input.options(), &format!("generate {flag}"))? else {
        bail!("{flag} {name}: not used, for the error above");
    };
    let grid = entry.puzzle.givens().clone();
    let found = grid.shape().side();
    if found != side {
        bail!("{flag} {name}: a {found}×{found} grid, the puzzles are {side}×{side}");
    }
    Ok((name, grid))
}
