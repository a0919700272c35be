//! Rules between nearby cells: anti-knight, anti-king, non-consecutive.

use varisat::ExtendFormula;

use super::relation::encode_pair;
use super::restrict;
use super::{Broken, Contradiction, Rule, encode_differ};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};

/// A chess knight's moves.
const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// A chess king's diagonal moves; its straight moves stay in a row or a
/// column, where the classic rules already forbid a repeat.
const KING_DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Orthogonal neighbours.
const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// Returns each pair of cells one of `moves` apart, once, the earlier
/// cell (row-major) first.
fn pairs(shape: &Shape, moves: &[(i32, i32)]) -> Vec<(Cell, Cell)> {
    let side = shape.side() as i32;
    let mut out = Vec::new();
    for a in shape.all_cells() {
        for &(dr, dc) in moves {
            let (r, c) = (a.row() as i32 + dr, a.col() as i32 + dc);
            if (0..side).contains(&r) && (0..side).contains(&c) {
                let b = Cell::new(r as u8, c as u8);
                if a < b {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// Checks that no listed pair holds one digit.
fn check_differ(
    key: &'static str,
    what: &str,
    grid: &Grid,
    pairs: &[(Cell, Cell)],
) -> Result<(), Broken> {
    for &(a, b) in pairs {
        if let (Some(x), Some(y)) = (grid.get(a), grid.get(b))
            && x == y
        {
            return Err(Broken {
                key,
                cells: vec![a, b],
                reason: format!("{a} and {b} are a {what} apart and both hold {x}"),
            });
        }
    }
    Ok(())
}

/// Removes each placed cell's digit from the cells one of `moves` away:
/// every pair [`pairs`] lists, from both ends, walked from the placed
/// cells without listing the pairs. (The backtracker's search takes the
/// pairs as peers instead, `Prune::differing_pairs`; hints call this.)
fn prune_differ(
    shape: &Shape,
    moves: &[(i32, i32)],
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let side = shape.side();
    let mut changed = false;
    for from in 0..candidates.len() {
        let m = candidates[from];
        if m.count_ones() != 1 {
            continue;
        }
        let (row, col) = ((from / side) as i32, (from % side) as i32);
        for &(dr, dc) in moves {
            let (r, c) = (row + dr, col + dc);
            if (0..side as i32).contains(&r) && (0..side as i32).contains(&c) {
                let to = r as usize * side + c as usize;
                changed |= restrict(&mut candidates[to], !m)?;
            }
        }
    }
    Ok(changed)
}

/// Defines a rule "cells one chess move apart never hold the same digit":
/// the type, its clauses (one per digit for each pair of cells a move apart
/// that share no block) and its plain meaning.
macro_rules! chess_rule {
    ($(#[$doc:meta])* $name:ident, $key:literal, $piece:literal, $moves:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $name {
            #[doc = concat!("Returns each pair of cells a ", $piece, "'s move apart, once,")]
            /// the earlier cell (row-major) first.
            pub fn cell_pairs(&self, shape: &Shape) -> Vec<(Cell, Cell)> {
                pairs(shape, &$moves)
            }

            #[doc = concat!("Writes, for each pair of cells a ", $piece, "'s move apart")]
            /// that share no block, one clause per digit: not both.
            pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
                for (a, b) in pairs(shape, &$moves) {
                    encode_differ(shape, a, b, sink);
                }
            }
        }

        impl Rule for $name {
            fn key(&self) -> &'static str {
                $key
            }

            fn describe(&self) -> String {
                concat!("cells a chess ", $piece, "'s move apart never hold the same digit")
                    .to_string()
            }

            fn cells(&self, shape: &Shape) -> Vec<Cell> {
                shape.all_cells().collect()
            }

            fn check(&self, grid: &Grid) -> Result<(), Broken> {
                let what = concat!($piece, "'s move");
                check_differ($key, what, grid, &pairs(grid.shape(), &$moves))
            }

            fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
                prune_differ(shape, &$moves, candidates)
            }
        }
    };
}

chess_rule!(
    /// Cells a chess knight's move apart never hold the same digit.
    AntiKnight,
    "antiknight",
    "knight",
    KNIGHT
);

chess_rule!(
    /// Cells a chess king's move apart (diagonal neighbours included) never
    /// hold the same digit.
    AntiKing,
    "antiking",
    "king",
    KING_DIAGONAL
);

/// Orthogonally adjacent cells never hold consecutive digits, except the
/// pairs listed as exempt (f-puzzles exempts a pair that carries a kropki
/// dot, whose own rule then decides it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NonConsecutive {
    /// Pairs the rule does not apply to, earlier cell (row-major) first.
    pub exempt: Vec<(Cell, Cell)>,
}

impl NonConsecutive {
    /// Returns the pairs the rule applies to.
    fn pairs(&self, shape: &Shape) -> Vec<(Cell, Cell)> {
        let mut all = pairs(shape, &ORTHOGONAL);
        all.retain(|p| !self.exempt.contains(p));
        all
    }

    /// Writes each adjacent pair's support clauses ([`encode_pair`]): "if
    /// a holds d, b holds a digit neither d − 1 nor d + 1 (nor d)". Two
    /// binary clauses per pair and digit, ¬(a = d ∧ b = d + 1), would state
    /// the same rule in fewer literals, but unit propagation on them only
    /// forward-checks: with a cell down to {4, 6}, they leave 5 in its
    /// neighbours, which the support clauses remove (arc consistency).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        for (a, b) in self.pairs(shape) {
            encode_pair(shape, a, b, |x, y| x.abs_diff(y) != 1, sink);
        }
    }
}

impl Rule for NonConsecutive {
    fn key(&self) -> &'static str {
        "nonconsecutive"
    }

    fn describe(&self) -> String {
        let mut s = "orthogonally adjacent cells never hold consecutive digits".to_string();
        if !self.exempt.is_empty() {
            s.push_str(&format!(
                " (except {} pairs marked with a dot)",
                self.exempt.len()
            ));
        }
        s
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        shape.all_cells().collect()
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for (a, b) in self.pairs(grid.shape()) {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b))
                && x.get().abs_diff(y.get()) == 1
            {
                return Err(Broken {
                    key: self.key(),
                    cells: vec![a, b],
                    reason: format!("{a} and {b} touch and hold consecutive digits {x} and {y}"),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let mut changed = false;
        for (a, b) in self.pairs(shape) {
            let (i, j) = (a.index(size), b.index(size));
            for (from, to) in [(i, j), (j, i)] {
                let m = candidates[from];
                if m.count_ones() == 1 {
                    changed |= restrict(&mut candidates[to], !(m << 1 | m >> 1))?;
                }
            }
        }
        Ok(changed)
    }
}
