//! The rating search: a DPLL with failed-literal probing at every node,
//! bounded by a decision limit.

use varisat::Lit;

use crate::encode::vars::{self, cell_digit};
use crate::grid::{Cell, Digit, Grid, House};
use crate::propagate::{Assignment, Propagator};
use crate::puzzle::Puzzle;

/// What an assignment fixes of a puzzle.
pub(super) struct Decided {
    /// Cells with a digit: given, or with a true cell-digit variable.
    pub(super) count: usize,
    /// The grid, when every cell is fixed and the grid solves the puzzle.
    pub(super) solution: Option<Grid>,
    /// The open cell with the fewest candidates and its smallest one.
    pub(super) branch: Option<(Cell, Digit)>,
}

/// Reads the cells an assignment fixes. Givens count as fixed even when
/// the clauses no longer mention them (an encoding reduced by its givens).
/// A full grid is a solution when it keeps every rule of the puzzle.
pub(super) fn fixed(whole: &Puzzle, assignment: &Assignment) -> Decided {
    let puzzle = whole.givens();
    let size = puzzle.size();
    let side = size.side();
    let mut grid = puzzle.clone();
    // Candidates per cell: digits not yet false, and not a given's digit in
    // a house the cell shares with it; a bit per digit, up to 64.
    let mut open: Vec<u64> = vec![u64::MAX >> (64 - side); size.cells()];
    for (cell, digit) in puzzle.givens() {
        let houses = [
            House::Row(cell.row() as u8),
            House::Col(cell.col() as u8),
            House::Block(puzzle.shape().block_of(cell) as u8),
        ];
        for other in houses
            .into_iter()
            .flat_map(|h| puzzle.shape().house_cells(h))
        {
            open[other.index(size)] &= !(1u64 << digit.index());
        }
    }
    for lit in assignment.true_lits() {
        if let Some((cell, digit)) = cell_digit(size, lit.var()) {
            if lit.is_positive() {
                if grid.get(cell).is_none() {
                    grid.set(cell, Some(digit));
                }
            } else {
                open[cell.index(size)] &= !(1u64 << digit.index());
            }
        }
    }
    let count = size.all_cells().filter(|&c| grid.get(c).is_some()).count();
    let branch = size
        .all_cells()
        .filter(|&c| grid.get(c).is_none())
        .min_by_key(|&c| (open[c.index(size)].count_ones(), c.index(size)))
        .and_then(|c| {
            let mask = open[c.index(size)];
            (mask != 0).then(|| (c, Digit::from_index(mask.trailing_zeros() as usize)))
        });
    let solution = (count == size.cells() && whole.check(&grid).is_ok()).then_some(grid);
    Decided {
        count,
        solution,
        branch,
    }
}

/// The DPLL with probing at every node; see the module documentation of
/// [`crate::rate`].
pub(super) struct Search<'a> {
    pub(super) propagator: &'a Propagator,
    pub(super) puzzle: &'a Puzzle,
    /// Branching decisions allowed; the search stops when it would take
    /// one more.
    pub(super) limit: u64,
    pub(super) decisions: u64,
    pub(super) conflicts: u64,
    pub(super) solutions: Vec<Grid>,
    /// Decisions and conflicts when the first solution was found.
    pub(super) at_first: Option<(u64, u64)>,
    /// Literals probing may still try ([`Propagator::probe_within`]).
    pub(super) probes: u64,
    /// Whether a limit stopped the search before it could decide.
    pub(super) gave_up: bool,
}

impl Search<'_> {
    /// Searches below the node reached by `assumptions`; `known` is its
    /// probed assignment when the caller has it already.
    pub(super) fn node(&mut self, assumptions: &mut Vec<Lit>, known: Option<Assignment>) {
        let assignment = match known {
            Some(a) => a,
            None => match self.propagator.probe_within(assumptions, &mut self.probes) {
                Ok(Some(a)) => a,
                Ok(None) => {
                    self.gave_up = true;
                    return;
                }
                Err(_) => {
                    self.conflicts += 1;
                    return;
                }
            },
        };
        let state = fixed(self.puzzle, &assignment);
        if let Some(solution) = state.solution {
            self.solutions.push(solution);
            self.at_first
                .get_or_insert((self.decisions, self.conflicts));
            return;
        }
        let Some((cell, digit)) = state.branch else {
            // Every cell fixed into an invalid grid, or a cell with no
            // candidate left: a conflict the clauses did not catch.
            self.conflicts += 1;
            return;
        };
        if self.decisions == self.limit {
            self.gave_up = true;
            return;
        }
        self.decisions += 1;
        let x = vars::lit(self.puzzle.givens().size(), cell, digit);
        for branch in [x, !x] {
            assumptions.push(branch);
            self.node(assumptions, None);
            assumptions.pop();
            if self.solutions.len() >= 2 || self.gave_up {
                return;
            }
        }
    }
}
