//! The native line pruning against the catalogue's definitions: on
//! random lines and candidates, it keeps exactly the digits of the
//! fillings the definition's check accepts.

use proptest::prelude::*;

use super::*;
use crate::grid::{Digit, Grid, Size};
use crate::rules::tests::prunes_alike;
use crate::rules::{LangRule, Rule};

const DEFINITIONS: [&str; 5] = [
    "lockout",
    "modularline",
    "entropicline",
    "nabner",
    "zipperline",
];

/// The shape of side `side`: square blocks for 4 and 9, 2×3 for 6.
fn shape(side: usize) -> Shape {
    let size = Size::from_side(side).expect("a supported side");
    if side == 6 {
        Shape::with_blocks(size, 2, 3).expect("2×3 blocks")
    } else {
        Shape::square(size)
    }
}

/// The digits of each cell used by some filling of `masks` that the
/// definition's own check accepts, digits repeating freely; `None` when
/// no filling is accepted.
fn by_enumeration(
    rule: &LangRule,
    cells: &[Cell],
    masks: &[u64],
    shape: &Shape,
) -> Option<Vec<u64>> {
    let mut supports = vec![0; cells.len()];
    let mut grid = Grid::empty(shape.clone());
    let mut any = false;
    let mut fill = |grid: &mut Grid, digits: &[u32]| {
        if rule.check(grid).is_ok() {
            any = true;
            for (s, &d) in supports.iter_mut().zip(digits) {
                *s |= 1 << (d - 1);
            }
        }
    };
    let choices: Vec<Vec<u32>> = masks.iter().map(|&m| digits(m).collect()).collect();
    let mut at = vec![0usize; cells.len()];
    loop {
        let digits: Vec<u32> = at.iter().zip(&choices).map(|(&k, c)| c[k]).collect();
        for (&cell, &d) in cells.iter().zip(&digits) {
            grid.set(cell, Digit::new(d as u8));
        }
        fill(&mut grid, &digits);
        // The next filling, the last cell turning fastest.
        let mut i = cells.len();
        loop {
            if i == 0 {
                return any.then_some(supports);
            }
            i -= 1;
            at[i] += 1;
            if at[i] < choices[i].len() {
                break;
            }
            at[i] = 0;
        }
    }
}

/// A line of `len` distinct cells from `seeds`, each step to a
/// neighbouring cell not yet on it where one is free.
fn line(side: usize, start: usize, seeds: &[u8]) -> Vec<Cell> {
    let mut cells = vec![Cell::new((start / side) as u8, (start % side) as u8)];
    for &s in seeds {
        let last = *cells.last().expect("one cell at least");
        let (r, c) = (i64::from(last.row() as u8), i64::from(last.col() as u8));
        let steps = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ];
        let next = (0..8)
            .map(|k| steps[(usize::from(s) + k) % 8])
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..side as i64).contains(&r) && (0..side as i64).contains(&c))
            .map(|(r, c)| Cell::new(r as u8, c as u8))
            .find(|cell| !cells.contains(cell));
        match next {
            Some(cell) => cells.push(cell),
            None => break,
        }
    }
    cells
}

proptest! {
    #[test]
    fn a_native_line_keeps_exactly_the_digits_its_definition_accepts(
        definition in 0usize..5,
        side in prop::sample::select(vec![4usize, 6, 9]),
        start in 0usize..81,
        seeds in prop::collection::vec(any::<u8>(), 1..=5),
        picks in prop::collection::vec(any::<u64>(), 6),
    ) {
        let shape = shape(side);
        let cells = line(side, start % (side * side), &seeds);
        prop_assume!(cells.len() >= 2);
        let definition = DEFINITIONS[definition];
        let full = (1u64 << side) - 1;
        // Up to about four candidates a cell, never none.
        let masks: Vec<u64> = cells
            .iter()
            .zip(&picks)
            .map(|(_, &p)| {
                let m = p & (p >> 17) & (p >> 29) & full;
                if m == 0 { 1 << (p % side as u64) } else { m }
            })
            .collect();
        let args = vec![Arg::List(cells.iter().map(|&c| Arg::Cell(c)).collect())];
        let rule = LangRule::call("test", definition, args.clone(), &shape).expect("a valid call");
        let native = NativeLine::of(definition, &args, side).expect("a native line");
        let mut candidates = vec![full; side * side];
        for (&cell, &m) in cells.iter().zip(&masks) {
            candidates[cell.index(shape.size())] = m;
        }
        let expected = by_enumeration(&rule, &cells, &masks, &shape);
        let pruned = native.prune(&shape, &mut candidates);
        match expected {
            None => prop_assert!(pruned.is_err(), "{definition} {cells:?} {masks:?}"),
            Some(supports) => {
                prop_assert!(pruned.is_ok());
                let kept: Vec<u64> = cells.iter().map(|c| candidates[c.index(shape.size())]).collect();
                prop_assert_eq!(kept, supports, "{} {:?} {:?}", definition, cells, masks);
            }
        }
    }
}

/// A zipper line's supports read from the definition pair by pair, on
/// digits up to 64: a total stands when every pair of cells equally far
/// from the middle holds two digits adding up to it (and the centre of
/// an odd line holds it); each cell keeps the digits of its pairs that
/// do, under some total that stands.
fn zipper_by_pairs(masks: &[u64]) -> Option<Vec<u64>> {
    let n = masks.len();
    let mut supports = vec![0u64; n];
    for total in 2..=128u32 {
        if n % 2 == 1 && (total > 64 || masks[n / 2] >> (total - 1) & 1 == 0) {
            continue;
        }
        let mut kept = vec![0u64; n];
        for i in 0..n / 2 {
            for d in digits(masks[i]) {
                for e in digits(masks[n - 1 - i]) {
                    if d + e == total {
                        kept[i] |= 1 << (d - 1);
                        kept[n - 1 - i] |= 1 << (e - 1);
                    }
                }
            }
        }
        if (0..n / 2).all(|i| kept[i] != 0) {
            for (s, k) in supports.iter_mut().zip(&kept) {
                *s |= k;
            }
            if n % 2 == 1 {
                supports[n / 2] |= 1 << (total - 1);
            }
        }
    }
    supports.iter().any(|&s| s != 0).then_some(supports)
}

proptest! {
    #[test]
    fn a_zipper_line_of_large_digits_keeps_what_its_pairs_add_up_to(
        picks in prop::collection::vec(any::<u64>(), 3..=7),
    ) {
        // Sparse masks over all 64 digits, never empty.
        let masks: Vec<u64> = picks
            .iter()
            .map(|&p| (p & p.rotate_left(23) & p.rotate_left(41)) | 1 << (p % 64))
            .collect();
        let mut supports = vec![0u64; masks.len()];
        let found = zipper(&masks, &mut supports);
        match zipper_by_pairs(&masks) {
            None => prop_assert!(!found, "{:x?}", masks),
            Some(expected) => {
                prop_assert!(found, "{:x?}", masks);
                prop_assert_eq!(supports, expected, "{:x?}", masks);
            }
        }
    }
}

#[test]
fn other_definitions_and_odd_lines_keep_the_language_pruner() {
    let cells = |list: &[(u8, u8)]| {
        vec![Arg::List(
            list.iter()
                .map(|&(r, c)| Arg::Cell(Cell::new(r, c)))
                .collect(),
        )]
    };
    assert!(NativeLine::of("lockout", &cells(&[(0, 0), (0, 1), (0, 2)]), 9).is_some());
    assert!(NativeLine::of("betweenline", &cells(&[(0, 0), (0, 1), (0, 2)]), 9).is_none());
    assert!(NativeLine::of("doublearrow", &cells(&[(0, 0), (0, 1), (0, 2)]), 9).is_none());
    // A line of one cell, and one that comes back to a cell.
    assert!(NativeLine::of("modularline", &cells(&[(0, 0)]), 9).is_none());
    assert!(NativeLine::of("lockout", &cells(&[(0, 0), (0, 1), (0, 0)]), 9).is_none());
    assert!(NativeLine::of("lockout", &[Arg::Int(3)], 9).is_none());
    assert!(NativeLine::of("lockout", &cells(&[(0, 7), (0, 8), (0, 9)]), 9).is_none());
    let long: Vec<(u8, u8)> = (0..65).map(|i| ((i / 9) as u8, (i % 9) as u8)).collect();
    assert!(NativeLine::of("zipperline", &cells(&long), 9).is_none());
}

#[test]
fn a_lockout_line_keeps_its_middle_out_of_the_ends_range() {
    // Ends 1–2 and 8–9 on a 9×9 line of four: the middle cells keep
    // nothing from 2 to 8, and an end pair closer than 4 is gone.
    let shape = shape(9);
    let cells = [
        Cell::new(0, 0),
        Cell::new(0, 1),
        Cell::new(0, 2),
        Cell::new(0, 3),
    ];
    let args = vec![Arg::List(cells.iter().map(|&c| Arg::Cell(c)).collect())];
    let native = NativeLine::of("lockout", &args, 9).expect("a native line");
    let mut candidates = vec![0x1ff; 81];
    candidates[0] = 0b11;
    candidates[3] = 0b1_1000_0000;
    assert_eq!(native.prune(&shape, &mut candidates), Ok(true));
    assert_eq!(candidates[1], 0b1_0000_0001);
    assert_eq!(candidates[2], 0b1_0000_0001);
}

proptest! {
    #[test]
    fn a_nabner_line_remembering_its_readings_prunes_as_a_fresh_one(
        states in prop::collection::vec(prop::collection::vec((0usize..6, 0u64..9), 5), 100..400),
    ) {
        // Candidates from a small pool repeat (answers taken from the
        // slots) and collide (slots overwritten).
        let shape = shape(9);
        let cells: Vec<Cell> = (0..5).map(|c| Cell::new(c / 3, 2 * c)).collect();
        let args = vec![Arg::List(cells.iter().map(|&c| Arg::Cell(c)).collect())];
        let line = NativeLine::of("nabner", &args, 9).expect("a native line");
        let pool = [0x1ff, 0x0f0, 0x10f, 0x055, 0x1c3, 0x0aa];
        prunes_alike(
            &cells,
            &pool,
            &states,
            |candidates| line.prune(&shape, candidates),
            |candidates| NativeLine::of("nabner", &args, 9).unwrap().prune(&shape, candidates),
        )?;
    }
}
