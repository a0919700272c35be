//! The generator: determinism, uniqueness and minimality re-checked by the
//! backtracker, symmetry, and templates with constraints.

use super::*;
use crate::backtrack::{Backtracker, Verdict};
use crate::encode::Encoding;
use crate::grid::Size;
use crate::rate::Level;
use crate::rules::{Constraint, Diagonal, Direction, KillerCage};
use crate::setter::{Analysis, analyze};
use crate::shape::Shape;
use crate::solve::backtrack;

/// Checks with the backtracker alone that `made` is unique with its
/// solution and that removing any orbit gives several solutions.
fn recheck(made: &Generated) {
    let bt = Backtracker::default();
    let puzzle = &made.puzzle;
    assert_eq!(
        backtrack(bt, puzzle).verdict,
        Verdict::Unique(made.solution.clone())
    );
    let given: Vec<Cell> = puzzle.givens().givens().map(|(c, _)| c).collect();
    let mut covered: Vec<Cell> = made.needed.iter().flatten().copied().collect();
    covered.sort();
    assert_eq!(covered, given, "every given is in one needed orbit");
    for orbit in &made.needed {
        let mut fewer = puzzle.givens().clone();
        for &c in orbit {
            fewer.set(c, None);
        }
        let fewer = with_givens(puzzle, fewer);
        assert!(
            matches!(backtrack(bt, &fewer).verdict, Verdict::Multiple(..)),
            "{orbit:?} is redundant in {}",
            puzzle.givens()
        );
    }
}

/// Checks with the backtracker that `made` is unique with its solution,
/// and that every given is in a needed or an unsettled orbit.
fn unique_with_each_given_needed_or_unsettled(made: &Generated) {
    let bt = Backtracker::default();
    assert_eq!(
        backtrack(bt, &made.puzzle).verdict,
        Verdict::Unique(made.solution.clone())
    );
    let mut covered: Vec<Cell> = made
        .needed
        .iter()
        .chain(&made.unsettled)
        .flatten()
        .copied()
        .collect();
    covered.sort();
    let given: Vec<Cell> = made.puzzle.givens().givens().map(|(c, _)| c).collect();
    assert_eq!(covered, given, "every given is needed or unsettled");
}

fn classic(side: usize) -> Puzzle {
    Puzzle::new(Grid::empty(Size::from_side(side).unwrap()))
}

fn make(template: &Puzzle, options: Options, count: usize) -> Vec<Generated> {
    let mut generator = Generator::new(template, options);
    (0..count)
        .map(|_| generator.next_puzzle().unwrap())
        .collect()
}

#[test]
fn same_seed_same_puzzles_other_seed_others() {
    let lines = |seed| -> Vec<String> {
        make(
            &classic(9),
            Options {
                seed,
                ..Options::default()
            },
            3,
        )
        .iter()
        .map(|g| g.puzzle.givens().to_string())
        .collect()
    };
    let a = lines(1);
    assert_eq!(a, lines(1));
    assert_ne!(a, lines(2));
    assert_ne!(a[0], a[1]);
}

#[test]
fn puzzle_k_made_alone_is_the_kth_of_the_run() {
    let options = || Options {
        seed: 3,
        ..Options::default()
    };
    let run = make(&classic(6), options(), 4);
    let mut alone = Generator::new(&classic(6), options());
    for k in [3, 1] {
        let made = alone.puzzle_watched(k, &mut |_| true).unwrap();
        assert_eq!(made.puzzle, run[k as usize].puzzle, "puzzle {k}");
        assert_eq!(made.sat_calls, run[k as usize].sat_calls, "puzzle {k}");
    }
    // Making puzzles out of turn leaves the run's order alone.
    assert_eq!(alone.next_puzzle().unwrap().puzzle, run[0].puzzle);
}

#[test]
fn classic_puzzles_are_unique_and_minimal_by_the_backtracker() {
    for side in [4, 6, 9] {
        for made in make(&classic(side), Options::default(), 4) {
            recheck(&made);
        }
    }
}

#[test]
fn classic_puzzles_are_unique_and_minimal_by_a_fresh_sat_analysis() {
    // The backtracker steers classic removal and one shared solver
    // certifies it: a solver loaded for each puzzle alone must agree.
    for side in [4, 6, 9] {
        let options = Options {
            seed: 2,
            ..Options::default()
        };
        for made in make(&classic(side), options, 5) {
            let Analysis::Unique {
                solution,
                needed,
                redundant,
            } = analyze(&made.puzzle, &Encoding::default()).unwrap()
            else {
                panic!("{} is not unique", made.puzzle.givens());
            };
            assert_eq!(solution, made.solution);
            assert_eq!(redundant, [], "{}", made.puzzle.givens());
            assert_eq!(needed.len(), made.puzzle.givens().given_count());
            // The backtracker decided every removal: the one SAT call is
            // the certificate.
            assert_eq!(made.sat_calls, 1);
        }
    }
}

#[test]
fn symmetric_givens_stay_symmetric_and_no_orbit_is_removable() {
    for symmetry in Symmetry::ALL.into_iter().skip(1) {
        let options = Options {
            symmetry,
            seed: 5,
            ..Options::default()
        };
        for made in make(&classic(9), options, 2) {
            let givens = made.puzzle.givens();
            for cell in givens.size().all_cells() {
                for image in symmetry.orbit(cell, 9) {
                    assert_eq!(
                        givens.get(cell).is_some(),
                        givens.get(image).is_some(),
                        "{symmetry:?} {givens}"
                    );
                }
            }
            recheck(&made);
        }
    }
}

#[test]
fn a_jigsaw_diagonal_template_keeps_its_rules() {
    // A 6×6 jigsaw, plus a diagonal.
    let blocks = vec![
        0, 0, 0, 1, 1, 1, //
        0, 0, 2, 1, 1, 1, //
        0, 2, 2, 2, 3, 3, //
        4, 2, 2, 3, 3, 3, //
        4, 4, 4, 5, 5, 3, //
        4, 4, 5, 5, 5, 5,
    ];
    let shape = Shape::irregular(Size::from_side(6).unwrap(), blocks).unwrap();
    let template = Puzzle::new(Grid::empty(shape)).with(Constraint::Diagonal(Diagonal {
        direction: Direction::Negative,
    }));
    for made in make(&template, Options::default(), 3) {
        assert_eq!(made.puzzle.constraints(), template.constraints());
        assert_eq!(made.puzzle.shape(), template.shape());
        made.puzzle.check(&made.solution).unwrap();
        recheck(&made);
    }
}

#[test]
fn killer_cages_without_totals_get_them_and_may_need_no_givens() {
    // A 4×4 of eight dominoes, every cage without a total.
    let mut template = classic(4);
    for r in 0..4u8 {
        for c in [0u8, 2] {
            template = template.with(Constraint::KillerCage(KillerCage {
                cells: vec![Cell::new(r, c), Cell::new(r, c + 1)],
                total: None,
            }));
        }
    }
    let mut givens_seen = Vec::new();
    for made in make(&template, Options::default(), 6) {
        for c in made.puzzle.constraints() {
            let Constraint::KillerCage(cage) = c else {
                panic!("only cages")
            };
            let total: u32 = cage
                .cells
                .iter()
                .map(|&cell| u32::from(made.solution.get(cell).unwrap().get()))
                .sum();
            assert_eq!(cage.total, Some(total));
        }
        recheck(&made);
        givens_seen.push(made.puzzle.givens().given_count());
    }
    assert!(givens_seen.iter().all(|&n| n <= 16), "{givens_seen:?}");
}

#[test]
fn a_killer_template_that_forces_its_solution_gives_no_givens() {
    // Cages with totals that leave one solution: every cell its own cage.
    let solution = Grid::from_symbols(Size::from_side(4).unwrap(), "1234341221434321").unwrap();
    let mut template = classic(4);
    for cell in solution.size().all_cells() {
        template = template.with(Constraint::KillerCage(KillerCage {
            cells: vec![cell],
            total: Some(u32::from(solution.get(cell).unwrap().get())),
        }));
    }
    let made = make(&template, Options::default(), 1).remove(0);
    assert_eq!(made.puzzle.givens().given_count(), 0);
    assert_eq!(made.solution, solution);
    assert!(made.needed.is_empty());
    recheck(&made);
}

#[test]
fn a_template_with_no_solution_is_an_error() {
    let template = classic(4).with(Constraint::KillerCage(KillerCage {
        cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
        total: Some(2),
    }));
    let mut generator = Generator::new(&template, Options::default());
    assert!(matches!(
        generator.next_puzzle(),
        Err(GenerateError::NoSolution)
    ));
}

#[test]
fn a_target_level_is_met_or_refused_by_name() {
    let options = Options {
        level: Some(Level::Propagation),
        ..Options::default()
    };
    for made in make(&classic(9), options, 2) {
        assert_eq!(made.rating.as_ref().unwrap().level, Level::Propagation);
        recheck(&made);
    }
    // 4×4 puzzles never need search.
    let options = Options {
        level: Some(Level::Search),
        max_tries: 3,
        ..Options::default()
    };
    let mut generator = Generator::new(&classic(4), options);
    assert!(matches!(
        generator.next_puzzle(),
        Err(GenerateError::NoPuzzleAtLevel { tries: 3, .. })
    ));
}

#[test]
fn a_watcher_sees_each_step_and_can_stop_between_sat_calls() {
    let mut seen = Vec::new();
    let mut generator = Generator::new(&classic(9), Options::default());
    let made = generator
        .next_puzzle_watched(&mut |step| {
            seen.push(step);
            true
        })
        .unwrap();
    assert_eq!(seen[0], Step::Solution { attempt: 1 });
    // One report per orbit tried (81 single cells), in order, each with
    // the givens left before it.
    let removing: Vec<Step> = seen[1..82].to_vec();
    assert!(removing.iter().enumerate().all(|(k, step)| matches!(
        *step,
        Step::Removing { tried, orbits: 81, givens } if tried == k + 1 && givens >= 81 - k
    )));
    assert_eq!(seen[82..], [Step::ProvingMinimal, Step::Rating]);
    // The same seed, stopped at the tenth removal, gives no puzzle.
    let mut generator = Generator::new(&classic(9), Options::default());
    let mut calls = 0;
    let stopped = generator.next_puzzle_watched(&mut |step| {
        calls += 1;
        !matches!(step, Step::Removing { tried: 10, .. })
    });
    assert!(matches!(stopped, Err(GenerateError::Stopped)));
    assert_eq!(calls, 11, "no step after the stop");
    // Asked again, the stopped generator makes that same puzzle whole.
    let again = generator.next_puzzle().unwrap();
    assert_eq!(again.puzzle.givens(), made.puzzle.givens());
    // Without a stop the watcher changes nothing.
    let plain = Generator::new(&classic(9), Options::default())
        .next_puzzle()
        .unwrap();
    assert_eq!(plain.puzzle.givens(), made.puzzle.givens());
}

#[test]
fn steps_read_as_a_progress_line_shows_them() {
    let removing = Step::Removing {
        tried: 120,
        orbits: 625,
        givens: 400,
    };
    assert_eq!(
        removing.to_string(),
        "removing givens 120 of 625 (400 left)"
    );
    assert_eq!(Step::Solution { attempt: 1 }.to_string(), "solution");
    assert_eq!(
        Step::Solution { attempt: 3 }.to_string(),
        "solution (try 3)"
    );
    assert_eq!(Step::ProvingMinimal.to_string(), "proving minimal");
}

#[test]
fn bounded_removal_keeps_what_it_cannot_decide_and_stays_unique() {
    let bounded = |node_limit, seed| Options {
        seed,
        removal: Removal::Bounded { node_limit },
        ..Options::default()
    };
    let mut unsettled = 0;
    for seed in 0..6 {
        // No search at all: only what propagation decides is settled.
        let made = make(&classic(9), bounded(0, seed), 1).remove(0);
        unique_with_each_given_needed_or_unsettled(&made);
        unsettled += made.unsettled.len();
        // With room to search, every removal is decided: minimal.
        let made = make(
            &classic(9),
            bounded(Backtracker::DEFAULT_NODE_LIMIT, seed),
            1,
        )
        .remove(0);
        assert!(made.unsettled.is_empty());
        recheck(&made);
    }
    assert!(unsettled > 0, "propagation alone settles every removal");
}

/// From 25×25 up a template whose constraints the pattern grid keeps
/// starts from it with no SAT call, as a classic one does, and walks
/// away from it; one the pattern breaks is left to the pinned solver.
#[test]
fn a_big_template_the_pattern_keeps_starts_from_it() {
    use crate::rules::DisjointGroups;
    let disjoint = classic(36).with(Constraint::DisjointGroups(DisjointGroups));
    let pattern = crate::solve::pattern::pattern_solution(disjoint.givens()).unwrap();
    let mut rng = Rng::new(7);
    let drawn = solver_free_solution(&disjoint, &mut rng).expect("the pattern keeps the groups");
    assert_eq!(disjoint.check(&drawn), Ok(()));
    assert_ne!(drawn, pattern, "the walk left the pattern");
    // The pattern's r1c1 and r1c2 hold 1 and 2, which a cage of 5 refuses.
    let cage = classic(36).with(Constraint::KillerCage(KillerCage {
        cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
        total: Some(5),
    }));
    assert!(cage.check(&pattern).is_err());
    assert_eq!(solver_free_solution(&cage, &mut rng), None);
}

#[test]
fn a_pattern_cell_outside_the_grid_is_refused_not_a_panic() {
    let options = Options {
        pattern: Some(vec![Cell::new(0, 0), Cell::new(9, 2)]),
        ..Options::default()
    };
    let error = Generator::new(&classic(9), options)
        .next_puzzle()
        .unwrap_err();
    assert!(
        matches!(&error, GenerateError::Unsupported(why) if why.contains("r10c3")),
        "{error}"
    );
}

#[test]
fn auto_removal_budgets_big_templates_with_constraints_and_bounds_the_biggest() {
    let diagonal = |side| {
        classic(side).with(Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        }))
    };
    let nodes = Removal::DEFAULT_NODE_LIMIT;
    let budgeted = Removal::Budgeted {
        proof_bytes: Removal::DEFAULT_PROOF_BYTES,
    };
    assert_eq!(Removal::auto(&classic(9), nodes), Removal::Exact);
    assert_eq!(Removal::auto(&diagonal(9), nodes), Removal::Exact);
    assert_eq!(Removal::auto(&classic(16), nodes), Removal::Exact);
    assert_eq!(Removal::auto(&diagonal(16), nodes), budgeted);
    let bounded = Removal::Bounded { node_limit: nodes };
    assert_eq!(Removal::auto(&classic(25), nodes), bounded);
    assert_eq!(Removal::auto(&diagonal(25), nodes), bounded);
}

#[test]
fn budgeted_removal_keeps_what_runs_past_its_budget_and_stays_unique() {
    // A 6×6 with one diagonal: its removals need the SAT solver.
    let template = classic(6).with(Constraint::Diagonal(Diagonal {
        direction: Direction::Negative,
    }));
    let budgeted = |proof_bytes, seed| Options {
        seed,
        removal: Removal::Budgeted { proof_bytes },
        ..Options::default()
    };
    let mut unsettled = 0;
    for seed in 0..4 {
        // No proof at all: only removals decided without a conflict go.
        let made = make(&template, budgeted(0, seed), 1).remove(0);
        assert_eq!(made.removal.name(), "budgeted");
        unique_with_each_given_needed_or_unsettled(&made);
        unsettled += made.unsettled.len();
        // With the default budget, every removal is decided: the puzzle
        // exact removal makes, minimal.
        let roomy = make(&template, budgeted(Removal::DEFAULT_PROOF_BYTES, seed), 1).remove(0);
        let exact = Options {
            seed,
            ..Options::default()
        };
        let exact = make(&template, exact, 1).remove(0);
        assert!(roomy.unsettled.is_empty());
        assert_eq!(roomy.puzzle, exact.puzzle);
        recheck(&roomy);
    }
    assert!(unsettled > 0, "a budget of nothing settles every removal");
}
