//! The parser: tokens to a tree of definitions and expressions.
//!
//! A recursive-descent parser of the grammar in docs/rules-language.md,
//! one function per rule of the grammar. Two points need more than one
//! token of look-ahead:
//!
//! - In a call, `x in G: body` is a comprehension and `x in G` a
//!   condition. The parser reads a binder, `in` and the group; a `:` then
//!   makes it a comprehension, and anything else continues the condition
//!   `x in G` from where it stands (the binder read as a name or a tuple),
//!   so no part is read twice.
//! - A quantifier's or an `if`'s last part is a whole expression: it
//!   reaches as far right as it can.
//!
//! Nesting is capped at [`MAX_DEPTH`] levels, so that no text can exhaust
//! the stack, here or in the passes that walk the tree.

mod ast;
mod forms;
mod parser;
#[cfg(test)]
mod tests;

pub use ast::{
    AddOp, Argument, AutomatonExpr, Binder, BinderKind, Comprehension, Def, Expr, ExprKind, Ident,
    Logic, MulOp, Quantifier, TransitionExpr,
};

use super::syntax::{self, Keyword, Lexed};
use super::{LangError, Span};
use parser::Parser;

/// The deepest nesting of brackets, `not`, `-` and `implies` the parser
/// accepts.
pub const MAX_DEPTH: u32 = 200;

/// Parses a text of definitions (a `define` string, the catalogue): a
/// sequence of `def name(p, …) = expr`, each optionally preceded by the
/// `#` comment lines that document it.
///
/// # Errors
///
/// The first [`Syntax`](super::LangErrorKind::Syntax) error, or a
/// parameter named twice ([`Redefined`](super::LangErrorKind::Redefined)).
pub fn parse_definitions(text: &str, source: u16) -> Result<Vec<Def>, LangError> {
    let Lexed { tokens, comments } = syntax::lex(text, source)?;
    let lines = LineStarts::new(text);
    // Comments alone on their line, by line, for the documentation.
    let alone: Vec<(usize, Span)> = comments
        .iter()
        .filter(|c| c.alone)
        .map(|c| (lines.line_of(c.span.start), c.span))
        .collect();
    let mut p = Parser::new(tokens, source);
    let mut defs = Vec::new();
    while !p.at_end() {
        let start = p.span();
        if !p.eat_keyword(Keyword::Def) {
            return Err(p.unexpected("'def' or the end of the text"));
        }
        let mut def = p.definition(start)?;
        def.doc = doc_above(text, &alone, lines.line_of(start.start));
        defs.push(def);
    }
    Ok(defs)
}

/// Parses a rule: one expression and nothing after it.
///
/// # Errors
///
/// The first [`Syntax`](super::LangErrorKind::Syntax) error.
pub fn parse_rule(text: &str, source: u16) -> Result<Expr, LangError> {
    let Lexed { tokens, .. } = syntax::lex(text, source)?;
    let mut p = Parser::new(tokens, source);
    let e = p.expr()?;
    if !p.at_end() {
        return Err(p.unexpected("an operator or the end of the rule"));
    }
    Ok(e)
}

/// The byte offset at which each line starts, to number lines.
struct LineStarts(Vec<u32>);

impl LineStarts {
    fn new(text: &str) -> LineStarts {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| syntax::offset(i + 1)),
        );
        LineStarts(starts)
    }

    /// Returns the 0-based line holding byte `at`.
    fn line_of(&self, at: u32) -> usize {
        self.0.partition_point(|&s| s <= at).saturating_sub(1)
    }
}

/// Returns the comment lines right above line `line`: each alone on its
/// line, with no other line between them and the definition, joined with
/// spaces, without their `#`.
fn doc_above(text: &str, alone: &[(usize, Span)], line: usize) -> String {
    let mut lines = Vec::new();
    let mut want = line;
    while want > 0 {
        want -= 1;
        let Ok(i) = alone.binary_search_by_key(&want, |&(l, _)| l) else {
            break;
        };
        let span = alone[i].1;
        let comment = text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("");
        lines.push(comment.trim_start_matches('#').trim());
    }
    lines.reverse();
    lines.retain(|l| !l.is_empty());
    lines.join(" ")
}
