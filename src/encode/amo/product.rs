//! Chen's 2-product encoding.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise, ceil_sqrt};

/// Chen's 2-product encoding.
///
/// Lays the inputs out row by row on a p × q grid, p = ⌈√n⌉ and
/// q = ⌈n/p⌉, with one auxiliary variable per row (rᵢ) and per column (cⱼ).
/// The input at (i, j) implies both, x → rᵢ and x → cⱼ (2n clauses), and
/// the rows and the columns each take an at-most-one, recursively, down to
/// sets of at most [`Product::PAIRWISE_UP_TO`], which are encoded pairwise.
///
/// n = 9 is a 3 × 3 grid: 6 auxiliary variables, 18 + 3 + 3 = 24 clauses.
/// n = 16 (4 × 4) gives 8 and 44; n = 25 (5 × 5, each side of five taken
/// pairwise) gives 10 and 70. Asymptotically 2√n + O(∜n) auxiliary
/// variables and 2n + 4√n + O(∜n) clauses, all binary: for large n the
/// fewest clauses of the encodings here (the commander's tend to 3n).
///
/// The threshold is 5, as in PBLib: five inputs take 10 pairwise clauses
/// and no auxiliary variable, where a 3 × 2 product would take 5 and 14.
/// It was 4, which gave n = 25 20 auxiliary variables and 78 clauses; the
/// whole 25×25 extended grid drops from 65,625 / 197,500 to 40,625 /
/// 177,500 (variables beyond the cell digits / clauses), and the 25×25
/// set solves as fast as before (0.08 s for the four grids, `-j1`, both).
///
/// # References
///
/// - J. Chen. A New SAT Encoding of the At-Most-One Constraint. Tenth
///   International Workshop on Constraint Modelling and Reformulation
///   (ModRef 2010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Product;

impl Product {
    /// Sets of at most this many literals are encoded pairwise.
    pub const PAIRWISE_UP_TO: usize = 5;
}

impl AtMostOne for Product {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        let n = lits.len();
        if n <= Self::PAIRWISE_UP_TO {
            return Pairwise.encode(sink, lits);
        }
        let p = ceil_sqrt(n);
        let q = n.div_ceil(p);
        // Row-major layout: only ⌈n/q⌉ ≤ p rows hold an input.
        let rows: Vec<Lit> = (0..n.div_ceil(q)).map(|_| sink.new_lit()).collect();
        let cols: Vec<Lit> = (0..q).map(|_| sink.new_lit()).collect();
        for (k, &x) in lits.iter().enumerate() {
            sink.add_clause(&[!x, rows[k / q]]);
            sink.add_clause(&[!x, cols[k % q]]);
        }
        self.encode(sink, &rows);
        self.encode(sink, &cols);
    }
}
