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
/// Every cell-digit variable is negated (an involution on their block).
/// With [`Names::dense`] the solver also sees only the variables
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
        }
    }

    /// Returns names for the free variables of `values` (all cell-digit
    /// variables, no auxiliary one): one solver variable for each class of
    /// variables that `pairs` link, numbered densely in the DIMACS order of
    /// each class's first variable. Each pair (a, b) says that a and b are
    /// complementary in every solution.
    ///
    /// Pairs that contradict each other (an odd cycle) are not merged: the
    /// clauses they come from then reach the solver as opposite unit
    /// clauses, and the solver finds the formula unsatisfiable.
    pub(super) fn dense(
        cells: usize,
        values: &[Option<bool>],
        pairs: impl IntoIterator<Item = (Lit, Lit)>,
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
                // negation of a cell-digit variable.
                solver[v] = Lit::from_index(count, v >= cells).code() as u32;
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
        }
    }

    /// Returns the solver's literal for a formula literal.
    pub(super) fn to_solver(&self, lit: Lit) -> Lit {
        match self.solver.get(lit.index()) {
            Some(&code) => {
                debug_assert_ne!(code, u32::MAX, "a fixed variable reached the solver");
                let named = Lit::from_code(code as usize);
                if lit.is_positive() { named } else { !named }
            }
            None if lit.index() < self.cells => !lit,
            None => lit,
        }
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

    fn new_var(&mut self) -> Var {
        debug_assert!(
            self.names.solver.is_empty(),
            "auxiliary variable under renumbering"
        );
        self.solver.new_var()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::optimized::Fixed;
    use crate::encode::{Encoding, encode, vars};
    use crate::generate::rng::Rng;
    use crate::grid::{Digit, Grid, Size};
    use crate::solve::reduce::Groups;
    use varisat::Solver;

    /// Every solution of `puzzle`, up to `limit`, found on `solver` and
    /// read through `read`, each blocked by `block` before the next call.
    fn enumerate(
        solver: &mut Solver,
        limit: usize,
        mut read: impl FnMut(&[Lit]) -> Grid,
        mut block: impl FnMut(&Grid) -> Vec<Lit>,
    ) -> Vec<Grid> {
        let mut found = Vec::new();
        while found.len() < limit && solver.solve().unwrap() {
            let grid = read(&solver.model().unwrap());
            solver.add_clause(&block(&grid));
            found.push(grid);
        }
        found.sort_by_key(Grid::to_string);
        found
    }

    /// The solutions of the whole formula, as `encode` writes it.
    fn by_whole_formula(puzzle: &Grid, limit: usize) -> Vec<Grid> {
        let mut solver = Solver::new();
        encode(puzzle, &Encoding::default(), &mut solver);
        let read = |model: &[Lit]| vars::grid_of_model(puzzle, model).unwrap();
        enumerate(&mut solver, limit, read, |g| {
            vars::blocking_clause(puzzle, g)
        })
    }

    /// The solutions of the reduced formula under dense names, models
    /// read back through the names; also the number of variables the
    /// solver saw and the number of free variables.
    fn by_reduced_formula(puzzle: &Grid, limit: usize) -> (Vec<Grid>, usize, usize) {
        let encoding = Encoding::default();
        let groups = Groups::new(puzzle.shape(), encoding.rules);
        let Ok(values) = groups.propagate_locked(puzzle) else {
            return (Vec::new(), 0, 0);
        };
        let fixed = Fixed::from_values(values);
        let reduced = groups.reduce(fixed.values());
        let cells = vars::cell_digit_count(puzzle.size());
        let names = Names::dense(cells, fixed.values(), reduced.complementary());
        let mut solver = Solver::new();
        reduced.write(&encoding, &mut Placing::new(&mut solver, &names));
        let read = |model: &[Lit]| {
            let model = fixed.complete(&names.formula_model(model));
            vars::grid_of_model(puzzle, &model).unwrap()
        };
        let block = |g: &Grid| {
            let clause = fixed.reduce(&vars::blocking_clause(puzzle, g)).unwrap();
            clause.into_iter().map(|l| names.to_solver(l)).collect()
        };
        let found = enumerate(&mut solver, limit, read, block);
        (found, names.count(), fixed.free())
    }

    /// A puzzle made from `solution` by keeping each given with
    /// probability `keep` in 1,000, and, when `wrong`, one more cell
    /// holding a digit its solution does not.
    fn random_puzzle(solution: &Grid, keep: usize, wrong: bool, rng: &mut Rng) -> Grid {
        let mut puzzle = solution.clone();
        let size = solution.size();
        for cell in size.all_cells() {
            if rng.below(1000) >= keep {
                puzzle.set(cell, None);
            }
        }
        if wrong {
            let cell = size.all_cells().nth(rng.below(size.cells())).unwrap();
            let right = solution.get(cell).unwrap();
            let digit =
                Digit::from_index((right.index() + 1 + rng.below(size.side() - 1)) % size.side());
            puzzle.set(cell, Some(digit));
        }
        puzzle
    }

    /// The reduced formula with complementary pairs merged has exactly
    /// the solutions of the whole formula (all of them, up to 40), on
    /// random puzzles with one, several and no solutions, and merging
    /// does shrink it.
    #[test]
    fn merged_formula_keeps_every_solution() {
        let text = include_str!("../../data/p096_sudoku.txt");
        let puzzles =
            crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
        let four = Grid::from_symbols(Size::from_side(4).unwrap(), "1234341221434321").unwrap();
        let mut solutions = vec![four];
        for p in puzzles.iter().take(10) {
            solutions.extend(by_whole_formula(p.grid(), 1));
        }
        const LIMIT: usize = 40;
        let mut rng = Rng::new(96);
        let (mut kinds, mut merged) = ([0; 3], 0);
        for solution in &solutions {
            for keep in [300, 450, 550, 650] {
                for wrong in [false, false, true] {
                    let puzzle = random_puzzle(solution, keep, wrong, &mut rng);
                    let whole = by_whole_formula(&puzzle, LIMIT);
                    let (reduced, seen, free) = by_reduced_formula(&puzzle, LIMIT);
                    if whole.len() < LIMIT {
                        assert_eq!(whole, reduced, "{puzzle}");
                    } else {
                        // Both stopped at the limit, each solution checked
                        // against the rules and the givens on decoding.
                        assert_eq!(reduced.len(), LIMIT, "{puzzle}");
                    }
                    kinds[whole.len().min(2)] += 1;
                    assert!(seen <= free);
                    merged += usize::from(seen < free);
                }
            }
        }
        assert!(kinds.iter().all(|&k| k >= 5), "{kinds:?}");
        assert!(merged >= 20, "{merged}");
    }

    /// Each complementary pair has exactly one literal true in the
    /// solution, and a grid has some: the Euler puzzles' after
    /// propagation.
    #[test]
    fn complementary_pairs_hold_in_the_solution() {
        let text = include_str!("../../data/p096_sudoku.txt");
        let puzzles =
            crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
        let encoding = Encoding::default();
        let groups = Groups::new(puzzles[0].grid().shape(), encoding.rules);
        let mut pairs = 0;
        for puzzle in &puzzles {
            let solution = &by_whole_formula(puzzle.grid(), 1)[0];
            let values = groups.propagate(puzzle.grid()).unwrap();
            let size = solution.size();
            let holds = |l: Lit| {
                let (cell, digit) = vars::cell_digit(size, l.var()).unwrap();
                solution.get(cell) == Some(digit)
            };
            for (a, b) in groups.reduce(&values).complementary() {
                assert_ne!(holds(a), holds(b), "{}", puzzle.grid());
                pairs += 1;
            }
        }
        assert!(pairs > 500, "{pairs}");
    }

    /// A contradiction between pairs (an odd cycle) is no merge: the
    /// solver finds the formula unsatisfiable from the clauses.
    #[test]
    fn contradictory_pairs_leave_the_formula_unsatisfiable() {
        let lit = |v: usize| Lit::from_index(v, true);
        // x0 = ¬x1, x1 = ¬x2, x2 = ¬x0: no assignment.
        let pairs = [(lit(0), lit(1)), (lit(1), lit(2)), (lit(2), lit(0))];
        let values = [None; 3];
        let names = Names::dense(3, &values, pairs);
        assert_eq!(names.count(), 1);
        let mut solver = Solver::new();
        let mut placing = Placing::new(&mut solver, &names);
        for (a, b) in pairs {
            placing.add_clause(&[a, b]);
            placing.add_clause(&[!a, !b]);
        }
        assert!(!solver.solve().unwrap());
        // Without the third pair: two models, x0 = x2 = ¬x1.
        let names = Names::dense(3, &values, pairs[..2].iter().copied());
        let mut models = Vec::new();
        for first in [true, false] {
            let solver_lit = names.to_solver(Lit::from_index(0, first));
            let model = names.formula_model(&[solver_lit]);
            models.push(model.iter().map(|l| l.is_positive()).collect::<Vec<_>>());
        }
        assert_eq!(models, [[true, false, true], [false, true, false]]);
    }

    /// Fixed variables get no solver name; a class is named after its
    /// first variable, cell-digit variables negated.
    #[test]
    fn names_are_dense_and_skip_fixed_variables() {
        let lit = |v: usize| Lit::from_index(v, true);
        let values = [Some(true), None, None, Some(false), None];
        // x4 = ¬x2.
        let names = Names::dense(5, &values, [(lit(4), lit(2))]);
        assert_eq!(names.count(), 2);
        assert_eq!(names.to_solver(lit(1)), Lit::from_index(0, false));
        assert_eq!(names.to_solver(lit(2)), Lit::from_index(1, false));
        assert_eq!(names.to_solver(lit(4)), Lit::from_index(1, true));
        assert_eq!(names.to_solver(!lit(4)), Lit::from_index(1, false));
        let model = names.formula_model(&[Lit::from_index(0, true), Lit::from_index(1, false)]);
        assert_eq!(model, [!lit(1), lit(2), !lit(4)]);
    }
}
