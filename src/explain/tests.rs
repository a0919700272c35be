//! Tests of targets, clause lists and clauses in words.

use super::*;
use crate::encode::{AmoKind, RuleSet};
use crate::formats::text::{Format, parse_str};
use crate::grid::Grid;

fn target(text: &str) -> Target {
    text.parse().unwrap()
}

#[test]
fn names_parse_strictly() {
    assert_eq!(target("r5c3"), Target::Cell(Cell::new(4, 2)));
    assert_eq!(target("row5"), Target::House(House::Row(4)));
    assert_eq!(target("col3"), Target::House(House::Col(2)));
    assert_eq!(target("block4"), Target::House(House::Block(3)));
    assert_eq!(target("r25c25"), Target::Cell(Cell::new(24, 24)));
    for bad in [
        "", "r", "r5", "c3", "r5c", "rc3", "R5C3", "r05c3", "r0c1", "row0", "row", "row 5",
        " row5", "row5 ", "col+3", "block-1", "box4", "r65c1", "row65", "r5c3x", "r5c3c1", "row٣",
    ] {
        assert!(
            matches!(bad.parse::<Target>(), Err(TargetError::Malformed(_))),
            "{bad:?} was accepted"
        );
    }
    assert_eq!(target("r9c9").check(Size::NINE), Ok(()));
    for outside in ["r10c1", "r1c10", "row10", "col16", "block10"] {
        assert!(matches!(
            target(outside).check(Size::NINE),
            Err(TargetError::OutOfRange { .. })
        ));
    }
    assert_eq!(
        target("block16").check(Size::from_side(16).unwrap()),
        Ok(())
    );
}

#[test]
fn ranges_follow_the_written_order() {
    let (cnf, stats) = encoded(None, &Shape::square(Size::NINE), &Encoding::default());
    let ranges = family_ranges(&stats);
    assert_eq!(ranges.len(), stats.families.len());
    assert_eq!(ranges.last().unwrap().1.end, cnf.len());
    for pair in ranges.windows(2) {
        assert_eq!(pair[0].1.end, pair[1].1.start);
    }
    // Every clause in the cell-at-least-one range is a positive clause
    // over one cell's digits.
    let clauses: Vec<&[Lit]> = cnf.iter().collect();
    let (family, range) = &ranges[0];
    assert_eq!(*family, Family::CellDefined);
    for k in range.clone() {
        let words = describe(&Shape::square(Size::NINE), *family, clauses[k]);
        assert!(words.ends_with(" holds at least one digit"), "{words}");
    }
}

/// r1c1 in the extended pairwise 9×9 encoding: the clause counts per
/// family follow from the geometry.
#[test]
fn a_cell_in_the_extended_encoding() {
    let shape = Shape::square(Size::NINE);
    let (cnf, stats) = encoded(None, &shape, &Encoding::default());
    let e = explain(&cnf, &stats, &shape, target("r1c1")).unwrap();
    let counts: Vec<(Family, usize)> = e
        .families
        .iter()
        .map(|f| (f.family, f.clauses.len()))
        .collect();
    assert_eq!(
        counts,
        [
            (Family::CellDefined, 1),
            (Family::CellUnique, 36),
            (Family::RowDefined, 9),
            (Family::ColDefined, 9),
            (Family::BlockDefined, 9),
            (Family::RowUnique, 72),
            (Family::ColUnique, 72),
            (Family::BlockUnique, 36),
        ]
    );
    let words = |k: usize, i: usize| e.families[k].clauses[i].words.clone();
    assert_eq!(words(1, 0), "r1c1 holds at most one of 1 and 2");
    assert_eq!(
        words(2, 0),
        "row1 holds 1 somewhere: r1c1 or r1c2 or r1c3 or r1c4 or r1c5 or r1c6 \
         or r1c7 or r1c8 or r1c9"
    );
    assert_eq!(
        words(5, 0),
        "row1 holds 1 at most once: not both r1c1 and r1c2"
    );
    assert_eq!(e.families[1].clauses[0].dimacs(), "-1 -2 0");
    // Block pairs sharing a row or column are left to those families.
    assert_eq!(
        words(7, 0),
        "block1 holds 1 at most once: not both r1c1 and r2c2"
    );
    assert!(!e.uses_auxiliaries());
}

/// Project Euler's grid 1 and its formula under an encoding.
fn euler_grid_1(rules: RuleSet, amo: AmoKind) -> (Grid, CnfFormula, EncodeStats) {
    let text = include_str!("../../data/p096_sudoku.txt");
    let grid = parse_str(text, Format::Auto)
        .unwrap()
        .swap_remove(0)
        .grid()
        .clone();
    let (cnf, stats) = encoded(
        Some(&grid.clone().into()),
        grid.shape(),
        &Encoding {
            rules,
            amo,
            ..Default::default()
        },
    );
    (grid, cnf, stats)
}

#[test]
fn givens_and_auxiliaries_are_explained() {
    let (grid, cnf, stats) = euler_grid_1(RuleSet::Extended, AmoKind::Sequential);
    // Grid 1 has 3 in r1c3.
    let e = explain(&cnf, &stats, grid.shape(), target("r1c3")).unwrap();
    let givens = e.families.last().unwrap();
    assert_eq!(givens.family, Family::Givens);
    assert_eq!(givens.clauses.len(), 1);
    assert_eq!(givens.clauses[0].words, "r1c3 is given as 3");
    assert_eq!(givens.clauses[0].dimacs(), "21 0");
    assert!(e.uses_auxiliaries());
    let cell_amo = &e.families[1];
    assert_eq!(cell_amo.family, Family::CellUnique);
    // Sinz's counter over 9 digits writes 3n−4 = 23 clauses; the 7
    // chain clauses s(i−1) → s(i) hold no cell-digit variable, so 16
    // mention the cell.
    assert_eq!(cell_amo.family_total, 81 * 23);
    assert_eq!(cell_amo.clauses.len(), 16);
    assert_eq!(
        cell_amo.clauses[0].words,
        format!(
            "r1c3 holds at most one digit; literal by literal: r1c3 is not 1 or a{}",
            cell_amo.clauses[0].lits[1].var().to_dimacs()
        )
    );
}

/// Kwon & Jain's reduction leaves grid 1's first naked single, r5c6 = 4,
/// as a unit clause, and nothing of a given's cell.
#[test]
fn the_optimized_encoding_keeps_only_open_variables() {
    let (grid, cnf, stats) = euler_grid_1(RuleSet::Optimized, AmoKind::Pairwise);
    let e = explain(&cnf, &stats, grid.shape(), target("r5c6")).unwrap();
    let cell = &e.families[0].clauses[0];
    assert_eq!(cell.dimacs(), "373 0");
    assert_eq!(cell.words, "r5c6 holds 4, the only digit left to it");
    let given = explain(&cnf, &stats, grid.shape(), target("r1c3")).unwrap();
    assert_eq!(given.mentioning(), 0);
}

#[test]
fn out_of_range_targets_are_refused() {
    let shape = Shape::square(Size::from_side(4).unwrap());
    let (cnf, stats) = encoded(None, &shape, &Encoding::default());
    assert!(matches!(
        explain(&cnf, &stats, &shape, target("r5c1")),
        Err(TargetError::OutOfRange { .. })
    ));
}
