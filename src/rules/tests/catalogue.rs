//! The catalogue's definitions in the rules language against the
//! hand-written families: on random 4×4 and 6×6 puzzles of every family,
//! the compiled definitions and the hand-written clauses have the same
//! solutions (and on 4×4, the ones a brute force over every grid finds
//! with the plain check), on jigsaw grids too.

use std::collections::BTreeSet;

use varisat::{ExtendFormula, Lit, Solver};

use super::super::*;
use super::count::{every_four_by_four_grid, every_four_by_four_grid_of};
use super::puzzle_with;
use crate::encode::{Encoding, SumKind, vars};
use crate::formula::encode_puzzle;
use crate::generate::rng::Rng;
use crate::grid::{Digit, Size};
use crate::puzzle::Puzzle;

/// Every solution of `puzzle` under `encoding`, as grid lines, or `None`
/// past `cap` of them.
fn solutions(puzzle: &Puzzle, encoding: &Encoding, cap: usize) -> Option<BTreeSet<String>> {
    let mut solver = Solver::new();
    encode_puzzle(puzzle, encoding, &mut solver);
    every_grid(&mut solver, puzzle.givens(), cap)
}

/// Every grid the formula in `solver` allows for `givens`, as grid
/// lines, each blocked once found, or `None` past `cap` of them.
pub(super) fn every_grid(
    solver: &mut Solver,
    givens: &Grid,
    cap: usize,
) -> Option<BTreeSet<String>> {
    let size = givens.size();
    let cells = size.cells() * size.side();
    let mut found = BTreeSet::new();
    while solver.solve().expect("varisat does not fail here") {
        let model = solver.model().expect("a model after SAT");
        let grid = vars::grid_of_model(givens, &model).expect("a valid grid");
        found.insert(grid.to_string());
        if found.len() > cap {
            return None;
        }
        // Block this solution: some cell holds another digit.
        let block: Vec<Lit> = model
            .iter()
            .filter(|l| l.is_positive() && l.index() < cells)
            .map(|&l| !l)
            .collect();
        solver.add_clause(&block);
    }
    Some(found)
}

/// A random solution grid of `shape` (rectangular blocks): a fixed
/// pattern, its digits relabelled, its bands, stacks, rows and columns
/// shuffled within the shape.
fn random_grid(shape: &Shape, rng: &mut Rng) -> Grid {
    let n = shape.side();
    let (h, w) = shape.block_dims().expect("rectangular blocks");
    let pattern = |r: usize, c: usize| (r * w + r / h + c) % n;
    let shuffled = |groups: usize, per: usize, rng: &mut Rng| -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut order);
        order
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..per).map(|i| g * per + i).collect();
                rng.shuffle(&mut inner);
                inner
            })
            .collect()
    };
    let rows = shuffled(n / h, h, rng);
    let cols = shuffled(n / w, w, rng);
    let mut relabel: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut relabel);
    let mut grid = Grid::empty(shape.clone());
    for r in 0..n {
        for c in 0..n {
            let d = relabel[pattern(rows[r], cols[c])];
            grid.set(Cell::new(r as u8, c as u8), Digit::new(d as u8 + 1));
        }
    }
    assert_eq!(grid.check_solution(&Grid::empty(shape.clone())), Ok(()));
    grid
}

/// A random walk of `len` distinct cells, each a king's move from the
/// one before (shorter when it gets stuck).
fn walk(shape: &Shape, len: usize, rng: &mut Rng) -> Vec<Cell> {
    let n = shape.side() as i32;
    let mut cells = vec![Cell::from_index(shape.size(), rng.below(shape.cells()))];
    while cells.len() < len {
        let last = cells[cells.len() - 1];
        let next: Vec<Cell> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .map(|(dr, dc)| (last.row() as i32 + dr, last.col() as i32 + dc))
            .filter(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
            .map(|(r, c)| Cell::new(r as u8, c as u8))
            .filter(|c| !cells.contains(c))
            .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// `k` distinct random cells.
fn some_cells(shape: &Shape, k: usize, rng: &mut Rng) -> Vec<Cell> {
    let mut all: Vec<Cell> = shape.all_cells().collect();
    rng.shuffle(&mut all);
    all.truncate(k);
    all
}

/// A random pair of orthogonal neighbours, earlier cell first.
fn neighbours(shape: &Shape, rng: &mut Rng) -> (Cell, Cell) {
    let n = shape.side() as u8;
    loop {
        let (r, c) = (rng.below(n as usize) as u8, rng.below(n as usize) as u8);
        let right = rng.below(2) == 0;
        match (right, r + 1 < n, c + 1 < n) {
            (true, _, true) => return (Cell::new(r, c), Cell::new(r, c + 1)),
            (false, true, _) => return (Cell::new(r, c), Cell::new(r + 1, c)),
            _ => {}
        }
    }
}

/// A place outside the grid facing a row or column (1-based).
fn outside(n: usize, rng: &mut Rng) -> (u8, u8) {
    let k = rng.below(n) as u8 + 1;
    let far = n as u8 + 1;
    match rng.below(4) {
        0 => (k, 0),
        1 => (k, far),
        2 => (0, k),
        _ => (far, k),
    }
}

/// Picks a value for a clue: one that `grid` satisfies when some does
/// (so that the puzzle has solutions), else any in `range`.
fn value_for(
    range: std::ops::RangeInclusive<u32>,
    grid: &Grid,
    rng: &mut Rng,
    make: impl Fn(u32) -> Constraint,
) -> Constraint {
    let values: Vec<u32> = range.collect();
    let fitting: Vec<u32> = values
        .iter()
        .copied()
        .filter(|&v| make(v).check(grid).is_ok())
        .collect();
    let pool = if fitting.is_empty() || rng.below(4) == 0 {
        &values
    } else {
        &fitting
    };
    make(pool[rng.below(pool.len())])
}

/// One random instance of family `which` (0..FAMILIES) on `shape`, with
/// values that `grid` mostly satisfies.
fn instance(which: usize, shape: &Shape, grid: &Grid, rng: &mut Rng) -> Vec<Constraint> {
    let n = shape.side();
    let nu = n as u32;
    let digit = |rng: &mut Rng| Digit::new(rng.below(n) as u8 + 1).unwrap();
    let line = |rng: &mut Rng, min: usize| {
        let len = min + rng.below(4);
        walk(shape, len, rng)
    };
    match which {
        0 => vec![Constraint::Diagonal(Diagonal {
            direction: if rng.below(2) == 0 {
                Direction::Positive
            } else {
                Direction::Negative
            },
        })],
        1 => vec![Constraint::AntiKnight(AntiKnight)],
        2 => vec![Constraint::AntiKing(AntiKing)],
        3 => {
            let exempt = (0..rng.below(3)).map(|_| neighbours(shape, rng)).collect();
            vec![Constraint::NonConsecutive(NonConsecutive { exempt })]
        }
        4 => {
            let k = 2 + rng.below(n - 1);
            let mut cells = some_cells(shape, k, rng);
            cells.sort();
            vec![Constraint::ExtraRegion(ExtraRegion { cells })]
        }
        5 => vec![Constraint::DisjointGroups(DisjointGroups)],
        6 => {
            let marks = some_cells(shape, 1 + rng.below(4), rng)
                .into_iter()
                .map(|c| {
                    let even = grid.get(c).is_some_and(|d| d.get() % 2 == 0);
                    if even ^ (rng.below(5) == 0) {
                        ParityCell::Even(c)
                    } else {
                        ParityCell::Odd(c)
                    }
                })
                .collect();
            vec![Constraint::Parity(Parity { marks })]
        }
        7 => {
            let cells = walk(shape, 2 + rng.below(3), rng);
            let k = cells.len();
            let (lo, hi) = KillerCage::total_range(n, k);
            if rng.below(5) == 0 {
                return vec![Constraint::KillerCage(KillerCage { cells, total: None })];
            }
            vec![value_for(lo..=hi, grid, rng, |t| {
                Constraint::KillerCage(KillerCage {
                    cells: cells.clone(),
                    total: Some(t),
                })
            })]
        }
        8 => {
            let headings = [
                Heading::UpLeft,
                Heading::UpRight,
                Heading::DownLeft,
                Heading::DownRight,
            ];
            for _ in 0..50 {
                let clue = outside(n, rng);
                let heading = headings[rng.below(4)];
                if let Ok(lk) = LittleKiller::new(n, clue, heading, 0) {
                    let k = lk.cells.len() as u32;
                    return vec![value_for(k..=k * nu, grid, rng, |total| {
                        Constraint::LittleKiller(LittleKiller {
                            total,
                            ..lk.clone()
                        })
                    })];
                }
            }
            Vec::new()
        }
        9..=11 => {
            let clue = outside(n, rng);
            let cells = crate::rules::outside::facing(n, clue).unwrap();
            let all = nu * (nu + 1) / 2;
            match which {
                9 => vec![value_for(0..=all - 1 - nu, grid, rng, |total| {
                    Constraint::Sandwich(Sandwich {
                        clue,
                        cells: cells.clone(),
                        total,
                    })
                })],
                10 => vec![value_for(1..=all, grid, rng, |total| {
                    Constraint::XSum(XSum {
                        clue,
                        cells: cells.clone(),
                        total,
                    })
                })],
                _ => vec![value_for(1..=nu, grid, rng, |count| {
                    Constraint::Skyscraper(Skyscraper::new(clue, cells.clone(), count))
                })],
            }
        }
        12 => {
            let path = walk(shape, 2 + rng.below(3), rng);
            vec![Constraint::Arrow(Arrow {
                circle: vec![path[0]],
                lines: vec![path],
            })]
        }
        13 => vec![Constraint::Thermometer(Thermometer {
            cells: line(rng, 2),
        })],
        14 => {
            let (a, b) = neighbours(shape, rng);
            let kind = [DotKind::Difference, DotKind::Ratio, DotKind::Sum][rng.below(3)];
            let range = match kind {
                DotKind::Difference => 1..=nu - 1,
                DotKind::Ratio => 2..=3,
                DotKind::Sum => 3..=2 * nu - 1,
            };
            vec![value_for(range, grid, rng, |value| {
                Constraint::Dot(Dot { kind, a, b, value })
            })]
        }
        15 => {
            let kind = [DotKind::Difference, DotKind::Ratio, DotKind::Sum][rng.below(3)];
            let marks: Vec<Dot> = (0..rng.below(3))
                .map(|_| {
                    let (a, b) = neighbours(shape, rng);
                    Dot {
                        kind,
                        a,
                        b,
                        value: kind.default_value(),
                    }
                })
                .collect();
            vec![Constraint::Negative(Negative::new(kind, &marks))]
        }
        16 => vec![Constraint::Whispers(Whispers {
            cells: line(rng, 2),
            difference: 1 + rng.below(n / 2) as u32,
        })],
        17 => vec![Constraint::Renban(Renban {
            cells: line(rng, 2),
        })],
        18 => vec![Constraint::Palindrome(Palindrome {
            cells: line(rng, 2),
        })],
        19 => vec![Constraint::BetweenLine(BetweenLine {
            cells: line(rng, 3),
        })],
        20 => vec![Constraint::RegionSumLine(RegionSumLine::new(line(rng, 2)))],
        21 => {
            let cell = Cell::from_index(shape.size(), rng.below(shape.cells()));
            let alike = shape
                .all_cells()
                .filter(|&c| {
                    c.row().abs_diff(cell.row()) + c.col().abs_diff(cell.col()) == 1
                        && rng.below(4) == 0
                })
                .collect();
            let kind = if rng.below(2) == 0 {
                Extremum::Minimum
            } else {
                Extremum::Maximum
            };
            vec![Constraint::Extreme(Extreme { kind, cell, alike })]
        }
        22 => {
            let (r, c) = (rng.below(n - 1) as u8, rng.below(n - 1) as u8);
            let cells = vec![
                Cell::new(r, c),
                Cell::new(r, c + 1),
                Cell::new(r + 1, c),
                Cell::new(r + 1, c + 1),
            ];
            let mut digits: Vec<Digit> = (0..1 + rng.below(3)).map(|_| digit(rng)).collect();
            digits.sort();
            vec![Constraint::Quadruple(Quadruple { cells, digits })]
        }
        _ => {
            let k = 1 + rng.below(3);
            let cells: Vec<Cell> = (0..k as u8).map(|i| Cell::new(0, i)).collect();
            let row = 1 + rng.below(n - 1) as u8;
            let copies = (0..k as u8).map(|i| Cell::new(row, i)).collect();
            vec![Constraint::Clones(Clones { cells, copies })]
        }
    }
}

/// The number of families [`instance`] draws from.
const FAMILIES: usize = 24;

/// Compares the hand-written and the catalogue encodings of `puzzle`:
/// the same solutions; with `all` (every grid of the shape), also those
/// the plain check keeps.
fn compare(puzzle: &Puzzle, all: Option<&[Grid]>, sum: SumKind) -> bool {
    let hand = Encoding {
        sum,
        ..Encoding::default()
    };
    let language = Encoding {
        catalogue: true,
        ..hand
    };
    let (Some(by_hand), Some(in_language)) = (
        solutions(puzzle, &hand, 300),
        solutions(puzzle, &language, 300),
    ) else {
        return false;
    };
    assert_eq!(
        by_hand,
        in_language,
        "{} under {}: {:?}",
        puzzle.givens(),
        sum.name(),
        puzzle.constraints()
    );
    if let Some(all) = all {
        let checked: BTreeSet<String> = all
            .iter()
            .filter(|g| puzzle.check(g).is_ok())
            .map(|g| g.to_string())
            .collect();
        assert_eq!(by_hand, checked, "{:?}", puzzle.constraints());
    }
    true
}

#[test]
fn every_family_states_its_catalogue_call() {
    for side in [4, 6, 9] {
        let shape = Shape::square(Size::from_side(side).unwrap());
        let mut rng = Rng::new(side as u64);
        let grid = random_grid(&shape, &mut rng);
        for which in 0..FAMILIES {
            for constraint in instance(which, &shape, &grid, &mut rng) {
                let calls = catalogue::in_language(&constraint, &shape)
                    .unwrap_or_else(|e| panic!("{constraint:?}: {e}"));
                assert!(
                    !calls.is_empty()
                        || matches!(constraint, Constraint::Parity(ref p) if p.marks.is_empty()),
                    "{constraint:?}"
                );
            }
        }
    }
}

#[test]
fn catalogue_and_hand_written_agree_on_random_four_by_four_puzzles() {
    let four = Shape::square(Size::from_side(4).unwrap());
    let all = every_four_by_four_grid();
    let mut rng = Rng::new(4);
    for which in 0..FAMILIES {
        for round in 0..6 {
            let grid = random_grid(&four, &mut rng);
            let constraints = instance(which, &four, &grid, &mut rng);
            let puzzle = puzzle_with(Grid::empty(four.clone()), &constraints);
            let sum = SumKind::ALL[round % SumKind::ALL.len()];
            assert!(compare(&puzzle, Some(&all), sum), "{constraints:?}");
        }
    }
}

#[test]
fn catalogue_and_hand_written_agree_on_random_six_by_six_puzzles() {
    let six = Shape::square(Size::from_side(6).unwrap());
    let mut rng = Rng::new(6);
    for which in 0..FAMILIES {
        for round in 0..4 {
            let grid = random_grid(&six, &mut rng);
            let mut constraints = instance(which, &six, &grid, &mut rng);
            if round % 2 == 1 {
                constraints.extend(instance(rng.below(FAMILIES), &six, &grid, &mut rng));
            }
            // Givens from the grid until the solutions are few enough to
            // list.
            let mut order: Vec<Cell> = six.all_cells().collect();
            rng.shuffle(&mut order);
            let mut givens = Grid::empty(six.clone());
            let sum = SumKind::ALL[round % SumKind::ALL.len()];
            let mut compared = false;
            for cell in order.into_iter().take(30) {
                givens.set(cell, grid.get(cell));
                let puzzle = puzzle_with(givens.clone(), &constraints);
                if givens.given_count() >= 8 && compare(&puzzle, None, sum) {
                    compared = true;
                    break;
                }
            }
            assert!(compared, "{constraints:?}");
        }
    }
}

/// Jigsaw 4×4 grids, where a family that reads blocks (disjoint groups, a
/// region-sum line) must read the puzzle's own: each layout row by row,
/// one block number a cell.
#[test]
fn catalogue_and_hand_written_agree_on_random_jigsaw_puzzles() {
    let four = Size::from_side(4).unwrap();
    let layouts = ["0000222211331133", "3002302230123111", "0001022112231333"];
    let mut rng = Rng::new(44);
    for layout in layouts {
        let blocks = layout.bytes().map(|b| b - b'0').collect();
        let shape = Shape::irregular(four, blocks).unwrap();
        let all = every_four_by_four_grid_of(&shape);
        assert!(!all.is_empty(), "{layout}");
        for which in 0..FAMILIES {
            for round in 0..3 {
                let grid = all[rng.below(all.len())].clone();
                let constraints = instance(which, &shape, &grid, &mut rng);
                let puzzle = puzzle_with(Grid::empty(shape.clone()), &constraints);
                let sum = SumKind::ALL[round % SumKind::ALL.len()];
                assert!(
                    compare(&puzzle, Some(&all), sum),
                    "{layout}: {constraints:?}"
                );
            }
        }
    }
}
