//! Names, types and grounding: a parsed rule on a shape becomes a
//! [`Ground`] rule.

use crate::grid::{Cell, Shape};

use super::{Ground, LangError, Texts};

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
    /// The most ground nodes one rule may grow to.
    pub nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { nodes: 5_000_000 }
    }
}

/// Definitions a rule can call: the catalogue's, and a file's own.
#[derive(Clone, Debug)]
pub struct Library {}

impl Library {
    /// Returns the catalogue's definitions, parsed once.
    pub fn catalogue() -> &'static Library {
        unimplemented!()
    }

    /// Returns this library with the definitions of `text` added, that
    /// text named `name` in errors.
    ///
    /// # Errors
    ///
    /// A [`LangError`] in `text`, or a name defined twice.
    pub fn extend(&self, name: &str, text: &str) -> Result<Library, LangError> {
        let _ = (name, text);
        unimplemented!()
    }

    /// Returns the texts of the library's definitions: the catalogue is
    /// source 0, each `extend` adds one.
    pub fn texts(&self) -> &Texts {
        unimplemented!()
    }

    /// Grounds the rule `text` (a condition) on `shape`. The returned
    /// texts are the library's plus `text`, named `name`.
    ///
    /// # Errors
    ///
    /// A [`LangError`] whose span points into the returned texts' last
    /// entry (the rule) or into a definition it calls.
    pub fn ground(
        &self,
        name: &str,
        text: &str,
        shape: &Shape,
        limits: &Limits,
    ) -> Result<(Ground, Texts), LangError> {
        let _ = (name, text, shape, limits);
        unimplemented!()
    }

    /// Grounds a call of the definition `name` with fixed arguments.
    ///
    /// # Errors
    ///
    /// A [`LangError`]: an unknown definition, a wrong argument count, or
    /// an error inside the definition for these arguments.
    pub fn call(
        &self,
        name: &str,
        args: &[Arg],
        shape: &Shape,
        limits: &Limits,
    ) -> Result<(Ground, Texts), LangError> {
        let _ = (name, args, shape, limits);
        unimplemented!()
    }

    /// Returns the comment lines right above a definition, joined, or
    /// `None` for an unknown name.
    pub fn doc(&self, name: &str) -> Option<&str> {
        let _ = name;
        unimplemented!()
    }
}
