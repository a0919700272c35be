//! Malformed and mutated puzzles: errors, never panics, and what reads round-trips.

use super::*;
use crate::grid::{Digit, Grid};

#[test]
fn malformed_puzzles_are_errors_never_panics() {
    let grid4 = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    for text in [
        "",
        "[]",
        "{}",
        r#"{"size": 3}"#,
        r#"{"size": 65, "grid": []}"#,
        r#"{"size": "nine"}"#,
        r#"{"size": 4, "grid": [[]]}"#,
        &format!(r#"{{"size": 4, "grid": {grid4}, "extraregion": [{{"cells": ["R5C1"]}}]}}"#),
        &format!(
            r#"{{"size": 4, "grid": {grid4}, "extraregion": [{{"cells": ["R1C1","R1C1"]}}]}}"#
        ),
        &format!(r#"{{"size": 4, "grid": {grid4}, "even": [{{"cell": 3}}]}}"#),
        &format!(r#"{{"size": 4, "grid": {grid4}, "antiknight": 1}}"#),
        // A flag is true or false; an empty list is neither.
        &format!(r#"{{"size": 4, "grid": {grid4}, "diagonal+": []}}"#),
        &format!(r#"{{"size": 4, "grid": {grid4}, "antiking": []}}"#),
        r#"{"size": 4, "grid": [[{"value": 5, "given": true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
        r#"{"size": 4, "grid": [[{"region": 7},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
        r#"{"size": 4, "grid": [[{"region": 1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#,
    ] {
        assert!(from_json(text).is_err(), "{text}");
    }
    // A field these keys do not read would be a rule ignored: refused by
    // name. Colours and sizes only draw.
    for (entry, field) in [
        (r#""even": [{"cell": "R1C2", "cells": ["R1C1"]}]"#, "cells"),
        (r#""odd": [{"cell": "R1C1", "foo": "bar"}]"#, "foo"),
        (
            r#""extraregion": [{"cells": ["R1C1", "R2C2"], "value": "5"}]"#,
            "value",
        ),
    ] {
        let text = format!(r#"{{"size": 4, "grid": {grid4}, {entry}}}"#);
        let error = from_json(&text).unwrap_err().to_string();
        assert!(
            error.contains(&format!("takes no field '{field}'")),
            "{error}"
        );
        let drawn = entry.replace(&format!(r#""{field}""#), r#""outlineC""#);
        let text = format!(r#"{{"size": 4, "grid": {grid4}, {drawn}}}"#);
        assert!(from_json(&text).is_ok(), "{drawn}");
    }
    for line in [
        "N4Ig",
        "N4Ig!!!",
        "N4IgAAAAAAAAAAAAAAAA",
        "https://www.f-puzzles.com/?load=",
        "N4Ig%ZZ",
    ] {
        assert!(read(line).is_err(), "{line}");
    }
    let long = format!("N4Ig{}", "A".repeat(MAX_PAYLOAD));
    assert!(matches!(read(&long), Err(FpuzzlesError::TooLong { .. })));
    // Bytes that are not base64 are refused before decompression.
    assert_eq!(decode_payload("N4Ig é"), Err(FpuzzlesError::NotCompressed));
}

#[test]
fn a_written_rule_is_blamed_on_one_line_at_its_place() {
    let grid4 = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let message = |rule: &str| {
        let text = format!(r#"{{"size": 4, "grid": {grid4}, "rule": [{rule}]}}"#);
        from_json(&text).unwrap_err().to_string()
    };
    // A rule of several lines is named by its first and placed by line
    // and column within its text.
    let e = message(r#"{"holds": "for a in row(1):\n   a <<< 2"}"#);
    assert!(!e.contains('\n'), "one line: {e}");
    assert!(
        e.contains("rule 'for a in row(1):…' ('holds' line 2, column 7)"),
        "{e}"
    );
    // An error in `define` is placed there; the rule goes by its name.
    let e = message(r#"{"name": "mine", "holds": "f(row(1))", "define": "def f(g):\n  g"}"#);
    assert!(e.contains("rule 'mine' ('define' line 1, column 9)"), "{e}");
    // A long one-line rule is cut in the name, placed by column.
    let long = format!("{} and y", ["sum(row(1)) = 10"; 8].join(" and "));
    let e = message(&format!(r#"{{"holds": "{long}"}}"#));
    assert!(e.contains("…' ('holds' column 169)"), "{e}");
    assert!(e.len() < 200, "{e}");
}

#[test]
fn mutated_puzzles_never_panic_and_what_reads_round_trips() {
    let mut givens = Grid::empty(Size::NINE);
    givens.set(cell(0, 0), Digit::new(5));
    let puzzle = Puzzle::new(givens)
        .with(Constraint::AntiKing(AntiKing))
        .with(Constraint::ExtraRegion(ExtraRegion {
            cells: vec![cell(1, 1), cell(2, 2)],
        }));
    let json = to_json(&puzzle, Some(&Shown::titled("t")), None).to_string();
    let url = link(&puzzle, None, None);
    // A small linear congruential generator: the same cases every run.
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let alphabet = b"{}[]\",:0123456789RCrcgivenregiontrufalsxyz+-/= \n";
    for _ in 0..2_000 {
        for base in [&json, &url] {
            let mut bytes = base.as_bytes().to_vec();
            for _ in 0..1 + next() % 4 {
                let at = next() % bytes.len();
                match next() % 3 {
                    0 => bytes[at] = alphabet[next() % alphabet.len()],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, alphabet[next() % alphabet.len()]),
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            let read_back = if base == &json {
                from_json(&text)
            } else {
                read(&text)
            };
            if let Ok(imported) = read_back {
                let again = read(&link(&imported.puzzle, None, None)).unwrap();
                assert_eq!(again.puzzle.givens(), imported.puzzle.givens());
                assert_eq!(again.puzzle.shape(), imported.puzzle.shape());
            }
        }
    }
}
