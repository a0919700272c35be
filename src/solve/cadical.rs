//! The CaDiCaL backend (cargo feature `cadical`): the default path's SAT
//! calls on CaDiCaL 1.9 (Biere et al.), a C++ CDCL solver with
//! inprocessing, through the `cadical` crate, instead of varisat.
//!
//! Only the formulas the default strategy leaves after propagation go
//! through it, the classic grid's and a variant puzzle's: reuse, proofs,
//! cores and exports stay on varisat. Models come back as varisat
//! literals and are decoded and validated like varisat's.

use varisat::{ExtendFormula, Lit, Var};

use super::{SatBackend, SolveError};
use crate::grid::Grid;

/// A CaDiCaL solver that takes varisat clauses: variable i is CaDiCaL's
/// variable i + 1, as in DIMACS.
#[derive(Default)]
pub(crate) struct Cadical {
    solver: cadical::Solver,
    /// Variables named so far, by a clause or by `new_var`.
    vars: usize,
}

/// CaDiCaL's literal of a varisat one (`Lit::to_dimacs`).
fn dimacs(lit: Lit) -> i32 {
    // The formulas here have far fewer than 2³¹ variables.
    lit.to_dimacs() as i32
}

impl ExtendFormula for Cadical {
    fn add_clause(&mut self, literals: &[Lit]) {
        if let Some(top) = literals.iter().map(|l| l.index() + 1).max() {
            self.vars = self.vars.max(top);
        }
        self.solver.add_clause(literals.iter().map(|&l| dimacs(l)));
    }

    fn new_var(&mut self) -> Var {
        self.vars += 1;
        Var::from_index(self.vars - 1)
    }
}

impl SatBackend for Cadical {
    fn next_model<E: Into<SolveError>>(
        &mut self,
        read: impl FnOnce(&[Lit]) -> Result<Grid, E>,
    ) -> Result<Option<Grid>, SolveError> {
        match self.solver.solve() {
            Some(true) => {}
            Some(false) => return Ok(None),
            None => {
                return Err(SolveError::Solver(
                    "CaDiCaL stopped without an answer".into(),
                ));
            }
        }
        // A variable the formula leaves free (`None`) may take either
        // value; the model says false.
        let model: Vec<Lit> = (0..self.vars)
            .map(|i| {
                let value = self.solver.value(i as i32 + 1) == Some(true);
                Lit::from_index(i, value)
            })
            .collect();
        read(&model).map(Some).map_err(Into::into)
    }
}
