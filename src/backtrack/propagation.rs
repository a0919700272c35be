//! Propagation on a frame: placing digits, singles, locked candidates.

use super::*;

/// Writes the digit `bit` into `cell` and counts one empty cell fewer.
/// Returns the candidates the cell had, for the caller to clear `bit` from
/// its peers; or `Err` with the answer to give at once when the cell was
/// filled already (`true` if with `bit`) or lacks the candidate (`false`).
pub(super) fn fill(geo: &Geometry, frame: &mut [u32], cell: usize, bit: u32) -> Result<u32, bool> {
    let c = frame[cell];
    if c & FILLED != 0 {
        return Err(c == FILLED | bit);
    }
    if c & bit == 0 {
        return Err(false);
    }
    frame[cell] = FILLED | bit;
    frame[geo.cells] -= 1;
    Ok(c)
}

/// Puts the digit `bit` into `cell` and clears it from the cell's peers,
/// queueing peers left with one candidate. Returns `false` on a
/// contradiction: the digit is not a candidate there, or a peer is left
/// with none.
pub(super) fn place(
    geo: &Geometry,
    frame: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    bit: u32,
) -> bool {
    if let Err(holds) = fill(geo, frame, cell, bit) {
        return holds;
    }
    let mut ok = true;
    for &p in geo.peers(cell) {
        let p = p as usize;
        let old = frame[p];
        // A filled peer holds another digit (an empty cell's candidates
        // never include a digit placed among its peers), so clearing the
        // bit leaves it unchanged.
        let new = old & !bit;
        frame[p] = new;
        if old != new {
            if new == 0 {
                ok = false;
            } else if new & (new - 1) == 0 {
                queue.push(p as u16);
            }
        }
    }
    ok
}

/// Places naked and hidden singles and removes locked candidates until
/// none is left. Returns `false` on a contradiction: a cell without
/// candidates or a digit without a place in a house. The queue is empty
/// on return.
pub(super) fn propagate(geo: &Geometry, frame: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let done = singles_and_locked(geo, frame, queue);
    queue.clear();
    debug_assert!(!done || frame_is_consistent(geo, frame));
    done
}

/// Places naked and hidden singles and removes locked candidates until
/// none is left. Returns `false` on a contradiction.
pub(super) fn singles_and_locked(geo: &Geometry, frame: &mut [u32], queue: &mut Vec<u16>) -> bool {
    loop {
        if !naked_singles(geo, frame, queue) {
            return false;
        }
        if frame[geo.cells] == 0 {
            return true;
        }
        let tally = HouseScan::new(geo, frame);
        match tally.hidden_singles(geo, frame, queue) {
            None => return false,
            Some(true) => continue,
            Some(false) => {}
        }
        match tally.locked_candidates(geo, frame, queue) {
            None => return false,
            Some(true) => continue,
            Some(false) => return true,
        }
    }
}

/// Places the queued cells that have one candidate left, and the cells
/// that this leaves with one. Returns `false` on a contradiction.
pub(super) fn naked_singles(geo: &Geometry, frame: &mut [u32], queue: &mut Vec<u16>) -> bool {
    while let Some(cell) = queue.pop() {
        let cell = cell as usize;
        let c = frame[cell];
        if c & FILLED == 0 && !place(geo, frame, queue, cell, c) {
            return false;
        }
    }
    true
}

/// Removes `digits` from the candidates of `cell` if it is empty, queueing
/// it when one is left. Returns whether any was removed, or `None` when
/// none is left.
pub(super) fn eliminate(
    frame: &mut [u32],
    queue: &mut Vec<u16>,
    cell: usize,
    digits: u32,
) -> Option<bool> {
    let old = frame[cell];
    if old & FILLED != 0 || old & digits == 0 {
        return Some(false);
    }
    let new = old & !digits;
    frame[cell] = new;
    if new == 0 {
        return None;
    }
    if new & (new - 1) == 0 {
        queue.push(cell as u16);
    }
    Some(true)
}

/// What one row-major pass over a frame learns about the houses and about
/// the segments where blocks meet lines (the n cells a block shares with a
/// row or a column).
///
/// One linear pass serves both hidden singles and locked candidates, in
/// place of a pass per house through index tables.
pub(super) struct HouseScan {
    /// Digits that are candidates in at least one empty cell of a house;
    /// houses are indexed as in `Geometry::house_cells`.
    pub(super) once: [u32; 3 * MAX_SIDE],
    /// Digits that are candidates in at least two empty cells of a house.
    pub(super) twice: [u32; 3 * MAX_SIDE],
    /// Digits placed in a house (with the `FILLED` bit).
    pub(super) placed: [u32; 3 * MAX_SIDE],
    /// Candidates per row and block column.
    pub(super) row_segments: [[u32; MAX_N]; MAX_SIDE],
    /// Candidates per column and band (block row).
    pub(super) col_segments: [[u32; MAX_N]; MAX_SIDE],
}

impl HouseScan {
    pub(super) fn new(geo: &Geometry, frame: &[u32]) -> HouseScan {
        let (n, side) = (geo.n, geo.side);
        let mut t = HouseScan {
            once: [0; 3 * MAX_SIDE],
            twice: [0; 3 * MAX_SIDE],
            placed: [0; 3 * MAX_SIDE],
            row_segments: [[0; MAX_N]; MAX_SIDE],
            col_segments: [[0; MAX_N]; MAX_SIDE],
        };
        // Candidates per column within the current band.
        let mut band_once = [0u32; MAX_SIDE];
        for (r, row) in frame[..geo.cells].chunks_exact(side).enumerate() {
            let band = r / n;
            // Columns: the same operation on every cell of the row, which
            // the compiler turns into vector instructions.
            let (once, twice, placed) = (
                &mut t.once[side..2 * side],
                &mut t.twice[side..2 * side],
                &mut t.placed[side..2 * side],
            );
            for ((((&c, once), twice), placed), band_once) in row
                .iter()
                .zip(once)
                .zip(twice)
                .zip(placed)
                .zip(&mut band_once[..side])
            {
                // All ones for a filled cell, else zero: no branch.
                let filled = ((c as i32) >> 31) as u32;
                let candidates = c & !filled;
                *placed |= c & filled;
                *twice |= *once & candidates;
                *once |= candidates;
                *band_once |= candidates;
            }
            // Rows, row segments and blocks are summed in registers.
            let (mut row_once, mut row_twice, mut row_placed) = (0, 0, 0);
            for (s, segment) in row.chunks_exact(n).enumerate() {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &c in segment {
                    let filled = ((c as i32) >> 31) as u32;
                    let candidates = c & !filled;
                    placed |= c & filled;
                    twice |= once & candidates;
                    once |= candidates;
                }
                t.row_segments[r][s] = once;
                row_twice |= twice | (row_once & once);
                row_once |= once;
                row_placed |= placed;
                let b = 2 * side + band * n + s;
                t.twice[b] |= twice | (t.once[b] & once);
                t.once[b] |= once;
                t.placed[b] |= placed;
            }
            t.once[r] = row_once;
            t.twice[r] = row_twice;
            t.placed[r] = row_placed;
            if r % n == n - 1 {
                for (col, segments) in t.col_segments[..side].iter_mut().enumerate() {
                    segments[band] = band_once[col];
                }
                band_once = [0; MAX_SIDE];
            }
        }
        t
    }

    /// Places every digit that has one place left in a house. Returns
    /// whether one was placed, or `None` on a contradiction: a digit with
    /// no place in some house, or two digits with the same one place.
    pub(super) fn hidden_singles(
        &self,
        geo: &Geometry,
        frame: &mut [u32],
        queue: &mut Vec<u16>,
    ) -> Option<bool> {
        let mut placed_any = false;
        for h in 0..3 * geo.side {
            let need = geo.full & !self.placed[h];
            if self.once[h] & need != need {
                return None;
            }
            let mut singles = self.once[h] & !self.twice[h] & need;
            let house = &geo.house_cells[h * geo.side..(h + 1) * geo.side];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // The tally may be stale by now: an earlier placement may
                // have filled the digit's one cell, and `place` checks.
                let &cell = house.iter().find(|&&c| frame[c as usize] & bit != 0)?;
                if !place(geo, frame, queue, cell as usize, bit) {
                    return None;
                }
                placed_any = true;
            }
        }
        Some(placed_any)
    }

    /// Removes candidates by locked candidates, where a block meets a row
    /// or a column. If a digit's places in a block all lie on one line, it
    /// leaves the rest of that line (pointing); if its places on a line
    /// all lie in one block, it leaves the rest of that block (claiming).
    ///
    /// Returns whether a candidate was removed, or `None` when a cell lost
    /// its last one. Cells left with one candidate are queued.
    pub(super) fn locked_candidates(
        &self,
        geo: &Geometry,
        frame: &mut [u32],
        queue: &mut Vec<u16>,
    ) -> Option<bool> {
        let side = geo.side;
        // Rows, then columns; `cell_at(l, a)` is the cell a steps along
        // line l.
        let rows = lock_lines(geo, &self.row_segments, frame, queue, |l, a| l * side + a)?;
        let cols = lock_lines(geo, &self.col_segments, frame, queue, |l, a| a * side + l)?;
        Some(rows | cols)
    }
}

/// Applies locked candidates along one kind of line (rows or columns).
///
/// Line l crosses the n blocks of its band in segments s of n cells, and
/// segment s of each of the band's n lines lies in one block.
/// `segments[l][s]` holds the candidates of segment s of line l, and
/// `cell_at(l, a)` is the cell a steps along line l.
pub(super) fn lock_lines(
    geo: &Geometry,
    segments: &[[u32; MAX_N]; MAX_SIDE],
    frame: &mut [u32],
    queue: &mut Vec<u16>,
    cell_at: impl Fn(usize, usize) -> usize,
) -> Option<bool> {
    let (n, side) = (geo.n, geo.side);
    let mut changed = false;
    for l in 0..side {
        let band = l / n * n..l / n * n + n;
        for s in 0..n {
            let seg = segments[l][s];
            let rest_line = (0..n)
                .filter(|&t| t != s)
                .fold(0, |m, t| m | segments[l][t]);
            let rest_block = band
                .clone()
                .filter(|&k| k != l)
                .fold(0, |m, k| m | segments[k][s]);
            // Only digits that some other cell still has can go.
            let pointing = seg & !rest_block & rest_line;
            let claiming = seg & !rest_line & rest_block;
            if pointing != 0 {
                for a in (0..side).filter(|a| a / n != s) {
                    changed |= eliminate(frame, queue, cell_at(l, a), pointing)?;
                }
            }
            if claiming != 0 {
                for k in band.clone().filter(|&k| k != l) {
                    for a in s * n..(s + 1) * n {
                        changed |= eliminate(frame, queue, cell_at(k, a), claiming)?;
                    }
                }
            }
        }
    }
    Some(changed)
}
