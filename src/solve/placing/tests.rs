//! Tests of the solver's names: dense renumbering, pairs, preferred solutions.

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
    let text = include_str!("../../../data/p096_sudoku.txt");
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
    let text = include_str!("../../../data/p096_sudoku.txt");
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

/// Steered to a pattern solution of a near-empty 36×36 grid, the
/// solver's first guesses (every solver variable false) satisfy every
/// clause of the compact formula, auxiliary variables of the product
/// encoding included, so it meets no conflict; and that model is the
/// pattern solution.
#[test]
fn a_preferred_solution_satisfies_the_compact_formula() {
    let size = Size::from_side(36).unwrap();
    let mut puzzle = Grid::empty(size);
    puzzle.set(crate::grid::Cell::new(0, 0), Some(Digit::from_index(0)));
    puzzle.set(crate::grid::Cell::new(20, 9), Some(Digit::from_index(7)));
    let target = crate::solve::pattern::pattern_solution(&puzzle).unwrap();
    let encoding = Encoding::default();
    let groups = Groups::new(puzzle.shape(), encoding.rules);
    let fixed = Fixed::from_values(groups.propagate_locked(&puzzle).unwrap());
    let reduced = groups.reduce(fixed.values());
    assert!(reduced.needs_auxiliary(&encoding));
    let cells = vars::cell_digit_count(size);
    let prefer = |v: usize| target.cells()[v / 36] == Some(Digit::from_index(v % 36));
    let mut names = Names::dense_towards(cells, fixed.values(), reduced.complementary(), prefer);
    names.prefer(|forced| reduced.write_compact(&encoding, forced));
    assert!(names.auxiliary.iter().any(|&a| a));
    let mut cnf = varisat::CnfFormula::new();
    names.reserve(&mut cnf);
    reduced.write_compact(&encoding, &mut Placing::new(&mut cnf, &names));
    assert!(cnf.var_count() > names.count, "auxiliary variables follow");
    for clause in cnf.iter() {
        assert!(clause.iter().any(|l| l.is_negative()), "{clause:?}");
    }
    let mut solver = Solver::new();
    names.reserve(&mut solver);
    reduced.write_compact(&encoding, &mut Placing::new(&mut solver, &names));
    assert!(solver.solve().unwrap());
    let model = names.formula_model(&solver.model().unwrap());
    let grid = vars::grid_of_model(&puzzle, &fixed.complete(&model)).unwrap();
    assert_eq!(grid, target);
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
