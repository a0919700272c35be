//! Failed-literal probing on the classic board, widened to the dilemma
//! rule on a cell's candidates.

use super::{Board, Unsatisfiable};

impl Board {
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
    pub(super) fn probe(&mut self) -> Result<(), Unsatisfiable> {
        loop {
            let mut removed = false;
            for band in 0..3 {
                let mut from = 0;
                loop {
                    let few = self.few(band) & !((1 << from) - 1);
                    if few == 0 {
                        break;
                    }
                    let at = few.trailing_zeros();
                    from = at + 1;
                    if self.probe_cell(band, at)? {
                        removed = true;
                    }
                }
            }
            if !removed {
                return Ok(());
            }
        }
    }

    /// Probes cell `at` of `band`: each of its candidates placed on a
    /// copy, what no copy keeps removed, and the board propagated again
    /// when that was anything. Returns whether it was.
    fn probe_cell(&mut self, band: usize, at: u32) -> Result<bool, Unsatisfiable> {
        let mut kept = [[0u32; 3]; 9];
        for digit in 0..9 {
            if self.places[digit][band] >> at & 1 == 0 {
                continue;
            }
            let mut trial = *self;
            if trial
                .place(digit, band, at)
                .and_then(|()| trial.singles())
                .is_ok()
            {
                for (kept, places) in kept.iter_mut().zip(&trial.places) {
                    for (kept, &places) in kept.iter_mut().zip(places) {
                        *kept |= places;
                    }
                }
            }
        }
        let mut changed = 0;
        for (digit, (places, kept)) in self.places.iter_mut().zip(&kept).enumerate() {
            let left = [0, 1, 2].map(|b| places[b] & kept[b]);
            if left != *places {
                *places = left;
                changed |= 1 << digit;
            }
        }
        if changed == 0 {
            return Ok(false);
        }
        // With every copy failed, the cell's own candidates are gone too,
        // and propagation reports the conflict.
        self.unread |= changed;
        self.unlocked |= changed;
        self.propagate()?;
        Ok(true)
    }

    /// Returns the cells of `band` with two or three candidates, counted
    /// bit-sliced across the digits.
    fn few(&self, band: usize) -> u32 {
        let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
        for places in &self.places {
            let places = places[band];
            four |= three & places;
            three |= two & places;
            two |= one & places;
            one |= places;
        }
        two & !four
    }
}
