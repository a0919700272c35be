//! The 9×9 bitboard backtracker against the square-block path: the same
//! verdicts after the same number of nodes, on fixtures, derived puzzles,
//! random partial grids and, when present, the public sets.

use std::collections::BTreeMap;
use std::fs;

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};

use crate::common::{EULER, EULER_1_SOLUTION, grids, shared_sets};

/// 60 unique minimal 9×9 puzzles made by `sudoku-sat generate`.
const GENERATED_9: &str = include_str!("data/generated_9x9.txt");

/// Solves `puzzle` on both paths and returns the verdict's kind, failing
/// unless they answer alike: the same verdict (the same unique solution,
/// the same two solutions, or none) after the same number of nodes. The
/// two search the same tree (the same propagation to a fixpoint, the same
/// branching rule), so any difference is a bug in one of them. Neither
/// may give up.
fn agree(puzzle: &Grid) -> &'static str {
    let backtracker = Backtracker::default();
    let fast = backtracker.solve(puzzle);
    let other = backtracker.solve_without_bitboard(puzzle);
    assert_eq!(fast.verdict, other.verdict, "{puzzle}");
    assert_eq!(fast.nodes, other.nodes, "{puzzle}");
    match &fast.verdict {
        Verdict::Unique(a) => {
            assert_eq!(a.check_solution(puzzle), Ok(()));
            "unique"
        }
        Verdict::Multiple(a, b) => {
            assert_ne!(a, b, "{puzzle}");
            assert_eq!(a.check_solution(puzzle), Ok(()));
            assert_eq!(b.check_solution(puzzle), Ok(()));
            "multiple"
        }
        Verdict::Unsolvable => "unsolvable",
        Verdict::GaveUp => panic!("{puzzle}: gave up"),
    }
}

/// Tallies the kinds of verdict over puzzles that must all agree.
fn tally<'a>(puzzles: impl IntoIterator<Item = &'a Grid>) -> BTreeMap<&'static str, usize> {
    let mut kinds = BTreeMap::new();
    for puzzle in puzzles {
        *kinds.entry(agree(puzzle)).or_insert(0) += 1;
    }
    kinds
}

#[test]
fn the_euler_file_agrees() {
    let puzzles = grids(EULER);
    assert_eq!(tally(&puzzles), BTreeMap::from([("unique", 50)]));
}

#[test]
fn generated_puzzles_and_their_neighbours_agree() {
    let puzzles = grids(GENERATED_9);
    assert_eq!(puzzles.len(), 60);
    assert_eq!(tally(&puzzles), BTreeMap::from([("unique", 60)]));
    // Each puzzle is minimal: without any one given it has several
    // solutions. With one given changed it has none, or another count.
    let mut neighbours = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let givens: Vec<(Cell, Digit)> = puzzle.givens().collect();
        let (cell, digit) = givens[i % givens.len()];
        let mut fewer = puzzle.clone();
        fewer.set(cell, None);
        assert_eq!(agree(&fewer), "multiple");
        let mut changed = puzzle.clone();
        changed.set(
            cell,
            Some(Digit::from_index((digit.index() + 1 + i % 8) % 9)),
        );
        neighbours.push(changed);
    }
    let kinds = tally(&neighbours);
    assert!(kinds.get("unsolvable") > Some(&10), "{kinds:?}");
}

#[test]
fn contradictions_agree() {
    let mut clash = Grid::from_symbols(Size::NINE, EULER_1_SOLUTION).unwrap();
    // Two 4s in row 1 (r1c2 was 8), with the rest of the grid full.
    clash.set(Cell::new(0, 1), Digit::new(4));
    assert_eq!(agree(&clash), "unsolvable");
    // r1c1 sees every digit but keeps no given in a clash.
    let mut empty_cell = Grid::empty(Size::NINE);
    for (c, d) in (1..5).zip(1..) {
        empty_cell.set(Cell::new(0, c), Digit::new(d));
    }
    for (r, d) in (3..7).zip(5..) {
        empty_cell.set(Cell::new(r, 0), Digit::new(d));
    }
    empty_cell.set(Cell::new(1, 1), Digit::new(9));
    assert_eq!(empty_cell.first_conflict(), None);
    assert_eq!(agree(&empty_cell), "unsolvable");
}

#[test]
fn the_public_sets_agree() {
    let Some(dir) = shared_sets() else {
        return;
    };
    // (file, puzzles taken, the kinds expected)
    let sets: [(&str, usize, &[&str]); 5] = [
        ("emerentius_invalid_7.txt", 7, &["unsolvable"]),
        ("tdoku_serg_benchmark.txt", 200, &["multiple"]),
        ("tdoku_17_clue_49158.txt", 500, &["unique"]),
        ("tdoku_forum_hardest_1905_11plus.txt", 100, &["unique"]),
        ("norvig_top95.txt", 95, &["unique"]),
    ];
    for (name, take, expected) in sets {
        let text = fs::read_to_string(dir.join(name)).unwrap();
        let puzzles: Vec<Grid> = text
            .lines()
            .filter(|l| l.trim().len() >= 81)
            .take(take)
            .map(|l| Grid::from_symbols(Size::NINE, &l.trim()[..81]).unwrap())
            .collect();
        assert_eq!(puzzles.len(), take, "{name}");
        let kinds = tally(&puzzles);
        assert!(
            kinds.keys().all(|k| expected.contains(k)),
            "{name}: {kinds:?}"
        );
    }
}

mod random_partial_grids {
    //! Property test: any partial grid cut from a solution, with a few
    //! cells overwritten, gets the same verdict from both paths.

    use proptest::prelude::*;

    use super::*;

    /// A solution (Euler grid 1's, digits relabelled and perhaps
    /// transposed), the cells kept, and up to three cells overwritten.
    fn partial_grid() -> impl Strategy<Value = Grid> {
        (
            Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
            any::<bool>(),
            0u8..=100,
            prop::collection::vec(0u8..100, 81),
            prop::collection::vec((0usize..81, 1u8..=9), 0..=3),
        )
            .prop_map(|(relabel, transpose, density, keep, overwrite)| {
                let solution = EULER_1_SOLUTION.as_bytes();
                let mut grid = Grid::empty(Size::NINE);
                for (i, &k) in keep.iter().enumerate() {
                    let from = if transpose { i % 9 * 9 + i / 9 } else { i };
                    if k < density {
                        let d = relabel[usize::from(solution[from] - b'1')];
                        grid.set(Cell::from_index(Size::NINE, i), Digit::new(d));
                    }
                }
                for (i, d) in overwrite {
                    grid.set(Cell::from_index(Size::NINE, i), Digit::new(d));
                }
                grid
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn both_paths_agree(grid in partial_grid()) {
            agree(&grid);
        }
    }
}
