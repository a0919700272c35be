//! Each named pattern past triples on a hand-made candidate grid: the
//! pattern alone is drawn into an otherwise open 9×9 grid, and the step
//! found must be that technique with exactly the removals the pattern
//! implies.

use super::*;
use crate::formats::text::{Format, parse_str};

/// A hinter whose grid is blank with every candidate open (the puzzle
/// underneath only makes [`Hinter::new`] succeed).
pub(super) fn open_grid() -> Hinter {
    let euler = parse_str(include_str!("../../data/p096_sudoku.txt"), Format::Auto).unwrap();
    let mut hinter = Hinter::new(&euler[0].puzzle, &Encoding::default()).unwrap();
    hinter.grid = Grid::empty(hinter.grid.shape().clone());
    hinter.masks = vec![0x1ff; 81];
    hinter
}

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

/// Leaves `d` in row `r` only at the columns `keep`.
pub(super) fn row_only(hinter: &mut Hinter, r: u8, keep: &[u8], d: u8) {
    for c in 0..9 {
        if !keep.contains(&c) {
            hinter.masks[usize::from(r) * 9 + usize::from(c)] &= !bit(digit(d));
        }
    }
}

/// Leaves `d` in column `c` only at the rows `keep`.
pub(super) fn col_only(hinter: &mut Hinter, c: u8, keep: &[u8], d: u8) {
    for r in 0..9 {
        if !keep.contains(&r) {
            hinter.masks[usize::from(r) * 9 + usize::from(c)] &= !bit(digit(d));
        }
    }
}

/// Gives a cell exactly the candidates `digits`.
pub(super) fn set(hinter: &mut Hinter, r: u8, c: u8, digits: &[u8]) {
    hinter.masks[usize::from(r) * 9 + usize::from(c)] =
        digits.iter().fold(0, |m, &d| m | bit(digit(d)));
}

/// Checks a step's technique and removals (as a set).
pub(super) fn expect(step: Option<Step>, technique: Technique, removed: &[(u8, u8, u8)]) {
    let step = step.expect("a step");
    assert_eq!(step.technique, technique, "{}", step.text);
    let mut got: Vec<(Cell, Digit)> = step.eliminated.clone();
    got.sort_unstable();
    let mut want: Vec<(Cell, Digit)> = removed
        .iter()
        .map(|&(r, c, d)| (cell(r, c), digit(d)))
        .collect();
    want.sort_unstable();
    assert_eq!(got, want, "{}", step.text);
}

/// The removals of digit `d` from columns `cols` outside rows `rows`.
fn rest_of_columns(rows: &[u8], cols: &[u8], d: u8) -> Vec<(u8, u8, u8)> {
    (0..9)
        .filter(|r| !rows.contains(r))
        .flat_map(|r| cols.iter().map(move |&c| (r, c, d)))
        .collect()
}

#[test]
fn fish_of_two_three_and_four_rows_clear_their_columns() {
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[1, 6], 5);
    row_only(&mut hinter, 4, &[1, 6], 5);
    expect(
        fish::fish(&hinter, 2),
        Technique::XWing,
        &rest_of_columns(&[0, 4], &[1, 6], 5),
    );

    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[1, 4], 5);
    row_only(&mut hinter, 3, &[4, 7], 5);
    row_only(&mut hinter, 6, &[1, 7], 5);
    assert!(
        fish::fish(&hinter, 2).is_none(),
        "no two rows share two columns"
    );
    expect(
        fish::fish(&hinter, 3),
        Technique::Swordfish,
        &rest_of_columns(&[0, 3, 6], &[1, 4, 7], 5),
    );

    let mut hinter = open_grid();
    for (r, cols) in [(0, [0, 2]), (2, [2, 4]), (4, [4, 6]), (6, [6, 0])] {
        row_only(&mut hinter, r, &cols, 5);
    }
    assert!(fish::fish(&hinter, 3).is_none());
    expect(
        fish::fish(&hinter, 4),
        Technique::Jellyfish,
        &rest_of_columns(&[0, 2, 4, 6], &[0, 2, 4, 6], 5),
    );
}

#[test]
fn two_strong_links_make_a_skyscraper_a_kite_or_a_turbot_fish() {
    // Rows 1 and 7 hold their 5 at c1 or c5, and at c1 or c6: the two
    // c1s cannot both be 5, so r1c5 or r7c6 is.
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[0, 4], 5);
    row_only(&mut hinter, 6, &[0, 5], 5);
    expect(
        links::two_links(&hinter),
        Technique::Skyscraper,
        &[(1, 5, 5), (2, 5, 5), (7, 4, 5), (8, 4, 5)],
    );

    // Row 1 at c2 or c7, column 1 at r3 or r8; r1c2 and r3c1 share block 1.
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[1, 6], 5);
    col_only(&mut hinter, 0, &[2, 7], 5);
    expect(
        links::two_links(&hinter),
        Technique::TwoStringKite,
        &[(7, 6, 5)],
    );

    // Block 5 at r4c4 or r6c6, row 9 at c4 or c8; r4c4 and r9c4 share a
    // column.
    let mut hinter = open_grid();
    for r in 3u8..6 {
        for c in 3u8..6 {
            if (r, c) != (3, 3) && (r, c) != (5, 5) {
                hinter.masks[usize::from(r) * 9 + usize::from(c)] &= !bit(digit(5));
            }
        }
    }
    row_only(&mut hinter, 8, &[3, 7], 5);
    expect(
        links::two_links(&hinter),
        Technique::TurbotFish,
        &[(5, 7, 5)],
    );
}

#[test]
fn wings_remove_the_digit_their_ends_share() {
    // XY-wing: r1c1 {1,2} sees r1c5 {1,3} and r5c1 {2,3}.
    let mut hinter = open_grid();
    set(&mut hinter, 0, 0, &[1, 2]);
    set(&mut hinter, 0, 4, &[1, 3]);
    set(&mut hinter, 4, 0, &[2, 3]);
    expect(wings::xy_wing(&hinter), Technique::XyWing, &[(4, 4, 3)]);

    // XYZ-wing: r1c1 {1,2,3} sees r2c2 {1,3} and r1c6 {2,3}.
    let mut hinter = open_grid();
    set(&mut hinter, 0, 0, &[1, 2, 3]);
    set(&mut hinter, 1, 1, &[1, 3]);
    set(&mut hinter, 0, 5, &[2, 3]);
    expect(
        wings::xyz_wing(&hinter),
        Technique::XyzWing,
        &[(0, 1, 3), (0, 2, 3)],
    );

    // W-wing: r1c1 and r5c9 are {1,2}; row 9 has its 1 at c1 or c9.
    let mut hinter = open_grid();
    set(&mut hinter, 0, 0, &[1, 2]);
    set(&mut hinter, 4, 8, &[1, 2]);
    row_only(&mut hinter, 8, &[0, 8], 1);
    expect(
        wings::w_wing(&hinter),
        Technique::WWing,
        &[(0, 8, 2), (4, 0, 2)],
    );
}

/// The new techniques come in the order the module lists, before a
/// variant constraint's step or a contradiction.
#[test]
fn the_next_step_prefers_an_x_wing_to_a_contradiction() {
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[1, 6], 5);
    row_only(&mut hinter, 4, &[1, 6], 5);
    let step = hinter.next_step().unwrap().unwrap();
    assert_eq!(step.technique, Technique::XWing, "{}", step.text);
}
