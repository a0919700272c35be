//! Propagation for the classic 9×9 grid, on band bitboards.
//!
//! It makes the deductions the groups' propagation makes ([`super::groups`])
//! under the extended rules, naked and hidden singles and locked
//! candidates, and reaches the same fixpoint: the closure of a set of
//! sound, monotone deductions does not depend on the order they run in.
//! It gets there for a fraction of the work. The grid is kept the way the
//! fast bitboard solvers keep it (JCZSolve, and tdoku; see Tom Dillon's
//! write-up, t-dillon.github.io/tdoku): for each digit and each band of
//! three rows, the band's cells where the digit can still go, one `u32`
//! (bit 9·r + c for row r of the band and column c). Placing a digit is
//! then a dozen masks, a band's naked singles are found for its 27 cells
//! at once by counting bits across the nine digits, and a digit's hidden
//! singles for all 27 houses in a few dozen operations a band. Most puzzles a
//! user brings are 9×9, so this is the path nearly every puzzle takes; on
//! 17-clue puzzles it is most of what the SAT path costs.
//!
//! Invariant: a placed cell keeps its digit's bit alone, and that digit
//! is gone from the cell's peers. So a state whose cells are all placed is
//! a solution.
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

mod bits;
mod probe;

use super::{Propagated, Unsatisfiable};
use crate::grid::{Grid, Shape};
use bits::{
    BAND, BAND_PEERS, COLUMN, DIGITS, ROW, ROW_SEGMENTS, SEGMENTS, add_counts, count_three,
    kept_by_marks, lone_in_rows_and_blocks, lone_marks,
};

/// Returns whether this propagation handles `shape`: 9×9 with 3×3 blocks.
pub(super) fn supported(shape: &Shape) -> bool {
    shape.side() == 9 && shape.block_dims() == Some((3, 3))
}

/// Where each digit can go, and which digits changed since the house
/// rules last read them.
#[derive(Clone, Copy)]
struct Board {
    /// `places[digit][band]`: the cells of the band that hold the digit
    /// or may still take it. A board is copied for every probe, so the
    /// whole state is these 27 words and four more.
    places: [[u32; 3]; 9],
    /// The placed cells of each band: see the module's invariant.
    placed: [u32; 3],
    /// The digits whose places shrank since hidden singles last read
    /// them (bit d): no other digit can have a new one.
    unread: u16,
    /// The same for locked candidates.
    unlocked: u16,
}

impl Board {
    /// Returns the board of `puzzle`'s givens, each placed; fails when two
    /// givens of a house share a digit.
    ///
    /// Every given's cell is emptied of the other digits at once, so that
    /// each given is then only removed from its peers.
    fn new(puzzle: &Grid) -> Result<Board, Unsatisfiable> {
        // Cells row-major: cell i is bit i mod 27 of band i / 27.
        let givens = (puzzle.cells().iter().enumerate()).filter_map(|(cell, digit)| {
            Some((digit.as_ref()?.index(), cell / 27, (cell % 27) as u32))
        });
        let mut open = [BAND; 3];
        for (_, band, at) in givens.clone() {
            open[band] &= !(1 << at);
        }
        let mut board = Board {
            places: [open; 9],
            placed: [0; 3],
            unread: DIGITS,
            unlocked: DIGITS,
        };
        for (digit, band, at) in givens.clone() {
            board.places[digit][band] |= 1 << at;
        }
        for (digit, band, at) in givens {
            // A given of the same digit placed before in a house shared
            // with this one has taken its place.
            if board.places[digit][band] >> at & 1 == 0 {
                return Err(Unsatisfiable);
            }
            board.clear_peers(digit, band, at, 0);
        }
        Ok(board)
    }

    /// Places `digit` (0-based) in cell `at` of `band` and removes it from
    /// the cell's peers; fails when the digit cannot go there. Placing a
    /// cell's own digit again changes nothing.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, at: u32) -> Result<(), Unsatisfiable> {
        let bit = 1 << at;
        if self.places[digit][band] & bit == 0 {
            return Err(Unsatisfiable);
        }
        if self.placed[band] & bit != 0 {
            return Ok(());
        }
        let mut touched = 0;
        for (d, places) in self.places.iter_mut().enumerate() {
            touched |= ((places[band] >> at & 1) as u16) << d;
            places[band] &= !bit;
        }
        self.places[digit][band] |= bit;
        self.clear_peers(digit, band, at, touched);
        Ok(())
    }

    /// Completes the placement of `digit` in cell `at` of `band`, which
    /// holds that digit alone and is not placed yet: removes it from the
    /// cell's peers. `touched` names the digits the cell held before, whose
    /// places have shrunk.
    ///
    /// A naked single comes here directly: its cell has no other digit to
    /// clear, and that loop over the nine digits was a tenth of the
    /// propagation's instructions.
    #[inline(always)]
    fn clear_peers(&mut self, digit: usize, band: usize, at: u32, touched: u16) {
        let own = &mut self.places[digit];
        own[band] &= !BAND_PEERS[at as usize] | 1 << at;
        // The other bands share the cell's column only.
        let column = COLUMN << (at % 9);
        own[(band + 1) % 3] &= !column;
        own[(band + 2) % 3] &= !column;
        self.placed[band] |= 1 << at;
        self.unread |= touched | 1 << digit;
        self.unlocked |= touched | 1 << digit;
    }

    /// Naked and hidden singles to a fixpoint.
    fn singles(&mut self) -> Result<(), Unsatisfiable> {
        loop {
            if self.naked_singles()? {
                continue;
            }
            if self.placed == [BAND; 3] || !self.hidden_singles()? {
                return Ok(());
            }
        }
    }

    /// One pass of naked singles, band by band: every cell left with one
    /// candidate is placed. Fails on a cell without a candidate. Returns
    /// whether anything was placed.
    fn naked_singles(&mut self) -> Result<bool, Unsatisfiable> {
        let mut any = false;
        for band in 0..3 {
            // Counted bit-sliced across the digits: `once` holds the
            // cells with a candidate, `twice` those with two or more.
            let (mut once, mut twice) = (0, 0);
            for places in &self.places {
                twice |= once & places[band];
                once |= places[band];
            }
            if once != BAND {
                return Err(Unsatisfiable);
            }
            let mut singles = once & !twice & !self.placed[band];
            while singles != 0 {
                let at = singles.trailing_zeros();
                singles &= singles - 1;
                // An earlier single of this pass may have taken the
                // cell's one candidate from it.
                let digit = (0..9)
                    .find(|&d| self.places[d][band] >> at & 1 != 0)
                    .ok_or(Unsatisfiable)?;
                self.clear_peers(digit, band, at, 0);
                any = true;
            }
        }
        Ok(any)
    }

    /// One pass of hidden singles over the digits whose places shrank
    /// since the last: a digit with one place left in a row, a column or
    /// a block goes there. Fails on a house without a place for the
    /// digit. Returns whether anything was placed.
    ///
    /// A house where the digit is placed holds that one place (the
    /// invariant), so it reads as a single already placed. A digit's
    /// singles are all read before any is placed; placing one removes
    /// only that digit's places, so a single read earlier either still
    /// holds or has lost its cell to a peer just placed, and then its
    /// house has no place left: the failed placement is a true conflict.
    fn hidden_singles(&mut self) -> Result<bool, Unsatisfiable> {
        let mut any = false;
        let mut unread = std::mem::take(&mut self.unread);
        while unread != 0 {
            let digit = unread.trailing_zeros() as usize;
            unread &= unread - 1;
            let places = self.places[digit];
            let mut lone = [0u32; 3];
            // The columns with a place and those with two, over the
            // bands' rows.
            let mut columns = (0, 0);
            for (lone, &band) in lone.iter_mut().zip(&places) {
                *lone = band & lone_in_rows_and_blocks(band)?;
                let rows = count_three(band & ROW, band >> 9 & ROW, band >> 18);
                columns = add_counts(columns, rows);
            }
            let (once, twice) = columns;
            if once != ROW {
                return Err(Unsatisfiable);
            }
            let columns = (once & !twice) * COLUMN;
            for band in 0..3 {
                let mut singles = (lone[band] | places[band] & columns) & !self.placed[band];
                while singles != 0 {
                    let at = singles.trailing_zeros();
                    singles &= singles - 1;
                    self.place(digit, band, at)?;
                    any = true;
                }
            }
        }
        Ok(any)
    }

    /// One pass of locked candidates over the digits whose places shrank
    /// since the last: where a digit's places in a block all lie in one
    /// row or column, it leaves the rest of that line (pointing), and
    /// where its places in a line all lie in one block, it leaves the rest
    /// of that block (claiming). Returns whether anything was removed.
    ///
    /// Each test reads the places as they were at the start of its part
    /// of the pass: a deduction that holds for more places holds for
    /// fewer, so acting on it later is still sound.
    fn locked(&mut self) -> bool {
        let mut changed = 0;
        let mut unlocked = std::mem::take(&mut self.unlocked);
        while unlocked != 0 {
            let digit = unlocked.trailing_zeros() as usize;
            unlocked &= unlocked - 1;
            let before = self.places[digit];
            let places = &mut self.places[digit];
            // Within a band, its blocks against its rows, by segments (bit
            // 9·r + 3·s for row r's cells in block s): a block's only
            // segment keeps its row to itself (pointing), a row's only
            // segment keeps its block (claiming).
            for band in places.iter_mut() {
                let segments = (*band | *band >> 1 | *band >> 2) & SEGMENTS;
                let pointing = lone_marks(segments, 9, ROW_SEGMENTS);
                let claiming = lone_marks(segments, 3, COLUMN);
                let kept =
                    kept_by_marks(pointing, 3, COLUMN) & kept_by_marks(claiming, 9, ROW_SEGMENTS);
                *band &= kept * 7;
            }
            // Across the bands, their blocks against the columns (bit c
            // for column c, in each band's word): a block's only column
            // keeps that column of the other bands out, and a column held
            // in one band only keeps the rest of its block there out.
            let columns = places.map(|band| (band | band >> 9 | band >> 18) & ROW);
            let (once, twice) = count_three(columns[0], columns[1], columns[2]);
            let mut kept = [ROW; 3];
            for band in 0..3 {
                let pointing = lone_marks(columns[band], 1, ROW_SEGMENTS);
                kept[(band + 1) % 3] &= !pointing;
                kept[(band + 2) % 3] &= !pointing;
                let claiming = columns[band] & once & !twice;
                kept[band] &= kept_by_marks(claiming, 1, ROW_SEGMENTS);
            }
            for (band, kept) in places.iter_mut().zip(kept) {
                *band &= kept * COLUMN;
            }
            if *places != before {
                changed |= 1 << digit;
            }
        }
        self.unread |= changed;
        self.unlocked |= changed;
        changed != 0
    }

    /// Singles and locked candidates to a fixpoint.
    fn propagate(&mut self) -> Result<(), Unsatisfiable> {
        loop {
            self.singles()?;
            if !self.locked() {
                return Ok(());
            }
        }
    }

    /// Returns the candidates of cell `at` of `band`, bit d for digit
    /// index d.
    fn candidates(&self, band: usize, at: usize) -> u16 {
        (self.places.iter().enumerate()).fold(0, |mask, (d, places)| {
            mask | ((places[band] >> at & 1) as u16) << d
        })
    }

    /// Returns the value of every cell-digit variable (`None` when free),
    /// in the variables' order: cell-major, digits ascending.
    fn values(&self) -> Vec<Option<bool>> {
        let mut values = Vec::with_capacity(729);
        for cell in 0..81 {
            let mask = self.candidates(cell / 27, cell % 27);
            if mask.is_power_of_two() {
                values.extend((0..9).map(|d| Some(mask >> d & 1 == 1)));
            } else {
                values.extend((0..9).map(|d| (mask >> d & 1 == 0).then_some(false)));
            }
        }
        values
    }

    /// Returns the true variable of every cell, cell by cell, once every
    /// cell is placed.
    fn true_vars(&self) -> Vec<usize> {
        debug_assert_eq!(self.placed, [BAND; 3]);
        let mut digits = [0; 81];
        for (digit, places) in self.places.iter().enumerate() {
            for (band, &places) in places.iter().enumerate() {
                let mut left = places;
                while left != 0 {
                    digits[27 * band + left.trailing_zeros() as usize] = digit;
                    left &= left - 1;
                }
            }
        }
        (digits.iter().enumerate())
            .map(|(cell, digit)| 9 * cell + digit)
            .collect()
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
    if board.placed == [BAND; 3] {
        return Ok(Propagated::Settled(board.true_vars()));
    }
    Ok(Propagated::Open(board.values()))
}
