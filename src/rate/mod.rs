//! Rating puzzles by the reasoning an encoding needs: unit propagation,
//! failed-literal probing, or search.
//!
//! The levels, weakest first:
//!
//! - [`Level::Propagation`]: unit propagation alone, from the givens, fixes
//!   every cell. Under the extended encoding this is exactly solving by
//!   naked singles (a cell's at-least-one clause turns unit) and hidden
//!   singles (a house's at-least-one clause turns unit).
//! - [`Level::Probing`]: failed-literal probing to a fixpoint
//!   ([`Propagator::probe`]) fixes every cell: each open variable is tried
//!   both ways, and a value whose propagation conflicts is refuted.
//! - [`Level::Search`]: neither does; a decision must be taken.
//!
//! # What the search counts
//!
//! Puzzles that need search go to a small DPLL of our own over the same
//! [`Propagator`], with failed-literal probing at every node, so its
//! figures measure the guessing left *beyond* probing. At a node whose
//! probing neither conflicts nor fixes every cell, it picks the open cell
//! with the fewest candidate digits (the first in row-major order on a
//! tie) and its smallest candidate d, and branches on x(cell, d): first
//! true, then false. It searches until it has found two solutions or
//! exhausted the tree, so it also proves uniqueness; the figures are taken
//! when the first solution is found (over the whole tree when there is
//! none):
//!
//! - *decisions* counts branch variables chosen: one per node that
//!   branches (each opens the two branches x and ¬x).
//! - *conflicts* counts nodes below the root whose probing ended in a
//!   conflict (or, never seen, fixed every cell into an invalid grid):
//!   the wrong guesses.
//!
//! Over a whole tree every leaf is a conflict or a solution, so the
//! figures of a search that finds none are tied: conflicts = decisions + 1.
//!
//! These are not varisat's numbers: varisat 0.2.2 exposes no decision or
//! conflict counters, and a CDCL solver's figures depend on its
//! heuristics, restarts and learnt clauses.
//!
//! # References
//!
//! - I. Lynce, J. Ouaknine. Sudoku as a SAT Problem. 9th International
//!   Symposium on Artificial Intelligence and Mathematics (ISAIM), 2006.

use std::fmt;

use varisat::{CnfFormula, Lit};

use crate::encode::vars::{self, cell_digit};
use crate::encode::{Encoding, encode, encode_puzzle, encode_rules};
use crate::grid::{Cell, Digit, Grid, House, Shape, Size};
use crate::propagate::{Assignment, Propagator};
use crate::puzzle::Puzzle;
use crate::solve::Outcome;

/// The weakest reasoning that decides a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Unit propagation alone.
    Propagation,
    /// Failed-literal probing to a fixpoint.
    Probing,
    /// Decisions (our DPLL with probing at every node).
    Search,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Propagation, Level::Probing, Level::Search];

    /// Returns the level's name: `propagation`, `probing` or `search`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Propagation => "propagation",
            Level::Probing => "probing",
            Level::Search => "search",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// What rating a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The weakest level that decides the puzzle: fixes every cell, or
    /// proves there is no solution, or (search only) finds several.
    pub level: Level,
    /// The verdict: one solution, several, or none.
    pub outcome: Outcome,
    /// Cells fixed by unit propagation alone, givens included; `None`
    /// when propagation conflicts.
    pub propagated: Option<usize>,
    /// Cells fixed by probing; `None` when probing was not needed or
    /// conflicts.
    pub probed: Option<usize>,
    /// Search decisions up to the first solution (the whole search when
    /// there is none), as the module documentation defines them; 0 below
    /// [`Level::Search`].
    pub decisions: u64,
    /// Search conflicts, counted like the decisions.
    pub conflicts: u64,
}

/// Rates puzzles under one encoding, reusing the rules of a size.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::formats::text::{parse_str, Format};
/// use sudoku_sat::rate::{Level, Rater};
///
/// let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
/// let puzzle = &parse_str(line, Format::Auto)?[0].puzzle;
/// let mut rater = Rater::new(Encoding::default());
/// assert_eq!(rater.rate(puzzle).level, Level::Propagation);
/// # Ok::<(), sudoku_sat::formats::text::ParseError>(())
/// ```
pub struct Rater {
    encoding: Encoding,
    rules: Option<(Shape, Propagator)>,
}

impl Rater {
    /// Returns a rater for an encoding.
    pub fn new(encoding: Encoding) -> Rater {
        Rater {
            encoding,
            rules: None,
        }
    }

    /// Returns whether the encoding's clauses are the same for every
    /// puzzle of a size, so that one propagator serves them all with the
    /// givens as assumptions. Encodings that reduce the clauses by the
    /// givens (Kwon & Jain's) are built afresh for each puzzle instead.
    fn rules_are_shared(&self) -> bool {
        !self.encoding.rules.reduces_by_givens()
    }

    /// Rates one puzzle. A puzzle with variant constraints gets a
    /// propagator of its own whole formula, constraint families included,
    /// so the rating measures what propagation does with every rule.
    pub fn rate(&mut self, whole: &Puzzle) -> Rating {
        let puzzle = whole.givens();
        let size = puzzle.size();
        let fresh;
        let (propagator, assumptions) = if !whole.is_classic() {
            let mut cnf = CnfFormula::new();
            encode_puzzle(whole, &self.encoding, &mut cnf);
            fresh = propagator(size, &cnf);
            (&fresh, Vec::new())
        } else if self.rules_are_shared() {
            if self.rules.as_ref().is_none_or(|(s, _)| s != puzzle.shape()) {
                let mut cnf = CnfFormula::new();
                encode_rules(puzzle.shape(), &self.encoding, &mut cnf);
                self.rules = Some((puzzle.shape().clone(), propagator(size, &cnf)));
            }
            let (_, p) = self.rules.as_ref().expect("built above");
            (p, vars::given_lits(puzzle))
        } else {
            let mut cnf = CnfFormula::new();
            encode(puzzle, &self.encoding, &mut cnf);
            fresh = propagator(size, &cnf);
            (&fresh, Vec::new())
        };
        rate_with(propagator, whole, assumptions)
    }
}

fn propagator(size: Size, cnf: &CnfFormula) -> Propagator {
    let var_count = cnf.var_count().max(vars::cell_digit_count(size));
    Propagator::new(var_count, cnf.iter())
}

/// Rates a puzzle with a propagator of its rules and the assumptions that
/// state its givens (none when the clauses already hold them).
fn rate_with(propagator: &Propagator, puzzle: &Puzzle, assumptions: Vec<Lit>) -> Rating {
    let mut rating = Rating {
        level: Level::Propagation,
        outcome: Outcome::Unsolvable,
        propagated: None,
        probed: None,
        decisions: 0,
        conflicts: 0,
    };
    let Ok(propagated) = propagator.propagate(&assumptions) else {
        return rating;
    };
    let state = fixed(puzzle, &propagated);
    rating.propagated = Some(state.count);
    if let Some(solution) = state.solution {
        rating.outcome = Outcome::Unique(solution);
        return rating;
    }
    rating.level = Level::Probing;
    let Ok(probed) = propagator.probe(&assumptions) else {
        return rating;
    };
    let state = fixed(puzzle, &probed);
    rating.probed = Some(state.count);
    if let Some(solution) = state.solution {
        rating.outcome = Outcome::Unique(solution);
        return rating;
    }
    rating.level = Level::Search;
    let mut search = Search {
        propagator,
        puzzle,
        decisions: 0,
        conflicts: 0,
        solutions: Vec::new(),
        at_first: None,
    };
    let mut assumptions = assumptions;
    search.node(&mut assumptions, Some(probed));
    (rating.decisions, rating.conflicts) = search
        .at_first
        .unwrap_or((search.decisions, search.conflicts));
    let mut solutions = search.solutions.into_iter();
    rating.outcome = match (solutions.next(), solutions.next()) {
        (Some(a), Some(b)) => Outcome::Multiple(a, b),
        (Some(a), None) => Outcome::Unique(a),
        _ => Outcome::Unsolvable,
    };
    rating
}

/// What an assignment fixes of a puzzle.
struct Decided {
    /// Cells with a digit: given, or with a true cell-digit variable.
    count: usize,
    /// The grid, when every cell is fixed and the grid solves the puzzle.
    solution: Option<Grid>,
    /// The open cell with the fewest candidates and its smallest one.
    branch: Option<(Cell, Digit)>,
}

/// Reads the cells an assignment fixes. Givens count as fixed even when
/// the clauses no longer mention them (an encoding reduced by its givens).
/// A full grid is a solution when it keeps every rule of the puzzle.
fn fixed(whole: &Puzzle, assignment: &Assignment) -> Decided {
    let puzzle = whole.givens();
    let size = puzzle.size();
    let side = size.side();
    let mut grid = puzzle.clone();
    // Candidates per cell: digits not yet false, and not a given's digit in
    // a house the cell shares with it.
    let mut open = vec![(1u32 << side) - 1; size.cells()];
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
            open[other.index(size)] &= !(1 << digit.index());
        }
    }
    for lit in assignment.true_lits() {
        if let Some((cell, digit)) = cell_digit(size, lit.var()) {
            if lit.is_positive() {
                if grid.get(cell).is_none() {
                    grid.set(cell, Some(digit));
                }
            } else {
                open[cell.index(size)] &= !(1 << digit.index());
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

/// The DPLL with probing at every node; see the module documentation.
struct Search<'a> {
    propagator: &'a Propagator,
    puzzle: &'a Puzzle,
    decisions: u64,
    conflicts: u64,
    solutions: Vec<Grid>,
    /// Decisions and conflicts when the first solution was found.
    at_first: Option<(u64, u64)>,
}

impl Search<'_> {
    /// Searches below the node reached by `assumptions`; `known` is its
    /// probed assignment when the caller has it already.
    fn node(&mut self, assumptions: &mut Vec<Lit>, known: Option<Assignment>) {
        let assignment = match known {
            Some(a) => a,
            None => match self.propagator.probe(assumptions) {
                Ok(a) => a,
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
        self.decisions += 1;
        let x = vars::lit(self.puzzle.givens().size(), cell, digit);
        for branch in [x, !x] {
            assumptions.push(branch);
            self.node(assumptions, None);
            assumptions.pop();
            if self.solutions.len() >= 2 {
                return;
            }
        }
    }
}

/// How many puzzles reached each level, and how many have no solution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Puzzles decided at each level of [`Level::ALL`] with at least one
    /// solution.
    pub solved: [usize; 3],
    /// Puzzles with no solution, whatever level proved it.
    pub unsolvable: usize,
}

impl Summary {
    /// Counts one rating.
    pub fn add(&mut self, rating: &Rating) {
        match rating.outcome {
            Outcome::Unsolvable => self.unsolvable += 1,
            _ => self.solved[rating.level as usize] += 1,
        }
    }

    /// Returns the number of puzzles counted.
    pub fn total(&self) -> usize {
        self.solved.iter().sum::<usize>() + self.unsolvable
    }

    /// Returns the counts in display order: the three levels, then
    /// unsolvable.
    pub fn counts(&self) -> [usize; 4] {
        [
            self.solved[0],
            self.solved[1],
            self.solved[2],
            self.unsolvable,
        ]
    }

    /// Returns each count's share in tenths of a percent, rounded by the
    /// largest remainder so that the four add up to exactly 1000 (100.0%)
    /// when there is at least one puzzle.
    pub fn per_mille(&self) -> [u64; 4] {
        let total = self.total() as u64;
        let counts = self.counts().map(|c| c as u64);
        if total == 0 {
            return [0; 4];
        }
        let mut shares = counts.map(|c| c * 1000 / total);
        let mut left = 1000 - shares.iter().sum::<u64>();
        let mut order: Vec<usize> = (0..4).collect();
        // Largest remainder first; ties to the earlier entry.
        order.sort_by_key(|&i| std::cmp::Reverse(counts[i] * 1000 % total));
        for i in order {
            if left == 0 {
                break;
            }
            if counts[i] * 1000 % total != 0 {
                shares[i] += 1;
                left -= 1;
            }
        }
        shares
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{AmoKind, RuleSet};
    use crate::formats::text::{Format, parse_str};

    fn grid(text: &str) -> Grid {
        parse_str(text, Format::Auto)
            .unwrap()
            .swap_remove(0)
            .grid()
            .clone()
    }

    const GRID_1: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    /// Norvig's first top95 puzzle: probing solves it under extended.
    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn euler_grid_1_needs_propagation_only() {
        let mut rater = Rater::new(Encoding::default());
        let rating = rater.rate(&grid(GRID_1).into());
        assert_eq!(rating.level, Level::Propagation);
        assert_eq!(rating.propagated, Some(81));
        assert!(matches!(rating.outcome, Outcome::Unique(_)));
    }

    #[test]
    fn top95_needs_probing_under_extended_and_search_under_minimal() {
        let puzzle = grid(TOP95_1);
        let rating = Rater::new(Encoding::default()).rate(&puzzle.clone().into());
        assert_eq!(rating.level, Level::Probing);
        assert_eq!(rating.probed, Some(81));
        assert!(rating.propagated.unwrap() < 81);
        // Reducing by the givens changes the clauses, not the deductions.
        let optimized = Encoding {
            rules: RuleSet::Optimized,
            amo: AmoKind::Pairwise,
            ..Default::default()
        };
        assert_eq!(Rater::new(optimized).rate(&puzzle.clone().into()), rating);
        let minimal = Encoding {
            rules: RuleSet::Minimal,
            amo: AmoKind::Pairwise,
            ..Default::default()
        };
        let rating = Rater::new(minimal).rate(&puzzle.clone().into());
        assert_eq!(rating.level, Level::Search, "{rating:?}");
        assert!(rating.decisions >= 1);
        let Outcome::Unique(solution) = &rating.outcome else {
            panic!("{rating:?}");
        };
        assert_eq!(solution.check_solution(&puzzle), Ok(()));
    }

    #[test]
    fn several_solutions_and_none_are_found() {
        let size = Size::from_side(4).unwrap();
        let mut rater = Rater::new(Encoding::default());
        let empty = rater.rate(&Grid::empty(size).into());
        assert_eq!(empty.level, Level::Search);
        assert!(matches!(empty.outcome, Outcome::Multiple(..)));
        // Two 1s in row 1: propagation finds the clash.
        let clash = rater.rate(&grid("1.1.............").into());
        assert_eq!((clash.level, clash.propagated), (Level::Propagation, None));
        assert_eq!(clash.outcome, Outcome::Unsolvable);
        // Row 1 holds 1, 2 and 3, so r1c4 must be 4, but column 4 has a 4
        // in r3c4: no clash between givens, yet propagation empties r1c4.
        let stuck = rater.rate(&grid("123........4....").into());
        assert_eq!(stuck.level, Level::Propagation);
        assert_eq!(stuck.outcome, Outcome::Unsolvable);
    }

    #[test]
    fn shares_add_up_to_one_hundred_percent() {
        let summary = Summary {
            solved: [1, 1, 1],
            unsolvable: 0,
        };
        assert_eq!(summary.per_mille(), [334, 333, 333, 0]);
        let summary = Summary {
            solved: [21_905, 27_253, 0],
            unsolvable: 0,
        };
        let shares = summary.per_mille();
        assert_eq!(shares.iter().sum::<u64>(), 1000);
        assert_eq!(shares[0], 446);
        assert_eq!(Summary::default().per_mille(), [0; 4]);
        let mut counted = Summary::default();
        for a in 0..7 {
            counted.solved[a % 3] += 1;
            assert_eq!(counted.per_mille().iter().sum::<u64>(), 1000);
        }
    }
}
