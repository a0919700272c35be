//! Measuring before choosing: a compiler that writes nothing and counts
//! the clauses it would write.
//!
//! A node over three or more cells can be written as its table or by its
//! structure; the table is chosen when it is at most twice the size of
//! the structure, which [`cond`] and [`value`] measure exactly by running
//! the structural encoding on a compiler of their own (no cache shared,
//! variables that name nothing). That compiler stops its own small nodes
//! at two cells, so measuring never nests. [`rule`] measures a whole rule
//! for the estimate.

use std::collections::HashMap;

use varisat::{ExtendFormula, Lit, Var};

use crate::encode::Encoding;
use crate::grid::{Cell, Shape};
use crate::lang::ground::{Ground, Int};

use super::index::Index;
use super::{Compiler, Cond, Limits, Out, Sink};

/// A sink that counts clauses and hands out variables that name nothing.
#[derive(Debug)]
pub(super) struct Counter {
    pub(super) clauses: u64,
    next: usize,
}

impl Counter {
    pub(super) fn new() -> Counter {
        // Past the cell-digit variables of any grid, so that no counted
        // variable reads as a cell's digit.
        Counter {
            clauses: 0,
            next: 1 << 26,
        }
    }
}

impl Sink for Counter {
    fn clause(&mut self, _: &[Lit]) {
        self.clauses += 1;
    }

    fn var(&mut self) -> Var {
        // Within varisat's range however many are asked for.
        self.next = (self.next + 1).min(Var::max_var().index());
        Var::from_index(self.next)
    }
}

impl ExtendFormula for Counter {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.clause(lits);
    }

    fn new_var(&mut self) -> Var {
        self.var()
    }
}

/// What a measuring compiler needs of the one it measures for.
pub(super) struct Context<'c, 'g> {
    pub(super) index: &'c Index<'g>,
    pub(super) shape: &'c Shape,
    pub(super) encoding: &'c Encoding,
    pub(super) limits: Limits,
    pub(super) groups: &'c [Vec<Cell>],
}

impl<'g> Compiler<'g, '_> {
    pub(super) fn context(&self) -> Context<'_, 'g> {
        Context {
            index: self.index,
            shape: self.shape,
            encoding: self.encoding,
            limits: self.limits,
            groups: &self.groups,
        }
    }
}

/// Runs `job` on a measuring compiler and returns the clauses it would
/// write, `u64::MAX` when it gives up.
fn run<'g>(context: &Context<'_, 'g>, job: impl FnOnce(&mut Compiler<'g, '_>)) -> u64 {
    let mut counter = Counter::new();
    let mut notes = Vec::new();
    let mut dry = Compiler {
        shape: context.shape,
        size: context.shape.size(),
        encoding: context.encoding,
        limits: Limits {
            cells: context.limits.cells.min(2),
            ..context.limits
        },
        index: context.index,
        out: Out {
            sink: &mut counter,
            notes: &mut notes,
            clauses: 0,
            at: None,
            noted: None,
        },
        values: HashMap::new(),
        cells: HashMap::new(),
        names: HashMap::new(),
        orders: HashMap::new(),
        groups: context.groups.to_vec(),
        truth: None,
        failed: false,
        dry: true,
    };
    job(&mut dry);
    let failed = dry.failed;
    drop(dry);
    if failed { u64::MAX } else { counter.clauses }
}

/// The clauses of "guard → c" by its structure, under one guard literal.
pub(super) fn cond<'g>(context: &Context<'_, 'g>, c: Cond<'g>, neg: bool) -> u64 {
    run(context, |d| {
        let g = d.out.new_lit();
        d.assert_structure(c, neg, &[g]);
    })
}

/// The clauses of an integer's options by its structure.
pub(super) fn value<'g>(context: &Context<'_, 'g>, x: &'g Int) -> u64 {
    run(context, |d| {
        d.value_structure(x);
    })
}

/// The clauses of a whole rule, as [`super::encode`] writes them.
pub(super) fn rule(ground: &Ground, shape: &Shape, encoding: &Encoding, limits: Limits) -> u64 {
    let mut counter = Counter::new();
    super::compile(
        ground,
        shape,
        encoding,
        limits,
        &mut counter,
        &mut Vec::new(),
    );
    counter.clauses
}
