//! The sums' supports against brute force on small random instances.

use proptest::prelude::*;

use super::*;
use crate::grid::Size;
use crate::rules::tests::prunes_alike;

/// Every assignment of one candidate per cell, by brute force: the digits
/// of each cell used by an assignment whose weighted total `allowed`
/// accepts (and, with `distinct`, whose digits differ), and the totals.
fn brute(
    masks: &[u64],
    weights: &[i64],
    distinct: bool,
    allowed: &dyn Fn(i64) -> bool,
) -> Supports {
    let mut walk = Brute {
        masks,
        weights,
        distinct,
        allowed,
        digits: vec![0; masks.len()],
        found: Supports {
            cells: vec![0; masks.len()],
            totals: Vec::new(),
        },
    };
    walk.walk(0);
    let mut found = walk.found;
    found.totals.sort_unstable();
    found.totals.dedup();
    found
}

struct Brute<'a> {
    masks: &'a [u64],
    weights: &'a [i64],
    distinct: bool,
    allowed: &'a dyn Fn(i64) -> bool,
    digits: Vec<u64>,
    found: Supports,
}

impl Brute<'_> {
    fn walk(&mut self, i: usize) {
        if i == self.masks.len() {
            let total: i64 = self
                .digits
                .iter()
                .zip(self.weights)
                .map(|(&d, &w)| w * d as i64)
                .sum();
            if (self.allowed)(total) {
                self.found.totals.push(total);
                for (k, &d) in self.digits.iter().enumerate() {
                    self.found.cells[k] |= 1 << (d - 1);
                }
            }
            return;
        }
        for d in 1..=64u64 {
            if self.masks[i] >> (d - 1) & 1 == 0 || self.distinct && self.digits[..i].contains(&d) {
                continue;
            }
            self.digits[i] = d;
            self.walk(i + 1);
        }
    }
}

/// Masks of `side` digits, one per cell, some of them empty.
fn masks(side: u32) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..(1 << side), 0..=5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn distinct_supports_are_exactly_those_of_brute_force(
        side in 4u32..=9,
        masks in masks(9),
        total in 0i64..=40,
    ) {
        let masks: Vec<u64> = masks.iter().map(|m| m & ((1 << side) - 1)).collect();
        let ones = vec![1; masks.len()];
        let want = brute(&masks, &ones, true, &|t| t == total);
        let got = distinct_supports(&masks, (total, total), &|t| t == total).unwrap();
        prop_assert_eq!(got.cells, want.cells);
        prop_assert_eq!(got.totals, want.totals);
    }

    #[test]
    fn distinct_supports_take_a_set_of_totals(
        masks in masks(9),
        allowed in prop::collection::btree_set(0i64..=35, 0..6),
    ) {
        let ones = vec![1; masks.len()];
        let ok = |t: i64| allowed.contains(&t);
        let want = brute(&masks, &ones, true, &ok);
        let range = (
            allowed.first().copied().unwrap_or(1),
            allowed.last().copied().unwrap_or(0),
        );
        let got = distinct_supports(&masks, range, &ok).unwrap();
        prop_assert_eq!(got.cells, want.cells);
        prop_assert_eq!(got.totals, want.totals);
    }

    #[test]
    fn the_states_bound_is_never_below_the_states_reached(
        masks in prop::collection::vec(0u64..(1 << 9), 0..=9),
    ) {
        // The used sets reachable after the first j cells, fewest
        // candidates first, as the search takes them.
        let mut sorted = masks.clone();
        sorted.sort_by_key(|m| m.count_ones());
        let mut level = std::collections::BTreeSet::from([0u64]);
        let mut reached = 1u64;
        for m in &sorted {
            level = level
                .iter()
                .flat_map(|&used| (0..9).map(move |d| (used, 1u64 << d)))
                .filter(|&(used, bit)| m & bit != 0 && used & bit == 0)
                .map(|(used, bit)| used | bit)
                .collect();
            reached += level.len() as u64;
        }
        prop_assert!(distinct_states_bound(&masks) >= reached);
    }

    #[test]
    fn weighted_supports_are_exactly_those_of_brute_force(
        masks in masks(9),
        weights in prop::collection::vec(-12i64..=12, 5),
        target in -60i64..=60,
    ) {
        let weights = &weights[..masks.len()];
        let want = brute(&masks, weights, false, &|t| t == target);
        let terms: Vec<(u64, i64)> = masks.iter().copied().zip(weights.iter().copied()).collect();
        let mut cells = vec![0; terms.len()];
        let reached = weighted_supports(&terms, target, &mut cells).unwrap();
        let totals = if reached { vec![target] } else { Vec::new() };
        prop_assert_eq!(cells, want.cells);
        prop_assert_eq!(totals, want.totals);
    }
}

#[test]
fn the_states_bound_is_tight_on_open_cells() {
    // Nine open cells of a 9×9 grid reach every subset of the digits.
    assert_eq!(distinct_states_bound(&[0x1ff; 9]), 512);
    // Settled cells reach one set at each depth.
    assert_eq!(distinct_states_bound(&[1, 2, 4, 8]), 5);
    // Twelve open cells of a 36×36 grid: far past the budget.
    let open = (1u64 << 36) - 1;
    assert!(distinct_states_bound(&[open; 12]) > 1 << 30);
    // All 2^64 subsets of a 64×64 grid's digits: saturated.
    assert_eq!(distinct_states_bound(&[u64::MAX; 64]), u64::MAX);
}

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

#[test]
fn a_cage_loses_what_bounds_keep() {
    // Two cells adding up to 10 cannot hold a 5: bounds keep it.
    let cells = [Cell::new(0, 0), Cell::new(1, 0)];
    let mut candidates = vec![0x1ff; 81];
    assert_eq!(
        prune_distinct_sum(&nine(), &cells, 10, &mut candidates),
        Ok(true)
    );
    assert_eq!(candidates[0], 0x1ff & !(1 << 4));
    assert_eq!(candidates[9], 0x1ff & !(1 << 4));
    // Three cells adding up to 7 beside a placed 1: only 2 and 4 are left.
    let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    let mut candidates = vec![0x1ff; 81];
    candidates[0] = 1;
    assert_eq!(
        prune_distinct_sum(&nine(), &cells, 7, &mut candidates),
        Ok(true)
    );
    assert_eq!(candidates[1], 0b1010);
    assert_eq!(candidates[2], 0b1010);
    // Out of reach: three cells never add up to 5.
    let mut candidates = vec![0x1ff; 81];
    assert_eq!(
        prune_distinct_sum(&nine(), &cells, 5, &mut candidates),
        Err(Contradiction)
    );
}

#[test]
fn an_arrow_loses_what_bounds_keep() {
    // A circle of 2..=9 over a shaft of two cells that already hold 3 or
    // 5 each: the circle holds 6, 8 or 10, so 6 or 8.
    let (circle, a, b) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1));
    let mut candidates = vec![0x1ff; 81];
    candidates[10] = 0b10100;
    candidates[1] = 0b10100;
    let terms = [(a, 1), (b, 1), (circle, -1)];
    assert_eq!(
        prune_weighted_sum(&nine(), &terms, 0, &mut candidates),
        Ok(true)
    );
    assert_eq!(candidates[0], 1 << 5 | 1 << 7);
}

#[test]
fn past_the_budget_bounds_take_over() {
    // Thirty cells of a 64×64 grid with every digit, adding up to 1000:
    // far too many used sets to settle, so the search gives up, and
    // bounds, which see nothing to remove, leave every candidate.
    let masks = vec![u64::MAX; 30];
    assert!(distinct_supports(&masks, (1000, 1000), &|t| t == 1000).is_none());
    let shape = Shape::square(Size::from_side(64).unwrap());
    let cells: Vec<Cell> = (0..30).map(|c| Cell::new(0, c)).collect();
    let mut candidates = vec![u64::MAX; 64 * 64];
    assert_eq!(
        prune_distinct_sum(&shape, &cells, 1000, &mut candidates),
        Ok(false)
    );
    assert!(candidates.iter().all(|&m| m == u64::MAX));
}

proptest! {
    #[test]
    fn a_cage_read_from_the_threads_readings_prunes_as_a_fresh_search(
        states in prop::collection::vec(prop::collection::vec((0usize..6, 0u64..9), 4), 100..400),
        total in 10i64..30,
    ) {
        // Candidates from a small pool repeat (answers taken from the
        // slots, whichever cage of that total read them) and collide.
        let shape = Shape::square(Size::NINE);
        let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .into_iter()
            .map(|(r, c)| Cell::new(r, c))
            .collect();
        let pool = [0x1ff, 0x0f0, 0x10f, 0x055, 0x1c3, 0x0aa];
        prunes_alike(
            &cells,
            &pool,
            &states,
            |candidates| prune_distinct_sum(&shape, &cells, total, candidates),
            |candidates| {
                let masks: Vec<u64> = cells.iter().map(|c| candidates[c.index(Size::NINE)]).collect();
                let found = distinct_supports(&masks, (total, total), &|t| t == total).unwrap();
                narrow(&shape, &cells, &found, candidates)
            },
        )?;
    }
}
