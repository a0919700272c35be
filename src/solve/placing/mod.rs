//! The clause sink between a reduced formula and the SAT solver:
//! cell-digit literals negated, free variables renumbered densely, and
//! complementary pairs named by one variable.

use varisat::{ExtendFormula, Lit, Var};

/// A clause sink that renames every literal on its way to the solver by
/// its [`Names`], so that the solver's first guess places a digit and
/// sees only the variables propagation left free.
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
/// A clause that renaming makes a tautology (x ∨ ¬x, from two literals
/// named by one variable) is dropped: it holds in every model.
pub(super) struct Placing<'a, S> {
    solver: &'a mut S,
    names: &'a Names,
    clause: Vec<Lit>,
}

/// The solver's names for the formula's variables.
///
/// Every cell-digit variable is negated (an involution on their block),
/// unless a known solution is preferred. With [`Names::dense_towards`] the
/// solver also sees only the variables
/// propagation left free, renumbered densely in DIMACS order, and two
/// free literals that are complementary in every solution (a bivalue
/// cell, a digit with two places left in a house) are named by one
/// variable and its negation: a 17-clue puzzle leaves about 130 of the
/// 729 variables free, about 95 once the pairs are merged, and varisat
/// allocates and sizes its tables variable by variable (see
/// docs/performance.md, "Loading the reduced formula"). The DIMACS
/// numbering itself is untouched: `--dimacs`, exports and proofs never
/// take this path.
#[derive(Clone)]
pub(super) struct Names {
    cells: usize,
    /// For each formula variable, the code of the solver literal equal to
    /// its positive literal (`u32::MAX` for a fixed variable); empty when
    /// variables keep their index.
    solver: Vec<u32>,
    /// How many variables the solver sees under `solver`.
    count: usize,
    /// For each auxiliary variable of a formula with dense names (the
    /// k-th is N³ + k in the formula, `count` + k in the solver), whether
    /// the solver's first guess should make it true ([`Names::prefer`]).
    auxiliary: Vec<bool>,
}

impl Names {
    /// Returns names that keep every variable's index, cell-digit
    /// variables negated: for formulas with auxiliary variables, which the
    /// solver numbers itself after the `cells` cell-digit ones.
    pub(super) fn identity(cells: usize) -> Names {
        Names {
            cells,
            solver: Vec::new(),
            count: 0,
            auxiliary: Vec::new(),
        }
    }

    /// Returns [`Names::dense_towards`] with every cell-digit variable
    /// preferred true.
    #[cfg(test)]
    pub(super) fn dense(
        cells: usize,
        values: &[Option<bool>],
        pairs: impl IntoIterator<Item = (Lit, Lit)>,
    ) -> Names {
        Names::dense_towards(cells, values, pairs, |_| true)
    }

    /// Returns names for the free variables of `values` (all cell-digit
    /// variables; auxiliary ones follow, see [`Names::reserve`]): one
    /// solver variable for each class of variables that `pairs` link,
    /// numbered densely in the DIMACS order of each class's first
    /// variable. Each pair (a, b) says that a and b are complementary in
    /// every solution.
    ///
    /// `prefer` sets the solver's first guess on each class: whether the
    /// class's first variable should be true. Preferring every cell-digit
    /// variable true makes each guess place a digit (see [`Placing`]); a
    /// known solution, preferred, is what the solver meets first, with no
    /// conflict on the way (see `super::pattern`).
    ///
    /// Pairs that contradict each other (an odd cycle) are not merged: the
    /// clauses they come from then reach the solver as opposite unit
    /// clauses, and the solver finds the formula unsatisfiable.
    pub(super) fn dense_towards(
        cells: usize,
        values: &[Option<bool>],
        pairs: impl IntoIterator<Item = (Lit, Lit)>,
        prefer: impl Fn(usize) -> bool,
    ) -> Names {
        let mut classes = Classes::new(values.len());
        for (a, b) in pairs {
            classes.complementary(a, b);
        }
        let mut solver = vec![u32::MAX; values.len()];
        let mut count = 0;
        for (v, _) in values.iter().enumerate().filter(|(_, x)| x.is_none()) {
            let (root, odd) = classes.root(v);
            if root == v {
                // The class's first variable: a new solver variable, the
                // negation of a cell-digit variable to be preferred true
                // (the solver guesses false first).
                solver[v] = Lit::from_index(count, v >= cells || !prefer(v)).code() as u32;
                count += 1;
            } else {
                let code = solver[root];
                debug_assert_ne!(code, u32::MAX, "a fixed variable in a class");
                // x(v) = x(root) xor odd.
                solver[v] = code ^ u32::from(odd);
            }
        }
        Names {
            cells,
            solver,
            count,
            auxiliary: Vec::new(),
        }
    }

    /// Creates the variables these names hand out on `solver`, before any
    /// clause: an auxiliary variable the solver creates afterwards then
    /// takes an index after them (varisat numbers a new variable after
    /// the largest one it has seen).
    pub(super) fn reserve<S: ExtendFormula>(&self, solver: &mut S) {
        debug_assert!(!self.solver.is_empty(), "only dense names renumber");
        for _ in 0..self.count {
            solver.new_var();
        }
    }

    /// Returns the solver's literal for a formula literal.
    ///
    /// An auxiliary variable (index `cells` or more) keeps its index with
    /// identity names; with dense names the k-th one, N³ + k in the
    /// formula, is the solver's variable `count` + k.
    pub(super) fn to_solver(&self, lit: Lit) -> Lit {
        match self.solver.get(lit.index()) {
            Some(&code) => {
                debug_assert_ne!(code, u32::MAX, "a fixed variable reached the solver");
                let named = Lit::from_code(code as usize);
                if lit.is_positive() { named } else { !named }
            }
            None if lit.index() < self.cells => !lit,
            None if self.solver.is_empty() => lit,
            None => {
                let k = lit.index() - self.cells;
                let negated = self.auxiliary.get(k).copied().unwrap_or(false);
                Lit::from_index(self.count + k, lit.is_positive() != negated)
            }
        }
    }

    /// Returns whether a formula literal is true under the solver's first
    /// guesses (every solver variable false).
    fn preferred(&self, lit: Lit) -> bool {
        !self.to_solver(lit).is_positive()
    }

    /// Sets the first guess on the auxiliary variables `write` creates to
    /// the values the cell-digit variables' first guesses force on them,
    /// so that a preferred solution ([`Names::dense_towards`]) is a
    /// preferred model, auxiliary variables included. `write` must write
    /// the same formula, creating the same auxiliary variables in the
    /// same order, as the later write to the solver.
    ///
    /// varisat picks its decision variables in no useful order at first
    /// (its heap of equal activities pops the last variable seen), so an
    /// auxiliary variable left to guess false is decided early, and on
    /// the product encoding's "some input of this row is true" that
    /// guess is a conflict. Measured on a 64×64 grid with one given:
    /// 42 s with the guesses left false, under 2 s with them set here.
    pub(super) fn prefer(&mut self, write: impl FnOnce(&mut Forced<'_>)) {
        self.auxiliary.clear();
        let mut forced = Forced {
            names: self,
            values: Vec::new(),
        };
        write(&mut forced);
        let values = forced.values;
        self.auxiliary = values;
    }

    /// Returns the formula model of a solver model: a literal for every
    /// variable the solver was given (each free variable, with dense
    /// names). A solver variable missing from `model` (one no clause
    /// kept) counts as false: any value satisfies the formula.
    pub(super) fn formula_model(&self, model: &[Lit]) -> Vec<Lit> {
        if self.solver.is_empty() {
            return model.iter().map(|&l| self.to_solver(l)).collect();
        }
        let mut value = vec![false; self.count];
        for lit in model.iter().filter(|l| l.index() < self.count) {
            value[lit.index()] = lit.is_positive();
        }
        self.solver
            .iter()
            .enumerate()
            .filter(|&(_, &code)| code != u32::MAX)
            .map(|(v, &code)| {
                let named = Lit::from_code(code as usize);
                Lit::from_index(v, value[named.index()] == named.is_positive())
            })
            .collect()
    }

    /// Returns the number of variables the solver sees with dense names.
    #[cfg(test)]
    pub(super) fn count(&self) -> usize {
        self.count
    }
}

/// The sink of [`Names::prefer`]: it keeps no clause, and makes an
/// auxiliary variable true when a clause would otherwise be false under
/// the first guesses made so far (x → a with x preferred true makes a
/// true). At-most-one encodings write a variable's defining clauses
/// before those that use it, so one pass settles them.
pub(super) struct Forced<'a> {
    names: &'a Names,
    values: Vec<bool>,
}

impl Forced<'_> {
    fn value(&self, lit: Lit) -> bool {
        match lit.index().checked_sub(self.names.cells) {
            Some(k) => self.values[k] == lit.is_positive(),
            None => self.names.preferred(lit),
        }
    }
}

impl ExtendFormula for Forced<'_> {
    fn add_clause(&mut self, literals: &[Lit]) {
        if literals.iter().any(|&l| self.value(l)) {
            return;
        }
        let cells = self.names.cells;
        if let Some(lit) = literals
            .iter()
            .find(|l| l.is_positive() && l.index() >= cells)
        {
            self.values[lit.index() - cells] = true;
        }
    }

    fn new_var(&mut self) -> Var {
        self.values.push(false);
        Var::from_index(self.names.cells + self.values.len() - 1)
    }
}

/// Classes of variables linked by complementary pairs: a union-find
/// whose links carry parity (x(v) = x(parent) xor odd), each class rooted
/// at its smallest variable.
struct Classes {
    parent: Vec<u32>,
    odd: Vec<bool>,
}

impl Classes {
    fn new(vars: usize) -> Classes {
        Classes {
            parent: (0..vars as u32).collect(),
            odd: vec![false; vars],
        }
    }

    /// Returns the root of `v`'s class and whether x(v) is the root's
    /// negation, linking the path's variables straight to the root. A loop
    /// rather than recursion: a class can chain thousands of variables.
    fn root(&mut self, v: usize) -> (usize, bool) {
        let (mut root, mut odd) = (v, false);
        while self.parent[root] as usize != root {
            odd ^= self.odd[root];
            root = self.parent[root] as usize;
        }
        // Second walk: each variable on the path gets its own parity to
        // the root, which `odd` holds for the first and then loses the
        // parity of each link passed.
        let (mut at, mut at_odd) = (v, odd);
        while at != root {
            let (next, link) = (self.parent[at] as usize, self.odd[at]);
            self.parent[at] = root as u32;
            self.odd[at] = at_odd;
            at_odd ^= link;
            at = next;
        }
        (root, odd)
    }

    /// Records that literals `a` and `b` take opposite values.
    fn complementary(&mut self, a: Lit, b: Lit) {
        let (ra, oa) = self.root(a.index());
        let (rb, ob) = self.root(b.index());
        if ra == rb {
            return;
        }
        // value(a) = x(ra) ^ oa ^ neg(a), likewise b, and value(a) =
        // !value(b): x(ra) = x(rb) ^ odd.
        let odd = oa ^ a.is_negative() ^ ob ^ b.is_negative() ^ true;
        let (low, high) = (ra.min(rb), ra.max(rb));
        self.parent[high] = low as u32;
        self.odd[high] = odd;
    }
}

impl<'a, S: ExtendFormula> Placing<'a, S> {
    pub(super) fn new(solver: &'a mut S, names: &'a Names) -> Self {
        Placing {
            solver,
            names,
            clause: Vec::new(),
        }
    }
}

impl<S: ExtendFormula> ExtendFormula for Placing<'_, S> {
    fn add_clause(&mut self, literals: &[Lit]) {
        self.clause.clear();
        self.clause
            .extend(literals.iter().map(|&l| self.names.to_solver(l)));
        let clause = &self.clause;
        if (0..clause.len()).any(|i| clause[i + 1..].contains(&!clause[i])) {
            return;
        }
        self.solver.add_clause(clause);
    }

    /// Creates an auxiliary variable on the solver and returns its name in
    /// the formula, after the cell-digit block. Under dense names the
    /// solver must hold the named variables already ([`Names::reserve`]);
    /// the k-th auxiliary variable is then the solver's `count` + k, as
    /// [`Names::to_solver`] maps it back. [`Names::formula_model`] leaves
    /// auxiliary variables out.
    fn new_var(&mut self) -> Var {
        let var = self.solver.new_var();
        if self.names.solver.is_empty() {
            return var;
        }
        let names = self.names;
        debug_assert!(
            var.index() >= names.count,
            "an auxiliary variable took a named variable's index"
        );
        Var::from_index(var.index() - names.count + names.cells)
    }
}

#[cfg(test)]
mod tests;
