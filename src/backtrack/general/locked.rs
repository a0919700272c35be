//! Locked candidates (pointing and claiming) for any blocks.

use super::{Dead, General};

impl General<'_> {
    /// Locked candidates: a digit that a block holds only where it meets
    /// a line leaves the rest of that line (pointing), and a digit that a
    /// line holds only inside one block leaves the rest of that block
    /// (claiming). Works for any blocks, jigsaw included. Returns whether
    /// a candidate went.
    ///
    /// Without it, 49×49 grids with half their cells given took the
    /// search past 30,000 nodes; the fast solver does the same on 9×9
    /// to 25×25 (`propagation.rs`).
    pub(super) fn locked_candidates(
        &self,
        candidates: &mut [u64],
        seg_masks: &mut [u64],
    ) -> Result<bool, Dead> {
        let layout = &self.layout;
        for (mask, segment) in seg_masks.iter_mut().zip(&layout.segments) {
            *mask = segment
                .cells
                .iter()
                .filter(|&&c| candidates[c].count_ones() > 1)
                .fold(0, |m, &c| m | candidates[c]);
        }
        let mut changed = false;
        let mut clear = |cell: usize, digits: u64| -> Result<(), Dead> {
            let m = candidates[cell];
            if m.count_ones() > 1 && m & digits != 0 {
                candidates[cell] = m & !digits;
                if candidates[cell] == 0 {
                    return Err(Dead);
                }
                changed = true;
            }
            Ok(())
        };
        for (groups, pointing) in [(&layout.block_groups, true), (&layout.line_groups, false)] {
            for group in groups {
                // A digit of segment s is in no other segment of the group
                // unless two segments hold it: one pass over the group
                // rather than one per segment (a jigsaw region meets up to
                // N lines).
                let (mut once, mut twice) = (0u64, 0u64);
                for &t in group {
                    twice |= once & seg_masks[t];
                    once |= seg_masks[t];
                }
                for &s in group {
                    let only = seg_masks[s] & !twice;
                    if only == 0 {
                        continue;
                    }
                    let segment = &layout.segments[s];
                    if pointing {
                        for cell in layout.line_cells(segment.line) {
                            if layout.block_of[cell] != segment.block {
                                clear(cell, only)?;
                            }
                        }
                    } else {
                        for &cell in &layout.houses[2 * layout.side + segment.block] {
                            if !segment.cells.contains(&cell) {
                                clear(cell, only)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}
