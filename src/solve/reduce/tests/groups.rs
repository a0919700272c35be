//! Propagation over the constraint groups: against unit propagation on
//! the clauses, locked candidates, and a plain reference on several
//! shapes and every rule set.

use super::*;
use crate::propagate::Propagator;
use varisat::{CnfFormula, Var};

/// Propagation over the groups deduces exactly what unit propagation
/// over the encoded clauses deduces, on the cell-digit variables.
#[test]
fn groups_propagate_like_the_clauses() {
    let text = include_str!("../../../../data/p096_sudoku.txt");
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
    let text = include_str!("../../../../data/p096_sudoku.txt");
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

/// Propagation over the groups fixes exactly the values a plain
/// propagation from the rules fixes, and finds the same contradictions,
/// under every rule set, with and without locked candidates, on
/// rectangular blocks of several sizes and on a jigsaw.
#[test]
fn propagation_matches_a_plain_reference() {
    let six = Size::from_side(6).unwrap();
    // Blocks of six cells in reading order, shifted by three: each block
    // takes the end of one row and the start of the next.
    let jigsaw = Shape::irregular(six, (0..36).map(|i| ((i + 3) / 6 % 6) as u8).collect())
        .expect("six blocks of six cells");
    assert!(jigsaw.block_dims().is_none());
    let shapes = [
        Shape::square(Size::from_side(4).unwrap()),
        Shape::square(six),
        jigsaw,
        Shape::square(Size::NINE),
        Shape::square(Size::from_side(16).unwrap()),
    ];
    let rule_sets = [
        RuleSet::Minimal,
        RuleSet::Efficient,
        RuleSet::Extended,
        RuleSet::Optimized,
    ];
    for (s, shape) in shapes.iter().enumerate() {
        let count = if shape.side() > 9 { 6 } else { 40 };
        let puzzles = random_puzzles(shape, count, s as u64);
        for rules in rule_sets {
            let groups = Groups::new(shape, rules);
            let (mut open, mut refuted, mut stronger) = (0, 0, 0);
            for puzzle in &puzzles {
                for locked in [false, true] {
                    let ours = if locked {
                        groups.propagate_locked(puzzle)
                    } else {
                        groups.propagate(puzzle)
                    };
                    let theirs = reference::propagate(shape, rules, puzzle, locked);
                    assert_eq!(ours.ok(), theirs, "{rules:?} locked {locked}: {puzzle}");
                    match &theirs {
                        None => refuted += 1,
                        Some(v) if v.contains(&None) => open += 1,
                        Some(_) => {}
                    }
                }
                let plain = reference::propagate(shape, rules, puzzle, false);
                let with_locks = reference::propagate(shape, rules, puzzle, true);
                stronger += usize::from(plain != with_locks);
            }
            // The puzzles exercise both outcomes, and locked candidates
            // change something where the rules allow them.
            assert!(
                open > 0 && refuted > 0,
                "{rules:?} {shape:?}: {open} {refuted}"
            );
            if rules.has_house_defined() && shape.side() >= 6 {
                assert!(stronger > 0, "{rules:?} {shape:?}");
            }
        }
    }
}
