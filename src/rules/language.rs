//! Rules in the rules language: a rule written in a rules file, or a
//! catalogue definition called with a format's fields (the rarer
//! f-puzzles keys, such as `modularline` or `rowindexer`).
//!
//! Each is held in ground form ([`crate::lang::ground`]); its clauses come
//! from [`crate::lang::compile`], its check and its pruning from
//! [`crate::lang::eval`], which share no code, so a compiler bug shows as
//! a model that fails the check or as a disagreement with the backtracker.

mod native;

use std::fmt::Write as _;
use std::sync::Arc;

use varisat::ExtendFormula;

use super::lines::cell_list;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};
use crate::lang::eval::Pruner;
use crate::lang::ground::BoolKind;
use crate::lang::{Arg, At, Ground, LangError, LangErrorKind, Library, Limits, Span, Texts};
use crate::lang::{compile, eval};
use native::NativeLine;

/// The most clauses a rule may make unless it states its own limit: far
/// above any real puzzle's rule (a killer cage makes hundreds, an
/// anti-knight rule on 16×16 about 30,000), low enough that a slip such
/// as a quantifier over the whole grid twice fails at once rather than
/// after minutes.
pub const DEFAULT_MAX_CLAUSES: u64 = 2_000_000;

/// A rule as a rules file states it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Written {
    /// Its name, shown by `explain`, `stats` and in messages.
    pub name: Option<String>,
    /// The condition, in the language.
    pub holds: String,
    /// The file's own definitions, shared by its rules.
    pub define: Option<Arc<str>>,
    /// The clause limit the file states for it.
    pub max_clauses: Option<u64>,
}

/// Where a language rule comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Written in a rules file.
    Written(Written),
    /// A catalogue definition called with fixed arguments.
    Call {
        /// The definition's name.
        definition: String,
        /// The arguments.
        args: Vec<Arg>,
    },
}

/// A rule in the rules language, ready to encode, check and prune.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LangRule {
    key: &'static str,
    origin: Origin,
    ground: Ground,
    texts: Texts,
    pruning: Pruning,
}

/// How the backtracker prunes for a rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Pruning {
    /// The evaluator's pruner, conjunct by conjunct.
    Evaluated(Pruner),
    /// Pruning written in Rust for a catalogue line that has it.
    Native(NativeLine),
}

impl LangRule {
    /// Reads a written rule on `shape`, with the definitions of `library`
    /// (the catalogue's and the file's own).
    ///
    /// # Errors
    ///
    /// A [`LangError`] located in the rule's text or the file's
    /// definitions: anything the language refuses, a rule that reads no
    /// cell, or one whose clauses would pass its limit.
    pub fn written(
        written: Written,
        library: &Library,
        shape: &Shape,
    ) -> Result<LangRule, LangError> {
        let (ground, texts) = library.ground("holds", &written.holds, shape, &Limits::default())?;
        let whole = Span {
            source: (texts.0.len() - 1) as u16,
            start: 0,
            end: written.holds.len() as u32,
        };
        if ground.cells.is_empty() {
            let kind = LangErrorKind::Invalid(
                "the rule reads no cell, so it holds whatever the digits".to_string(),
            );
            return Err(LangError { span: whole, kind });
        }
        let limit = written.max_clauses.unwrap_or(DEFAULT_MAX_CLAUSES);
        let estimate = compile::estimate(&ground, shape, &Encoding::default());
        if estimate > limit {
            let kind = LangErrorKind::TooLarge {
                what: "clauses",
                estimate,
                limit,
            };
            return Err(LangError { span: whole, kind });
        }
        Ok(LangRule::new(
            "rule",
            Origin::Written(written),
            ground,
            texts,
            shape,
            None,
        ))
    }

    /// Calls the catalogue's definition `definition` with `args` on
    /// `shape`, for the f-puzzles key `key`.
    ///
    /// # Errors
    ///
    /// A [`LangError`] when the arguments do not fit the definition.
    pub fn call(
        key: &'static str,
        definition: &str,
        args: Vec<Arg>,
        shape: &Shape,
    ) -> Result<LangRule, LangError> {
        let library = Library::catalogue();
        let (ground, texts) = library.call(definition, &args, shape, &Limits::default())?;
        let native = NativeLine::of(definition, &args, shape.side());
        let origin = Origin::Call {
            definition: definition.to_string(),
            args,
        };
        Ok(LangRule::new(key, origin, ground, texts, shape, native))
    }

    /// The rule, pruned by `native` when the catalogue line has it, else
    /// by the evaluator's pruner (built only then).
    fn new(
        key: &'static str,
        origin: Origin,
        ground: Ground,
        texts: Texts,
        shape: &Shape,
        native: Option<NativeLine>,
    ) -> Self {
        let pruning = match native {
            Some(line) => Pruning::Native(line),
            None => Pruning::Evaluated(Pruner::new(&ground, shape)),
        };
        LangRule {
            key,
            origin,
            ground,
            texts,
            pruning,
        }
    }

    /// Returns where the rule comes from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Returns the rule in ground form.
    pub fn ground(&self) -> &Ground {
        &self.ground
    }

    /// Returns the texts the ground form's spans point into.
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// Returns the rule's name as messages show it: a written rule's name,
    /// else its text; a call as the key and its arguments
    /// (`modularline r1c1-r1c2-r1c3`).
    pub fn name(&self) -> String {
        match &self.origin {
            Origin::Written(w) => match &w.name {
                Some(name) => name.clone(),
                None => w.holds.split_whitespace().collect::<Vec<_>>().join(" "),
            },
            Origin::Call { args, .. } => {
                let mut name = self.key.to_string();
                for arg in args {
                    write!(name, " {}", show(arg)).ok();
                }
                name
            }
        }
    }

    /// Returns the rule as a condition in the language: a written rule's
    /// text, or a call's (`thermometer([r1c1, r1c2, r1c3])`), which reads
    /// back as the same rule.
    pub fn text(&self) -> String {
        match &self.origin {
            Origin::Written(w) => w.holds.clone(),
            Origin::Call { definition, args } => {
                let args: Vec<String> = args.iter().map(arg_text).collect();
                format!("{definition}({})", args.join(", "))
            }
        }
    }

    /// Returns a part of the rule in words, for the node at `at`: its
    /// instance and its sub-expression, `(a, b) = (r1c1, r1c2): a < b`.
    pub fn part(&self, at: At) -> String {
        let text = self.texts.slice(at.span);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match self.ground.instances.get(at.instance.0 as usize) {
            Some(instance) if !instance.is_empty() => format!("{instance}: {text}"),
            _ => text,
        }
    }

    /// Returns whether the ground rule can never hold (it folded to a
    /// false condition, as a thermometer longer than N).
    pub fn is_false(&self) -> bool {
        matches!(self.ground.root.kind, BoolKind::Const(false))
    }

    /// Writes the rule's clauses (see [`crate::lang::compile`]).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        compile::encode(&self.ground, shape, encoding, sink);
    }
}

/// An argument as the language writes it: `3`, `r1c1`, `[r1c1, r1c2]`.
fn arg_text(arg: &Arg) -> String {
    match arg {
        Arg::Int(n) => n.to_string(),
        Arg::Cell(c) => c.to_string(),
        Arg::List(items) => {
            let items: Vec<String> = items.iter().map(arg_text).collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// An argument as a name shows it: a line of cells `r1c1-r1c2`, a list
/// `[1, 2]`, a number.
fn show(arg: &Arg) -> String {
    match arg {
        Arg::Int(n) => n.to_string(),
        Arg::Cell(c) => c.to_string(),
        Arg::List(items) => {
            let cells: Option<Vec<Cell>> = items
                .iter()
                .map(|a| match a {
                    Arg::Cell(c) => Some(*c),
                    _ => None,
                })
                .collect();
            match cells {
                Some(cells) if !cells.is_empty() => cell_list(&cells),
                _ => format!(
                    "[{}]",
                    items.iter().map(show).collect::<Vec<_>>().join(", ")
                ),
            }
        }
    }
}

impl Rule for LangRule {
    fn key(&self) -> &'static str {
        self.key
    }

    fn describe(&self) -> String {
        match &self.origin {
            Origin::Written(w) => match &w.name {
                Some(name) => format!("{name}: {}", w.holds.trim()),
                None => w.holds.trim().to_string(),
            },
            Origin::Call { definition, .. } => {
                let doc = Library::catalogue().doc(definition).unwrap_or_default();
                format!("{}: {doc}", self.name())
            }
        }
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        self.ground.cells.clone()
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        eval::check(&self.ground, grid).map_err(|failure| Broken {
            key: self.key,
            cells: failure.cells,
            reason: format!("{} fails for {}", self.name(), self.part(failure.at)),
        })
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        match &self.pruning {
            Pruning::Native(line) => line.prune(shape, candidates),
            Pruning::Evaluated(pruner) => pruner
                .prune(&self.ground, shape, candidates)
                .ok_or(Contradiction),
        }
    }
}
