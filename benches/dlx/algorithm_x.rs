//! Knuth's Algorithm X with dancing links, and Sudoku as the exact cover
//! problem it solves (docs/teach/13-exact-cover.md).
//!
//! An exact cover problem is a 0/1 matrix: choose a set of rows that has
//! exactly one 1 in every column. Algorithm X picks a column, tries each
//! row with a 1 there, removes every column that row covers and every row
//! clashing with it, and recurses; dancing links keep the matrix as
//! circular doubly linked lists, so that a removal (`L[R[x]] ← L[x]`,
//! `R[L[x]] ← R[x]`) is undone by the two assignments in reverse, with no
//! copy. The column chosen is one with the fewest rows left (Knuth's S
//! heuristic), which is the "naked or hidden single first" of Sudoku.
//!
//! For Sudoku on an N×N grid the rows are the N³ options "cell (r,c)
//! holds d" and the columns the 4N² constraints: each cell holds a digit,
//! each row, column and block holds each digit. At 9×9 that is 729
//! options and 324 constraints, each option in exactly four.
//!
//! # References
//!
//! - D. E. Knuth. Dancing Links. In J. Davies, B. Roscoe, J. Woodcock
//!   (eds.), Millennial Perspectives in Computer Science, Palgrave, 2000,
//!   pp. 187–214. arXiv:cs/0011047.
//! - D. E. Knuth. The Art of Computer Programming, Volume 4B:
//!   Combinatorial Algorithms, Part 2. Addison-Wesley, 2022, section
//!   7.2.2.1 (Dancing links).

use sudoku_sat::grid::{Cell, Digit, Grid, House, Size};

/// An exact cover matrix as dancing links: node 0 is the root, nodes
/// 1..=columns the column headers, then one node per 1 of the matrix.
pub struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// The column header of each node.
    column: Vec<usize>,
    /// The row of each node (unused for headers).
    row: Vec<usize>,
    /// The number of rows left in each column, by header.
    size: Vec<usize>,
}

impl Dlx {
    /// Builds the links for `columns` columns and the given rows, each a
    /// list of the columns (0-based) where it has a 1.
    pub fn new(columns: usize, rows: &[Vec<usize>]) -> Dlx {
        let headers = columns + 1;
        let mut dlx = Dlx {
            left: (0..headers).map(|i| (i + headers - 1) % headers).collect(),
            right: (0..headers).map(|i| (i + 1) % headers).collect(),
            up: (0..headers).collect(),
            down: (0..headers).collect(),
            column: (0..headers).collect(),
            row: vec![usize::MAX; headers],
            size: vec![0; headers],
        };
        for (r, cols) in rows.iter().enumerate() {
            let first = dlx.left.len();
            for (k, &c) in cols.iter().enumerate() {
                let node = first + k;
                let header = c + 1;
                // Append at the bottom of the column, and in the row's ring.
                dlx.up.push(dlx.up[header]);
                dlx.down.push(header);
                let above = dlx.up[header];
                dlx.down[above] = node;
                dlx.up[header] = node;
                dlx.left.push(if k == 0 {
                    first + cols.len() - 1
                } else {
                    node - 1
                });
                dlx.right
                    .push(if k + 1 == cols.len() { first } else { node + 1 });
                dlx.column.push(header);
                dlx.row.push(r);
                dlx.size[header] += 1;
            }
        }
        dlx
    }

    /// Removes column `c` from the header list and every row with a 1 in
    /// it from the other columns.
    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    /// Undoes [`cover`](Self::cover) of `c`, in the reverse order.
    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Returns up to `limit` exact covers, each the list of its rows, and
    /// the number of nodes of the search tree visited.
    pub fn solve(&mut self, limit: usize) -> (Vec<Vec<usize>>, u64) {
        let mut found = Vec::new();
        let mut chosen = Vec::new();
        let mut nodes = 0;
        self.search(limit, &mut chosen, &mut found, &mut nodes);
        (found, nodes)
    }

    fn search(
        &mut self,
        limit: usize,
        chosen: &mut Vec<usize>,
        found: &mut Vec<Vec<usize>>,
        nodes: &mut u64,
    ) {
        *nodes += 1;
        if self.right[0] == 0 {
            found.push(chosen.clone());
            return;
        }
        // The column with the fewest rows left.
        let mut c = self.right[0];
        let mut j = self.right[c];
        while j != 0 {
            if self.size[j] < self.size[c] {
                c = j;
            }
            j = self.right[j];
        }
        if self.size[c] == 0 {
            return;
        }
        self.cover(c);
        let mut r = self.down[c];
        while r != c && found.len() < limit {
            chosen.push(self.row[r]);
            let mut j = self.right[r];
            while j != r {
                self.cover(self.column[j]);
                j = self.right[j];
            }
            self.search(limit, chosen, found, nodes);
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.column[j]);
                j = self.left[j];
            }
            chosen.pop();
            r = self.down[r];
        }
        self.uncover(c);
    }
}

/// The exact cover problem of a grid's shape: the options as (cell,
/// digit), in x(r,c,d) order, and each option's four columns: cell, row
/// and digit, column and digit, block and digit, numbered 0..4N².
pub fn sudoku_matrix(grid: &Grid) -> Vec<((Cell, Digit), Vec<usize>)> {
    let size: Size = grid.size();
    let n = size.side();
    let mut block = vec![0; size.cells()];
    for b in 0..n {
        for cell in grid.shape().house_cells(House::Block(b as u8)) {
            block[cell.index(size)] = b;
        }
    }
    let mut options = Vec::with_capacity(n * size.cells());
    for cell in size.all_cells() {
        for digit in size.digits() {
            let d = digit.index();
            let columns = vec![
                cell.index(size),
                n * n + cell.row() * n + d,
                2 * n * n + cell.col() * n + d,
                3 * n * n + block[cell.index(size)] * n + d,
            ];
            options.push(((cell, digit), columns));
        }
    }
    options
}

/// Up to `limit` solutions of `grid` by dancing links, and the search
/// nodes visited. A given keeps only its own option for its cell.
pub fn solve_sudoku(grid: &Grid, limit: usize) -> (Vec<Grid>, u64) {
    let size = grid.size();
    let options: Vec<((Cell, Digit), Vec<usize>)> = sudoku_matrix(grid)
        .into_iter()
        .filter(|((cell, digit), _)| grid.get(*cell).is_none_or(|g| g == *digit))
        .collect();
    let rows: Vec<Vec<usize>> = options.iter().map(|o| o.1.clone()).collect();
    let mut dlx = Dlx::new(4 * size.cells(), &rows);
    let (covers, nodes) = dlx.solve(limit);
    let grids = covers
        .iter()
        .map(|cover| {
            let mut solution = grid.clone();
            for &r in cover {
                let (cell, digit) = options[r].0;
                solution.set(cell, Some(digit));
            }
            solution
        })
        .collect();
    (grids, nodes)
}
