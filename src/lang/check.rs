//! Names, types and grounding: a parsed rule on a shape becomes a
//! [`Ground`] rule.
//!
//! A [`Library`] holds the definitions a rule can call: the catalogue's,
//! parsed once, and those of a file's `define` string. Grounding a rule
//! evaluates its tree on the puzzle's [`Shape`]: every name is resolved,
//! every quantifier, comprehension and definition call expanded, every
//! value that does not depend on digits computed, and what is left is
//! a tree of terms over the cells' digits. Types are checked on the way;
//! an error names the sub-expression to blame.
//!
//! The work is in submodules: `engine` holds the grounder's state and
//! counts the work, `expr` walks the tree, `loops` expands quantifiers and
//! comprehensions, `operators`, `build` and `fold` make and fold the
//! nodes, `builtins`, `lists`, `member`, `aggregate` and `automata` give
//! the built-in names their meaning, `resolve` checks names before any
//! grounding, and `value` holds the values met on the way.

mod aggregate;
mod automata;
mod build;
mod builtins;
mod engine;
mod expr;
mod fold;
mod lists;
mod loops;
mod member;
mod operators;
mod resolve;
#[cfg(test)]
mod tests;
mod value;

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::grid::{Cell, Shape};

use super::parse::{self, Def};
use super::{Ground, LangError, LangErrorKind, Span, Text, Texts};
use engine::{Grounder, Scope, error};
use value::Value;

/// A fixed argument of a definition called from Rust (a format's fields):
/// an integer, a cell, or a list of arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A fixed integer.
    Int(i64),
    /// A cell.
    Cell(Cell),
    /// A list (a line of cells, a set of digits…).
    List(Vec<Arg>),
}

/// Bounds on the work of grounding one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most ground nodes one rule may grow to. Grounding counts every
    /// node it makes, every copy of a shared term, every quantifier
    /// iteration and every list item it builds, and stops with
    /// [`LangErrorKind::TooLarge`] past this.
    pub nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { nodes: 5_000_000 }
    }
}

/// Definitions a rule can call: the catalogue's, and a file's own.
///
/// Cheap to clone: the definitions are shared.
#[derive(Clone, Debug)]
pub struct Library {
    texts: Texts,
    defs: Vec<Arc<Def>>,
    by_name: HashMap<String, usize>,
}

impl Library {
    /// Returns the catalogue's definitions, parsed once. The catalogue is
    /// source 0 of every rule's texts, named `catalogue`.
    ///
    /// # Panics
    ///
    /// Panics if the shipped catalogue does not parse or check, which its
    /// tests rule out.
    pub fn catalogue() -> &'static Library {
        static CATALOGUE: OnceLock<Library> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            let empty = Library {
                texts: Texts::default(),
                defs: Vec::new(),
                by_name: HashMap::new(),
            };
            match empty.extend("catalogue", super::CATALOGUE) {
                Ok(lib) => lib,
                Err(e) => panic!("the catalogue does not check: {e} at {:?}", e.span),
            }
        })
    }

    /// Returns this library with the definitions of `text` added, that
    /// text named `name` in errors.
    ///
    /// # Errors
    ///
    /// A [`LangError`] in `text`: a syntax error, a name defined twice or
    /// already built in ([`LangErrorKind::Redefined`]), an unknown name, a
    /// call with the wrong number of arguments, a definition that calls
    /// itself.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_sat::lang::Library;
    ///
    /// let text = "def pair_sum(a, b) = a + b";
    /// let lib = Library::catalogue().extend("define", text)?;
    /// assert_eq!(lib.texts().0.len(), 2);
    /// # Ok::<(), sudoku_sat::lang::LangError>(())
    /// ```
    pub fn extend(&self, name: &str, text: &str) -> Result<Library, LangError> {
        let source = self.next_source()?;
        let defs = parse::parse_definitions(text, source)?;
        let mut lib = self.clone();
        lib.texts.0.push(Text {
            name: name.to_string(),
            body: Arc::from(text),
        });
        let first = lib.defs.len();
        for def in defs {
            let n = &def.name.name;
            if lib.by_name.contains_key(n) || builtins::is_builtin(n) {
                return Err(error(def.name.span, LangErrorKind::Redefined(n.clone())));
            }
            lib.by_name.insert(n.clone(), lib.defs.len());
            lib.defs.push(Arc::new(def));
        }
        resolve::definitions(&lib, first)?;
        Ok(lib)
    }

    /// Returns the texts of the library's definitions: the catalogue is
    /// source 0, each `extend` adds one.
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// Returns the names of the definitions, in the order they were
    /// added.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.defs.iter().map(|d| d.name.name.as_str())
    }

    /// Returns the number of parameters of definition `name`, or `None`
    /// for an unknown name.
    pub fn params(&self, name: &str) -> Option<usize> {
        self.index(name)
            .and_then(|i| self.def(i))
            .map(|d| d.params.len())
    }

    /// Grounds the rule `text` (a condition) on `shape`. The returned
    /// texts are the library's plus `text`, named `name`.
    ///
    /// A rule that holds whatever the digits grounds to an empty `And`; a
    /// part that can never hold is kept as a constant `false`. Neither is
    /// an error here: the caller decides.
    ///
    /// # Errors
    ///
    /// A [`LangError`] whose span points into the returned texts' last
    /// entry (the rule) or into a definition it calls. An error inside a
    /// catalogue definition is reported at the rule's call of it, its
    /// message prefixed `in 'NAME': `.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_sat::grid::{Shape, Size};
    /// use sudoku_sat::lang::{Library, Limits};
    ///
    /// let shape = Shape::square(Size::NINE);
    /// let lib = Library::catalogue();
    /// let rule = "thermometer([r1c1, r1c2, r1c3])";
    /// let limits = Limits::default();
    /// let (ground, texts) = lib.ground("holds", rule, &shape, &limits)?;
    /// assert_eq!(ground.cells.len(), 3);
    /// assert_eq!(texts.0.last().map(|t| t.name.as_str()), Some("holds"));
    /// # Ok::<(), sudoku_sat::lang::LangError>(())
    /// ```
    pub fn ground(
        &self,
        name: &str,
        text: &str,
        shape: &Shape,
        limits: &Limits,
    ) -> Result<(Ground, Texts), LangError> {
        let source = self.next_source()?;
        let expr = parse::parse_rule(text, source)?;
        resolve::rule(self, &expr)?;
        let mut g = Grounder::new(self, shape, limits);
        let v = g.eval(&expr, &mut Scope::new())?;
        let root = g.root(v, expr.span)?;
        let mut texts = self.texts.clone();
        texts.0.push(Text {
            name: name.to_string(),
            body: Arc::from(text),
        });
        Ok((g.finish(root), texts))
    }

    /// Grounds a call of the definition `name` with fixed arguments. The
    /// call has no text of its own: spans point into the definition's
    /// source, and the texts returned are the library's.
    ///
    /// # Errors
    ///
    /// A [`LangError`]: an unknown definition (at an empty span of source
    /// 0), a wrong argument count or a cell outside the grid (at the
    /// definition's name), or an error inside the definition for these
    /// arguments.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_sat::grid::{Cell, Shape, Size};
    /// use sudoku_sat::lang::{Arg, Library, Limits};
    ///
    /// let shape = Shape::square(Size::NINE);
    /// let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
    /// let cage = Arg::List(vec![Arg::Cell(a), Arg::Cell(b)]);
    /// let (ground, _) = Library::catalogue().call(
    ///     "killercage",
    ///     &[cage, Arg::Int(10)],
    ///     &shape,
    ///     &Limits::default(),
    /// )?;
    /// assert_eq!(ground.cells.len(), 2);
    /// # Ok::<(), sudoku_sat::lang::LangError>(())
    /// ```
    pub fn call(
        &self,
        name: &str,
        args: &[Arg],
        shape: &Shape,
        limits: &Limits,
    ) -> Result<(Ground, Texts), LangError> {
        let Some((idx, def)) = self.index(name).and_then(|i| Some((i, self.def(i)?))) else {
            return Err(error(
                Span::default(),
                LangErrorKind::UnknownName(name.to_string()),
            ));
        };
        let at = def.name.span;
        if def.params.len() != args.len() {
            return Err(error(
                at,
                LangErrorKind::Arity {
                    name: name.to_string(),
                    expected: def.params.len().to_string(),
                    found: args.len(),
                },
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(arg_value(a, shape, at)?);
        }
        let mut g = Grounder::new(self, shape, limits);
        let v = g.call_def(idx, values, at)?;
        let root = g.root(v, def.body.span)?;
        Ok((g.finish(root), self.texts.clone()))
    }

    /// Returns the comment lines right above a definition, joined, or
    /// `None` for an unknown name.
    pub fn doc(&self, name: &str) -> Option<&str> {
        self.index(name)
            .and_then(|i| self.def(i))
            .map(|d| d.doc.as_str())
    }

    /// Returns the index of definition `name`.
    fn index(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// Returns definition `idx`.
    fn def(&self, idx: usize) -> Option<&Def> {
        self.defs.get(idx).map(|d| &**d)
    }

    /// The source number the next text gets.
    fn next_source(&self) -> Result<u16, LangError> {
        u16::try_from(self.texts.0.len()).map_err(|_| {
            error(
                Span::default(),
                LangErrorKind::Invalid("too many texts of definitions".into()),
            )
        })
    }
}

/// Converts a fixed argument; a cell must lie in the grid.
fn arg_value(a: &Arg, shape: &Shape, at: Span) -> Result<Value, LangError> {
    Ok(match a {
        Arg::Int(n) => Value::Num(*n),
        Arg::Cell(c) => {
            if c.row() >= shape.side() || c.col() >= shape.side() {
                return Err(error(at, LangErrorKind::OutsideGrid(c.to_string())));
            }
            Value::Cell(*c)
        }
        Arg::List(items) => {
            let mut values = Vec::with_capacity(items.len());
            for item in items {
                values.push(arg_value(item, shape, at)?);
            }
            Value::List(values.into())
        }
    })
}
