//! The syntax tree: definitions and expressions, each node with its span.

use crate::lang::Span;

/// A name as written, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it stands.
    pub span: Span,
}

/// One definition, `def name(p, q) = body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    /// The name defined.
    pub name: Ident,
    /// The parameters, in order.
    pub params: Vec<Ident>,
    /// What a call stands for.
    pub body: Expr,
    /// The comment lines right above it, joined with spaces, each without
    /// its `#`; empty when there are none.
    pub doc: String,
    /// The whole definition, from `def` to the end of the body.
    pub span: Span,
}

/// An expression and its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Its text.
    pub span: Span,
}

/// A quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    /// `for`: every instance holds.
    For,
    /// `some`: some instance holds.
    Some,
}

/// A binary operator on conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    /// `implies`
    Implies,
    /// `iff`
    Iff,
    /// `xor`
    Xor,
}

/// `+` or `-` in a sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddOp {
    /// `+`
    Add,
    /// `-`
    Sub,
}

/// `*`, `/` or `mod` in a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MulOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `mod`
    Mod,
}

/// The expression kinds. Chains of `+`/`-`, `*`/`/`/`mod`, `and` and `or`
/// are one node each, so that a long chain is a wide tree rather than a
/// deep one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A number.
    Number(i64),
    /// A cell, 1-based as written.
    Cell {
        /// The 1-based row.
        row: u32,
        /// The 1-based column.
        col: u32,
    },
    /// `true` or `false`.
    Bool(bool),
    /// A string's contents (a regular expression).
    Str(String),
    /// A name: a parameter, a bound variable, a built-in value.
    Name(String),
    /// `name(arguments)`.
    Call {
        /// The function or definition called.
        name: Ident,
        /// The arguments.
        args: Vec<Argument>,
    },
    /// `(a, b, …)`, two items or more.
    Tuple(Vec<Expr>),
    /// `[a, b, …]`.
    List(Vec<Expr>),
    /// `{a, b, …}`.
    Set(Vec<Expr>),
    /// `automaton { … }`.
    Automaton(Box<AutomatonExpr>),
    /// `for binder in group: body` or `some …`.
    Quantified {
        /// `for` or `some`.
        quantifier: Quantifier,
        /// The names bound.
        binder: Binder,
        /// What they run over.
        group: Box<Expr>,
        /// The condition.
        body: Box<Expr>,
    },
    /// `if cond then yes else no`.
    If {
        /// The condition.
        cond: Box<Expr>,
        /// Its value when the condition holds.
        then: Box<Expr>,
        /// Its value otherwise.
        otherwise: Box<Expr>,
    },
    /// `- x`.
    Neg(Box<Expr>),
    /// `not x`.
    Not(Box<Expr>),
    /// `a + b - c …`: the first term, then each operator and term.
    Sum(Box<Expr>, Vec<(AddOp, Expr)>),
    /// `a * b mod c …`: the first factor, then each operator and factor.
    Product(Box<Expr>, Vec<(MulOp, Expr)>),
    /// `a and b and …`, two items or more.
    And(Vec<Expr>),
    /// `a or b or …`, two items or more.
    Or(Vec<Expr>),
    /// `a implies b`, `a iff b`, `a xor b`.
    Logic(Logic, Box<Expr>, Box<Expr>),
    /// `a < b` and the other comparisons.
    Compare(crate::lang::ground::Cmp, Box<Expr>, Box<Expr>),
    /// `x in S`.
    In(Box<Expr>, Box<Expr>),
    /// `a..b`.
    Range(Box<Expr>, Box<Expr>),
    /// `L[i]`, or `L[i..j]` when the index is a [`ExprKind::Range`].
    Index(Box<Expr>, Box<Expr>),
    /// `x.name`.
    Field(Box<Expr>, Ident),
}

/// An argument of a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument {
    /// A value.
    Value(Expr),
    /// `x in G: body`.
    Comprehension(Comprehension),
}

impl Argument {
    /// Returns the argument's span.
    pub fn span(&self) -> Span {
        match self {
            Argument::Value(e) => e.span,
            Argument::Comprehension(c) => c.span,
        }
    }
}

/// A comprehension argument, `binder in group: body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comprehension {
    /// The names bound.
    pub binder: Binder,
    /// What they run over.
    pub group: Expr,
    /// The term or condition for each item.
    pub body: Expr,
    /// The whole argument.
    pub span: Span,
}

/// Names bound by a quantifier or a comprehension: one name, or a tuple
/// that takes a list apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binder {
    /// What it binds.
    pub kind: BinderKind,
    /// Its text.
    pub span: Span,
}

/// The binder kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BinderKind {
    /// One name.
    Name(String),
    /// `(a, b, …)`: a list of as many items.
    Tuple(Vec<Binder>),
}

/// `automaton { start s accept a, b  s -> t on {1, 2} … }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomatonExpr {
    /// The start state.
    pub start: Ident,
    /// The accepting states.
    pub accept: Vec<Ident>,
    /// The transitions.
    pub transitions: Vec<TransitionExpr>,
}

/// One transition of an [`AutomatonExpr`]: `from -> to on symbols`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransitionExpr {
    /// The state it leaves.
    pub from: Ident,
    /// The state it enters.
    pub to: Ident,
    /// The digits it reads: a set, a list or a number.
    pub on: Expr,
}
