//! Tests of the regular expressions, against a plain matcher of their definitions.

use std::collections::BTreeSet;

use super::*;

/// Whether the automaton accepts `word`, by following every path.
pub(crate) fn accepts(a: &Automaton, word: &[i64]) -> bool {
    let mut current = BTreeSet::from([a.start]);
    for &symbol in word {
        current = a
            .transitions
            .iter()
            .filter(|t| current.contains(&t.from) && t.on.contains(&symbol))
            .map(|t| t.to)
            .collect();
    }
    current.iter().any(|&s| a.accepting[s as usize])
}

fn re(pattern: &str, side: usize) -> Automaton {
    compile(pattern, Span::default(), side).expect("compiles")
}

fn words(side: i64, len: usize) -> Vec<Vec<i64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|w| {
                (1..=side).map(move |d| {
                    let mut w = w.clone();
                    w.push(d);
                    w
                })
            })
            .collect();
    }
    all
}

/// A plain matcher of the parsed expression, by the definition of each
/// operator: the set of ends reachable from `start`.
fn ends(re: &Re, word: &[i64], start: usize) -> BTreeSet<usize> {
    match re {
        Re::Digits(mask) => match word.get(start) {
            Some(&d) if mask >> (d - 1) & 1 == 1 => BTreeSet::from([start + 1]),
            _ => BTreeSet::new(),
        },
        Re::Concat(items) => items.iter().fold(BTreeSet::from([start]), |at, item| {
            at.iter().flat_map(|&s| ends(item, word, s)).collect()
        }),
        Re::Alt(items) => items.iter().flat_map(|i| ends(i, word, start)).collect(),
        Re::Repeat(inner, min, max) => {
            let mut result = BTreeSet::new();
            let mut at = BTreeSet::from([start]);
            let limit = max.unwrap_or(u32::try_from(word.len()).unwrap_or(0) + *min);
            for k in 0..=limit {
                if k >= *min {
                    result.extend(at.iter().copied());
                }
                at = at.iter().flat_map(|&s| ends(inner, word, s)).collect();
                if at.is_empty() {
                    break;
                }
            }
            result
        }
    }
}

fn reference(pattern: &str, side: usize, word: &[i64]) -> bool {
    let mut p = Parser {
        text: pattern,
        pos: 0,
        base: Span::default(),
        side,
        depth: 0,
    };
    let re = p.alternation().expect("parses");
    ends(&re, word, 0).contains(&word.len())
}

#[test]
fn simple_words() {
    let a = re("1[2-8]*9", 9);
    assert!(accepts(&a, &[1, 9]));
    assert!(accepts(&a, &[1, 2, 5, 8, 9]));
    assert!(!accepts(&a, &[1, 9, 9]));
    assert!(!accepts(&a, &[1, 1, 9]));
    assert!(!accepts(&a, &[2, 9]));
    assert!(!accepts(&a, &[]));
    let a = re("<10>.<12>", 16);
    assert!(accepts(&a, &[10, 16, 12]));
    assert!(!accepts(&a, &[10, 12]));
    let a = re("[^59]+", 9);
    assert!(accepts(&a, &[1, 2, 3]));
    assert!(!accepts(&a, &[1, 5]));
    let a = re("[<10>-<16>]{2}", 16);
    assert!(accepts(&a, &[10, 16]));
    assert!(!accepts(&a, &[9, 16]));
    assert!(!accepts(&a, &[10, 11, 12]));
    let a = re("", 9);
    assert!(accepts(&a, &[]));
    assert!(!accepts(&a, &[1]));
}

#[test]
fn agrees_with_the_definition_on_every_short_word() {
    let patterns = [
        "1[2-3]*4",
        "(12|21)+",
        "1?2?3?",
        ".{2}",
        ".{1,3}",
        "(1|2){2,}",
        "((1|2)3)*|4+",
        "[^2-3]*",
        "(1*2*)*3",
        "(|1)(2|)",
        "1{0}2",
        "(.)(.)?(4|1{2,3})",
    ];
    let all: Vec<Vec<i64>> = (0..=5).flat_map(|n| words(4, n)).collect();
    for pattern in patterns {
        let a = re(pattern, 4);
        for w in &all {
            assert_eq!(
                accepts(&a, w),
                reference(pattern, 4, w),
                "{pattern} on {w:?}"
            );
        }
    }
}

#[test]
fn the_automaton_is_small() {
    // A run of any digits then 9: the minimal automaton has 2 states.
    let a = re("(.)*9", 9);
    assert_eq!(a.states, 2);
    // Transitions are merged per pair of states; symbols ascend.
    assert!(
        a.transitions
            .iter()
            .all(|t| t.on.windows(2).all(|w| w[0] < w[1]))
    );
    let a = re(".{0,8}", 9);
    assert!(a.states <= 9);
}

fn error(pattern: &str, side: usize) -> (LangErrorKind, u32, u32) {
    // The string token starts at byte 10 of source 2: contents at 11.
    let string = Span {
        source: 2,
        start: 10,
        end: 12 + pattern.len() as u32,
    };
    let e = compile(pattern, string, side).unwrap_err();
    assert_eq!(e.span.source, 2);
    (e.kind, e.span.start - 11, e.span.end - 11)
}

#[test]
fn errors_point_inside_the_string() {
    let (kind, s, e) = error("12<10>", 9);
    assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
    assert_eq!((s, e), (2, 6));
    let (kind, s, e) = error("10", 9);
    assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
    assert_eq!((s, e), (1, 2));
    // A number past u64 is quoted as written, not as u64::MAX.
    let (kind, _, _) = error("<99999999999999999999>", 9);
    assert_eq!(
        kind,
        LangErrorKind::OutOfRange("99999999999999999999 is not a digit of a 9x9 grid".into())
    );
    let (kind, s, _) = error("1(2", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!(s, 3);
    let (kind, s, _) = error("12)", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!(s, 2);
    let (kind, s, _) = error("*1", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!(s, 0);
    let (kind, s, e) = error("[5-3]", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!((s, e), (1, 4));
    let (kind, s, _) = error("[1-4", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!(s, 0);
    let (kind, ..) = error("[^1-4]", 4);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    let (kind, ..) = error("1{3,2}", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    let (kind, ..) = error("1{2000}", 9);
    assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
    // Too many positions: the whole string is to blame.
    let string = Span {
        source: 2,
        start: 10,
        end: 29,
    };
    let e = compile("(.{1,999}){1,999}", string, 9).unwrap_err();
    assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
    assert_eq!(e.span, string);
    let (kind, s, e) = error("1 2", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!((s, e), (1, 2));
    let (kind, ..) = error(&"(".repeat(300), 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    // A character of several bytes is blamed whole.
    let (kind, s, e) = error("1<é>", 9);
    assert!(matches!(kind, LangErrorKind::Syntax(_)));
    assert_eq!((s, e), (2, 4));
}

/// A nullable expression repeated many times: its position automaton has
/// a transition from every position to every later one. Those whose
/// subset construction is small compile to it; the others are refused by
/// the transitions they would make, before they are built in full.
#[test]
fn nullable_repeats_determinise_or_are_refused() {
    for pattern in ["(.*){600}", "(.*.*){400}"] {
        let a = re(pattern, 4);
        assert_eq!(a.states, 1, "{pattern}");
        for word in words(4, 3) {
            assert!(accepts(&a, &word), "{pattern} {word:?}");
        }
    }
    // Words of up to 800 digits: a chain of 801 states.
    let a = re("(.?){800}", 4);
    assert_eq!((a.states, a.transitions.len()), (801, 800));
    // Words of 1s and 2s with at most 300 descents: a few states for
    // each of the 600 digits.
    let a = re("(1?2?){300}", 4);
    assert!(a.transitions.len() <= 2 * 600, "{}", a.transitions.len());
    assert!(accepts(&a, &[1, 2, 2, 1]));
    assert!(!accepts(&a, &[3]));
    for pattern in ["(.*.*){1000}", "(1|.*){1000}"] {
        let e = compile(pattern, Span::default(), 4).unwrap_err();
        assert!(
            matches!(
                e.kind,
                LangErrorKind::TooLarge {
                    what: "regular expression transitions",
                    ..
                }
            ),
            "{pattern}: {e}"
        );
    }
}
