//! Regular expressions over digits, compiled to automata.
//!
//! The syntax (docs/rules-language.md): `1` to `9` stand for themselves,
//! `<12>` for a larger digit, `.` for any digit 1..=N, `[1-4]`, `[^59]`
//! and `[<10>-<16>]` for classes; `( )`, `|`, `*`, `+`, `?`, `{m}`,
//! `{m,n}` and `{m,}` as usual. The whole word must match.
//!
//! The expression becomes a position automaton (Glushkov 1961): one state
//! per digit position of the expression plus a start state, and no
//! epsilon moves. Its subset construction is then minimised (Moore's
//! partition refinement); the smaller of the two is kept, since the
//! compiler's clauses grow with the states.
//!
//! Sets of digits are bit masks: bit d−1 for digit d, which covers every
//! side up to 64.
//!
//! # References
//!
//! - V. M. Glushkov. The abstract theory of automata. Russian Mathematical
//!   Surveys 16(5), 1961, pp. 1–53.
//! - E. F. Moore. Gedanken-experiments on sequential machines. Automata
//!   Studies, Princeton University Press, 1956, pp. 129–153.

mod automaton;
mod parse;
#[cfg(test)]
mod tests;

use super::ground::Automaton;
use super::{LangError, LangErrorKind, Span};
use automaton::Nfa;
use parse::Parser;

/// The most digit positions an expression may expand to (repetitions
/// counted out).
const MAX_POSITIONS: usize = 2_000;
/// The most transitions of the automaton a rule keeps. The encoder
/// writes clauses for each transition at each cell of the word, so this
/// bounds the rule's clauses.
const MAX_TRANSITIONS: usize = 50_000;
/// The most transitions the position automaton may have on its way to
/// its subset construction: its follow sets grow with the square of the
/// positions when a nullable expression is repeated, and this bounds the
/// construction's time and memory. Such an automaton may still
/// determinise to a small one, as `(.*){600}` does to one state.
const MAX_BUILT_TRANSITIONS: usize = 400_000;

/// Compiles the regular expression `pattern` over the digits 1..=`side`.
/// `string` is the span of the string token, quotes included: error spans
/// point at the faulty part inside it.
///
/// # Errors
///
/// A [`LangErrorKind::Syntax`] error for a malformed expression, an
/// [`LangErrorKind::OutOfRange`] error for a digit outside 1..=`side`, and
/// [`LangErrorKind::TooLarge`] past [`MAX_POSITIONS`] positions, or when
/// neither the position automaton nor its subset construction keeps
/// within [`MAX_TRANSITIONS`] transitions.
pub(crate) fn compile(pattern: &str, string: Span, side: usize) -> Result<Automaton, LangError> {
    let mut parser = Parser {
        text: pattern,
        pos: 0,
        base: string,
        side,
        depth: 0,
    };
    let re = parser.alternation()?;
    if parser.pos < pattern.len() {
        // Only a `)` stops an alternation early.
        return Err(parser.error(1, "unmatched ')' in the regular expression".into()));
    }
    let total = re.positions();
    if total > MAX_POSITIONS as u64 {
        return Err(LangError {
            span: string,
            kind: LangErrorKind::TooLarge {
                what: "regular expression positions",
                estimate: total,
                limit: MAX_POSITIONS as u64,
            },
        });
    }
    let too_large = |estimate: usize, limit: usize| LangError {
        span: string,
        kind: LangErrorKind::TooLarge {
            what: "regular expression transitions",
            estimate: estimate as u64,
            limit: limit as u64,
        },
    };
    let nfa = Nfa::glushkov(&re, MAX_BUILT_TRANSITIONS)
        .map_err(|n| too_large(n, MAX_BUILT_TRANSITIONS))?;
    // The subset construction, abandoned once it outgrows the position
    // automaton by much: it replaces the latter when it is smaller.
    let automaton = match nfa.determinise(side, 2 * nfa.states() + 16) {
        Some(dfa) if dfa.states() <= nfa.states() => dfa.into_automaton(),
        _ => nfa.into_automaton(),
    };
    match automaton.transitions.len() {
        n if n > MAX_TRANSITIONS => Err(too_large(n, MAX_TRANSITIONS)),
        _ => Ok(automaton),
    }
}

/// A parsed regular expression.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Re {
    /// A digit from the set (a bit mask).
    Digits(u64),
    /// The items one after the other (the empty word when empty).
    Concat(Vec<Re>),
    /// One of the items.
    Alt(Vec<Re>),
    /// From `min` to `max` (`None`: unbounded) repetitions.
    Repeat(Box<Re>, u32, Option<u32>),
}

impl Re {
    /// Returns the digit positions once repetitions are counted out.
    fn positions(&self) -> u64 {
        match self {
            Re::Digits(_) => 1,
            Re::Concat(items) | Re::Alt(items) => items
                .iter()
                .fold(0u64, |n, r| n.saturating_add(r.positions())),
            Re::Repeat(r, min, max) => {
                // r{m,} is m copies and one looped copy.
                let copies = max.unwrap_or(min.saturating_add(1));
                r.positions().saturating_mul(u64::from(copies))
            }
        }
    }
}
