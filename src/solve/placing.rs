//! The clause sink between a reduced formula and varisat: cell-digit
//! literals negated, free variables renumbered densely.

use varisat::{ExtendFormula, Lit, Var};

/// A clause sink that negates every cell-digit literal on its way to the
/// solver, so that the solver's first guess places a digit.
///
/// varisat 0.2 decides a variable it has not assigned before as false, and
/// has no setting for that. On x(r,c,d) a false guess only removes one
/// candidate; a true one places a digit and, through the at-most-one
/// clauses, removes the digit from the cell's peers, as a backtracker
/// does. Renaming x(r,c,d) to its negation flips that first guess and
/// changes nothing else: the formula is satisfied by exactly the flipped
/// models, so the same [`Names`] map each model back. Measured with
/// `sudoku-sat bench` (median µs per puzzle, one process): the 375 hardest
/// forum puzzles 1,060 → 905, minimal 16×16 puzzles 2,934 → 2,679,
/// 17-clue puzzles 118 → 110, permuted 25×25 puzzles 8,180 → 7,600.
///
/// The solver also sees only the variables propagation left free,
/// renumbered densely in their DIMACS order (0, 1, 2… for the first free
/// cell-digit variables), when the formula has no auxiliary variable: a
/// 17-clue puzzle leaves about 200 of the 729, and varisat sizes its
/// tables by the largest index it sees. The DIMACS numbering itself is
/// untouched: `--dimacs`, exports and proofs never take this path.
pub(super) struct Placing<'a, S> {
    solver: &'a mut S,
    pub(super) names: Names,
    clause: Vec<Lit>,
}

/// The solver's names for the formula's variables: the cell-digit
/// variables negated (an involution on their block), then, optionally,
/// renumbered densely.
#[derive(Clone)]
pub(super) struct Names {
    cells: usize,
    /// Solver index of each free cell-digit variable (`u32::MAX` for a
    /// fixed one); empty when variables keep their index.
    dense: Vec<u32>,
    /// Variable index of each solver index; empty likewise.
    sparse: Vec<u32>,
}

impl Names {
    fn new(cells: usize, values: Option<&[Option<bool>]>) -> Names {
        let (mut dense, mut sparse) = (Vec::new(), Vec::new());
        if let Some(values) = values {
            dense = vec![u32::MAX; values.len()];
            for (i, _) in values.iter().enumerate().filter(|(_, v)| v.is_none()) {
                dense[i] = sparse.len() as u32;
                sparse.push(i as u32);
            }
        }
        Names {
            cells,
            dense,
            sparse,
        }
    }

    fn flip(&self, lit: Lit) -> Lit {
        if lit.index() < self.cells { !lit } else { lit }
    }

    /// Returns the solver's literal for a formula literal.
    pub(super) fn to_solver(&self, lit: Lit) -> Lit {
        let lit = self.flip(lit);
        match self.dense.get(lit.index()) {
            Some(&i) => {
                debug_assert_ne!(i, u32::MAX, "a fixed variable reached the solver");
                Lit::from_index(i as usize, lit.is_positive())
            }
            None => lit,
        }
    }

    /// Returns the formula literal of a solver literal.
    pub(super) fn to_formula(&self, lit: Lit) -> Lit {
        let lit = match self.sparse.get(lit.index()) {
            Some(&i) => Lit::from_index(i as usize, lit.is_positive()),
            None => lit,
        };
        self.flip(lit)
    }
}

impl<'a, S: ExtendFormula> Placing<'a, S> {
    pub(super) fn new(solver: &'a mut S, cells: usize, dense: Option<&[Option<bool>]>) -> Self {
        Placing {
            solver,
            names: Names::new(cells, dense),
            clause: Vec::new(),
        }
    }
}

impl<S: ExtendFormula> ExtendFormula for Placing<'_, S> {
    fn add_clause(&mut self, literals: &[Lit]) {
        self.clause.clear();
        self.clause
            .extend(literals.iter().map(|&l| self.names.to_solver(l)));
        self.solver.add_clause(&self.clause);
    }

    fn new_var(&mut self) -> Var {
        debug_assert!(
            self.names.dense.is_empty(),
            "auxiliary variable under renumbering"
        );
        self.solver.new_var()
    }
}
