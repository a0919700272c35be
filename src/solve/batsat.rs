//! The batsat backend (cargo feature `batsat`): the default propagate
//! path's SAT calls on batsat, a pure-Rust MiniSat, instead of varisat.
//!
//! Only the reduced formula of [`Strategy::Propagate`](super::sat::Strategy)
//! goes through it: reuse, proofs, cores and exports stay on varisat,
//! which has the incremental and proof features they need. Models come
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

#[cfg(test)]
mod tests {
    use crate::encode::{AmoKind, Encoding};
    use crate::grid::{Grid, Size};
    use crate::solve::Outcome;
    use crate::solve::sat::{Engine, SatSolver};

    /// batsat and varisat give the same outcomes on the Euler puzzles,
    /// on a puzzle with two solutions and on one with none, with dense
    /// variables (pairwise) and with auxiliary ones (sequential).
    #[test]
    fn batsat_agrees_with_varisat() {
        let text = include_str!("../../data/p096_sudoku.txt");
        let mut grids: Vec<Grid> =
            crate::formats::text::parse_str(text, crate::formats::text::Format::Auto)
                .unwrap()
                .into_iter()
                .map(|p| p.grid().clone())
                .collect();
        let four = |rows| Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap();
        grids.push(four("................"));
        grids.push(four("123............4"));
        for amo in [AmoKind::Pairwise, AmoKind::Sequential] {
            let encoding = Encoding {
                amo,
                ..Encoding::default()
            };
            let mut varisat = SatSolver::new(encoding);
            let mut batsat = SatSolver::new(encoding);
            batsat.set_engine(Engine::Batsat);
            let mut kinds = [0; 3];
            for grid in &grids {
                let (a, b) = (varisat.solve(grid).unwrap(), batsat.solve(grid).unwrap());
                match (&a, &b) {
                    (Outcome::Unique(x), Outcome::Unique(y)) => {
                        assert_eq!(x, y);
                        kinds[0] += 1;
                    }
                    (Outcome::Multiple(x, y), Outcome::Multiple(..)) => {
                        assert_ne!(x, y);
                        kinds[1] += 1;
                    }
                    (Outcome::Unsolvable, Outcome::Unsolvable) => kinds[2] += 1,
                    _ => panic!("{amo:?}: {a:?} against {b:?}"),
                }
            }
            assert_eq!(kinds, [50, 1, 1], "{amo:?}");
        }
    }
}
