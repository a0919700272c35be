//! What unit propagation derives from the pair rules' clauses (arc
//! consistency on each pair, with the house's distinctness taken in) and
//! from an arrow whose shaft bends through houses.

use varisat::{CnfFormula, Lit};

use super::families::read;
use super::*;
use crate::propagate::Propagator;

/// Returns the literals unit propagation makes false, on the empty 9×9
/// grid's formula under `constraints`, once `cell` is limited to `digits`.
fn ruled_out(constraints: &[Constraint], cell: Cell, digits: &[u8]) -> Vec<(Cell, u8)> {
    let size = Size::NINE;
    let puzzle = puzzle_with(Grid::empty(size), constraints);
    let mut cnf = CnfFormula::new();
    encode_puzzle(&puzzle, &Encoding::default(), &mut cnf);
    let assumptions: Vec<Lit> = size
        .digits()
        .filter(|d| !digits.contains(&d.get()))
        .map(|d| !vars::lit(size, cell, d))
        .collect();
    let p = Propagator::new(cnf.var_count(), cnf.iter());
    let values = p.propagate(&assumptions).expect("no conflict");
    let mut out = Vec::new();
    for r in 0..9 {
        for c in 0..9 {
            let other = Cell::new(r, c);
            if other == cell {
                continue;
            }
            for d in size.digits() {
                if values.is_false(vars::lit(size, other, d)) {
                    out.push((other, d.get()));
                }
            }
        }
    }
    out
}

#[test]
fn nonconsecutive_removes_the_digit_between_a_neighbours_two_candidates() {
    let rule = [Constraint::NonConsecutive(NonConsecutive::default())];
    let out = ruled_out(&rule, cell(4, 4), &[4, 6]);
    // 5 is next to both 4 and 6: no digit left to r5c5 supports it.
    for n in [cell(3, 4), cell(5, 4), cell(4, 3), cell(4, 5)] {
        assert!(out.contains(&(n, 5)), "{n} keeps 5: {out:?}");
    }
    // 3 and 7 are each next to only one of them, and a diagonal
    // neighbour is not bound at all.
    assert!(!out.contains(&(cell(3, 4), 3)) && !out.contains(&(cell(3, 4), 7)));
    assert!(!out.iter().any(|&(c, _)| c == cell(3, 3)), "{out:?}");
}

#[test]
fn nonconsecutive_propagates_as_the_negative_difference_dots_do() {
    let negative = read(
        9,
        "[[constraint]]\ntype = 'negative'\nkinds = ['difference']\n",
    );
    let nonconsecutive = [Constraint::NonConsecutive(NonConsecutive::default())];
    for digits in [&[4u8, 6][..], &[1, 3], &[2, 5, 8], &[9]] {
        assert_eq!(
            ruled_out(&nonconsecutive, cell(4, 4), digits),
            ruled_out(&negative, cell(4, 4), digits),
            "r5c5 in {digits:?}"
        );
    }
}

#[test]
fn an_x_between_neighbours_rules_out_five_by_itself() {
    let x = [Constraint::Dot(Dot {
        kind: DotKind::Sum,
        a: cell(0, 0),
        b: cell(0, 1),
        value: 10,
    })];
    // Nothing assumed: 5 + 5 = 10 only if the row held 5 twice.
    let out = ruled_out(&x, cell(8, 8), &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert!(out.contains(&(cell(0, 0), 5)) && out.contains(&(cell(0, 1), 5)));
    assert_eq!(out.len(), 2, "{out:?}");
}

#[test]
fn a_bent_shaft_keeps_its_house_neighbours_apart_in_its_sums() {
    // r1c2 and r2c3 share a box, r2c3 and r2c4 a row; r1c2 and r2c4
    // share nothing. A 4 in the circle leaves 1 + 2 + 1 alone: 1 + 1 + 2
    // and 2 + 1 + 1 repeat a digit in a house.
    let shaft = [cell(0, 1), cell(1, 2), cell(1, 3)];
    let mut line = vec![cell(4, 4)];
    line.extend(shaft);
    let arrow = [Constraint::Arrow(Arrow {
        circle: vec![cell(4, 4)],
        lines: vec![line],
    })];
    let out = ruled_out(&arrow, cell(4, 4), &[4]);
    for (at, digit) in [(shaft[0], 2), (shaft[1], 1), (shaft[2], 2)] {
        assert!(out.contains(&(at, digit)), "{at} keeps {digit}: {out:?}");
    }
}
