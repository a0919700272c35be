use super::*;
use crate::grid::Size;
use crate::propagate::Propagator;
use varisat::{CnfFormula, Var};

/// Propagation over the groups deduces exactly what unit propagation
/// over the encoded clauses deduces, on the cell-digit variables.
#[test]
fn groups_propagate_like_the_clauses() {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    for rules in [RuleSet::Minimal, RuleSet::Efficient, RuleSet::Extended] {
        let encoding = Encoding {
            rules,
            ..Encoding::default()
        };
        let mut cnf = CnfFormula::new();
        crate::encode::encode_rules(&Shape::square(Size::NINE), &encoding, &mut cnf);
        let propagator = Propagator::new(cnf.var_count(), cnf.iter());
        let groups = Groups::new(&Shape::square(Size::NINE), rules);
        // Each puzzle as given, and with its first blank cell filled
        // with each digit in turn, which often leads to a conflict.
        let mut conflicts = 0;
        for puzzle in puzzles.iter().take(20) {
            let blank = Size::NINE
                .all_cells()
                .find(|&c| puzzle.grid().get(c).is_none())
                .unwrap();
            let variants =
                std::iter::once(puzzle.grid().clone()).chain(Size::NINE.digits().map(|d| {
                    let mut grid = puzzle.grid().clone();
                    grid.set(blank, Some(d));
                    grid
                }));
            for grid in variants {
                let by_clauses = propagator.propagate(&vars::given_lits(&grid));
                let Ok(by_groups) = groups.propagate(&grid) else {
                    assert!(by_clauses.is_err(), "{rules:?}: {grid}");
                    conflicts += 1;
                    continue;
                };
                let by_clauses = by_clauses.unwrap();
                for (i, value) in by_groups.iter().enumerate() {
                    assert_eq!(*value, by_clauses.value(Var::from_index(i)), "{rules:?}");
                }
            }
        }
        assert!(conflicts > 20, "{rules:?}: {conflicts}");
    }
}

/// Locked candidates deduce everything the singles do and more, and
/// every value they fix agrees with the puzzle's solution (found by
/// the general solver); a full assignment is that solution.
#[test]
fn locked_candidates_are_sound_and_stronger() {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    let groups = Groups::new(&Shape::square(Size::NINE), RuleSet::Extended);
    let mut solver = crate::solve::sat::SatSolver::with_strategy(
        Encoding::default(),
        crate::solve::sat::Strategy::Fresh,
    );
    let fixed = |values: &[Option<bool>]| values.iter().filter(|v| v.is_some()).count();
    let (mut stronger, mut solved) = (0, 0);
    for puzzle in &puzzles {
        let grid = puzzle.grid();
        let crate::solve::Outcome::Unique(solution) = solver.solve(grid).unwrap() else {
            panic!("Euler puzzles have one solution");
        };
        let plain = groups.propagate(grid).unwrap();
        let locked = groups.propagate_locked(grid).unwrap();
        for (i, (&p, &l)) in plain.iter().zip(&locked).enumerate() {
            assert!(p.is_none() || p == l, "variable {i}");
            let truth = solution.cells()[i / 9].map(|d| d.index()) == Some(i % 9);
            assert!(l.is_none_or(|l| l == truth), "variable {i}");
        }
        stronger += usize::from(fixed(&locked) > fixed(&plain));
        solved += usize::from(fixed(&locked) == locked.len());
    }
    let plain_solved = puzzles
        .iter()
        .filter(|p| {
            groups
                .propagate(p.grid())
                .unwrap()
                .iter()
                .all(Option::is_some)
        })
        .count();
    assert!(stronger >= 5, "{stronger}");
    assert!(solved > plain_solved, "{solved} vs {plain_solved}");
}

/// Pointing: digit 1 of the top-left block can only sit in row 1
/// (rows 2 and 3 of the block are filled), so r1c4..r1c9 lose the 1,
/// which the singles alone do not find.
#[test]
fn pointing_removes_a_digit_from_the_line() {
    let mut rows = String::new();
    rows.push_str(".........");
    rows.push_str("234......");
    rows.push_str("567......");
    rows.push_str(&".".repeat(54));
    let grid = Grid::from_symbols(Size::NINE, &rows).unwrap();
    let groups = Groups::new(&Shape::square(Size::NINE), RuleSet::Extended);
    let one = crate::grid::Digit::new(1).unwrap();
    let x = |r, c| vars::var(Size::NINE, crate::grid::Cell::new(r, c), one).index();
    let plain = groups.propagate(&grid).unwrap();
    let locked = groups.propagate_locked(&grid).unwrap();
    for c in 3..9 {
        assert_eq!(plain[x(0, c)], None, "c{c}");
        assert_eq!(locked[x(0, c)], Some(false), "c{c}");
    }
    // The block's own row-1 cells stay open.
    assert_eq!(locked[x(0, 0)], None);
}

/// A plain propagation to compare against, written from the rules rather
/// than from [`Groups`]: candidates per cell-digit variable, and every
/// rule re-applied over the whole grid until nothing changes.
mod reference {
    use crate::encode::RuleSet;
    use crate::grid::{Cell, Grid, Shape};

    /// One constraint: its variables, and whether at least one / at most
    /// one of them holds.
    struct Group {
        vars: Vec<usize>,
        at_least_one: bool,
        at_most_one: bool,
    }

    /// Propagates `puzzle`'s givens under `rules` (with locked candidates
    /// when `locked`); `None` on a contradiction.
    pub fn propagate(
        shape: &Shape,
        rules: RuleSet,
        puzzle: &Grid,
        locked: bool,
    ) -> Option<Vec<Option<bool>>> {
        let (side, size) = (shape.side(), shape.size());
        let var = |cell: Cell, d: usize| cell.index(size) * side + d;
        let mut groups = Vec::new();
        for cell in size.all_cells() {
            groups.push(Group {
                vars: (0..side).map(|d| var(cell, d)).collect(),
                at_least_one: true,
                at_most_one: rules.has_cell_unique(),
            });
        }
        let houses: Vec<Vec<Cell>> = shape.houses().map(|h| shape.house_cells(h)).collect();
        for cells in &houses {
            for d in 0..side {
                groups.push(Group {
                    vars: cells.iter().map(|&c| var(c, d)).collect(),
                    at_least_one: rules.has_house_defined(),
                    at_most_one: true,
                });
            }
        }
        let mut values = vec![None; side * size.cells()];
        for (cell, digit) in puzzle.givens() {
            values[var(cell, digit.index())] = Some(true);
        }
        let locked = locked && rules.has_house_defined();
        loop {
            let before = values.clone();
            for group in &groups {
                let trues = group.vars.iter().filter(|&&v| values[v] == Some(true));
                let free: Vec<usize> = group
                    .vars
                    .iter()
                    .copied()
                    .filter(|&v| values[v].is_none())
                    .collect();
                match trues.count() {
                    0 if group.at_least_one && free.is_empty() => return None,
                    0 if group.at_least_one && free.len() == 1 => values[free[0]] = Some(true),
                    1 if group.at_most_one => free.iter().for_each(|&v| values[v] = Some(false)),
                    2.. if group.at_most_one => return None,
                    _ => {}
                }
            }
            for (a, house) in houses.iter().enumerate().filter(|_| locked) {
                for (_, other) in houses.iter().enumerate().filter(|&(b, _)| b != a) {
                    let shared: Vec<Cell> = house
                        .iter()
                        .copied()
                        .filter(|c| other.contains(c))
                        .collect();
                    if shared.len() < 2 {
                        continue;
                    }
                    for d in 0..side {
                        let open = |c: &Cell| values[var(*c, d)].is_none();
                        let placed = house.iter().any(|&c| values[var(c, d)] == Some(true));
                        if !placed && house.iter().filter(|c| open(c)).all(|c| shared.contains(c)) {
                            for c in other.iter().filter(|c| !shared.contains(c)) {
                                if values[var(*c, d)] == Some(true) {
                                    return None;
                                }
                                values[var(*c, d)] = Some(false);
                            }
                        }
                    }
                }
            }
            if values == before {
                return Some(values);
            }
        }
    }
}

/// Random puzzles on a shape: a few givens, each chosen among the digits
/// its row, column and block do not hold yet, so that most puzzles are
/// not refuted by their givens alone; and every tenth puzzle with one
/// given that clashes.
fn random_puzzles(shape: &Shape, count: usize, seed: u64) -> Vec<Grid> {
    let size = shape.size();
    let mut rng = crate::generate::rng::Rng::new(seed);
    (0..count)
        .map(|i| {
            let mut grid = Grid::empty(shape.clone());
            let mut cells: Vec<_> = size.all_cells().collect();
            rng.shuffle(&mut cells);
            let givens = size.cells() / 8 + rng.below(size.cells() / 4);
            for &cell in &cells[..givens] {
                let clash = i % 10 == 0 && grid.given_count() == givens / 2;
                let allowed: Vec<_> = size
                    .digits()
                    .filter(|&d| {
                        clash
                            || !size
                                .all_cells()
                                .any(|o| o != cell && grid.get(o) == Some(d) && shape.sees(cell, o))
                    })
                    .collect();
                if !allowed.is_empty() {
                    grid.set(cell, Some(allowed[rng.below(allowed.len())]));
                }
            }
            grid
        })
        .collect()
}

/// Propagation over the groups fixes exactly the values a plain
/// propagation from the rules fixes, and finds the same contradictions,
/// under every rule set, with and without locked candidates, on
/// rectangular blocks of several sizes and on a jigsaw.
#[test]
fn propagation_matches_a_plain_reference() {
    let six = Size::from_side(6).unwrap();
    // Blocks of six cells in reading order, shifted by three: each block
    // takes the end of one row and the start of the next.
    let jigsaw = Shape::irregular(six, (0..36).map(|i| ((i + 3) / 6 % 6) as u8).collect())
        .expect("six blocks of six cells");
    assert!(jigsaw.block_dims().is_none());
    let shapes = [
        Shape::square(Size::from_side(4).unwrap()),
        Shape::square(six),
        jigsaw,
        Shape::square(Size::NINE),
        Shape::square(Size::from_side(16).unwrap()),
    ];
    let rule_sets = [
        RuleSet::Minimal,
        RuleSet::Efficient,
        RuleSet::Extended,
        RuleSet::Optimized,
    ];
    for (s, shape) in shapes.iter().enumerate() {
        let count = if shape.side() > 9 { 6 } else { 40 };
        let puzzles = random_puzzles(shape, count, s as u64);
        for rules in rule_sets {
            let groups = Groups::new(shape, rules);
            let (mut open, mut refuted, mut stronger) = (0, 0, 0);
            for puzzle in &puzzles {
                for locked in [false, true] {
                    let ours = if locked {
                        groups.propagate_locked(puzzle)
                    } else {
                        groups.propagate(puzzle)
                    };
                    let theirs = reference::propagate(shape, rules, puzzle, locked);
                    assert_eq!(ours.ok(), theirs, "{rules:?} locked {locked}: {puzzle}");
                    match &theirs {
                        None => refuted += 1,
                        Some(v) if v.contains(&None) => open += 1,
                        Some(_) => {}
                    }
                }
                let plain = reference::propagate(shape, rules, puzzle, false);
                let with_locks = reference::propagate(shape, rules, puzzle, true);
                stronger += usize::from(plain != with_locks);
            }
            // The puzzles exercise both outcomes, and locked candidates
            // change something where the rules allow them.
            assert!(
                open > 0 && refuted > 0,
                "{rules:?} {shape:?}: {open} {refuted}"
            );
            if rules.has_house_defined() && shape.side() >= 6 {
                assert!(stronger > 0, "{rules:?} {shape:?}");
            }
        }
    }
}

/// The Euler puzzles, each as given and thinned: the givens of its
/// solution kept at random, so that some have several solutions and
/// propagation leaves much open; and each with its first blank cell
/// filled with every digit in turn, which often clashes.
fn classic_puzzles(seed: u64) -> Vec<Grid> {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    let mut rng = crate::generate::rng::Rng::new(seed);
    let mut grids = Vec::new();
    for puzzle in &puzzles {
        let grid = puzzle.grid().clone();
        let crate::backtrack::Verdict::Unique(solution) = crate::backtrack::Backtracker::default()
            .solve(&grid)
            .verdict
        else {
            panic!("Euler puzzles have one solution");
        };
        for keep in [22, 26, 30] {
            let mut thinned = Grid::empty(grid.shape().clone());
            for cell in Size::NINE.all_cells() {
                if rng.below(81) < keep {
                    thinned.set(cell, solution.get(cell));
                }
            }
            grids.push(thinned);
        }
        let blank = Size::NINE
            .all_cells()
            .find(|&c| grid.get(c).is_none())
            .unwrap();
        for digit in Size::NINE.digits() {
            let mut filled = grid.clone();
            filled.set(blank, Some(digit));
            grids.push(filled);
        }
        grids.push(grid);
    }
    grids
}

/// The classic 9×9 propagation on cell masks reaches the groups'
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
