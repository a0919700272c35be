//! Propagation for the classic 9×9 grid, on one candidate mask per cell.
//!
//! It makes the deductions the groups' propagation makes ([`super::groups`])
//! under the extended rules, naked and hidden singles and locked
//! candidates, and reaches the same fixpoint: the closure of a set of
//! sound, monotone deductions does not depend on the order they run in.
//! It gets there for a fraction of the work, because a 9×9 cell's nine
//! literals are one `u16` and a placement is twenty mask updates, where
//! the groups pay four group updates per literal. Most puzzles a user
//! brings are 9×9, so this is the path nearly every puzzle takes.
//!
//! On top, on request, probing: failed-literal probing (J. W. Freeman,
//! "Improvements to propositional satisfiability search algorithms", PhD
//! thesis, 1995; I. Lynce and J. Marques-Silva, "Probing-based
//! preprocessing techniques for propositional satisfiability", ICTAI
//! 2003), where a candidate whose placement leads propagation to a
//! conflict is removed, widened to whatever no placement of a cell's
//! candidates keeps (see `Board::probe`). Each probe is a propagation
//! from a copy of the state, so probing stays polynomial, and every
//! removal is sound; what it leaves is still the SAT solver's to decide.

use super::{Propagated, Unsatisfiable};
use crate::grid::{Grid, Shape};

/// All nine candidates.
const ALL: u16 = 0x1ff;

/// The 27 houses' cells: rows, columns, then blocks.
const HOUSES: [[u8; 9]; 27] = houses();

/// Each cell's twenty peers: the other cells of its row, column and block.
const PEERS: [[u8; 20]; 81] = peers();

/// Each cell's three houses, as bits of a house set (bit h for house h of
/// [`HOUSES`]).
const HOMES: [u32; 81] = homes();

/// The 54 intersections of a block with a row or column: the three shared
/// cells, the block's six others, and the line's six others.
const SEGMENTS: [Segment; 54] = segments();

/// A block-line intersection; see [`SEGMENTS`].
#[derive(Clone, Copy)]
struct Segment {
    shared: [u8; 3],
    block_rest: [u8; 6],
    line_rest: [u8; 6],
}

const fn houses() -> [[u8; 9]; 27] {
    let mut houses = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            houses[i][j] = (9 * i + j) as u8;
            houses[9 + i][j] = (9 * j + i) as u8;
            let (row, col) = (i / 3 * 3 + j / 3, i % 3 * 3 + j % 3);
            houses[18 + i][j] = (9 * row + col) as u8;
            j += 1;
        }
        i += 1;
    }
    houses
}

const fn peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let mut k = 0;
        let mut other = 0;
        while other < 81 {
            let (r, c) = (other / 9, other % 9);
            let same_block = r / 3 == row / 3 && c / 3 == col / 3;
            if other != cell && (r == row || c == col || same_block) {
                peers[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// Returns the three houses of `cell`: its row, column and block, as
/// indices into [`HOUSES`].
const fn houses_of(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

const fn homes() -> [u32; 81] {
    let mut homes = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [row, col, block] = houses_of(cell);
        homes[cell] = 1 << row | 1 << col | 1 << block;
        cell += 1;
    }
    homes
}

const fn segments() -> [Segment; 54] {
    let mut segments = [Segment {
        shared: [0; 3],
        block_rest: [0; 6],
        line_rest: [0; 6],
    }; 54];
    let mut s = 0;
    while s < 54 {
        // Segments 0..27: block b's row i; 27..54: block b's column i.
        let (by_column, b, i) = (s >= 27, s % 27 / 3, s % 3);
        let (band, stack) = (b / 3, b % 3);
        let mut segment = segments[s];
        let (mut n_shared, mut n_block, mut n_line) = (0, 0, 0);
        let mut cell = 0;
        while cell < 81 {
            let (r, c) = (cell / 9, cell % 9);
            let in_block = r / 3 == band && c / 3 == stack;
            let in_line = if by_column {
                c == stack * 3 + i
            } else {
                r == band * 3 + i
            };
            if in_block && in_line {
                segment.shared[n_shared] = cell as u8;
                n_shared += 1;
            } else if in_block {
                segment.block_rest[n_block] = cell as u8;
                n_block += 1;
            } else if in_line {
                segment.line_rest[n_line] = cell as u8;
                n_line += 1;
            }
            cell += 1;
        }
        segments[s] = segment;
        s += 1;
    }
    segments
}

/// Returns whether this propagation handles `shape`: 9×9 with 3×3 blocks.
pub(super) fn supported(shape: &Shape) -> bool {
    shape.side() == 9 && shape.block_dims() == Some((3, 3))
}

/// The candidates of every cell, and the placements still to propagate.
#[derive(Clone)]
struct Board {
    /// Per cell, its candidate digits (bit d − 1 for digit d). A cell with
    /// one candidate is placed.
    candidates: [u16; 81],
    /// Placed cells whose digit is not yet removed from their peers, one
    /// bit per cell: a board is copied for every probe, so it stays small.
    pending: u128,
    /// The houses with a cell changed since hidden singles last looked at
    /// them; no other house can hold a new one.
    dirty: u32,
}

impl Board {
    /// Returns the board of `puzzle`'s givens, with their digits removed
    /// from their peers; fails when two givens of a house share a digit
    /// or a cell is left without a candidate. The cells this leaves with
    /// one candidate are queued.
    ///
    /// One pass over the houses' digits rather than a placement per
    /// given, which cleared twenty peers each: the givens' peers were a
    /// third of the peer updates on the Project Euler puzzles.
    fn new(puzzle: &Grid) -> Result<Board, Unsatisfiable> {
        let mut taken = [0u16; 27];
        let givens = puzzle
            .cells()
            .iter()
            .map(|d| d.map_or(0, |d| 1u16 << (d.get() - 1)));
        let mut board = Board {
            candidates: [0; 81],
            pending: 0,
            dirty: (1 << 27) - 1,
        };
        for (cell, bit) in givens.clone().enumerate() {
            for house in houses_of(cell) {
                if taken[house] & bit != 0 {
                    return Err(Unsatisfiable);
                }
                taken[house] |= bit;
            }
        }
        for (cell, bit) in givens.enumerate() {
            if bit != 0 {
                board.candidates[cell] = bit;
                continue;
            }
            let left = houses_of(cell)
                .iter()
                .fold(ALL, |left, &h| left & !taken[h]);
            board.candidates[cell] = left;
            if left == 0 {
                return Err(Unsatisfiable);
            }
            if is_single(left) {
                board.push(cell);
            }
        }
        Ok(board)
    }

    /// Places the candidate `bit` in `cell`, to be propagated.
    fn place(&mut self, cell: usize, bit: u16) -> Result<(), Unsatisfiable> {
        let mask = self.candidates[cell];
        if mask & bit == 0 {
            return Err(Unsatisfiable);
        }
        // A cell already down to this one candidate was queued when it
        // got there.
        if mask != bit {
            self.candidates[cell] = bit;
            self.dirty |= HOMES[cell];
            self.push(cell);
        }
        Ok(())
    }

    fn push(&mut self, cell: usize) {
        self.pending |= 1 << cell;
    }

    /// Removes the candidates `bits` from `cell`, queueing it when one is
    /// left.
    #[inline(always)]
    fn remove(&mut self, cell: usize, bits: u16) -> Result<(), Unsatisfiable> {
        let mask = self.candidates[cell];
        if mask & bits == 0 {
            return Ok(());
        }
        let left = mask & !bits;
        self.candidates[cell] = left;
        self.dirty |= HOMES[cell];
        if left == 0 {
            return Err(Unsatisfiable);
        }
        if is_single(left) {
            self.push(cell);
        }
        Ok(())
    }

    /// Naked and hidden singles to a fixpoint.
    fn singles(&mut self) -> Result<(), Unsatisfiable> {
        loop {
            while self.pending != 0 {
                let cell = self.pending.trailing_zeros() as usize;
                self.pending &= self.pending - 1;
                let bit = self.candidates[cell];
                for &peer in &PEERS[cell] {
                    self.remove(peer as usize, bit)?;
                }
            }
            if !self.hidden_singles()? {
                return Ok(());
            }
        }
    }

    /// One pass of hidden singles over the houses changed since the last:
    /// a digit with one place left in a house goes there. Fails on a digit
    /// with no place. Returns whether anything was placed.
    fn hidden_singles(&mut self) -> Result<bool, Unsatisfiable> {
        let mut placed = false;
        let mut dirty = std::mem::take(&mut self.dirty);
        while dirty != 0 {
            let house = &HOUSES[dirty.trailing_zeros() as usize];
            dirty &= dirty - 1;
            let (mut once, mut twice, mut fixed) = (0u16, 0u16, 0u16);
            for &cell in house {
                let mask = self.candidates[cell as usize];
                twice |= once & mask;
                once |= mask;
                if is_single(mask) {
                    fixed |= mask;
                }
            }
            if once != ALL {
                return Err(Unsatisfiable);
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // The one cell that still has it, unless an earlier
                // digit of this pass took that cell.
                let cell = house
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.candidates[c] & bit != 0)
                    .ok_or(Unsatisfiable)?;
                self.place(cell, bit)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// One pass of locked candidates over the 54 block-line
    /// intersections: a digit that a block (or line) holds only in the
    /// intersection leaves the rest of the line (or block). Returns
    /// whether anything was removed.
    fn locked(&mut self) -> Result<bool, Unsatisfiable> {
        let mut changed = false;
        for segment in &SEGMENTS {
            let union = |cells: &[u8]| {
                cells
                    .iter()
                    .fold(0, |acc, &c| acc | self.candidates[c as usize])
            };
            let shared = union(&segment.shared);
            let (block, line) = (union(&segment.block_rest), union(&segment.line_rest));
            // Placed digits are already gone from the rest of both
            // houses, so they never show up here.
            let from_line = shared & !block & line;
            let from_block = shared & !line & block;
            if from_line | from_block == 0 {
                continue;
            }
            changed = true;
            for &cell in &segment.line_rest {
                self.remove(cell as usize, from_line)?;
            }
            for &cell in &segment.block_rest {
                self.remove(cell as usize, from_block)?;
            }
        }
        Ok(changed)
    }

    /// Singles and locked candidates to a fixpoint.
    fn propagate(&mut self) -> Result<(), Unsatisfiable> {
        self.singles()?;
        while self.locked()? {
            self.singles()?;
        }
        Ok(())
    }

    /// Probing to a fixpoint: for every cell with two or three
    /// candidates, each candidate is placed on a copy of the board and
    /// propagated by singles; a candidate of any cell that no copy keeps
    /// is removed, and the board propagated again in full.
    ///
    /// The cell holds one of its candidates in every solution, and each
    /// copy's propagation is sound, so every solution lies within the
    /// union of the copies that did not fail. A failed copy adds nothing:
    /// its candidate goes, which is failed-literal probing; what all the
    /// copies remove goes too, which is the dilemma rule of Stålmarck's
    /// method (G. Stålmarck, M. Säflund, "Modeling and verifying systems
    /// and software in propositional logic", 1990) on the cell's
    /// candidates. The union took magictour puzzles 27% fewer instructions
    /// than failed-literal probing alone, and changed 17-clue and the
    /// hardest puzzles by under 2%.
    ///
    /// Cells with more candidates and locked candidates inside the trials
    /// cost more than they find: trying every candidate of every cell
    /// with the full propagation made the hardest sets, where probing
    /// seldom settles a puzzle, 22–45% slower to solve, and 17-clue and
    /// magictour puzzles no faster (docs/performance.md).
    fn probe(&mut self) -> Result<(), Unsatisfiable> {
        loop {
            let mut removed = false;
            for cell in 0..81 {
                let options = self.candidates[cell];
                if is_single(options) || options.count_ones() > 3 {
                    continue;
                }
                let mut union = [0u16; 81];
                let mut untried = options;
                while untried != 0 {
                    let bit = untried & untried.wrapping_neg();
                    untried &= untried - 1;
                    let mut trial = self.clone();
                    if trial
                        .place(cell, bit)
                        .and_then(|()| trial.singles())
                        .is_ok()
                    {
                        for (kept, &left) in union.iter_mut().zip(&trial.candidates) {
                            *kept |= left;
                        }
                    }
                }
                let mut changed = false;
                for (other, &kept) in union.iter().enumerate() {
                    let gone = self.candidates[other] & !kept;
                    if gone != 0 {
                        // With every copy failed, the cell's own
                        // candidates all go: a conflict.
                        self.remove(other, gone)?;
                        changed = true;
                    }
                }
                if changed {
                    self.propagate()?;
                    removed = true;
                }
            }
            if !removed {
                return Ok(());
            }
        }
    }

    /// Returns the value of every cell-digit variable (`None` when free),
    /// in the variables' order: cell-major, digits ascending.
    fn values(&self) -> Vec<Option<bool>> {
        let mut values = Vec::with_capacity(729);
        for &mask in &self.candidates {
            if is_single(mask) {
                values.extend((0..9).map(|d| Some(mask >> d & 1 == 1)));
            } else {
                values.extend((0..9).map(|d| (mask >> d & 1 == 0).then_some(false)));
            }
        }
        values
    }
}

/// Propagates the givens of `puzzle` (9×9, 3×3 blocks) to a fixpoint of
/// singles and locked candidates, then, when `probe` is set, of
/// failed-literal probing; returns the value of every cell-digit variable.
pub(super) fn propagate(puzzle: &Grid, probe: bool) -> Result<Vec<Option<bool>>, Unsatisfiable> {
    settle(puzzle, probe).map(Propagated::into_values)
}

/// As [`propagate`], but a puzzle whose every cell is forced comes back as
/// its true variables alone: most puzzles end so, and they need no
/// value for each of the 729 variables.
pub(super) fn settle(puzzle: &Grid, probe: bool) -> Result<Propagated, Unsatisfiable> {
    debug_assert!(supported(puzzle.shape()));
    let mut board = Board::new(puzzle)?;
    board.propagate()?;
    if probe {
        board.probe()?;
    }
    if board.candidates.iter().all(|&mask| is_single(mask)) {
        let true_vars = (board.candidates.iter().enumerate())
            .map(|(cell, mask)| 9 * cell + mask.trailing_zeros() as usize)
            .collect();
        return Ok(Propagated::Settled(true_vars));
    }
    Ok(Propagated::Open(board.values()))
}

/// Returns whether a non-empty candidate mask holds one candidate.
#[inline(always)]
fn is_single(mask: u16) -> bool {
    mask & mask.wrapping_sub(1) == 0
}
