use super::*;
use crate::grid::Size;
use crate::propagate::Propagator;
use varisat::{CnfFormula, Var};

/// Propagation over the groups deduces exactly what unit propagation
/// over the encoded clauses deduces, on the cell-digit variables.
#[test]
fn groups_propagate_like_the_clauses() {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    for rules in [RuleSet::Minimal, RuleSet::Efficient, RuleSet::Extended] {
        let encoding = Encoding {
            rules,
            ..Encoding::default()
        };
        let mut cnf = CnfFormula::new();
        crate::encode::encode_rules(&Shape::square(Size::NINE), &encoding, &mut cnf);
        let propagator = Propagator::new(cnf.var_count(), cnf.iter());
        let groups = Groups::new(&Shape::square(Size::NINE), rules);
        // Each puzzle as given, and with its first blank cell filled
        // with each digit in turn, which often leads to a conflict.
        let mut conflicts = 0;
        for puzzle in puzzles.iter().take(20) {
            let blank = Size::NINE
                .all_cells()
                .find(|&c| puzzle.grid().get(c).is_none())
                .unwrap();
            let variants =
                std::iter::once(puzzle.grid().clone()).chain(Size::NINE.digits().map(|d| {
                    let mut grid = puzzle.grid().clone();
                    grid.set(blank, Some(d));
                    grid
                }));
            for grid in variants {
                let by_clauses = propagator.propagate(&vars::given_lits(&grid));
                let Ok(by_groups) = groups.propagate(&grid) else {
                    assert!(by_clauses.is_err(), "{rules:?}: {grid}");
                    conflicts += 1;
                    continue;
                };
                let by_clauses = by_clauses.unwrap();
                for (i, value) in by_groups.iter().enumerate() {
                    assert_eq!(*value, by_clauses.value(Var::from_index(i)), "{rules:?}");
                }
            }
        }
        assert!(conflicts > 20, "{rules:?}: {conflicts}");
    }
}

/// Locked candidates deduce everything the singles do and more, and
/// every value they fix agrees with the puzzle's solution (found by
/// the general solver); a full assignment is that solution.
#[test]
fn locked_candidates_are_sound_and_stronger() {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    let groups = Groups::new(&Shape::square(Size::NINE), RuleSet::Extended);
    let mut solver = crate::solve::sat::SatSolver::with_strategy(
        Encoding::default(),
        crate::solve::sat::Strategy::Fresh,
    );
    let fixed = |values: &[Option<bool>]| values.iter().filter(|v| v.is_some()).count();
    let (mut stronger, mut solved) = (0, 0);
    for puzzle in &puzzles {
        let grid = puzzle.grid();
        let crate::solve::Outcome::Unique(solution) = solver.solve(grid).unwrap() else {
            panic!("Euler puzzles have one solution");
        };
        let plain = groups.propagate(grid).unwrap();
        let locked = groups.propagate_locked(grid).unwrap();
        for (i, (&p, &l)) in plain.iter().zip(&locked).enumerate() {
            assert!(p.is_none() || p == l, "variable {i}");
            let truth = solution.cells()[i / 9].map(|d| d.index()) == Some(i % 9);
            assert!(l.is_none_or(|l| l == truth), "variable {i}");
        }
        stronger += usize::from(fixed(&locked) > fixed(&plain));
        solved += usize::from(fixed(&locked) == locked.len());
    }
    let plain_solved = puzzles
        .iter()
        .filter(|p| {
            groups
                .propagate(p.grid())
                .unwrap()
                .iter()
                .all(Option::is_some)
        })
        .count();
    assert!(stronger >= 5, "{stronger}");
    assert!(solved > plain_solved, "{solved} vs {plain_solved}");
}

/// Pointing: digit 1 of the top-left block can only sit in row 1
/// (rows 2 and 3 of the block are filled), so r1c4..r1c9 lose the 1,
/// which the singles alone do not find.
#[test]
fn pointing_removes_a_digit_from_the_line() {
    let mut rows = String::new();
    rows.push_str(".........");
    rows.push_str("234......");
    rows.push_str("567......");
    rows.push_str(&".".repeat(54));
    let grid = Grid::from_symbols(Size::NINE, &rows).unwrap();
    let groups = Groups::new(&Shape::square(Size::NINE), RuleSet::Extended);
    let one = crate::grid::Digit::new(1).unwrap();
    let x = |r, c| vars::var(Size::NINE, crate::grid::Cell::new(r, c), one).index();
    let plain = groups.propagate(&grid).unwrap();
    let locked = groups.propagate_locked(&grid).unwrap();
    for c in 3..9 {
        assert_eq!(plain[x(0, c)], None, "c{c}");
        assert_eq!(locked[x(0, c)], Some(false), "c{c}");
    }
    // The block's own row-1 cells stay open.
    assert_eq!(locked[x(0, 0)], None);
}
