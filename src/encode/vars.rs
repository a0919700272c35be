//! Variable numbering: cell-digit variables, their inverse, and model decoding.
//!
//! # The numbering invariant
//!
//! Cell-digit variables come first. For 0-based row r and column c and digit
//! d in 1..=N, the variable x(r,c,d) ("cell r,c holds d") has the 1-based
//! DIMACS index N²·r + N·c + d (9×9: 81r + 9c + d, 1..=729); its 0-based
//! varisat index is one less. Auxiliary variables, when an encoding needs
//! them, follow from N³ + 1. The cell-digit numbering never depends on the
//! encoding chosen, so a model from any encoding, or from any external
//! solver given our DIMACS file, decodes the same way.
//!
//! [`reserve`] upholds the invariant on a sink: varisat's `CnfFormula` and
//! `Solver` both hand out the index after the largest one seen so far, so
//! the N³ cell-digit variables must be claimed before any auxiliary one.

use std::fmt;

use varisat::{ExtendFormula, Lit, Var};

use crate::grid::{Cell, Digit, Grid, Size, Violation};

/// Returns the number of cell-digit variables, N³.
pub fn cell_digit_count(size: Size) -> usize {
    size.side() * size.cells()
}

/// Returns the variable x(cell, digit), numbered as the module invariant
/// says.
pub fn var(size: Size, cell: Cell, digit: Digit) -> Var {
    let side = size.side();
    Var::from_index(side * side * cell.row() + side * cell.col() + digit.index())
}

/// Returns the positive literal of x(cell, digit).
pub fn lit(size: Size, cell: Cell, digit: Digit) -> Lit {
    Lit::from_var(var(size, cell, digit), true)
}

/// Returns the cell and digit a variable stands for, or `None` for an
/// auxiliary variable (index N³ or above). The inverse of [`var`].
pub fn cell_digit(size: Size, var: Var) -> Option<(Cell, Digit)> {
    let side = size.side();
    let index = var.index();
    (index < cell_digit_count(size)).then(|| {
        let (cell, digit) = (index / side, index % side);
        (Cell::from_index(size, cell), Digit::from_index(digit))
    })
}

/// Claims the N³ cell-digit variables on an empty sink, so that auxiliary
/// variables created afterwards are numbered from N³ + 1.
///
/// On a `Solver` this also makes `model()` cover every cell-digit variable.
pub fn reserve<F: ExtendFormula>(size: Size, sink: &mut F) {
    let first = sink.new_var();
    debug_assert_eq!(first.index(), 0, "reserve() needs an empty sink");
    // `new_var_iter` is lazy: it must be consumed to create the variables.
    sink.new_var_iter(cell_digit_count(size) - 1).for_each(drop);
}

/// Returns the positive literals of a puzzle's givens, in row-major order.
pub fn given_lits(puzzle: &Grid) -> Vec<Lit> {
    puzzle
        .givens()
        .map(|(cell, digit)| lit(puzzle.size(), cell, digit))
        .collect()
}

/// Returns the clause that blocks a solution of `puzzle`: for every blank
/// cell of the puzzle, "the cell does not hold its digit in `solution`".
/// Any other solution differs in a blank cell, so it satisfies the clause.
/// Literals go in row-major order; a full puzzle gives the empty clause.
///
/// Only blank cells are named, as in the uniqueness check of
/// [`crate::solve::sat`]: the givens are fixed by their unit clauses anyway, and
/// an encoding that removes the variables the givens decide
/// (`optimized`) still has every blank cell's variables.
pub fn blocking_clause(puzzle: &Grid, solution: &Grid) -> Vec<Lit> {
    let size = puzzle.size();
    size.all_cells()
        .filter(|&c| puzzle.get(c).is_none())
        .map(|c| !lit(size, c, solution.get(c).expect("a solution is full")))
        .collect()
}

/// Why a model could not be turned into a solution of its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// No digit of the cell is true in the model.
    NoDigit(Cell),
    /// Two digits of the cell are true in the model.
    TwoDigits(Cell, Digit, Digit),
    /// The decoded grid breaks a rule or drops a given.
    Invalid(Violation),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::NoDigit(cell) => write!(f, "the model puts no digit in {cell}"),
            DecodeError::TwoDigits(cell, a, b) => {
                write!(f, "the model puts both {a} and {b} in {cell}")
            }
            DecodeError::Invalid(v) => write!(f, "the model breaks a rule: {v}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Turns a model into a grid and checks that it solves `puzzle`.
///
/// Only the positive cell-digit literals matter: variables absent from the
/// model count as false, and auxiliary variables are ignored. The grid is
/// returned only when every cell holds exactly one digit, every house is a
/// permutation and every given is kept.
///
/// # Errors
///
/// Returns a [`DecodeError`] naming the first cell or rule the model
/// breaks.
pub fn grid_of_model(puzzle: &Grid, model: &[Lit]) -> Result<Grid, DecodeError> {
    let size = puzzle.size();
    let (side, count) = (size.side(), cell_digit_count(size));
    // Straight into the cells, row-major: variable i is cell i / N, digit
    // i mod N (the module invariant).
    let mut cells: Vec<Option<Digit>> = vec![None; size.cells()];
    for lit in model {
        let index = lit.index();
        if !lit.is_positive() || index >= count {
            continue;
        }
        // 32-bit division: a 64-bit one costs several times as much on
        // x86-64, and every variable index fits (at most 64³).
        let (index, n) = (index as u32, side as u32);
        let cell = (index / n) as usize;
        let digit = Digit::from_index((index % n) as usize);
        if let Some(other) = cells[cell] {
            // A literal a model lists twice (a hand-made or merged one) is
            // the same digit, read once.
            if other == digit {
                continue;
            }
            let (a, b) = (other.min(digit), other.max(digit));
            return Err(DecodeError::TwoDigits(Cell::from_index(size, cell), a, b));
        }
        cells[cell] = Some(digit);
    }
    if let Some(cell) = cells.iter().position(Option::is_none) {
        return Err(DecodeError::NoDigit(Cell::from_index(size, cell)));
    }
    let grid = Grid::from_cells(puzzle.shape().clone(), cells).expect("N² cells, digits below N");
    grid.check_solution(puzzle).map_err(DecodeError::Invalid)?;
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::CnfFormula;

    #[test]
    fn numbering_matches_the_dimacs_rule_and_inverts() {
        let size = Size::NINE;
        let first = var(size, Cell::new(0, 0), Digit::from_index(0));
        assert_eq!(first.to_dimacs(), 1);
        let last = var(size, Cell::new(8, 8), Digit::from_index(8));
        assert_eq!(last.to_dimacs(), 729);
        // 81r + 9c + d for r5c3#7 (0-based r = 4, c = 2).
        let v = var(size, Cell::new(4, 2), Digit::new(7).unwrap());
        assert_eq!(v.to_dimacs(), 81 * 4 + 9 * 2 + 7);
        for size in Size::SQUARES {
            for index in 0..cell_digit_count(size) {
                let (cell, digit) = cell_digit(size, Var::from_index(index)).unwrap();
                assert_eq!(var(size, cell, digit).index(), index);
            }
            assert_eq!(
                cell_digit(size, Var::from_index(cell_digit_count(size))),
                None
            );
        }
    }

    #[test]
    fn reserve_puts_auxiliaries_after_the_block() {
        for size in Size::SQUARES {
            let mut cnf = CnfFormula::new();
            reserve(size, &mut cnf);
            assert_eq!(cnf.var_count(), cell_digit_count(size));
            assert_eq!(cnf.new_var().index(), cell_digit_count(size));
        }
    }

    #[test]
    fn decode_rejects_broken_models() {
        let size = Size::from_side(4).unwrap();
        let rows = ["1234", "3412", "2143", "4321"];
        let mut model = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = Cell::new(r as u8, c as u8);
                for d in size.digits() {
                    let l = lit(size, cell, d);
                    model.push(if size.digit_of(ch) == Some(d) { l } else { !l });
                }
            }
        }
        let puzzle = Grid::empty(size);
        let grid = grid_of_model(&puzzle, &model).unwrap();
        assert_eq!(grid.to_string(), "1234341221434321");
        // An auxiliary literal is ignored.
        let mut with_aux = model.clone();
        with_aux.push(Lit::from_index(cell_digit_count(size), true));
        assert_eq!(grid_of_model(&puzzle, &with_aux), Ok(grid.clone()));
        // A literal listed twice is one digit, read once.
        let mut twice = model.clone();
        twice.push(model[0]);
        assert_eq!(grid_of_model(&puzzle, &twice), Ok(grid));

        let mut two = model.clone();
        two[1] = !two[1]; // r1c1 now holds 1 and 2
        assert!(matches!(
            grid_of_model(&puzzle, &two),
            Err(DecodeError::TwoDigits(..))
        ));
        let none = &model[4..]; // r1c1's literals are absent: all false
        assert_eq!(
            grid_of_model(&puzzle, none),
            Err(DecodeError::NoDigit(Cell::new(0, 0)))
        );
        let mut given = Grid::empty(size);
        given.set(Cell::new(0, 0), Digit::new(2));
        assert!(matches!(
            grid_of_model(&given, &model),
            Err(DecodeError::Invalid(Violation::GivenChanged { .. }))
        ));
    }
}
