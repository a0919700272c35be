//! Tests of the compiler against a reference meaning, on every 4×4 grid.
//!
//! The reference evaluator here is written apart from both the compiler's
//! folding and the crate's evaluator. A rule's clauses, added to the
//! classic 4×4 formula, must accept exactly the 288 grids on which the
//! reference says the rule holds; each grid is tried by assuming all its
//! cell-digit literals.

mod catalogue;
mod exhaustive;
mod propagation;
mod random;
mod reference;
mod sizes;
mod trees;

use varisat::{CnfFormula, Lit, Solver};

use crate::encode::{AmoKind, Encoding, SumKind, encode_rules, vars};
use crate::grid::{Cell, Digit, Shape, Size};
use crate::lang::ground::{Automaton, Bool, Cmp, Ground, Int, IntKind, Transition};

use super::{Limits, Note, compile};

use reference::*;
use trees::*;

// ---- The 288 grids and the harness.

pub(super) fn four() -> Shape {
    Shape::square(Size::from_side(4).expect("4 is a size"))
}

/// Every 4×4 Sudoku grid with 2×2 blocks.
pub(super) fn grids() -> Vec<Digits> {
    fn fill(g: &mut Digits, at: usize, out: &mut Vec<Digits>) {
        if at == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..4).any(|i| g[r][i] == d || g[i][c] == d)
                || (0..4).any(|i| {
                    let (br, bc) = (r / 2 * 2 + i / 2, c / 2 * 2 + i % 2);
                    g[br][bc] == d
                });
            if !clash {
                g[r][c] = d;
                fill(g, at + 1, out);
                g[r][c] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![vec![0; 4]; 4], 0, &mut out);
    assert_eq!(out.len(), 288);
    out
}

/// The assumptions that fix a grid: every cell-digit literal.
fn fixing(size: Size, g: &Digits) -> Vec<Lit> {
    let mut out = Vec::new();
    for (r, row) in g.iter().enumerate() {
        for (col, &d) in row.iter().enumerate() {
            for e in 1..=4u8 {
                let l = vars::lit(size, Cell::new(r as u8, col as u8), Digit::new(e).unwrap());
                out.push(if i64::from(e) == d { l } else { !l });
            }
        }
    }
    out
}

/// A way of compiling: the encoding and the small-scope limits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Setup {
    pub(super) encoding: Encoding,
    pub(super) limits: Limits,
}

impl Setup {
    pub(super) fn new(sum: SumKind, amo: AmoKind, limits: Limits) -> Setup {
        Setup {
            encoding: Encoding {
                sum,
                amo,
                ..Encoding::default()
            },
            limits,
        }
    }
}

/// The limits that turn the small-scope path off, or keep it to two
/// cells, so that the structural encodings are tried on 4×4 too.
pub(super) const STRUCTURAL: Limits = Limits {
    cells: 0,
    product: 4096,
};
pub(super) const PAIRS: Limits = Limits {
    cells: 2,
    product: 4096,
};

/// The setups every hand-written rule is tried under.
pub(super) fn setups() -> Vec<Setup> {
    let mut out = Vec::new();
    for limits in [Limits::default(), PAIRS, STRUCTURAL] {
        for sum in SumKind::ALL {
            out.push(Setup::new(sum, AmoKind::Pairwise, limits));
        }
        for amo in [AmoKind::Sequential, AmoKind::Commander] {
            out.push(Setup::new(SumKind::Totalizer, amo, limits));
        }
    }
    out
}

/// Compiles the rule into a formula after the classic clauses; returns
/// the formula, the rule's clause count and its notes.
pub(super) fn formula(
    ground: &Ground,
    shape: &Shape,
    setup: Setup,
) -> (CnfFormula, usize, Vec<Note>) {
    let mut cnf = CnfFormula::new();
    encode_rules(shape, &setup.encoding, &mut cnf);
    let before = cnf.len();
    let mut notes = Vec::new();
    compile(
        ground,
        shape,
        &setup.encoding,
        setup.limits,
        &mut cnf,
        &mut notes,
    );
    let clauses = cnf.len() - before;
    (cnf, clauses, notes)
}

/// Checks the rule's clauses against the reference on every grid; panics
/// naming the first grid where they differ.
pub(super) fn check(name: &str, ground: &Ground, setup: Setup, grids: &[Digits]) {
    let shape = four();
    let (cnf, clauses, notes) = formula(ground, &shape, setup);
    if clauses > 0 {
        assert_eq!(
            notes.first().map(|n| n.clauses),
            Some(0),
            "{name}: first note"
        );
    }
    assert!(
        notes.windows(2).all(|w| w[0].clauses < w[1].clauses),
        "{name}: notes must advance"
    );
    let mut solver = Solver::new();
    solver.add_formula(&cnf);
    for g in grids {
        solver.assume(&fixing(shape.size(), g));
        let sat = solver.solve().expect("no proof is written");
        let expected = reference(ground, g);
        assert_eq!(sat, expected, "{name} under {setup:?} on {g:?}");
    }
}
