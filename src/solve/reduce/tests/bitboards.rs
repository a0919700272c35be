//! The classic 9×9 propagation on band bitboards: the groups' fixpoint,
//! settled puzzles, clashing givens, and probing.

use super::*;

/// The classic 9×9 propagation on band bitboards reaches the groups'
/// fixpoint, singles and locked candidates, value for value, and finds the
/// same contradictions.
#[test]
fn classic_propagation_matches_the_groups() {
    let nine = Shape::square(Size::NINE);
    let mut puzzles = classic_puzzles(7);
    puzzles.extend(random_puzzles(&nine, 200, 9));
    for rules in [RuleSet::Extended, RuleSet::Optimized] {
        let groups = Groups::new(&nine, rules);
        assert!(groups.classic);
        let (mut open, mut refuted, mut settled) = (0, 0, 0);
        for puzzle in &puzzles {
            let ours = classic::propagate(puzzle, false);
            let theirs = groups.propagate_with(puzzle, true);
            assert_eq!(ours, theirs, "{rules:?}: {puzzle}");
            match theirs {
                Err(Unsatisfiable) => refuted += 1,
                Ok(v) if v.contains(&None) => open += 1,
                Ok(_) => settled += 1,
            }
        }
        assert!(
            open > 100 && refuted > 50 && settled > 50,
            "{open} {refuted} {settled}"
        );
    }
    // The mask path is for the classic rules only: without "every house
    // holds every digit" there are no hidden singles to find.
    assert!(!Groups::new(&nine, RuleSet::Efficient).classic);
    assert!(
        !Groups::new(
            &Shape::square(Size::from_side(4).unwrap()),
            RuleSet::Extended
        )
        .classic
    );
}

/// A settled classic puzzle's true variables are those its values hold
/// true, one per cell, and they agree with the backtracker's solution;
/// an open one keeps its values.
#[test]
fn settled_puzzles_come_back_as_their_true_variables() {
    let (mut settled, mut open) = (0, 0);
    for puzzle in classic_puzzles(13) {
        let Ok(propagated) = settle_classic(&puzzle) else {
            continue;
        };
        let values = probe_classic(&puzzle).expect("settled or open, not refuted");
        assert_eq!(
            Propagated::from_values(values.clone()),
            propagated,
            "{puzzle}"
        );
        match &propagated {
            Propagated::Settled(true_vars) => {
                settled += 1;
                assert_eq!(true_vars.len(), 81);
                let crate::backtrack::Verdict::Unique(solution) =
                    crate::backtrack::Backtracker::default()
                        .solve(&puzzle)
                        .verdict
                else {
                    panic!("a settled puzzle has one solution: {puzzle}");
                };
                for (cell, &var) in Size::NINE.all_cells().zip(true_vars) {
                    let digit = solution.get(cell).expect("a solution fills every cell");
                    assert_eq!(var, 9 * cell.index(Size::NINE) + digit.index(), "{puzzle}");
                }
            }
            Propagated::Open(kept) => {
                open += 1;
                assert_eq!(kept, &values);
            }
        }
        assert_eq!(propagated.into_values(), values);
    }
    assert!(settled > 50 && open > 20, "{settled} {open}");
}

/// Probing on the classic bitboards reaches the fixpoint of the plain
/// probing written from the rules ([`reference::probe`]), value for value,
/// and finds the same contradictions.
#[test]
fn classic_probing_matches_the_plain_probing() {
    let nine = Shape::square(Size::NINE);
    let mut puzzles = classic_puzzles(17);
    puzzles.extend(random_puzzles(&nine, 60, 19));
    let (mut open, mut refuted, mut settled) = (0, 0, 0);
    for puzzle in &puzzles {
        let ours = probe_classic(puzzle).ok();
        let theirs = reference::probe(puzzle);
        assert_eq!(ours, theirs, "{puzzle}");
        match theirs {
            None => refuted += 1,
            Some(v) if v.contains(&None) => open += 1,
            Some(_) => settled += 1,
        }
    }
    assert!(
        open > 30 && refuted > 50 && settled > 50,
        "{open} {refuted} {settled}"
    );
}

/// Two givens sharing a digit in a row, a column or a block, on an
/// otherwise empty grid, are refuted by the mask propagation, with and
/// without probing, as by the groups. (Reading the givens refuses the
/// clash at once; locked candidates would find it too, by emptying one
/// of the two cells.)
#[test]
fn clashing_givens_are_refuted_in_every_house() {
    let nine = Shape::square(Size::NINE);
    let groups = Groups::new(&nine, RuleSet::Extended);
    // Cells 0 and then 8 (same row), 72 (same column), 20 (same block).
    for other in [8, 72, 20] {
        let mut line = vec![b'.'; 81];
        line[0] = b'5';
        line[other] = b'5';
        let text = String::from_utf8(line).unwrap();
        let puzzle = crate::formats::text::parse_str(&text, crate::formats::text::Format::Auto)
            .unwrap()[0]
            .grid()
            .clone();
        assert_eq!(
            classic::propagate(&puzzle, false),
            Err(Unsatisfiable),
            "{text}"
        );
        assert_eq!(probe_classic(&puzzle), Err(Unsatisfiable), "{text}");
        assert_eq!(
            groups.propagate_with(&puzzle, true),
            Err(Unsatisfiable),
            "{text}"
        );
    }
}

/// Probing is sound: what it fixes holds in every solution
/// the backtracker finds, and it refutes only puzzles without one. It
/// keeps everything propagation fixed and settles Euler puzzles that
/// propagation leaves open.
#[test]
fn probing_is_sound_and_settles_more() {
    let nine = Shape::square(Size::NINE);
    let groups = Groups::new(&nine, RuleSet::Extended);
    let settled = |v: &[Option<bool>]| v.iter().all(Option::is_some);
    let (mut settled_locked, mut settled_probed, mut multiple) = (0, 0, 0);
    for puzzle in classic_puzzles(11) {
        let locked = groups.propagate_locked(&puzzle);
        let probed = probe_classic(&puzzle);
        let solutions = match crate::backtrack::Backtracker::default()
            .solve(&puzzle)
            .verdict
        {
            crate::backtrack::Verdict::Unique(s) => vec![s],
            crate::backtrack::Verdict::Multiple(a, b) => {
                multiple += 1;
                vec![a, b]
            }
            crate::backtrack::Verdict::Unsolvable => {
                assert!(probed.is_err(), "{puzzle}");
                continue;
            }
            crate::backtrack::Verdict::GaveUp => unreachable!("9×9 puzzles are decided"),
        };
        let probed = probed.expect("a puzzle with a solution is not refuted");
        let locked = locked.expect("a puzzle with a solution is not refuted");
        for (i, (&p, &l)) in probed.iter().zip(&locked).enumerate() {
            assert!(l.is_none() || l == p, "variable {i}: {puzzle}");
            for solution in &solutions {
                let truth = solution.cells()[i / 9].map(|d| d.index()) == Some(i % 9);
                assert!(p.is_none_or(|p| p == truth), "variable {i}: {puzzle}");
            }
        }
        settled_locked += usize::from(settled(&locked));
        settled_probed += usize::from(settled(&probed));
    }
    assert!(multiple > 10, "{multiple}");
    assert!(
        settled_probed > settled_locked,
        "{settled_probed} vs {settled_locked}"
    );
}
