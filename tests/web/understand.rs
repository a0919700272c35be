//! Understanding a puzzle in the page, in headless Chromium: hints (the
//! next step in words with its cells and candidates marked, applied, and
//! the whole walk listed), the minimal core of a puzzle with no solution
//! marked on the board, and the setter's check (needed and redundant
//! givens), each against the library's own answer.

use std::collections::BTreeSet;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::hint::Hinter;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::setter::{Analysis, analyze};
use sudoku_sat::solve::unsat_core::CoreFinder;

use super::devtools::{Harness, Page, percent_encode};
use super::page::wait_for;
use super::ready;

/// Euler's Grid 01.
const CLASSIC: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn puzzle_of(text: &str) -> Puzzle {
    parse_str(text, Format::Auto).expect("a valid puzzle")[0]
        .puzzle
        .clone()
}

/// Returns the 0-based cells the board marks with `class` (the overlay's
/// squares, by `data-at`).
fn marked(page: &mut Page, class: &str) -> BTreeSet<usize> {
    let cells = page.evaluate(&format!(
        "JSON.stringify([...document.querySelectorAll('#board .overlay rect.{class}')]
           .map((r) => Number(r.dataset.at)))"
    ));
    serde_json::from_str::<Vec<usize>>(cells.as_str().expect("a JSON string"))
        .unwrap()
        .into_iter()
        .collect()
}

fn click(page: &mut Page, id: &str) {
    page.evaluate(&format!("document.getElementById('{id}').click(); true"));
}

#[test]
fn a_hint_is_shown_with_its_cells_applied_and_the_walk_listed() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    let mut page = harness.open(&format!("{}?p={CLASSIC}", harness.url));
    assert_eq!(page.hook().0, "unique");

    // The library's walk from the same givens.
    let puzzle = puzzle_of(CLASSIC);
    let mut hinter = Hinter::new(&puzzle, &Encoding::default()).unwrap();
    let steps = hinter.walk(true).unwrap().steps;
    let size = puzzle.givens().size();
    let cells_of =
        |k: usize| -> BTreeSet<usize> { steps[k].cells.iter().map(|c| c.index(size)).collect() };

    click(&mut page, "hint");
    let text = wait_for(
        &mut page,
        "$('hint-text').textContent.startsWith('Step')",
        "$('hint-text').textContent",
    );
    assert_eq!(
        text,
        format!("Step 1 of {}: {}", steps.len(), steps[0].text)
    );
    assert_eq!(marked(&mut page, "hint-cell"), cells_of(0));
    // The step's placement is marked among the candidates, and the
    // solution is not on the board while a hint is.
    let (cell, digit) = steps[0].placed[0];
    let marked_in = page.evaluate(
        "JSON.stringify([...document.querySelectorAll('#board .cand-in')].map((t) => t.textContent))",
    );
    assert_eq!(
        marked_in.as_str().unwrap(),
        format!("[\"{}\"]", digit.get())
    );
    assert_eq!(
        page.evaluate("document.querySelectorAll('#board text.solved').length"),
        0
    );

    // Apply: the digit is placed, and the next hint is step 2.
    click(&mut page, "apply");
    let placed = page.evaluate(&format!(
        "document.querySelector('#board text.hinted[data-at=\"{}\"]')?.textContent ?? 'none'",
        cell.index(size)
    ));
    assert_eq!(placed.as_str().unwrap(), digit.get().to_string());
    let text = page.evaluate("document.getElementById('hint-text').textContent");
    assert_eq!(
        text.as_str().unwrap(),
        format!("Step 2 of {}: {}", steps.len(), steps[1].text)
    );
    assert_eq!(marked(&mut page, "hint-cell"), cells_of(1));

    // All steps: the whole walk, in order; a click on step 5 shows it,
    // with every placement before it on the board.
    click(&mut page, "all-steps");
    let listed = wait_for(
        &mut page,
        "!$('hint-steps').hidden",
        "JSON.stringify([...$('hint-steps').children].map((li) => li.textContent))",
    );
    let listed: Vec<String> = serde_json::from_str(&listed).unwrap();
    let expected: Vec<String> = steps.iter().map(|s| s.text.clone()).collect();
    assert_eq!(listed, expected);
    page.evaluate("document.querySelector('#hint-steps li[data-step=\"4\"]').click(); true");
    let text = page.evaluate("document.getElementById('hint-text').textContent");
    assert_eq!(
        text.as_str().unwrap(),
        format!("Step 5 of {}: {}", steps.len(), steps[4].text)
    );
    assert_eq!(marked(&mut page, "hint-cell"), cells_of(4));
    let hinted = page.evaluate("document.querySelectorAll('#board text.hinted').length");
    let before: usize = steps[..4].iter().map(|s| s.placed.len()).sum();
    assert_eq!(hinted, before);

    // Hide: the solution is back.
    click(&mut page, "hide-hint");
    assert_eq!(
        page.evaluate("document.querySelectorAll('#board text.solved').length"),
        81 - 32
    );
}

#[test]
fn no_solution_marks_the_minimal_core_on_the_board() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    // Grid 01 with r1c1 = 5 where its solution has 4: no two givens
    // clash, and the core is a handful of them.
    let text = format!("5{}", &CLASSIC[1..]);
    let mut page = harness.open(&format!("{}?p={text}", harness.url));
    assert_eq!(page.hook().0, "none");
    let words = wait_for(
        &mut page,
        "$('core').textContent.includes('alone')",
        "$('core').textContent",
    );
    let core = CoreFinder::new(Encoding::default())
        .minimal_core_of(&puzzle_of(&text))
        .unwrap()
        .expect("no solution");
    let size = puzzle_of(&text).givens().size();
    let expected: BTreeSet<usize> = core.givens.iter().map(|(c, _)| c.index(size)).collect();
    assert!(expected.contains(&0), "r1c1 is in the core");
    assert_eq!(marked(&mut page, "core"), expected);
    for (cell, digit) in &core.givens {
        assert!(words.contains(&format!("{cell}={digit}")), "{words}");
    }

    // A constraint in the core: a cage of total 3 on r1c1-r1c2 cannot
    // hold the 3 given in r1c1.
    let rules = "givens = ['3........', '.........', '.........', '.........', '.........', \
                 '.........', '.........', '.........', '.........']\n\
                 [[constraint]]\ntype = 'killercage'\ncells = ['r1c1', 'r1c2']\nvalue = 3\n";
    let puzzle = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
    let link = sudoku_sat::formats::fpuzzles::link(puzzle, None, None);
    let mut page = harness.open(&format!("{}?p={}", harness.url, percent_encode(&link)));
    assert_eq!(page.hook().0, "none");
    let words = wait_for(
        &mut page,
        "$('core').textContent.includes('alone')",
        "$('core').textContent",
    );
    assert!(words.contains("killercage"), "{words}");
    assert_eq!(marked(&mut page, "core"), BTreeSet::from([0]));
    assert_eq!(marked(&mut page, "core-rule"), BTreeSet::from([0, 1]));
}

#[test]
fn the_check_marks_needed_and_redundant_givens() {
    let Some(browser) = ready() else { return };
    let harness = Harness::start(&browser);
    // Grid 01 with four givens more (from its solution): some givens are
    // now redundant.
    let solution = crate::common::EULER_1_SOLUTION;
    let mut text = CLASSIC.to_string();
    for at in [0, 1, 40, 80] {
        text.replace_range(at..=at, &solution[at..=at]);
    }
    let mut page = harness.open(&format!("{}?p={text}", harness.url));
    assert_eq!(page.hook().0, "unique");
    click(&mut page, "check");
    let words = wait_for(
        &mut page,
        "$('check-result').textContent.startsWith('Unique')",
        "$('check-result').textContent",
    );
    let puzzle = puzzle_of(&text);
    let size = puzzle.givens().size();
    let Analysis::Unique {
        needed, redundant, ..
    } = analyze(&puzzle, &Encoding::default()).unwrap()
    else {
        panic!("unique");
    };
    assert!(!redundant.is_empty(), "the fixture has redundant givens");
    let needed: BTreeSet<usize> = needed.iter().map(|(c, ..)| c.index(size)).collect();
    let redundant: BTreeSet<usize> = redundant.iter().map(|(c, _)| c.index(size)).collect();
    assert_eq!(marked(&mut page, "needed"), needed, "{words}");
    assert_eq!(marked(&mut page, "redundant"), redundant, "{words}");
}
