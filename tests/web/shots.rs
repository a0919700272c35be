//! The screenshots of docs/web.md: a puzzle drawn with the mouse, a hint
//! on the board, and solutions stepped through. Run by name:
//! `cargo test --test tests web_screenshots -- --ignored` writes
//! `docs/web-drawing.png`, `docs/web-hint.png` and `docs/web-stepping.png`.

use serde_json::json;

use super::devtools::{Page, base64_decode};
use super::drawing::{board_page, drag, draw_mode};
use super::page::wait_for;
use super::{Harness, ready};

/// Euler's Grid 01.
const CLASSIC: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Writes the page as it is to `docs/<name>`.
fn shoot(page: &mut Page, name: &str) {
    page.evaluate("window.scrollTo(0, 0); true");
    let shot = page.call("Page.captureScreenshot", json!({ "format": "png" }));
    let png = base64_decode(shot["data"].as_str().expect("PNG data"));
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name);
    std::fs::write(&path, png).expect("write the screenshot");
}

fn desktop(page: &mut Page) {
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false }),
    );
}

#[test]
#[ignore = "writes docs/web-*.png; run by name to refresh them"]
fn web_screenshots() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);

    // Drawing: a cage with its total, a thermometer and an arrow, and the
    // thermometer picked.
    let mut page = board_page(&harness);
    draw_mode(&mut page, "killercage", "17");
    drag(&mut page, &[0, 1, 10]);
    draw_mode(&mut page, "thermometer", "");
    drag(&mut page, &[30, 31, 40, 49]);
    draw_mode(&mut page, "arrow", "");
    drag(&mut page, &[58, 67, 68, 69]);
    draw_mode(&mut page, "pick", "");
    drag(&mut page, &[31]);
    shoot(&mut page, "web-drawing.png");

    // Hinting: Grid 01, three steps applied, the fourth on view.
    let mut page = harness.open(&format!("{}?p={CLASSIC}", harness.url));
    desktop(&mut page);
    page.hook();
    page.evaluate("document.getElementById('hint').click(); true");
    wait_for(
        &mut page,
        "$('hint-text').textContent.startsWith('Step')",
        "true",
    );
    for _ in 0..3 {
        page.evaluate("document.getElementById('apply').click(); true");
    }
    shoot(&mut page, "web-hint.png");

    // Stepping: Grid 01 less twelve givens, its solutions counted, the
    // second on view with the cells where it differs from the first.
    let mut open = CLASSIC.to_string();
    for _ in 0..12 {
        let at = open.find(|c: char| c != '0' && c != '.').unwrap();
        open.replace_range(at..=at, ".");
    }
    let mut page = harness.open(&format!("{}?p={open}", harness.url));
    desktop(&mut page);
    page.hook();
    page.evaluate("document.getElementById('count').click(); true");
    wait_for(&mut page, "!$('stepper').hidden", "true");
    page.evaluate("document.getElementById('next').click(); true");
    shoot(&mut page, "web-stepping.png");
}
