//! Limits: the node budget, deep rules, and token soup.

use std::time::{Duration, Instant};

use super::*;

#[test]
fn the_node_limit_stops_a_huge_rule_fast() {
    let shape = Shape::square(Size::from_side(64).expect("64x64"));
    let rule = "for a in grid: for b in grid: for c in grid: a + b != c";
    let start = Instant::now();
    let e = Library::catalogue()
        .ground("holds", rule, &shape, &Limits::default())
        .unwrap_err();
    let took = start.elapsed();
    let LangErrorKind::TooLarge {
        what,
        estimate,
        limit,
    } = e.kind
    else {
        panic!("{e}")
    };
    assert_eq!(what, "nodes");
    assert_eq!(limit, 5_000_000);
    // The estimate extrapolates the loops: 4096³ instances, 4 nodes each.
    assert!(estimate > 4096u64.pow(3), "{estimate}");
    assert_eq!((e.span.start, e.span.end), (0, rule.len() as u32));
    assert!(took < Duration::from_secs(30), "took {took:?}");
    // A count past u64 is said in words, not as 18446744073709551615.
    let saturated = LangErrorKind::TooLarge {
        what: "clauses",
        estimate: u64::MAX,
        limit: 2_000_000,
    };
    assert_eq!(
        saturated.to_string(),
        "the rule would make more clauses than can be counted, more than the limit of 2000000"
    );

    let small = Limits { nodes: 100 };
    let e = Library::catalogue()
        .ground(
            "holds",
            "for (a, b) in pairs(grid): a != b",
            &nine(),
            &small,
        )
        .unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
    let e = Library::catalogue()
        .ground("holds", "for i in 1..1000000000000: true", &nine(), &small)
        .unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
    let e = Library::catalogue()
        .ground("holds", "1 in {1..1000000000000}", &nine(), &small)
        .unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
    let e = Library::catalogue()
        .call("antiknight", &[], &nine(), &small)
        .unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
}

#[test]
fn deep_rules_do_not_overflow_the_stack() {
    // Nesting the parser accepts grounds, or fails with an error.
    // Each level here is two of the parser's: an operator and a bracket.
    for levels in [95, 150] {
        let ok = levels < 100;
        let deep = format!("{}r1c1{} = 1", "-(".repeat(levels), ")".repeat(levels));
        assert_eq!(ground_on(&nine(), &deep).is_ok(), ok);
        let deep = format!("{}r1c1 = 1{}", "not (".repeat(levels), ")".repeat(levels));
        assert_eq!(ground_on(&nine(), &deep).is_ok(), ok);
        let deep = format!("{}r1c1{} = 1", "abs(".repeat(levels), ")".repeat(levels));
        assert_eq!(ground_on(&nine(), &deep).is_ok(), ok);
    }
    // A long chain of definitions, each calling the next.
    let mut text = String::from("def d0(x) = x + 1\n");
    for i in 1..300 {
        text += &format!("def d{i}(x) = -(d{}(x)) + 1\n", i - 1);
    }
    let lib = Library::catalogue()
        .extend("define", &text)
        .expect("extends");
    let e = lib
        .ground("holds", "d299(r1c1) = 1", &nine(), &Limits::default())
        .unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::Invalid(_)), "{e}");
    assert!(
        lib.ground("holds", "d50(r1c1) = 1", &nine(), &Limits::default())
            .is_ok()
    );
}

/// A small deterministic generator (64-bit linear congruential).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Rules that ground, for the soup below to mutate.
const SEEDS: &[&str] = &[
    "for (a, b) in consecutive(row(1)): a < b",
    "sum(x in take(row(1), r1c1): x) = 10",
    "thermometer([r1c1, r1c2, r1c3])",
    "matches(row(2), \"1[2-8]*9\")",
    "for w in windows(col(3), 3): distinct(x in w: x mod 3)",
    "count(c in block(5): c in {1, 3, 5..7}) = 2",
    "if r1c1 > 5 then r1c2 = 1 else r1c3 = 1",
    "row(r1c1.row)[r1c1] = r1c1.col",
    "(r1c1, r1c2) in {(1, 2), (2, 4)}",
    "some c in grid: c = 9 and c.place = 1",
    "for (a, b) in knight(r1c1..r3c3): a != b",
    "number([r1c1, r1c2]) = sum(r2c1..r2c3)",
    "killercage(path(r1c1, r1c3), 10) and xsum(row(4), 15)",
    "for (s, t) in consecutive(segments(path(r1c1, r1c4))): sum(s) = sum(t)",
    "min(r1c1, r1c2) < max(x in row(1): abs(x - 5))",
    "matches([r1c1, r1c2], automaton { start a accept b a -> b on {1, 2} b -> b on 1..4 })",
    "zipperline(r4c1..r4c4) and lockout([r1c1, r2c2, r3c3])",
    "for p in 1..size: distinct(filter(c in grid: c.place = p))",
    "numberedroom(reverse(row(1)), 3) implies not (r1c1 = 2 xor r1c2 = 3)",
    "distinct(take(col(1), r1c1)) and sandwichsum(row(3), 4)",
    "for (a, b) in zip(first(rows), last(cols)): a - b != 1 iff size / 2 = b",
    "count(i in 1..len(grid) / 9: for j in 1..i - 1: row(1)[j] < row(1)[i]) = 2",
];

/// Words the soup draws from.
const WORDS: &[&str] = &[
    "for",
    "some",
    "in",
    ":",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "x",
    "L",
    "(a, b)",
    "a",
    "r1c1",
    "r2c3",
    "r4c4",
    "r10c1",
    "0",
    "1",
    "2",
    "3",
    "9",
    "-",
    "+",
    "*",
    "/",
    "mod",
    "=",
    "!=",
    "<",
    ">=",
    "..",
    ".",
    "row",
    "place",
    "col",
    "block",
    "sum",
    "count",
    "distinct",
    "min",
    "take",
    "drop",
    "windows",
    "consecutive",
    "mirrored",
    "pairs",
    "king",
    "zip",
    "path",
    "segments",
    "filter",
    "first",
    "last",
    "centre",
    "len",
    "reverse",
    "number",
    "matches",
    "\"1[2-3]*\"",
    "\"(\"",
    "abs",
    "grid",
    "rows",
    "size",
    "if",
    "then",
    "else",
    "and",
    "or",
    "not",
    "implies",
    "iff",
    "xor",
    "true",
    "false",
    "thermometer",
    "killercage",
    "xsum",
    "entropy",
    "automaton",
    "->",
    "on",
];

/// Words that can stand for one another in a well-formed rule.
const KINDS: &[&[&str]] = &[
    &["0", "1", "2", "3", "4", "9", "10", "100000000000"],
    &["r1c1", "r2c3", "r4c4", "r9c9", "r10c1", "r3c2"],
    &[
        "row",
        "col",
        "block",
        "len",
        "first",
        "last",
        "centre",
        "reverse",
        "segments",
        "consecutive",
        "mirrored",
        "pairs",
        "orthogonal",
        "king",
        "knight",
        "abs",
        "number",
        "sum",
        "min",
        "max",
        "count",
        "distinct",
        "take",
        "drop",
        "zip",
        "windows",
        "matches",
        "path",
        "thermometer",
        "renban",
        "entropy",
        "xsum",
    ],
    &["+", "-", "*", "/", "mod"],
    &["=", "!=", "<", "<=", ">", ">=", "in"],
    &["and", "or", "implies", "iff", "xor"],
    &[
        "grid",
        "rows",
        "cols",
        "blocks",
        "size",
        "main_diagonal",
        "a",
        "b",
        "x",
        "c",
    ],
];

/// Cuts a text into the texts of its tokens.
fn words(text: &str) -> Vec<String> {
    crate::lang::syntax::lex(text, 0)
        .map(|l| {
            l.tokens
                .iter()
                .map(|t| text[t.span.start as usize..t.span.end as usize].to_string())
                .filter(|w| !w.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn token_soup_never_panics() {
    let shapes = [
        Shape::square(Size::from_side(4).expect("4x4")),
        Shape::square(Size::NINE),
        Shape::square(Size::from_side(6).expect("6x6")),
    ];
    let lib = Library::catalogue();
    let limits = Limits { nodes: 20_000 };
    let mut rng = Lcg(7);
    let mut grounded = 0;
    for round in 0..6000 {
        // Mutate a rule that grounds: replace, delete, repeat or insert a
        // few tokens; every so often, pure soup.
        let mut toks = if round % 10 == 0 {
            Vec::new()
        } else {
            words(SEEDS[rng.below(SEEDS.len())])
        };
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(toks.len() + 1);
            let word = WORDS[rng.below(WORDS.len())].to_string();
            match rng.below(6) {
                0 if at < toks.len() => toks[at] = word,
                4 | 5 if at < toks.len() => {
                    // A word of the same kind: the rule stays well formed
                    // more often, and grounding gets to see it.
                    if let Some(kind) = KINDS.iter().find(|k| k.contains(&toks[at].as_str())) {
                        toks[at] = kind[rng.below(kind.len())].to_string();
                    }
                }
                1 if at < toks.len() => {
                    toks.remove(at);
                }
                2 if at < toks.len() => {
                    let copy = toks[at].clone();
                    toks.insert(at, copy);
                }
                _ => toks.insert(at, word),
            }
        }
        let rule = toks.join(" ");
        let shape = &shapes[round % shapes.len()];
        if lib.ground("holds", &rule, shape, &limits).is_ok() {
            grounded += 1;
        }
        if round % 5 == 0 {
            let _ = lib.extend("define", &format!("def f(x, L) = {rule}"));
        }
    }
    // Most mutants are wrong, but many get through to grounding.
    assert!(grounded > 300, "{grounded}");
}
