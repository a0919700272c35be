//! The batsat backend (cargo feature `batsat`): the default propagate
//! path's SAT calls on batsat, a pure-Rust MiniSat, instead of varisat.
//!
//! Only the formulas [`Strategy::Propagate`](super::sat::Strategy) leaves
//! after propagation go through it, the classic grid's and a variant
//! puzzle's: reuse, proofs, cores and exports stay on varisat, which has
//! the incremental and proof features they need. Models come
//! back as varisat literals and are decoded and validated like varisat's.

use batsat::{BasicSolver, SolverInterface, lbool};
use varisat::{ExtendFormula, Lit, Var};

use super::{SatBackend, SolveError};
use crate::grid::Grid;

/// A batsat solver that takes varisat clauses: variable i is batsat's
/// variable i.
#[derive(Default)]
pub(crate) struct Batsat {
    solver: BasicSolver,
    clause: Vec<batsat::Lit>,
}

impl Batsat {
    fn lit(&mut self, lit: Lit) -> batsat::Lit {
        let var = self.solver.var_of_int(lit.index() as u32);
        batsat::Lit::new(var, lit.is_positive())
    }
}

impl ExtendFormula for Batsat {
    fn add_clause(&mut self, literals: &[Lit]) {
        let mut clause = std::mem::take(&mut self.clause);
        clause.clear();
        clause.extend(literals.iter().map(|&l| self.lit(l)));
        // `false` says the formula is already unsatisfiable; the next solve
        // reports it.
        self.solver.add_clause_reuse(&mut clause);
        self.clause = clause;
    }

    fn new_var(&mut self) -> Var {
        Var::from_index(self.solver.new_var_default().idx() as usize)
    }
}

impl SatBackend for Batsat {
    fn next_model<E: Into<SolveError>>(
        &mut self,
        read: impl FnOnce(&[Lit]) -> Result<Grid, E>,
    ) -> Result<Option<Grid>, SolveError> {
        match self.solver.solve_limited(&[]) {
            r if r == lbool::TRUE => {}
            r if r == lbool::FALSE => return Ok(None),
            _ => {
                return Err(SolveError::Solver(
                    "batsat stopped without an answer".into(),
                ));
            }
        }
        let model: Vec<Lit> = self
            .solver
            .get_model()
            .iter()
            .enumerate()
            .map(|(i, &value)| Lit::from_index(i, value == lbool::TRUE))
            .collect();
        read(&model).map(Some).map_err(Into::into)
    }
}
