//! At-most-one encodings: clauses that allow at most one of a set of literals.
//!
//! Every encoding here reaches generalized arc consistency under unit
//! propagation: one true input forces the others false, two true inputs
//! give a conflict. They differ in size (auxiliary variables and clauses),
//! not in strength. Auxiliary variables are created on the sink, so under
//! the numbering invariant of [`super::vars`] they follow the cell-digit
//! block.
//!
//! # References
//!
//! - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, IOS Press,
//!   2009, pp. 75–97.

use varisat::{ExtendFormula, Lit};

/// An encoding of "at most one of these literals is true" into clauses.
pub trait AtMostOne {
    /// Adds clauses to `sink` that allow at most one of `lits` to be true,
    /// creating auxiliary variables on the sink where the encoding needs
    /// them.
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]);
}

/// The pairwise (binomial) encoding: one binary clause ¬a ∨ ¬b per pair.
///
/// n(n−1)/2 clauses and no auxiliary variable; 36 clauses for n = 9. The
/// largest encoding, yet the one a CDCL solver propagates fastest once it
/// is loaded, since every clause is binary.
///
/// # References
///
/// - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, 2009.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
    }
}

/// The at-most-one encodings, by name, as the CLI offers them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
#[non_exhaustive]
pub enum AmoKind {
    /// Pairwise: one binary clause per pair, no auxiliary variables.
    #[default]
    Pairwise,
}

impl AmoKind {
    /// Returns the name used on the command line and in DIMACS headers.
    pub fn name(self) -> &'static str {
        match self {
            AmoKind::Pairwise => "pairwise",
        }
    }

    /// Adds the clauses of this encoding for `lits` to `sink`.
    pub fn encode<F: ExtendFormula>(self, sink: &mut F, lits: &[Lit]) {
        match self {
            AmoKind::Pairwise => Pairwise.encode(sink, lits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{CnfFormula, Solver};

    /// Checks an encoding against its full truth table for n = 1..=6: with
    /// every assignment of the inputs as assumptions, the formula is
    /// satisfiable exactly when at most one input is true.
    fn truth_table(kind: AmoKind) {
        for n in 1..=6usize {
            let mut solver = Solver::new();
            let lits: Vec<Lit> = (0..n).map(|_| solver.new_lit()).collect();
            kind.encode(&mut solver, &lits);
            for mask in 0u32..(1 << n) {
                let assumptions: Vec<Lit> = lits
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if mask >> i & 1 == 1 { l } else { !l })
                    .collect();
                solver.assume(&assumptions);
                let sat = solver.solve().unwrap();
                assert_eq!(sat, mask.count_ones() <= 1, "{kind:?} n={n} mask={mask:b}");
            }
        }
    }

    #[test]
    fn pairwise_truth_table_and_count() {
        truth_table(AmoKind::Pairwise);
        let mut cnf = CnfFormula::new();
        let lits: Vec<Lit> = (0..9).map(|_| cnf.new_lit()).collect();
        Pairwise.encode(&mut cnf, &lits);
        assert_eq!((cnf.var_count(), cnf.len()), (9, 36));
    }
}
