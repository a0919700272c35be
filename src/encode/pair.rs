//! Relations on two cells as clauses: the support encoding of any
//! relation on their digits, and equality.
//!
//! A pair rule (a kropki dot, an XV mark, two neighbours on a whispers
//! line or a thermometer) is a relation on two digits. Its clauses are the
//! support encoding (Gent 2002): for each digit d of one cell, "if it holds
//! d, the other holds one of the digits d allows". Unit propagation on them
//! keeps each cell's digits supported by the other's: arc consistency.
//!
//! Two cells that share a house never hold the same digit, so for such a
//! pair "the same digit" is no support, even where the relation allows it:
//! an X (sum 10) between neighbours then rules 5 out of both by a unit
//! clause, which the relation's clauses and the house's at-most-one
//! clauses together only give by resolution, not by unit propagation.
//!
//! # References
//!
//! - I. P. Gent. Arc Consistency in SAT. ECAI 2002, pp. 121–125.

use varisat::{ExtendFormula, Lit};

use super::vars::lit;
use crate::grid::{Cell, Shape};

/// Writes the support clauses of a relation on the digits of `a` and `b`:
/// `allowed(x, y)` says whether a may hold x while b holds y. When the two
/// cells share a house, equal digits support nothing. A digit with no
/// support is ruled out by a unit clause; a digit every digit supports
/// needs no clause.
pub fn encode_pair<F: ExtendFormula>(
    shape: &Shape,
    a: Cell,
    b: Cell,
    allowed: impl Fn(u8, u8) -> bool,
    sink: &mut F,
) {
    let size = shape.size();
    let distinct = shape.sees(a, b);
    for (from, to, forward) in [(a, b, true), (b, a, false)] {
        for d in size.digits() {
            let supports: Vec<Lit> = size
                .digits()
                .filter(|&e| !(distinct && e == d))
                .filter(|e| {
                    if forward {
                        allowed(d.get(), e.get())
                    } else {
                        allowed(e.get(), d.get())
                    }
                })
                .map(|e| lit(size, to, e))
                .collect();
            // Every digit the pair may hold supports d: the house's own
            // clauses already say the rest.
            if supports.len() == size.side() - usize::from(distinct) {
                continue;
            }
            let mut clause = vec![!lit(size, from, d)];
            clause.extend(supports);
            sink.add_clause(&clause);
        }
    }
}

/// Writes "a and b hold the same digit" for each pair: x(a,d) ⟺ x(b,d).
pub fn encode_equal<F: ExtendFormula>(
    shape: &Shape,
    pairs: impl IntoIterator<Item = (Cell, Cell)>,
    sink: &mut F,
) {
    let size = shape.size();
    for (a, b) in pairs {
        for d in size.digits() {
            sink.add_clause(&[!lit(size, a, d), lit(size, b, d)]);
            sink.add_clause(&[lit(size, a, d), !lit(size, b, d)]);
        }
    }
}
