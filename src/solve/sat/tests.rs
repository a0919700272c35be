use super::*;
use crate::encode::{AmoKind, RuleSet};
use crate::grid::Size;
use crate::grid::{Cell, Digit};

fn four(rows: &str) -> Grid {
    Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
}

fn every_strategy() -> impl Iterator<Item = SatSolver> {
    [Strategy::Propagate, Strategy::Reuse, Strategy::Fresh]
        .into_iter()
        .flat_map(|strategy| {
            [RuleSet::Minimal, RuleSet::Extended, RuleSet::Optimized]
                .into_iter()
                .map(move |rules| {
                    let encoding = Encoding {
                        rules,
                        amo: AmoKind::Pairwise,
                        ..Default::default()
                    };
                    SatSolver::with_strategy(encoding, strategy)
                })
        })
}

#[test]
fn tells_unique_multiple_and_unsolvable_whatever_the_strategy() {
    let unique = four(".2343.1221.3432.");
    let multiple = four("................");
    let clash = four("11..............");
    // No clash among the givens, but r1c4 has no digit left.
    let stuck = four("123............4");
    for mut solver in every_strategy() {
        let name = (solver.strategy(), solver.encoding().rules);
        for _ in 0..3 {
            match solver.solve(&unique).unwrap() {
                Outcome::Unique(g) => assert_eq!(g.check_solution(&unique), Ok(())),
                other => panic!("{name:?}: {other:?}"),
            }
            match solver.solve(&multiple).unwrap() {
                Outcome::Multiple(a, b) => {
                    assert_ne!(a, b);
                    assert_eq!(a.check_solution(&multiple), Ok(()));
                    assert_eq!(b.check_solution(&multiple), Ok(()));
                }
                other => panic!("{name:?}: {other:?}"),
            }
            assert_eq!(
                solver.solve(&clash).unwrap(),
                Outcome::Unsolvable,
                "{name:?}"
            );
            assert_eq!(
                solver.solve(&stuck).unwrap(),
                Outcome::Unsolvable,
                "{name:?}"
            );
        }
    }
}

#[test]
fn a_full_grid_is_unique_and_rebuilds_keep_answers() {
    let full = four("1234341221434321");
    let mut solver = SatSolver::with_strategy(Encoding::default(), Strategy::Reuse);
    solver.set_rebuild_every(2);
    for _ in 0..5 {
        assert_eq!(solver.solve(&full).unwrap(), Outcome::Unique(full.clone()));
    }
    // Switching sizes rebuilds the solver, whatever the strategy.
    let mut nine = Grid::empty(Size::NINE);
    nine.set(Cell::new(0, 0), Digit::new(9));
    for mut solver in every_strategy() {
        assert_eq!(solver.solve(&full).unwrap(), Outcome::Unique(full.clone()));
        assert!(matches!(
            solver.solve(&nine).unwrap(),
            Outcome::Multiple(..)
        ));
    }
}

/// Near-empty grids past 25×25 (no given, one, a few scattered ones) are
/// decided at once, each with two valid solutions: a pattern solution
/// steers the solver, and a Kempe swap gives the second.
#[test]
fn near_empty_big_grids_have_two_solutions() {
    let side = 49;
    let size = Size::from_side(side).unwrap();
    let mut one = Grid::empty(size);
    one.set(Cell::new(0, 0), Digit::new(1));
    let mut few = one.clone();
    for (r, c, d) in [(48, 48, 1), (3, 30, 17), (40, 2, 49), (20, 20, 25)] {
        few.set(Cell::new(r, c), Digit::new(d));
    }
    let mut solver = SatSolver::default();
    for puzzle in [Grid::empty(size), one, few] {
        match solver.solve(&puzzle).unwrap() {
            Outcome::Multiple(a, b) => {
                assert_ne!(a, b);
                assert_eq!(a.check_solution(&puzzle), Ok(()));
                assert_eq!(b.check_solution(&puzzle), Ok(()));
            }
            other => panic!("{other:?}"),
        }
    }
}

/// An empty 36×36 grid with disjoint groups, which the pattern solution
/// keeps, is steered to it: the first model is the pattern grid (varisat
/// left to its own guesses searched past a minute), and the second,
/// with it blocked, passes every rule too.
#[test]
fn an_empty_big_grid_steers_to_a_pattern_its_rules_keep() {
    use crate::rules::{Constraint, DisjointGroups};
    let empty = Grid::empty(Size::from_side(36).unwrap());
    let puzzle = Puzzle::new(empty.clone()).with(Constraint::DisjointGroups(DisjointGroups));
    let pattern = crate::solve::pattern::pattern_solution(&empty).unwrap();
    assert_eq!(puzzle.check(&pattern), Ok(()));
    match SatSolver::default().solve_puzzle(&puzzle).unwrap() {
        Outcome::Multiple(a, b) => {
            assert_eq!(a, pattern);
            assert_ne!(a, b);
            assert_eq!(puzzle.check(&b), Ok(()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn other_in_finds_a_solution_differing_there_or_proves_none() {
    // Every 4×4 solution with the first row 1234: the blank grid below has
    // several, and with one cell blank only the solution itself.
    let solution = four("1234341221434321");
    let mut sat = SatSolver::default();
    let blank_rows = four("1234............");
    let mut differing = 0;
    for cell in Size::from_side(4).unwrap().all_cells().skip(4) {
        if let Other::Found(other) = sat.other_in(&blank_rows, &solution, &[cell], None).unwrap() {
            assert_ne!(other.get(cell), solution.get(cell), "{cell}");
            other.check_solution(&blank_rows).unwrap();
            differing += 1;
        }
    }
    // Each cell below the first row can differ in some solution.
    assert_eq!(differing, 12);
    // The first row is given: no solution differs there.
    let row: Vec<Cell> = (0..4).map(|c| Cell::new(0, c)).collect();
    assert_eq!(
        sat.other_in(&blank_rows, &solution, &row, None).unwrap(),
        Other::Nothing
    );
    // One blank cell: the solution alone, whether propagation or the
    // solver decides it.
    let mut one_blank = solution.clone();
    one_blank.set(Cell::new(2, 1), None);
    assert_eq!(
        sat.other_in(&one_blank, &solution, &[Cell::new(2, 1)], None)
            .unwrap(),
        Other::Nothing
    );
    // A grid that does not solve the puzzle is refused.
    let wrong = four("1234341221434312");
    assert!(
        sat.other_in(&blank_rows, &wrong, &[Cell::new(3, 3)], None)
            .is_err()
    );
}

#[test]
fn other_in_gives_up_past_its_budget_and_answers_without_one() {
    // A hard 25×25 puzzle: propagation leaves varisat a search, whose
    // proof passes a budget of 0 bytes.
    let size = Size::from_side(25).unwrap();
    let puzzle = Grid::from_symbols(size, crate::backtrack::tests::HARD_25).unwrap();
    let solution = Grid::from_symbols(size, crate::backtrack::tests::HARD_SOLUTION_25).unwrap();
    let blank: Vec<Cell> = size
        .all_cells()
        .filter(|&c| puzzle.get(c).is_none())
        .collect();
    let mut sat = SatSolver::default();
    assert_eq!(
        sat.other_in(&puzzle, &solution, &blank, Some(0)).unwrap(),
        Other::GaveUp
    );
    assert_eq!(
        sat.other_in(&puzzle, &solution, &blank, None).unwrap(),
        Other::Nothing
    );
}

/// Every SAT engine this build has gives varisat's outcomes: on the
/// Euler puzzles, a 4×4 puzzle with two solutions and one with none,
/// with dense variables (pairwise) and with auxiliary ones (sequential);
/// and on variant puzzles that propagation leaves to the solver, a
/// killer with one solution and the same cages without their given.
#[test]
fn every_engine_agrees_with_varisat() {
    use crate::formats::rules_file;
    use crate::formats::text::{Format, parse_str};
    let text = include_str!("../../../data/p096_sudoku.txt");
    let mut puzzles: Vec<Puzzle> = parse_str(text, Format::Auto)
        .unwrap()
        .into_iter()
        .map(|p| Puzzle::new(p.grid().clone()))
        .collect();
    puzzles.push(Puzzle::new(four("................")));
    puzzles.push(Puzzle::new(four("123............4")));
    let killer = include_str!("../../../tests/data/killer.toml");
    puzzles.push(rules_file::read(killer).unwrap().0);
    let givenless = killer.replacen("'.1.......'", "'.........'", 1);
    puzzles.push(rules_file::read(&givenless).unwrap().0);
    for amo in [AmoKind::Pairwise, AmoKind::Sequential] {
        let encoding = Encoding {
            amo,
            ..Encoding::default()
        };
        let mut varisat = SatSolver::new(encoding);
        for engine in Engine::built_in() {
            let mut other = SatSolver::new(encoding);
            other.set_engine(engine);
            let mut kinds = [0; 3];
            for puzzle in &puzzles {
                let a = varisat.solve_puzzle(puzzle).unwrap();
                let b = other.solve_puzzle(puzzle).unwrap();
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
                    _ => panic!("{}, {amo:?}: {a:?} against {b:?}", engine.name()),
                }
            }
            assert_eq!(kinds, [51, 2, 1], "{}, {amo:?}", engine.name());
        }
    }
}
