//! Hints are sound: no step removes a solution digit or places a wrong
//! one, and the path ends at the SAT solution.

use std::collections::BTreeSet;

use super::*;
use crate::formats::text::{Format, parse_str};
use crate::formats::{fpuzzles, rules_file};

fn puzzles(text: &str) -> Vec<Puzzle> {
    parse_str(text, Format::Auto)
        .unwrap()
        .into_iter()
        .map(|p| p.puzzle)
        .collect()
}

/// Applies every step from the givens to the end, checking each against
/// the solution, which must also pass the puzzle's own check; returns the
/// techniques used.
fn walk(puzzle: &Puzzle, name: &str) -> BTreeSet<Technique> {
    let mut hinter = Hinter::new(puzzle, &Encoding::default()).unwrap();
    let solution = hinter.solution().unwrap().clone();
    puzzle.check(&solution).unwrap();
    let mut used = BTreeSet::new();
    let mut steps = 0;
    while let Some(step) = hinter.next_step().unwrap() {
        for &(cell, digit) in &step.placed {
            assert_eq!(solution.get(cell), Some(digit), "{name}: {}", step.text);
        }
        for &(cell, digit) in &step.eliminated {
            assert_ne!(solution.get(cell), Some(digit), "{name}: {}", step.text);
        }
        assert!(
            !step.placed.is_empty() || !step.eliminated.is_empty(),
            "{name}: {}",
            step.text
        );
        if step.technique == Technique::Contradiction {
            // Each clause of a chain implies its own literal, the falsified
            // one none: no clause is shown twice, and the count says how
            // many there are.
            let distinct: BTreeSet<&String> = step.chain.iter().collect();
            assert_eq!(distinct.len(), step.chain.len(), "{name}: {step:?}");
            let count = count_clauses(step.chain.len());
            assert!(
                step.text.contains(&format!("({count})")),
                "{name}: {step:?}"
            );
        }
        used.insert(step.technique);
        hinter.apply(&step);
        steps += 1;
        let size = puzzle.givens().size();
        assert!(steps <= size.side() * size.cells(), "{name}: no end");
    }
    assert_eq!(hinter.grid(), &solution, "{name}");
    used
}

#[test]
fn every_euler_step_is_sound_and_the_path_ends_at_the_solution() {
    let mut used = BTreeSet::new();
    for (i, puzzle) in puzzles(include_str!("../../data/p096_sudoku.txt"))
        .iter()
        .enumerate()
    {
        used.extend(walk(puzzle, &format!("Grid {:02}", i + 1)));
    }
    // The 50 puzzles need more than singles.
    assert_uses(
        &used,
        &[
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Pointing,
            Technique::NakedPair,
        ],
    );
}

/// Checks that a walk used each of `techniques`.
fn assert_uses(used: &BTreeSet<Technique>, techniques: &[Technique]) {
    for technique in techniques {
        assert!(used.contains(technique), "{technique}: {used:?}");
    }
}

#[test]
fn small_and_large_grids_walk_to_their_solution() {
    for puzzle in puzzles(include_str!("../../tests/data/generated_4x4.txt")) {
        walk(&puzzle, "4x4");
    }
    let large = puzzles(include_str!("../../tests/data/generated_16x16.txt"));
    walk(&large[0], "16x16");
}

#[test]
fn a_hard_puzzle_needs_a_contradiction_whose_chain_is_in_explains_words() {
    // Arto Inkala's 2012 puzzle: singles, locked candidates and subsets
    // do not finish it.
    let puzzle = &puzzles(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    )[0];
    let used = walk(puzzle, "Inkala 2012");
    assert!(used.contains(&Technique::Contradiction), "{used:?}");
    let mut hinter = Hinter::new(puzzle, &Encoding::default()).unwrap();
    let step = loop {
        let step = hinter.next_step().unwrap().unwrap();
        if step.technique == Technique::Contradiction {
            break step;
        }
        hinter.apply(&step);
    };
    let (cell, digit) = step.eliminated[0];
    assert!(
        step.text.starts_with(&format!(
            "contradiction: if {cell} were {digit}, unit propagation"
        )),
        "{}",
        step.text
    );
    assert!(
        step.text
            .contains(&format!("({} clauses)", step.chain.len()))
    );
    assert!(step.chain.len() >= 2, "{:?}", step.chain);
    // The falsified clause comes last; every clause reads as explain reads
    // it.
    assert!(step.chain.last().unwrap().contains("every literal"));
    assert!(
        step.chain.iter().all(|w| w.contains("holds")),
        "{:?}",
        step.chain
    );
}

/// Steps 16, 80 and 82 of Inkala's puzzle as `docs/hints.md` prints
/// them: a contradiction whose chain depends on the order clauses fire
/// in, which this pins, an X-wing, and an XY-chain with its links.
#[test]
fn inkalas_steps_16_80_and_82_are_the_documented_ones() {
    let puzzle = &puzzles(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    )[0];
    let mut hinter = Hinter::new(puzzle, &Encoding::default()).unwrap();
    let steps = hinter.solve_all().unwrap();
    assert_eq!(steps.len(), 128);
    let step = &steps[15];
    assert_eq!(
        step.text,
        "contradiction: if r7c6 were 2, unit propagation would falsify a clause \
         (9 clauses); so r7c6 is not 2: remove 2 from r7c6"
    );
    assert_eq!(
        step.chain,
        [
            "r7c6 holds at most one of 2 and 4, so r7c6 is not 4",
            "r7c6 holds at most one of 2 and 9, so r7c6 is not 9",
            "row7 holds 9 somewhere: r7c1 or r7c2 or r7c3 or r7c4 or r7c5 or r7c6 or \
             r7c7 or r7c8 or r7c9, so r7c4 is 9",
            "col6 holds 9 somewhere: r1c6 or r2c6 or r3c6 or r4c6 or r5c6 or r6c6 or \
             r7c6 or r8c6 or r9c6, so r6c6 is 9",
            "r7c4 holds at most one of 4 and 9, so r7c4 is not 4",
            "r6c6 holds at most one of 6 and 9, so r6c6 is not 6",
            "block8 holds 4 somewhere: r7c4 or r7c5 or r7c6 or r8c4 or r8c5 or r8c6 or \
             r9c4 or r9c5 or r9c6, so r8c6 is 4",
            "col6 holds 6 somewhere: r1c6 or r2c6 or r3c6 or r4c6 or r5c6 or r6c6 or \
             r7c6 or r8c6 or r9c6, so r8c6 is 6",
            "r8c6 holds at most one of 4 and 6, but every literal of this clause is now \
             false",
        ]
    );
    assert_eq!(
        steps[79].text,
        "X-wing on 4: in rows 1 and 4, 4 can only go in columns 3 and 8; each of those \
         rows puts its 4 in a different one of those columns, so they have their 4s \
         there, and 4 is removed from the rest of them: 4 from r2c8"
    );
    let step = &steps[81];
    assert_eq!(
        step.text,
        "XY-chain: (9=5)r1c9-(5=3)r1c5-(3=6)r4c5-(6=9)r6c6; if r1c9 is not 9, the \
         chain makes r6c6 9, so one of the two holds, and what sees both loses it: 9 \
         from r6c9"
    );
    assert_eq!(
        step.chain,
        [
            "(9)r1c9=(5)r1c9: r1c9 holds only 9 and 5",
            "(5)r1c9-(5)r1c5: r1c9 and r1c5 see each other in row1: not both are 5",
            "(5)r1c5=(3)r1c5: r1c5 holds only 5 and 3",
            "(3)r1c5-(3)r4c5: r1c5 and r4c5 see each other in col5: not both are 3",
            "(3)r4c5=(6)r4c5: r4c5 holds only 3 and 6",
            "(6)r4c5-(6)r6c6: r4c5 and r6c6 see each other in block5: not both are 6",
            "(6)r6c6=(9)r6c6: r6c6 holds only 6 and 9",
        ]
    );
    assert_eq!(step.cells, puzzle_cells(&["r1c9", "r1c5", "r4c5", "r6c6"]));
}

fn puzzle_cells(names: &[&str]) -> Vec<Cell> {
    let nine = Size::from_side(9).unwrap();
    names
        .iter()
        .map(|n| Cell::from_name(n, nine).unwrap())
        .collect()
}

/// The windoku fixture's extra regions let propagation from the grid
/// alone rule candidates out, with no assumption: such a chain ends with
/// the clause that removes the candidate, once.
#[test]
fn a_candidate_ruled_out_by_the_grid_alone_shows_its_chain() {
    let (puzzle, _) = rules_file::read(include_str!("../../tests/data/windoku.toml")).unwrap();
    let mut hinter = Hinter::new(&puzzle, &Encoding::default()).unwrap();
    let steps = hinter.solve_all().unwrap();
    let from_grid: Vec<&Step> = steps
        .iter()
        .filter(|s| s.text.contains("unit propagation from the current grid"))
        .collect();
    assert!(!from_grid.is_empty());
    for step in from_grid {
        let (cell, digit) = step.eliminated[0];
        let last = step.chain.last().unwrap();
        assert!(
            last.ends_with(&format!("so {cell} is not {digit}")),
            "{last}"
        );
    }
    walk(&puzzle, "windoku.toml");
}

#[test]
fn a_killer_fixture_walks_with_named_cage_steps() {
    let (puzzle, _) = rules_file::read(include_str!("../../tests/data/killer.toml")).unwrap();
    let mut hinter = Hinter::new(&puzzle, &Encoding::default()).unwrap();
    let mut named = 0;
    while let Some(step) = hinter.next_step().unwrap() {
        if step.technique == Technique::Constraint {
            let (key, description) = step.constraint.clone().unwrap();
            assert_eq!(key, "killercage");
            assert!(step.text.contains(&description), "{}", step.text);
            named += 1;
        }
        hinter.apply(&step);
    }
    assert!(named > 0);
    assert_eq!(Some(hinter.grid()), hinter.solution());
    walk(&puzzle, "killer.toml");
}

#[test]
fn variant_puzzles_of_the_corpus_walk_soundly() {
    let Some(rows) = fpuzzles::tests::corpus() else {
        return;
    };
    for family in ["killercage", "thermometer", "arrow"] {
        let mut walked = 0;
        for row in rows.iter().filter(|r| r[1].split(',').any(|k| k == family)) {
            let Ok(imported) = fpuzzles::read(&row[3]) else {
                continue;
            };
            let used = walk(&imported.puzzle, &row[0]);
            assert!(!used.is_empty());
            walked += 1;
            if walked == 3 {
                break;
            }
        }
        assert!(walked > 0, "no {family} puzzle was read");
    }
}

#[test]
fn grids_without_one_solution_are_refused_and_a_solved_one_has_no_step() {
    let four = Size::from_side(4).unwrap();
    let grid = |line: &str| Puzzle::new(Grid::from_symbols(four, line).unwrap());
    let hint = |line: &str| Hinter::new(&grid(line), &Encoding::default());
    assert!(matches!(
        hint("11.............."),
        Err(HintError::Broken(_))
    ));
    assert!(matches!(
        hint("123............4"),
        Err(HintError::NoSolution)
    ));
    assert!(matches!(
        hint("1..............."),
        Err(HintError::Several(..))
    ));
    let solved = hint("1234341221434321").unwrap();
    assert!(solved.is_solved());
    assert!(solved.next_step().unwrap().is_none());
}

#[test]
fn a_naked_single_names_its_cell_and_digit() {
    let four = Size::from_side(4).unwrap();
    let puzzle = Puzzle::new(Grid::from_symbols(four, "123.............").unwrap());
    // Several solutions: a puzzle being set still gets its steps.
    let hinter = Hinter::unfinished(&puzzle, &Encoding::default()).unwrap();
    assert!(hinter.solution().is_none() && hinter.two_solutions().is_some());
    let step = hinter.next_step().unwrap().unwrap();
    assert_eq!(step.technique, Technique::NakedSingle);
    assert_eq!(step.placed, vec![(Cell::new(0, 3), Digit::new(4).unwrap())]);
    assert_eq!(
        step.text,
        "naked single: r1c4 can only hold 4, every other digit is ruled out; \
         place 4 in r1c4"
    );
}

/// The hard public sets, when present: `SUDOKU_SAT_SETS` names the folder
/// (as for `benches/rating_scale.py`), else `../shared/data/sets`.
fn hard_sets() -> Option<Vec<(String, Puzzle)>> {
    let dir = std::env::var("SUDOKU_SAT_SETS")
        .unwrap_or_else(|_| format!("{}/../shared/data/sets", env!("CARGO_MANIFEST_DIR")));
    let mut out = Vec::new();
    for (file, take) in [
        ("tdoku_magictour_top1465.txt", 150),
        ("norvig_top95.txt", 95),
        ("tdoku_forum_hardest_1905_11plus.txt", 100),
    ] {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{file}")) else {
            // Straight to the terminal, as a skip must be seen.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: {dir}/{file} is absent; the chain soundness sweep"
            );
            return None;
        };
        for (i, puzzle) in puzzles(&text).into_iter().take(take).enumerate() {
            out.push((format!("{file} #{}", i + 1), puzzle));
        }
    }
    Some(out)
}

/// On 345 hard puzzles no step removes a solution digit (`walk` checks
/// each), and every chain technique is used somewhere.
#[test]
fn chains_on_hard_puzzles_never_remove_a_solution_digit() {
    let Some(sets) = hard_sets() else {
        return;
    };
    let mut used = BTreeSet::new();
    for (name, puzzle) in &sets {
        used.extend(walk(puzzle, name));
    }
    assert_uses(
        &used,
        &[
            Technique::SimpleColouring,
            Technique::XChain,
            Technique::XyChain,
            Technique::Aic,
        ],
    );
}
