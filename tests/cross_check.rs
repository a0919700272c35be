//! The backtracker's cross-check on the shared variant corpus: never a
//! wrong answer, and decided within its node limit on nearly every
//! puzzle whose rules the tool implements.

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::formats::fpuzzles;
use sudoku_sat::solve::backtrack;

#[test]
fn the_backtracker_decides_the_variant_corpus_and_is_never_wrong() {
    let path = crate::common::variants_dir().join("corpus.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::common::skipped(format_args!(
            "{} is absent; the cross-check on the variant corpus",
            path.display()
        ));
        return;
    };
    let (mut read, mut decided) = (0, 0);
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (id, payload, solution) = (fields[0], fields[3], fields[4]);
        let Ok(imported) = fpuzzles::read(payload) else {
            continue; // a rule the tool does not implement, refused by name
        };
        read += 1;
        match backtrack(Backtracker::default(), &imported.puzzle).verdict {
            Verdict::Unique(grid) => {
                assert_eq!(grid.to_string(), solution, "{id}: a wrong solution");
                decided += 1;
            }
            Verdict::GaveUp => {}
            other => panic!("{id}: the corpus's puzzles are unique, not {other:?}"),
        }
    }
    // 106 of 136 before sums pruned by their completions and the search
    // branched by dom/wdeg; 130 since (docs/performance.md); 131 of 137
    // once the cell key `parity` was read (orbit).
    assert!(read >= 137, "{read} corpus puzzles read");
    assert!(decided >= 131, "only {decided} of {read} decided");
}

/// A variant puzzle's check runs in turn, and the SAT call moves to a
/// thread beside it once its first nodes have not decided it: the
/// verdicts, and the nodes after which a check gives up, are those of the
/// check in turn, at limits below, around and past that switch.
#[test]
fn a_variant_check_beside_the_sat_call_answers_as_in_turn() {
    use sudoku_sat::grid::{Cell, Digit, Grid, Size};
    use sudoku_sat::puzzle::Puzzle;
    use sudoku_sat::rules::{AntiKing, AntiKnight, Constraint, NonConsecutive};
    use sudoku_sat::solve::sat::SatSolver;
    use sudoku_sat::solve::{Checked, CrossCheck, Outcome};

    // The miracle rules on an empty grid: many solutions, and thousands
    // of nodes before the backtracker finds two.
    let miracle = Puzzle::new(Grid::empty(Size::NINE))
        .with(Constraint::AntiKnight(AntiKnight))
        .with(Constraint::AntiKing(AntiKing))
        .with(Constraint::NonConsecutive(NonConsecutive::default()));
    let mut clash = Grid::empty(Size::NINE);
    clash.set(Cell::new(0, 0), Digit::new(1));
    clash.set(Cell::new(1, 2), Digit::new(1));
    let knights = Puzzle::new(clash).with(Constraint::AntiKnight(AntiKnight));
    let needed = backtrack(Backtracker::default(), &miracle).nodes;
    assert!(needed > 1000, "the miracle grid took {needed} nodes");
    for limit in [0, 150, 250, 1500, Backtracker::DEFAULT_NODE_LIMIT] {
        for puzzle in [&miracle, &knights] {
            let answers: Vec<(Outcome, CrossCheck)> = [false, true]
                .into_iter()
                .map(|beside| {
                    let report = Checked::new(SatSolver::default(), Some(Backtracker::new(limit)))
                        .check_beside(beside)
                        .solve(puzzle)
                        .unwrap();
                    (report.outcome, report.check)
                })
                .collect();
            assert_eq!(answers[0], answers[1], "node limit {limit}");
            let (outcome, check) = &answers[0];
            if puzzle == &knights {
                assert_eq!(outcome, &Outcome::Unsolvable);
                assert_eq!(check, &CrossCheck::Agree);
            } else if limit < needed {
                assert_eq!(check, &CrossCheck::GaveUp { nodes: limit + 1 });
            } else {
                assert!(matches!(outcome, Outcome::Multiple(..)));
                assert_eq!(check, &CrossCheck::Agree);
            }
        }
    }
}
