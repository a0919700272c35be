//! The houses, peers and block-line segments of any shape, for the
//! general backtracker.

use crate::grid::Shape;

/// The houses and peers of one shape.
pub(super) struct Layout {
    pub(super) side: usize,
    /// The mask of every digit, each cell's candidates before any is
    /// taken, and what each house holds between its cells.
    pub(super) full: u64,
    /// Every house (rows, columns, blocks), as cell indices.
    pub(super) houses: Vec<Vec<usize>>,
    /// For each cell, the other cells of its row, column and block.
    pub(super) peers: Vec<Vec<usize>>,
    /// Each non-empty meeting of a block and a line (row or column).
    pub(super) segments: Vec<Segment>,
    /// The segments of each block along rows, then along columns: each
    /// list partitions its block.
    pub(super) block_groups: Vec<Vec<usize>>,
    /// The segments of each row, then of each column: each list
    /// partitions its line.
    pub(super) line_groups: Vec<Vec<usize>>,
    /// The block of each cell.
    pub(super) block_of: Vec<usize>,
}

/// Where a block meets a line: the cells they share.
pub(super) struct Segment {
    pub(super) cells: Vec<usize>,
    pub(super) block: usize,
    /// Rows are lines 0..N, columns N..2N.
    pub(super) line: usize,
}

impl Layout {
    /// The layout of `shape`, with the cells of each of `pairs` (cells that
    /// must differ, beyond the houses) among each other's peers.
    pub(super) fn new(shape: &Shape, pairs: &[(usize, usize)]) -> Layout {
        let size = shape.size();
        let houses: Vec<Vec<usize>> = shape
            .houses()
            .map(|h| shape.house_cells(h).iter().map(|c| c.index(size)).collect())
            .collect();
        // Each cell's peers are the cells of its houses, less itself, and
        // those paired with it, each once: gathered, then sorted and
        // deduplicated, which keeps this linear in the houses' sizes (a
        // linear `contains` per pair had made it cubic in the side, a
        // sixth of a 49×49 generate).
        let mut peers = vec![Vec::new(); shape.cells()];
        for house in &houses {
            for &a in house {
                peers[a].extend(house.iter().copied().filter(|&b| b != a));
            }
        }
        for &(a, b) in pairs {
            peers[a].push(b);
            peers[b].push(a);
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let side = shape.side();
        let block_of: Vec<usize> = shape.all_cells().map(|c| shape.block_of(c)).collect();
        let (mut segments, mut block_groups) = (Vec::new(), Vec::new());
        let mut line_groups = vec![Vec::new(); 2 * side];
        for block in 0..side {
            for along_rows in [true, false] {
                let mut group = Vec::new();
                for line in 0..side {
                    let cells: Vec<usize> = (0..side)
                        .map(|i| {
                            if along_rows {
                                line * side + i
                            } else {
                                i * side + line
                            }
                        })
                        .filter(|&cell| block_of[cell] == block)
                        .collect();
                    if cells.is_empty() {
                        continue;
                    }
                    let line = if along_rows { line } else { side + line };
                    group.push(segments.len());
                    line_groups[line].push(segments.len());
                    segments.push(Segment { cells, block, line });
                }
                block_groups.push(group);
            }
        }
        Layout {
            side,
            full: u64::MAX >> (64 - side),
            houses,
            peers,
            segments,
            block_groups,
            line_groups,
            block_of,
        }
    }

    /// Returns the cells of line `line` (rows 0..N, columns N..2N).
    pub(super) fn line_cells(&self, line: usize) -> impl Iterator<Item = usize> + use<> {
        let side = self.side;
        (0..side).map(move |i| {
            if line < side {
                line * side + i
            } else {
                i * side + (line - side)
            }
        })
    }
}
