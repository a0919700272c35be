//! The search: frames per depth, branching, look-ahead on large grids.

use super::*;

/// The state of one solve.
///
/// The search state is a frame of N² cell words plus one word counting
/// empty cells. Frames for every search depth live in one buffer that
/// grows on demand, so no node allocates once the buffer is deep enough.
pub(super) struct Run {
    pub(super) size: Size,
    pub(super) geo: &'static Geometry,
    /// Whether each node probes its two-candidate cells (16×16 and up).
    pub(super) look_ahead: bool,
    pub(super) node_limit: u64,
    pub(super) nodes: u64,
    pub(super) gave_up: bool,
    /// Frame size in words: N² cells plus the empty-cell count.
    pub(super) stride: usize,
    pub(super) frames: Vec<u32>,
    /// Cells reduced to one candidate, waiting to be placed.
    pub(super) queue: Vec<u16>,
    /// Look-ahead's place counts for the frame being probed, and for one
    /// trial.
    pub(super) counts: Counts,
    pub(super) trial: Counts,
    /// Up to two solutions, as filled frames.
    pub(super) solutions: Vec<Vec<u32>>,
}

impl Run {
    pub(super) fn new(size: Size, node_limit: u64, look_ahead: bool) -> Run {
        let geo = Geometry::get(size);
        let stride = geo.cells + 1;
        Run {
            size,
            geo,
            look_ahead,
            node_limit,
            nodes: 0,
            gave_up: false,
            stride,
            frames: vec![0; stride * 8],
            queue: Vec::with_capacity(geo.cells),
            counts: Counts::new(geo),
            trial: Counts::new(geo),
            solutions: Vec::with_capacity(2),
        }
    }

    pub(super) fn solve(&mut self, puzzle: &Grid) -> Verdict {
        let (geo, stride) = (self.geo, self.stride);
        let root = &mut self.frames[..stride];
        root[..geo.cells].fill(geo.full);
        root[geo.cells] = geo.cells as u32;
        let mut consistent = true;
        for (cell, digit) in puzzle.givens() {
            let bit = 1 << digit.index();
            if !place(geo, root, &mut self.queue, cell.index(self.size), bit) {
                consistent = false;
                break;
            }
        }
        if consistent && propagate(geo, root, &mut self.queue) {
            self.search(0);
        }
        let grids = self.solutions.iter().map(|f| self.grid(f)).collect();
        verdict(puzzle, self.gave_up, grids)
    }

    /// Searches below the propagated frame at `depth`; returns `true` when
    /// the search must stop (two solutions found or the limit reached).
    pub(super) fn search(&mut self, depth: usize) -> bool {
        let (geo, stride) = (self.geo, self.stride);
        let at = depth * stride;
        if self.frames.len() < at + 2 * stride {
            self.frames.resize(at + 2 * stride, 0);
        }
        let mut chosen = None;
        if self.look_ahead && self.frames[at + geo.cells] != 0 {
            match self.look_ahead(depth) {
                LookAhead::Stop => return true,
                LookAhead::Contradiction => return false,
                LookAhead::Branch(cell, candidates) => chosen = Some((cell, candidates)),
                LookAhead::Fallback => {}
            }
        }
        let frame = &self.frames[at..at + stride];
        if frame[geo.cells] == 0 {
            self.solutions.push(frame[..geo.cells].to_vec());
            return self.solutions.len() == 2;
        }
        let (cell, mut candidates) =
            chosen.unwrap_or_else(|| branch_cell(geo, &frame[..geo.cells]));
        while candidates != 0 {
            if self.nodes == self.node_limit {
                self.gave_up = true;
                return true;
            }
            self.nodes += 1;
            let bit = candidates & candidates.wrapping_neg();
            candidates &= candidates - 1;
            let (this, next) = self.frames.split_at_mut(at + stride);
            let next = &mut next[..stride];
            next.copy_from_slice(&this[at..]);
            self.queue.clear();
            if place(geo, next, &mut self.queue, cell, bit)
                && propagate(geo, next, &mut self.queue)
                && self.search(depth + 1)
            {
                return true;
            }
        }
        false
    }

    /// Probes the frame at `depth` and chooses the cell to branch on.
    ///
    /// Each candidate of each two-candidate cell is tried on a scratch
    /// frame and followed by naked and hidden singles. A candidate that
    /// leads to a contradiction is removed for good (a failed literal, as
    /// look-ahead SAT solvers find them), and the frame is propagated
    /// again. Among the cells whose candidates both survive, the one whose
    /// two trials fill the most cells, scored by the product of the two
    /// counts, is the branch: the look-ahead heuristic of Heule and van
    /// Maaren's march solvers ("Look-Ahead Based SAT Solvers", Handbook of
    /// Satisfiability, 2009). One pass is made; a cell's score may be
    /// stale by the pass's end, so the chosen cell is checked again.
    ///
    /// Every trial counts as a node, so the node limit bounds this work
    /// too.
    pub(super) fn look_ahead(&mut self, depth: usize) -> LookAhead {
        let (geo, stride) = (self.geo, self.stride);
        let at = depth * stride;
        let mut best = None;
        let mut best_score = 0;
        self.counts.tally(geo, &self.frames[at..at + stride]);
        for cell in 0..geo.cells {
            let c = self.frames[at + cell];
            if c & FILLED != 0 || c.count_ones() != 2 {
                continue;
            }
            let empty = self.frames[at + geo.cells];
            let mut score = 1u64;
            let mut bits = c;
            while bits != 0 {
                if self.nodes == self.node_limit {
                    self.gave_up = true;
                    return LookAhead::Stop;
                }
                self.nodes += 1;
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                let (this, next) = self.frames.split_at_mut(at + stride);
                let (frame, trial) = (&mut this[at..], &mut next[..stride]);
                trial.copy_from_slice(frame);
                self.trial.copy_from(&self.counts);
                if self.trial.singles(geo, trial, cell, bit) {
                    score *= u64::from(empty - trial[geo.cells]);
                    continue;
                }
                // The candidate fails, so the other one holds.
                self.queue.clear();
                if !place(geo, frame, &mut self.queue, cell, c & !bit)
                    || !propagate(geo, frame, &mut self.queue)
                {
                    return LookAhead::Contradiction;
                }
                self.counts.tally(geo, frame);
                score = 0;
                break;
            }
            if score > best_score {
                (best, best_score) = (Some((cell, c)), score);
            }
        }
        match best {
            Some((cell, c)) if self.frames[at + cell] == c => LookAhead::Branch(cell, c),
            _ => LookAhead::Fallback,
        }
    }

    pub(super) fn grid(&self, frame: &[u32]) -> Grid {
        let full = self.geo.full;
        let cells = frame
            .iter()
            .map(|&c| {
                debug_assert!(c & FILLED != 0 && (c & full).is_power_of_two());
                Some(Digit::from_index((c & full).trailing_zeros() as usize))
            })
            .collect();
        Grid::from_cells(self.size, cells).expect("a frame has N² cells of digits below N")
    }
}

/// The smallest block size n whose grids get look-ahead: 16×16 and up.
///
/// Measured with `examples/backtrack_timing.rs`: on the four 25×25 test
/// puzzles look-ahead cuts the hardest from 874,754 nodes (about 7 s) to
/// 262 branches and 8,859 probes (about 40 ms). On 9×9 grids it halves
/// the number of branches but doubles the time of the hardest forum
/// puzzles, whose trees are small anyway, so 9×9 grids go without.
pub(super) const LOOK_AHEAD_FROM_N: usize = 4;

/// What probing a node concluded.
pub(super) enum LookAhead {
    /// The node limit was reached.
    Stop,
    /// The node has no solution.
    Contradiction,
    /// Branch on this cell, over these candidates.
    Branch(usize, u32),
    /// No cell was chosen; branch by fewest candidates.
    Fallback,
}

/// How many empty cells of each house still have each digit as a
/// candidate, kept up to date as a look-ahead trial places digits.
///
/// A trial follows one placement with naked and hidden singles. Counting
/// places per house and digit finds each hidden single the moment a count
/// drops to one, instead of tallying the whole grid after every round:
/// trials are most of look-ahead's work.
pub(super) struct Counts {
    /// Per house and digit (`house * side + digit`), the empty cells that
    /// have the digit as a candidate.
    pub(super) places: Vec<u8>,
    /// Per house, the digits placed in it.
    pub(super) placed: Vec<u32>,
    /// Cells left with one candidate, waiting to be placed.
    pub(super) naked: Vec<u16>,
    /// Houses and digits left with one place, waiting to be placed.
    pub(super) hidden: Vec<(u16, u32)>,
}

impl Counts {
    pub(super) fn new(geo: &Geometry) -> Counts {
        Counts {
            places: vec![0; 3 * geo.side * geo.side],
            placed: vec![0; 3 * geo.side],
            naked: Vec::with_capacity(geo.cells),
            hidden: Vec::with_capacity(3 * geo.side),
        }
    }

    /// Counts the places of a propagated frame.
    pub(super) fn tally(&mut self, geo: &Geometry, frame: &[u32]) {
        self.places.fill(0);
        self.placed.fill(0);
        for (cell, &c) in frame[..geo.cells].iter().enumerate() {
            for h in geo.houses_of[cell] {
                let h = h as usize;
                if c & FILLED != 0 {
                    self.placed[h] |= c & geo.full;
                    continue;
                }
                let mut bits = c;
                while bits != 0 {
                    self.places[h * geo.side + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
    }

    pub(super) fn copy_from(&mut self, other: &Counts) {
        self.places.copy_from_slice(&other.places);
        self.placed.copy_from_slice(&other.placed);
    }

    /// Places digit `bit` in `cell`, then naked and hidden singles until
    /// none is left. Returns `false` on a contradiction. The counts must
    /// match `frame` on entry, and match it on a `true` return.
    pub(super) fn singles(
        &mut self,
        geo: &Geometry,
        frame: &mut [u32],
        cell: usize,
        bit: u32,
    ) -> bool {
        self.naked.clear();
        self.hidden.clear();
        if !self.place(geo, frame, cell, bit) {
            return false;
        }
        loop {
            if let Some(cell) = self.naked.pop() {
                let c = frame[cell as usize];
                if c & FILLED == 0 && !self.place(geo, frame, cell as usize, c) {
                    return false;
                }
            } else if let Some((h, bit)) = self.hidden.pop() {
                if self.placed[h as usize] & bit != 0 {
                    continue;
                }
                let house = &geo.house_cells[h as usize * geo.side..][..geo.side];
                let Some(&cell) = house.iter().find(|&&c| frame[c as usize] & bit != 0) else {
                    return false;
                };
                if !self.place(geo, frame, cell as usize, bit) {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Puts `bit` into `cell` and clears it from the peers, updating the
    /// counts and queueing the singles this makes. Returns `false` on a
    /// contradiction.
    pub(super) fn place(
        &mut self,
        geo: &Geometry,
        frame: &mut [u32],
        cell: usize,
        bit: u32,
    ) -> bool {
        let c = match fill(geo, frame, cell, bit) {
            Ok(c) => c,
            Err(holds) => return holds,
        };
        for h in geo.houses_of[cell] {
            let h = h as usize;
            self.placed[h] |= bit;
            let mut others = c & !bit;
            while others != 0 {
                let other = others & others.wrapping_neg();
                others &= others - 1;
                if !self.lose(geo, h, other) {
                    return false;
                }
            }
            self.places[h * geo.side + bit.trailing_zeros() as usize] -= 1;
        }
        for &p in geo.peers(cell) {
            let p = p as usize;
            let old = frame[p];
            if old & FILLED != 0 || old & bit == 0 {
                continue;
            }
            let new = old & !bit;
            frame[p] = new;
            if new == 0 {
                return false;
            }
            if new & (new - 1) == 0 {
                self.naked.push(p as u16);
            }
            for h in geo.houses_of[p] {
                if !self.lose(geo, h as usize, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Counts one place fewer for digit `bit` in house `h`. Returns
    /// `false` when the digit, not yet placed there, has no place left.
    pub(super) fn lose(&mut self, geo: &Geometry, h: usize, bit: u32) -> bool {
        let places = &mut self.places[h * geo.side + bit.trailing_zeros() as usize];
        *places -= 1;
        if self.placed[h] & bit != 0 {
            return true;
        }
        match *places {
            0 => false,
            1 => {
                self.hidden.push((h as u16, bit));
                true
            }
            _ => true,
        }
    }
}

/// Chooses the cell to branch on: an empty cell with the fewest
/// candidates (MRV), ties going to the one with the most empty peers, as in
/// DSatur graph colouring (Brélaz 1979), then to the first in row-major
/// order. Returns the cell and its candidates. The frame must have an
/// empty cell. This is the branch of plain search (9×9 grids) and of
/// look-ahead when no two-candidate cell is left to score.
///
/// The tie-break pays: on the forum's 375 hardest 9×9 puzzles it halves
/// the mean tree (571 to 274 nodes), and in plain search it cuts the first
/// 25×25 test puzzle from 234,964 nodes to 11,700. Branching instead on a digit with
/// the fewest places in a house, when no cell has two candidates, made
/// 9×9 trees larger and never fired on the larger grids.
pub(super) fn branch_cell(geo: &Geometry, cells: &[u32]) -> (usize, u32) {
    let fewest = cells
        .iter()
        .filter(|&&c| c & FILLED == 0)
        .map(|c| c.count_ones())
        .min()
        .expect("an empty cell");
    let (mut best, mut most_peers) = ((usize::MAX, 0), 0);
    for (i, &c) in cells.iter().enumerate() {
        if c & FILLED == 0 && c.count_ones() == fewest {
            let peers = geo.peers(i).iter();
            let empty_peers = peers.filter(|&&p| cells[p as usize] & FILLED == 0).count();
            if best.0 == usize::MAX || empty_peers > most_peers {
                (best, most_peers) = ((i, c), empty_peers);
            }
        }
    }
    best
}
