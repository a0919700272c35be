//! Every catalogue definition grounds; spot checks of their trees.

use super::*;

#[test]
fn every_catalogue_definition_grounds() {
    let lib = Library::catalogue();
    let short = line(&["r1c1", "r1c2"]);
    let three = line(&["r1c1", "r1c2", "r1c3"]);
    let five = line(&["r1c3", "r1c4", "r2c4", "r3c4", "r4c4"]);
    let row1 = line(&[
        "r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9",
    ]);
    let cage = line(&["r1c1", "r1c2", "r2c1", "r2c2"]);
    let c = Arg::Cell(cell("r5c5"));
    let pair = Arg::List(vec![line(&["r1c1", "r1c2"])]);
    let samples: Vec<(&str, Vec<Vec<Arg>>)> = vec![
        ("classic", vec![vec![]]),
        ("diagonal_down", vec![vec![]]),
        ("diagonal_up", vec![vec![]]),
        ("antiknight", vec![vec![]]),
        ("antiking", vec![vec![]]),
        (
            "nonconsecutive",
            vec![vec![pair.clone()], vec![Arg::List(vec![])]],
        ),
        ("disjointgroups", vec![vec![]]),
        ("extraregion", vec![vec![cage.clone()]]),
        ("even", vec![vec![c.clone()]]),
        ("odd", vec![vec![c.clone()]]),
        ("givenpencilmarks", vec![vec![c.clone(), ints(&[1, 3])]]),
        ("cage", vec![vec![cage.clone()]]),
        ("killercage", vec![vec![cage.clone(), Arg::Int(10)]]),
        ("quadruple", vec![vec![cage.clone(), ints(&[1, 2, 2])]]),
        (
            "clone",
            vec![vec![three.clone(), line(&["r5c1", "r5c2", "r5c3"])]],
        ),
        ("littlekillersum", vec![vec![three.clone(), Arg::Int(12)]]),
        (
            "arrow",
            vec![
                vec![line(&["r1c1"]), three.clone()],
                vec![short.clone(), five.clone()],
            ],
        ),
        (
            "doublearrow",
            vec![vec![short.clone()], vec![three.clone()], vec![five.clone()]],
        ),
        ("sandwichsum", vec![vec![row1.clone(), Arg::Int(10)]]),
        ("xsum", vec![vec![row1.clone(), Arg::Int(15)]]),
        ("skyscraper", vec![vec![row1.clone(), Arg::Int(3)]]),
        ("regionsumline", vec![vec![five.clone()]]),
        (
            "difference",
            vec![vec![
                Arg::Cell(cell("r1c1")),
                Arg::Cell(cell("r1c2")),
                Arg::Int(1),
            ]],
        ),
        (
            "ratio",
            vec![vec![
                Arg::Cell(cell("r1c1")),
                Arg::Cell(cell("r1c2")),
                Arg::Int(2),
            ]],
        ),
        (
            "xv",
            vec![vec![
                Arg::Cell(cell("r1c1")),
                Arg::Cell(cell("r1c2")),
                Arg::Int(10),
            ]],
        ),
        ("negative_difference", vec![vec![pair.clone()]]),
        ("negative_ratio", vec![vec![pair.clone()]]),
        ("negative_xv", vec![vec![pair.clone()]]),
        ("minimum", vec![vec![c.clone(), line(&["r4c5", "r5c4"])]]),
        ("maximum", vec![vec![c.clone(), line(&["r4c5", "r5c4"])]]),
        ("rowindexer", vec![vec![Arg::List(vec![c.clone()])]]),
        ("columnindexer", vec![vec![Arg::List(vec![c.clone()])]]),
        ("boxindexer", vec![vec![Arg::List(vec![c.clone()])]]),
        ("numberedroom", vec![vec![row1.clone(), Arg::Int(5)]]),
    ];
    let lines = [
        "thermometer",
        "slowthermometer",
        "renban",
        "palindrome",
        "betweenline",
        "nabner",
        "lockout",
        "entropicline",
        "modularline",
        "zipperline",
    ];
    let mut covered: Vec<&str> = samples.iter().map(|(n, _)| *n).collect();
    covered.extend(lines);
    covered.push("whispers");
    covered.push("entropy");
    for name in lib.names() {
        assert!(covered.contains(&name), "no sample arguments for '{name}'");
        assert!(
            lib.doc(name).is_some_and(|d| !d.is_empty()),
            "'{name}' has a doc"
        );
    }
    let mut calls: Vec<(&str, Vec<Arg>)> = Vec::new();
    for (name, argss) in samples {
        calls.extend(argss.into_iter().map(|a| (name, a)));
    }
    for name in lines {
        for l in [&short, &three, &five] {
            calls.push((name, vec![l.clone()]));
        }
    }
    for l in [&short, &three, &five] {
        calls.push(("whispers", vec![l.clone(), Arg::Int(5)]));
    }
    for (name, args) in calls {
        let g = match call(name, &args) {
            Ok(g) => g,
            Err(e) => panic!("{name}{args:?}: {e} at {:?}", e.span),
        };
        let BoolKind::And(items) = &g.root.kind else {
            panic!("{name}: the root is an and")
        };
        for item in items {
            assert!(
                !matches!(item.kind, BoolKind::Const(_)),
                "{name}{args:?}: a constant part"
            );
        }
    }
    // A term, not a rule.
    let e = call("entropy", &[c]).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::Type { .. }));
    assert_eq!(
        tree("entropy(r1c1) = 2"),
        "and(ite(r1c1 <= 3, 1, ite(r1c1 > 6, 3, 2)) = 2)"
    );
}

#[test]
fn catalogue_spot_checks() {
    let t = |name: &str, args: &[Arg]| match call(name, args) {
        Ok(g) => sb(&g.root),
        Err(e) => panic!("{name}: {e}"),
    };
    let cage = line(&["r1c1", "r1c2", "r2c1"]);
    assert_eq!(
        t("killercage", &[cage, Arg::Int(10)]),
        "and(distinct(r1c1, r1c2, r2c1), sum(r1c1, r1c2, r2c1) = 10)"
    );
    assert_eq!(
        t(
            "numberedroom",
            &[line(&["r1c1", "r1c2", "r1c3"]), Arg::Int(5)]
        ),
        "and(elem([r1c1, r1c2, r1c3], r1c1) = 5)"
    );
    assert_eq!(
        t(
            "givenpencilmarks",
            &[Arg::Cell(cell("r1c1")), ints(&[3, 1])]
        ),
        "and(in(r1c1, [1, 3]))"
    );
    assert_eq!(
        t("rowindexer", &[Arg::List(vec![Arg::Cell(cell("r2c3"))])]),
        "and(elem([r1c3, r2c3, r3c3, r4c3, r5c3, r6c3, r7c3, r8c3, r9c3], r2c3) = 2)"
    );
    assert_eq!(
        t("arrow", &[line(&["r1c1", "r1c2"]), line(&["r2c1", "r3c1"])]),
        "and(sum(r2c1, r3c1) = sum(mul(10, r1c1), r1c2))"
    );
    assert_eq!(
        t("xsum", &[line(&["r1c1", "r1c2", "r1c3"]), Arg::Int(4)]),
        "and(sum(ite(r1c1 >= 1, r1c1, 0), ite(r1c1 >= 2, r1c2, 0), ite(r1c1 >= 3, r1c3, 0)) = 4)"
    );
    assert_eq!(
        t("zipperline", &[line(&["r1c1", "r1c2", "r1c3"])]),
        "and(sum(r1c1, r1c3) = r1c2)"
    );
    assert_eq!(
        t("zipperline", &[line(&["r1c1", "r1c2", "r1c3", "r1c4"])]),
        "and(sum(r1c1, r1c4) = sum(r1c2, r1c3))"
    );
    assert_eq!(
        t(
            "skyscraper",
            &[line(&["r1c1", "r1c2", "r1c3"]), Arg::Int(2)]
        ),
        "and(sum(count(r1c1 < r1c2, and(r1c1 < r1c3, r1c2 < r1c3)), 1) = 2)"
    );
    assert_eq!(
        t("quadruple", &[line(&["r1c1", "r1c2"]), ints(&[4, 4])]),
        "and(count(r1c1 = 4, r1c2 = 4) >= 2, count(r1c1 = 4, r1c2 = 4) >= 2)"
    );
    assert_eq!(
        t("modularline", &[line(&["r1c1", "r1c2"])]),
        "and(distinct(mod(r1c1, 3), mod(r1c2, 3)))"
    );
    assert!(
        t(
            "sandwichsum",
            &[line(&["r1c1", "r1c2", "r1c3"]), Arg::Int(0)]
        )
        .contains("ite(")
    );
    // Pairs listed are exempt; the others are not.
    let exempt = Arg::List(vec![line(&["r1c1", "r1c2"])]);
    let g = call("nonconsecutive", &[exempt]).expect("grounds");
    let BoolKind::And(items) = &g.root.kind else {
        panic!()
    };
    assert_eq!(items.len(), 2 * 9 * 8 - 1);
    assert!(!items.iter().any(|b| sb(b) == "abs(sum(r1c1, -r1c2)) != 1"));
    assert!(items.iter().any(|b| sb(b) == "abs(sum(r1c1, -r2c1)) != 1"));
    assert_eq!(
        g.instances[items[0].at.instance.0 as usize],
        "(a, b) = (r1c1, r2c1)"
    );
}
