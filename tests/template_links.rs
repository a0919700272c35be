//! Regression, issue 32 bug 5: the links of puzzles made from a template
//! (`generate TEMPLATE -o fpuzzles`, the `fpuzzles` field of `-o json`)
//! show the template's title, author, rules text, drawings, cell colours
//! and solver settings; what cannot go with a new puzzle is named in one
//! note. `convert` and `solve -o fpuzzles` carry them the same way.

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
    let (_dir, path) = template_file();
    let path = path.to_str().unwrap();
    let run = run_cli(&["generate", path, "-o", "fpuzzles", "--seed", "3"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let made = json_of(run.stdout.trim());
    assert_shows_the_template(&made);
    assert_one_note(&run.stderr, "leave out");
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

/// Asserts that a link written from the template shows what it showed:
/// its text, drawings, settings and cell colours, and the constraints
/// the model wrote anew; a solver's marks and the template's solution
/// are left out.
fn assert_shows_the_template(made: &Value) {
    let kept = template();
    for key in [
        "title",
        "author",
        "ruleset",
        "disabledlogic",
        "truecandidatesoptions",
        "line",
        "text",
        // The shaftless circle is drawn again.
        "arrow",
    ] {
        assert_eq!(made[key], kept[key], "{key}");
    }
    assert_eq!(made["diagonal+"], json!(true));
    assert_eq!(made["killercage"][0]["cells"], json!(["R1C1", "R1C2"]));
    assert_eq!(made["grid"][0][0]["c"], json!("#FF0000"));
    assert!(made["grid"][1][1].get("centerPencilMarks").is_none());
    assert!(made.get("solution").is_none());
}

/// Asserts that `stderr` holds one note with `marker`, naming each part
/// of the template a link cannot keep: a solver's marks, the colours of
/// entries and the solution grid.
fn assert_one_note(stderr: &str, marker: &str) {
    let notes: Vec<&str> = stderr.lines().filter(|l| l.contains(marker)).collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    for dropped in [
        "centerPencilMarks at r2c2",
        "'killercage' entries",
        "solution grid",
    ] {
        assert!(notes[0].contains(dropped), "{dropped}: {}", notes[0]);
    }
}

/// Writes the template as a link in a file, compressed as f-puzzles
/// does; returns the folder and the path.
fn template_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let payload = lz_str::compress_to_base64(template().to_string().as_str());
    let text = format!("https://www.f-puzzles.com/?load={payload}\n");
    temp_file("template.txt", text.as_bytes())
}

#[test]
fn convert_keeps_what_a_link_shows_and_names_what_it_leaves_out() {
    let (_dir, path) = template_file();
    let path = path.to_str().unwrap();
    let run = run_cli(&["convert", path, "--to", "fpuzzles"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let converted = json_of(run.stdout.trim());
    assert_shows_the_template(&converted);
    assert!(
        run.stderr.contains("drawn in the link as read"),
        "{}",
        run.stderr
    );
    assert_one_note(&run.stderr, "leaves out");
    // The converted link reads back as the same puzzle.
    let again = fpuzzles::read(fpuzzles::payload_of(run.stdout.trim()).unwrap()).unwrap();
    let payload = lz_str::compress_to_base64(template().to_string().as_str());
    assert_eq!(again.puzzle, fpuzzles::read(&payload).unwrap().puzzle);
    // A rules file keeps the title, author and rules text.
    let run = run_cli(&["convert", path, "--to", "rules"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for text in [
        "Lines and cages",
        "A. Setter",
        "The line is only a drawing.",
    ] {
        assert!(run.stdout.contains(text), "{text}: {}", run.stdout);
    }
    assert!(run.stderr.contains("are not written"), "{}", run.stderr);
}

#[test]
fn a_solved_link_keeps_the_title_it_was_read_with() {
    let run = run_cli(&["solve", WINDOKU, "-o", "fpuzzles"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let solved = json_of(run.stdout.trim());
    assert_eq!(solved["title"], json!("Windoku"));
    assert_eq!(solved["author"], json!("sudoku-sat"));
    assert!(solved["solution"].is_array());
}
