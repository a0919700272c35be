//! The text pasted into the page: its first puzzle, read as the CLI reads
//! a file, how many puzzles it holds, and any one of them as a link.
//!
//! A single pasted line (a link, a puzzle line) has no lines to tell
//! apart, so its errors say what is wrong without `line 1:`.

use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

use sudoku_sat::formats::fpuzzles::link;
use sudoku_sat::formats::text::{Format, ParseError, ParseErrorKind, Puzzle as Read, Puzzles};
use sudoku_sat::puzzle::Puzzle;

/// The most puzzles of a pasted text that the page lists by label.
pub const MOST_LABELLED: usize = 1_000;

/// Returns the reader's puzzles of `text`, read as a rules file when the
/// reader says it looks like one (a pasted rules file has no file name to
/// tell it by).
fn puzzles(text: &str) -> impl Iterator<Item = Result<Read, ParseError>> + '_ {
    let rules = matches!(
        Puzzles::new(text.as_bytes(), Format::Auto).next(),
        Some(Err(e)) if e.kind() == &ParseErrorKind::LooksLikeRules
    );
    let format = if rules { Format::Rules } else { Format::Auto };
    Puzzles::new(text.as_bytes(), format)
}

/// Returns the reader's message for `error`: without its location when
/// `text` is one line.
fn message(text: &str, error: &ParseError) -> String {
    if text.lines().count() <= 1 {
        error.kind().to_string()
    } else {
        error.to_string()
    }
}

/// Reads the first puzzle of `text`, or returns the reader's message.
pub(crate) fn first_puzzle(text: &str) -> Result<(Puzzle, Vec<String>), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("nothing to read: paste a puzzle or a link".into());
    }
    match puzzles(text).next() {
        Some(Ok(read)) => Ok((read.puzzle, read.ignored)),
        Some(Err(e)) => Err(message(text, &e)),
        None => Err("no puzzle found".into()),
    }
}

/// Returns what the text holds beyond its first puzzle: `count` (the
/// puzzles and unreadable puzzles, each one entry) and `labels` (the
/// first [`MOST_LABELLED`] entries' labels, an unreadable one as its
/// error).
pub(crate) fn listed(text: &str) -> Value {
    let mut count = 0usize;
    let mut labels = Vec::new();
    for read in puzzles(text.trim()) {
        if count < MOST_LABELLED {
            labels.push(match read {
                Ok(read) => format!("{} (line {})", read.label, read.line),
                Err(e) => format!("unreadable: {e}"),
            });
        }
        count += 1;
    }
    json!({ "count": count, "labels": labels })
}

/// Returns puzzle `k` (0-based) of the text as an f-puzzles link, for the
/// page to solve it alone: `{"link": ...}`, or `{"error": ...}`.
#[wasm_bindgen]
pub fn nth(text: &str, k: usize) -> String {
    let answer = match puzzles(text.trim()).nth(k) {
        Some(Ok(read)) => json!({ "link": link(&read.puzzle, None, None) }),
        Some(Err(e)) => json!({ "error": e.to_string() }),
        None => json!({ "error": format!("the text holds no puzzle {}", k + 1) }),
    };
    answer.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(json: &str) -> Value {
        serde_json::from_str(json).expect("every answer is JSON")
    }

    #[test]
    fn a_single_link_is_named_without_a_line() {
        let error = first_puzzle("https://sudokupad.app/4xt7zf6q9h").unwrap_err();
        assert!(error.starts_with("a SudokuPad link"), "{error}");
        assert!(error.contains("f-puzzles"), "{error}");
        let error = first_puzzle("12x4\n....\n").unwrap_err();
        assert!(error.starts_with("line 1"), "{error}");
    }

    #[test]
    fn several_puzzles_are_counted_and_each_can_be_had() {
        let text = "1...........3..2\n.2..............\n";
        let listed = listed(text);
        assert_eq!(listed["count"], 2);
        assert_eq!(listed["labels"].as_array().unwrap().len(), 2);
        let second = parsed(&nth(text, 1));
        let (puzzle, _) = first_puzzle(second["link"].as_str().unwrap()).unwrap();
        let (expected, _) = first_puzzle(".2..............").unwrap();
        assert_eq!(puzzle, expected);
        assert!(parsed(&nth(text, 2))["error"].is_string());
    }
}
