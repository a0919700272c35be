//! Counting tests: limits, bounds, cubes and the pattern grid.

use super::*;
use crate::grid::{Cell, Size};
use crate::solve::sat::{Probing, load_probed};

fn four(rows: &str) -> Grid {
    Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
}

#[test]
fn the_pattern_solves_every_empty_grid() {
    for side in Size::MIN_SIDE..=Size::MAX_SIDE {
        let shape = Shape::square(Size::from_side(side).unwrap());
        let grid = pattern(&shape).unwrap();
        assert_eq!(grid.check_solution(&Grid::empty(shape)), Ok(()));
    }
    let six = Size::from_side(6).unwrap();
    let tall = Shape::with_blocks(six, 3, 2).unwrap();
    let grid = pattern(&tall).unwrap();
    assert_eq!(grid.check_solution(&Grid::empty(tall)), Ok(()));
}

#[test]
fn factorials_compare_without_overflow() {
    assert!(!factorial_exceeds(4, 24) && factorial_exceeds(4, 23));
    assert!(!factorial_exceeds(0, 1) && factorial_exceeds(0, 0));
    assert!(factorial_exceeds(25, u64::MAX));
}

#[test]
fn counts_puzzle_after_puzzle_and_stops_past_the_limit() {
    let mut counter = Counter::new(Encoding::default());
    let empty = Grid::empty(Size::from_side(4).unwrap());
    for _ in 0..2 {
        let tally = counter.count(&empty.clone().into(), 300).unwrap();
        assert_eq!(tally.count, Count::Exactly(288));
        assert!(tally.first.unwrap().check_solution(&empty).is_ok());
        assert_eq!(
            counter.count(&empty.clone().into(), 287).unwrap().count,
            Count::MoreThan {
                limit: 287,
                by: Bound::Enumerated
            }
        );
        assert_eq!(
            counter.count(&empty.clone().into(), 23).unwrap().count,
            Count::MoreThan {
                limit: 23,
                by: Bound::Relabelling { free_digits: 4 }
            }
        );
        assert_eq!(
            counter.count(&empty.clone().into(), 288).unwrap().count,
            Count::Exactly(288)
        );
        assert_eq!(
            counter
                .count(&four("1234341221434321").into(), 5)
                .unwrap()
                .count,
            Count::Exactly(1)
        );
        assert_eq!(
            counter
                .count(&four("11..............").into(), 5)
                .unwrap()
                .count,
            Count::Exactly(0)
        );
    }
}

#[test]
fn free_digits_bound_needs_a_solution_first() {
    // Only 1 is used: 3 free digits, 3! = 6 > 5, but only after one
    // solution is found; the clash below has none.
    let mut counter = Counter::new(Encoding::default());
    let one = four("1...............");
    let tally = counter.count(&one.clone().into(), 5).unwrap();
    assert_eq!(tally.count.to_string(), "5+");
    assert!(tally.first.unwrap().check_solution(&one).is_ok());
    assert_eq!(
        counter
            .count(&four("1.1.............").into(), 5)
            .unwrap()
            .count,
        Count::Exactly(0)
    );
}

#[test]
fn small_cubes_split_and_count_the_same() {
    // 288 solutions of the empty 4×4 grid, and a 6×6 puzzle's, with
    // cubes of a few solutions: many splits, the same counts, and past
    // a limit the same verdict.
    let empty = Grid::empty(Size::from_side(4).unwrap());
    // The 6×6 pattern grid with every other cell blank.
    let mut six = pattern(&Shape::square(Size::from_side(6).unwrap())).unwrap();
    for cell in six
        .size()
        .all_cells()
        .filter(|c| (c.row() + c.col()) % 2 == 0)
    {
        six.set(cell, None);
    }
    for puzzle in [empty, six] {
        let whole = Counter::new(Encoding::default())
            .count(&puzzle.clone().into(), 100_000)
            .unwrap();
        for cube in [1, 3, 50] {
            let mut counter = Counter::new(Encoding::default()).with_cube_solutions(cube);
            let cubed = counter.count(&puzzle.clone().into(), 100_000).unwrap();
            assert_eq!(cubed.count, whole.count, "cubes of {cube}");
            assert!(cubed.first.unwrap().check_solution(&puzzle).is_ok());
            let Count::Exactly(n) = whole.count else {
                panic!("{:?}", whole.count);
            };
            let past = counter.count(&puzzle.clone().into(), n - 1).unwrap();
            assert!(
                matches!(past.count, Count::MoreThan { .. }),
                "{:?}",
                past.count
            );
        }
    }
}

/// An empty 36×36 grid with disjoint groups, which the pattern solution
/// keeps, is counted steered to it (`Polarity`): the first solution is
/// the pattern grid, and the enumeration goes past its limit, where
/// varisat left to its own guesses searched past a minute for the first.
#[test]
fn a_big_grid_counts_steered_to_a_pattern_its_rules_keep() {
    use crate::rules::{Constraint, DisjointGroups};
    let empty = Grid::empty(Size::from_side(36).unwrap());
    let puzzle = Puzzle::new(empty.clone()).with(Constraint::DisjointGroups(DisjointGroups));
    let counted = Counter::new(Encoding::default()).count(&puzzle, 2).unwrap();
    assert_eq!(
        counted.count,
        Count::MoreThan {
            limit: 2,
            by: Bound::Enumerated
        }
    );
    let first = counted.first.unwrap();
    assert_eq!(
        Some(&first),
        crate::solve::pattern::pattern_solution(&empty).as_ref()
    );
    assert_eq!(puzzle.check(&first), Ok(()));
}

/// Value precedence keeps one solution per class of relabellings: the
/// empty 4×4 grid's 288 solutions are 12 classes of 4!, each led by a
/// first row 1 2 3 4; with givens only the free digits are relabelled.
#[test]
fn breaking_relabelling_divides_by_the_free_digits_factorial() {
    let mut broken = Counter::new(Encoding::default()).with_symmetry_breaking(true);
    let mut plain = Counter::new(Encoding::default());
    let empty = Grid::empty(Size::from_side(4).unwrap());
    let tally = broken.count(&empty.clone().into(), 1_000).unwrap();
    assert_eq!(tally.count, Count::Exactly(12));
    assert_eq!(tally.relabelling_broken, Some(4));
    assert_eq!(tally.solutions(), Count::Exactly(288));
    let first = tally.first.unwrap();
    let row: Vec<_> = (0..4)
        .map(|c| first.get(Cell::new(0, c)).unwrap().get())
        .collect();
    assert_eq!(row, [1, 2, 3, 4]);
    // Two givens of one digit leave three free digits (3! = 6 per class).
    for givens in ["1...............", "1......1........", "12..........3..."] {
        let puzzle = four(givens);
        let all = plain.count(&puzzle.clone().into(), 1_000).unwrap();
        let classes = broken.count(&puzzle.into(), 1_000).unwrap();
        assert_eq!(classes.solutions(), all.count, "{givens}");
        assert!(matches!(classes.count, Count::Exactly(n) if n > 0));
    }
    // The limit applies to the classes.
    assert_eq!(
        broken.count(&empty.into(), 11).unwrap().count,
        Count::MoreThan {
            limit: 11,
            by: Bound::Enumerated
        }
    );
}

/// The empty 6×6 grid (blocks 2×3) has 28,200,960 solutions, 39,168
/// classes of 6! relabellings; too slow to enumerate unbroken here, the
/// total is pinned from the classes. Pinning r1c1..r1c3 and r2c1 leaves
/// few enough to compare against the plain count.
#[test]
fn six_by_six_classes() {
    let six = Size::from_side(6).unwrap();
    let shape = Shape::with_blocks(six, 2, 3).unwrap();
    let mut broken = Counter::new(Encoding::default()).with_symmetry_breaking(true);
    let tally = broken
        .count(&Grid::empty(shape.clone()).into(), 100_000)
        .unwrap();
    assert_eq!(tally.count, Count::Exactly(39_168));
    assert_eq!(tally.solutions(), Count::Exactly(28_200_960));
    let mut puzzle = Grid::empty(shape);
    for (cell, digit) in [((0, 0), 1), ((0, 1), 2), ((1, 0), 4), ((2, 2), 1)] {
        puzzle.set(Cell::new(cell.0, cell.1), Digit::new(digit));
    }
    let all = Counter::new(Encoding::default())
        .count(&puzzle.clone().into(), 100_000)
        .unwrap();
    assert_eq!(
        broken.count(&puzzle.into(), 100_000).unwrap().solutions(),
        all.count
    );
}

/// The Euler puzzles, whole (probing settles most, and they are counted
/// without a solver) and with a given taken away (probing leaves cells
/// open more often), counted against the backtracker's verdict, which
/// shares no code with either way.
#[test]
fn settled_puzzles_count_as_the_backtracker_decides() {
    use crate::backtrack::{Backtracker, Verdict};
    use crate::formats::text::{Format, parse_str};
    let euler = parse_str(include_str!("../../../data/p096_sudoku.txt"), Format::Auto).unwrap();
    let mut counter = Counter::new(Encoding::default());
    let mut settled = 0;
    for puzzle in &euler {
        let givens = puzzle.grid();
        let mut loosened = givens.clone();
        let first_given = givens.size().all_cells().find(|&c| givens.get(c).is_some());
        loosened.set(first_given.unwrap(), None);
        for grid in [givens.clone(), loosened] {
            let puzzle: Puzzle = grid.clone().into();
            let probing = load_probed(&puzzle, &Encoding::default(), &mut Solver::new());
            if matches!(probing, Probing::Settled(_)) {
                settled += 1;
            }
            let counted = counter.count(&puzzle, 5).unwrap();
            assert!(counted.first.unwrap().check_solution(&grid).is_ok());
            // At a limit of 0 the one solution is past it.
            let past = counter.count(&puzzle, 0).unwrap();
            assert!(matches!(past.count, Count::MoreThan { limit: 0, .. }));
            match crate::solve::backtrack(Backtracker::new(u64::MAX), &puzzle).verdict {
                Verdict::Unique(_) => assert_eq!(counted.count, Count::Exactly(1), "{grid}"),
                Verdict::Multiple(..) => assert!(
                    !matches!(counted.count, Count::Exactly(0 | 1)),
                    "{grid}: {:?}",
                    counted.count
                ),
                other => panic!("{grid}: {other:?}"),
            }
        }
    }
    // Probing settles most of them: the test exercises the shortcut.
    assert!(settled > 50, "{settled} settled");
    // A clash propagation finds: no solution, whatever the limit.
    let mut clash = euler[0].grid().clone();
    let open = clash
        .size()
        .all_cells()
        .find(|&c| clash.get(c).is_none())
        .unwrap();
    let row_digit = clash
        .size()
        .all_cells()
        .filter(|c| c.row() == open.row())
        .find_map(|c| clash.get(c))
        .unwrap();
    clash.set(open, Some(row_digit));
    let none = counter.count(&clash.into(), 5).unwrap();
    assert_eq!(none.count, Count::Exactly(0));
    assert!(none.first.is_none());
}
