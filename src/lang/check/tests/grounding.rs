//! The shape of ground trees: folding, instances, built-ins.

use super::*;

#[test]
fn thermometer_is_two_comparisons() {
    let g = call("thermometer", &[line(&["r1c1", "r1c2", "r1c3"])]).expect("grounds");
    assert_eq!(sb(&g.root), "and(r1c1 < r1c2, r1c2 < r1c3)");
    assert_eq!(
        instances(&g),
        ["(a, b) = (r1c1, r1c2)", "(a, b) = (r1c2, r1c3)"]
    );
    assert_eq!(g.instances[0], "");
    assert_eq!(g.cells, [cell("r1c1"), cell("r1c2"), cell("r1c3")]);
    // Spans point into the catalogue: each comparison is `a < b`.
    let texts = Library::catalogue().texts();
    let BoolKind::And(items) = &g.root.kind else {
        panic!()
    };
    for item in items {
        assert_eq!(item.at.span.source, 0);
        assert_eq!(texts.slice(item.at.span), "a < b");
        let BoolKind::Cmp(_, a, _) = &item.kind else {
            panic!()
        };
        assert_eq!(texts.slice(a.at.span), "a");
        assert_eq!(a.at.instance, item.at.instance);
    }
}

#[test]
fn nested_instances_join_their_bindings() {
    let g = ground("for R in rows: thermometer(take(R, 2))");
    let inst = instances(&g);
    assert_eq!(inst.len(), 9);
    assert_eq!(
        inst[0],
        "R = [r1c1, r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9], (a, b) = (r1c1, r1c2)"
    );
    let g = ground("for w in windows(row(1), 3): sum(x in w: x) > 5");
    let BoolKind::And(items) = &g.root.kind else {
        panic!()
    };
    assert_eq!(items.len(), 7);
    assert_eq!(
        g.instances[items[0].at.instance.0 as usize],
        "w = [r1c1, r1c2, r1c3]"
    );
    let BoolKind::Cmp(_, sum, _) = &items[0].kind else {
        panic!()
    };
    let IntKind::Sum(terms) = &sum.kind else {
        panic!()
    };
    assert_eq!(
        g.instances[terms[1].at.instance.0 as usize],
        "w = [r1c1, r1c2, r1c3], x = r1c2"
    );
    let g = ground("for i in 1..3: r1c1 != i");
    assert_eq!(instances(&g), ["i = 1", "i = 2", "i = 3"]);
}

#[test]
fn the_root_is_a_flat_and() {
    assert_eq!(
        tree("r1c1 < 5 and (for c in [r1c2, r1c3]: c > 1 and c < 9) and true"),
        "and(r1c1 < 5, r1c2 > 1, r1c2 < 9, r1c3 > 1, r1c3 < 9)"
    );
    // A rule that always holds is the empty and; the caller decides.
    assert_eq!(tree("1 < 2"), "and()");
    assert_eq!(tree("for c in r1c1..r1c1: 1 = 1"), "and()");
    // A part that never holds is kept, with its instance.
    let g = ground("r1c1 > 1 and (for i in 1..3: i != 2)");
    assert_eq!(sb(&g.root), "and(false)");
    assert_eq!(instances(&g), ["i = 2"]);
    assert_eq!(tree("1 > 2"), "and(false)");
    assert_eq!(tree("r1c1 = 1 or false"), "and(r1c1 = 1)");
}

#[test]
fn cells_are_row_major_and_once() {
    let g = ground("r2c1 < r1c3 and r1c3 < r1c2 and r2c1 != 4");
    assert_eq!(g.cells, [cell("r1c2"), cell("r1c3"), cell("r2c1")]);
}

#[test]
fn arithmetic_folds_what_is_fixed() {
    assert_eq!(tree("r1c1 - r1c2 = 3"), "and(sum(r1c1, -r1c2) = 3)");
    assert_eq!(tree("r1c1 + 2 + 3 - 5 = r1c2"), "and(r1c1 = r1c2)");
    assert_eq!(tree("r1c1 + 2 * 3 = 7"), "and(sum(r1c1, 6) = 7)");
    assert_eq!(tree("-(-r1c1) = 7 mod 4 + size"), "and(r1c1 = 12)");
    assert_eq!(tree("r1c1 * 1 = 0 * r1c2 + 1"), "and(r1c1 = 1)");
    assert_eq!(tree("r1c1 mod 3 = 1"), "and(mod(r1c1, 3) = 1)");
    assert_eq!(
        tree("abs(r1c1 - 5) >= -7 / 2 + 6"),
        "and(abs(sum(r1c1, -5)) >= 2)"
    );
    assert_eq!(
        tree("(-7) mod 3 = 2 and 7 / -2 = -4 and -7 / 2 = -4"),
        "and()"
    );
    assert_eq!(
        tree("min(r1c1, 3, 5) = max(2, r1c2)"),
        "and(min(r1c1, 3) = max(r1c2, 2))"
    );
    assert_eq!(tree("min(3, len(row(1))) = 3"), "and()");
    assert_eq!(
        tree("number([r1c1, r1c2, r1c3]) = 123"),
        "and(sum(mul(100, r1c1), mul(10, r1c2), r1c3) = 123)"
    );
    assert_eq!(tree("r1c1 * r1c2 = 6"), "and(mul(r1c1, r1c2) = 6)");
}

#[test]
fn conditions_fold_what_is_fixed() {
    assert_eq!(tree("not not r1c1 = 1"), "and(r1c1 = 1)");
    assert_eq!(tree("false implies r1c1 = 1"), "and()");
    assert_eq!(tree("r1c1 = 1 implies false"), "and(not(r1c1 = 1))");
    assert_eq!(
        tree("r1c1 = 1 implies r1c2 = 2"),
        "and(implies(r1c1 = 1, r1c2 = 2))"
    );
    assert_eq!(tree("r1c1 = 1 iff true"), "and(r1c1 = 1)");
    assert_eq!(tree("r1c1 = 1 xor true"), "and(not(r1c1 = 1))");
    assert_eq!(
        tree("r1c1 = 1 xor r1c2 = 1"),
        "and(xor(r1c1 = 1, r1c2 = 1))"
    );
    assert_eq!(tree("r1c1 = 1 or r1c2 = 1 or true"), "and()");
    assert_eq!(
        tree("(r1c1 = 1 or r1c2 = 1) or r1c3 = 1"),
        "and(or(r1c1 = 1, r1c2 = 1, r1c3 = 1))"
    );
    // A fixed left side decides without grounding the right.
    assert_eq!(tree("len(row(1)) < 3 and row(1)[10] = 1"), "and(false)");
    assert_eq!(tree("1 = 1 or r10c10 = 1"), "and()");
    assert_eq!(tree("(1 = 2) implies r10c10 = 1"), "and()");
}

#[test]
fn ifs() {
    assert_eq!(
        tree("(if size = 9 then r1c1 else r10c10) = 1"),
        "and(r1c1 = 1)"
    );
    assert_eq!(
        tree("(if r1c1 > 5 then 1 else r1c2) = 1"),
        "and(ite(r1c1 > 5, 1, r1c2) = 1)"
    );
    assert_eq!(
        tree("if r1c1 > 5 then r1c2 = 1 else r1c3 = 1"),
        "and(or(and(r1c1 > 5, r1c2 = 1), and(not(r1c1 > 5), r1c3 = 1)))"
    );
    assert_eq!(
        tree("if r1c1 > 5 then r1c2 = 1 else true"),
        "and(or(and(r1c1 > 5, r1c2 = 1), not(r1c1 > 5)))"
    );
    let (kind, text) = fault("(if r1c1 > 5 then [r1c1] else 2) = 1");
    assert!(matches!(kind, LangErrorKind::Type { .. }), "{kind:?}");
    assert_eq!(text, "[r1c1]");
}

#[test]
fn membership() {
    assert_eq!(
        tree("r1c1 in {1, 3, 5..7}"),
        "and(in(r1c1, [1, 3, 5, 6, 7]))"
    );
    assert_eq!(
        tree("r1c1 + 1 in [3, 1, 3]"),
        "and(in(sum(r1c1, 1), [1, 3]))"
    );
    assert_eq!(tree("not (r1c1 in {})"), "and()");
    assert_eq!(tree("4 in {1, 3, 5..7}"), "and(false)");
    assert_eq!(
        tree("(r1c1, r1c2) in {(2, 4), (1, 2)}"),
        "and(table([r1c1, r1c2], [[1, 2], [2, 4]]))"
    );
    assert_eq!(
        tree("[r1c1, 2] in [(2, 4), (1, 2), (1, 2)]"),
        "and(table([r1c1, 2], [[1, 2], [2, 4]]))"
    );
    // Cells compare as places, pairs as ordered lists.
    assert_eq!(tree("r1c1 in row(1) and not (r2c1 in row(1))"), "and()");
    assert_eq!(tree("(r1c1, r1c2) in [(r1c1, r1c2)]"), "and()");
    assert_eq!(tree("(r1c2, r1c1) in [(r1c1, r1c2)]"), "and(false)");
    // A number among cells is among their digits.
    assert_eq!(tree("5 in [r1c1, r1c2]"), "and(or(5 = r1c1, 5 = r1c2))");
    let (kind, text) = fault("r1c1 in 5");
    assert!(matches!(kind, LangErrorKind::Type { .. }));
    assert_eq!(text, "5");
    let (kind, text) = fault("(r1c1, r1c2, r1c3) in {(1, 2)}");
    assert!(matches!(kind, LangErrorKind::Type { .. }));
    assert_eq!(text, "(r1c1, r1c2, r1c3)");
    let (kind, _) = fault("r1c1 in {1, (1, 2)}");
    assert!(matches!(kind, LangErrorKind::Type { .. }));
}

#[test]
fn indexing() {
    assert_eq!(tree("row(2)[3] = 1"), "and(r2c3 = 1)");
    assert_eq!(
        tree("row(1)[2..4][3] = 1 and len(row(1)[5..4]) = 0"),
        "and(r1c4 = 1)"
    );
    assert_eq!(
        tree("[r1c1, r1c2, 7][r1c3] = 2"),
        "and(elem([r1c1, r1c2, 7], r1c3) = 2)"
    );
    let (kind, text) = fault("row(r1c1 - r1c1 + 1)[1] = 1");
    assert!(matches!(kind, LangErrorKind::Type { .. }));
    assert_eq!(text, "r1c1 - r1c1 + 1");
}

#[test]
fn guarded_lists() {
    assert_eq!(
        tree("sum(take([r1c1, r1c2, r1c3], r1c4)) = 5"),
        "and(sum(ite(r1c4 >= 1, r1c1, 0), ite(r1c4 >= 2, r1c2, 0), ite(r1c4 >= 3, r1c3, 0)) = 5)"
    );
    assert_eq!(
        tree("count(c in take([r1c1, r1c2], r1c4): c = 1) = 1"),
        "and(count(and(r1c4 >= 1, r1c1 = 1), and(r1c4 >= 2, r1c2 = 1)) = 1)"
    );
    assert_eq!(
        tree("for c in take([r1c1, r1c2], r1c4): c > 2"),
        "and(implies(r1c4 >= 1, r1c1 > 2), implies(r1c4 >= 2, r1c2 > 2))"
    );
    assert_eq!(
        tree("some c in take([r1c1, r1c2], r1c4): c > 2"),
        "and(or(and(r1c4 >= 1, r1c1 > 2), and(r1c4 >= 2, r1c2 > 2)))"
    );
    assert_eq!(
        tree("distinct(take([r1c1, r1c2], r1c4))"),
        "and(not(and(r1c4 >= 1, r1c4 >= 2, r1c1 = r1c2)))"
    );
    assert_eq!(tree("sum(take(row(1), 2)) = 3"), "and(sum(r1c1, r1c2) = 3)");
    for rule in [
        "min(take(row(1), r1c1)) = 1",
        "len(take(row(1), r1c1)) = 1",
        "take(row(1), r1c1)[1] = 1",
        "first(take(row(1), r1c1)) = 1",
        "number(take(row(1), r1c1)) = 1",
    ] {
        let e = fails(rule);
        assert!(matches!(e.kind, LangErrorKind::Type { .. }), "{rule}: {e}");
    }
}

#[test]
fn structure_builtins() {
    assert_eq!(
        tree("for (a, b) in mirrored(r1c1..r1c5): a = b"),
        "and(r1c1 = r1c5, r1c2 = r1c4)"
    );
    assert_eq!(
        tree("for (a, b) in zip([r1c1, r1c2], [r2c1, r2c2]): a = b"),
        "and(r1c1 = r2c1, r1c2 = r2c2)"
    );
    assert_eq!(
        tree("for (a, b) in pairs(path(r1c1, r1c3)): a != b"),
        "and(r1c1 != r1c2, r1c1 != r1c3, r1c2 != r1c3)"
    );
    assert_eq!(
        tree("for (a, b) in orthogonal(r1c1..r2c2): a != b"),
        "and(r1c1 != r1c2, r1c1 != r2c1, r1c2 != r2c2, r2c1 != r2c2)"
    );
    assert_eq!(
        tree("for (a, b) in diagonal(r1c1..r2c2): a != b"),
        "and(r1c1 != r2c2, r1c2 != r2c1)"
    );
    assert_eq!(ground("for (a, b) in king(grid): a != b").cells.len(), 81);
    let g = ground("for (a, b) in knight(grid): a != b");
    let BoolKind::And(items) = &g.root.kind else {
        panic!()
    };
    // 8 x 7 places for each of the four move shapes.
    assert_eq!(items.len(), 4 * 8 * 7);
    assert_eq!(
        tree("for s in segments([r1c2, r1c3, r1c4, r2c4]): sum(s) = 5"),
        "and(sum(r1c2, r1c3) = 5, sum(r1c4, r2c4) = 5)"
    );
    assert_eq!(
        tree("distinct(main_diagonal[1..2]) and distinct(anti_diagonal[1..2])"),
        "and(distinct(r1c1, r2c2), distinct(r9c1, r8c2))"
    );
    assert_eq!(
        tree("first(reverse(col(2))) + last(block(9)) + centre(box(5)) + center(region(1)) = 4"),
        "and(sum(r9c2, r9c9, r5c5, r2c2) = 4)"
    );
    assert_eq!(
        tree("len(rows) + len(cols[2]) + len(blocks) + len(column(1)) = 36"),
        "and()"
    );
    assert_eq!(
        tree("for c in drop(filter(c in grid: c.block = 5 and c.place > 6), 1): c = 1"),
        "and(r6c5 = 1, r6c6 = 1)"
    );
    assert_eq!(
        tree("for c in r4c4..r4c6: c.row = 4 and c.block = 5 and c.place = c.col - 3"),
        "and()"
    );
}

#[test]
fn places_follow_jigsaw_blocks() {
    let size = Size::from_side(4).expect("4x4");
    // Blocks: the columns pairs, in an irregular order.
    let layout = vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 2, 2, 3, 3, 2];
    let shape = Shape::irregular(size, layout).expect("a layout");
    let g = ground_on(&shape, "for c in block(3): c.place = 1 implies c = 4").expect("grounds");
    assert_eq!(sb(&g.root), "and(r3c1 = 4)");
    let g = ground_on(
        &shape,
        "r3c4.block = 3 and r3c4.place = 2 and r4c4.place = 4",
    )
    .expect("grounds");
    assert_eq!(sb(&g.root), "and()");
}

#[test]
fn regular_expressions_and_automata() {
    let g = ground("matches(row(1)[1..3], \"1[2-8]*9\")");
    assert_eq!(sb(&g.root), "and(regular([r1c1, r1c2, r1c3], 3 states))");
    assert_eq!(tree("matches([1, 5, 9], \"1[2-8]*9\")"), "and()");
    assert_eq!(tree("matches([1, 9, 9], \"1[2-8]*9\")"), "and(false)");
    let parity = "automaton { start even accept even \
                  even -> odd on {1, 3, 5, 7, 9} odd -> even on {1, 3, 5, 7, 9} \
                  even -> even on {2, 4, 6, 8} odd -> odd on [2, 4, 6, 8] }";
    assert_eq!(
        tree(&format!("matches([r1c1, r1c2], {parity})")),
        "and(regular([r1c1, r1c2], 2 states))"
    );
    assert_eq!(tree(&format!("matches([1, 3, 2], {parity})")), "and()");
    let e = fails("matches(row(1), \"12[3-<10>]\")");
    assert!(matches!(e.kind, LangErrorKind::OutOfRange(_)));
    // The span is the faulty digit inside the string.
    assert_eq!((e.span.start, e.span.end), (22, 26));
}
