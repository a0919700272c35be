//! Redundant box-line clauses (locked candidates), after tdoku's study of
//! Sudoku's SAT encodings: implied by the extended rules, they let unit
//! propagation make the pointing and claiming deductions.
//!
//! Where a line L (row or column) meets a block B in the cells I: if a
//! cell p of B \ I holds digit d, B's d is not in I, so L's d is in
//! L \ I; and symmetrically for p in L \ I. As clauses, for every such p
//! and d:
//!
//! ```text
//! ¬x(p,d) ∨ ⋁_{q ∈ L \ I} x(q,d)     p ∈ B \ I
//! ¬x(p,d) ∨ ⋁_{q ∈ B \ I} x(q,d)     p ∈ L \ I
//! ```
//!
//! When d is ruled out of L \ I the first kind turns unit and removes d
//! from the rest of the block (claiming, or box-line reduction); when d
//! is ruled out of B \ I the second removes it from the rest of the line
//! (pointing). Without them UP needs the block's at-most-one and the
//! line's at-least-one together, a merge resolution it cannot do. At 9×9:
//! 54 intersections × 12 cells × 9 digits = 5,832 clauses of 7 literals.
//! tdoku gets the same propagation from 486 triad variables instead; the
//! explicit clauses are the plain form.
//!
//! # References
//!
//! - T. Dillon. Tdoku: a fast Sudoku solver and generator, docs/sudoku.md
//!   ("Sudoku as a SAT problem", locked candidates and triads), 2019.
//!   <https://t-dillon.github.io/tdoku/>
//! - A. del Val. Tractable databases: how to make propositional unit
//!   resolution complete through compilation. KR 1994, pp. 551–561.

use varisat::{ExtendFormula, Lit};

use super::vars::lit;
use crate::grid::{Cell, House, Shape};

/// Writes the box-line clauses of every line and block that meet; see
/// the module documentation. Returns the number of clauses written.
pub fn box_line<F: ExtendFormula>(shape: &Shape, sink: &mut F) -> usize {
    let size = shape.size();
    let side = shape.side() as u8;
    let mut written = 0;
    let mut clause: Vec<Lit> = Vec::new();
    for b in 0..side {
        let block = shape.house_cells(House::Block(b));
        for line in (0..side).flat_map(|i| [House::Row(i), House::Col(i)]) {
            let line = shape.house_cells(line);
            let meet = |c: &Cell| block.contains(c) && line.contains(c);
            if !line.iter().any(meet) {
                continue;
            }
            let line_rest: Vec<_> = line.iter().copied().filter(|c| !meet(c)).collect();
            let block_rest: Vec<_> = block.iter().copied().filter(|c| !meet(c)).collect();
            for (pivots, others) in [(&block_rest, &line_rest), (&line_rest, &block_rest)] {
                for &p in pivots.iter() {
                    for d in size.digits() {
                        clause.clear();
                        clause.push(!lit(size, p, d));
                        clause.extend(others.iter().map(|&q| lit(size, q, d)));
                        sink.add_clause(&clause);
                        written += 1;
                    }
                }
            }
        }
    }
    written
}

#[cfg(test)]
mod tests {
    use varisat::{CnfFormula, Solver};

    use super::*;
    use crate::encode::{Encoding, RuleSet, encode_rules, vars};
    use crate::grid::{Cell, Digit, Grid, Size};
    use crate::propagate::Propagator;

    fn extended(shape: &Shape, with_box_line: bool) -> CnfFormula {
        let mut cnf = CnfFormula::new();
        let encoding = Encoding {
            rules: RuleSet::Extended,
            ..Default::default()
        };
        encode_rules(shape, &encoding, &mut cnf);
        if with_box_line {
            box_line(shape, &mut cnf);
        }
        cnf
    }

    #[test]
    fn nine_by_nine_has_5832_clauses_of_seven_literals() {
        let mut cnf = CnfFormula::new();
        let written = box_line(&Shape::square(Size::NINE), &mut cnf);
        assert_eq!((written, cnf.len()), (5_832, 5_832));
        assert!(cnf.iter().all(|c| c.len() == 7));
    }

    #[test]
    fn four_by_four_has_256_clauses_of_three_literals() {
        let mut cnf = CnfFormula::new();
        let written = box_line(&Shape::square(Size::from_side(4).unwrap()), &mut cnf);
        assert_eq!(written, 256);
        assert!(cnf.iter().all(|c| c.len() == 3));
    }

    /// The clauses are implied: the empty 4×4 grid keeps its 288
    /// solutions.
    #[test]
    fn box_line_keeps_the_288_solutions_of_4x4() {
        let shape = Shape::square(Size::from_side(4).unwrap());
        let empty = Grid::empty(shape.clone());
        let mut solver = Solver::new();
        solver.add_formula(&extended(&shape, true));
        let mut seen = 0;
        while solver.solve().unwrap() {
            let grid = vars::grid_of_model(&empty, &solver.model().unwrap()).unwrap();
            assert!(grid.check_solution(&empty).is_ok());
            solver.add_clause(&vars::blocking_clause(&empty, &grid));
            seen += 1;
        }
        assert_eq!(seen, 288);
    }

    /// Digit 1 ruled out of row 1 outside block 1 (claiming), or out of
    /// block 1 outside row 1 (pointing): only with the box-line clauses
    /// does UP remove 1 from r2c1, or from r1c4.
    #[test]
    fn box_line_makes_up_derive_claiming_and_pointing() {
        let size = Size::NINE;
        let shape = Shape::square(size);
        let one = Digit::new(1).unwrap();
        let x = |r, c| lit(size, Cell::new(r, c), one);
        let claiming: Vec<Lit> = (3..9).map(|c| !x(0, c)).collect();
        let pointing: Vec<Lit> = (1..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .map(|(r, c)| !x(r, c))
            .collect();
        for (with, expected) in [(false, false), (true, true)] {
            let cnf = extended(&shape, with);
            let p = Propagator::new(cnf.var_count(), cnf.iter());
            assert_eq!(p.propagate(&claiming).unwrap().is_false(x(1, 0)), expected);
            assert_eq!(p.propagate(&pointing).unwrap().is_false(x(0, 3)), expected);
        }
    }
}
