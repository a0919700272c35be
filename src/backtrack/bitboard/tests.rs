//! Bitboard tests: the tables and lone-house masks, the board's invariant,
//! each kind of contradiction, and agreement with the square-block path.

use super::*;
use crate::backtrack::{Backtracker, Verdict};
use crate::grid::Cell;

fn nine(line: &str) -> Grid {
    Grid::from_symbols(Size::NINE, line).expect("an 81-cell line")
}

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

/// Returns whether every cell of a board keeps the invariant: a placed
/// cell has exactly its digit's bit, no peer of it has that digit, and
/// every cell has a bit.
fn consistent(board: &Board) -> bool {
    let cells: Vec<u32> = (0..81)
        .map(|i: usize| board.digits(i / 27, (i % 27) as u32))
        .collect();
    let placed = |i: usize| board.solved[i / 27] >> (i % 27) & 1 == 1;
    (0..81).all(|i| {
        let (r, c) = (i / 9, i % 9);
        let peers = (0..81).filter(|&j| {
            let (r2, c2) = (j / 9, j % 9);
            j != i && (r2 == r || c2 == c || (r2 / 3, c2 / 3) == (r / 3, c / 3))
        });
        cells[i] != 0
            && (!placed(i) || cells[i].is_power_of_two())
            && peers.filter(|&j| placed(j)).all(|j| {
                !placed(i) && cells[i] & cells[j] == 0 || placed(i) && cells[i] != cells[j]
            })
    })
}

#[test]
fn the_band_tables_cover_rows_blocks_and_columns() {
    // Cell 13 of a band: row 1, column 4, the middle block.
    assert_eq!(BAND_PEERS[13], 0x1FF << 9 | BLOCK << 3);
    assert_eq!(BAND_PEERS[13].count_ones(), 9 + 9 - 3);
    for (at, &peers) in BAND_PEERS.iter().enumerate() {
        assert_ne!(peers & 1 << at, 0, "a cell is its own peer");
        // Within its band a cell's column lies in its block, so placing
        // clears the column only in the other bands.
        assert_eq!((COLUMN << (at % 9)) & !peers, 0);
    }
}

#[test]
fn the_locked_table_points_and_claims() {
    // Entry (i, j) is bit 3i + j; across a band, row i and block j. Row 0
    // has its places in block 0 only: block 0's other rows lose the digit
    // (claiming).
    assert_eq!(LOCKED[0b111_111_001], 0b110_110_001);
    // Block 2 has its places in row 1 only: row 1's other blocks lose
    // the digit (pointing).
    assert_eq!(LOCKED[0b011_111_011], 0b011_100_011);
    // Nothing is locked when every line and column has two entries or
    // more, and the empty pattern stays empty.
    assert_eq!(LOCKED[0b111_111_111], 0b111_111_111);
    assert_eq!(LOCKED[0b110_101_011], 0b110_101_011);
    assert_eq!(LOCKED[0], 0);
    // Each segment pattern covers its rows' cells in its blocks.
    assert_eq!(SEGMENTS[0b000_010_000], 0b111 << 12);
    assert_eq!(SEGMENTS[0b111_111_111], BAND);
}

/// `lone_rows_and_blocks` against counting each house's places one cell
/// at a time, on every board of a pseudo-random stream (a band's 27 bits
/// thinned at several densities, so that empty and lone houses come up).
#[test]
fn lone_rows_and_blocks_match_a_count_per_house() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let houses = |house: &dyn Fn(u32) -> u32| -> [u32; 3] { [0, 1, 2].map(house) };
    let rows = houses(&|r| ROW << (9 * r));
    let blocks = houses(&|k| BLOCK << (3 * k));
    for round in 0..30_000 {
        // AND-ing draws together thins the board: 1/2, 1/4, 1/8 of cells.
        let board = (0..=round % 3).fold(BAND, |b, _| b & next() as u32);
        let lone = |masks: [u32; 3]| -> Option<u32> {
            masks
                .iter()
                .try_fold(0, |acc, &m| match (board & m).count_ones() {
                    0 => None,
                    1 => Some(acc | m),
                    _ => Some(acc),
                })
        };
        let expected = lone(rows).zip(lone(blocks));
        assert_eq!(lone_rows_and_blocks(board), expected, "board {board:#029b}");
    }
}

#[test]
fn placing_keeps_the_invariant_and_refuses_a_cleared_candidate() {
    let mut board = Board::EMPTY;
    // 5 in r2c5 (band 0, bit 13), then 5 again there: nothing changes.
    assert!(board.place(0, 4, 13));
    let once = board;
    assert!(board.place(0, 4, 13));
    assert_eq!(board.candidates, once.candidates);
    assert!(consistent(&board));
    assert_eq!(board.digits(0, 13), 1 << 4);
    // 5 is gone from the row, the block and the column, elsewhere kept.
    assert_eq!(board.digits(0, 9) & 1 << 4, 0);
    assert_eq!(board.digits(0, 3) & 1 << 4, 0);
    assert_eq!(board.digits(2, 22) & 1 << 4, 0, "r9c5");
    assert_ne!(board.digits(2, 23) & 1 << 4, 0, "r9c6");
    // Another digit in that cell, or 5 in a peer, is refused.
    assert!(!board.place(0, 0, 13));
    assert!(!board.place(2, 4, 22));
    assert!(board.place(2, 4, 23));
    assert!(consistent(&board));
}

#[test]
fn propagation_solves_an_easy_grid_and_keeps_the_invariant() {
    // Project Euler grid 1: singles alone solve it.
    let puzzle =
        nine("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
    let search = solve(&puzzle, 0);
    let Verdict::Unique(solution) = search.verdict else {
        panic!("{:?}", search.verdict);
    };
    assert_eq!(search.nodes, 0);
    assert_eq!(solution.check_solution(&puzzle), Ok(()));
    let mut board = Board::EMPTY;
    for (cell, d) in puzzle.givens() {
        assert!(board.place(
            cell.row() / 3,
            d.index(),
            (cell.row() % 3 * 9 + cell.col()) as u32
        ));
        assert!(consistent(&board));
    }
    assert!(board.propagate());
    assert!(consistent(&board));
    assert_eq!(board.solved, [BAND; 3]);
    assert_eq!(board.grid(), solution);
}

#[test]
fn a_cell_without_candidates_is_unsolvable() {
    // r1c1 sees 1–4 in its row, 5–8 in its column and 9 in its block;
    // no two givens clash.
    let mut puzzle = Grid::empty(Size::NINE);
    for (c, d) in (1..5).zip(1..) {
        puzzle.set(Cell::new(0, c), Some(digit(d)));
    }
    for (r, d) in (3..7).zip(5..) {
        puzzle.set(Cell::new(r, 0), Some(digit(d)));
    }
    puzzle.set(Cell::new(1, 1), Some(digit(9)));
    assert_eq!(puzzle.first_conflict(), None);
    let mut board = Board::from_givens(&puzzle).expect("no clash");
    assert_eq!(board.naked_singles(), None);
    let search = solve(&puzzle, Backtracker::DEFAULT_NODE_LIMIT);
    assert_eq!((search.verdict, search.nodes), (Verdict::Unsolvable, 0));
}

#[test]
fn a_digit_without_a_place_is_unsolvable() {
    // Row 1 holds 4–9; its empty cells r1c1, r1c4 and r1c7 lose 1 to the
    // 1s of their columns and keep 2 and 3: no cell runs out, but 1 has
    // no place in the row.
    let mut puzzle =
        nine(".45.67.89........................................................................");
    for (r, c) in [(3, 0), (4, 3), (5, 6)] {
        puzzle.set(Cell::new(r, c), Some(digit(1)));
    }
    assert_eq!(puzzle.first_conflict(), None);
    let mut board = Board::from_givens(&puzzle).expect("no clash");
    assert_eq!(board.digits(0, 0), 0b110);
    assert_eq!(board.naked_singles(), Some(false));
    let mut seen = UNSEEN;
    assert_eq!(board.hidden_singles(&mut seen), None);
    let search = solve(&puzzle, Backtracker::DEFAULT_NODE_LIMIT);
    assert_eq!((search.verdict, search.nodes), (Verdict::Unsolvable, 0));
}

#[test]
fn clashing_givens_are_unsolvable_without_search() {
    for (a, b) in [((0, 0), (0, 8)), ((0, 0), (8, 0)), ((0, 0), (2, 2))] {
        let mut puzzle = Grid::empty(Size::NINE);
        puzzle.set(Cell::new(a.0, a.1), Some(digit(7)));
        puzzle.set(Cell::new(b.0, b.1), Some(digit(7)));
        let search = solve(&puzzle, Backtracker::DEFAULT_NODE_LIMIT);
        assert_eq!((search.verdict, search.nodes), (Verdict::Unsolvable, 0));
    }
}

#[test]
fn several_solutions_give_two_valid_grids() {
    for line in [
        ".".repeat(81),
        // Line 1 of tdoku_serg_benchmark.txt: two or more solutions.
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
            .to_string(),
    ] {
        let puzzle = nine(&line);
        let Verdict::Multiple(a, b) = solve(&puzzle, Backtracker::DEFAULT_NODE_LIMIT).verdict
        else {
            panic!("{line}: expected two solutions");
        };
        assert_ne!(a, b);
        assert_eq!(a.check_solution(&puzzle), Ok(()));
        assert_eq!(b.check_solution(&puzzle), Ok(()));
    }
}

#[test]
fn branching_takes_a_two_candidate_cell_first() {
    let mut board = Board::EMPTY;
    // r1c1 loses 1–7 to its row and column: 8 and 9 are left.
    for (c, d) in (1..5).zip(0..) {
        assert!(board.place(0, d, c));
    }
    for (band, at, d) in [(1, 0, 4), (1, 9, 5), (2, 0, 6)] {
        assert!(board.place(band, d, at));
    }
    assert_eq!(board.branch(), (0, 0, 0b11 << 7));
    // The empty grid has no such cell: the first with nine.
    assert_eq!(Board::EMPTY.branch(), (0, 0, 0x1FF));
}

#[test]
fn the_dispatch_takes_only_classic_9x9_grids() {
    use crate::grid::Shape;
    assert!(supported(&Shape::square(Size::NINE)));
    for side in [4, 16, 25] {
        assert!(!supported(&Shape::square(Size::from_side(side).unwrap())));
    }
    // Other 9×9 blocks: rows of nine, and a jigsaw (r1c3 and r1c4 of
    // the 3×3 layout swapped).
    assert!(!supported(&Shape::with_blocks(Size::NINE, 1, 9).unwrap()));
    let mut blocks: Vec<u8> = (0..81u8).map(|i| i / 27 * 3 + i % 9 / 3).collect();
    blocks.swap(2, 3);
    assert!(!supported(&Shape::irregular(Size::NINE, blocks).unwrap()));
}

#[test]
fn searches_the_square_block_paths_tree_on_thinned_and_broken_grids() {
    // Euler grid 6 and its solution; blanking givens makes puzzles with
    // several solutions, changing one makes puzzles with none.
    let base =
        nine("100920000524010000000000070050008102000000000402700090060000000000030945000071006");
    let givens: Vec<_> = base.givens().collect();
    let mut kinds = std::collections::HashSet::new();
    for round in 0..120 {
        let mut puzzle = base.clone();
        let (cell, d) = givens[(round * 7) % givens.len()];
        match round % 3 {
            0 => {
                for &(c, _) in givens.iter().skip(round % 5).step_by(3 + round % 4) {
                    puzzle.set(c, None);
                }
            }
            1 => puzzle.set(
                cell,
                Some(Digit::from_index((d.index() + 1 + round % 8) % 9)),
            ),
            _ => puzzle.set(Cell::from_index(Size::NINE, (round * 13) % 81), Some(d)),
        }
        // The same tree: the same verdict after the same nodes.
        let fast = solve(&puzzle, Backtracker::DEFAULT_NODE_LIMIT);
        let other = Backtracker::default().solve_without_bitboard(&puzzle);
        assert_eq!(fast.verdict, other.verdict, "round {round}");
        assert_eq!(fast.nodes, other.nodes, "round {round}");
        let fast = fast.verdict;
        if let Verdict::Multiple(a, b) = &fast {
            assert_eq!(a.check_solution(&puzzle), Ok(()));
            assert_eq!(b.check_solution(&puzzle), Ok(()));
        }
        kinds.insert(std::mem::discriminant(&fast));
    }
    assert_eq!(kinds.len(), 3, "unique, several and none all came up");
}
