//! Each error kind at its span; the library and its extensions.

use super::*;

#[test]
fn errors_and_their_spans() {
    let check = |rule: &str, text: &str, ok: fn(&LangErrorKind) -> bool| {
        let (kind, at) = fault(rule);
        assert!(ok(&kind), "{rule}: {kind:?}");
        assert_eq!(at, text, "{rule}: {kind}");
    };
    check(
        "foo(r1c1)",
        "foo",
        |k| matches!(k, LangErrorKind::UnknownName(n) if n == "foo"),
    );
    check("x > 1", "x", |k| matches!(k, LangErrorKind::UnknownName(_)));
    check("for c in grid: c.colour = 1", "colour", |k| {
        matches!(k, LangErrorKind::UnknownName(_))
    });
    check(
        "r10c1 = 1",
        "r10c1",
        |k| matches!(k, LangErrorKind::OutsideGrid(n) if n == "r10c1"),
    );
    // A number past u32, named as written rather than cut down.
    check(
        "r99999999999999999999c1 = 1",
        "r99999999999999999999c1",
        |k| matches!(k, LangErrorKind::OutsideGrid(n) if n == "r99999999999999999999c1"),
    );
    // An automaton's symbol no cell holds, as a regular expression's.
    for on in ["{1, 2, 10}", "{0, 1}", "-1"] {
        let rule = format!("matches(row(1), automaton {{ start a accept a a -> a on {on} }})");
        let (kind, at) = fault(&rule);
        let digit = if on == "-1" {
            "-1"
        } else if on.contains("10") {
            "10"
        } else {
            "0"
        };
        assert_eq!(
            kind.to_string(),
            format!("{digit} is not a digit of a 9x9 grid")
        );
        assert_eq!(at, on, "{rule}");
    }
    check(
        "distinct(row(0))",
        "0",
        |k| matches!(k, LangErrorKind::OutsideGrid(n) if n == "row 0"),
    );
    check("distinct(block(10))", "10", |k| {
        matches!(k, LangErrorKind::OutsideGrid(_))
    });
    check("sum(c in row(1): c > 1) = 3", "c > 1", |k| {
        k.to_string() == "'sum' expects integers, found a condition"
    });
    check("r1c1 + 1", "r1c1 + 1", |k| {
        k.to_string() == "a rule expects a condition, found an integer"
    });
    check("r1c1 = 1 and 3", "3", |k| {
        k.to_string() == "'and' expects a condition, found an integer"
    });
    check("row(1) < 3", "row(1)", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("row(r1c1)[1] = 1", "r1c1", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("r1c1 / 2 = 1", "r1c1", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("r1c1 mod r1c2 = 1", "r1c2", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("r1c1 mod 0 = 1", "0", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check("r1c1 = 1 / 0", "0", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check(
        "r1c1 = 9223372036854775807 + 1",
        "9223372036854775807 + 1",
        |k| *k == LangErrorKind::Invalid("number too large".into()),
    );
    check("distinct(filter(c in row(1): c > 1))", "c > 1", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("min([]) = 1", "min([])", |k| {
        matches!(k, LangErrorKind::EmptyGroup(_))
    });
    check("distinct(row(1)[2..1])", "distinct(row(1)[2..1])", |k| {
        matches!(k, LangErrorKind::EmptyGroup(_))
    });
    check("first([]) = 1", "[]", |k| {
        matches!(k, LangErrorKind::EmptyGroup(_))
    });
    check("matches([], \"1\")", "[]", |k| {
        matches!(k, LangErrorKind::EmptyGroup(_))
    });
    check("number([]) = 1", "[]", |k| {
        matches!(k, LangErrorKind::EmptyGroup(_))
    });
    check("centre(row(1)[1..4]) = 1", "row(1)[1..4]", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check("row(1)[10] = 1", "10", |k| {
        matches!(k, LangErrorKind::OutOfRange(_))
    });
    check("row(1)[0..2][1] = 1", "0..2", |k| {
        matches!(k, LangErrorKind::OutOfRange(_))
    });
    check(
        "for (a, b) in zip(row(1), [r1c1]): a = b",
        "zip(row(1), [r1c1])",
        |k| matches!(k, LangErrorKind::OutOfRange(_)),
    );
    check("for (a, b) in windows(row(1), 3): a = b", "(a, b)", |k| {
        matches!(k, LangErrorKind::OutOfRange(_))
    });
    check("for (a, b) in row(1): a = b", "(a, b)", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("take(row(1), 10)[1] = 1", "10", |k| {
        matches!(k, LangErrorKind::OutOfRange(_))
    });
    check("distinct(windows(row(1), 0))", "0", |k| {
        matches!(k, LangErrorKind::OutOfRange(_))
    });
    check("thermometer(row(1), 2)", "thermometer(row(1), 2)", |k| {
        matches!(k, LangErrorKind::Arity { found: 2, .. })
    });
    check("distinct(row(1, 2))", "row(1, 2)", |k| {
        matches!(k, LangErrorKind::Arity { .. })
    });
    check("distinct(row)", "row", |k| {
        matches!(k, LangErrorKind::Arity { .. })
    });
    check("size(1) = 1", "size", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check("for L in rows: L(1) = 1", "L", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check("distinct(path(r1c1, r2c3))", "r2c3", |k| {
        matches!(k, LangErrorKind::Invalid(_))
    });
    check("for c in 5: c = 1", "5", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("distinct(x in 1..3: x, 4)", "x in 1..3: x", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("thermometer(x in row(1): x)", "x in row(1): x", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("for c in 1..r1c1: c = 1", "r1c1", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
    check("r1c1 = (1 < 2)", "(1 < 2)", |k| {
        matches!(k, LangErrorKind::Type { .. })
    });
}

#[test]
fn errors_inside_the_catalogue_point_at_the_call() {
    let (kind, text) = fault("r1c1 = 1 and thermometer([r1c1, 3 < 4])");
    assert_eq!(text, "thermometer([r1c1, 3 < 4])");
    assert_eq!(
        kind.to_string(),
        "in 'thermometer': '<' expects integers, found a condition"
    );
    let (kind, text) = fault("for L in rows: numberedroom(take(L, 0), 1)");
    assert!(
        matches!(kind, LangErrorKind::EmptyGroup(ref m) if m.starts_with("in 'numberedroom': "))
    );
    assert_eq!(text, "numberedroom(take(L, 0), 1)");
    // From a call made in Rust, the error stays in the catalogue.
    let e = call("numberedroom", &[Arg::List(vec![]), Arg::Int(1)]).unwrap_err();
    assert_eq!(e.span.source, 0);
    assert!(matches!(e.kind, LangErrorKind::EmptyGroup(_)));
    // Errors in a file's own definitions stay where they are.
    let lib = Library::catalogue()
        .extend("define", "def first_big(L) = first(L) > 5")
        .expect("extends");
    let e = lib
        .ground("holds", "first_big([])", &nine(), &Limits::default())
        .unwrap_err();
    assert_eq!(e.span.source, 1);
    assert_eq!(lib.texts().slice(e.span), "L");
}

#[test]
fn library_calls_check_their_arguments() {
    let lib = Library::catalogue();
    let e = call("nosuch", &[]).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::UnknownName(_)));
    let e = call("thermometer", &[]).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::Arity { found: 0, .. }));
    assert_eq!(lib.texts().slice(e.span), "thermometer");
    let e = call("even", &[Arg::Cell(Cell::new(9, 0))]).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::OutsideGrid(_)));
    assert_eq!(lib.params("killercage"), Some(2));
    assert_eq!(lib.params("nosuch"), None);
    assert_eq!(
        lib.doc("killercage"),
        Some("the cage's digits are distinct and add up to the total")
    );
    assert_eq!(lib.doc("nosuch"), None);
}

#[test]
fn extending_the_library() {
    let base = Library::catalogue();
    let lib = base
        .extend(
            "define",
            "# parity alternates along the line\n\
             def parity_line(L) = for (a, b) in consecutive(L): (a + b) mod 2 = 1\n\
             def two() = later() + 1\n\
             def later() = 1",
        )
        .expect("extends");
    assert_eq!(lib.texts().0.len(), 2);
    assert_eq!(lib.texts().0[1].name, "define");
    assert_eq!(
        lib.doc("parity_line"),
        Some("parity alternates along the line")
    );
    let (g, texts) = lib
        .ground(
            "holds",
            "parity_line(r9c1..r9c3) and two = 2",
            &nine(),
            &Limits::default(),
        )
        .expect("grounds");
    assert_eq!(texts.0.len(), 3);
    assert_eq!(
        sb(&g.root),
        "and(mod(sum(r9c1, r9c2), 2) = 1, mod(sum(r9c2, r9c3), 2) = 1)"
    );
    // The catalogue itself is unchanged.
    assert_eq!(base.texts().0.len(), 1);
    assert!(base.doc("parity_line").is_none());

    let fails = |text: &str| base.extend("define", text).unwrap_err();
    let e = fails("def thermometer(L) = true");
    assert_eq!(e.kind, LangErrorKind::Redefined("thermometer".into()));
    assert_eq!((e.span.source, e.span.start, e.span.end), (1, 4, 15));
    let e = fails("def f() = 1\ndef f() = 2");
    assert_eq!(e.kind, LangErrorKind::Redefined("f".into()));
    let e = fails("def sum(L) = 1");
    assert_eq!(e.kind, LangErrorKind::Redefined("sum".into()));
    let e = fails("def f(x) = f(x)");
    assert_eq!(e.kind, LangErrorKind::Recursive("f".into()));
    assert_eq!((e.span.start, e.span.end), (11, 15));
    let e = fails("def f(x) = g(x) + 1\ndef g(y) = if y > 1 then 1 else h(y)\ndef h(z) = f(z)");
    assert!(matches!(e.kind, LangErrorKind::Recursive(_)), "{e}");
    let e = fails("def f() = g");
    assert_eq!(e.kind, LangErrorKind::UnknownName("g".into()));
    let e = fails("def f(L) = thermometer(L, L)");
    assert!(matches!(e.kind, LangErrorKind::Arity { .. }));
    let e = fails("def f(L) = for x in L: x.size = 1");
    assert!(matches!(e.kind, LangErrorKind::UnknownName(_)));
    // A second text sees the first; names are checked across them.
    let more = lib
        .extend("define 2", "def three() = two + 1")
        .expect("extends");
    assert_eq!(more.texts().0.len(), 3);
    let e = more
        .ground("holds", "three = 4", &nine(), &Limits::default())
        .map(|(g, _)| sb(&g.root));
    assert_eq!(e, Ok("and(false)".to_string()));
}
