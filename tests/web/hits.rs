//! What a new user hit on the page (issue #30, items 7 to 12), in
//! headless Chromium: a big board redrawn in place, a SudokuPad link that
//! is not an f-puzzles one, several puzzles pasted, the board near the
//! top on a phone, the keyboard and a screen reader, and the examples of
//! an empty page.

use sudoku_sat::formats::text::{Format, parse_str};

use super::devtools::{Harness, percent_encode};
use super::page::wait_for;
use super::ready;

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
        "const which = document.getElementById('which');
         which.value = '1';
         which.dispatchEvent(new Event('change')); true",
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
