//! The board as a workbench: a blank puzzle of any shape, the puzzle the
//! page edits written back as links and a rules file, and its solutions
//! listed for stepping through.
//!
//! The page keeps the puzzle it edits as f-puzzles JSON (the `fpuzzles`
//! of every answer): an edit changes that JSON and hands it to [`share`],
//! so the library's reader, not the page, decides what the puzzle is.

use serde_json::json;
use wasm_bindgen::prelude::wasm_bindgen;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::fpuzzles::{from_json, link, payload_of, to_json};
use sudoku_sat::formats::rules_file::{self, RulesFileError, read_extra};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::shape::Shape;
use sudoku_sat::solve::count::list_solutions;

use crate::{drawn, line_of, with_puzzle};

/// The most solutions [`solutions`] lists: each is kept as a line, so the
/// page's memory grows with the cap (4,096 lines of a 64×64 grid are
/// about 50 MB of text).
pub const MOST_LISTED: usize = 4_096;

/// Returns an empty puzzle of side `side` (4 to 64) with blocks of
/// `rows` × `cols` cells as `{"fpuzzles": ...}`, or `{"error": ...}`
/// naming what does not fit.
#[wasm_bindgen]
pub fn blank(side: usize, rows: usize, cols: usize) -> String {
    let answer = Size::from_side(side)
        .ok_or_else(|| format!("a side of {side} is not supported: pick 4 to 64"))
        .and_then(|size| Shape::with_blocks(size, rows, cols).map_err(|e| e.to_string()))
        .map(|shape| to_json(&Puzzle::new(Grid::empty(shape)), None, None));
    match answer {
        Ok(fpuzzles) => json!({ "fpuzzles": fpuzzles }),
        Err(message) => json!({ "error": message }),
    }
    .to_string()
}

/// Reads the f-puzzles JSON the page edits and returns what [`read`]
/// returns for drawing (the JSON as the library writes it back included),
/// with the puzzle written out: `payload` (the f-puzzles payload, for the
/// page's `?p=`), `link` (f-puzzles), `sudokupad` and `rules_file` (the
/// rules file `solve` reads). Bad JSON is `{"error": ...}`.
///
/// [`read`]: crate::read
#[wasm_bindgen]
pub fn share(json_text: &str) -> String {
    let imported = match from_json(json_text) {
        Ok(imported) => imported,
        Err(e) => return json!({ "error": e.to_string() }).to_string(),
    };
    let puzzle = &imported.puzzle;
    // What the puzzle shows beyond its rules (title, author, rules text,
    // drawings, solver settings) goes back into every link as it came.
    let shown = Some(&imported.shown);
    let url = link(puzzle, shown, None);
    let payload = payload_of(&url).unwrap_or_default().to_string();
    let mut answer = drawn(puzzle, imported.cosmetic.clone());
    answer["fpuzzles"] = to_json(puzzle, shown, None);
    answer["payload"] = json!(payload);
    answer["sudokupad"] = json!(format!("https://sudokupad.app/fpuzzles{payload}"));
    answer["link"] = json!(url);
    answer["rules_file"] = json!(rules_file::write(puzzle, &imported.shown.meta()));
    answer.to_string()
}

/// Adds the rules of `rules_text` to the puzzle of the f-puzzles JSON
/// `json_text`: the text is what a rules file holds after its grid, a
/// `define` string of definitions in the rules language and `[[rule]]`
/// tables (`[[constraint]]` tables too), read by the rules file reader.
/// Returns `{"fpuzzles": ...}`, the puzzle with them (the language's
/// rules under the key `rule`, each with its definitions), or
/// `{"error": ...}` with the line and column in `rules_text`.
#[wasm_bindgen]
pub fn add_rules(json_text: &str, rules_text: &str) -> String {
    let imported = match from_json(json_text) {
        Ok(imported) => imported,
        Err(e) => return json!({ "error": e.to_string() }).to_string(),
    };
    let puzzle = &imported.puzzle;
    // The reader needs the grid's size: one line before the text, taken
    // off the line an error names.
    let side = puzzle.shape().side();
    let added = read_extra(&format!("size = {side}\n{rules_text}"))
        .map_err(|e| RulesFileError {
            line: e.line.map(|l| l.saturating_sub(1).max(1)),
            ..e
        })
        .and_then(|extra| {
            extra.add_to(puzzle).map_err(|kind| RulesFileError {
                line: None,
                column: None,
                kind,
            })
        });
    match added {
        Ok(with) => json!({ "fpuzzles": to_json(&with, Some(&imported.shown), None) }),
        Err(e) => json!({ "error": e.to_string() }),
    }
    .to_string()
}

/// Lists up to `limit` solutions (at most [`MOST_LISTED`]) as lines, in
/// the order the solver found them: `solutions`, and `more` (whether the
/// puzzle has more than were listed). Every solution is decoded and
/// checked against every rule, as `solve` does.
#[wasm_bindgen]
pub fn solutions(text: &str, limit: usize) -> String {
    with_puzzle(text, |puzzle, _| {
        let listed = list_solutions(&puzzle, &Encoding::default(), limit.min(MOST_LISTED))
            .map_err(|e| e.to_string())?;
        let lines: Vec<String> = listed.solutions.iter().map(line_of).collect();
        Ok(json!({ "solutions": lines, "more": listed.more }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use sudoku_sat::formats::text::{Format, parse_str};

    fn parsed(json: &str) -> Value {
        serde_json::from_str(json).expect("every answer is JSON")
    }

    #[test]
    fn a_blank_puzzle_has_the_shape_asked_for() {
        let answer = parsed(&blank(6, 3, 2));
        let shared = parsed(&share(&answer["fpuzzles"].to_string()));
        assert_eq!(shared["size"], 6);
        // 3 rows by 2 columns, three blocks a band: r1c3 is in the second
        // block, r3c1 still in the first, r4c1 in the fourth.
        assert_eq!(shared["blocks"][0], 0);
        assert_eq!(shared["blocks"][2], 1);
        assert_eq!(shared["blocks"][12], 0);
        assert_eq!(shared["blocks"][18], 3);
        assert!(shared["givens"].as_array().unwrap().iter().all(|g| g == 0));
        for (side, rows, cols) in [(3, 1, 3), (65, 5, 13), (9, 2, 4)] {
            assert!(parsed(&blank(side, rows, cols))["error"].is_string());
        }
    }

    #[test]
    fn the_shared_puzzle_reads_back_from_each_format() {
        let rules = include_str!("../../tests/data/killer.toml");
        let puzzle = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
        let json = to_json(puzzle, None, None).to_string();
        let shared = parsed(&share(&json));
        for (key, format) in [
            ("payload", Format::Auto),
            ("link", Format::Auto),
            ("sudokupad", Format::Auto),
            ("rules_file", Format::Rules),
        ] {
            let text = shared[key].as_str().unwrap();
            let back = &parse_str(text, format).unwrap()[0].puzzle;
            assert_eq!(back, puzzle, "{key}");
        }
        assert!(parsed(&share("{\"size\": 9"))["error"].is_string());
    }

    #[test]
    fn rules_in_the_language_are_added_or_refused_with_their_place() {
        let empty = parsed(&blank(9, 3, 3))["fpuzzles"].to_string();
        let text = "define = '''\ndef rising(L) = for (a, b) in consecutive(L): a < b\n'''\n\
                    [[rule]]\nholds = \"rising(path(r1c1, r1c3))\"\n";
        let added = parsed(&add_rules(&empty, text));
        let shared = parsed(&share(&added["fpuzzles"].to_string()));
        assert_eq!(shared["rules"].as_array().unwrap().len(), 1);
        let file = shared["rules_file"].as_str().unwrap();
        assert!(file.contains("def rising"), "{file}");
        let bad = parsed(&add_rules(&empty, "[[rule]]\nholds = \"rising(r1c1)\"\n"));
        let message = bad["error"].as_str().unwrap();
        assert!(message.starts_with("line 2, column "), "{message}");
    }

    #[test]
    fn the_listed_solutions_are_the_puzzles_and_capped() {
        let listed = parsed(&solutions("1...............", 1000));
        assert_eq!(listed["more"], false);
        let lines = listed["solutions"].as_array().unwrap();
        assert_eq!(
            lines.len(),
            72,
            "an empty 4x4 has 288 solutions, 72 with r1c1 = 1"
        );
        assert!(lines.iter().all(|l| l.as_str().unwrap().starts_with('1')));
        let capped = parsed(&solutions("1...............", 10));
        assert_eq!(capped["more"], true);
        assert_eq!(capped["solutions"].as_array().unwrap().len(), 10);
    }
}
