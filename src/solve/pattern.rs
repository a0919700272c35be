//! Shortcuts for near-empty grids on rectangular blocks: a solution to
//! steer the SAT solver towards, and a second solution made from a first.
//!
//! A grid with few givens has many solutions, and CDCL finds none of them
//! easily at 64×64: with the single given `1` at r1c1, varisat spent
//! 34 s of conflicts on the reduced formula, against 3 s of loading for
//! the empty grid. Two facts make such grids cheap instead:
//!
//! - **The pattern solution.** With blocks of R rows and C columns,
//!   P(r, c) = (C·(r mod R) + ⌊r/R⌋ + c) mod N fills the grid: a block's
//!   cells take the values C·i + j + const for i < R, j < C, a row every
//!   value, and a column the values C·(r mod R) + ⌊r/R⌋. Permuting the
//!   bands, the rows inside a band, the stacks, the columns inside a stack
//!   and the digits keeps it a solution. [`pattern_solution`] looks for
//!   such a transform that agrees with every given. The SAT solver is then
//!   steered to it (its variables named so that its first guesses are the
//!   pattern's values, see `Names::dense_towards`): it still decides the formula,
//!   and its model is decoded and validated as always, but it meets no
//!   conflict on the way.
//! - **Kempe chains.** In a solution, the cells holding digit a or b, linked
//!   when they share a house, fall into chains; every house that meets a
//!   chain has both its a and its b in it. Swapping a and b along one chain
//!   therefore leaves every house a permutation: another solution, the
//!   same as the first outside the chain. When a chain holds no given,
//!   that is a second solution of the puzzle, with no SAT call
//!   ([`kempe_second`]). Any shape works, jigsaw blocks included, but only
//!   the classic rules: a variant constraint may not survive the swap.
//!
//! Both are heuristics that may find nothing; the solver then decides as
//! before. Every grid either returns is checked against the puzzle with
//! [`Grid::check_solution`] by the caller before it is believed.
//!
//! # References
//!
//! - A. B. Kempe. On the Geographical Problem of the Four Colours.
//!   American Journal of Mathematics 2(3), 1879, pp. 193–200 (the chains).
//! - A. Herzberg, M. R. Murty. Sudoku Squares and Chromatic Polynomials.
//!   Notices of the AMS 54(6), 2007, pp. 708–717 (the pattern grid and the
//!   symmetries of Sudoku).

use crate::grid::{Cell, Digit, Grid, House};

/// The smallest side whose grids take these shortcuts on the default
/// solve path. Smaller grids keep the plain path, so which of several
/// solutions they print is as before; CDCL decides them quickly anyway.
pub const FROM_SIDE: usize = 26;

/// How many transforms [`pattern_solution`] tries at most; each costs one
/// pass over the givens.
const TRIES: usize = 65_536;

/// Returns a solution of `puzzle` made from the pattern grid by permuting
/// bands, rows inside bands, stacks, columns inside stacks and digits, or
/// `None` when none of the transforms tried agrees with every given (or
/// the blocks are irregular).
///
/// The search is a deterministic local search: from the identity it
/// swaps two rows of a band, two columns of a stack, two bands or two
/// stacks at a time, keeping a swap that leaves no more givens unmatched
/// than before, for up to [`TRIES`] transforms. Puzzles with more givens
/// than the side are not tried: a random transform matches them too
/// rarely to be worth the search.
pub fn pattern_solution(puzzle: &Grid) -> Option<Grid> {
    let shape = puzzle.shape();
    let (rows, cols) = shape.block_dims()?;
    let side = shape.side();
    let givens: Vec<(Cell, Digit)> = puzzle.givens().collect();
    if givens.len() > side {
        return None;
    }
    let mut transform = Transform {
        row: (0..side).collect(),
        col: (0..side).collect(),
    };
    let pattern = |r: usize, c: usize| (cols * (r % rows) + r / rows + c) % side;
    let mut labels = Labels::new(side);
    let mut unmatched = labels.fit(&givens, |cell| {
        pattern(transform.row[cell.row()], transform.col[cell.col()])
    });
    let mut random = 0x9e37_79b9_7f4a_7c15_u64;
    let mut tries = 0;
    while unmatched > 0 && tries < TRIES {
        tries += 1;
        let undo = transform.swap_random(rows, cols, side, &mut random);
        let now = labels.fit(&givens, |cell| {
            pattern(transform.row[cell.row()], transform.col[cell.col()])
        });
        if now <= unmatched {
            unmatched = now;
        } else {
            transform.undo(undo);
        }
    }
    if unmatched > 0 {
        return None;
    }
    labels.fit(&givens, |cell| {
        pattern(transform.row[cell.row()], transform.col[cell.col()])
    });
    let digits = labels.complete();
    let mut grid = Grid::empty(shape.clone());
    for cell in shape.all_cells() {
        let value = pattern(transform.row[cell.row()], transform.col[cell.col()]);
        grid.set(cell, Some(digits[value]));
    }
    grid.check_solution(puzzle).ok().map(|()| grid)
}

/// Where each row and each column of the grid takes its pattern line
/// from.
struct Transform {
    row: Vec<usize>,
    col: Vec<usize>,
}

/// A swap [`Transform::swap_random`] made: of rows or columns, and the
/// pairs of lines swapped.
struct Undo {
    rows: bool,
    pairs: Vec<(usize, usize)>,
}

impl Transform {
    /// Swaps two rows of a band, two columns of a stack, two bands or two
    /// stacks, chosen by `random` (a SplitMix64 state), and returns how to
    /// undo it.
    fn swap_random(&mut self, rows: usize, cols: usize, side: usize, random: &mut u64) -> Undo {
        let mut next = |n: usize| {
            *random = random.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = *random;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((u128::from(z ^ (z >> 31)) * n as u128) >> 64) as usize
        };
        // A band is `rows` rows, a stack `cols` columns.
        let kind = next(4);
        let (is_rows, unit) = if kind % 2 == 0 {
            (true, rows)
        } else {
            (false, cols)
        };
        let groups = side / unit;
        let pairs: Vec<(usize, usize)> = if kind < 2 {
            // Two lines inside one band or stack.
            if unit < 2 {
                Vec::new()
            } else {
                let group = next(groups);
                let a = next(unit);
                let b = (a + 1 + next(unit - 1)) % unit;
                vec![(group * unit + a, group * unit + b)]
            }
        } else if groups < 2 {
            Vec::new()
        } else {
            // Two whole bands or stacks.
            let a = next(groups);
            let b = (a + 1 + next(groups - 1)) % groups;
            (0..unit).map(|i| (a * unit + i, b * unit + i)).collect()
        };
        let undo = Undo {
            rows: is_rows,
            pairs,
        };
        self.apply(&undo);
        undo
    }

    fn apply(&mut self, swap: &Undo) {
        let lines = if swap.rows {
            &mut self.row
        } else {
            &mut self.col
        };
        for &(a, b) in &swap.pairs {
            lines.swap(a, b);
        }
    }

    fn undo(&mut self, swap: Undo) {
        self.apply(&swap);
    }
}

/// A partial relabelling of pattern values to digits.
struct Labels {
    digit_of: Vec<Option<Digit>>,
    value_of: Vec<Option<usize>>,
}

impl Labels {
    fn new(side: usize) -> Labels {
        Labels {
            digit_of: vec![None; side],
            value_of: vec![None; side],
        }
    }

    /// Relabels afresh, given by given, and returns how many givens could
    /// not be matched: their pattern value or their digit was already
    /// taken by another.
    fn fit(&mut self, givens: &[(Cell, Digit)], value: impl Fn(Cell) -> usize) -> usize {
        self.digit_of.fill(None);
        self.value_of.fill(None);
        let mut unmatched = 0;
        for &(cell, digit) in givens {
            let v = value(cell);
            match (self.digit_of[v], self.value_of[digit.index()]) {
                (Some(d), _) if d == digit => {}
                (None, None) => {
                    self.digit_of[v] = Some(digit);
                    self.value_of[digit.index()] = Some(v);
                }
                _ => unmatched += 1,
            }
        }
        unmatched
    }

    /// Returns a digit for every pattern value: the matched ones, then the
    /// unused digits in order for the rest.
    fn complete(&self) -> Vec<Digit> {
        let mut free = (0..self.value_of.len())
            .filter(|&d| self.value_of[d].is_none())
            .map(Digit::from_index);
        self.digit_of
            .iter()
            .map(|d| d.unwrap_or_else(|| free.next().expect("as many digits as values")))
            .collect()
    }
}

/// Returns a second solution of `puzzle` (classic rules only) made from
/// `solution` by swapping two digits along a Kempe chain that holds no
/// given, or `None` when every chain holds one. Of the chains that
/// qualify, the shortest is swapped (the first pair of digits on a tie),
/// so that the two solutions differ in as few cells as this finds.
///
/// Costs O(N² · N) steps: every pair of digits, each over the 2N cells
/// holding one of them.
pub fn kempe_second(puzzle: &Grid, solution: &Grid) -> Option<Grid> {
    let shape = puzzle.shape();
    let size = shape.size();
    let side = size.side();
    // Each digit's cells, row by row, and each cell's houses.
    let mut cells_of: Vec<Vec<Cell>> = vec![Vec::with_capacity(side); side];
    for cell in shape.all_cells() {
        let digit = solution.get(cell)?;
        cells_of[digit.index()].push(cell);
    }
    let houses = |cell: Cell| {
        [
            House::Row(cell.row() as u8),
            House::Col(cell.col() as u8),
            House::Block(shape.block_of(cell) as u8),
        ]
    };
    let house_index = |house: House| match house {
        House::Row(i) => i as usize,
        House::Col(i) => side + i as usize,
        House::Block(i) => 2 * side + i as usize,
    };
    // Per house, the cell holding digit a and the one holding digit b.
    let mut in_house = vec![[usize::MAX; 2]; 3 * side];
    let mut seen = vec![false; size.cells()];
    let mut best: Option<Vec<Cell>> = None;
    for a in 0..side {
        for b in a + 1..side {
            for (k, digit) in [a, b].into_iter().enumerate() {
                for &cell in &cells_of[digit] {
                    for house in houses(cell) {
                        in_house[house_index(house)][k] = cell.index(size);
                    }
                }
            }
            for &start in cells_of[a].iter().chain(&cells_of[b]) {
                if seen[start.index(size)] {
                    continue;
                }
                // One chain, by a walk over the houses its cells share.
                let mut chain = vec![start];
                seen[start.index(size)] = true;
                let mut at = 0;
                while at < chain.len() {
                    let cell = chain[at];
                    at += 1;
                    for house in houses(cell) {
                        for other in in_house[house_index(house)] {
                            if !seen[other] {
                                seen[other] = true;
                                chain.push(Cell::from_index(size, other));
                            }
                        }
                    }
                }
                let free = chain.iter().all(|&c| puzzle.get(c).is_none());
                if free && best.as_ref().is_none_or(|b| chain.len() < b.len()) {
                    best = Some(chain);
                }
            }
            for &cell in cells_of[a].iter().chain(&cells_of[b]) {
                seen[cell.index(size)] = false;
            }
        }
    }
    let chain = best?;
    let mut second = solution.clone();
    let (first_digit, other_digit) = {
        let d = solution.get(chain[0])?;
        let e = chain
            .iter()
            .filter_map(|&c| solution.get(c))
            .find(|&e| e != d)?;
        (d, e)
    };
    for &cell in &chain {
        let digit = solution.get(cell)?;
        second.set(
            cell,
            Some(if digit == first_digit {
                other_digit
            } else {
                first_digit
            }),
        );
    }
    Some(second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::shape::Shape;

    fn numbers(shape: Shape, givens: &[(usize, usize, usize)]) -> Grid {
        let mut grid = Grid::empty(shape);
        for &(r, c, d) in givens {
            grid.set(Cell::new(r as u8, c as u8), Some(Digit::from_index(d - 1)));
        }
        grid
    }

    /// The pattern solution agrees with one given, with a few scattered
    /// ones, and on rectangular blocks, for sides up to 64.
    #[test]
    fn pattern_solutions_keep_the_givens() {
        for (side, rows, cols) in [(4, 2, 2), (9, 3, 3), (12, 3, 4), (36, 6, 6), (64, 8, 8)] {
            let size = Size::from_side(side).unwrap();
            let shape = Shape::with_blocks(size, rows, cols).unwrap();
            let one = numbers(shape.clone(), &[(0, 0, 1)]);
            let solution = pattern_solution(&one).expect("one given");
            assert!(solution.check_solution(&one).is_ok());
            let n = side - 1;
            let few = numbers(shape, &[(0, 0, 1), (n, n, 1), (n / 2, 1, 2), (1, n / 2, 3)]);
            let solution = pattern_solution(&few).expect("four givens");
            assert!(solution.check_solution(&few).is_ok(), "{side}");
        }
        let latin = Shape::with_blocks(Size::from_side(64).unwrap(), 1, 64).unwrap();
        let grid = numbers(latin, &[(5, 7, 9), (0, 0, 9)]);
        assert!(pattern_solution(&grid).is_some());
    }

    /// Givens no transform can match, and more givens than the side, give
    /// nothing.
    #[test]
    fn pattern_solutions_can_fail() {
        let size = Size::from_side(4).unwrap();
        // r1c1 = 1 and r2c2 = 1 share a block: no solution at all.
        let clash = numbers(Shape::square(size), &[(0, 0, 1), (1, 1, 1)]);
        assert_eq!(pattern_solution(&clash), None);
        let full = numbers(
            Shape::square(size),
            &[(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 3, 4), (1, 0, 3)],
        );
        assert_eq!(pattern_solution(&full), None);
    }

    /// A Kempe swap gives another solution that keeps every given, and
    /// none exists when every chain holds a given.
    #[test]
    fn kempe_swaps_give_second_solutions() {
        let size = Size::from_side(9).unwrap();
        let puzzle = numbers(Shape::square(size), &[(0, 0, 1), (4, 4, 5)]);
        let first = pattern_solution(&puzzle).unwrap();
        let second = kempe_second(&puzzle, &first).expect("chains without givens");
        assert_ne!(first, second);
        assert!(second.check_solution(&puzzle).is_ok());
        // The solution itself as the puzzle: every chain holds givens.
        assert_eq!(kempe_second(&first, &first), None);
    }
}
