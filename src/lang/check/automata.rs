//! Regular expressions and automata: `matches` and `automaton { … }`.

use std::rc::Rc;

use super::build::Term;
use super::engine::{Grounder, R, Scope, error, type_error};
use super::value::{SetValue, Value};
use crate::lang::ground::{Automaton, BoolKind, Transition};
use crate::lang::parse::AutomatonExpr;
use crate::lang::{LangErrorKind, Span, regex};

/// `matches(L, r)`: the digits of L are a word of r.
pub(super) fn matches(
    g: &mut Grounder<'_>,
    line: Value,
    at: Span,
    pattern: Value,
    pspan: Span,
    span: Span,
) -> R<Value> {
    let items = g.list_of(line, at, "'matches'")?;
    if items.is_empty() {
        return Err(error(
            at,
            LangErrorKind::EmptyGroup("the argument of 'matches'".into()),
        ));
    }
    let automaton = match pattern {
        Value::Str(text, string) => {
            let key = (string, text.clone());
            match g.regexes.get(&key) {
                Some(a) => a.clone(),
                None => {
                    let a = Rc::new(regex::compile(&text, string, g.shape.side())?);
                    g.regexes.insert(key, a.clone());
                    a
                }
            }
        }
        Value::Automaton(a) => a,
        other => {
            return Err(type_error(
                pspan,
                "'matches'",
                "a regular expression or an automaton",
                other.kind(),
            ));
        }
    };
    let mut terms = Vec::with_capacity(items.len());
    for item in items.iter() {
        terms.push(g.term(item.clone(), at, "'matches'")?);
    }
    let fixed: Option<Vec<i64>> = terms
        .iter()
        .map(|t| match t {
            Term::Fixed(n) => Some(*n),
            Term::Dyn(_) => None,
        })
        .collect();
    if let Some(word) = fixed {
        return Ok(Value::Truth(accepts(&automaton, &word)));
    }
    let mut nodes = Vec::with_capacity(terms.len());
    for t in terms {
        nodes.push(g.int_node(t, at)?);
    }
    g.work(automaton.transitions.len() as u64, span)?;
    let kind = BoolKind::Regular(nodes, (*automaton).clone());
    Ok(Value::Bool(Rc::new(g.mk_bool(kind, span)?)))
}

/// Whether the automaton accepts a fixed word.
fn accepts(a: &Automaton, word: &[i64]) -> bool {
    let states = a.states as usize;
    let mut current = vec![false; states];
    if let Some(s) = current.get_mut(a.start as usize) {
        *s = true;
    }
    for &symbol in word {
        let mut next = vec![false; states];
        for t in &a.transitions {
            if current.get(t.from as usize) == Some(&true)
                && t.on.binary_search(&symbol).is_ok()
                && let Some(s) = next.get_mut(t.to as usize)
            {
                *s = true;
            }
        }
        current = next;
    }
    current
        .iter()
        .zip(&a.accepting)
        .any(|(&here, &accepting)| here && accepting)
}

impl<'a> Grounder<'a> {
    /// An automaton written out: states numbered in order of first
    /// mention, the start first.
    pub fn automaton(
        &mut self,
        a: &'a AutomatonExpr,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let mut names: Vec<&str> = Vec::new();
        let mut state = |n: &'a str| -> u32 {
            let i = names.iter().position(|&m| m == n).unwrap_or_else(|| {
                names.push(n);
                names.len() - 1
            });
            u32::try_from(i).unwrap_or(u32::MAX)
        };
        let start = state(&a.start.name);
        let accept: Vec<u32> = a.accept.iter().map(|s| state(&s.name)).collect();
        let mut transitions = Vec::with_capacity(a.transitions.len());
        for t in &a.transitions {
            let (from, to) = (state(&t.from.name), state(&t.to.name));
            let v = self.eval(&t.on, scope)?;
            let mut on = match v {
                Value::Num(n) => vec![n],
                Value::Set(set) => match &*set {
                    SetValue::Ints(values) => values.clone(),
                    SetValue::Tuples(..) => {
                        return Err(type_error(
                            t.on.span,
                            "a transition",
                            "a set of digits",
                            "a set of tuples",
                        ));
                    }
                },
                Value::List(items) => {
                    let mut on = Vec::with_capacity(items.len());
                    for item in items.iter() {
                        on.push(self.fixed(item, t.on.span, "a transition")?);
                    }
                    on
                }
                other => {
                    return Err(type_error(
                        t.on.span,
                        "a transition",
                        "a set of digits",
                        other.fixed_kind(),
                    ));
                }
            };
            on.sort_unstable();
            on.dedup();
            // A symbol no cell can hold is a mistake, as in a regular
            // expression: refused rather than never read.
            let side = self.shape.side() as i64;
            if let Some(&d) = on.iter().find(|&&d| !(1..=side).contains(&d)) {
                return Err(error(
                    t.on.span,
                    LangErrorKind::OutOfRange(format!(
                        "{d} is not a digit of a {side}x{side} grid"
                    )),
                ));
            }
            self.work(on.len() as u64 + 1, t.on.span)?;
            if !on.is_empty() {
                transitions.push(Transition { from, to, on });
            }
        }
        let states = names.len();
        let mut accepting = vec![false; states];
        for s in accept {
            if let Some(x) = accepting.get_mut(s as usize) {
                *x = true;
            }
        }
        self.work(states as u64, span)?;
        Ok(Value::Automaton(Rc::new(Automaton {
            states: u32::try_from(states).unwrap_or(u32::MAX),
            start,
            accepting,
            transitions,
        })))
    }
}
