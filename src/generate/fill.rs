//! A random complete grid of a classic shape, filled by randomised
//! backtracking with no SAT call.
//!
//! Loading a varisat solver with a 9×9 grid's rules costs about 70,000
//! instructions more than the rest of a puzzle's making once removal is
//! steered by the backtracker (docs/setting.md, "Speed"), so classic
//! templates draw their grid here: the cell with the fewest candidates
//! next (the first such in row-major order), its candidates in random
//! order, undoing a cell that runs out. The grid is then walked
//! ([`super::walk`]) like any other start, so the filler's own leanings
//! (it is qqwing's method) do not show in the grids drawn either.

use super::rng::Rng;
use crate::grid::{Cell, Digit, Grid, Shape};

/// Returns a random solution of the classic rules on `shape`, or `None`
/// when `node_limit` placements were not enough (a 9×9 grid takes about
/// one placement a cell).
///
/// # Example
///
/// ```
/// use sudoku_sat::generate::random_fill;
/// use sudoku_sat::generate::rng::Rng;
/// use sudoku_sat::grid::{Grid, Shape, Size};
///
/// let shape = Shape::square(Size::NINE);
/// let grid = random_fill(&shape, &mut Rng::new(7), 10_000).unwrap();
/// assert!(grid.check_solution(&Grid::empty(shape)).is_ok());
/// ```
pub fn random_fill(shape: &Shape, rng: &mut Rng, node_limit: usize) -> Option<Grid> {
    let side = shape.side();
    let cells: Vec<Cell> = shape.all_cells().collect();
    let block: Vec<usize> = cells.iter().map(|&c| shape.block_of(c)).collect();
    let mut fill = Fill {
        side,
        used: vec![0; 3 * side],
        digit: vec![None; cells.len()],
        cells,
        block,
        nodes: node_limit,
    };
    if !fill.search(rng) {
        return None;
    }
    let digits = fill.digit.into_iter().map(|d| d.map(Digit::from_index));
    Grid::from_cells(shape.clone(), digits.collect())
}

/// The search state: for each row, column and block (in that order in
/// `used`), the mask of digits placed (bit d for 0-based digit d).
struct Fill {
    side: usize,
    used: Vec<u64>,
    digit: Vec<Option<usize>>,
    cells: Vec<Cell>,
    block: Vec<usize>,
    nodes: usize,
}

impl Fill {
    /// Returns the indices into `used` of the houses of cell `i`.
    fn houses(&self, i: usize) -> [usize; 3] {
        let c = self.cells[i];
        [c.row(), self.side + c.col(), 2 * self.side + self.block[i]]
    }

    /// Returns the mask of digits cell `i` can still take.
    fn candidates(&self, i: usize) -> u64 {
        let all = if self.side == 64 {
            u64::MAX
        } else {
            (1 << self.side) - 1
        };
        let [r, c, b] = self.houses(i);
        all & !(self.used[r] | self.used[c] | self.used[b])
    }

    /// Fills the empty cells, fewest candidates first; returns whether it
    /// got to the end within the node limit.
    fn search(&mut self, rng: &mut Rng) -> bool {
        let mut best: Option<(usize, u64)> = None;
        for i in 0..self.cells.len() {
            if self.digit[i].is_some() {
                continue;
            }
            let mask = self.candidates(i);
            if best.is_none_or(|(_, m)| mask.count_ones() < m.count_ones()) {
                best = Some((i, mask));
                if mask.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((i, mask)) = best else {
            return true;
        };
        let mut digits: Vec<usize> = (0..self.side).filter(|d| mask >> d & 1 == 1).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if self.nodes == 0 {
                return false;
            }
            self.nodes -= 1;
            let houses = self.houses(i);
            for h in houses {
                self.used[h] |= 1 << d;
            }
            self.digit[i] = Some(d);
            if self.search(rng) {
                return true;
            }
            self.digit[i] = None;
            for h in houses {
                self.used[h] &= !(1 << d);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    #[test]
    fn fills_are_grids_and_differ_by_seed() {
        let shapes = [
            Shape::square(Size::from_side(4).unwrap()),
            Shape::square(Size::from_side(9).unwrap()),
            Shape::with_blocks(Size::from_side(6).unwrap(), 3, 2).unwrap(),
            Shape::square(Size::from_side(16).unwrap()),
        ];
        for shape in shapes {
            let mut seen = Vec::new();
            for seed in 0..5 {
                let grid = random_fill(&shape, &mut Rng::new(seed), 100_000).unwrap();
                assert!(grid.is_full());
                assert!(grid.check_solution(&Grid::empty(shape.clone())).is_ok());
                seen.push(grid);
            }
            seen.dedup();
            assert!(seen.len() > 1, "five seeds gave one grid");
        }
    }

    #[test]
    fn a_spent_node_limit_gives_none() {
        let shape = Shape::square(Size::from_side(9).unwrap());
        assert_eq!(random_fill(&shape, &mut Rng::new(1), 10), None);
    }
}
