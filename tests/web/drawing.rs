//! Constraints drawn on the board with the mouse, in headless Chromium:
//! a killer cage with its total, a thermometer and an arrow dragged
//! across cells by DevTools' mouse events, a global rule toggled, a
//! constraint erased and brought back by undo, a rule picked on the
//! board or in the list and deleted, all read back from the share link
//! by the library.

use serde_json::json;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::fpuzzles::from_json;
use sudoku_sat::formats::text::Format;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::sat::SatSolver;

use super::devtools::{Harness, Page};
use super::editor::{fresh_page, library_reads, press};
use super::ready;

/// Drags the mouse across `cells` of the board, pressed on the first and
/// released on the last, as DevTools' input events do.
pub(super) fn drag(page: &mut Page, cells: &[usize]) {
    let centres = page.evaluate(&format!(
        "{cells:?}.map((i) => {{
           const r = document.querySelector(`#board rect[data-cell=\"${{i}}\"]`).getBoundingClientRect();
           return [r.x + r.width / 2, r.y + r.height / 2];
         }})"
    ));
    let centres: Vec<(f64, f64)> = serde_json::from_value(centres).unwrap();
    let mouse = |page: &mut Page, kind: &str, (x, y): (f64, f64), buttons: u32| {
        page.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 }),
        );
    };
    mouse(page, "mousePressed", centres[0], 1);
    for &centre in &centres[1..] {
        mouse(page, "mouseMoved", centre, 1);
    }
    mouse(page, "mouseReleased", centres[centres.len() - 1], 0);
}

/// Picks what the mouse draws (and a cage's total).
pub(super) fn draw_mode(page: &mut Page, mode: &str, total: &str) {
    page.evaluate(&format!(
        "document.getElementById('draw-mode').value = '{mode}';
         document.getElementById('draw-mode').dispatchEvent(new Event('change'));
         document.getElementById('draw-value').value = '{total}'; true"
    ));
}

/// Opens a fresh page on a desktop-sized window with the board in view,
/// so that every cell can be dragged over.
pub(super) fn board_page(harness: &Harness) -> Page {
    let mut page = fresh_page(harness);
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false }),
    );
    page.evaluate("document.getElementById('board').scrollIntoView(); true");
    page
}

#[test]
fn cages_thermometers_arrows_and_global_rules_drawn_with_the_mouse_are_shared() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = board_page(&harness);
    draw_mode(&mut page, "killercage", "10");
    drag(&mut page, &[0, 1, 10]);
    draw_mode(&mut page, "thermometer", "");
    drag(&mut page, &[20, 21, 22]);
    draw_mode(&mut page, "arrow", "");
    drag(&mut page, &[40, 41, 42]);
    draw_mode(&mut page, "killercage", "");
    drag(&mut page, &[80]);
    page.evaluate("document.getElementById('rule-antiknight').click(); true");

    let grid = vec![vec![json!({}); 9]; 9];
    let drawn = |cage_too: bool| {
        let mut cages = vec![json!({ "cells": ["R1C1", "R1C2", "R2C2"], "value": "10" })];
        if cage_too {
            cages.push(json!({ "cells": ["R9C9"] }));
        }
        let json = json!({
            "size": 9, "grid": grid,
            "killercage": cages,
            "thermometer": [{ "lines": [["R3C3", "R3C4", "R3C5"]] }],
            "arrow": [{ "cells": ["R5C5"], "lines": [["R5C5", "R5C6", "R5C7"]] }],
            "antiknight": true,
        });
        from_json(&json.to_string()).unwrap().puzzle
    };
    let link = page.evaluate("document.getElementById('share-fpuzzles').href");
    let shared = library_reads(link.as_str().unwrap(), Format::Auto);
    assert_eq!(shared, drawn(true), "the link holds what was drawn");
    assert_eq!(
        page.evaluate("document.querySelectorAll('#board .cage-total').length"),
        1,
        "one total drawn"
    );

    // Erase: a click on a cell of the second cage removes it; undo
    // brings it back.
    draw_mode(&mut page, "erase", "");
    drag(&mut page, &[80]);
    let link = page.evaluate("document.getElementById('share-fpuzzles').href");
    assert_eq!(
        library_reads(link.as_str().unwrap(), Format::Auto),
        drawn(false)
    );
    page.evaluate("document.getElementById('undo').click(); true");
    let link = page.evaluate("document.getElementById('share-fpuzzles').href");
    assert_eq!(
        library_reads(link.as_str().unwrap(), Format::Auto),
        drawn(true)
    );
    assert_eq!(
        page.evaluate("document.getElementById('rule-antiknight').checked"),
        true
    );

    // And it solves: the drawn puzzle, with the same answer as the library.
    page.evaluate("document.getElementById('solve').click(); true");
    let (status, _) = page.hook();
    let expected = SatSolver::new(Encoding::default())
        .solve_puzzle(&drawn(true))
        .unwrap();
    assert_eq!(status, expected.status());
}

/// Returns the puzzle the page's f-puzzles share link holds.
pub(super) fn shared(page: &mut Page) -> sudoku_sat::puzzle::Puzzle {
    let link = page.evaluate("document.getElementById('share-fpuzzles').href");
    library_reads(link.as_str().unwrap(), Format::Auto)
}

#[test]
fn a_rule_picked_on_the_board_or_in_the_list_is_deleted_and_undone() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = board_page(&harness);
    draw_mode(&mut page, "killercage", "10");
    drag(&mut page, &[0, 1]);
    draw_mode(&mut page, "thermometer", "");
    drag(&mut page, &[1, 2, 3]);
    let both = shared(&mut page);
    assert_eq!(both.constraints().len(), 2);

    // Pick mode: a click on r1c2 picks its first rule (the cage), a
    // second click its next (the thermometer); the rule is marked in the
    // list and its cells on the board.
    draw_mode(&mut page, "pick", "");
    let picked = |page: &mut Page| {
        let value = page.evaluate(
            "JSON.stringify([document.querySelector('#rules li.picked')?.textContent ?? null,
               [...document.querySelectorAll('#board .overlay rect.picked')].map((r) => Number(r.dataset.at))])",
        );
        serde_json::from_str::<(Option<String>, Vec<usize>)>(value.as_str().unwrap()).unwrap()
    };
    drag(&mut page, &[1]);
    let (words, cells) = picked(&mut page);
    assert!(words.unwrap().contains("cage"), "the cage first");
    assert_eq!(cells, vec![0, 1]);
    drag(&mut page, &[1]);
    let (words, cells) = picked(&mut page);
    assert!(
        words.unwrap().contains("from the bulb"),
        "then the thermometer"
    );
    assert_eq!(cells, vec![1, 2, 3]);

    // Delete on the board removes it; Undo brings it back.
    press(&mut page, "Delete", 0);
    let left = shared(&mut page);
    assert_eq!(left.constraints().len(), 1);
    assert_eq!(left.constraints()[0].key(), "killercage");
    assert!(
        left.givens().givens().next().is_none(),
        "no given cleared or set"
    );
    page.evaluate("document.getElementById('undo').click(); true");
    assert_eq!(shared(&mut page), both);

    // From the list: pick the cage, then the button deletes it.
    page.evaluate(
        "[...document.querySelectorAll('#rules li')].find((li) => li.textContent.includes('cage')).click(); true",
    );
    assert_eq!(picked(&mut page).1, vec![0, 1]);
    page.evaluate("document.getElementById('delete-rule').click(); true");
    let left = shared(&mut page);
    assert_eq!(left.constraints().len(), 1);
    assert_eq!(left.constraints()[0].key(), "thermometer");
    page.evaluate("document.getElementById('undo').click(); true");
    assert_eq!(shared(&mut page), both);
}
