//! The ground form of a rule: every quantifier expanded, every name and
//! fixed value resolved, only terms over the grid's digits left.
//!
//! This is the one tree the three back ends read, each on its own: the
//! compiler ([`super::compile`]) turns it into clauses, the evaluator
//! ([`super::eval`]) decides it on a grid by its plain meaning, and the
//! estimate bounds the clauses before any is written. Keeping it small (a
//! dozen node kinds, nothing about syntax) is what lets the compiler and
//! the evaluator share no code beyond it.
//!
//! Every node carries an [`At`]: the span of the source text it came from
//! and the [`Instance`] of the quantifiers around it (which window, which
//! pair), so that a broken rule and each clause can be named in words.
//!
//! # Semantics
//!
//! - An [`IntKind::Cell`] is the cell's digit, 1..=N.
//! - [`IntKind::Mod`] takes a positive divisor and gives 0..divisor−1
//!   (Euclidean: `-1 mod 3 = 2`).
//! - [`IntKind::Element`] is `list[index]`, 1-based. An index outside
//!   1..=len breaks the rule wherever the element appears: the compiler
//!   asserts 1 ≤ index ≤ len for every element node, and the evaluator
//!   reports the rule broken. (The front end only builds element nodes
//!   whose index depends on digits; a fixed index is resolved before.)
//! - [`BoolKind::Distinct`] holds when the integers are pairwise different.
//! - [`BoolKind::In`] holds when the integer is one of the values.
//! - [`BoolKind::Table`] holds when the tuple of integers is one of the
//!   rows.
//! - [`BoolKind::Regular`] holds when the sequence of integers, read as
//!   symbols, is accepted by the automaton: some path of transitions from
//!   the start state, one per symbol, ends in an accepting state.
//! - Empty [`BoolKind::And`] is true, empty [`BoolKind::Or`] false;
//!   [`IntKind::Sum`] and [`IntKind::Count`] of nothing are 0.
//!   [`IntKind::Min`], [`IntKind::Max`], [`BoolKind::Distinct`] and
//!   [`IntKind::Element`] always have at least one item.

use crate::grid::Cell;

/// A span of source text: which text, and the byte range in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The text, as an index into the rule's [`super::Texts`].
    pub source: u16,
    /// The first byte.
    pub start: u32,
    /// The byte after the last.
    pub end: u32,
}

/// One instance of the quantifiers around a node: an index into
/// [`Ground::instances`]. Instance 0 is the rule as a whole (no
/// quantifier).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Instance(pub u32);

/// Where a node came from: its source span and its instance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct At {
    /// The sub-expression's span.
    pub span: Span,
    /// The quantifier instance it belongs to.
    pub instance: Instance,
}

/// An integer term over the grid's digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    /// What it computes.
    pub kind: IntKind,
    /// Where it came from.
    pub at: At,
}

/// The integer node kinds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    /// A fixed number.
    Const(i64),
    /// The digit of a cell.
    Cell(Cell),
    /// The negation.
    Neg(Box<Int>),
    /// The sum of the items.
    Sum(Vec<Int>),
    /// The product of two terms.
    Mul(Box<Int>, Box<Int>),
    /// The remainder by a fixed positive divisor, 0..divisor−1.
    Mod(Box<Int>, i64),
    /// The absolute value.
    Abs(Box<Int>),
    /// The smallest item (at least one).
    Min(Vec<Int>),
    /// The largest item (at least one).
    Max(Vec<Int>),
    /// How many of the conditions hold.
    Count(Vec<Bool>),
    /// `list[index]`, 1-based (see the module's semantics).
    Element {
        /// The items (at least one).
        list: Vec<Int>,
        /// The 1-based index.
        index: Box<Int>,
    },
    /// The first term when the condition holds, else the second.
    Ite(Box<Bool>, Box<Int>, Box<Int>),
}

/// A condition over the grid's digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bool {
    /// What it states.
    pub kind: BoolKind,
    /// Where it came from.
    pub at: At,
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Cmp {
    /// Returns whether `a op b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }

    /// Returns the operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
}

/// The condition node kinds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoolKind {
    /// A fixed truth value.
    Const(bool),
    /// The negation.
    Not(Box<Bool>),
    /// Every item holds (true when empty).
    And(Vec<Bool>),
    /// Some item holds (false when empty).
    Or(Vec<Bool>),
    /// The first does not hold, or the second does.
    Implies(Box<Bool>, Box<Bool>),
    /// Both hold or neither does.
    Iff(Box<Bool>, Box<Bool>),
    /// Exactly one holds.
    Xor(Box<Bool>, Box<Bool>),
    /// A comparison of two integers.
    Cmp(Cmp, Box<Int>, Box<Int>),
    /// The integer is one of the values (ascending, each once).
    In(Box<Int>, Vec<i64>),
    /// The integers are pairwise different (at least one).
    Distinct(Vec<Int>),
    /// The tuple of integers is one of the rows (each row as long as the
    /// tuple; rows ascending, each once).
    Table(Vec<Int>, Vec<Vec<i64>>),
    /// The integers, in order, are a word the automaton accepts.
    Regular(Vec<Int>, Automaton),
}

/// A finite automaton over integer symbols, possibly nondeterministic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Automaton {
    /// The number of states, numbered 0..states.
    pub states: u32,
    /// The start state.
    pub start: u32,
    /// Whether each state accepts (`states` entries).
    pub accepting: Vec<bool>,
    /// The transitions: from, symbols (ascending, each once), to.
    pub transitions: Vec<Transition>,
}

/// One transition of an [`Automaton`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transition {
    /// The state it leaves.
    pub from: u32,
    /// The symbols it reads (ascending, each once).
    pub on: Vec<i64>,
    /// The state it enters.
    pub to: u32,
}

/// A rule in ground form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ground {
    /// The condition: usually an [`BoolKind::And`] of one item per
    /// quantifier instance.
    pub root: Bool,
    /// Each instance's bindings in words (`w = r1c1 r1c2 r1c3`,
    /// `(a, b) = (r1c1, r1c2)`); entry 0 is empty, the rule as a whole.
    /// Nested quantifiers join their bindings with `, `.
    pub instances: Vec<String>,
    /// Every cell the rule reads, row-major, each once.
    pub cells: Vec<Cell>,
}

impl Int {
    /// A node of `kind` at `at`.
    pub fn new(kind: IntKind, at: At) -> Int {
        Int { kind, at }
    }
}

impl Bool {
    /// A node of `kind` at `at`.
    pub fn new(kind: BoolKind, at: At) -> Bool {
        Bool { kind, at }
    }
}
