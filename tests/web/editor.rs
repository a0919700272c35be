//! The page as a workbench, in headless Chromium: givens typed on the
//! board with real key presses, new puzzles of other shapes, the share
//! link kept in the address, undo and redo, and stepping through the
//! solutions of a puzzle with several (constraints drawn with the mouse:
//! `drawing.rs`).

use serde_json::{Value, json};

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::count::list_solutions;

use super::devtools::{Harness, Page};
use super::page::wait_for;
use super::ready;
use crate::common::EULER_1_SOLUTION;

/// Euler's Grid 01.
const CLASSIC: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Presses a key on the focused element, as a keyboard would: key down
/// (with its text for a printable key) and key up; `modifiers` as
/// DevTools counts them (2 is Ctrl).
pub(super) fn press(page: &mut Page, key: &str, modifiers: u32) {
    let (code, vk) = match key {
        "ArrowLeft" => ("ArrowLeft".to_string(), 37),
        "ArrowUp" => ("ArrowUp".to_string(), 38),
        "ArrowRight" => ("ArrowRight".to_string(), 39),
        "ArrowDown" => ("ArrowDown".to_string(), 40),
        "Delete" => ("Delete".to_string(), 46),
        "Backspace" => ("Backspace".to_string(), 8),
        "Enter" => ("Enter".to_string(), 13),
        _ => {
            let c = key.chars().next().expect("a key");
            let code = if c.is_ascii_digit() {
                format!("Digit{c}")
            } else {
                format!("Key{}", c.to_ascii_uppercase())
            };
            (code, c.to_ascii_uppercase() as u32)
        }
    };
    let printable = key.chars().count() == 1 && modifiers == 0;
    let mut down = json!({
        "type": if printable { "keyDown" } else { "rawKeyDown" },
        "key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": modifiers,
    });
    if printable {
        down["text"] = json!(key);
    }
    page.call("Input.dispatchKeyEvent", down);
    page.call(
        "Input.dispatchKeyEvent",
        json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk, "modifiers": modifiers }),
    );
}

/// Waits until the board shows `cells` cells, and says whether it did.
fn shows_cells(page: &mut Page, cells: usize) -> bool {
    let condition =
        format!("document.querySelectorAll('#board rect[data-cell]').length === {cells}");
    wait_for(page, &condition, "true") == "true"
}

/// Clicks cell `index` of the board (which selects and focuses it).
fn click_cell(page: &mut Page, index: usize) {
    page.evaluate(&format!(
        "document.querySelector('#board rect[data-cell=\"{index}\"]')
           .dispatchEvent(new MouseEvent('click', {{bubbles: true}})); true"
    ));
}

/// Returns the givens drawn on the board, cell by cell (0 for none).
fn givens_drawn(page: &mut Page) -> Vec<u64> {
    let drawn = page.evaluate(
        "(() => {
           const n = document.querySelectorAll('#board rect[data-cell]').length;
           const givens = new Array(n).fill(0);
           for (const t of document.querySelectorAll('#board text.given')) {
             givens[Number(t.dataset.at)] = Number(t.textContent);
           }
           return givens;
         })()",
    );
    serde_json::from_value(drawn).expect("a list of numbers")
}

/// Opens the page with no puzzle and waits for its empty grid of `cells`.
pub(super) fn fresh_page(harness: &Harness) -> Page {
    let mut page = harness.open(&harness.url);
    assert!(
        shows_cells(&mut page, 81),
        "a fresh page shows an empty 9x9 grid"
    );
    page
}

/// Types a puzzle line (`0` or `.` a blank) on the board: each row from
/// its first cell, clicked, then right along it with the arrow key.
fn type_puzzle(page: &mut Page, line: &str, n: usize) {
    let cells: Vec<char> = line.chars().collect();
    for r in 0..n {
        click_cell(page, r * n);
        for c in 0..n {
            let symbol = cells[r * n + c];
            if symbol != '0' && symbol != '.' {
                press(page, &symbol.to_string(), 0);
            }
            if c + 1 < n {
                press(page, "ArrowRight", 0);
            }
        }
    }
}

#[test]
fn givens_typed_on_the_board_make_the_puzzle_that_is_solved() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    assert_eq!(givens_drawn(&mut page), vec![0; 81]);

    type_puzzle(&mut page, CLASSIC, 9);
    // A stray digit, then Delete and Backspace clear what they are on.
    click_cell(&mut page, 0);
    press(&mut page, "7", 0);
    press(&mut page, "ArrowDown", 0);
    press(&mut page, "5", 0);
    assert_eq!(givens_drawn(&mut page)[0], 7);
    assert_eq!(givens_drawn(&mut page)[9], 5, "r2c1 was 9, now 5");
    press(&mut page, "9", 0);
    press(&mut page, "ArrowUp", 0);
    press(&mut page, "Delete", 0);
    let expected: Vec<u64> = CLASSIC.bytes().map(|b| u64::from(b - b'0')).collect();
    assert_eq!(givens_drawn(&mut page), expected);
    press(&mut page, "4", 0);
    press(&mut page, "Backspace", 0);
    assert_eq!(givens_drawn(&mut page), expected);

    page.evaluate("document.getElementById('solve').click(); true");
    let (status, line) = page.hook();
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("unique", EULER_1_SOLUTION)
    );
}

#[test]
fn a_new_puzzle_takes_any_side_and_block_shape_and_letters_past_nine() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    let new_grid = |page: &mut Page, side: usize, blocks: &str| -> Value {
        page.evaluate(&format!(
            "(() => {{
               const side = document.getElementById('new-side');
               side.value = '{side}';
               side.dispatchEvent(new Event('input'));
               const shapes = [...document.getElementById('new-blocks').options].map((o) => o.value);
               document.getElementById('new-blocks').value = '{blocks}';
               document.getElementById('new').click();
               return shapes;
             }})()"
        ))
    };

    // 6×6 with blocks of 3 rows by 2 columns: six block borders a row
    // fewer than 2×3 would draw, and 7 is no digit of a 6×6 grid.
    let shapes = new_grid(&mut page, 6, "3x2");
    assert_eq!(shapes, json!(["2x3", "1x6", "3x2", "6x1"]));
    assert!(shows_cells(&mut page, 36));
    click_cell(&mut page, 0);
    press(&mut page, "7", 0);
    press(&mut page, "6", 0);
    let mut expected = vec![0; 36];
    expected[0] = 6;
    assert_eq!(givens_drawn(&mut page), expected);
    // Where the thick lines run tells the block shape: 3 tall, 2 wide.
    let thick = page.evaluate(
        "JSON.stringify([...document.querySelectorAll('#board line.thick')]
           .map((l) => [l.getAttribute('x1'), l.getAttribute('y1'), l.getAttribute('x2'), l.getAttribute('y2')].map(Number))
           .map(([x1, y1, x2, y2]) => x1 === x2 ? 'v' + ((x1 - 40) / 40) : 'h' + ((y1 - 40) / 40)))",
    );
    let thick: Vec<String> = serde_json::from_str(thick.as_str().unwrap()).unwrap();
    let mut kinds: Vec<&str> = thick.iter().map(String::as_str).collect();
    kinds.sort();
    kinds.dedup();
    assert_eq!(kinds, ["h3", "v2", "v4"], "blocks of 3 rows by 2 columns");

    // 16×16: letters past 9, and two digits typed in a row make 12.
    new_grid(&mut page, 16, "4x4");
    click_cell(&mut page, 0);
    press(&mut page, "g", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "1", 0);
    press(&mut page, "2", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "2", 0);
    press(&mut page, "9", 0);
    let drawn = givens_drawn(&mut page);
    assert_eq!(&drawn[..4], &[16, 12, 9, 0], "G, 1 then 2, 2 then 9");

    // 64×64, the largest side.
    new_grid(&mut page, 64, "8x8");
    assert!(shows_cells(&mut page, 4096));
    click_cell(&mut page, 4095);
    press(&mut page, "6", 0);
    press(&mut page, "4", 0);
    assert_eq!(givens_drawn(&mut page)[4095], 64);
}

/// Reads `text` with the library in `format` (the first puzzle).
pub(super) fn library_reads(text: &str, format: Format) -> Puzzle {
    parse_str(text, format)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .remove(0)
        .puzzle
}

#[test]
fn the_address_and_the_share_links_carry_the_puzzle_as_edited() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    assert_eq!(
        page.evaluate("location.search"),
        "",
        "an untouched grid is not put in the address"
    );
    type_puzzle(&mut page, CLASSIC, 9);
    let classic = library_reads(CLASSIC, Format::Auto);
    let shared = page.evaluate(
        "[location.href, document.getElementById('share-page').href,
          document.getElementById('share-fpuzzles').href,
          document.getElementById('share-sudokupad').href,
          document.getElementById('rules-file').textContent]",
    );
    let shared: Vec<String> = serde_json::from_value(shared).unwrap();
    let (address, payload) = shared[0].split_once("?p=").expect("the puzzle in ?p=");
    assert_eq!(address, harness.url);
    assert_eq!(shared[1], shared[0], "the page link is the address");
    assert_eq!(library_reads(payload, Format::Auto), classic, "?p=");
    assert!(shared[2].starts_with("https://www.f-puzzles.com/?load="));
    assert_eq!(
        library_reads(&shared[2], Format::Auto),
        classic,
        "f-puzzles"
    );
    assert!(shared[3].starts_with("https://sudokupad.app/fpuzzles"));
    assert_eq!(
        library_reads(&shared[3], Format::Auto),
        classic,
        "SudokuPad"
    );
    assert_eq!(library_reads(&shared[4], Format::Rules), classic, "rules");

    // A reload keeps the puzzle, and solves it.
    let mut again = harness.open(&shared[0]);
    let (status, line) = again.hook();
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("unique", EULER_1_SOLUTION)
    );
    let expected: Vec<u64> = CLASSIC.bytes().map(|b| u64::from(b - b'0')).collect();
    assert_eq!(givens_drawn(&mut again), expected);

    // A puzzle read from the box is put in the address too, rules and all.
    let rules = include_str!("../data/killer.toml");
    let killer = library_reads(rules, Format::Rules);
    page.evaluate(&format!(
        "document.getElementById('puzzle').value = {};
         document.getElementById('solve').click(); true",
        serde_json::to_string(rules).unwrap()
    ));
    assert_eq!(page.hook().0, "unique");
    // The address is written once the puzzle is read, before it is solved.
    let search = page.evaluate("location.search");
    let payload = search.as_str().unwrap().strip_prefix("?p=").expect("?p=");
    assert_eq!(
        library_reads(payload, Format::Auto),
        killer,
        "killer in ?p="
    );
}

#[test]
fn undo_and_redo_step_over_every_edit() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = fresh_page(&harness);
    let givens = |page: &mut Page| -> Vec<(usize, u64)> {
        let drawn = givens_drawn(page);
        (0..drawn.len())
            .filter(|&i| drawn[i] != 0)
            .map(|i| (i, drawn[i]))
            .collect()
    };
    let buttons = |page: &mut Page| -> Value {
        page.evaluate(
            "[document.getElementById('undo').disabled, document.getElementById('redo').disabled]",
        )
    };
    assert_eq!(buttons(&mut page), json!([true, true]), "nothing to undo");
    click_cell(&mut page, 0);
    press(&mut page, "1", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "2", 0);
    press(&mut page, "ArrowRight", 0);
    press(&mut page, "3", 0);
    press(&mut page, "Delete", 0);
    assert_eq!(givens(&mut page), [(0, 1), (1, 2)]);

    // Ctrl+Z takes back the Delete, then the 3; Ctrl+Y puts the 3 back.
    press(&mut page, "z", 2);
    assert_eq!(givens(&mut page), [(0, 1), (1, 2), (2, 3)]);
    press(&mut page, "z", 2);
    assert_eq!(givens(&mut page), [(0, 1), (1, 2)]);
    press(&mut page, "y", 2);
    assert_eq!(givens(&mut page), [(0, 1), (1, 2), (2, 3)]);
    assert_eq!(buttons(&mut page), json!([false, false]));

    // The buttons, and a new grid undone like any edit.
    page.evaluate("document.getElementById('undo').click(); true");
    assert_eq!(givens(&mut page), [(0, 1), (1, 2)]);
    page.evaluate(
        "document.getElementById('new-side').value = '4';
         document.getElementById('new-side').dispatchEvent(new Event('input'));
         document.getElementById('new').click(); true",
    );
    assert!(shows_cells(&mut page, 16));
    assert_eq!(
        buttons(&mut page),
        json!([false, true]),
        "the new grid cut off redo"
    );
    page.evaluate("document.getElementById('undo').click(); true");
    assert!(shows_cells(&mut page, 81));
    assert_eq!(givens(&mut page), [(0, 1), (1, 2)]);
    // The address follows: it holds the puzzle undone to.
    let search = page.evaluate("location.search");
    let payload = search.as_str().unwrap().strip_prefix("?p=").expect("?p=");
    let mut line = ".".repeat(81);
    line.replace_range(0..2, "12");
    assert_eq!(
        library_reads(payload, Format::Auto),
        library_reads(&line, Format::Auto)
    );
    page.evaluate("document.getElementById('redo').click(); true");
    assert!(shows_cells(&mut page, 16));
    // Undo all the way: the empty grid the page opened with, and no further.
    for _ in 0..10 {
        press(&mut page, "z", 2);
    }
    assert!(shows_cells(&mut page, 81));
    assert_eq!(givens(&mut page), []);
    assert_eq!(buttons(&mut page), json!([true, false]));
}

/// Returns Euler's Grid 01 solved but for a rectangle of four cells in
/// two blocks whose digits can be swapped: a puzzle with exactly two
/// solutions, and those four cells.
fn two_solutions() -> (String, [usize; 4]) {
    let s: Vec<u8> = EULER_1_SOLUTION.bytes().collect();
    for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    if s[cells[0]] == s[cells[3]] && s[cells[1]] == s[cells[2]] {
                        let mut line = EULER_1_SOLUTION.to_string();
                        for &i in &cells {
                            line.replace_range(i..=i, ".");
                        }
                        return (line, cells);
                    }
                }
            }
        }
    }
    panic!("Grid 01's solution has no such rectangle");
}

#[test]
fn the_solutions_are_counted_and_stepped_through_with_their_differences() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let (text, rectangle) = two_solutions();
    let puzzle = library_reads(&text, Format::Auto);
    let listed = list_solutions(&puzzle, &Encoding::default(), 10).unwrap();
    let expected: Vec<String> = listed.solutions.iter().map(|g| g.to_string()).collect();
    assert_eq!(expected.len(), 2, "the library finds two");

    let mut page = harness.open(&format!("{}?p={}", harness.url, text));
    assert_eq!(page.hook().0, "multiple");
    let shown = |page: &mut Page| -> Value {
        page.evaluate(
            "[document.getElementById('step-at').textContent,
              document.getElementById('stepper').dataset.line,
              [...document.querySelectorAll('#board rect.cell.differs')].map((r) => Number(r.dataset.cell)),
              document.getElementById('previous').disabled, document.getElementById('next').disabled]",
        )
    };
    page.evaluate("document.getElementById('count-cap').value = '10'; document.getElementById('count').click(); true");
    let counted = wait_for(
        &mut page,
        "!$('count-result').textContent.startsWith('Counting')",
        "$('count-result').textContent",
    );
    assert_eq!(counted, "2 solutions, all listed.");
    let first = shown(&mut page);
    assert_eq!(
        first,
        json!(["solution 1 of 2", expected[0], [], true, false])
    );
    page.evaluate("document.getElementById('next').click(); true");
    let second = shown(&mut page);
    assert_eq!(
        second,
        json!(["solution 2 of 2", expected[1], rectangle, false, true]),
        "the rectangle's cells differ from the first solution"
    );
    page.evaluate("document.getElementById('previous').click(); true");
    assert_eq!(shown(&mut page), first);

    // A cap below the count: the first five of an empty 4×4's 288.
    page.evaluate(
        "document.getElementById('puzzle').value = '................';
         document.getElementById('solve').click(); true",
    );
    assert_eq!(page.hook().0, "multiple");
    page.evaluate("document.getElementById('count-cap').value = '5'; document.getElementById('count').click(); true");
    let counted = wait_for(
        &mut page,
        "!$('count-result').textContent.startsWith('Counting')",
        "$('count-result').textContent",
    );
    assert_eq!(counted, "More than 5 solutions (the first 5 listed).");
    let mut lines = Vec::new();
    for k in 0..5 {
        let at = shown(&mut page);
        assert_eq!(at[0], format!("solution {} of 5", k + 1));
        lines.push(at[1].as_str().unwrap().to_string());
        page.evaluate("document.getElementById('next').click(); true");
    }
    let four = library_reads("................", Format::Auto);
    for line in &lines {
        let grid = Grid::from_symbols(four.shape().clone(), line).expect("a full 4x4 grid");
        assert_eq!(grid.check_solution(four.givens()), Ok(()), "{line}");
    }
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 5, "five different solutions");
}
