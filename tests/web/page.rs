//! The page around the verdict, in headless Chromium: thermometers drawn
//! as tubes, the rating of a puzzle with no solution, the work after the
//! verdict (shown, stoppable, not in the way of a cell's clauses), the
//! clauses panel cleared for a new puzzle, a module that does not load,
//! and the page opened as a file.

use std::path::Path;

use super::devtools::{Harness, Page, percent_encode};
use super::{long_puzzle, ready};
use sudoku_sat::formats::fpuzzles::link;
use sudoku_sat::formats::text::{Format, parse_str};

use crate::common::EULER_1_SOLUTION;

/// Euler's Grid 01.
const CLASSIC: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Evaluates `condition` (a JavaScript expression) every 50 ms until it
/// is true, and returns `value` then; `"(timed out)"` after 50 s, so that
/// a page that never gets there fails the assertion that reads it.
pub(super) fn wait_for(page: &mut Page, condition: &str, value: &str) -> String {
    let result = page.evaluate(&format!(
        "new Promise((resolve) => {{
           const $ = (id) => document.getElementById(id);
           const start = Date.now();
           const poll = () => {{
             if ({condition}) resolve(String({value}));
             else if (Date.now() - start > 50000) resolve('(timed out)');
             else setTimeout(poll, 50);
           }};
           poll();
         }})"
    ));
    result.as_str().unwrap_or_default().to_string()
}

fn open(harness: &Harness, text: &str) -> Page {
    harness.open(&format!("{}?p={}", harness.url, percent_encode(text)))
}

#[test]
fn a_bent_thermometer_is_a_tube_not_a_filled_wedge() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let rules = "givens = ['.........', '.........', '.........', '.........', '.........', \
                 '.........', '.........', '.........', '.........']\n\
                 [[constraint]]\ntype = 'thermometer'\nlines = [['r1c1', 'r2c2', 'r2c3', 'r1c4']]\n";
    let puzzle = &parse_str(rules, Format::Rules).expect("a thermometer puzzle")[0].puzzle;
    let mut page = open(&harness, &link(puzzle, None, None));
    assert_eq!(page.hook().0, "multiple");
    let fills = page.evaluate(
        "JSON.stringify([...document.querySelectorAll('#board .thermo-line, #board .thermo-bulb')]
           .map((e) => [e.tagName, getComputedStyle(e).fill]))",
    );
    let fills: Vec<(String, String)> = serde_json::from_str(fills.as_str().unwrap()).unwrap();
    assert_eq!(fills.len(), 2, "{fills:?}");
    assert_eq!(fills[0], ("polyline".to_string(), "none".to_string()));
    assert_eq!(fills[1].0, "circle");
    assert_ne!(fills[1].1, "none", "the bulb is filled");
}

#[test]
fn the_rating_of_a_puzzle_with_no_solution_does_not_say_it_solves_it() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    // Grid 01 with r1c1 given as 5 (its solution has 4 there): no two
    // givens clash, and propagation finds the contradiction.
    let mut none = CLASSIC.to_string();
    none.replace_range(0..1, "5");
    let mut page = open(&harness, &none);
    assert_eq!(page.hook().0, "none");
    let rating = wait_for(
        &mut page,
        "$('rating').textContent",
        "$('rating').textContent",
    );
    assert!(rating.contains("no solution"), "{rating}");
    assert!(!rating.contains("solves it"), "{rating}");
}

/// After the verdict the candidates and the rating run on: the page says
/// so, Solve is enabled, a cell's clauses come at once, and Stop ends
/// that work without touching the verdict. A new puzzle then clears the
/// clauses panel.
#[test]
fn the_work_after_the_verdict_is_shown_and_stops_without_touching_it() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = open(&harness, &long_puzzle());
    assert_eq!(page.hook().0, "multiple");
    let verdict = page.evaluate("document.getElementById('verdict').textContent");
    let running = wait_for(
        &mut page,
        "$('progress').textContent",
        "[$('progress').textContent, $('solve').disabled, $('stop').disabled].join('|')",
    );
    assert!(
        running.starts_with("Working out the true candidates (step 1 of 2"),
        "{running}"
    );
    assert!(
        running.ends_with("|false|false"),
        "Solve and Stop enabled: {running}"
    );

    // A cell's clauses while the candidates are worked out.
    page.evaluate(
        "document.querySelector('[data-cell=\"0\"]')
           .dispatchEvent(new MouseEvent('click', {bubbles: true})); true",
    );
    let explained = wait_for(
        &mut page,
        "$('explain').querySelector('h3')",
        "[$('explain-title').textContent, $('progress').textContent.startsWith('Working')].join('|')",
    );
    assert_eq!(explained, "Clauses of r1c1|true");

    page.evaluate("document.getElementById('stop').click(); true");
    let after = wait_for(
        &mut page,
        "$('progress').textContent.includes('stopped')",
        "[$('status').textContent, $('verdict').textContent, \
          $('verdict').parentElement.classList.contains('error'), $('progress').textContent].join('|')",
    );
    assert_eq!(
        after,
        format!(
            "multiple|{}|false|Candidates and rating stopped.",
            verdict.as_str().unwrap()
        )
    );

    // Another puzzle: its own verdict, and no clauses of the old one.
    page.evaluate(&format!(
        "document.getElementById('puzzle').value = '{CLASSIC}';
         document.getElementById('solve').click(); true"
    ));
    let (status, line) = page.hook();
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("unique", EULER_1_SOLUTION)
    );
    let title = page.evaluate("document.getElementById('explain-title').textContent");
    assert_eq!(title, "Clauses of a cell");
    assert_eq!(
        page.evaluate("document.getElementById('explain').textContent"),
        ""
    );
}

#[test]
fn a_module_that_does_not_load_is_reported_not_stopped() {
    let Some(browser) = ready() else { return };
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let copy = tempfile::tempdir().unwrap();
    for file in super::PAGE_FILES {
        std::fs::copy(web.join(file), copy.path().join(file)).unwrap();
    }
    std::fs::create_dir(copy.path().join("pkg")).unwrap();
    // The module imports a file that is not there, so the worker's
    // module fails to load.
    std::fs::write(
        copy.path().join("pkg/sudoku_sat_web.js"),
        "export * from './missing.js';\nexport default function init() {}\n",
    )
    .unwrap();
    let harness = Harness::serving(&browser, Some(copy.path()));
    let (status, line) = open(&harness, CLASSIC).hook();
    assert!(status.starts_with("the solver could not start"), "{status}");
    assert_eq!(line, "");
}

#[test]
fn opened_as_a_file_the_page_says_to_run_serve() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let index = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/index.html");
    let mut page = harness.open(&format!("file://{}", index.display()));
    let (status, _) = page.hook();
    assert!(status.contains("Run `sudoku-sat serve`"), "{status}");
    let shown = page.evaluate("!document.getElementById('file-note').hidden");
    assert_eq!(shown, true);
}
