//! Value-precedence clauses that break the relabelling symmetry of the
//! digits no given uses.
//!
//! Digits that no given uses are interchangeable in a classic puzzle (see
//! the module docs of [`super`]): with k such digits f₁ < … < f_k, every
//! solution has k! relabellings, all solutions, all distinct. Value
//! precedence (Law & Lee 2004) keeps one of each class: reading the blank
//! cells in row-major order, f_{i+1} may not appear before the first f_i.
//! Every digit appears in every solution (each fills N cells), so each
//! class holds exactly one solution whose free digits first appear in
//! increasing order, and the count under these clauses times k! is the
//! full count. On an empty grid the first row is then 1, 2, …, N: the
//! lex-leader of the relabellings, which fixes the first row.
//!
//! The chain of adjacent pairs suffices, precedence being transitive:
//! for each blank cell j and each i < k, one clause
//! ¬x(j, f_{i+1}) ∨ ⋁_{j′ < j blank} x(j′, f_i). That is (k − 1)·B clauses
//! over B blank cells, of up to B literals each, with no auxiliary
//! variable, so the reused solver's numbering is untouched. The clauses
//! are guarded by an activation literal and retired with the puzzle.
//!
//! # References
//!
//! - Y. C. Law, J. H. M. Lee. Global Constraints for Integer and Set Value
//!   Precedence. CP 2004, LNCS 3258, pp. 362–376.
//! - J. M. Crawford, M. Ginsberg, E. Luks, A. Roy. Symmetry-Breaking
//!   Predicates for Search Problems. KR 1996, pp. 148–159 (lex-leader).

use varisat::{ExtendFormula, Lit};

use crate::encode::vars;
use crate::grid::{Digit, Grid};

/// The digits no given uses, in increasing order.
pub fn free_digits(givens: &Grid) -> Vec<Digit> {
    let side = givens.size().side();
    let mut used = vec![false; side];
    for (_, digit) in givens.givens() {
        used[digit.index()] = true;
    }
    (0..side)
        .filter(|&i| !used[i])
        .map(Digit::from_index)
        .collect()
}

/// Adds the value-precedence clauses of the free digits of `givens`, each
/// with `¬guard` so that the unit `¬guard` retires them all. Returns how
/// many clauses were added.
pub fn add_precedence(sink: &mut impl ExtendFormula, givens: &Grid, guard: Lit) -> usize {
    let size = givens.size();
    let free = free_digits(givens);
    let blanks: Vec<_> = size
        .all_cells()
        .filter(|&c| givens.get(c).is_none())
        .collect();
    let mut added = 0;
    for pair in free.windows(2) {
        let (earlier, later) = (pair[0], pair[1]);
        let mut clause = vec![!guard];
        for (j, &cell) in blanks.iter().enumerate() {
            clause.truncate(1);
            clause.push(!vars::lit(size, cell, later));
            clause.extend(blanks[..j].iter().map(|&c| vars::lit(size, c, earlier)));
            sink.add_clause(&clause);
            added += 1;
        }
    }
    added
}

/// Returns whether the free digits of `givens` first appear in `solution`
/// in increasing order: the check, by plain meaning, that a model found
/// under [`add_precedence`] keeps it.
pub fn in_precedence_order(givens: &Grid, solution: &Grid) -> bool {
    let free = free_digits(givens);
    let mut next = 0;
    for cell in givens.size().all_cells() {
        if givens.get(cell).is_some() {
            continue;
        }
        let Some(digit) = solution.get(cell) else {
            return false;
        };
        match free.iter().position(|&f| f == digit) {
            Some(i) if i == next => next += 1,
            Some(i) if i > next => return false,
            _ => {}
        }
    }
    true
}

/// Returns k! as a u128, or `None` when it overflows.
pub fn factorial(k: usize) -> Option<u128> {
    (2..=k as u128).try_fold(1u128, |p, n| p.checked_mul(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    fn four(rows: &str) -> Grid {
        Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
    }

    #[test]
    fn precedence_order_is_read_over_blank_cells() {
        let solution = four("1234341221434321");
        assert!(in_precedence_order(
            &Grid::empty(solution.shape().clone()),
            &solution
        ));
        let relabelled = four("2134431212434312");
        assert!(!in_precedence_order(
            &Grid::empty(solution.shape().clone()),
            &relabelled
        ));
        // With 2 given at r1c1 the free digits are 1, 3, 4: 3 first appears
        // at r1c3 after 1 at r1c2, and 4 after both.
        assert!(in_precedence_order(&four("2..............."), &relabelled));
        assert_eq!(free_digits(&four("2...............")).len(), 3);
    }

    #[test]
    fn factorials() {
        assert_eq!(factorial(0), Some(1));
        assert_eq!(factorial(4), Some(24));
        assert_eq!(factorial(9), Some(362_880));
        assert_eq!(factorial(40), None);
    }
}
