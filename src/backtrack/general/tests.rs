//! The general backtracker on shapes of every kind, its locked
//! candidates and its probed restart.

use super::super::Backtracker;
use super::*;
use crate::grid::Size;

/// A valid full grid of `shape` with rectangular blocks.
fn full(shape: &Shape) -> Grid {
    crate::solve::count::pattern(shape).expect("rectangular blocks")
}

/// Blanks every cell where `keep` says no.
fn thinned(grid: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
    let mut out = grid.clone();
    for i in 0..grid.cells().len() {
        if !keep(i) {
            out.set(Cell::from_index(grid.size(), i), None);
        }
    }
    out
}

fn check(puzzle: &Grid) -> Verdict {
    let search = Backtracker::default().solve_with(puzzle, &[]);
    for g in match &search.verdict {
        Verdict::Unique(g) => vec![g],
        Verdict::Multiple(a, b) => vec![a, b],
        _ => vec![],
    } {
        assert_eq!(g.check_solution(puzzle), Ok(()));
    }
    search.verdict
}

#[test]
fn rectangular_blocks_of_many_sides() {
    for (side, rows, cols) in [
        (6, 2, 3),
        (6, 3, 2),
        (8, 2, 4),
        (10, 2, 5),
        (12, 3, 4),
        (12, 4, 3),
    ] {
        let shape = Shape::with_blocks(Size::from_side(side).unwrap(), rows, cols).unwrap();
        let grid = full(&shape);
        // One blank: unique.
        let one = thinned(&grid, |i| i != 7);
        assert_eq!(check(&one), Verdict::Unique(grid.clone()), "{shape}");
        // Empty: several.
        assert!(matches!(
            check(&Grid::empty(shape.clone())),
            Verdict::Multiple(..)
        ));
        // Clashing givens: none.
        let mut clash = Grid::empty(shape.clone());
        clash.set(Cell::new(0, 0), Digit::new(1));
        clash.set(Cell::new(0, 1), Digit::new(1));
        assert_eq!(check(&clash), Verdict::Unsolvable);
    }
}

#[test]
fn large_grids_with_half_their_cells() {
    for side in [36, 49, 64] {
        let shape = Shape::square(Size::from_side(side).unwrap());
        let grid = full(&shape);
        let half = thinned(&grid, |i| (i * 7919) % 100 < 75);
        let verdict = check(&half);
        assert!(
            matches!(verdict, Verdict::Unique(_) | Verdict::Multiple(..)),
            "{side}: {verdict:?}"
        );
    }
}

#[test]
fn locked_candidates_point_and_claim() {
    let nine = Size::from_side(9).unwrap();
    let shape = Shape::square(nine);
    let rules: [&dyn Prune; 0] = [];
    let general = General::new(&shape, &rules, 0);
    let full = (1u64 << 9) - 1;
    // Pointing: in block 0, digit 1 is left only in row 0, so it
    // leaves the rest of row 0 and nothing else.
    let mut candidates = vec![full; 81];
    for cell in [9, 10, 11, 18, 19, 20] {
        candidates[cell] &= !1;
    }
    let mut expected = candidates.clone();
    for mask in &mut expected[3..9] {
        *mask &= !1;
    }
    let mut masks = vec![0; general.layout.segments.len()];
    assert!(matches!(
        general.locked_candidates(&mut candidates, &mut masks),
        Ok(true)
    ));
    assert_eq!(candidates, expected);
    // Claiming: in column 4, digit 2 is left only in block 4 (rows
    // 3 to 5), so it leaves the rest of block 4.
    let mut candidates = vec![full; 81];
    for row in [0, 1, 2, 6, 7, 8] {
        candidates[row * 9 + 4] &= !2;
    }
    let mut expected = candidates.clone();
    for row in 3..6 {
        for col in [3, 5] {
            expected[row * 9 + col] &= !2;
        }
    }
    assert!(matches!(
        general.locked_candidates(&mut candidates, &mut masks),
        Ok(true)
    ));
    assert_eq!(candidates, expected);
    // Nothing to do: no change.
    assert!(matches!(
        general.locked_candidates(&mut candidates, &mut masks),
        Ok(false)
    ));
}

#[test]
fn a_search_started_again_from_a_probed_root_answers_the_same() {
    // With the restart after 0 to 20 nodes, every puzzle takes the
    // probed path; the verdicts must be those of the plain search.
    let nine = Shape::square(Size::NINE);
    let grid = full(&nine);
    let mut puzzles = vec![
        thinned(&grid, |i| (i * 7919) % 100 < 30),
        thinned(&grid, |i| (i * 7919) % 100 < 45),
        Grid::empty(nine.clone()),
    ];
    // A given moved to a cell where it may have no solution left.
    let mut moved = thinned(&grid, |i| (i * 7919) % 100 < 40);
    moved.set(Cell::new(0, 0), grid.get(Cell::new(0, 1)));
    moved.set(Cell::new(0, 1), None);
    puzzles.push(moved);
    let rules: [&dyn Prune; 0] = [];
    let mut restarts = 0;
    for puzzle in &puzzles {
        let plain = {
            let mut g = General::new(&nine, &rules, 1_000_000);
            g.probe_after = u64::MAX;
            g.solve(puzzle)
        };
        for after in [0, 1, 5, 20] {
            let mut g = General::new(&nine, &rules, 1_000_000);
            g.probe_after = after;
            let probed = g.solve(puzzle);
            if probed.nodes != plain.nodes {
                restarts += 1;
            }
            match (&plain.verdict, &probed.verdict) {
                (Verdict::Multiple(..), Verdict::Multiple(a, b)) => {
                    assert_ne!(a, b);
                    assert_eq!(a.check_solution(puzzle), Ok(()));
                    assert_eq!(b.check_solution(puzzle), Ok(()));
                }
                (p, q) => assert_eq!(p, q, "{puzzle} after {after}"),
            }
        }
    }
    assert!(restarts > 0, "no search passed its restart");
}

#[test]
fn a_search_hands_off_once_past_its_nodes_and_answers_the_same() {
    let nine = Shape::square(Size::NINE);
    let grid = full(&nine);
    let rules: [&dyn Prune; 0] = [];
    for puzzle in [
        thinned(&grid, |i| (i * 7919) % 100 < 30),
        Grid::empty(nine.clone()),
    ] {
        let plain = General::new(&nine, &rules, 30_000).solve(&puzzle);
        assert!(plain.nodes > 3, "{puzzle}: {} nodes", plain.nodes);
        for after in [0, 1, plain.nodes - 1, plain.nodes, plain.nodes + 5] {
            let mut calls = Vec::new();
            let mut hand_off = || calls.push(());
            let handed = General::new(&nine, &rules, 30_000)
                .hand_off_after(after, &mut hand_off)
                .solve(&puzzle);
            assert_eq!(handed.verdict, plain.verdict, "{puzzle} after {after}");
            assert_eq!(handed.nodes, plain.nodes);
            let expected = usize::from(plain.nodes > after);
            assert_eq!(calls.len(), expected, "{puzzle}: hand-offs after {after}");
        }
    }
}

#[test]
fn jigsaw_blocks() {
    // A 6×6 jigsaw from a known solution: 2×3 blocks, with r1c3 and
    // r2c1... traded so that the layout stays valid: swap the blocks
    // of two cells holding the same digit in blocks 0 and 1 along the
    // border keeps each block a permutation.
    let six = Size::from_side(6).unwrap();
    let rect = Shape::square(six);
    let grid = full(&rect);
    let mut layout: Vec<u8> = six.all_cells().map(|c| rect.block_of(c) as u8).collect();
    // Cells r1c3 (block 0) and r1c4 (block 1) trade blocks, and so do
    // r2c4 (block 1) and r2c3 (block 0): each block keeps 6 cells.
    layout.swap(2, 3);
    layout.swap(9, 8);
    let jigsaw = Shape::irregular(six, layout).unwrap();
    assert_eq!(jigsaw.block_dims(), None);
    let empty = Grid::empty(jigsaw.clone());
    let Verdict::Multiple(a, _) = check(&empty) else {
        panic!("an empty jigsaw has many solutions");
    };
    let one = thinned(&a, |i| i != 11);
    assert_eq!(check(&one), Verdict::Unique(a.clone()));
    // The rectangular solution breaks the jigsaw, or solves it.
    let as_jigsaw = grid.clone().with_shape(jigsaw);
    let verdict = check(&as_jigsaw);
    assert!(matches!(verdict, Verdict::Unique(_) | Verdict::Unsolvable));
}

/// A rule as the search saw it before pairs became peers: its pruning
/// only.
struct PrunedOnly<'a>(&'a dyn Prune);

impl Prune for PrunedOnly<'_> {
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Option<bool> {
        self.0.prune(shape, candidates)
    }

    fn scope(&self, shape: &Shape) -> Option<Vec<usize>> {
        self.0.scope(shape)
    }
}

#[test]
fn pairs_taken_as_peers_answer_as_the_rules_pruning_does() {
    use crate::rules::{AntiKing, AntiKnight, Constraint, Rule};
    let nine = Shape::square(Size::NINE);
    let knight = Constraint::AntiKnight(AntiKnight);
    let king = Constraint::AntiKing(AntiKing);
    assert!(Prune::differing_pairs(&knight, &nine).is_some_and(|p| p.len() == 2 * 8 * 7 * 2));
    let rules: [&dyn Prune; 2] = [&knight, &king];
    let pruned: [&dyn Prune; 2] = [&PrunedOnly(&knight), &PrunedOnly(&king)];
    // A full grid that keeps both rules, found by the search itself,
    // then thinned: unique, several and clashing puzzles.
    let empty = Grid::empty(nine.clone());
    let Verdict::Multiple(solution, _) =
        General::new(&nine, &rules, 1_000_000).solve(&empty).verdict
    else {
        panic!("the empty anti-knight anti-king grid has many solutions");
    };
    let mut clash = Grid::empty(nine.clone());
    clash.set(Cell::new(0, 0), Digit::new(4));
    clash.set(Cell::new(2, 1), Digit::new(4));
    let puzzles = [
        thinned(&solution, |i| i % 3 != 0),
        thinned(&solution, |i| i % 5 == 0),
        thinned(&solution, |i| i % 11 == 0),
        clash,
        empty,
    ];
    for puzzle in &puzzles {
        let peers = General::new(&nine, &rules, 1_000_000).solve(puzzle).verdict;
        let pruning = General::new(&nine, &pruned, 1_000_000)
            .solve(puzzle)
            .verdict;
        match (&peers, &pruning) {
            (Verdict::Multiple(a, b), Verdict::Multiple(..)) => {
                assert_ne!(a, b);
                for g in [a, b] {
                    assert_eq!(knight.check(g).and(king.check(g)), Ok(()), "{g}");
                }
            }
            (p, q) => assert_eq!(p, q, "{puzzle}"),
        }
    }
}
