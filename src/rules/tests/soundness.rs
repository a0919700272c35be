//! Every family's pruning, as the backtracker runs it, against brute
//! force: on random candidates of a 6×6 grid, a prune keeps each digit
//! that some completion of the rule's cells uses, and fails only when no
//! completion exists. A prune that
//! removed a used digit would make the backtracker miss a solution and
//! disagree with the SAT answer.

use proptest::prelude::*;

use super::super::*;
use crate::grid::{Digit, Size};

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

fn six() -> Shape {
    Shape::square(Size::from_side(6).unwrap())
}

/// The digits each of `cells` takes in some assignment from `masks` that
/// keeps the classic rules among them and passes `rule.check`, or `None`
/// when there is none.
fn completions(
    shape: &Shape,
    rule: &Constraint,
    cells: &[Cell],
    masks: &[u64],
) -> Option<Vec<u64>> {
    struct Walk<'a> {
        shape: &'a Shape,
        rule: &'a Constraint,
        cells: &'a [Cell],
        masks: &'a [u64],
        grid: Grid,
        used: Vec<u64>,
        any: bool,
    }
    impl Walk<'_> {
        fn walk(&mut self, i: usize) {
            if i == self.cells.len() {
                if self.rule.check(&self.grid).is_ok() {
                    self.any = true;
                    for (k, &c) in self.cells.iter().enumerate() {
                        let d = self.grid.get(c).expect("placed");
                        self.used[k] |= 1 << d.index();
                    }
                }
                return;
            }
            let here = self.cells[i];
            for d in 0..self.shape.side() {
                let digit = Digit::from_index(d);
                let clash = self.cells[..i]
                    .iter()
                    .any(|&c| self.shape.sees(c, here) && self.grid.get(c) == Some(digit));
                if self.masks[i] >> d & 1 == 0 || clash {
                    continue;
                }
                self.grid.set(here, Some(digit));
                self.walk(i + 1);
            }
            self.grid.set(here, None);
        }
    }
    let mut walk = Walk {
        shape,
        rule,
        cells,
        masks,
        grid: Grid::empty(shape.clone()),
        used: vec![0; cells.len()],
        any: false,
    };
    walk.walk(0);
    walk.any.then_some(walk.used)
}

/// Checks `rule.prune` on `masks` for its cells against [`completions`].
fn assert_sound(rule: &Constraint, masks: &[u64]) -> Result<(), TestCaseError> {
    let shape = six();
    let cells = rule.cells(&shape);
    let full = (1u64 << 6) - 1;
    let masks: Vec<u64> = (0..cells.len())
        .map(|k| masks.get(k).copied().unwrap_or(full))
        .collect();
    let mut candidates = vec![full; 36];
    for (&c, &m) in cells.iter().zip(&masks) {
        candidates[c.index(shape.size())] = m;
    }
    let want = completions(&shape, rule, &cells, &masks);
    // As the backtracker prunes: the rule's own prune and its groups'
    // counts.
    let pruned = crate::backtrack::Prune::prune(rule, &shape, &mut candidates);
    match (pruned, want) {
        (None, None) => {}
        (None, Some(used)) => {
            return Err(TestCaseError::fail(format!(
                "{rule}: a contradiction, but {used:?} complete it"
            )));
        }
        (Some(_), want) => {
            let used = want.unwrap_or_else(|| vec![0; cells.len()]);
            for (k, &c) in cells.iter().enumerate() {
                let kept = candidates[c.index(shape.size())];
                prop_assert_eq!(
                    used[k] & !kept,
                    0,
                    "{}: {} lost digits a completion uses",
                    rule,
                    c
                );
            }
        }
    }
    Ok(())
}

/// A constraint of family `kind` on the 6×6 grid, placed by `a` and `b`
/// (0..6) with `total`.
fn family(kind: u8, a: u8, b: u8, total: u32) -> Constraint {
    let row: Vec<Cell> = (0..4).map(|c| cell(a, (b + c) % 6)).collect();
    match kind {
        0 => Constraint::KillerCage(KillerCage {
            cells: row[..2 + usize::from(b % 3)].to_vec(),
            total: Some(total),
        }),
        1 => Constraint::LittleKiller(
            LittleKiller::new(6, (0, b % 5), Heading::DownRight, total).unwrap(),
        ),
        2 => Constraint::Arrow(Arrow {
            circle: vec![row[0]],
            lines: vec![row[..3].to_vec(), vec![row[0], cell((a + 1) % 6, b % 6)]],
        }),
        3 => Constraint::Sandwich(Sandwich {
            clue: (a + 1, 0),
            cells: outside::facing(6, (a + 1, 0)).unwrap(),
            total: total % 15,
        }),
        4 => Constraint::XSum(XSum {
            clue: (0, b + 1),
            cells: outside::facing(6, (0, b + 1)).unwrap(),
            total: total % 22,
        }),
        5 => Constraint::Skyscraper(Skyscraper::new(
            (7, b + 1),
            outside::facing(6, (7, b + 1)).unwrap(),
            total % 6 + 1,
        )),
        6 => Constraint::RegionSumLine(RegionSumLine::new((1..6).map(|c| cell(a, c)).collect())),
        7 => Constraint::Renban(Renban {
            cells: row[..3].to_vec(),
        }),
        8 => Constraint::ExtraRegion(ExtraRegion {
            cells: vec![
                cell(a, 0),
                cell((a + 1) % 6, 3),
                cell((a + 3) % 6, 5),
                cell(a, 4),
            ],
        }),
        _ => Constraint::Thermometer(Thermometer {
            cells: vec![row[0], row[1], cell((a + 1) % 6, (b + 1) % 6)],
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn prunes_keep_every_digit_a_completion_uses(
        kind in 0u8..10,
        a in 0u8..6,
        b in 0u8..6,
        total in 0u32..40,
        // Mostly wide masks, as in a search, some narrow ones.
        masks in prop::collection::vec(prop_oneof![3 => 1u64..64, 1 => 1u64..4], 6),
    ) {
        assert_sound(&family(kind, a, b, total), &masks)?;
    }
}

#[test]
fn a_group_counts_its_digits() {
    let shape = six();
    let cells = [cell(0, 0), cell(2, 1), cell(4, 2)];
    let group = |masks: [u64; 3]| {
        let mut candidates = vec![0b11_1111; 36];
        for (c, m) in cells.iter().zip(masks) {
            candidates[c.index(shape.size())] = m;
        }
        let result = count_distinct(&shape, &cells, &mut candidates);
        let after: Vec<u64> = cells
            .iter()
            .map(|c| candidates[c.index(shape.size())])
            .collect();
        (result, after)
    };
    // Three cells, two digits between them: no way.
    assert_eq!(group([0b11, 0b11, 0b11]).0, Err(Contradiction));
    // Three cells, three digits: the 3 has one place left.
    assert_eq!(
        group([0b11, 0b111, 0b11]),
        (Ok(true), vec![0b11, 0b100, 0b11])
    );
    // Four digits for three cells: nothing is forced.
    assert_eq!(
        group([0b11, 0b1101, 0b11]),
        (Ok(false), vec![0b11, 0b1101, 0b11])
    );
}
