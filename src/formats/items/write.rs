//! Constraints back into a key and fields, for both formats' writers.

use super::{Item, Value};
use crate::grid::Cell;
use crate::rules::{Constraint, DotKind, Extremum, Rule};

fn cells(list: &[Cell]) -> Value {
    Value::List(list.iter().map(|&c| Value::Cell(c)).collect())
}

fn lines(list: &[Vec<Cell>]) -> Value {
    Value::List(list.iter().map(|l| cells(l)).collect())
}

fn number(n: u32) -> Value {
    Value::Number(i64::from(n))
}

/// The key and fields of a constraint [`super::build`] reads, or `None`
/// for the families each format writes itself. A negative rule is
/// `("negative", kinds: [its key])`.
pub fn write(constraint: &Constraint, side: usize) -> Option<(&'static str, Item)> {
    if let Some(written) = super::language::write(constraint, side) {
        return Some(written);
    }
    let mut item = Item::new();
    let mut put = |field: &str, value: Value| {
        item.insert(field.to_string(), value);
    };
    let key = match constraint {
        Constraint::KillerCage(k) => {
            put("cells", cells(&k.cells));
            if let Some(t) = k.total {
                put("value", number(t));
            }
            "killercage"
        }
        Constraint::LittleKiller(l) => {
            put("cell", Value::Outside(l.clue.0, l.clue.1));
            put("cells", cells(&l.cells));
            put("direction", Value::Text(l.heading.name().to_string()));
            put("value", number(l.total));
            "littlekillersum"
        }
        Constraint::Sandwich(s) => {
            put("cell", Value::Outside(s.clue.0, s.clue.1));
            put("value", number(s.total));
            "sandwichsum"
        }
        Constraint::XSum(x) => {
            put("cell", Value::Outside(x.clue.0, x.clue.1));
            put("value", number(x.total));
            "xsum"
        }
        Constraint::Skyscraper(s) => {
            put("cell", Value::Outside(s.clue.0, s.clue.1));
            put("value", number(s.count));
            "skyscraper"
        }
        Constraint::Arrow(a) => {
            put("cells", cells(&a.circle));
            put("lines", lines(&a.lines));
            "arrow"
        }
        Constraint::Thermometer(t) => {
            put("lines", lines(std::slice::from_ref(&t.cells)));
            "thermometer"
        }
        Constraint::Whispers(w) => {
            put("lines", lines(std::slice::from_ref(&w.cells)));
            put("value", number(w.difference));
            "whispers"
        }
        Constraint::Renban(l) => {
            put("lines", lines(std::slice::from_ref(&l.cells)));
            "renban"
        }
        Constraint::Palindrome(l) => {
            put("lines", lines(std::slice::from_ref(&l.cells)));
            "palindrome"
        }
        Constraint::BetweenLine(l) => {
            put("lines", lines(std::slice::from_ref(&l.cells)));
            "betweenline"
        }
        Constraint::RegionSumLine(l) => {
            put("lines", lines(std::slice::from_ref(&l.cells)));
            "regionsumline"
        }
        Constraint::Dot(d) => {
            put("cells", cells(&[d.a, d.b]));
            match d.kind {
                DotKind::Sum => put(
                    "value",
                    Value::Text(if d.value == 5 { "V" } else { "X" }.to_string()),
                ),
                kind if d.value != kind.default_value() => put("value", number(d.value)),
                _ => {}
            }
            d.kind.key()
        }
        Constraint::Negative(n) => {
            put(
                "kinds",
                Value::List(vec![Value::Text(n.kind.key().to_string())]),
            );
            "negative"
        }
        Constraint::Extreme(e) => {
            put("cell", Value::Cell(e.cell));
            match e.kind {
                Extremum::Minimum => "minimum",
                Extremum::Maximum => "maximum",
            }
        }
        Constraint::Quadruple(q) => {
            put("cells", cells(&q.cells));
            put(
                "values",
                Value::List(
                    q.digits
                        .iter()
                        .map(|d| Value::Number(d.get().into()))
                        .collect(),
                ),
            );
            "quadruple"
        }
        Constraint::Clones(c) => {
            put("cells", cells(&c.cells));
            put("cloneCells", cells(&c.copies));
            "clone"
        }
        _ => return None,
    };
    debug_assert!(super::is_key(key) || key == constraint.key());
    Some((key, item))
}
