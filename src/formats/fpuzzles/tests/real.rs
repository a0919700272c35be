//! Real puzzles of the shared variant sets, solved to their published answers or refused by name.

use super::*;
use crate::solve::Outcome;
use crate::solve::sat::SatSolver;

/// Every real puzzle of the shared variant sets (the corpus, the held-out
/// set gathered later, and the rarer keys' set) is read, every key of its
/// row understood, and solved to its published answer, uniquely; it
/// survives our own link and rules file. None is ever answered wrongly.
#[test]
fn real_puzzles_solve_to_their_published_answers() {
    for file in ["corpus.tsv", "heldout.tsv", "language.tsv"] {
        let Some(rows) = shared(file) else { continue };
        for row in &rows {
            let (id, payload, answer) = (&row[0], &row[3], &row[4]);
            let imported = read(payload).unwrap_or_else(|e| panic!("{file} {id}: {e}"));
            let outcome = SatSolver::default().solve_puzzle(&imported.puzzle).unwrap();
            let Outcome::Unique(solution) = outcome else {
                panic!("{file} {id}: {}", outcome.status());
            };
            assert_eq!(&solution.to_string(), answer, "{file} {id}");
            let relinked = read(&link(&imported.puzzle, None, None)).unwrap();
            assert_eq!(relinked.puzzle.shape(), imported.puzzle.shape(), "{id}");
            assert_eq!(relinked.puzzle.givens(), imported.puzzle.givens(), "{id}");
            assert_eq!(
                relinked.puzzle.constraints().len(),
                imported.puzzle.constraints().len(),
                "{id}"
            );
            let file_text =
                crate::formats::rules_file::write(&imported.puzzle, &Default::default());
            let (reread, _) = crate::formats::rules_file::read(&file_text)
                .unwrap_or_else(|e| panic!("{id}: {e}\n{file_text}"));
            assert_eq!(reread, imported.puzzle, "{id}");
        }
    }
}

#[test]
fn real_parity_puzzles_solve_to_their_published_answers() {
    let Some(rows) = shared("language.tsv") else {
        return;
    };
    let mut solved = 0;
    for row in rows
        .iter()
        .filter(|row| row[1].split(',').any(|k| k == "parity"))
    {
        let (id, payload, answer) = (&row[0], &row[3], &row[4]);
        let imported = match read(payload) {
            Ok(imported) => imported,
            Err(FpuzzlesError::Unsupported { .. }) => continue,
            Err(e) => panic!("{id}: {e}"),
        };
        let outcome = SatSolver::default().solve_puzzle(&imported.puzzle).unwrap();
        let Outcome::Unique(solution) = outcome else {
            panic!("{id}: {}", outcome.status());
        };
        assert_eq!(&solution.to_string(), answer, "{id}");
        solved += 1;
    }
    // orbit and the two constructed parity puzzles.
    assert_eq!(solved, 3);
}
