use super::*;
use crate::lang::LangErrorKind;

/// Writes the tree with every node bracketed, to compare with text.
fn show(e: &Expr) -> String {
    let list = |items: &[Expr]| items.iter().map(show).collect::<Vec<_>>().join(", ");
    match &e.kind {
        ExprKind::Number(n) => n.to_string(),
        ExprKind::Cell { row, col } => format!("r{row}c{col}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Call { name, args } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    Argument::Value(v) => show(v),
                    Argument::Comprehension(c) => format!(
                        "{} in {}: {}",
                        binder(&c.binder),
                        show(&c.group),
                        show(&c.body)
                    ),
                })
                .collect();
            format!("{}({})", name.name, args.join(", "))
        }
        ExprKind::Tuple(items) => format!("({})", list(items)),
        ExprKind::List(items) => format!("[{}]", list(items)),
        ExprKind::Set(items) => format!("{{{}}}", list(items)),
        ExprKind::Automaton(a) => format!(
            "automaton(start {} accept {} {})",
            a.start.name,
            a.accept
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(","),
            a.transitions
                .iter()
                .map(|t| format!("{}->{} on {}", t.from.name, t.to.name, show(&t.on)))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        ExprKind::Quantified {
            quantifier,
            binder: b,
            group,
            body,
        } => format!(
            "({} {} in {}: {})",
            match quantifier {
                Quantifier::For => "for",
                Quantifier::Some => "some",
            },
            binder(b),
            show(group),
            show(body)
        ),
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => format!(
            "(if {} then {} else {})",
            show(cond),
            show(then),
            show(otherwise)
        ),
        ExprKind::Neg(x) => format!("(-{})", show(x)),
        ExprKind::Not(x) => format!("(not {})", show(x)),
        ExprKind::Sum(first, rest) => {
            let mut s = format!("({}", show(first));
            for (op, e) in rest {
                let op = match op {
                    AddOp::Add => "+",
                    AddOp::Sub => "-",
                };
                s += &format!(" {op} {}", show(e));
            }
            s + ")"
        }
        ExprKind::Product(first, rest) => {
            let mut s = format!("({}", show(first));
            for (op, e) in rest {
                let op = match op {
                    MulOp::Mul => "*",
                    MulOp::Div => "/",
                    MulOp::Mod => "mod",
                };
                s += &format!(" {op} {}", show(e));
            }
            s + ")"
        }
        ExprKind::And(items) => format!(
            "({})",
            items.iter().map(show).collect::<Vec<_>>().join(" and ")
        ),
        ExprKind::Or(items) => format!(
            "({})",
            items.iter().map(show).collect::<Vec<_>>().join(" or ")
        ),
        ExprKind::Logic(op, a, b) => {
            let op = match op {
                Logic::Implies => "implies",
                Logic::Iff => "iff",
                Logic::Xor => "xor",
            };
            format!("({} {op} {})", show(a), show(b))
        }
        ExprKind::Compare(op, a, b) => format!("({} {} {})", show(a), op.symbol(), show(b)),
        ExprKind::In(a, b) => format!("({} in {})", show(a), show(b)),
        ExprKind::Range(a, b) => format!("({}..{})", show(a), show(b)),
        ExprKind::Index(a, i) => format!("{}[{}]", show(a), show(i)),
        ExprKind::Field(a, f) => format!("{}.{}", show(a), f.name),
    }
}

fn binder(b: &Binder) -> String {
    match &b.kind {
        BinderKind::Name(n) => n.clone(),
        BinderKind::Tuple(items) => format!(
            "({})",
            items.iter().map(binder).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn rule(text: &str) -> String {
    match parse_rule(text, 0) {
        Ok(e) => show(&e),
        Err(e) => panic!("{text}: {e} at {:?}", e.span),
    }
}

fn error(text: &str) -> (LangErrorKind, u32, u32) {
    let e = parse_rule(text, 0).expect_err(text);
    (e.kind, e.span.start, e.span.end)
}

fn message(text: &str) -> (String, u32) {
    let e = parse_rule(text, 0).expect_err(text);
    (e.kind.to_string(), e.span.start)
}

#[test]
fn precedence() {
    assert_eq!(rule("1 + 2 * 3 - 4"), "(1 + (2 * 3) - 4)");
    assert_eq!(rule("-a mod 3"), "((-a) mod 3)");
    assert_eq!(rule("a + b in {5, 10}"), "((a + b) in {5, 10})");
    assert_eq!(
        rule("a = v * b or b = v * a"),
        "((a = (v * b)) or (b = (v * a)))"
    );
    assert_eq!(
        rule("not a < b and c or d implies e implies f iff g"),
        "(((((not (a < b)) and c) or d) implies (e implies f)) iff g)"
    );
    assert_eq!(rule("a xor b"), "(a xor b)");
    assert_eq!(rule("not not x"), "(not (not x))");
    assert_eq!(rule("1..size - 1"), "(1..(size - 1))");
    assert_eq!(rule("r1c1..r3c3"), "(r1c1..r3c3)");
    assert_eq!(rule("x / 2 * 3"), "(x / 2 * 3)");
    for (op, sym) in [
        ("=", "="),
        ("!=", "!="),
        ("<", "<"),
        ("<=", "<="),
        (">", ">"),
        (">=", ">="),
    ] {
        assert_eq!(rule(&format!("a {op} b")), format!("(a {sym} b)"));
    }
}

#[test]
fn primaries_and_postfixes() {
    assert_eq!(rule("(a, b, c)"), "(a, b, c)");
    assert_eq!(rule("((a))"), "a");
    assert_eq!(rule("[]"), "[]");
    assert_eq!(rule("[r1c1, R2C2]"), "[r1c1, r2c2]");
    assert_eq!(rule("{}"), "{}");
    assert_eq!(rule("{1, 3, 5..7}"), "{1, 3, (5..7)}");
    assert_eq!(rule("{(1, 2), (2, 4)}"), "{(1, 2), (2, 4)}");
    assert_eq!(rule("true and false"), "(true and false)");
    assert_eq!(rule("matches(L, \"1[2-8]*9\")"), "matches(L, \"1[2-8]*9\")");
    assert_eq!(rule("row(c.row)[c] = c.col"), "(row(c.row)[c] = c.col)");
    assert_eq!(rule("L[2..len(L) - 1]"), "L[(2..(len(L) - 1))]");
    assert_eq!(rule("f()"), "f()");
    assert_eq!(rule("a.b.c[1][2]"), "a.b.c[1][2]");
}

#[test]
fn quantifiers_and_ifs_reach_right() {
    assert_eq!(
        rule("for (a, b) in consecutive(L): a < b and b < 9"),
        "(for (a, b) in consecutive(L): ((a < b) and (b < 9)))"
    );
    assert_eq!(
        rule("(for c in L: c > 1) and x"),
        "((for c in L: (c > 1)) and x)"
    );
    assert_eq!(
        rule("some ((a, b), c) in L: a = c"),
        "(some ((a, b), c) in L: (a = c))"
    );
    assert_eq!(rule("for (a) in L: a"), "(for a in L: a)");
    assert_eq!(
        rule("if a then b else if c then d else e + 1"),
        "(if a then b else (if c then d else (e + 1)))"
    );
    assert_eq!(
        rule("1 + if a then 2 else 3 + 4"),
        "(1 + (if a then 2 else (3 + 4)))"
    );
    assert_eq!(
        rule("for i in 1..len(L) - 1: L[i] < L[i + 1]"),
        "(for i in (1..(len(L) - 1)): (L[i] < L[(i + 1)]))"
    );
}

#[test]
fn comprehensions_and_conditions_in_calls() {
    assert_eq!(rule("sum(x in L: x * 2)"), "sum(x in L: (x * 2))");
    assert_eq!(
        rule("count((a, b) in pairs(L): a < b)"),
        "count((a, b) in pairs(L): (a < b))"
    );
    // No `:` after the group: a condition, read on from there.
    assert_eq!(
        rule("count(x in L, y in M and z)"),
        "count((x in L), ((y in M) and z))"
    );
    assert_eq!(
        rule("f((a, b) in S or c iff d)"),
        "f(((((a, b) in S) or c) iff d))"
    );
    assert_eq!(
        rule("f(x in 1..3 implies y)"),
        "f(((x in (1..3)) implies y))"
    );
    // Only a binder can start a comprehension.
    assert_eq!(
        message("f(x[1] in S: 2)"),
        (
            "expected ')' after the arguments of 'f', found ':'".to_string(),
            11
        )
    );
    assert_eq!(
        message("sum(a + b: c)"),
        (
            "expected ')' after the arguments of 'sum', found ':'".to_string(),
            9
        )
    );
}

#[test]
fn automata() {
    let text = "automaton {
  start even  accept even, odd
  even -> odd on {1, 3, 5, 7, 9}   odd -> even on {1, 3, 5, 7, 9}
  even -> even on 2..8
}";
    assert_eq!(
        rule(text),
        "automaton(start even accept even,odd even->odd on {1, 3, 5, 7, 9}; \
         odd->even on {1, 3, 5, 7, 9}; even->even on (2..8))"
    );
    assert_eq!(
        message("automaton { start a accept b a -> b {1} }").0,
        "expected 'on' after the states of a transition, found '{'"
    );
}

#[test]
fn spans_are_byte_ranges() {
    let e = parse_rule("  sum(x in L: x) = 10 ", 4).expect("parses");
    assert_eq!((e.span.source, e.span.start, e.span.end), (4, 2, 21));
    let ExprKind::Compare(_, lhs, rhs) = &e.kind else {
        panic!("a comparison")
    };
    assert_eq!((lhs.span.start, lhs.span.end), (2, 16));
    assert_eq!((rhs.span.start, rhs.span.end), (19, 21));
    let ExprKind::Call { name, args } = &lhs.kind else {
        panic!("a call")
    };
    assert_eq!((name.span.start, name.span.end), (2, 5));
    assert_eq!((args[0].span().start, args[0].span().end), (6, 15));
    // Brackets are part of the span of what they hold, so that an
    // expression's text quotes them: `(a + b) mod 2` starts at `(`.
    let e = parse_rule("( a )", 0).expect("parses");
    assert_eq!((e.span.start, e.span.end), (0, 5));
    let e = parse_rule("(a + b) mod 2 = 1", 0).expect("parses");
    assert_eq!((e.span.start, e.span.end), (0, 17));
    let e = parse_rule("(a, b)[1].row", 0).expect("parses");
    assert_eq!((e.span.start, e.span.end), (0, 13));
}

#[test]
fn errors_at_the_offending_token() {
    assert_eq!(
        message("sum(a, b"),
        (
            "expected ')' after the arguments of 'sum', found the end of the text".to_string(),
            8
        )
    );
    assert_eq!(
        message("a < b < c"),
        (
            "expected an operator or the end of the rule, found '<'".to_string(),
            6
        )
    );
    assert_eq!(
        message("for 1 in L: x"),
        (
            "expected a name or '(' after 'for', found '1'".to_string(),
            4
        )
    );
    assert_eq!(
        message("for x of L: x"),
        (
            "expected 'in' after the names of 'for', found 'of'".to_string(),
            6
        )
    );
    assert_eq!(
        message("some x in L x"),
        (
            "expected ':' after the group of 'some', found 'x'".to_string(),
            12
        )
    );
    assert_eq!(
        message("if a then b"),
        (
            "expected 'else' after the 'then' part of 'if', found the end of the text".to_string(),
            11
        )
    );
    assert_eq!(
        message("(a, b"),
        (
            "expected ')' to close the tuple, found the end of the text".to_string(),
            5
        )
    );
    assert_eq!(
        message("[1, 2 3]"),
        ("expected ']' or ',' in the list, found '3'".to_string(), 6)
    );
    assert_eq!(
        message("a + * b"),
        ("expected an expression, found '*'".to_string(), 4)
    );
    assert_eq!(
        message("L[1"),
        (
            "expected ']' after the index, found the end of the text".to_string(),
            3
        )
    );
    assert_eq!(
        message("c."),
        (
            "expected a name after '.', found the end of the text".to_string(),
            2
        )
    );
    assert_eq!(
        message(""),
        (
            "expected an expression, found the end of the text".to_string(),
            0
        )
    );
    let (kind, start, end) = error("x = \"1");
    assert_eq!(kind, LangErrorKind::Syntax("unterminated string".into()));
    assert_eq!((start, end), (4, 6));
    let (kind, start, end) = error("a @ b");
    assert_eq!(kind, LangErrorKind::Syntax("invalid character '@'".into()));
    assert_eq!((start, end), (2, 3));
}

#[test]
fn nesting_is_capped() {
    let deep = format!("{}1{}", "(".repeat(150), ")".repeat(150));
    assert_eq!(rule(&deep), "1");
    for text in [
        format!("{}1{}", "(".repeat(5000), ")".repeat(5000)),
        format!("{}1", "-".repeat(5000)),
        format!("{}x", "not ".repeat(5000)),
        format!("{}x", "x implies ".repeat(5000)),
        format!("{}1", "f(".repeat(5000)),
        format!("{}x", "for x in L: ".repeat(5000)),
        format!("f({}a", "(".repeat(5000)),
    ] {
        let (kind, ..) = error(&text);
        assert!(matches!(kind, LangErrorKind::Syntax(_)), "{kind:?}");
    }
    // Long chains are wide, not deep.
    let wide = vec!["a"; 5000].join(" + ");
    assert!(parse_rule(&wide, 0).is_ok());
    let wide = vec!["a"; 5000].join(" and ");
    assert!(parse_rule(&wide, 0).is_ok());
}

#[test]
fn definitions_and_their_docs() {
    let text = "# a header, not a doc

# first line
#second line
def f(a, b) = a < b  # trailing, not a doc
def g() =
  f(1, 2)

# one
# two

def h(x) = x
";
    let defs = parse_definitions(text, 1).expect("parses");
    let names: Vec<_> = defs.iter().map(|d| d.name.name.as_str()).collect();
    assert_eq!(names, ["f", "g", "h"]);
    assert_eq!(defs[0].doc, "first line second line");
    assert_eq!(defs[1].doc, "");
    assert_eq!(defs[2].doc, "");
    assert_eq!(defs[0].params.len(), 2);
    assert_eq!(show(&defs[1].body), "f(1, 2)");
    assert_eq!(defs[1].span.source, 1);
    assert_eq!(
        &text[defs[1].span.start as usize..defs[1].span.end as usize],
        "def g() =\n  f(1, 2)"
    );

    let e = parse_definitions("def f(a, a) = a", 0).unwrap_err();
    assert_eq!(e.kind, LangErrorKind::Redefined("a".into()));
    assert_eq!((e.span.start, e.span.end), (9, 10));
    let e = parse_definitions("def f() = 1 2", 0).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "expected 'def' or the end of the text, found '2'"
    );
    let e = parse_definitions("f() = 1", 0).unwrap_err();
    assert_eq!(e.span.start, 0);
    let e = parse_definitions("def f = 1", 0).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "expected '(' after the name of definition 'f', found '='"
    );
    assert_eq!(parse_definitions("  # only a comment\n", 0), Ok(Vec::new()));
}

#[test]
fn the_catalogue_parses() {
    let defs = parse_definitions(crate::lang::CATALOGUE, 0).expect("the catalogue parses");
    assert!(defs.len() > 40);
    let thermo = defs
        .iter()
        .find(|d| d.name.name == "thermometer")
        .expect("thermometer");
    assert_eq!(thermo.doc, "digits strictly increase from the bulb");
    assert_eq!(
        show(&thermo.body),
        "(for (a, b) in consecutive(L): (a < b))"
    );
    let quadruple = defs
        .iter()
        .find(|d| d.name.name == "quadruple")
        .expect("quadruple");
    assert_eq!(
        quadruple.doc,
        "the digits listed appear among the cells, a digit listed twice at least twice"
    );
    let classic = defs
        .iter()
        .find(|d| d.name.name == "classic")
        .expect("classic");
    assert_eq!(
        classic.doc,
        "every row, column and block holds distinct digits"
    );
    for d in &defs {
        assert!(!d.doc.is_empty(), "{} has a doc", d.name.name);
    }
}
