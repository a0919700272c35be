//! A random complete solution of a template, and the cage totals it sets.

use super::fill::random_fill;
use super::rng::Rng;
use crate::grid::{Cell, Digit, Grid};
use crate::puzzle::Puzzle;
use crate::rules::Constraint;
use crate::setter::{Analyzer, with_givens};
use crate::solve::SolveError;

/// Returns a random solution of the analyzer's rules, or `None` when they
/// have none: a start grid, then [`super::walk::wander`] from it, so that
/// the grid is not the one the solver (or the filler) prefers.
///
/// A classic template starts from [`super::random_fill`]'s randomised
/// backtracking below 25×25, and from the pattern solution
/// (`solve::pattern`) on rectangular blocks from 25×25 up, with no SAT
/// call: pinning cells there sent varisat into minutes of search at
/// 64×64. So does a template with constraints from 25×25 up when the
/// pattern solution keeps them (disjoint groups do: the first pin alone
/// took varisat past two minutes at 36×36). Any other template starts
/// from [`pinned_solution`]'s grid.
///
/// # Errors
///
/// As [`Analyzer::solve_with`].
pub fn random_solution(analyzer: &mut Analyzer, rng: &mut Rng) -> Result<Option<Grid>, SolveError> {
    random_solution_around(analyzer, &[], rng)
}

/// Returns a random solution of the analyzer's rules that holds the digits
/// `fixed`, or `None` when there is none: [`random_solution`] with those
/// cells pinned first and kept by the walk.
///
/// # Errors
///
/// As [`Analyzer::solve_with`].
pub fn random_solution_around(
    analyzer: &mut Analyzer,
    fixed: &[(Cell, Digit)],
    rng: &mut Rng,
) -> Result<Option<Grid>, SolveError> {
    if fixed.is_empty()
        && let Some(grid) = solver_free_solution(analyzer.rules(), rng)
    {
        return Ok(Some(grid));
    }
    let Some(start) = pinned_around(analyzer, fixed, rng)? else {
        return Ok(None);
    };
    let mut givens = Grid::empty(start.shape().clone());
    for &(cell, digit) in fixed {
        givens.set(cell, Some(digit));
    }
    let rules = with_givens(analyzer.rules(), givens);
    Ok(Some(walk(&rules, start, rng)))
}

/// Returns a random solution of a template (its givens ignored) drawn
/// with no SAT call, walked: a classic template's, or from 25×25 up that
/// of a template whose constraints the pattern solution keeps; `None`
/// for any other template, or when the filler gave up (an irregular
/// layout may make it).
pub(super) fn solver_free_solution(rules: &Puzzle, rng: &mut Rng) -> Option<Grid> {
    let shape = rules.shape();
    let start = match pattern_start(rules) {
        Some(grid) => grid,
        None if rules.is_classic() => random_fill(shape, rng, FILL_NODES_PER_CELL * shape.cells())?,
        None => return None,
    };
    let bare = with_givens(rules, Grid::empty(shape.clone()));
    Some(walk(&bare, start, rng))
}

/// The filler's placements per cell before it gives up and the pinned
/// solution is drawn instead.
const FILL_NODES_PER_CELL: usize = 20;

/// Returns a solution of `rules` reached by [`super::walk::STEPS_PER_ROW`]
/// steps a row from `start`.
fn walk(rules: &Puzzle, start: Grid, rng: &mut Rng) -> Grid {
    let steps = super::walk::STEPS_PER_ROW * start.shape().side();
    super::walk::wander(rules, start, rng, steps)
}

/// The smallest side whose classic templates start from the pattern
/// solution.
const PATTERN_FROM_SIDE: usize = 25;

/// Returns the pattern solution of a template of side 25 or more on
/// rectangular blocks, when it passes the template's check (its givens
/// ignored: every classic template's does, and those whose constraints
/// it keeps); `None` otherwise.
fn pattern_start(rules: &Puzzle) -> Option<Grid> {
    let shape = rules.shape();
    if shape.side() < PATTERN_FROM_SIDE {
        return None;
    }
    let bare = with_givens(rules, Grid::empty(shape.clone()));
    crate::solve::pattern::pattern_solution(&Grid::empty(shape.clone()))
        .filter(|grid| bare.check(grid).is_ok())
}

/// Returns a solution of the analyzer's rules with a few random cells
/// pinned, or `None` when they have none.
///
/// varisat has no random seed or phases, so the randomness comes from
/// assumptions: a random cell is pinned to a random digit, tried against
/// the current solution first (a digit it already holds costs no solve),
/// and kept when the rules still have a solution with it. After `side`
/// pins (on 9×9, 9 random cells of 81) the solver completes the grid. Each
/// pin is a fresh random choice among the digits still possible, so the
/// seed decides the grid, and every grid the solver returns is decoded and
/// checked against every rule. The solver completes the rest of the grid
/// the same way each time, which biases the grids drawn (see
/// [`super::walk`]).
///
/// # Errors
///
/// As [`Analyzer::solve_with`].
pub fn pinned_solution(analyzer: &mut Analyzer, rng: &mut Rng) -> Result<Option<Grid>, SolveError> {
    pinned_around(analyzer, &[], rng)
}

/// [`pinned_solution`] with the digits `fixed` pinned before the random
/// ones.
fn pinned_around(
    analyzer: &mut Analyzer,
    fixed: &[(Cell, Digit)],
    rng: &mut Rng,
) -> Result<Option<Grid>, SolveError> {
    let Some(mut current) = analyzer.solve_with(fixed)? else {
        return Ok(None);
    };
    let shape = analyzer.rules().shape().clone();
    let side = shape.side();
    let mut cells: Vec<Cell> = shape
        .all_cells()
        .filter(|c| fixed.iter().all(|(f, _)| f != c))
        .collect();
    rng.shuffle(&mut cells);
    let mut pinned: Vec<(Cell, Digit)> = fixed.to_vec();
    for &cell in cells.iter().take(side) {
        let mut digits: Vec<Digit> = shape.size().digits().collect();
        rng.shuffle(&mut digits);
        for digit in digits {
            if current.get(cell) == Some(digit) {
                pinned.push((cell, digit));
                break;
            }
            pinned.push((cell, digit));
            match analyzer.solve_with(&pinned)? {
                Some(grid) => {
                    current = grid;
                    break;
                }
                None => {
                    pinned.pop();
                }
            }
        }
    }
    Ok(Some(current))
}

/// Returns the template with every killer cage that shows no total given
/// the total of its cells in `solution`; cages with a total keep it (the
/// solution already satisfies it). A template without such cages comes
/// back as it is.
pub fn with_totals(template: &Puzzle, solution: &Grid) -> Puzzle {
    let mut puzzle = Puzzle::new(template.givens().clone());
    for constraint in template.constraints() {
        let constraint = match constraint {
            Constraint::KillerCage(cage) if cage.total.is_none() => {
                let mut cage = cage.clone();
                let total = cage
                    .cells
                    .iter()
                    .map(|&c| u32::from(solution.get(c).map_or(0, Digit::get)))
                    .sum();
                cage.total = Some(total);
                Constraint::KillerCage(cage)
            }
            other => other.clone(),
        };
        puzzle = puzzle.with(constraint);
    }
    puzzle
}

/// Returns whether the template has a killer cage without a total.
pub fn lacks_totals(template: &Puzzle) -> bool {
    template
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::KillerCage(cage) if cage.total.is_none()))
}
