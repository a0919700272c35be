//! What a new user hit on the page (issue #30, items 7 to 12), in
//! headless Chromium: a big board redrawn in place, a SudokuPad link that
//! is not an f-puzzles one, several puzzles pasted, the board near the
//! top on a phone, the keyboard and a screen reader, and the examples of
//! an empty page.

use serde_json::json;

use sudoku_sat::formats::text::{Format, parse_str};

use super::devtools::{Harness, percent_encode};
use super::editor::{fresh_page, press};
use super::page::wait_for;
use super::{library_outcome, ready};

/// A 64×64 pattern grid (blocks of 8×8) with a quarter of its cells
/// blank, in the numbers format.
fn big_puzzle() -> String {
    super::pattern_puzzle(64, 8, 75, 7)
}

/// Item 7: the 64×64 board is built once per puzzle; the answer, the
/// candidates and a redraw (the candidates toggled) change it in place.
/// The in-place redraw's time is printed, not asserted (speed lives in
/// the benchmarks).
#[test]
fn a_64x64_board_is_built_once_and_redrawn_in_place() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = harness.open(&format!(
        "{}?p={}",
        harness.url,
        percent_encode(&big_puzzle())
    ));
    let (status, _) = page.hook();
    assert_eq!(status, "multiple");
    // The candidates arrive after the verdict (drawn as one small line
    // in each cell still open), then the rating.
    let rating = wait_for(
        &mut page,
        "$('rating').textContent",
        "$('rating').textContent",
    );
    assert!(rating.starts_with("Rating"), "{rating}");
    let builds = page.evaluate("document.getElementById('board').dataset.builds");
    assert_eq!(builds, "1", "read, solve and candidates: one build");
    let cells = page.evaluate("document.querySelectorAll('#board rect[data-cell]').length");
    assert_eq!(cells, 4096);
    let timed = page.evaluate(
        "(() => {
           const box = document.getElementById('show-candidates');
           const start = performance.now();
           box.click();
           box.click();
           return [(performance.now() - start) / 2,
                   document.querySelectorAll('#board text.solved').length,
                   document.getElementById('board').dataset.builds];
         })()",
    );
    let solved = timed[1].as_u64().unwrap();
    let blanks = big_puzzle()
        .split_whitespace()
        .filter(|&s| s == "0")
        .count() as u64;
    assert_eq!(
        solved, blanks,
        "every blank shows its digit after the redraw"
    );
    assert_eq!(timed[2], "1", "a redraw rebuilds nothing");
    // For comparison, the whole build the page did on every redraw
    // before (the board made to forget what it drew).
    let rebuilt = page.evaluate(
        "(() => {
           const board = document.getElementById('board');
           board.drawn = null;
           const start = performance.now();
           document.getElementById('show-candidates').click();
           return performance.now() - start;
         })()",
    );
    eprintln!(
        "64x64 redraw in place: {:.1} ms (mean of 2); whole build: {:.1} ms",
        timed[0].as_f64().unwrap(),
        rebuilt.as_f64().unwrap()
    );
}

/// Item 8: a SudokuPad link that is not an f-puzzles one is named, with
/// what is read instead, and no `line 1:`.
#[test]
fn a_sudokupad_link_that_is_not_f_puzzles_says_what_it_is() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    for url in [
        "https://sudokupad.app/4xt7zf6q9h",
        "https://sudokupad.app/scl/N4IgzglgXgpiBcA",
    ] {
        let mut page = harness.open(&format!("{}?p={}", harness.url, percent_encode(url)));
        let (status, line) = page.hook();
        let expected = parse_str(url, Format::Auto).unwrap_err().kind().to_string();
        assert_eq!(status, expected, "{url}");
        assert!(status.starts_with("a SudokuPad "), "{status}");
        assert!(status.contains("f-puzzles"), "{status}");
        assert!(!status.contains("line 1"), "{status}");
        assert_eq!(line, "");
        let shown = page.evaluate("document.getElementById('verdict').textContent");
        assert_eq!(shown.as_str().unwrap(), status);
    }
}

/// Item 9: several puzzles pasted: the first is solved, the page says
/// how many there are, and a list solves another.
#[test]
fn several_pasted_puzzles_are_counted_and_another_can_be_picked() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let classic =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let four = "1234341221434...";
    let text = format!("{classic}\n{four}\n");
    let mut page = harness.open(&format!("{}?p={}", harness.url, percent_encode(&text)));
    let (status, line) = page.hook();
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("unique", crate::common::EULER_1_SOLUTION)
    );
    let words = page.evaluate(
        "[document.getElementById('several').hidden,
          document.getElementById('several-words').textContent,
          document.getElementById('which').options.length].join('|')",
    );
    assert_eq!(
        words.as_str().unwrap(),
        "false|The box holds 2 puzzles; puzzle 1 is solved. Pick another:|2"
    );
    page.evaluate(
        "{ const which = document.getElementById('which');
           which.value = '1';
           which.dispatchEvent(new Event('change')); } true",
    );
    let solved = wait_for(
        &mut page,
        "$('status').textContent && $('solution-line').textContent.length === 16",
        "$('status').textContent + '|' + $('solution-line').textContent",
    );
    assert_eq!(solved, "unique|1234341221434321");
    let words = page.evaluate("document.getElementById('several-words').textContent");
    assert!(
        words.as_str().unwrap().contains("puzzle 2 is solved"),
        "{words}"
    );
    assert_eq!(
        page.evaluate("document.getElementById('puzzle').value")
            .as_str()
            .unwrap(),
        text,
        "the box keeps both puzzles"
    );
}

/// Item 10: on a phone the board comes first, in the first screen, and
/// the page fits the screen's width.
#[test]
fn on_a_phone_the_board_is_near_the_top() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    let placed = page.evaluate(
        "(() => {
           const r = document.getElementById('board').getBoundingClientRect();
           const input = document.getElementById('puzzle').getBoundingClientRect();
           return [r.top + scrollY, r.right, r.bottom + scrollY, input.top + scrollY,
                   document.documentElement.scrollWidth];
         })()",
    );
    let at = |i: usize| placed[i].as_f64().unwrap();
    assert!(at(0) < 250.0, "the board starts {} px down", at(0));
    assert!(at(1) <= 390.0, "the board ends at {} px across", at(1));
    assert!(at(2) < 844.0, "the board ends {} px down", at(2));
    assert!(at(3) > at(2), "the text box comes after the board");
    assert!(at(4) <= 390.0, "the page is {} px wide", at(4));
}

/// Returns the contrast ratio of a CSS `rgb(r, g, b)` colour against
/// white, as WCAG 2 defines it.
fn contrast_with_white(css: &str) -> f64 {
    let channels: Vec<f64> = css
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .map(|c| c.trim().parse::<f64>().unwrap() / 255.0)
        .collect();
    let linear = |c: f64| {
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let l =
        0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2]);
    1.05 / (l + 0.05)
}

/// Item 11: the keyboard and a screen reader: cells reached and said,
/// the verdict in a live region, Ctrl+Enter solving from the text box,
/// the focus kept after a solve, and bulbs and grid lines at 3:1.
#[test]
fn the_page_works_by_keyboard_and_for_a_screen_reader() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    // The board takes the focus from the keyboard, and a cell moved to
    // is said.
    page.evaluate("document.getElementById('board').focus(); true");
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "ArrowDown", 0);
    let said = page.evaluate("document.getElementById('cell-said').textContent");
    assert_eq!(said, "r2c2: empty");
    let live = page.evaluate(
        "[document.getElementById('cell-said').getAttribute('aria-live'),
          document.getElementById('verdict').closest('[aria-live]')?.getAttribute('role')].join('|')",
    );
    assert_eq!(live, "polite|status");

    // Ctrl+Enter in the text box solves, and the focus stays there.
    let classic =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    page.evaluate(&format!(
        "{{ const box = document.getElementById('puzzle'); box.value = '{classic}'; box.focus(); }} true"
    ));
    press(&mut page, "Enter", 2);
    let (status, line) = page.hook();
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("unique", crate::common::EULER_1_SOLUTION)
    );
    assert_eq!(page.evaluate("document.activeElement.id"), "puzzle");
    // Solve from its button: disabled while it works, yet the focus is
    // back on it after the verdict.
    page.evaluate("{ const b = document.getElementById('solve'); b.focus(); b.click(); } true");
    page.hook();
    let focus = wait_for(
        &mut page,
        "!$('solve').disabled && $('status').textContent",
        "document.activeElement.id",
    );
    assert_eq!(focus, "solve");
    page.evaluate("document.getElementById('board').focus(); true");
    press(&mut page, "ArrowRight", 0);
    let said = page.evaluate("document.getElementById('cell-said').textContent");
    assert_eq!(said, "r1c1: solution 4", "a solved cell says its digit");

    // Contrast against the white board.
    let rules = "givens = ['.........', '.........', '.........', '.........', '.........', \
                 '.........', '.........', '.........', '.........']\n\
                 [[constraint]]\ntype = 'thermometer'\nlines = [['r1c1', 'r1c2', 'r1c3']]\n";
    let puzzle = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
    let link = sudoku_sat::formats::fpuzzles::link(puzzle, None, None);
    let mut page = harness.open(&format!("{}?p={}", harness.url, percent_encode(&link)));
    page.hook();
    let colours = page.evaluate(
        "JSON.stringify([getComputedStyle(document.querySelector('#board .thermo-bulb')).fill,
           getComputedStyle(document.querySelector('#board .thermo-line')).stroke,
           getComputedStyle(document.querySelector('#board .thin')).stroke])",
    );
    let colours: Vec<String> = serde_json::from_str(colours.as_str().unwrap()).unwrap();
    for colour in &colours {
        let ratio = contrast_with_white(colour);
        assert!(ratio >= 3.0, "{colour}: {ratio:.2}:1");
    }
}

/// Item 12: the empty page shows an empty grid and examples; each loads
/// and gets the library's own answer.
#[test]
fn the_empty_page_offers_examples_that_solve() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    assert_eq!(
        page.evaluate("document.querySelectorAll('#board text.given').length"),
        0
    );
    // The examples' texts, from the page's own file.
    let source = include_str!("../../web/examples.js");
    let texts: Vec<&str> = source
        .split("text: \"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    let names = page.evaluate(
        "JSON.stringify([...document.getElementById('examples').options].slice(1).map((o) => o.value))",
    );
    assert_eq!(
        names.as_str().unwrap(),
        r#"["classic","killer","thermo","jigsaw","sixteen"]"#
    );
    assert_eq!(texts.len(), 5);
    for (k, text) in texts.iter().enumerate() {
        let expected = library_outcome(text);
        let solution = expected.solution().expect("a unique example").to_string();
        assert_eq!(expected.status(), "unique", "example {k}");
        page.evaluate(&format!(
            "{{ const list = document.getElementById('examples');
               list.selectedIndex = {};
               list.dispatchEvent(new Event('change')); }} true",
            k + 1
        ));
        let shown = wait_for(
            &mut page,
            &format!("$('solution-line').textContent === '{solution}'"),
            "$('status').textContent",
        );
        assert_eq!(shown, "unique", "example {k}");
        assert_eq!(
            page.evaluate("document.getElementById('puzzle').value")
                .as_str()
                .unwrap(),
            *text
        );
    }
}

/// From 25×25 up the board is zoomed so that candidates (here a hint's)
/// are readable (10 px digits, against 3 px fitted in the panel), in a
/// panel that scrolls; a 9×9 board still fits its panel.
#[test]
fn a_25x25_board_zooms_until_candidates_are_readable() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false }),
    );
    let fitted = page.evaluate(
        "document.getElementById('board').getBoundingClientRect().width
           <= document.getElementById('board-panel').getBoundingClientRect().width",
    );
    assert_eq!(fitted, true, "a 9x9 board fits its panel");

    let text = super::pattern_puzzle(25, 5, 85, 11);
    let url = format!("{}?p={}", harness.url, percent_encode(&text));
    let mut page = harness.open(&url);
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false }),
    );
    assert_eq!(page.hook().0, "unique");
    // A hint shows every open cell's candidates.
    page.evaluate("document.getElementById('hint').click(); true");
    // The smallest candidate on the board, in screen pixels, and how the
    // board sits in its panel.
    let measure = "(() => {
           const svg = $('board');
           const scale = svg.getScreenCTM().a;
           const sizes = [...svg.querySelectorAll('text.cand')].map((t) => Number(t.getAttribute('font-size')) * scale);
           const wrap = $('board-wrap');
           return JSON.stringify([Math.min(...sizes), svg.getBoundingClientRect().width,
                                  wrap.scrollWidth > wrap.clientWidth]);
         })()";
    let zoomed = wait_for(&mut page, "$('board').querySelector('text.cand')", measure);
    let (smallest, width, scrolls): (f64, f64, bool) = serde_json::from_str(&zoomed).unwrap();
    assert!(smallest >= 9.5, "candidates {smallest:.1} px tall");
    assert!(
        width > 458.0 && scrolls,
        "{width} px wide, scrolls: {scrolls}"
    );

    page.evaluate(
        "{ const zoom = document.getElementById('zoom');
           zoom.value = 'fit';
           zoom.dispatchEvent(new Event('change')); } true",
    );
    let fit = wait_for(&mut page, "true", measure);
    let (smallest, width, scrolls): (f64, f64, bool) = serde_json::from_str(&fit).unwrap();
    assert!(smallest < 5.0, "fitted, candidates are {smallest:.1} px");
    assert!(
        width <= 640.0 && !scrolls,
        "{width} px wide, scrolls: {scrolls}"
    );
}
