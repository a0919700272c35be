//! Regression, issue 32 bug 5: the links of puzzles made from a template
//! (`generate TEMPLATE -o fpuzzles`, the `fpuzzles` field of `-o json`)
//! show the template's title, author, rules text, drawings, cell colours
//! and solver settings; what cannot go with a new puzzle is named in one
//! note.

use serde_json::{Value, json};

use sudoku_sat::formats::fpuzzles;

use crate::common::{WINDOKU, run_cli, temp_file};

/// A 4×4 f-puzzles template: an anti-diagonal, a killer cage drawn in a
/// colour, a free line, text, a shaftless arrow circle, a coloured cell,
/// a solver's pencil marks, the setter's text and settings, a solution.
fn template() -> Value {
    let mut grid = vec![vec![json!({}); 4]; 4];
    grid[0][0] = json!({"c": "#FF0000"});
    grid[1][1] = json!({"centerPencilMarks": [1, 2]});
    json!({
        "size": 4,
        "title": "Lines and cages",
        "author": "A. Setter",
        "ruleset": "Normal sudoku rules apply. The line is only a drawing.",
        "disabledlogic": ["Tuples"],
        "truecandidatesoptions": ["Colored"],
        "grid": grid,
        "diagonal+": true,
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3", "outlineC": "#00FF00"}],
        "line": [{"lines": [["R3C1", "R3C2", "R4C3"]], "outlineC": "#CFCFCF", "width": 0.5}],
        "text": [{"cells": ["R4C4"], "value": "?", "fontC": "#000000", "size": 0.5}],
        "arrow": [{"cells": ["R2C4"], "lines": []}],
        "solution": [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
    })
}

/// Returns the f-puzzles JSON of a link.
fn json_of(link: &str) -> Value {
    let payload = fpuzzles::payload_of(link).expect("an f-puzzles link");
    serde_json::from_str(&fpuzzles::decode_payload(payload).unwrap()).unwrap()
}

#[test]
fn generated_links_keep_the_templates_text_drawings_and_settings() {
    // The template file: the JSON compressed as f-puzzles does.
    let payload = lz_str::compress_to_base64(template().to_string().as_str());
    let text = format!("https://www.f-puzzles.com/?load={payload}\n");
    let (_dir, path) = temp_file("template.txt", text.as_bytes());
    let path = path.to_str().unwrap();
    let run = run_cli(&["generate", path, "-o", "fpuzzles", "--seed", "3"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let made = json_of(run.stdout.trim());
    let kept = template();
    for key in [
        "title",
        "author",
        "ruleset",
        "disabledlogic",
        "truecandidatesoptions",
        "line",
        "text",
    ] {
        assert_eq!(made[key], kept[key], "{key}");
    }
    // The shaftless circle is drawn again; the cage and the diagonal are
    // the model's own, written anew.
    assert_eq!(made["arrow"], kept["arrow"]);
    assert_eq!(made["diagonal+"], json!(true));
    assert_eq!(made["killercage"][0]["cells"], json!(["R1C1", "R1C2"]));
    assert_eq!(made["grid"][0][0]["c"], json!("#FF0000"));
    // A solver's marks and the template's solution belong to another
    // puzzle: left out, and said so in one note.
    assert!(made["grid"][1][1].get("centerPencilMarks").is_none());
    assert!(made.get("solution").is_none());
    let notes: Vec<&str> = (run.stderr.lines())
        .filter(|l| l.contains("leave out"))
        .collect();
    assert_eq!(notes.len(), 1, "{}", run.stderr);
    for dropped in [
        "centerPencilMarks at r2c2",
        "'killercage' entries",
        "its solution",
    ] {
        assert!(notes[0].contains(dropped), "{dropped}: {}", notes[0]);
    }
    // The JSON record's link is the same link.
    let run = run_cli(&["generate", path, "-o", "json", "--seed", "3"], b"");
    let record: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(json_of(record["fpuzzles"].as_str().unwrap()), made);
}

#[test]
fn generated_links_keep_a_rules_files_title_and_author() {
    let run = run_cli(&["generate", WINDOKU, "-o", "fpuzzles"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let made = json_of(run.stdout.trim());
    assert_eq!(made["title"], json!("Windoku"));
    assert_eq!(made["author"], json!("sudoku-sat"));
    assert!(!run.stderr.contains("leave out"), "{}", run.stderr);
}
