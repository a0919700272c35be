//! Lookup tables for one square-block size: houses, peers, the filled mark.

use super::*;

/// Marks a filled cell; its low bits then hold the one digit placed.
///
/// An empty cell holds only its candidate mask, bit i for digit index i.
/// Invariant: an empty cell's candidates never include a digit placed in
/// one of its peers (see [`frame_is_consistent`]).
pub(super) const FILLED: u32 = 1 << 31;

/// Returns whether a frame keeps its invariants: the empty-cell count is
/// right, and in every house no digit is placed twice and no empty cell
/// keeps a placed digit as a candidate. Only debug assertions call it.
pub(super) fn frame_is_consistent(geo: &Geometry, frame: &[u32]) -> bool {
    let cells = &frame[..geo.cells];
    let empty = cells.iter().filter(|&&c| c & FILLED == 0).count();
    empty == frame[geo.cells] as usize
        && geo.house_cells.chunks_exact(geo.side).all(|house| {
            let (mut placed, mut candidates, mut repeated) = (0, 0, false);
            for &m in house {
                let c = cells[m as usize];
                if c & FILLED != 0 {
                    repeated |= placed & c & geo.full != 0;
                    placed |= c & geo.full;
                } else {
                    candidates |= c;
                }
            }
            !repeated && placed & candidates == 0
        })
}

/// Lookup tables for one size, built once per process.
pub(super) struct Geometry {
    pub(super) n: usize,
    pub(super) side: usize,
    pub(super) cells: usize,
    /// All N digits as a mask.
    pub(super) full: u32,
    /// Peers of each cell (same row, column or block, itself excluded),
    /// `peer_count` per cell.
    pub(super) peers: Vec<u16>,
    pub(super) peer_count: usize,
    /// Cells of each house, N per house: rows, then columns, then blocks.
    pub(super) house_cells: Vec<u16>,
    /// The three houses of each cell (row, column, block), numbered as in
    /// `house_cells`.
    pub(super) houses_of: Vec<[u16; 3]>,
}

impl Geometry {
    pub(super) fn get(size: Size) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 4] = [const { OnceLock::new() }; 4];
        TABLES[block_side(size) - 2].get_or_init(|| Geometry::new(size))
    }

    pub(super) fn new(size: Size) -> Geometry {
        let shape = Shape::square(size);
        let n = block_side(size);
        let (side, cells) = (size.side(), size.cells());
        let mut house_cells = Vec::with_capacity(3 * cells);
        for house in shape.houses() {
            house_cells.extend(
                shape
                    .house_cells(house)
                    .iter()
                    .map(|c| c.index(size) as u16),
            );
        }
        let peer_count = 3 * (side - 1) - 2 * (n - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        // A cell's peers are the other cells of its three houses, in
        // row-major order; marking them through the houses costs N² · 3N
        // steps where testing every pair would cost N⁴.
        let mut seen = vec![false; cells];
        for cell in size.all_cells() {
            let i = cell.index(size);
            let (r, c) = (cell.row(), cell.col());
            let b = r / n * n + c / n;
            for h in [r, side + c, 2 * side + b] {
                for &m in &house_cells[h * side..(h + 1) * side] {
                    seen[m as usize] = true;
                }
            }
            seen[i] = false;
            let before = peers.len();
            for (o, mark) in seen.iter_mut().enumerate() {
                if std::mem::take(mark) {
                    peers.push(o as u16);
                }
            }
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let houses_of = size
            .all_cells()
            .map(|cell| {
                let (r, c) = (cell.row(), cell.col());
                let b = r / n * n + c / n;
                [r, side + c, 2 * side + b].map(|h| h as u16)
            })
            .collect();
        Geometry {
            n,
            side,
            cells,
            full: (1 << side) - 1,
            peers,
            peer_count,
            house_cells,
            houses_of,
        }
    }

    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}

/// The largest grid side, N = 25.
pub(super) const MAX_SIDE: usize = MAX_N * MAX_N;

/// The largest block side, n = 5.
pub(super) const MAX_N: usize = 5;

/// Returns the block side n of a grid with square blocks.
pub(super) fn block_side(size: Size) -> usize {
    size.side().isqrt()
}

/// Returns whether this solver handles the shape: square default blocks
/// up to 25×25.
pub(super) fn supported(shape: &Shape) -> bool {
    let n = block_side(shape.size());
    (2..=MAX_N).contains(&n) && n * n == shape.side() && shape.has_default_blocks()
}
