//! Every hand-written family as a call of its definition in
//! `catalogue.rules`: the same rule, stated in the rules language.
//!
//! [`in_language`] rewrites a puzzle's constraints that way, so that the
//! two encodings of one rule can be compared: a test checks that they
//! have the same solutions, and `--catalogue` (on `solve`, `stats`…)
//! solves or counts with the compiled definitions in place of the
//! hand-written clauses (docs/rules-language.md compares them).

use super::{Constraint, Direction, DotKind, Extremum, LangRule, ParityCell, Rule};
use crate::grid::{Cell, Shape};
use crate::lang::{Arg, LangError};

fn cells(list: &[Cell]) -> Arg {
    Arg::List(list.iter().map(|&c| Arg::Cell(c)).collect())
}

fn int(n: impl Into<i64>) -> Arg {
    Arg::Int(n.into())
}

fn pairs(list: &[(Cell, Cell)]) -> Arg {
    Arg::List(
        list.iter()
            .map(|&(a, b)| Arg::List(vec![Arg::Cell(a.min(b)), Arg::Cell(a.max(b))]))
            .collect(),
    )
}

/// The catalogue calls that state `constraint`: the definition's name and
/// its arguments, one call per shaft, mark or line where the family holds
/// several.
pub fn calls(constraint: &Constraint, shape: &Shape) -> Vec<(&'static str, Vec<Arg>)> {
    let one = |name: &'static str, args: Vec<Arg>| vec![(name, args)];
    match constraint {
        Constraint::Diagonal(d) => match d.direction {
            Direction::Positive => one("diagonal_up", vec![]),
            Direction::Negative => one("diagonal_down", vec![]),
        },
        Constraint::AntiKnight(_) => one("antiknight", vec![]),
        Constraint::AntiKing(_) => one("antiking", vec![]),
        Constraint::NonConsecutive(n) => one("nonconsecutive", vec![pairs(&n.exempt)]),
        Constraint::ExtraRegion(r) => one("extraregion", vec![cells(&r.cells)]),
        Constraint::DisjointGroups(_) => one("disjointgroups", vec![]),
        Constraint::Parity(p) => p
            .marks
            .iter()
            .map(|m| match *m {
                ParityCell::Even(c) => ("even", vec![Arg::Cell(c)]),
                ParityCell::Odd(c) => ("odd", vec![Arg::Cell(c)]),
            })
            .collect(),
        Constraint::KillerCage(k) => match k.total {
            Some(total) => one("killercage", vec![cells(&k.cells), int(total)]),
            None => one("cage", vec![cells(&k.cells)]),
        },
        Constraint::LittleKiller(l) => one("littlekillersum", vec![cells(&l.cells), int(l.total)]),
        Constraint::Sandwich(s) => one("sandwichsum", vec![cells(&s.cells), int(s.total)]),
        Constraint::XSum(x) => one("xsum", vec![cells(&x.cells), int(x.total)]),
        Constraint::Skyscraper(s) => one("skyscraper", vec![cells(&s.cells), int(s.count)]),
        Constraint::Arrow(a) => a
            .shafts()
            .iter()
            .map(|shaft| ("arrow", vec![cells(&a.circle), cells(shaft)]))
            .collect(),
        Constraint::Thermometer(t) => one("thermometer", vec![cells(&t.cells)]),
        Constraint::Dot(d) => {
            let name = match d.kind {
                DotKind::Difference => "difference",
                DotKind::Ratio => "ratio",
                DotKind::Sum => "xv",
            };
            one(name, vec![Arg::Cell(d.a), Arg::Cell(d.b), int(d.value)])
        }
        Constraint::Negative(n) => {
            let name = match n.kind {
                DotKind::Difference => "negative_difference",
                DotKind::Ratio => "negative_ratio",
                DotKind::Sum => "negative_xv",
            };
            one(name, vec![pairs(&n.marked)])
        }
        Constraint::Whispers(w) => one("whispers", vec![cells(&w.cells), int(w.difference)]),
        Constraint::Renban(r) => one("renban", vec![cells(&r.cells)]),
        Constraint::Palindrome(p) => one("palindrome", vec![cells(&p.cells)]),
        Constraint::BetweenLine(b) => one("betweenline", vec![cells(&b.cells)]),
        Constraint::RegionSumLine(r) => one("regionsumline", vec![cells(&r.cells)]),
        Constraint::Extreme(e) => {
            let name = match e.kind {
                Extremum::Minimum => "minimum",
                Extremum::Maximum => "maximum",
            };
            let neighbours: Vec<Cell> = shape
                .all_cells()
                .filter(|&c| {
                    c.row().abs_diff(e.cell.row()) + c.col().abs_diff(e.cell.col()) == 1
                        && !e.alike.contains(&c)
                })
                .collect();
            one(name, vec![Arg::Cell(e.cell), cells(&neighbours)])
        }
        Constraint::Quadruple(q) => {
            let digits = q.digits.iter().map(|d| int(d.get())).collect();
            one("quadruple", vec![cells(&q.cells), Arg::List(digits)])
        }
        Constraint::Clones(c) => one("clone", vec![cells(&c.cells), cells(&c.copies)]),
        Constraint::Lang(_) => Vec::new(),
    }
}

/// Returns the constraint stated in the rules language: its catalogue
/// calls compiled as [`LangRule`]s under the family's own key. A language
/// rule stays as it is.
///
/// # Errors
///
/// The [`LangError`] of a call the catalogue refuses, which is a bug in
/// the catalogue or in [`calls`].
pub fn in_language(constraint: &Constraint, shape: &Shape) -> Result<Vec<Constraint>, LangError> {
    if let Constraint::Lang(_) = constraint {
        return Ok(vec![constraint.clone()]);
    }
    calls(constraint, shape)
        .into_iter()
        .map(|(name, args)| {
            LangRule::call(constraint.key(), name, args, shape)
                .map(|rule| Constraint::Lang(Box::new(rule)))
        })
        .collect()
}
