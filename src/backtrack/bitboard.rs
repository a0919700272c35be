//! The 9×9 cross-check: a backtracker on band bitboards, one per digit.
//!
//! Nearly every grid the cross-check sees is a classic 9×9 (Project Euler,
//! the 17-clue and hardest-puzzle sets), where the per-cell masks of the
//! square-block path spend most of their time walking index tables. This
//! solver keeps the grid the other way round, as the fast bitboard
//! solvers do (JCZSolve, and tdoku's; see Tom Dillon's tdoku write-up,
//! t-dillon.github.io/tdoku): for each digit, the cells where it can
//! still go, one `u32` per band of three rows (bit 9·r + c for row r of
//! the band and column c). A row, a block or a column of a band is then a
//! mask, placing a digit is a dozen ANDs, and the whole state is 30
//! words, copied at each branch.
//!
//! Invariant: a placed cell keeps exactly its digit's bit, and every other
//! digit's board has that cell cleared along with the digit's peers. So
//! every cell has at least one bit unless the state is contradictory, and
//! a state whose cells are all placed is a solution: each placement was a
//! candidate then, and cleared the digit from its row, column and block.
//!
//! Propagation, to a fixpoint: naked singles (cells with one candidate,
//! found for all 27 cells of a band at once by counting bits across the
//! nine boards), hidden singles (a digit with one place left in a row,
//! column or block) and locked candidates (a 512-entry table per band and
//! per stack). It fails on a cell without candidates or a digit without a
//! place in some house. The search branches on a cell with the fewest
//! candidates, ties going to the most empty peers, and stops at the
//! second solution. That is the square-block path's method, and the
//! fixpoint of these rules does not depend on the order they run in, so
//! the two paths search the same tree: the same verdict (the same two
//! solutions, when there are several) after the same number of nodes, on
//! every one of the 110,927 9×9 puzzles of the public sets
//! (`examples/backtrack_agree.rs`). A node is one candidate tried, and the
//! node limit gives [`super::Verdict::GaveUp`] the same way.
//!
//! It shares no code with the encoder, nor with the square-block path
//! beside it: only [`crate::grid`], the module's result types and the
//! reading of a finished search into a verdict.

mod tables;

use super::{Search, verdict};
use crate::grid::{Digit, Grid, Shape, Size};
use tables::*;

/// Boards per digit as propagation last read them (`[digit][band]`), so
/// that a pass skips the digits nothing has changed since.
type Seen = [[u32; 3]; 9];

/// No board read yet: no band holds all 32 bits.
const UNSEEN: Seen = [[u32::MAX; 3]; 9];

/// Returns whether this solver handles the shape: 9×9 with 3×3 blocks.
pub(super) fn supported(shape: &Shape) -> bool {
    shape.side() == 9 && shape.block_dims() == Some((3, 3))
}

/// Solves a 9×9 puzzle with 3×3 blocks, searching for up to two
/// solutions within `node_limit` nodes.
pub(super) fn solve(puzzle: &Grid, node_limit: u64) -> Search {
    debug_assert!(supported(puzzle.shape()));
    let mut run = Run {
        node_limit,
        nodes: 0,
        gave_up: false,
        solutions: Vec::with_capacity(2),
    };
    if let Some(mut root) = Board::from_givens(puzzle)
        && root.propagate()
    {
        run.search(&root);
    }
    let grids = run.solutions.iter().map(Board::grid).collect();
    Search {
        verdict: verdict(puzzle, run.gave_up, grids),
        nodes: run.nodes,
    }
}

/// One search: its node count and the solutions found so far.
struct Run {
    node_limit: u64,
    nodes: u64,
    gave_up: bool,
    /// Up to two solutions, as fully placed boards.
    solutions: Vec<Board>,
}

impl Run {
    /// Searches below a propagated board; returns `true` when the search
    /// must stop (two solutions found or the limit reached).
    fn search(&mut self, board: &Board) -> bool {
        if board.solved == [BAND; 3] {
            self.solutions.push(*board);
            return self.solutions.len() == 2;
        }
        let (band, at, mut digits) = board.branch();
        while digits != 0 {
            if self.nodes == self.node_limit {
                self.gave_up = true;
                return true;
            }
            self.nodes += 1;
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut next = *board;
            if next.place(band, digit, at) && next.propagate() && self.search(&next) {
                return true;
            }
        }
        false
    }
}

/// The state of a 9×9 grid: where each digit can go, band by band.
#[derive(Clone, Copy)]
struct Board {
    /// `candidates[band][digit]`: the cells of the band (bit 9·r + c)
    /// that hold the digit or may still take it.
    candidates: [[u32; 9]; 3],
    /// The placed cells of each band.
    solved: [u32; 3],
}

impl Board {
    /// The empty grid: every digit possible everywhere.
    const EMPTY: Board = Board {
        candidates: [[BAND; 9]; 3],
        solved: [0; 3],
    };

    /// Returns the empty board with the givens of `puzzle` placed, or
    /// `None` when two of them clash.
    fn from_givens(puzzle: &Grid) -> Option<Board> {
        let mut board = Board::EMPTY;
        for (cell, digit) in puzzle.givens() {
            let (band, at) = (cell.row() / 3, cell.row() % 3 * 9 + cell.col());
            if !board.place(band, digit.index(), at as u32) {
                return None;
            }
        }
        Some(board)
    }

    /// Places `digit` (0-based) in cell `at` of `band` and clears it from
    /// the cell's peers. Returns `false` when the digit is not a candidate
    /// there. Placing a cell's own digit again changes nothing.
    fn place(&mut self, band: usize, digit: usize, at: u32) -> bool {
        let bit = 1 << at;
        if self.candidates[band][digit] & bit == 0 {
            return false;
        }
        for board in &mut self.candidates[band] {
            *board &= !bit;
        }
        let own = &mut self.candidates[band][digit];
        *own = (*own & !BAND_PEERS[at as usize]) | bit;
        // No other band holds the digit in this column: it would have
        // cleared the candidate tested above.
        let column = COLUMN << (at % 9);
        self.candidates[(band + 1) % 3][digit] &= !column;
        self.candidates[(band + 2) % 3][digit] &= !column;
        self.solved[band] |= bit;
        true
    }

    /// Places naked and hidden singles and removes locked candidates
    /// until none is left. Returns `false` on a contradiction: a cell
    /// without candidates or a digit without a place in a house.
    fn propagate(&mut self) -> bool {
        let (mut hidden, mut locked) = (UNSEEN, UNSEEN);
        loop {
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.solved == [BAND; 3] {
                return true;
            }
            match self.hidden_singles(&mut hidden) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.locked_candidates(&mut locked) {
                return true;
            }
        }
    }

    /// Removes locked candidates, where a block meets a row or a column
    /// (see [`LOCKED`]), for every digit whose boards differ from `seen`,
    /// and records the boards it reads there. Returns whether any
    /// candidate was removed.
    ///
    /// Placed cells keep their digit: a block holding it has it in one
    /// row and one column, which hold it nowhere else.
    fn locked_candidates(&mut self, seen: &mut Seen) -> bool {
        let mut changed = false;
        for digit in 0..9 {
            if !self.unseen(digit, seen) {
                continue;
            }
            // Across each band: which of its 3×3 segments (a row's cells
            // in a block) hold a place.
            for band in 0..3 {
                let board = self.candidates[band][digit];
                let flags = (board | board >> 1 | board >> 2) & TRIADS;
                let mut pattern = 0;
                for r in 0..3 {
                    // Bits 0, 3 and 6 of the row to bits 4, 5 and 6.
                    let row = (flags >> (9 * r)) & 0b001_001_001;
                    pattern |= (((row * 0b10101) >> 4) & 7) << (3 * r);
                }
                let kept = board & KEPT_SEGMENTS[pattern as usize];
                changed |= kept != board;
                self.candidates[band][digit] = kept;
            }
            // Down each stack: which of its columns hold a place in each
            // band.
            let columns = self
                .boards(digit)
                .map(|board| (board | board >> 9 | board >> 18) & ROW);
            let mut keep = [0u32; 3];
            for shift in [0, 3, 6] {
                let pattern = (columns[0] >> shift & 7)
                    | (columns[1] >> shift & 7) << 3
                    | (columns[2] >> shift & 7) << 6;
                let kept = u32::from(LOCKED[pattern as usize]);
                for (band, keep) in keep.iter_mut().enumerate() {
                    *keep |= (kept >> (3 * band) & 7) << shift;
                }
            }
            for (boards, keep) in self.candidates.iter_mut().zip(keep) {
                let kept = boards[digit] & (keep * COLUMN);
                changed |= kept != boards[digit];
                boards[digit] = kept;
            }
        }
        changed
    }

    /// Places every empty cell left with one candidate. Returns whether
    /// one was placed, or `None` when a cell has no candidate.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            // Bit-sliced counting: `once` holds the cells with at least
            // one candidate, `twice` those with at least two.
            let (mut once, mut twice) = (0, 0);
            for &board in &self.candidates[band] {
                twice |= once & board;
                once |= board;
            }
            if once != BAND {
                return None;
            }
            let mut singles = once & !twice & !self.solved[band];
            while singles != 0 {
                let at = singles.trailing_zeros();
                singles &= singles - 1;
                // An earlier single of this round may have taken the
                // cell's last candidate.
                let bit = 1 << at;
                let boards = &self.candidates[band];
                let digit = (0..9).find(|&d| boards[d] & bit != 0)?;
                let holds = self.place(band, digit, at);
                debug_assert!(holds, "the cell's one candidate");
                placed = true;
            }
        }
        Some(placed)
    }

    /// Places every digit that has one place left in a row, column or
    /// block, for every digit whose boards differ from `seen`, and records
    /// the boards it reads there. Returns whether one was placed, or
    /// `None` when a digit has no place in a house that lacks it.
    ///
    /// A digit whose boards are as last read has no single to give: the
    /// other digits' placements that leave its boards alone fill cells
    /// where it had no place.
    ///
    /// Each digit's singles are read from its boards before any is
    /// placed. Placing one digit only removes that digit's places, so a
    /// single read earlier either still holds, or has lost its cell to a
    /// peer just placed, in which case its house has no place left and
    /// the failed placement reports a true contradiction.
    ///
    /// A house where the digit is placed holds that one place only (the
    /// placement cleared the rest, see the invariant), so every house is
    /// read alike, placed cells included: none is a contradiction, one is
    /// a single unless already placed. Read so, without a branch per
    /// house, 300 rated 11+ puzzles went from about 8,900 to 10,000–10,250
    /// cross-checks a second (`sudoku-sat bench`), with the same trees.
    fn hidden_singles(&mut self, seen: &mut Seen) -> Option<bool> {
        let mut placed = false;
        for digit in 0..9 {
            if !self.unseen(digit, seen) {
                continue;
            }
            let boards = self.boards(digit);
            let mut singles = [0u32; 3];
            // Per column of the grid: whether the digit has a place in
            // it, and whether it has two or more.
            let (mut once, mut twice) = (0, 0);
            for (single, &board) in singles.iter_mut().zip(&boards) {
                let (rows, blocks) = lone_rows_and_blocks(board)?;
                *single = board & (rows | blocks);
                let column = (board | board >> 9 | board >> 18) & ROW;
                let column_twice =
                    (board & board >> 9 | board & board >> 18 | board >> 9 & board >> 18) & ROW;
                twice |= once & column | column_twice;
                once |= column;
            }
            if once != ROW {
                return None;
            }
            let lone = (once & !twice) * COLUMN;
            for (band, single) in singles.iter_mut().enumerate() {
                *single |= boards[band] & lone;
                *single &= !self.solved[band];
            }
            for (band, mut single) in singles.into_iter().enumerate() {
                while single != 0 {
                    let at = single.trailing_zeros();
                    single &= single - 1;
                    if !self.place(band, digit, at) {
                        return None;
                    }
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// Returns the boards of `digit`, one per band.
    ///
    /// Indexed rather than `self.candidates.map(…)`, which copies each
    /// band's nine boards to read one: those copies were a tenth of the
    /// propagation's time.
    fn boards(&self, digit: usize) -> [u32; 3] {
        [0, 1, 2].map(|band| self.candidates[band][digit])
    }

    /// Returns whether the boards of `digit` differ from those recorded in
    /// `seen`, and records them.
    fn unseen(&self, digit: usize, seen: &mut Seen) -> bool {
        let now = self.boards(digit);
        now != std::mem::replace(&mut seen[digit], now)
    }

    /// Returns the candidates of cell `at` of `band`, bit d for digit
    /// index d.
    fn digits(&self, band: usize, at: u32) -> u32 {
        let boards = &self.candidates[band];
        (0..9).fold(0, |mask, d| mask | ((boards[d] >> at) & 1) << d)
    }

    /// Chooses the cell to branch on: an empty cell with the fewest
    /// candidates, ties going to the one with the most empty peers (as in
    /// DSatur graph colouring, Brélaz 1979), then to the first. Returns
    /// its band, its bit and its candidates. The board must have an empty
    /// cell.
    ///
    /// Two-candidate cells, the usual case, are found for a whole band at
    /// once by counting bits across the digit boards up to three. The
    /// tie-break is the square-block path's rule, and pays here too: on
    /// 1,000 puzzles rated 11+ it cuts the mean tree from 281 nodes to
    /// 171 and the mean time by 29%. Cells are taken in row-major order and
    /// digits in ascending order, as there, so the trees are the same.
    fn branch(&self) -> (usize, u32, u32) {
        let mut best = None;
        let mut most_peers = 0;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &board in &self.candidates[band] {
                thrice |= twice & board;
                twice |= once & board;
                once |= board;
            }
            let mut pairs = twice & !thrice & !self.solved[band];
            while pairs != 0 {
                let at = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let peers = self.empty_peers(band, at);
                if best.is_none() || peers > most_peers {
                    (best, most_peers) = (Some((band, at)), peers);
                }
            }
        }
        if let Some((band, at)) = best {
            return (band, at, self.digits(band, at));
        }
        let mut best = (0, 0, 0);
        let mut fewest = (u32::MAX, 0);
        for band in 0..3 {
            let mut open = !self.solved[band] & BAND;
            while open != 0 {
                let at = open.trailing_zeros();
                open &= open - 1;
                let digits = self.digits(band, at);
                let count = digits.count_ones();
                if count <= fewest.0 {
                    let peers = self.empty_peers(band, at);
                    if count < fewest.0 || peers > fewest.1 {
                        (best, fewest) = ((band, at, digits), (count, peers));
                    }
                }
            }
        }
        debug_assert!(fewest.0 != u32::MAX, "an empty cell");
        best
    }

    /// Returns the number of empty peers of cell `at` of `band`.
    fn empty_peers(&self, band: usize, at: u32) -> u32 {
        let column = COLUMN << (at % 9);
        let own = !self.solved[band] & BAND_PEERS[at as usize];
        let others = [(band + 1) % 3, (band + 2) % 3].map(|b| !self.solved[b] & column);
        own.count_ones() - 1 + others[0].count_ones() + others[1].count_ones()
    }

    /// Returns the grid of a fully placed board.
    fn grid(&self) -> Grid {
        debug_assert_eq!(self.solved, [BAND; 3]);
        let mut cells = vec![None; 81];
        for (band, boards) in self.candidates.iter().enumerate() {
            for (digit, &board) in boards.iter().enumerate() {
                let mut places = board;
                while places != 0 {
                    let at = places.trailing_zeros() as usize;
                    places &= places - 1;
                    debug_assert!(cells[band * 27 + at].is_none(), "one digit a cell");
                    cells[band * 27 + at] = Some(Digit::from_index(digit));
                }
            }
        }
        Grid::from_cells(Size::NINE, cells).expect("81 cells of digits 1–9")
    }
}

/// For one digit's board of a band (its places, placed cells included),
/// returns the cells of the rows and of the blocks where it has exactly
/// one place, or `None` when a row or a block has none.
///
/// Each row of a band is three triads, its cells in the three blocks, and
/// each block three triads, its cells in the three rows; a house has one
/// place when exactly one of its triads holds any, and that one holds one.
/// So one pass marks every triad that holds a place and every triad that
/// holds two, at its first bit, and the rows and blocks read their triads
/// off those marks by shifts, all three at once, with no branch.
fn lone_rows_and_blocks(board: u32) -> Option<(u32, u32)> {
    let any = (board | board >> 1 | board >> 2) & TRIADS;
    let many = (board & board >> 1 | board & board >> 2 | board >> 1 & board >> 2) & TRIADS;
    // Rows: their triads at bits 9r, 9r + 3 and 9r + 6.
    let (a, b, c) = (any & COLUMN, any >> 3 & COLUMN, any >> 6 & COLUMN);
    let rows = a | b | c;
    let rows_twice = a & b | a & c | b & c | (many | many >> 3 | many >> 6) & COLUMN;
    // Blocks: their triads at bits 3k, 3k + 9 and 3k + 18.
    let (a, b, c) = (any & FIRSTS, any >> 9 & FIRSTS, any >> 18 & FIRSTS);
    let blocks = a | b | c;
    let blocks_twice = a & b | a & c | b & c | (many | many >> 9 | many >> 18) & FIRSTS;
    if rows != COLUMN || blocks != FIRSTS {
        return None;
    }
    // Bit 9r of a lone row spreads to its nine cells; bit 3k of a lone
    // block to its first row's three, then to the three rows.
    Some((
        (rows & !rows_twice) * ROW,
        (blocks & !blocks_twice) * 7 * COLUMN,
    ))
}

#[cfg(test)]
mod tests;
