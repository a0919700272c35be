//! The compiler: a ground rule to clauses over the cell-digit variables.
//!
//! The clauses hold exactly when the rule does, given the classic clauses
//! (each cell one digit, each house distinct), which the compiler relies
//! on: a tuple in which two cells of one house share a digit never needs
//! a clause. It reads the tree top-down and keeps track of polarity
//! (Plaisted & Greenbaum 1986): the root's conjuncts are asserted, each
//! under a guard (the literals that must hold for it to apply), and a
//! sub-condition gets a literal only where a disjunction, an equivalence
//! or an integer needs one, defined in the directions its place asks for.
//!
//! Each node is compiled by the first of these that applies:
//!
//! 1. **Constants** fold: a node that reads no cell is worth its value.
//! 2. **Small scope** (`small`): a node over few cells is enumerated on
//!    their digits with the compiler's own folding (`fold`) and written
//!    as the clauses of that relation: forbidden values for one cell,
//!    support clauses for two (arc consistent), the GAC table or the
//!    forbidden tuples for more, when at most twice the size of the
//!    structural encoding (measured first, `dry`).
//! 3. **Structure** (`cond`, `value`, `linear`): integers become
//!    one-hot options, linear comparisons go to the sum encodings, and
//!    distinct, in, table, element, regular, min, max and the rest to
//!    their primitives in [`crate::encode`].
//!
//! docs/teach/17-rules-language.md explains each construct with its clauses
//! and sizes.
//!
//! # References
//!
//! - D. A. Plaisted, S. Greenbaum. A Structure-preserving Clause Form
//!   Translation. Journal of Symbolic Computation 2(3), 1986,
//!   pp. 293–304.
//! - G. S. Tseitin. On the complexity of derivation in propositional
//!   calculus. Studies in Constructive Mathematics and Mathematical Logic,
//!   Part 2, 1968 (English translation, Consultants Bureau, 1970,
//!   pp. 115–125).

mod cond;
mod dry;
mod estimate;
mod fold;
mod index;
mod linear;
mod small;
mod value;

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::rc::Rc;

use varisat::{ExtendFormula, Lit, Var};

use crate::encode::Encoding;
use crate::encode::reify::{Bit, Polarity, clause};
use crate::encode::vars;
use crate::grid::{Cell, Shape, Size};
use crate::lang::ground::{Bool, BoolKind, Cmp, Int, IntKind};

use super::{At, Ground};
use index::{Index, Scope};

/// Which node the clauses from a point on come from, for `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    /// How many clauses the rule had written before this node's.
    pub clauses: usize,
    /// The node.
    pub at: At,
}

/// Writes the rule's clauses to `sink`.
pub fn encode<F: ExtendFormula>(ground: &Ground, shape: &Shape, encoding: &Encoding, sink: &mut F) {
    encode_noted(ground, shape, encoding, sink, &mut Vec::new());
}

/// Writes the rule's clauses to `sink`, noting in `notes` which node each
/// run of clauses comes from.
///
/// A rule the compiler cannot represent (a tree deeper than a few hundred
/// levels, a cell outside the grid, an integer beyond ±2³⁰ or with more
/// than 2¹⁶ values where it must be spelled out) gets the empty clause;
/// [`estimate()`] returns `u64::MAX` for such rules, so that callers refuse
/// them first.
pub fn encode_noted<F: ExtendFormula>(
    ground: &Ground,
    shape: &Shape,
    encoding: &Encoding,
    sink: &mut F,
    notes: &mut Vec<Note>,
) {
    compile(ground, shape, encoding, Limits::default(), sink, notes);
}

/// Returns an estimate of the clauses [`encode`] writes, without writing
/// them: formulas that follow the compiler's choices, in time linear in
/// the size of the tree (never below half the clauses, at most ten times
/// them on the tested rules), and the exact count, by compiling into a
/// counter, when the formulas say the rule is small (under 2¹⁸ clauses).
/// `u64::MAX` for a rule the compiler cannot represent.
pub fn estimate(ground: &Ground, shape: &Shape, encoding: &Encoding) -> u64 {
    estimate::estimate(ground, shape, encoding, Limits::default())
}

/// When a node counts as small: at most `cells` cells, and at most
/// `product` tuples of their digits.
#[derive(Clone, Copy, Debug)]
struct Limits {
    cells: usize,
    product: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            cells: index::MAX_SCOPE,
            product: 4096,
        }
    }
}

/// The largest number of values an integer may be spelled out with.
const MAX_VALUES: u64 = 1 << 16;

/// The largest magnitude of a value that goes through a sum encoding
/// (their values are 32-bit).
const MAX_MAGNITUDE: i64 = 1 << 30;

fn compile<F: ExtendFormula>(
    ground: &Ground,
    shape: &Shape,
    encoding: &Encoding,
    limits: Limits,
    sink: &mut F,
    notes: &mut Vec<Note>,
) {
    let mut target = Target(sink);
    let index = Index::build(ground, shape.size());
    let mut compiler = Compiler {
        shape,
        size: shape.size(),
        encoding,
        limits,
        index: &index,
        out: Out {
            sink: &mut target,
            notes,
            clauses: 0,
            at: Some(ground.root.at),
            noted: None,
        },
        values: HashMap::new(),
        cells: HashMap::new(),
        names: HashMap::new(),
        orders: HashMap::new(),
        groups: Vec::new(),
        truth: None,
        failed: false,
        dry: false,
    };
    compiler.run(ground);
}

/// A sink seen through a trait object, so that the compiler is compiled
/// once rather than once per sink type.
trait Sink {
    fn clause(&mut self, lits: &[Lit]);
    fn var(&mut self) -> Var;
}

struct Target<'a, F>(&'a mut F);

impl<F: ExtendFormula> Sink for Target<'_, F> {
    fn clause(&mut self, lits: &[Lit]) {
        self.0.add_clause(lits);
    }

    fn var(&mut self) -> Var {
        self.0.new_var()
    }
}

/// The sink the compiler writes to: it counts the clauses and notes the
/// node each run of them comes from, when the first clause of the run is
/// written.
struct Out<'a> {
    sink: &'a mut dyn Sink,
    notes: &'a mut Vec<Note>,
    clauses: usize,
    at: Option<At>,
    noted: Option<At>,
}

impl ExtendFormula for Out<'_> {
    fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(at) = self.at
            && self.noted != Some(at)
        {
            self.notes.push(Note {
                clauses: self.clauses,
                at,
            });
            self.noted = Some(at);
        }
        self.sink.clause(lits);
        self.clauses += 1;
    }

    fn new_var(&mut self) -> Var {
        self.sink.var()
    }
}

/// A condition as the compiler reads it: a node, or a comparison of two
/// integer nodes that no node spells (one case of an element).
#[derive(Clone, Copy, Debug)]
enum Cond<'g> {
    Node(&'g Bool),
    Cmp(Cmp, &'g Int, &'g Int),
}

/// What a named condition is cached under: its structural number, or a
/// comparison's operator and operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Node(u32),
    Cmp(u8, u32, u32),
}

/// An integer as the compiler holds it: a constant, or options (a value
/// and its literal, values ascending and distinct) of which exactly one
/// holds in every solution.
#[derive(Clone, Debug)]
enum Val {
    Const(i64),
    Hot(Rc<Vec<(i64, Lit)>>),
}

/// The order bits of an integer: its values ascending, each with the bit
/// "at least this value" (the first is true).
type OrderBits = Rc<Vec<(i64, Bit)>>;

struct Compiler<'g, 'a> {
    shape: &'a Shape,
    size: Size,
    encoding: &'a Encoding,
    limits: Limits,
    index: &'a Index<'g>,
    out: Out<'a>,
    /// Each integer's options, by structural number.
    values: HashMap<u32, Val>,
    /// Each cell's options, its literals.
    cells: HashMap<Cell, Val>,
    /// Each named condition's bit and the directions written.
    names: HashMap<Key, (Polarity, Bit)>,
    /// Order bits, by the options they were made from.
    orders: HashMap<*const Vec<(i64, Lit)>, OrderBits>,
    /// Cells that the conjunction being asserted makes distinct, which a
    /// sum over them may rely on.
    groups: Vec<Vec<Cell>>,
    /// A literal that is always true, made when first needed.
    truth: Option<Lit>,
    /// Something could not be represented.
    failed: bool,
    /// This compiler only counts the clauses of a structural encoding,
    /// for a choice of the real one (see [`small`]).
    dry: bool,
}

impl<'g> Compiler<'g, '_> {
    fn run(&mut self, ground: &'g Ground) {
        if self.index.usable() {
            for el in self.index.elements.clone() {
                self.element_range(el);
            }
            // The root's conjuncts (one a quantifier instance) are
            // asserted one by one, even when together they are small
            // enough to enumerate: each is then its own run of clauses,
            // which `explain` names by its instance.
            match &ground.root.kind {
                BoolKind::And(items) => {
                    for item in items {
                        self.assert(Cond::Node(item), false, &[]);
                    }
                }
                _ => self.assert(Cond::Node(&ground.root), false, &[]),
            }
        } else {
            self.failed = true;
        }
        if self.failed {
            self.out.at = Some(ground.root.at);
            self.out.add_clause(&[]);
        }
    }

    /// Gives up on the rule: [`Compiler::run`] writes the empty clause.
    fn fail(&mut self) {
        self.failed = true;
    }

    /// Notes that the clauses from here on come from `at` (when some);
    /// returns what to restore.
    fn enter(&mut self, at: Option<At>) -> Option<At> {
        let saved = self.out.at;
        if at.is_some() {
            self.out.at = at;
        }
        saved
    }

    fn leave(&mut self, saved: Option<At>) {
        self.out.at = saved;
    }

    fn clause(&mut self, guard: &[Lit], lits: &[Bit]) {
        clause(&mut self.out, guard, lits);
    }

    /// A literal that always holds.
    fn truth(&mut self) -> Lit {
        if let Some(t) = self.truth {
            return t;
        }
        let t = self.out.new_lit();
        self.out.add_clause(&[t]);
        self.truth = Some(t);
        t
    }

    fn x(&self, cell: Cell, digit: i64) -> Lit {
        let digit = crate::grid::Digit::new(digit as u8).expect("a digit of the grid");
        vars::lit(self.size, cell, digit)
    }

    /// The cell's literals, digit 1 first.
    fn cell_lits(&self, cell: Cell) -> Vec<Lit> {
        (1..=self.size.side() as i64)
            .map(|d| self.x(cell, d))
            .collect()
    }

    /// Whether two literals can never both hold by the classic rules: the
    /// same digit in two cells of a house, or two digits in one cell.
    fn clash(&self, a: Lit, b: Lit) -> bool {
        if !a.is_positive() || !b.is_positive() {
            return false;
        }
        match (
            vars::cell_digit(self.size, a.var()),
            vars::cell_digit(self.size, b.var()),
        ) {
            (Some((ca, da)), Some((cb, db))) => {
                (ca != cb && da == db && self.shape.sees(ca, cb)) || (ca == cb && da != db)
            }
            _ => false,
        }
    }

    /// Whether `options` are exactly a cell's literals, whose at-least-one
    /// is a clause of the formula.
    fn is_cell(&self, options: &[(i64, Lit)]) -> bool {
        let side = self.size.side();
        options.len() == side
            && options.iter().all(|o| o.1.is_positive())
            && matches!(
                options
                    .iter()
                    .map(|o| vars::cell_digit(self.size, o.1.var()).map(|(c, _)| c))
                    .collect::<Option<Vec<Cell>>>()
                    .as_deref(),
                Some([first, rest @ ..]) if rest.iter().all(|c| c == first)
            )
    }

    fn cond_scope(&self, c: Cond<'g>) -> Scope {
        match c {
            Cond::Node(b) => self.index.bool(b).scope,
            Cond::Cmp(_, a, b) => self.index.int(a).scope.union(self.index.int(b).scope),
        }
    }

    fn key(&self, c: Cond<'g>) -> Key {
        match c {
            Cond::Node(b) => Key::Node(self.index.bool(b).id),
            Cond::Cmp(op, a, b) => Key::Cmp(op as u8, self.index.int(a).id, self.index.int(b).id),
        }
    }

    /// The condition's value when it reads no cell.
    fn constant(&self, c: Cond<'g>) -> Option<bool> {
        if self.cond_scope(c).len() != Some(0) {
            return None;
        }
        let env = fold::Env {
            cells: &[],
            digits: &[],
        };
        // An element out of range breaks the rule through its range
        // clause, so any value will do.
        Some(match c {
            Cond::Node(b) => env.cond(b).unwrap_or(false),
            Cond::Cmp(op, a, b) => match (env.int(a), env.int(b)) {
                (Some(x), Some(y)) => op.holds(x, y),
                _ => false,
            },
        })
    }

    /// Forbids the index values outside 1..=len of an element node.
    fn element_range(&mut self, el: &'g Int) {
        let IntKind::Element { list, index } = &el.kind else {
            return;
        };
        let saved = self.enter(Some(el.at));
        let len = list.len() as i64;
        match self.value(index) {
            Val::Const(i) => {
                if !(1..=len).contains(&i) {
                    self.clause(&[], &[]);
                }
            }
            Val::Hot(options) => {
                for &(i, l) in options.iter() {
                    if !(1..=len).contains(&i) {
                        self.clause(&[], &[Bit::Lit(!l)]);
                    }
                }
            }
        }
        self.leave(saved);
    }
}
