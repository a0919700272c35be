//! What a new user hit on the page (issue #30, items 7 to 12), in
//! headless Chromium: a big board redrawn in place, a SudokuPad link that
//! is not an f-puzzles one, several puzzles pasted, the board near the
//! top on a phone, the keyboard and a screen reader, and the examples of
//! an empty page.

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
