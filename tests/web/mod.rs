//! The page in a real browser: headless Chromium loads it from
//! `sudoku-sat serve` and reads the test hook (`#status`,
//! `#solution-line`) for a classic puzzle, a 16×16, a killer from an
//! f-puzzles link, clones (and their shading on the board), a puzzle with
//! two solutions and a malformed link, and the Stop button on a solve
//! under way; `page.rs` the page's behaviour around them, `serve.rs` the
//! server over sockets.
//!
//! Needs Chromium (the page is built into the binary): without it the
//! browser tests fail in CI (`CI` set) and otherwise pass with a notice
//! on stderr.

mod devtools;
mod drawing;
mod editor;
mod hits;
mod kinds;
mod page;
mod serve;
mod shots;
mod understand;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::fpuzzles::link;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;
use sudoku_sat::rules::Constraint;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

use crate::common::{EULER_1_SOLUTION, GENERATED_16, in_ci};
use devtools::{Harness, chromium, percent_encode};

/// The page's files in `web/` outside `pkg/`, but for `bench.html`.
const PAGE_FILES: [&str; 22] = [
    "index.html",
    "app.js",
    "check.js",
    "clues.js",
    "draw.js",
    "edges.js",
    "editor.js",
    "examples.js",
    "hints.js",
    "marks.js",
    "pasted.js",
    "picks.js",
    "regions.js",
    "rulestext.js",
    "shapes.js",
    "share.js",
    "steps.js",
    "solver.js",
    "worker.js",
    "words.js",
    "zoom.js",
    "style.css",
];

/// Returns the browser to use, or `None` after a notice (outside CI) when
/// it is missing.
fn ready() -> Option<std::path::PathBuf> {
    let browser = chromium();
    if browser.is_none() {
        let missing = "chromium is not on PATH (Debian: apt-get install chromium)";
        assert!(!in_ci(), "browser tests cannot run in CI: {missing}");
        crate::common::skipped(format_args!("the browser tests: {missing}"));
    }
    browser
}

/// Returns the library's own answer for the first puzzle of `text`.
fn library_outcome(text: &str) -> Outcome {
    let puzzle = &parse_str(text, Format::Auto).expect("a valid puzzle")[0].puzzle;
    SatSolver::new(Encoding::default())
        .solve_puzzle(puzzle)
        .expect("the library solves it")
}

/// Opens the page on `/?p=<text>` and returns the hook's status and line.
fn solve_in_page(harness: &Harness, text: &str) -> (String, String) {
    let url = format!("{}?p={}", harness.url, percent_encode(text));
    harness.open(&url).hook()
}

#[test]
fn the_page_solves_puzzles_in_a_headless_browser() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);

    // A classic puzzle: Project Euler's Grid 01.
    let classic =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let (status, line) = solve_in_page(&harness, classic);
    assert_eq!(status, "unique", "classic");
    assert_eq!(line, EULER_1_SOLUTION, "classic");

    // A 16×16 puzzle, against the library's answer.
    let sixteen = GENERATED_16
        .lines()
        .find(|l| l.len() == 256)
        .expect("a 16x16 line");
    let (status, line) = solve_in_page(&harness, sixteen);
    let expected = library_outcome(sixteen);
    assert_eq!(status, "unique", "16x16");
    assert_eq!(line, expected.solution().unwrap().to_string(), "16x16");

    // A killer puzzle, pasted as an f-puzzles link.
    let rules = include_str!("../data/killer.toml");
    let killer = &parse_str(rules, Format::Rules).expect("the killer fixture")[0].puzzle;
    let url = link(killer, None, None);
    let (status, line) = solve_in_page(&harness, &url);
    let expected = library_outcome(&url);
    assert_eq!(status, "unique", "killer");
    assert_eq!(line, expected.solution().unwrap().to_string(), "killer");

    // Clones, from an f-puzzles link: solved, and each pair's cells (both
    // shapes) shaded in a colour of its own.
    let rules = include_str!("../data/clone.toml");
    let clones = &parse_str(rules, Format::Rules).expect("the clone fixture")[0].puzzle;
    let url = format!(
        "{}?p={}",
        harness.url,
        percent_encode(&link(clones, None, None))
    );
    let mut page = harness.open(&url);
    let (status, line) = page.hook();
    assert_eq!(status, "unique", "clones");
    assert_eq!(line, EULER_1_SOLUTION, "clones");
    let shaded = page.evaluate(
        "JSON.stringify([...document.querySelectorAll('#board rect.clone')]
           .map((r) => [Number(r.dataset.clone), Number(r.dataset.at), r.getAttribute('fill')]))",
    );
    let shaded: Vec<(usize, usize, String)> =
        serde_json::from_str(shaded.as_str().expect("a JSON string")).unwrap();
    let size = clones.givens().size();
    let expected: Vec<(usize, usize)> = clones
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Clones(pair) => Some(pair),
            _ => None,
        })
        .enumerate()
        .flat_map(|(k, pair)| {
            let cells = pair.cells.iter().chain(&pair.copies);
            cells.map(move |cell| (k, cell.index(size)))
        })
        .collect();
    assert_eq!(
        expected.len(),
        8,
        "the fixture's two pairs of two cells each"
    );
    let drawn: Vec<(usize, usize)> = shaded.iter().map(|(k, at, _)| (*k, *at)).collect();
    assert_eq!(drawn, expected, "clone cells");
    let colour = |k: usize| -> std::collections::BTreeSet<&str> {
        shaded
            .iter()
            .filter(|s| s.0 == k)
            .map(|s| s.2.as_str())
            .collect()
    };
    assert_eq!(colour(0).len(), 1, "one colour for pair 0");
    assert_eq!(colour(1).len(), 1, "one colour for pair 1");
    assert_ne!(colour(0), colour(1), "pairs told apart");

    // Two solutions: Grid 01 without its first twelve givens. The page
    // shows one of them; it must solve the puzzle, as the library's does.
    let mut open = classic.to_string();
    for _ in 0..12 {
        let at = open.find(|c: char| c != '0' && c != '.').unwrap();
        open.replace_range(at..=at, ".");
    }
    assert!(matches!(library_outcome(&open), Outcome::Multiple(..)));
    let (status, line) = solve_in_page(&harness, &open);
    assert_eq!(status, "multiple", "two solutions");
    let givens = &parse_str(&open, Format::Auto).unwrap()[0].puzzle;
    let shown = Grid::from_symbols(givens.shape().clone(), &line).expect("a full grid");
    assert_eq!(
        shown.check_solution(givens.givens()),
        Ok(()),
        "two solutions"
    );

    // A malformed link: the reader's own message, and no solution.
    let malformed = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA!!!";
    // One pasted line: the message without its `line 1:`.
    let message = parse_str(malformed, Format::Auto)
        .unwrap_err()
        .kind()
        .to_string();
    let (status, line) = solve_in_page(&harness, malformed);
    assert_eq!(status, message, "malformed link");
    assert_eq!(line, "", "malformed link");
}

/// A 36×36 puzzle with several solutions that keeps the page's solver
/// busy for seconds (about 6 s here).
pub(crate) fn long_puzzle() -> String {
    pattern_puzzle(36, 6, 45, 5)
}

/// A pattern grid of side `side` (blocks of `block` × `block`) with
/// about `kept` percent of its cells kept, picked by a fixed linear
/// congruential sequence from `seed`, in the numbers format.
pub(crate) fn pattern_puzzle(side: usize, block: usize, kept: u64, seed: u64) -> String {
    let mut state = seed;
    let mut text = String::new();
    for r in 0..side {
        let row: Vec<String> = (0..side)
            .map(|c| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let digit = (block * (r % block) + r / block + c) % side + 1;
                if (state >> 33) % 100 < kept {
                    digit.to_string()
                } else {
                    "0".to_string()
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// Stop ends a solve under way: the status says `stopped`, and the page
/// then solves the next puzzle on a fresh worker.
#[test]
fn stop_ends_a_long_solve_and_the_page_solves_on() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let url = format!("{}?p={}", harness.url, percent_encode(&long_puzzle()));
    let mut page = harness.open(&url);
    // Press Stop half a second into the work (the button is enabled only
    // while the worker is busy).
    let pressed = page.evaluate(
        "new Promise((resolve) => {
           const start = Date.now();
           const poll = () => {
             const status = document.getElementById('status').textContent;
             const stop = document.getElementById('stop');
             if (status) {
               resolve('finished first: ' + status);
             } else if (!stop.disabled && Date.now() - start > 500) {
               stop.click();
               resolve('pressed');
             } else if (Date.now() - start > 30000) {
               resolve('never busy');
             } else {
               setTimeout(poll, 50);
             }
           };
           poll();
         })",
    );
    assert_eq!(pressed, "pressed");
    let (status, line) = page.hook();
    assert_eq!((status.as_str(), line.as_str()), ("stopped", ""));

    let classic =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    page.evaluate(&format!(
        "document.getElementById('puzzle').value = '{classic}';
         document.getElementById('solve').click();
         true"
    ));
    let (status, line) = page.hook();
    assert_eq!(status, "unique", "after Stop");
    assert_eq!(line, EULER_1_SOLUTION, "after Stop");
}

/// Writes docs/web-screenshot.png: the page with a killer puzzle solved.
/// Run it by name: `cargo test --test tests web_screenshot -- --ignored`;
/// `WEB_SCREENSHOT_PUZZLE` (a puzzle or link) and `WEB_SCREENSHOT_OUT` (a
/// PNG path) shoot another puzzle elsewhere.
#[test]
#[ignore = "writes docs/web-screenshot.png; run by name to refresh it"]
fn web_screenshot() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let rules = include_str!("../data/killer.toml");
    let killer = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
    let puzzle =
        std::env::var("WEB_SCREENSHOT_PUZZLE").unwrap_or_else(|_| link(killer, None, None));
    let url = format!("{}?p={}", harness.url, percent_encode(&puzzle));
    let mut page = harness.open(&url);
    page.call(
        "Emulation.setDeviceMetricsOverride",
        serde_json::json!({ "width": 1280, "height": 760, "deviceScaleFactor": 1, "mobile": false }),
    );
    assert_ne!(page.hook().0, "");
    // Let the candidates and the rating arrive, then show a cell's clauses.
    page.evaluate(
        "new Promise((r) => setTimeout(() => { \
           document.querySelector('[data-cell=\"10\"]').dispatchEvent(new MouseEvent('click', {bubbles: true})); \
           setTimeout(r, 1500); }, 1500))",
    );
    let shot = page.call(
        "Page.captureScreenshot",
        serde_json::json!({ "format": "png" }),
    );
    let png = devtools::base64_decode(shot["data"].as_str().expect("PNG data"));
    let path = std::env::var("WEB_SCREENSHOT_OUT")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/web-screenshot.png")
        });
    std::fs::write(&path, png).expect("write the screenshot");
}

/// Prints the page's solving times for the puzzle files named in
/// `WEB_SPEED_FILES` (one puzzle a line), as `benches/web-speed` reports
/// them beside the native CLI's: `bench.html` solves every line in the
/// worker as the Solve button does, once cold and `WEB_SPEED_ROUNDS`
/// times warm (10 unless set). Run it by name:
/// `WEB_SPEED_FILES=a.txt:b.txt cargo test --test tests web_speed -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a test: benches/web-speed runs it"]
fn web_speed() {
    let Some(browser) = ready() else { return };
    let files = std::env::var("WEB_SPEED_FILES").expect("WEB_SPEED_FILES names the files");
    let harness = Harness::start(&browser);
    for file in files.split(':') {
        let text = std::fs::read_to_string(file).expect("a readable puzzle file");
        let rounds = std::env::var("WEB_SPEED_ROUNDS").unwrap_or_else(|_| "10".into());
        let url = format!(
            "{}bench.html?rounds={rounds}&p={}",
            harness.url,
            percent_encode(&text)
        );
        let mut page = harness.open(&url);
        let figures = page.evaluate(
            "new Promise((resolve) => { const poll = () => { \
               const text = document.getElementById('bench').textContent; \
               if (text.startsWith('puzzles')) resolve(text); else setTimeout(poll, 100); }; \
             poll(); })",
        );
        println!("page {file}: {}", figures.as_str().unwrap_or_default());
    }
}
