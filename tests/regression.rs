//! Regression tests: each names the bug it pins, where it was found, and
//! what broke. Inputs found by fuzzing are kept here verbatim.

use std::path::Path;
use std::process::Command;

use sudoku_sat::formats::dimacs::answer::{Answer, AnswerErrorKind, read_answer};

use crate::common::temp_file;

/// Found by the hostile corpus (`decode` of `v 1073741823 0`): the answer
/// reader let literals up to 2^30 - 1 through, but varisat's variables end
/// at 2^28, so `Lit::from_dimacs` panicked in debug builds and, in
/// release, aliased another variable.
#[test]
fn answer_literal_past_varisat_largest_variable_is_refused() {
    let largest = 1isize << 28;
    let text = format!("s SATISFIABLE\nv {largest} -{largest} 0\n");
    let kind = read_answer(&text).unwrap_err().kind().clone();
    assert_eq!(kind, AnswerErrorKind::Contradiction(1 << 28));
    for too_large in [(1i64 << 28) + 1, (1 << 30) - 1, 1 << 40] {
        for sign in [1, -1] {
            let literal = sign * too_large;
            let text = format!("s SATISFIABLE\nv {literal} 0\n");
            let kind = read_answer(&text).unwrap_err().kind().clone();
            assert_eq!(kind, AnswerErrorKind::BadLiteral(literal.to_string()));
        }
    }
}

/// Found by the hostile corpus: the contradiction check kept a table
/// indexed by variable, so the 30-byte answer `v 268435456 0` made
/// `decode` allocate and touch 256 MiB (1 GiB for `v 1073741823`).
#[test]
fn answer_with_one_large_variable_stays_small() {
    let text = "s SATISFIABLE\nv 268435456 -5 3 0\n";
    let Ok(Answer::Sat(model)) = read_answer(text) else {
        panic!("a valid answer");
    };
    assert_eq!(model.len(), 3);
    assert_eq!(model[0].var().to_dimacs(), 268_435_456);
    let puzzle = b"....24...3.1....\n";
    if let Some(peak) = decode_peak_rss_kib(puzzle, text.as_bytes()) {
        assert!(peak < 64 * 1024, "peak RSS {peak} KiB");
    }
}

/// Found by fuzzing, target `answer` run with `-malloc_limit_mb=64` on the
/// code before the fix above (the first byte picks Euler grid 1 and the
/// extended encoding; the rest is the solver's output): a bare model
/// whose literal 100002176 made the contradiction table a 100 MB
/// allocation, reported as out of memory.
const FUZZ_ANSWER_OOM: &[u8] = b"\x020000000017\n88\n\n88\n  00000000176\n817\n88\n\n88\n  \
    00000000176\n88\n 00100002176\n8\n 00100002176\n86\n881010 0\n";

#[test]
fn answer_fuzz_oom_bare_model_with_a_large_literal() {
    let text = std::str::from_utf8(&FUZZ_ANSWER_OOM[1..]).expect("ASCII");
    let Ok(Answer::Sat(model)) = read_answer(text) else {
        panic!("a bare model is an answer");
    };
    assert_eq!(model.len(), 14);
    assert!(model.iter().any(|l| l.var().to_dimacs() == 100_002_176));
    let puzzle =
        b"003020600900305001001806400008102900700000008006708200002609500800203009005010300\n";
    if let Some(peak) = decode_peak_rss_kib(puzzle, text.as_bytes()) {
        assert!(peak < 64 * 1024, "peak RSS {peak} KiB");
    }
}

/// Returns the peak RSS in KiB of `sudoku-sat decode PUZZLE MODEL`, which
/// must refuse the model (exit 2), as measured by `/usr/bin/time`; `None`,
/// with a notice, when that is absent.
fn decode_peak_rss_kib(puzzle: &[u8], model: &[u8]) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        crate::common::skipped(format_args!(
            "/usr/bin/time is absent; the memory check of decode"
        ));
        return None;
    }
    let (_dir, puzzle) = temp_file("puzzle.txt", puzzle);
    let (_dir2, model) = temp_file("model.txt", model);
    let out = Command::new(time)
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_sudoku-sat"))
        .arg("decode")
        .args([&puzzle, &model])
        .output()
        .expect("/usr/bin/time runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let peak = stderr
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .expect("time prints the peak RSS in KiB");
    Some(peak)
}

/// Returns the lines of `check`'s report on a puzzle given as f-puzzles
/// JSON, and its stderr.
fn check_json(json: &str) -> (String, String) {
    let link = crate::variants::link_of_json(json);
    let run = crate::common::run_cli(&["check", "-"], format!("{link}\n").as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    (run.stdout, run.stderr)
}

/// Returns the givens a `check` report lists after `label` (`needed`,
/// `redundant`).
fn listed<'a>(report: &'a str, label: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no '{label}' line in {report}"))
}

/// Found on "Aug 18, 2022: Renban Sudoku" (Sam Cappleman-Lynes; the
/// shared corpus, from dclamage/SudokuVariantSolverJS): r3c5 and r3c6
/// hold the givens 2 and 1 over the pencil marks 1 and 2. In f-puzzles,
/// deleting the 1 keeps the marks and the puzzle stays unique, so
/// `check` must find r3c6=1 redundant: the setter's `givenPencilMarks`
/// are a rule that outlives the digit. The same marks as a solver's
/// `centerPencilMarks` are no rule (f-puzzles clears them when a digit is
/// placed): r3c6=1 is then needed, and the note says the marks were not
/// read rather than dropping them silently.
#[test]
fn pencil_marks_under_a_given_digit_outlive_it_or_are_named() {
    let corpus = crate::common::variants_dir().join("corpus.tsv");
    let Ok(text) = std::fs::read_to_string(&corpus) else {
        crate::common::skipped(format_args!(
            "{} is absent; the renban puzzle's pencil marks are not checked",
            corpus.display()
        ));
        return;
    };
    let payload = text
        .lines()
        .find(|l| l.starts_with("aug-18-2022-renban-sudoku\t"))
        .and_then(|l| l.split('\t').nth(3))
        .expect("the renban puzzle in the corpus");
    let json = sudoku_sat::formats::fpuzzles::decode_payload(payload).unwrap();
    let json = json.as_str();
    let (report, _) = check_json(json);
    assert!(listed(&report, "redundant").contains(" r3c6=1"), "{report}");
    let centre = json.replace("givenPencilMarks", "centerPencilMarks");
    let (report, notes) = check_json(&centre);
    assert!(listed(&report, "needed").contains(" r3c6=1"), "{report}");
    assert!(
        notes.contains("a solver's centerPencilMarks at r3c5 r3c6"),
        "{notes}"
    );
}
