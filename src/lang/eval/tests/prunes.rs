//! The pruner on rules built by hand: forward checking, enumeration,
//! trials, contradictions, and a rule of thousands of conjuncts.

use super::*;

/// Prunes `rule` on `shape` from `start`, returning the outcome and the
/// masks after.
fn run(rule: &Bool, shape: &Shape, start: Vec<u64>) -> (Option<bool>, Vec<u64>) {
    let g = ground(rule.clone());
    let pruner = Pruner::new(&g, shape);
    let mut candidates = start;
    let outcome = pruner.prune(&g, shape, &mut candidates);
    (outcome, candidates)
}

#[test]
fn one_open_cell_keeps_the_digits_that_keep_the_rule() {
    let shape = nine();
    let (outcome, after) = run(&lt(rc(1, 1), rc(1, 2)), &shape, masks(&shape, &[(1, 1, 6)]));
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 1, 2), bit(7) | bit(8) | bit(9));
    // The same again removes nothing.
    let (outcome, again) = run(&lt(rc(1, 1), rc(1, 2)), &shape, after.clone());
    assert_eq!((outcome, again), (Some(false), after));
}

#[test]
fn a_placed_broken_rule_is_a_contradiction() {
    let shape = nine();
    let rule = and(vec![lt(rc(1, 1), rc(1, 2)), ne(rc(5, 5), num(3))]);
    let placed = masks(&shape, &[(1, 1, 6), (1, 2, 7), (5, 5, 3)]);
    assert_eq!(run(&rule, &shape, placed).0, None);
    // So is a cell without candidates, or losing its last one.
    let mut empty = masks(&shape, &[]);
    empty[0] = 0;
    assert_eq!(run(&rule, &shape, empty).0, None);
    let (outcome, _) = run(&lt(rc(1, 1), rc(1, 2)), &shape, masks(&shape, &[(1, 1, 9)]));
    assert_eq!(outcome, None);
    assert_eq!(run(&or(vec![]), &shape, masks(&shape, &[])).0, None);
    assert_eq!(run(&and(vec![]), &shape, masks(&shape, &[])).0, Some(false));
}

#[test]
fn small_conjuncts_are_enumerated_and_cells_that_see_each_other_differ() {
    let shape = four();
    // a + b = 4 over 1..4: (1, 3), (3, 1), and (2, 2) only where the
    // cells do not see each other.
    let (outcome, after) = run(
        &eq(sum(vec![rc(1, 1), rc(1, 2)]), num(4)),
        &shape,
        masks(&shape, &[]),
    );
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 1, 1), bit(1) | bit(3));
    assert_eq!(mask_at(&shape, &after, 1, 2), bit(1) | bit(3));
    let (_, after) = run(
        &eq(sum(vec![rc(1, 1), rc(2, 3)]), num(4)),
        &shape,
        masks(&shape, &[]),
    );
    assert_eq!(mask_at(&shape, &after, 1, 1), bit(1) | bit(2) | bit(3));
    // Three cells of a row whose residues mod 3 differ: with digits 1..4
    // (residues 1, 2, 0, 1) every digit takes part in some placement.
    let window = distinct(vec![
        modulo(rc(1, 1), 3),
        modulo(rc(1, 2), 3),
        modulo(rc(1, 3), 3),
    ]);
    let start = masks(&shape, &[]);
    let (outcome, after) = run(&window, &shape, start.clone());
    assert_eq!((outcome, after.clone()), (Some(false), start));
    // With r1c1 kept to {1, 4} (residue 1), the others lose 1 and 4.
    let mut start = masks(&shape, &[]);
    start[0] = bit(1) | bit(4);
    let (outcome, after) = run(&window, &shape, start);
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 1, 2), bit(2) | bit(3));
    assert_eq!(mask_at(&shape, &after, 1, 3), bit(2) | bit(3));
}

#[test]
fn large_conjuncts_are_tried_a_candidate_at_a_time() {
    let shape = nine();
    // Four cells summing to 30 (9^4 placements, too many to enumerate):
    // no cell can be 1 or 2, as the other three make at most 27.
    let four_cells = vec![rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)];
    let (outcome, after) = run(
        &eq(sum(four_cells.clone()), num(30)),
        &shape,
        masks(&shape, &[]),
    );
    assert_eq!(outcome, Some(true));
    for c in 1..=4 {
        assert_eq!(mask_at(&shape, &after, 1, c), 0b1_1111_1100, "r1c{c}");
    }
    // Distinct among open cells: a placed digit leaves the others.
    let row: Vec<Int> = (1..=9).map(|c| rc(2, c)).collect();
    let (outcome, after) = run(&distinct(row), &shape, masks(&shape, &[(2, 5, 4)]));
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 2, 1), 0b1_1111_0111);
    // Ten cells cannot hold distinct digits 1..9.
    let ten: Vec<Int> = (1..=9).map(|c| rc(3, c)).chain([rc(4, 1)]).collect();
    assert_eq!(run(&distinct(ten), &shape, masks(&shape, &[])).0, None);
}

#[test]
fn an_index_out_of_range_is_pruned() {
    let shape = four();
    // [r1c1, r1c2][r2c1] = 1: r2c1 is 1 or 2.
    let rule = eq(element(vec![rc(1, 1), rc(1, 2)], rc(2, 1)), num(1));
    let (outcome, after) = run(&rule, &shape, masks(&shape, &[(1, 1, 1), (1, 2, 2)]));
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 2, 1), bit(1));
    // Even where the element's value does not matter.
    let rule = or(vec![
        truth(true),
        eq(element(vec![rc(1, 1)], rc(2, 1)), num(5)),
    ]);
    let (_, after) = run(&rule, &shape, masks(&shape, &[(1, 1, 3)]));
    assert_eq!(mask_at(&shape, &after, 2, 1), bit(1));
}

#[test]
fn an_indexer_keeps_the_places_whose_item_can_hold_the_value() {
    let shape = four();
    // [r1c2, r1c3, r1c4, 3][r1c1] = 2, as a row indexer's conjunct reads.
    let list = vec![rc(1, 2), rc(1, 3), rc(1, 4), num(3)];
    let rule = eq(element(list, rc(1, 1)), num(2));
    let mut start = masks(&shape, &[(1, 4, 4)]);
    start[1] = bit(1) | bit(3);
    start[2] = bit(2) | bit(4);
    // r1c2 cannot be 2, r1c4 is 4 and the fourth item is 3: only the
    // second place is left, and r1c3 becomes the 2.
    let (outcome, after) = run(&rule, &shape, start);
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 1, 1), bit(2));
    assert_eq!(mask_at(&shape, &after, 1, 3), bit(2));
    // With two places left, the items keep their candidates.
    let mut open = masks(&shape, &[]);
    open[3] = bit(2) | bit(3);
    let (outcome, after) = run(&rule, &shape, open.clone());
    assert_eq!(outcome, Some(true));
    assert_eq!(mask_at(&shape, &after, 1, 1), bit(1) | bit(2) | bit(3));
    assert_eq!(after[1..4], open[1..4]);
}

#[test]
fn an_indexer_pruner_handed_another_rule_prunes_for_that_rule() {
    let shape = four();
    let rule = |value| eq(element(vec![rc(1, 2), rc(1, 3)], rc(1, 1)), num(value));
    let (built, handed) = (ground(rule(2)), ground(rule(3)));
    let pruner = Pruner::new(&built, &shape);
    let mut candidates = masks(&shape, &[(1, 2, 3), (1, 3, 2)]);
    // By its own rule the index would be 2; by the rule handed, 1.
    assert_eq!(pruner.prune(&handed, &shape, &mut candidates), Some(true));
    assert_eq!(mask_at(&shape, &candidates, 1, 1), bit(1));
}

#[test]
fn automata_prune_along_a_line() {
    let shape = four();
    let row = vec![rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)];
    // r1c1 = 2 and the line must hold a 1 followed by a 4.
    let (outcome, after) = run(
        &regular(row, one_then_four_nfa()),
        &shape,
        masks(&shape, &[(1, 1, 2)]),
    );
    assert_eq!(outcome, Some(true));
    // The 4 comes after a 1 among r1c2..r1c4, so r1c2 cannot be 4 and
    // r1c4 cannot be 1.
    assert_eq!(mask_at(&shape, &after, 1, 2) & bit(4), 0);
    assert_eq!(mask_at(&shape, &after, 1, 4) & bit(1), 0);
}

fn one_then_four_nfa() -> Automaton {
    let any: &[i64] = &[1, 2, 3, 4];
    automaton(
        3,
        0,
        &[2],
        &[
            (0, any, 0),
            (0, &[1], 1),
            (1, any, 1),
            (1, &[4], 2),
            (2, any, 2),
        ],
    )
}

#[test]
fn wrong_inputs_never_panic() {
    let shape = four();
    let rule = lt(rc(1, 1), rc(4, 4));
    let g = ground(rule.clone());
    let pruner = Pruner::new(&g, &shape);
    assert_eq!(pruner.scope(), [0, 15]);
    // Masks for a smaller grid: the rule is not judged.
    assert_eq!(pruner.prune(&g, &shape, &mut [0b1111; 4]), Some(false));
    // Another rule than the one prepared: still sound, never a panic.
    let other = ground(eq(sum(vec![rc(1, 1), rc(1, 2)]), num(3)));
    let mut candidates = masks(&shape, &[]);
    assert_eq!(pruner.prune(&other, &shape, &mut candidates), Some(true));
    assert_eq!(candidates[0], bit(1) | bit(2));
    // A shape of another size: nothing is judged.
    let mut candidates = masks(&nine(), &[]);
    assert_eq!(pruner.prune(&g, &nine(), &mut candidates), Some(false));
    // A cell outside the grid: its conjunct is left out, as the check
    // leaves it unjudged.
    let outside = ground(lt(int(IntKind::Cell(Cell::new(7, 0))), num(0)));
    let pruner = Pruner::new(&outside, &shape);
    assert!(pruner.scope().is_empty());
    assert_eq!(
        pruner.prune(&outside, &shape, &mut masks(&shape, &[])),
        Some(false)
    );
    // Masks with bits past the grid's digits are read as digits: 64 is
    // below no digit of r4c4.
    let mut high = masks(&shape, &[]);
    high[0] = 1 << 63;
    assert_eq!(Pruner::new(&g, &shape).prune(&g, &shape, &mut high), None);
}

/// Every pair of cells of a 9×9 grid (3,240 conjuncts that always hold)
/// and every orthogonal pair never consecutive (144): placing a 5 takes
/// 4 and 6 from its four neighbours and nothing else.
#[test]
fn a_rule_of_thousands_of_conjuncts_prunes_its_neighbours() {
    let shape = nine();
    let cells: Vec<Cell> = shape.all_cells().collect();
    let term = |c: Cell| int(IntKind::Cell(c));
    let mut parts = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            parts.push(ne(abs(sub(term(a), term(b))), num(9)));
            let orthogonal = a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1;
            if orthogonal {
                parts.push(ne(abs(sub(term(a), term(b))), num(1)));
            }
        }
    }
    assert_eq!(parts.len(), 3240 + 144);
    let rule = and(parts);
    let g = ground(rule);
    let pruner = Pruner::new(&g, &shape);
    assert_eq!(pruner.scope().len(), 81);
    let mut candidates = masks(&shape, &[]);
    assert_eq!(pruner.prune(&g, &shape, &mut candidates), Some(false));
    let mut candidates = masks(&shape, &[(5, 5, 5)]);
    let before = candidates.clone();
    assert_eq!(pruner.prune(&g, &shape, &mut candidates), Some(true));
    let neighbours = [(4, 5), (6, 5), (5, 4), (5, 6)];
    for c in shape.all_cells() {
        let i = c.index(shape.size());
        let (r, col) = (c.row() as u8 + 1, c.col() as u8 + 1);
        let expected = if neighbours.contains(&(r, col)) {
            before[i] & !(bit(4) | bit(6))
        } else {
            before[i]
        };
        assert_eq!(candidates[i], expected, "r{r}c{col}");
    }
    assert_eq!(pruner.prune(&g, &shape, &mut candidates), Some(false));
}

/// The rule as the backtracker takes it.
struct Lang {
    ground: Ground,
    pruner: Pruner,
}

impl crate::backtrack::Prune for Lang {
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Option<bool> {
        self.pruner.prune(&self.ground, shape, candidates)
    }

    fn scope(&self, _: &Shape) -> Option<Vec<usize>> {
        Some(self.pruner.scope().to_vec())
    }
}

/// A greater-than Sudoku without givens: every orthogonal pair of a
/// solution ordered as in it. The backtracker finds that solution alone.
#[test]
fn the_backtracker_solves_with_the_pruner() {
    use crate::backtrack::{Backtracker, Verdict};
    let shape = nine();
    let solution = grid(
        &shape,
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    );
    let term = |c: Cell| int(IntKind::Cell(c));
    let digit = |c: Cell| solution.get(c).unwrap().get();
    let mut parts = Vec::new();
    for a in shape.all_cells() {
        for b in [
            Cell::new(a.row() as u8, a.col() as u8 + 1),
            Cell::new(a.row() as u8 + 1, a.col() as u8),
        ] {
            if b.row() < 9 && b.col() < 9 {
                let (x, y) = if digit(a) < digit(b) { (a, b) } else { (b, a) };
                parts.push(lt(term(x), term(y)));
            }
        }
    }
    assert_eq!(parts.len(), 144);
    let g = ground(and(parts));
    let rule = Lang {
        pruner: Pruner::new(&g, &shape),
        ground: g,
    };
    let search = Backtracker::default().solve_with(&Grid::empty(shape), &[&rule]);
    assert_eq!(search.verdict, Verdict::Unique(solution));
}

/// A pruner called again and again, on states that recur as a search
/// revisits them, narrows exactly as a fresh one does each time: its
/// memory of earlier revisions changes what a call costs, never what it
/// finds.
#[test]
fn remembered_revisions_change_no_result() {
    let shape = nine();
    // Conjuncts of every pass: sums enumerated, a long sum tried, a
    // distinct line and an ordering with one open cell.
    let row: Vec<Int> = (1..=4).map(|c| rc(1, c)).collect();
    let rule = and(vec![
        eq(sum(vec![rc(1, 1), rc(2, 1)]), num(9)),
        eq(sum(vec![rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3)]), num(14)),
        distinct(row.clone()),
        eq(sum(row), num(20)),
        lt(rc(1, 1), rc(3, 3)),
        lt(rc(2, 1), rc(1, 4)),
    ]);
    let g = ground(rule);
    let reused = Pruner::new(&g, &shape);
    // A small generator, so that the states are the same on every run.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let states: Vec<Vec<u64>> = (0..12)
        .map(|_| {
            let mut m = masks(&shape, &[]);
            for i in [0, 1, 2, 3, 9, 10, 11, 18, 19, 20] {
                let keep = next() & 0x1ff;
                m[i] = if keep == 0 { 0x1ff } else { keep };
            }
            m
        })
        .collect();
    let (mut calls, mut changed) = (0, 0);
    for _ in 0..200 {
        let start = &states[(next() % states.len() as u64) as usize];
        let mut fresh = start.clone();
        let expected = Pruner::new(&g, &shape).prune(&g, &shape, &mut fresh);
        let mut again = start.clone();
        let outcome = reused.prune(&g, &shape, &mut again);
        assert_eq!((outcome, &again), (expected, &fresh), "from {start:?}");
        calls += 1;
        changed += usize::from(expected == Some(true));
    }
    // The states exercised both narrowing and contradictions or no change.
    assert!(
        changed > 0 && changed < calls,
        "{changed} of {calls} narrowed"
    );
}
