//! `solve --explain`: why a puzzle has no solution, or how two of its
//! solutions differ, on stderr after the usual one-line report.
//!
//! For an unsolvable puzzle the explanation is a minimal core
//! ([`sudoku_sat::solve::unsat_core`]): givens that have no solution on their
//! own, while dropping any one of them leaves a solvable puzzle. The core
//! is cross-checked with the backtracker like any other answer. For a
//! puzzle with several solutions it is two of them, side by side, and the
//! cells they differ in.
//!
//! Explanations are made on the thread that reports results, in input
//! order, so one core finder serves the whole run.

use anyhow::{Context, bail};

use super::say;
use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::Encoding;
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::backtrack;
use sudoku_sat::solve::smallest_core::DEFAULT_BUDGET;
use sudoku_sat::solve::unsat_core::{Core, CoreFinder};

/// Makes the explanations of one run: the encoding for the core finder
/// and the backtracker for its cross-check (`None` with
/// `--no-cross-check`).
pub struct Explainer {
    backtracker: Option<Backtracker>,
    finder: CoreFinder,
}

impl Explainer {
    /// Returns an explainer for a run with these options.
    pub fn new(encoding: Encoding, backtracker: Option<Backtracker>) -> Explainer {
        Explainer {
            backtracker,
            finder: CoreFinder::new(encoding),
        }
    }
}

/// Returns the givens as `r1c3=9 r4c3=9`, each digit written as the
/// puzzle's symbol (`A` for 10 in a 16x16 grid).
pub fn givens_text(size: Size, givens: &[(Cell, Digit)]) -> String {
    let shown: Vec<String> = givens
        .iter()
        .map(|&(c, d)| format!("{c}={}", size.symbol(d)))
        .collect();
    shown.join(" ")
}

/// With `--explain`, prints a minimal set of the puzzle's givens and
/// constraints that has no solution:
///
/// ```text
/// FILE: LABEL: these 2 givens alone have no solution (without any one of them the rest has one): r1c3=9 r4c3=9
/// FILE: LABEL: these 1 given and 1 constraint alone have no solution (…): r1c1=5; killercage: the cage r1c1-r1c2 holds distinct digits adding up to 3
/// ```
///
/// # Errors
///
/// Fails when the solver fails, finds the puzzle solvable after all, or
/// the backtracker solves the core: each a bug to stop on.
pub fn unsolvable(explainer: &mut Explainer, at: &str, puzzle: &Puzzle) -> anyhow::Result<()> {
    let found = explainer.finder.smallest_core_of(puzzle, DEFAULT_BUDGET);
    let found = found.with_context(|| format!("{at}: cannot explain"))?;
    let Some(found) = found else {
        bail!("{at}: the puzzle is unsolvable, yet the core finder solved it");
    };
    check_core(explainer.backtracker, at, puzzle, &found.core)?;
    let bound = (!found.smallest).then_some(found.lower_bound);
    say::report(format_args!(
        "{at}: {}",
        core_words(puzzle, &found.core, bound)
    ));
    Ok(())
}

/// Returns a core's parts as text: its givens (`r1c3=9 r4c3=9`), then
/// each constraint's key and description, joined by `; `.
pub fn core_parts(puzzle: &Puzzle, core: &Core) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    if !core.givens.is_empty() {
        parts.push(givens_text(puzzle.givens().size(), &core.givens));
    }
    parts.extend(
        core.constraints
            .iter()
            .map(|c| format!("{}: {}", c.key(), c.describe())),
    );
    parts
}

/// Returns what a core shows, in words: `these 2 givens alone have no
/// solution (without any one of them the rest has one): r1c3=9 r4c3=9`.
///
/// The core is the smallest unless `bound` gives the size a smaller one
/// could not go under, when the search for the smallest ran past its
/// budget: `(…; a smaller set may exist, of 4 or more)`.
pub fn core_words(puzzle: &Puzzle, core: &Core, bound: Option<usize>) -> String {
    let count = say::count;
    let what = match (core.givens.len(), core.constraints.len()) {
        (g, 0) => count(g, "given", "givens"),
        (0, k) => count(k, "constraint", "constraints"),
        (g, k) => format!(
            "{} and {}",
            count(g, "given", "givens"),
            count(k, "constraint", "constraints")
        ),
    };
    let (these, have) = if core.givens.len() + core.constraints.len() == 1 {
        ("this", "has")
    } else {
        ("these", "have")
    };
    let smaller = match bound {
        Some(k) => format!("; a smaller set may exist, of {k} or more"),
        None => String::new(),
    };
    format!(
        "{these} {what} alone {have} no solution \
         (without any one of them the rest has one{smaller}): {}",
        core_parts(puzzle, core).join("; ")
    )
}

/// Cross-checks a core with the backtracker (`None` skips it): a core the
/// backtracker solves is a bug to stop on.
///
/// # Errors
///
/// Names the core and the backtracker's solution.
pub fn check_core(
    backtracker: Option<Backtracker>,
    at: &str,
    puzzle: &Puzzle,
    core: &Core,
) -> anyhow::Result<()> {
    let Some(backtracker) = backtracker else {
        return Ok(());
    };
    let mut alone = Grid::empty(puzzle.shape().clone());
    for &(cell, digit) in &core.givens {
        alone.set(cell, Some(digit));
    }
    let alone = core
        .constraints
        .iter()
        .cloned()
        .fold(Puzzle::new(alone), Puzzle::with);
    match backtrack(backtracker, &alone).verdict {
        Verdict::Unsolvable | Verdict::GaveUp => Ok(()),
        Verdict::Unique(g) | Verdict::Multiple(g, _) => bail!(
            "{at}: the backtracker solves the core {} as {g}",
            core_parts(puzzle, core).join("; ")
        ),
    }
}

/// With `--explain`, prints two solutions side by side and the cells they
/// differ in, each with its two digits:
///
/// ```text
/// FILE: LABEL: two solutions differ in 4 cells: r1c2=8|6 r1c7=6|8 r2c2=6|8 r2c7=8|6
///   483921657  463921857
///   ...
/// ```
pub fn multiple(at: &str, first: &Grid, second: &Grid) {
    let mut lines = difference_lines(first, second).into_iter();
    if let Some(head) = lines.next() {
        say::report(format_args!("{at}: {head}"));
    }
    for line in lines {
        say::report(line);
    }
}

/// Returns the lines that show how two solutions differ: `two solutions
/// differ in 4 cells: r1c2=8|6 …`, then the two grids side by side, each
/// line indented by two spaces.
pub fn difference_lines(first: &Grid, second: &Grid) -> Vec<String> {
    let cells = first.differences(second);
    let shown: Vec<String> = cells
        .iter()
        .map(|&c| {
            let digit = |g: &Grid| g.get(c).map_or('.', |d| first.size().symbol(d));
            format!("{c}={}|{}", digit(first), digit(second))
        })
        .collect();
    let mut lines = vec![format!(
        "two solutions differ in {}: {}",
        say::count(cells.len(), "cell", "cells"),
        shown.join(" ")
    )];
    let (a, b) = (first.rows().to_string(), second.rows().to_string());
    lines.extend(
        a.lines()
            .zip(b.lines())
            .map(|(left, right)| format!("  {left}  {right}")),
    );
    lines
}
