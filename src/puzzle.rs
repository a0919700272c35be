//! A puzzle as data: a shape, its givens, and its variant constraints.

use crate::grid::{Grid, Shape, Violation};
use crate::rules::{Broken, Constraint, Rule};

/// A Sudoku puzzle: the givens on a grid of some [`Shape`], under the
/// classic rules and a list of further constraints.
///
/// The classic rules (each cell one digit, each row, column and block
/// each digit once) always hold; the blocks may be irregular (jigsaw),
/// which the shape carries. [`Puzzle::constraints`] adds the variant
/// rules, none for a classic puzzle.
///
/// # Example
///
/// ```
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::puzzle::Puzzle;
/// use sudoku_sat::rules::{Constraint, Diagonal, Direction};
///
/// let givens = Grid::empty(Size::NINE);
/// let x_sudoku = Puzzle::new(givens).with(Constraint::Diagonal(Diagonal {
///     direction: Direction::Negative,
/// }));
/// assert_eq!(x_sudoku.constraints().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    givens: Grid,
    constraints: Vec<Constraint>,
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// A classic rule or a given is broken.
    Classic(Violation),
    /// A variant constraint is broken.
    Constraint(Broken),
}

impl std::fmt::Display for Unsolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsolved::Classic(v) => v.fmt(f),
            Unsolved::Constraint(b) => b.fmt(f),
        }
    }
}

impl std::error::Error for Unsolved {}

impl Puzzle {
    /// Returns the classic puzzle with these givens (their grid's shape).
    pub fn new(givens: Grid) -> Puzzle {
        Puzzle {
            givens,
            constraints: Vec::new(),
        }
    }

    /// Returns the puzzle with one more constraint.
    pub fn with(mut self, constraint: Constraint) -> Puzzle {
        self.constraints.push(constraint);
        self
    }

    /// Returns the givens, on a grid of the puzzle's shape.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Returns the shape.
    pub fn shape(&self) -> &Shape {
        self.givens.shape()
    }

    /// Returns the constraints beyond the classic rules.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Returns whether the puzzle has only the classic rules (on any
    /// block layout).
    pub fn is_classic(&self) -> bool {
        self.constraints.is_empty()
    }

    /// Checks that `grid` solves the puzzle: every cell filled, the
    /// classic rules and every given kept ([`Grid::check_solution`]), and
    /// every constraint's [`Rule::check`], by plain meaning.
    ///
    /// # Errors
    ///
    /// Returns the first rule broken: classic rules first, then the
    /// constraints in order.
    pub fn check(&self, grid: &Grid) -> Result<(), Unsolved> {
        grid.check_solution(&self.givens)
            .map_err(Unsolved::Classic)?;
        for constraint in &self.constraints {
            constraint.check(grid).map_err(Unsolved::Constraint)?;
        }
        Ok(())
    }
}

impl From<Grid> for Puzzle {
    fn from(givens: Grid) -> Puzzle {
        Puzzle::new(givens)
    }
}

/// A 9×9 puzzle with every constraint family, for the formats' round
/// trips: one given, both diagonals, the chess rules, non-consecutive,
/// disjoint groups, an extra region, and even and odd marks (one
/// constraint per mark kind, as both formats key them).
#[cfg(test)]
pub(crate) fn every_family() -> Puzzle {
    use crate::grid::{Cell, Digit, Size};
    use crate::rules::{
        AntiKing, AntiKnight, Diagonal, Direction, DisjointGroups, ExtraRegion, NonConsecutive,
        Parity, ParityCell,
    };
    let mut givens = Grid::empty(Size::NINE);
    givens.set(Cell::new(0, 0), Digit::new(5));
    givens.set(Cell::new(8, 8), Digit::new(9));
    Puzzle::new(givens)
        .with(Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        }))
        .with(Constraint::Diagonal(Diagonal {
            direction: Direction::Negative,
        }))
        .with(Constraint::AntiKnight(AntiKnight))
        .with(Constraint::AntiKing(AntiKing))
        .with(Constraint::NonConsecutive(NonConsecutive::default()))
        .with(Constraint::DisjointGroups(DisjointGroups))
        .with(Constraint::ExtraRegion(ExtraRegion {
            cells: vec![Cell::new(1, 1), Cell::new(1, 2), Cell::new(2, 1)],
        }))
        .with(Constraint::Parity(Parity {
            marks: vec![
                ParityCell::Even(Cell::new(3, 3)),
                ParityCell::Even(Cell::new(4, 3)),
            ],
        }))
        .with(Constraint::Parity(Parity {
            marks: vec![ParityCell::Odd(Cell::new(5, 5))],
        }))
}
