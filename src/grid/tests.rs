//! Tests of sizes, cells, grids and their displays.

use super::*;

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

#[test]
fn sizes_and_alphabet() {
    assert_eq!(Size::from_cell_count(625).unwrap().side(), 25);
    assert_eq!(Size::from_cell_count(144).unwrap().side(), 12);
    assert!(Size::from_cell_count(80).is_none());
    assert!(Size::from_side(3).is_none() && Size::from_side(65).is_none());
    let s16 = Size::from_side(16).unwrap();
    assert_eq!(s16.symbol(d(16)), 'G');
    assert_eq!(s16.digit_of('g'), Some(d(16)));
    assert_eq!(s16.digit_of('H'), None);
    assert_eq!(Size::NINE.digit_of('0'), None);
    assert_eq!(Size::NINE.digit_of('A'), None);
    let s25 = Size::from_side(25).unwrap();
    assert_eq!(s25.symbol(d(25)), 'P');
    for side in 4..=25 {
        let s = Size::from_side(side).unwrap();
        for digit in s.digits() {
            assert_eq!(s.digit_of(s.symbol(digit)), Some(digit));
        }
    }
    let s26 = Size::from_side(26).unwrap();
    assert!(!s26.has_symbols());
    assert_eq!(s26.digit_of('Q'), None);
}

#[test]
fn conflicts_name_both_cells() {
    let mut g = Grid::empty(Size::NINE);
    g.set(Cell::new(0, 2), Some(d(9)));
    assert_eq!(g.first_conflict(), None);
    g.set(Cell::new(3, 2), Some(d(9)));
    let v = g.first_conflict().unwrap();
    assert_eq!(v.to_string(), "r1c3 and r4c3 both hold 9 in col3");
    g.set(Cell::new(3, 2), None);
    g.set(Cell::new(1, 1), Some(d(9)));
    assert!(matches!(
        g.first_conflict(),
        Some(Violation::Repeat {
            house: House::Block(0),
            ..
        })
    ));
}

#[test]
fn check_solution_reports_each_kind() {
    let size = Size::from_side(4).unwrap();
    let rows = ["1234", "3412", "2143", "4321"];
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|ch| size.digit_of(ch)))
        .collect();
    let solution = Grid::from_cells(size, cells).unwrap();
    let mut puzzle = Grid::empty(size);
    puzzle.set(Cell::new(0, 0), Some(d(1)));
    assert_eq!(solution.check_solution(&puzzle), Ok(()));
    puzzle.set(Cell::new(0, 0), Some(d(2)));
    assert!(matches!(
        solution.check_solution(&puzzle),
        Err(Violation::GivenChanged { .. })
    ));
    let mut broken = solution.clone();
    broken.set(Cell::new(3, 3), Some(d(4)));
    assert!(matches!(
        broken.check_solution(&Grid::empty(size)),
        Err(Violation::Repeat { .. })
    ));
    broken.set(Cell::new(3, 3), None);
    assert_eq!(
        broken.check_solution(&Grid::empty(size)),
        Err(Violation::Blank(Cell::new(3, 3)))
    );
}

#[test]
fn displays() {
    let size = Size::from_side(4).unwrap();
    let mut g = Grid::empty(size);
    g.set(Cell::new(0, 1), Some(d(3)));
    assert_eq!(g.to_string(), ".3..............");
    assert_eq!(g.rows().to_string(), ".3..\n....\n....\n....\n");
    let pretty = g.pretty().to_string();
    assert!(pretty.starts_with("+-----+-----+\n| . 3 | . . |\n"));
    assert_eq!(pretty.lines().count(), 7);
}

#[test]
fn large_grids_display_as_numbers() {
    let size = Size::from_side(36).unwrap();
    let mut g = Grid::empty(size);
    g.set(Cell::new(0, 1), Some(d(36)));
    let line = g.to_string();
    assert!(line.starts_with("0 36 0 "), "{line}");
    assert_eq!(line.split(' ').count(), 36 * 36);
    let rows = g.rows().to_string();
    assert!(rows.starts_with(" 0 36  0"), "{rows}");
    assert_eq!(rows.lines().count(), 36);
    assert!(g.pretty().to_string().contains("|  . 36  . "));
}

#[test]
fn six_by_six_draws_two_by_three_blocks() {
    let g = Grid::empty(Size::from_side(6).unwrap());
    let pretty = g.pretty().to_string();
    assert!(
        pretty.starts_with("+-------+-------+\n| . . . | . . . |\n| . . . | . . . |\n+-------")
    );
    assert_eq!(pretty.lines().count(), 6 + 4);
}

/// The one-pass check finds a repeat exactly when there is one, and then
/// names the same pair as the pass that locates it, on random grids of
/// rectangular and jigsaw blocks (most with a repeat, some without).
#[test]
fn first_conflict_agrees_with_the_locating_pass() {
    let six = Size::from_side(6).unwrap();
    let jigsaw = Shape::irregular(six, (0..36).map(|i| ((i + 3) / 6 % 6) as u8).collect()).unwrap();
    let mut rng = crate::generate::rng::Rng::new(5);
    let (mut repeats, mut clean) = (0, 0);
    for shape in [Shape::square(Size::NINE), Shape::square(six), jigsaw] {
        let size = shape.size();
        for _ in 0..300 {
            let mut grid = Grid::empty(shape.clone());
            for _ in 0..1 + rng.below(size.side()) {
                let cell = Cell::from_index(size, rng.below(size.cells()));
                grid.set(cell, Some(Digit::from_index(rng.below(size.side()))));
            }
            let found = grid.first_conflict();
            assert_eq!(found, grid.locate_conflict(), "{grid}");
            if found.is_some() {
                repeats += 1;
            } else {
                clean += 1;
            }
        }
    }
    assert!(repeats > 50 && clean > 50, "{repeats} {clean}");
}
