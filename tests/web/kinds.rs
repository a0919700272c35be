//! Every kind of constraint drawn on the board, in headless Chromium: the
//! line kinds, extra regions, clones and cell marks by mouse drags and
//! clicks, dots and X/V on an edge, clues outside the grid typed after a
//! click in the margin, jigsaw regions painted (refused while they are
//! not a partition), rules in the rules language, and each by the
//! keyboard too; every one read back from the share link by the library
//! and compared with the puzzle the same f-puzzles JSON makes.

use serde_json::{Value, json};

use sudoku_sat::formats::fpuzzles::from_json;
use sudoku_sat::formats::text::Format;
use sudoku_sat::grid::Cell;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Rule;

use super::devtools::{Page, percent_encode};
use super::drawing::{board_page, drag, draw_mode, shared};
use super::editor::{library_reads, press};
use super::ready;

/// DevTools' modifier bit for Shift.
const SHIFT: u32 = 8;

/// Returns the puzzle of a 9×9 f-puzzles JSON with no givens and `keys`.
fn expected(side: usize, keys: Value) -> Puzzle {
    let mut json = json!({ "size": side, "grid": vec![vec![json!({}); side]; side] });
    for (key, value) in keys.as_object().unwrap() {
        json[key] = value.clone();
    }
    from_json(&json.to_string()).unwrap().puzzle
}

/// Clicks the board at a point given in cells from the grid's top-left
/// corner (0.5, 0.5 is r1c1's centre; negative or past the side is the
/// margin).
fn click_at(page: &mut Page, x: f64, y: f64) {
    let point = page.evaluate(&format!(
        "(() => {{ const r = document.querySelector('#board rect[data-cell=\"0\"]').getBoundingClientRect();
           return [r.x + {x} * r.width, r.y + {y} * r.height]; }})()"
    ));
    let (px, py): (f64, f64) = serde_json::from_value(point).unwrap();
    for (kind, buttons) in [("mousePressed", 1), ("mouseReleased", 0)] {
        page.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": px, "y": py, "button": "left", "buttons": buttons, "clickCount": 1 }),
        );
    }
}

/// Focuses the board and selects r1c1 with the keyboard.
fn keyboard_at_r1c1(page: &mut Page) {
    page.evaluate("document.getElementById('board').focus(); true");
    press(page, "ArrowDown", 0);
}

/// Types `keys` (one character each) on the focused element.
fn type_keys(page: &mut Page, keys: &str) {
    for key in keys.chars() {
        press(page, &key.to_string(), 0);
    }
}

const LINES: [&str; 13] = [
    "thermometer",
    "slowthermometer",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "regionsumline",
    "lockout",
    "entropicline",
    "modularline",
    "zipperline",
    "nabner",
    "doublearrow",
];

#[test]
fn every_line_kind_shapes_and_cell_marks_drawn_are_shared() {
    let Some(browser) = ready() else { return };
    let harness = super::devtools::Harness::start(&browser);
    let mut page = board_page(&harness);
    let mut keys = serde_json::Map::new();
    // Line k runs along three cells of row k mod 9, from column 1 or 4.
    for (k, key) in LINES.iter().enumerate() {
        let start = (k % 9) * 9 + (k / 9) * 3;
        let value = if *key == "whispers" { "4" } else { "" };
        draw_mode(&mut page, key, value);
        drag(&mut page, &[start, start + 1, start + 2]);
        let names: Vec<String> = (0..3)
            .map(|j| format!("R{}C{}", k % 9 + 1, (k / 9) * 3 + j + 1))
            .collect();
        let mut item = json!({ "lines": [names] });
        if *key == "whispers" {
            item["value"] = json!(4);
        }
        keys.insert(key.to_string(), json!([item]));
    }
    // An extra region, a clone (the shape, then its copy) and cell marks.
    draw_mode(&mut page, "extraregion", "");
    drag(&mut page, &[60, 61, 69]);
    draw_mode(&mut page, "clone", "");
    drag(&mut page, &[78, 79]);
    drag(&mut page, &[70, 71]);
    for (mode, cell) in [("even", 8), ("odd", 17), ("minimum", 26), ("maximum", 35)] {
        draw_mode(&mut page, mode, "");
        drag(&mut page, &[cell]);
    }
    keys.insert(
        "extraregion".into(),
        json!([{ "cells": ["R7C7", "R7C8", "R8C7"] }]),
    );
    keys.insert(
        "clone".into(),
        json!([{ "cells": ["R9C7", "R9C8"], "cloneCells": ["R8C8", "R8C9"] }]),
    );
    for (key, cell) in [
        ("even", "R1C9"),
        ("odd", "R2C9"),
        ("minimum", "R3C9"),
        ("maximum", "R4C9"),
    ] {
        keys.insert(key.into(), json!([{ "cell": cell }]));
    }
    let all = expected(9, Value::Object(keys.clone()));
    assert_eq!(shared(&mut page), all, "the link holds what was drawn");
    assert!(all.constraints().len() >= LINES.len() + 6);

    // A click on an even cell again takes the mark off.
    drag(&mut page, &[35]);
    keys.remove("maximum");
    assert_eq!(shared(&mut page), expected(9, Value::Object(keys.clone())));

    // The keyboard: ] from "nothing" reaches pick; a renban drawn with
    // Space on each cell and Enter.
    draw_mode(&mut page, "givens", "");
    page.evaluate("document.getElementById('board').focus(); true");
    press(&mut page, "]", 0);
    assert_eq!(
        page.evaluate("document.getElementById('draw-mode').value"),
        "pick"
    );
    press(&mut page, "[", 0);
    draw_mode(&mut page, "renban", "");
    keyboard_at_r1c1(&mut page);
    for _ in 0..2 {
        press(&mut page, " ", 0);
        press(&mut page, "ArrowDown", 0);
    }
    press(&mut page, " ", 0);
    press(&mut page, "Enter", 0);
    let renban = keys["renban"].as_array_mut().unwrap();
    renban.push(json!({ "lines": [["R1C1", "R2C1", "R3C1"]] }));
    assert_eq!(shared(&mut page), expected(9, Value::Object(keys)));
}

#[test]
fn dots_and_x_v_marks_go_on_the_edge_clicked_or_keyed() {
    let Some(browser) = ready() else { return };
    let harness = super::devtools::Harness::start(&browser);
    let mut page = board_page(&harness);
    // Clicks near the edge between two cells, not at its middle.
    draw_mode(&mut page, "difference", "3");
    click_at(&mut page, 0.95, 0.4); // r1c1 | r1c2
    draw_mode(&mut page, "ratio", "");
    click_at(&mut page, 2.6, 0.97); // r1c3 above r2c3
    draw_mode(&mut page, "x", "");
    click_at(&mut page, 4.5, 4.05); // r4c5 above r5c5
    draw_mode(&mut page, "v", "");
    click_at(&mut page, 6.02, 7.5); // r8c6 | r8c7
    // The keyboard: Shift+ArrowRight from r1c1, after one step down.
    draw_mode(&mut page, "ratio", "3");
    keyboard_at_r1c1(&mut page);
    press(&mut page, "ArrowDown", 0);
    press(&mut page, "ArrowRight", SHIFT);
    let drawn = json!({
        "difference": [{ "cells": ["R1C1", "R1C2"], "value": 3 }],
        "ratio": [{ "cells": ["R1C3", "R2C3"] }, { "cells": ["R2C1", "R2C2"], "value": 3 }],
        "xv": [{ "cells": ["R5C5", "R4C5"], "value": "X" }, { "cells": ["R8C7", "R8C6"], "value": "V" }],
    });
    assert_eq!(shared(&mut page), expected(9, drawn.clone()));
    // The same mark again takes it off; a click outside the grid does
    // nothing.
    draw_mode(&mut page, "x", "");
    click_at(&mut page, 4.5, 3.96);
    click_at(&mut page, -0.5, 3.0);
    let mut less = drawn;
    less["xv"] = json!([{ "cells": ["R8C7", "R8C6"], "value": "V" }]);
    assert_eq!(shared(&mut page), expected(9, less));
}

#[test]
fn clues_outside_the_grid_are_typed_after_a_click_in_the_margin() {
    let Some(browser) = ready() else { return };
    let harness = super::devtools::Harness::start(&browser);
    let mut page = board_page(&harness);
    // A sandwich above column 3: 1 then 5 is 15.
    draw_mode(&mut page, "sandwichsum", "");
    click_at(&mut page, 2.5, -0.5);
    type_keys(&mut page, "15");
    // An X-sum left of row 4, typed 2, 3, Backspace, 1: 21.
    draw_mode(&mut page, "xsum", "");
    click_at(&mut page, -0.5, 3.5);
    type_keys(&mut page, "23");
    press(&mut page, "Backspace", 0);
    type_keys(&mut page, "1");
    // A little killer in the top-left corner: its one diagonal, down
    // right; one at the top of column 5, clicked twice: its second
    // diagonal, down right, four cells (1 then 0: 10, which the 1
    // alone is not).
    draw_mode(&mut page, "littlekillersum", "");
    click_at(&mut page, -0.5, -0.5);
    type_keys(&mut page, "45");
    click_at(&mut page, 4.5, -0.5);
    click_at(&mut page, 4.5, -0.5);
    type_keys(&mut page, "10");
    // A skyscraper right of row 2 from the keyboard: r2c9, Shift+Right.
    draw_mode(&mut page, "skyscraper", "");
    page.evaluate("document.getElementById('board').focus(); true");
    press(&mut page, "ArrowDown", 0);
    for _ in 0..8 {
        press(&mut page, "ArrowRight", 0);
    }
    press(&mut page, "ArrowDown", 0);
    press(&mut page, "ArrowRight", SHIFT);
    type_keys(&mut page, "3");
    let drawn = json!({
        "sandwichsum": [{ "cell": "R0C3", "value": 15 }],
        "xsum": [{ "cell": "R4C0", "value": 21 }],
        "littlekillersum": [
            { "cell": "R0C0", "direction": "DR", "value": 45 },
            { "cell": "R0C5", "direction": "DR", "value": 10 },
        ],
        "skyscraper": [{ "cell": "R2C10", "value": 3 }],
    });
    assert_eq!(shared(&mut page), expected(9, drawn.clone()));
    // Delete removes the clue picked (the skyscraper).
    press(&mut page, "Delete", 0);
    let mut less = drawn;
    less.as_object_mut().unwrap().remove("skyscraper");
    assert_eq!(shared(&mut page), expected(9, less));
}

#[test]
fn regions_painted_are_refused_until_they_are_a_partition() {
    let Some(browser) = ready() else { return };
    let harness = super::devtools::Harness::start(&browser);
    let mut page = board_page(&harness);
    page.evaluate(
        "document.getElementById('new-side').value = '4';
         document.getElementById('new-side').dispatchEvent(new Event('input'));
         document.getElementById('new').click(); true",
    );
    let shown = super::page::wait_for(
        &mut page,
        "document.querySelectorAll('#board rect[data-cell]').length === 16",
        "true",
    );
    assert_eq!(shown, "true", "a 4x4 grid");
    let before = shared(&mut page);
    // r1c3 into region 1: five cells there, three in region 2.
    draw_mode(&mut page, "regions", "1");
    drag(&mut page, &[2]);
    let note = page.evaluate("document.getElementById('draw-note').textContent");
    let note = note.as_str().unwrap();
    assert!(
        note.contains("region 1 has 5") && note.contains("region 2 has 3"),
        "{note}"
    );
    assert_eq!(shared(&mut page), before, "the puzzle keeps its regions");
    // r2c2 into region 2 (from the keyboard: Space, Enter): a partition.
    draw_mode(&mut page, "regions", "2");
    keyboard_at_r1c1(&mut page);
    press(&mut page, "ArrowDown", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, " ", 0);
    press(&mut page, "Enter", 0);
    let jigsaw = shared(&mut page);
    let block = |i: u8| jigsaw.shape().block_of(Cell::new(i / 4, i % 4));
    assert_eq!([block(0), block(1), block(2), block(4)], [block(0); 4]);
    assert_eq!([block(3), block(5), block(6), block(7)], [block(3); 4]);
    assert_ne!(block(0), block(3));
    assert_eq!(
        page.evaluate("document.getElementById('draw-note').textContent"),
        ""
    );
}

#[test]
fn rules_in_the_rules_language_are_added_and_kept_by_edits() {
    let Some(browser) = ready() else { return };
    let harness = super::devtools::Harness::start(&browser);
    let mut page = board_page(&harness);
    let add = |page: &mut Page, text: &str| {
        page.evaluate(&format!(
            "document.getElementById('rules-text').value = {};
             document.getElementById('add-rules').click();
             document.getElementById('rules-error').textContent",
            serde_json::to_string(text).unwrap()
        ))
    };
    let said = add(&mut page, "[[rule]]\nholds = \"rising(r1c1)\"\n");
    let said = said.as_str().unwrap();
    assert!(said.starts_with("Rules: line 2, column "), "{said}");
    assert!(shared(&mut page).constraints().is_empty());
    let text = "define = '''\ndef rising(L) = for (a, b) in consecutive(L): a < b\n'''\n\n\
                [[rule]]\nname = \"top\"\nholds = \"rising(path(r1c1, r1c3))\"\n";
    assert_eq!(add(&mut page, text), "Added.");
    let with = shared(&mut page);
    assert_eq!(with.constraints().len(), 1);
    assert!(with.constraints()[0].describe().starts_with("top: "));

    // A pasted rules file with definitions of its own keeps them through
    // an edit on the board: they travel in the f-puzzles JSON.
    let file = include_str!("../../examples/puzzles/parity-lines.toml");
    let url = format!("{}?p={}", harness.url, percent_encode(file));
    let mut page = harness.open(&url);
    page.hook();
    let pasted = library_reads(file, Format::Rules);
    page.evaluate("document.getElementById('rule-antiking').click(); true");
    let edited = shared(&mut page);
    assert_eq!(edited.constraints().len(), pasted.constraints().len() + 1);
    let kept: Vec<String> = edited.constraints().iter().map(Rule::describe).collect();
    for was in pasted.constraints() {
        assert!(kept.contains(&was.describe()), "{} kept", was.describe());
    }
    let rules_file = page.evaluate("document.getElementById('rules-file').textContent");
    assert!(rules_file.as_str().unwrap().contains("def parityline"));
}
