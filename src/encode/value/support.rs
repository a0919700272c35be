//! The support encoding of "two cells differ" (Kasif 1990; Gent 2002).
//!
//! For cells a and b and digit d: ¬x(a,d) ∨ ⋁_{e≠d} x(b,e), "if a holds d,
//! b holds another digit", and the same from b to a. Unit propagation on
//! these clauses removes d from a exactly when b has no other digit left:
//! arc consistency on a ≠ b, which for ≠ is the same as the direct
//! encoding's forward checking (Gent 2002 shows the gain for other
//! constraints). Each clause has N literals; a pair of cells gets 2N.

use varisat::{ExtendFormula, Lit};

use crate::encode::vars::lit;
use crate::grid::{Cell, Size};

/// Writes the support clauses of each pair, both directions.
pub(super) fn differ<F: ExtendFormula>(size: Size, pairs: &[(Cell, Cell)], sink: &mut F) {
    let mut clause: Vec<Lit> = Vec::with_capacity(size.side());
    for &(a, b) in pairs {
        for (from, to) in [(a, b), (b, a)] {
            for d in size.digits() {
                clause.clear();
                clause.push(!lit(size, from, d));
                clause.extend(size.digits().filter(|&e| e != d).map(|e| lit(size, to, e)));
                sink.add_clause(&clause);
            }
        }
    }
}
