//! Kwon & Jain's optimized encoding: the variables the givens decide,
//! removed from the clauses.
//!
//! The givens split the cell-digit variables in three: V⁺, made true (each
//! given); V⁻, made false (the other digits of a given's cell, and the
//! given's digit in every cell that shares a house with it); and V⁰, the
//! rest. A clause with a true literal is dropped; false literals are
//! removed from the others. What is left mentions only V⁰ (and auxiliary
//! variables): a 9×9 puzzle with 32 givens keeps about a tenth of the
//! clauses, a half-filled 25×25 grid about a hundredth.
//!
//! The numbering is kept, so the variables of V⁺ and V⁻ appear in no
//! clause and a solver may give them any value. A model is therefore read
//! through [`Fixed::complete`], which puts back the values the givens
//! decide before the grid is decoded.
//!
//! # References
//!
//! - G. Kwon, H. Jain. Optimized CNF Encoding for Sudoku Puzzles. LPAR-13
//!   short papers, 2006.

use varisat::{Lit, Var};

use super::vars;
use crate::grid::Grid;

/// The values the givens of a puzzle decide, per cell-digit variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixed {
    values: Vec<Option<bool>>,
}

impl Fixed {
    /// Computes V⁺ and V⁻ for a puzzle's givens.
    ///
    /// With repeated givens a variable may be both made true and false;
    /// it is then made false, so the clause that needed it becomes empty
    /// and the formula is unsatisfiable, as the puzzle is.
    pub fn by_givens(puzzle: &Grid) -> Fixed {
        let size = puzzle.size();
        let mut values = vec![None; vars::cell_digit_count(size)];
        for (cell, digit) in puzzle.givens() {
            for other in size.digits().filter(|&d| d != digit) {
                values[vars::var(size, cell, other).index()] = Some(false);
            }
            for peer in size
                .all_cells()
                .filter(|&p| p != cell && puzzle.shape().sees(p, cell))
            {
                values[vars::var(size, peer, digit).index()] = Some(false);
            }
        }
        for (cell, digit) in puzzle.givens() {
            let slot = &mut values[vars::var(size, cell, digit).index()];
            if slot.is_none() {
                *slot = Some(true);
            }
        }
        Fixed { values }
    }

    /// Returns the values of a partial assignment, indexed by 0-based
    /// variable (auxiliary variables included), to reduce a formula by what
    /// propagation deduced rather than by the givens alone.
    pub fn from_values(values: Vec<Option<bool>>) -> Fixed {
        Fixed { values }
    }

    /// Returns the decided values, indexed by 0-based variable.
    pub fn values(&self) -> &[Option<bool>] {
        &self.values
    }

    /// Returns the value the givens decide for a variable, or `None` for a
    /// variable of V⁰ or an auxiliary variable.
    pub fn value(&self, var: Var) -> Option<bool> {
        self.values.get(var.index()).copied().flatten()
    }

    /// Returns the number of variables left free (V⁰).
    pub fn free(&self) -> usize {
        self.values.iter().filter(|v| v.is_none()).count()
    }

    /// Simplifies a clause: `None` when a literal is true (the clause is
    /// dropped), else the clause without its false literals.
    pub fn reduce(&self, clause: &[Lit]) -> Option<Vec<Lit>> {
        let mut kept = Vec::with_capacity(clause.len());
        self.reduce_into(clause, &mut kept).then_some(kept)
    }

    /// Simplifies a clause into `kept`, replacing its contents, and returns
    /// whether the clause stays (false when a literal is true). Allocates
    /// nothing once `kept` has grown: the hot loop of reducing a formula
    /// per puzzle.
    pub fn reduce_into(&self, clause: &[Lit], kept: &mut Vec<Lit>) -> bool {
        kept.clear();
        for &lit in clause {
            match self.values.get(lit.index()).copied().flatten() {
                Some(value) if value == lit.is_positive() => return false,
                Some(_) => {}
                None => kept.push(lit),
            }
        }
        true
    }

    /// Returns a model with every decided cell-digit variable set to the
    /// value the givens give it; other literals are kept as they are.
    pub fn complete(&self, model: &[Lit]) -> Vec<Lit> {
        let mut out: Vec<Lit> = model
            .iter()
            .copied()
            .filter(|l| self.value(l.var()).is_none())
            .collect();
        out.extend(self.lits());
        out
    }

    /// Returns the decided literals, one per decided variable in variable
    /// order: x for a variable made true, ¬x for one made false.
    pub fn lits(&self) -> impl Iterator<Item = Lit> + '_ {
        (self.values.iter().enumerate()).filter_map(|(i, v)| v.map(|v| Lit::from_index(i, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit, Size};

    #[test]
    fn a_given_fixes_its_cell_and_its_peers() {
        let size = Size::NINE;
        let mut puzzle = Grid::empty(size);
        puzzle.set(Cell::new(0, 0), Digit::new(5));
        let fixed = Fixed::by_givens(&puzzle);
        let five = Digit::new(5).unwrap();
        assert_eq!(
            fixed.value(vars::var(size, Cell::new(0, 0), five)),
            Some(true)
        );
        let four = Digit::new(4).unwrap();
        assert_eq!(
            fixed.value(vars::var(size, Cell::new(0, 0), four)),
            Some(false)
        );
        // 20 peers lose digit 5; 8 other digits of the cell.
        assert_eq!(fixed.free(), 729 - 1 - 8 - 20);
        assert_eq!(fixed.value(vars::var(size, Cell::new(4, 4), five)), None);
        let clause = [
            vars::lit(size, Cell::new(0, 1), five),
            vars::lit(size, Cell::new(4, 4), five),
        ];
        assert_eq!(fixed.reduce(&clause), Some(vec![clause[1]]));
        assert_eq!(fixed.reduce(&[!clause[0], clause[1]]), None);
    }
}
