//! Classes of (cell, digit) pairs that a classic puzzle's symmetries
//! exchange, so that one solution shows every pair of its classes.
//!
//! A symmetry of a puzzle maps each solution to a solution. When a
//! solution holds digit d in cell c, every image of (c, d) under the
//! symmetries is therefore a true candidate, with no solver call: the
//! backbone search can skip a whole orbit at once, the use of symmetry in
//! backbone computation of Marques-Silva, Janota and Lynce ("On computing
//! backbones of propositional theories", ECAI 2010, §5). Finding a
//! puzzle's full symmetry group is a graph-automorphism problem; these are
//! the symmetries that can be read off the givens of a puzzle with only
//! the classic rules:
//!
//! - **Relabelling** the digits no given uses: exchanging two of them
//!   everywhere keeps each house a permutation and every given in place.
//!   This is the argument of `count`'s relabelling bound.
//! - With R×C blocks, **exchanging two rows of a band** that hold no
//!   given: each block of the band keeps its cells' digits, and every row
//!   and column stays a permutation. Likewise **exchanging two bands**
//!   that hold no given, row for row, and the same for columns and
//!   stacks.
//!
//! The group these generate is a product of three groups acting on rows,
//! columns and digits, so the orbit of (r, c, d) is the product of the
//! orbits of r, c and d: each a connected part of the graph whose edges
//! join what one generator exchanges. On a grid with one given, the first
//! solution then shows every true candidate. With any constraint no
//! symmetry is assumed (a killer cage's sum tells digits apart, a
//! diagonal tells rows apart), and each class holds one pair.

use crate::encode::vars;
use crate::grid::{Cell, Digit, Grid, Size};
use crate::puzzle::Puzzle;

/// The orbits of rows, columns and digits under the symmetries read off a
/// puzzle (see the module docs).
#[derive(Clone, Debug)]
pub(super) struct Orbits {
    size: Size,
    /// The orbit of each row, numbered from 0.
    rows: Classes,
    /// The orbit of each column.
    cols: Classes,
    /// The orbit of each digit, by 0-based digit index.
    digits: Classes,
}

impl Orbits {
    /// Returns the orbits of `puzzle`: trivial (one row, column or digit
    /// each) for a puzzle with a constraint.
    pub(super) fn of(puzzle: &Puzzle) -> Orbits {
        let givens = puzzle.givens();
        let size = givens.size();
        let side = size.side();
        let mut orbits = Orbits {
            size,
            rows: Classes::new(side),
            cols: Classes::new(side),
            digits: Classes::new(side),
        };
        if !puzzle.is_classic() {
            return orbits;
        }
        let mut row_used = vec![false; side];
        let mut col_used = vec![false; side];
        let mut digit_used = vec![false; side];
        for (cell, digit) in givens.givens() {
            row_used[cell.row()] = true;
            col_used[cell.col()] = true;
            digit_used[digit.index()] = true;
        }
        orbits.digits.join_all(&digit_used);
        if let Some((rows, cols)) = puzzle.shape().block_dims() {
            orbits.rows.join_lines(&row_used, rows);
            orbits.cols.join_lines(&col_used, cols);
        }
        orbits
    }

    /// Returns every (cell, digit) pair in the orbit of a pair `solution`
    /// holds, by 0-based cell-digit variable index, the solution's own
    /// pairs among them.
    pub(super) fn shown_by(&self, solution: &Grid) -> Vec<usize> {
        let (rows, cols, digits) = (self.rows.count, self.cols.count, self.digits.count);
        let key = |cell: Cell, digit: Digit| {
            (self.rows.of[cell.row()] * cols + self.cols.of[cell.col()]) * digits
                + self.digits.of[digit.index()]
        };
        let mut seen = vec![false; rows * cols * digits];
        for cell in self.size.all_cells() {
            let digit = solution.get(cell).expect("a solution is full");
            seen[key(cell, digit)] = true;
        }
        let mut shown = Vec::new();
        for cell in self.size.all_cells() {
            for digit in self.size.digits() {
                if seen[key(cell, digit)] {
                    shown.push(vars::var(self.size, cell, digit).index());
                }
            }
        }
        shown
    }
}

/// A partition of 0..n into numbered classes.
#[derive(Clone, Debug)]
struct Classes {
    /// The class of each member, numbered 0..count in order of first
    /// member.
    of: Vec<usize>,
    count: usize,
}

impl Classes {
    /// Every member in a class of its own.
    fn new(n: usize) -> Classes {
        Classes {
            of: (0..n).collect(),
            count: n,
        }
    }

    /// Joins every member not `used` into one class: digits no given uses.
    fn join_all(&mut self, used: &[bool]) {
        let free: Vec<usize> = (0..used.len()).filter(|&i| !used[i]).collect();
        let mut parent: Vec<usize> = (0..used.len()).collect();
        for pair in free.windows(2) {
            union(&mut parent, pair[0], pair[1]);
        }
        self.renumber(&mut parent);
    }

    /// Joins the lines (rows or columns) a permutation keeping the blocks
    /// and the givens can exchange: two lines of one band of `width` lines
    /// when neither is `used`, and two bands line for line when no line of
    /// either is used.
    fn join_lines(&mut self, used: &[bool], width: usize) {
        let n = used.len();
        let mut parent: Vec<usize> = (0..n).collect();
        for band in (0..n).step_by(width) {
            let free: Vec<usize> = (band..band + width).filter(|&l| !used[l]).collect();
            for pair in free.windows(2) {
                union(&mut parent, pair[0], pair[1]);
            }
        }
        let empty: Vec<usize> = (0..n)
            .step_by(width)
            .filter(|&band| (band..band + width).all(|l| !used[l]))
            .collect();
        for pair in empty.windows(2) {
            for offset in 0..width {
                union(&mut parent, pair[0] + offset, pair[1] + offset);
            }
        }
        self.renumber(&mut parent);
    }

    /// Numbers the classes of a union-find forest in order of first member.
    fn renumber(&mut self, parent: &mut [usize]) {
        let mut number = vec![usize::MAX; parent.len()];
        self.count = 0;
        for i in 0..parent.len() {
            let root = find(parent, i);
            if number[root] == usize::MAX {
                number[root] = self.count;
                self.count += 1;
            }
            self.of[i] = number[root];
        }
    }
}

/// Returns the root of `i`'s tree, halving the path on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Joins the trees of `a` and `b`.
fn union(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(parent, a), find(parent, b));
    parent[a] = b;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(side: usize, line: &str) -> Puzzle {
        Puzzle::new(Grid::from_symbols(Size::from_side(side).unwrap(), line).unwrap())
    }

    #[test]
    fn lines_join_within_bands_and_across_empty_bands() {
        // A given in r1c1 (row 0, column 0) of a 9×9 grid: rows 1 and 2
        // exchange within the first band, the rows of each empty band
        // among themselves, and the two empty bands with each other.
        let mut line = ".".repeat(81);
        line.replace_range(0..1, "5");
        let orbits = Orbits::of(&puzzle(9, &line));
        assert_eq!(orbits.rows.of, [0, 1, 1, 2, 2, 2, 2, 2, 2]);
        assert_eq!(orbits.cols.of, orbits.rows.of);
        // Digit 5 is used; the eight others relabel freely.
        assert_eq!(orbits.digits.of, [0, 0, 0, 0, 1, 0, 0, 0, 0]);
    }

    #[test]
    fn a_constraint_leaves_every_orbit_trivial() {
        let empty = puzzle(4, &".".repeat(16)).with(crate::rules::Constraint::Diagonal(
            crate::rules::Diagonal {
                direction: crate::rules::Direction::Negative,
            },
        ));
        let orbits = Orbits::of(&empty);
        for classes in [&orbits.rows, &orbits.cols, &orbits.digits] {
            assert_eq!(classes.of, [0, 1, 2, 3]);
        }
    }

    #[test]
    fn one_solution_of_an_empty_grid_shows_every_pair() {
        let solution = puzzle(4, "1234341221434321");
        let orbits = Orbits::of(&puzzle(4, &".".repeat(16)));
        assert_eq!(orbits.shown_by(solution.givens()).len(), 64);
    }
}
