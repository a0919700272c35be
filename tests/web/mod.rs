//! The page in a real browser: headless Chromium loads it from
//! `sudoku-sat serve` and reads the test hook (`#status`,
//! `#solution-line`) for a classic puzzle, a 16×16, a killer from an
//! f-puzzles link, clones (and their shading on the board), a puzzle with
//! two solutions and a malformed link, and the Stop button on a solve
//! under way.
//!
//! Needs Chromium and the built page (`web/build`): without them the test
//! fails in CI (`CI` set) and otherwise passes with a notice on stderr.

mod devtools;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::fpuzzles::link;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;
use sudoku_sat::rules::Constraint;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

use crate::common::{EULER_1_SOLUTION, GENERATED_16, in_ci, run_cli};
use devtools::{Harness, chromium, page_dir, percent_encode};

/// Returns the browser to use, or `None` after a notice (outside CI) when
/// the browser or the built page is missing.
fn ready() -> Option<std::path::PathBuf> {
    let built = page_dir().join("pkg/sudoku_sat_web.js").is_file();
    let browser = chromium();
    let missing = match (&browser, built) {
        (Some(_), true) => return browser,
        (None, true) => "chromium is not on PATH (Debian: apt-get install chromium)",
        (Some(_), false) => "the page is not built (run web/build)",
        (None, false) => "chromium is not on PATH and the page is not built",
    };
    assert!(!in_ci(), "browser tests cannot run in CI: {missing}");
    crate::common::skipped(format_args!("the browser tests: {missing}"));
    None
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
    let message = parse_str(malformed, Format::Auto).unwrap_err().to_string();
    let (status, line) = solve_in_page(&harness, malformed);
    assert_eq!(status, message, "malformed link");
    assert_eq!(line, "", "malformed link");
}

/// A 36×36 puzzle with several solutions that keeps the page's solver
/// busy for seconds (about 6 s here): a pattern grid with about 45% of
/// its cells kept (by a fixed linear congruential sequence), in the
/// numbers format.
fn long_puzzle() -> String {
    let (side, box_side) = (36usize, 6usize);
    let mut state = 5u64;
    let mut text = String::new();
    for r in 0..side {
        let row: Vec<String> = (0..side)
            .map(|c| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let digit = (box_side * (r % box_side) + r / box_side + c) % side + 1;
                if (state >> 33) % 100 < 45 {
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

/// A page folder with the files `serve` looks for, built or not.
fn page_folder(built: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "page").unwrap();
    if built {
        std::fs::create_dir(dir.path().join("pkg")).unwrap();
        std::fs::write(dir.path().join("pkg/sudoku_sat_web.js"), "").unwrap();
    }
    dir
}

#[test]
fn serve_says_when_the_port_is_taken() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let dir = page_folder(true);
    let root = dir.path().to_str().unwrap();
    let run = run_cli(&["serve", "--port", &port, "--root", root], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with(&format!("error: port {port} is taken")),
        "{}",
        run.stderr
    );
}

#[test]
fn serve_says_how_to_build_a_page_that_is_not_built() {
    let dir = page_folder(false);
    let root = dir.path().to_str().unwrap();
    let run = run_cli(&["serve", "--port", "0", "--root", root], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("run web/build"), "{}", run.stderr);
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

/// Sends one raw request to `port` and returns the response head and body.
fn http_get(port: u16, target: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_string(), body.to_string())
}

#[test]
fn serve_answers_over_http_with_the_right_types_and_refuses_traversal() {
    use std::io::BufRead;
    let dir = page_folder(true);
    std::fs::write(dir.path().join("pkg/m.wasm"), "\0asm").unwrap();
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["serve", "--port", "0", "--root"])
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port: u16 = first
        .trim()
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .expect("serve prints http://127.0.0.1:PORT/");
    let index = http_get(port, "/?p=1.2");
    let wasm = http_get(port, "/pkg/m.wasm");
    let escape = http_get(port, "/../Cargo.toml");
    let encoded = http_get(port, "/pkg/%2e%2e/%2e%2e/Cargo.toml");
    let missing = http_get(port, "/nothing.js");
    let _ = server.kill();
    let _ = server.wait();
    assert!(index.0.starts_with("HTTP/1.1 200"), "{}", index.0);
    assert!(index.0.contains("Content-Type: text/html"), "{}", index.0);
    assert_eq!(index.1, "page");
    assert!(
        wasm.0.contains("Content-Type: application/wasm"),
        "{}",
        wasm.0
    );
    assert_eq!(wasm.1, "\0asm");
    assert!(escape.0.starts_with("HTTP/1.1 403"), "{}", escape.0);
    assert!(encoded.0.starts_with("HTTP/1.1 403"), "{}", encoded.0);
    assert!(missing.0.starts_with("HTTP/1.1 404"), "{}", missing.0);
}
