//! The rules language: rules written as text, compiled to CNF by the same
//! encoder as the catalogue, checked by their plain meaning.
//!
//! A rule goes through three passes, each in its own file, in the manner
//! of MiniZinc's flattening (Nethercote et al. 2007):
//!
//! 1. [`syntax`] cuts the text into tokens with their spans, and
//!    [`parse`] builds the tree of definitions and expressions;
//! 2. [`check`] resolves names against the [`Library`] of definitions and
//!    the puzzle's [`Shape`], types every expression, expands every
//!    quantifier and definition, and returns the rule in [`ground`] form,
//!    or a [`LangError`] at the span to blame;
//! 3. the ground rule has two readers that share no code: [`compile`]
//!    writes its clauses over the cell-digit variables, and [`eval`]
//!    decides it on a grid by its plain meaning (the check of every
//!    decoded model) and prunes candidates for the backtracker.
//!
//! The grammar and the meaning of every construct are in
//! docs/rules-language.md; how each becomes clauses in
//! docs/teach/17-rules-language.md.
//!
//! # References
//!
//! - N. Nethercote, P. J. Stuckey, R. Becket, S. Brand, G. J. Duck,
//!   G. Tack. MiniZinc: Towards a Standard CP Modelling Language. CP 2007,
//!   LNCS 4741, pp. 529–543.
//!
//! [`Shape`]: crate::grid::Shape

pub mod check;
pub mod compile;
pub mod eval;
pub mod ground;
pub mod parse;
mod regex;
pub mod syntax;

use std::fmt;
use std::sync::Arc;

pub use check::{Arg, Library, Limits};
pub use ground::{At, Ground, Span};

/// The texts a rule's spans point into: the catalogue, a file's
/// definitions, the rule itself. A [`Span::source`] indexes this list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Texts(pub Vec<Text>);

/// One source text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Text {
    /// What it is, as an error names it: `catalogue`, `define`, `holds`.
    pub name: String,
    /// The text.
    pub body: Arc<str>,
}

impl Texts {
    /// Returns the source text under `span`, or `""` for a span that is
    /// not in these texts.
    pub fn slice(&self, span: Span) -> &str {
        self.0
            .get(usize::from(span.source))
            .and_then(|t| t.body.get(span.start as usize..span.end as usize))
            .unwrap_or("")
    }
}

/// A rule that could not be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangError {
    /// The part of the text to blame.
    pub span: Span,
    /// What is wrong.
    pub kind: LangErrorKind,
}

/// What is wrong with a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LangErrorKind {
    /// The text does not follow the grammar: what was expected, what was
    /// found.
    Syntax(String),
    /// A name that is neither a definition, a parameter, a bound variable
    /// nor a built-in.
    UnknownName(String),
    /// A cell, row, column or block outside the grid: its name.
    OutsideGrid(String),
    /// A value of the wrong type: what needed it, what it needed, what it
    /// found (`'sum' expects integers, found a condition`).
    Type {
        /// The construct that needed the value.
        what: String,
        /// The type needed.
        expected: String,
        /// The type found.
        found: String,
    },
    /// A group with no cells where cells are needed.
    EmptyGroup(String),
    /// A fixed index outside the list, or lists of different lengths.
    OutOfRange(String),
    /// A call with the wrong number of arguments.
    Arity {
        /// The function or definition.
        name: String,
        /// How many it takes, as words (`2`, `1 or more`).
        expected: String,
        /// How many it got.
        found: usize,
    },
    /// A definition that calls itself, directly or through others.
    Recursive(String),
    /// A name defined twice.
    Redefined(String),
    /// A rule larger than the limit: what was counted, the estimate and
    /// the limit.
    TooLarge {
        /// What grew: `instances`, `clauses`.
        what: &'static str,
        /// The estimate.
        estimate: u64,
        /// The limit.
        limit: u64,
    },
    /// Anything else, in words.
    Invalid(String),
}

impl fmt::Display for LangErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LangErrorKind::Syntax(m) | LangErrorKind::Invalid(m) => f.write_str(m),
            LangErrorKind::UnknownName(n) => write!(f, "unknown name '{n}'"),
            LangErrorKind::OutsideGrid(n) => write!(f, "{n} is outside the grid"),
            LangErrorKind::Type {
                what,
                expected,
                found,
            } => write!(f, "{what} expects {expected}, found {found}"),
            LangErrorKind::EmptyGroup(what) => write!(f, "{what} is an empty group"),
            LangErrorKind::OutOfRange(m) => f.write_str(m),
            LangErrorKind::Arity {
                name,
                expected,
                found,
            } => write!(f, "'{name}' takes {expected} arguments, found {found}"),
            LangErrorKind::Recursive(n) => write!(f, "definition '{n}' calls itself"),
            LangErrorKind::Redefined(n) => write!(f, "'{n}' is already defined"),
            // An estimate that saturated is no count worth printing.
            LangErrorKind::TooLarge {
                what,
                estimate: u64::MAX,
                limit,
            } => write!(
                f,
                "the rule would make more {what} than can be counted, more than the limit of {limit}"
            ),
            LangErrorKind::TooLarge {
                what,
                estimate,
                limit,
            } => write!(
                f,
                "the rule would make about {estimate} {what}, more than the limit of {limit}"
            ),
        }
    }
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for LangError {}

/// The catalogue's definitions in the language, as shipped.
pub const CATALOGUE: &str = include_str!("../rules/catalogue.rules");
