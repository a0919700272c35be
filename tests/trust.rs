//! Trust: minimal cores (`solve --explain`), counting (`count`) and
//! certificates (`prove`), each checked by means that do not share the
//! code under test.
//!
//! DRAT proofs are checked by a small forward RUP checker written here,
//! which shares nothing with varisat, and by drat-trim when it is on PATH.

use std::collections::HashSet;
use std::process::Command;
use std::time::{Duration, Instant};

use varisat::dimacs::DimacsParser;
use varisat::{CnfFormula, ExtendFormula, Lit};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::dimacs::formula;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::solve::count::{Count, Counter};
use sudoku_sat::solve::prove::{Claim, ProofFormat, Proved, check_varisat_proof, prove};
use sudoku_sat::solve::unsat_core::{CoreFinder, minimal_core};

use crate::common::{
    EULER, EULER_1_SOLUTION, GENERATED_16, blank, grids, run_cli, shared_sets, temp_file,
};

const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Grid 1 with a 3 in r1c1, where r1c3 already holds 3.
fn clash() -> String {
    format!("3{}", &GRID_1[1..])
}

/// Row 1 holds 1..8, so r1c9 must be 9, but r5c9 is already 9.
fn no_clash_unsolvable() -> String {
    let mut cells = vec!['.'; 81];
    for (i, ch) in "12345678".chars().enumerate() {
        cells[i] = ch;
    }
    cells[4 * 9 + 8] = '9';
    cells.into_iter().collect()
}

/// Grid 1's solution with r1c2, r1c7, r2c2, r2c7 (8 6 / 6 8) blanked:
/// exactly two solutions.
fn two_solutions() -> String {
    blank(EULER_1_SOLUTION, &[1, 6, 10, 15])
}

fn grid(line: &str) -> Grid {
    grids(line).remove(0)
}

fn given(row: u8, col: u8, digit: u8) -> (Cell, Digit) {
    (Cell::new(row - 1, col - 1), Digit::new(digit).unwrap())
}

fn with_givens(size: Size, givens: &[(Cell, Digit)]) -> Grid {
    let mut grid = Grid::empty(size);
    for &(cell, digit) in givens {
        grid.set(cell, Some(digit));
    }
    grid
}

/// Asserts that `core` is a core of `puzzle` and irreducible: its givens
/// are the puzzle's, they have no solution, and without any one of them
/// the backtracker finds a solution.
fn assert_irreducible(puzzle: &Grid, core: &[(Cell, Digit)]) {
    let size = puzzle.size();
    for &(cell, digit) in core {
        assert_eq!(puzzle.get(cell), Some(digit), "{cell} is not a given");
    }
    let backtracker = Backtracker::new(1_000_000);
    assert_eq!(
        backtracker.solve(&with_givens(size, core)).verdict,
        Verdict::Unsolvable
    );
    for skip in 0..core.len() {
        let mut rest = core.to_vec();
        rest.remove(skip);
        let rest = with_givens(size, &rest);
        let verdict = backtracker.solve(&rest).verdict;
        assert!(
            matches!(verdict, Verdict::Unique(_) | Verdict::Multiple(..)),
            "without {:?} the rest is {verdict:?}",
            core[skip]
        );
        assert_eq!(minimal_core(&rest, &Encoding::default()).unwrap(), None);
    }
}

// ---- explain -------------------------------------------------------------

#[test]
fn explain_a_clash_gives_exactly_the_two_givens() {
    let core = minimal_core(&grid(&clash()), &Encoding::default())
        .unwrap()
        .unwrap();
    assert_eq!(core, [given(1, 1, 3), given(1, 3, 3)]);
}

#[test]
fn explain_without_a_clash_gives_an_irreducible_core() {
    let puzzle = grid(&no_clash_unsolvable());
    let core = minimal_core(&puzzle, &Encoding::default())
        .unwrap()
        .unwrap();
    assert!(core.contains(&given(5, 9, 9)), "{core:?}");
    assert_irreducible(&puzzle, &core);
}

#[test]
fn explain_a_large_failed_core_shrinks() {
    // Grid 1 with r1c9 = 5 added: 5 is the one digit its row, column and
    // block leave open there, but the unique solution has 7. No two givens
    // clash; the minimal core is a fraction of the 33 givens.
    let mut cells: Vec<char> = GRID_1.chars().collect();
    cells[8] = '5';
    let puzzle = grid(&cells.into_iter().collect::<String>());
    assert_eq!(puzzle.first_conflict(), None);
    let core = minimal_core(&puzzle, &Encoding::default())
        .unwrap()
        .unwrap();
    assert!(core.len() < puzzle.given_count(), "{core:?}");
    assert!(core.contains(&given(1, 9, 5)), "{core:?}");
    assert_irreducible(&puzzle, &core);
}

#[test]
fn explain_the_invalid_public_set() {
    let Some(dir) = shared_sets() else { return };
    let text = std::fs::read_to_string(dir.join("emerentius_invalid_7.txt")).unwrap();
    let mut finder = CoreFinder::new(Encoding::default());
    for puzzle in parse_str(&text, Format::Line).unwrap() {
        let core = finder.minimal_core(puzzle.grid()).unwrap().unwrap();
        assert_irreducible(puzzle.grid(), &core);
    }
}

#[test]
fn cli_explain_prints_the_core_and_exits_1() {
    let run = run_cli(&["solve", "--explain"], no_clash_unsolvable().as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines[0], "<stdin>: line 1: no solution", "{}", run.stderr);
    assert!(
        lines[1].starts_with("<stdin>: line 1: these 9 givens"),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].ends_with(": r1c1=1 r1c2=2 r1c3=3 r1c4=4 r1c5=5 r1c6=6 r1c7=7 r1c8=8 r5c9=9"),
        "{}",
        run.stderr
    );

    let run = run_cli(&["solve", "--explain"], clash().as_bytes());
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("<stdin>: line 1: no solution: "),
        "{}",
        run.stderr
    );
    assert!(lines[1].ends_with("givens alone have no solution (without any one of them the rest has one): r1c1=3 r1c3=3"), "{}", run.stderr);

    // Without --explain, nothing more than the one line.
    let run = run_cli(&["solve"], no_clash_unsolvable().as_bytes());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

#[test]
fn cli_explain_shows_two_solutions_and_where_they_differ() {
    let run = run_cli(
        &["solve", "--explain", "-o", "line"],
        two_solutions().as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("<stdin>: line 1: more than one solution"),
        "{}",
        run.stderr
    );
    // Grid 1's solution has 8 6 / 6 8 in r1c2, r1c7 / r2c2, r2c7.
    let expected = if run.stdout.trim() == EULER_1_SOLUTION {
        "r1c2=8|6 r1c7=6|8 r2c2=6|8 r2c7=8|6"
    } else {
        "r1c2=6|8 r1c7=8|6 r2c2=8|6 r2c7=6|8"
    };
    assert_eq!(
        lines[1],
        format!("<stdin>: line 1: two solutions differ in 4 cells: {expected}")
    );
    // Nine rows of the two grids side by side; each pair solves the puzzle.
    let rows: Vec<&str> = lines[2..].to_vec();
    assert_eq!(rows.len(), 9, "{}", run.stderr);
    let (mut left, mut right) = (String::new(), String::new());
    for row in rows {
        let parts: Vec<&str> = row.split_whitespace().collect();
        left.push_str(parts[0]);
        right.push_str(parts[1]);
    }
    let puzzle = grid(&two_solutions());
    for solution in [&left, &right] {
        assert_eq!(grid(solution).check_solution(&puzzle), Ok(()));
    }
    assert_ne!(left, right);
    assert_eq!(left, run.stdout.trim());
}

// ---- count ---------------------------------------------------------------

#[test]
fn count_small_cases() {
    let run = run_cli(&["count"], two_solutions().as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "line 1: 2\n"),
        "{}",
        run.stderr
    );

    let run = run_cli(
        &["count"],
        &EULER.as_bytes()[..EULER.find("Grid 02").unwrap()],
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "Grid 01: 1\n"),
        "{}",
        run.stderr
    );

    for unsolvable in [clash(), no_clash_unsolvable()] {
        let run = run_cli(&["count"], unsolvable.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 0\n"),
            "{}",
            run.stderr
        );
    }

    // The worst outcome decides the exit status; lines keep input order.
    let batch = format!("{GRID_1}\n{}\n{}\n", two_solutions(), no_clash_unsolvable());
    let run = run_cli(&["count", "--limit", "1"], batch.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "line 1: 1\nline 2: 1+\nline 3: 0\n");
}

#[test]
fn count_empty_grids_at_once() {
    for size in Size::SQUARES.into_iter().skip(1) {
        let empty = ".".repeat(size.cells());
        let started = Instant::now();
        let run = run_cli(&["count"], empty.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 1000+\n"),
            "{}",
            run.stderr
        );
        let run = run_cli(&["count", "--limit", "5"], empty.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 5+\n"),
            "{}",
            run.stderr
        );
        // Two processes and no solver call: far below a second even on a
        // loaded machine.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{size}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn count_the_empty_4x4_grid_exactly() {
    let run = run_cli(&["count", "--limit", "300"], ".".repeat(16).as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "line 1: 288\n"),
        "{}",
        run.stderr
    );
    let run = run_cli(&["count", "--limit", "288"], ".".repeat(16).as_bytes());
    assert_eq!(run.stdout, "line 1: 288\n");
    let run = run_cli(&["count", "--limit", "287"], ".".repeat(16).as_bytes());
    assert_eq!(run.stdout, "line 1: 287+\n");
}

#[test]
fn count_rejects_a_zero_limit() {
    let run = run_cli(&["count", "--limit", "0"], GRID_1.as_bytes());
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// Every solution a count enumerates is distinct and valid: checked here
/// by an independent enumeration over the backtracker, one blank cell at
/// a time, on a puzzle with a few dozen solutions.
#[test]
fn count_agrees_with_a_brute_force_count() {
    // Grid 1's solution with its first two rows blanked.
    let cells: Vec<usize> = (0..18).collect();
    let puzzle = grid(&blank(EULER_1_SOLUTION, &cells));
    let expected = brute_force_count(&puzzle, 10_000);
    assert!(expected > 2, "{expected}");
    let mut counter = Counter::new(Encoding::default());
    let puzzle = puzzle.into();
    assert_eq!(
        counter.count(&puzzle, 10_000).unwrap().count,
        Count::Exactly(expected)
    );
    assert_eq!(
        counter
            .count(&puzzle, expected - 1)
            .unwrap()
            .count
            .to_string(),
        format!("{}+", expected - 1)
    );
}

/// Counts solutions by branching on the first blank cell and asking the
/// backtracker only whether each branch is solvable.
fn brute_force_count(puzzle: &Grid, cap: u64) -> u64 {
    let backtracker = Backtracker::new(1_000_000);
    let size = puzzle.size();
    let Some(cell) = size.all_cells().find(|&c| puzzle.get(c).is_none()) else {
        return u64::from(puzzle.first_conflict().is_none());
    };
    let mut total = 0;
    for digit in size.digits() {
        let mut next = puzzle.clone();
        next.set(cell, Some(digit));
        if next.first_conflict().is_some()
            || backtracker.solve(&next).verdict == Verdict::Unsolvable
        {
            continue;
        }
        total += brute_force_count(&next, cap - total);
        if total >= cap {
            break;
        }
    }
    total
}

// ---- prove ---------------------------------------------------------------

/// Runs `prove` on one puzzle and returns the run, the CNF and the proof
/// (empty when not written).
fn prove_cli(puzzle: &str, extra: &[&str]) -> (crate::common::Run, Vec<u8>, Vec<u8>) {
    let (dir, input) = temp_file("puzzle.txt", puzzle.as_bytes());
    let cnf = dir.path().join("out.cnf");
    let proof = dir.path().join("out.drat");
    let mut args = vec![
        "prove",
        input.to_str().unwrap(),
        "--cnf",
        cnf.to_str().unwrap(),
        "--proof",
        proof.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let run = run_cli(&args, b"");
    let read = |p: &std::path::Path| std::fs::read(p).unwrap_or_default();
    let (cnf_bytes, proof_bytes) = (read(&cnf), read(&proof));
    if run.code == 0
        && let Some(verdict) = drat_trim(&cnf, &proof)
    {
        assert!(verdict.contains("s VERIFIED"), "drat-trim: {verdict}");
    }
    (run, cnf_bytes, proof_bytes)
}

/// Runs drat-trim when it is on PATH; says once that it is skipped when
/// it is not.
fn drat_trim(cnf: &std::path::Path, proof: &std::path::Path) -> Option<String> {
    match Command::new("drat-trim").arg(cnf).arg(proof).output() {
        Ok(out) => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Err(_) => {
            eprintln!(
                "notice: drat-trim is not on PATH; its check is skipped (the RUP check runs)"
            );
            None
        }
    }
}

/// Parses a CNF and checks its header counts against what it holds.
fn parse_cnf(bytes: &[u8]) -> CnfFormula {
    let text = std::str::from_utf8(bytes).unwrap();
    let header = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let counts: Vec<usize> = header[6..].split(' ').map(|n| n.parse().unwrap()).collect();
    let clauses = text
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
        .count();
    assert_eq!(counts[1], clauses, "{header}");
    let cnf = DimacsParser::parse(bytes).unwrap();
    assert_eq!((cnf.var_count(), cnf.len()), (counts[0], counts[1]));
    cnf
}

#[test]
fn prove_an_unsolvable_puzzle() {
    for puzzle in [no_clash_unsolvable(), clash()] {
        let (run, cnf, proof) = prove_cli(&puzzle, &[]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(run.stderr.contains("proved: no solution"), "{}", run.stderr);
        // The same bytes as the export.
        let export = run_cli(&["solve", "--dimacs", "-"], puzzle.as_bytes());
        assert_eq!(String::from_utf8(cnf.clone()).unwrap(), export.stdout);
        let formula = parse_cnf(&cnf);
        let (expected, _) = formula_of(&puzzle);
        assert_eq!(formula, expected);
        rup_check(&formula, &parse_drat(&proof)).unwrap();
        certify_with_varisat(&puzzle, &formula, false);
    }
}

#[test]
fn prove_a_unique_puzzle() {
    let (run, cnf, proof) = prove_cli(GRID_1, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{EULER_1_SOLUTION}\n"));
    assert!(
        run.stderr.contains("proved: exactly one solution"),
        "{}",
        run.stderr
    );
    let text = String::from_utf8(cnf.clone()).unwrap();
    assert!(
        text.contains(&format!("\nc {EULER_1_SOLUTION}\n")),
        "{text}"
    );
    assert!(text.contains("\np cnf 729 10563\n"));
    let formula = parse_cnf(&cnf);
    // The export's clauses, then the blocking clause over the 49 blanks.
    let (plain, _) = formula_of(GRID_1);
    assert_eq!(formula.len(), plain.len() + 1);
    assert!(formula.iter().zip(plain.iter()).all(|(a, b)| a == b));
    let solution = grid(EULER_1_SOLUTION);
    let last = formula.iter().last().unwrap();
    assert_eq!(last.len(), 49);
    for lit in last {
        assert!(!lit.is_positive());
        let index = lit.var().index();
        let cell = Cell::from_index(Size::NINE, index / 9);
        assert_eq!(solution.get(cell).unwrap().index(), index % 9);
        assert_eq!(grid(GRID_1).get(cell), None);
    }
    rup_check(&formula, &parse_drat(&proof)).unwrap();
    certify_with_varisat(GRID_1, &formula, true);
}

#[test]
fn prove_binary_drat_and_a_16x16_puzzle() {
    let (run, cnf, proof) = prove_cli(GRID_1, &["--proof-format", "binary-drat"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let steps = parse_binary_drat(&proof);
    rup_check(&parse_cnf(&cnf), &steps).unwrap();
    // The same search writes the same steps in either form.
    let (_, _, text) = prove_cli(GRID_1, &[]);
    assert_eq!(steps, parse_drat(&text));

    let sixteen = GENERATED_16
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    let (run, cnf, proof) = prove_cli(sixteen, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    rup_check(&parse_cnf(&cnf), &parse_drat(&proof)).unwrap();
}

/// Inkala's 2012 puzzle: unique, and not solved by unit propagation (nor
/// by failed-literal probing) under the extended encoding.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn prove_puzzles_that_propagation_does_not_decide() {
    // Grid 1 and the small unsolvable puzzles fall to unit propagation, so
    // any proof checks; these two need the proof's lemmas.
    let solution = match prove(
        &grid(INKALA).into(),
        &Encoding::default(),
        ProofFormat::Drat,
    )
    .unwrap()
    {
        Proved::Certified(c) => match c.claim() {
            Claim::Unique(solution) => solution.to_string(),
            Claim::Unsolvable => panic!("Inkala's puzzle has a solution"),
        },
        Proved::Multiple(..) => panic!("Inkala's puzzle is unique"),
    };
    // A wrong digit in a cell where it clashes with no given.
    let wrong = (0..81)
        .find_map(|i| {
            let mut cells: Vec<char> = INKALA.chars().collect();
            if cells[i] != '.' {
                return None;
            }
            let right = solution.as_bytes()[i];
            (b'1'..=b'9').filter(|&d| d != right).find_map(|d| {
                cells[i] = d as char;
                let line: String = cells.iter().collect();
                (grid(&line).first_conflict().is_none()).then_some(line)
            })
        })
        .unwrap();
    for (puzzle, unique) in [(INKALA.to_string(), true), (wrong, false)] {
        let (run, cnf, proof) = prove_cli(&puzzle, &[]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let formula = parse_cnf(&cnf);
        assert!(
            rup_check(&formula, &[]).is_err(),
            "{puzzle}: propagation alone refutes it"
        );
        let steps = parse_drat(&proof);
        rup_check(&formula, &steps).unwrap();
        // Dropping the lemmas after the first third breaks the proof.
        let cut = &steps[..steps.len() / 3];
        assert!(rup_check(&formula, cut).is_err(), "{puzzle}");
        certify_with_varisat(&puzzle, &formula, unique);
    }
}

#[test]
fn other_encodings_count_explain_and_prove_alike() {
    for extra in [
        &["--encoding", "minimal"][..],
        &["--amo", "sequential"],
        &["--amo", "binary"],
    ] {
        let mut args = vec!["count"];
        args.extend_from_slice(extra);
        let run = run_cli(&args, two_solutions().as_bytes());
        assert_eq!(run.stdout, "line 1: 2\n", "{extra:?}: {}", run.stderr);

        let mut args = vec!["solve", "--explain"];
        args.extend_from_slice(extra);
        let run = run_cli(&args, no_clash_unsolvable().as_bytes());
        assert!(
            run.stderr.contains("r1c8=8 r5c9=9\n"),
            "{extra:?}: {}",
            run.stderr
        );

        // Auxiliary variables appear in the CNF and may in the proof.
        for puzzle in [GRID_1, INKALA] {
            let (run, cnf, proof) = prove_cli(puzzle, extra);
            assert_eq!(run.code, 0, "{extra:?}: {}", run.stderr);
            rup_check(&parse_cnf(&cnf), &parse_drat(&proof)).unwrap();
        }
    }
}

#[test]
fn prove_refuses_several_solutions_and_several_puzzles() {
    let (run, cnf, proof) = prove_cli(&two_solutions(), &[]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("no proof was written"),
        "{}",
        run.stderr
    );
    assert!(cnf.is_empty() && proof.is_empty());

    let (run, _, proof) = prove_cli(&format!("{GRID_1}\n{GRID_1}\n"), &[]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("holds more than one puzzle"),
        "{}",
        run.stderr
    );
    assert!(proof.is_empty());
}

#[test]
fn a_proof_of_another_formula_fails_the_checks() {
    // Grid 1's formula is satisfiable: neither the proof for the
    // unsolvable puzzle nor grid 1's own uniqueness proof, which needs the
    // blocking clause, refutes it.
    let (satisfiable, _) = formula_of(GRID_1);
    let (_, _, unsolvable) = prove_cli(&no_clash_unsolvable(), &[]);
    assert!(rup_check(&satisfiable, &parse_drat(&unsolvable)).is_err());
    let (_, _, unique) = prove_cli(GRID_1, &[]);
    assert!(rup_check(&satisfiable, &parse_drat(&unique)).is_err());
    let Proved::Certified(certificate) = prove(
        &grid(GRID_1).into(),
        &Encoding::default(),
        ProofFormat::Varisat,
    )
    .unwrap() else {
        panic!("grid 1 is unique");
    };
    assert!(check_varisat_proof(&satisfiable, certificate.proof()).is_err());
    assert!(check_varisat_proof(&certificate.formula(), b"").is_err());
}

fn formula_of(puzzle: &str) -> (CnfFormula, sudoku_sat::encode::EncodeStats) {
    formula(&grid(puzzle).into(), &Encoding::default())
}

/// Proves the puzzle again in varisat's own format and checks that proof
/// with varisat's checker against `formula`, the CNF the CLI wrote.
fn certify_with_varisat(puzzle: &str, formula: &CnfFormula, unique: bool) {
    let proved = prove(
        &grid(puzzle).into(),
        &Encoding::default(),
        ProofFormat::Varisat,
    )
    .unwrap();
    let Proved::Certified(certificate) = proved else {
        panic!("{puzzle}: several solutions");
    };
    assert_eq!(matches!(certificate.claim(), Claim::Unique(_)), unique);
    assert_eq!(&certificate.formula(), formula);
    check_varisat_proof(formula, certificate.proof()).unwrap();
}

// ---- an independent DRAT checker ------------------------------------------

/// One DRAT step: true to add the clause, false to delete it.
type Step = (bool, Vec<i64>);

fn parse_drat(bytes: &[u8]) -> Vec<Step> {
    let text = std::str::from_utf8(bytes).expect("text DRAT");
    let mut steps = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (add, rest) = match line.strip_prefix("d ") {
            Some(rest) => (false, rest),
            None => (true, line),
        };
        let mut lits: Vec<i64> = rest
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(lits.pop(), Some(0), "{line}");
        steps.push((add, lits));
    }
    steps
}

fn parse_binary_drat(bytes: &[u8]) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let add = match bytes[i] {
            b'a' => true,
            b'd' => false,
            other => panic!("byte {i}: {other:#x} is no step"),
        };
        i += 1;
        let mut lits = Vec::new();
        loop {
            let (mut value, mut shift) = (0u64, 0);
            loop {
                let byte = bytes[i];
                i += 1;
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if value == 0 {
                break;
            }
            let var = (value >> 1) as i64;
            lits.push(if value & 1 == 1 { -var } else { var });
        }
        steps.push((add, lits));
    }
    steps
}

/// Checks a DRAT proof by forward reverse unit propagation: each added
/// clause must lead to a conflict by unit propagation when its literals
/// are all set false, and some added clause must be empty (or the clauses
/// conflict by propagation alone). Deletions are ignored: every clause
/// kept follows from the formula, so keeping them is sound, and RUP is
/// all varisat's proofs use.
fn rup_check(formula: &CnfFormula, steps: &[Step]) -> Result<(), String> {
    let mut rup = Rup::new(formula.var_count());
    for clause in formula.iter() {
        let lits: Vec<i64> = clause.iter().map(|l| l.to_dimacs() as i64).collect();
        rup.add(&lits);
    }
    for (n, (add, lits)) in steps.iter().enumerate() {
        if rup.refuted {
            return Ok(());
        }
        if !add {
            continue;
        }
        if !rup.implied(lits) {
            return Err(format!("step {}: {lits:?} is not RUP", n + 1));
        }
        rup.add(lits);
    }
    if rup.refuted {
        Ok(())
    } else {
        Err("the proof derives no empty clause".to_string())
    }
}

/// Clauses with two watched literals, and the assignment forced at the top
/// level.
struct Rup {
    clauses: Vec<Vec<i64>>,
    watches: Vec<Vec<usize>>,
    value: Vec<i8>,
    trail: Vec<i64>,
    refuted: bool,
}

impl Rup {
    fn new(vars: usize) -> Rup {
        Rup {
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * vars + 2],
            value: vec![0; vars + 1],
            trail: Vec::new(),
            refuted: false,
        }
    }

    fn code(lit: i64) -> usize {
        2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
    }

    fn grow(&mut self, lit: i64) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.value.len() {
            self.value.resize(var + 1, 0);
            self.watches.resize(2 * var + 2, Vec::new());
        }
    }

    /// 1 true, -1 false, 0 unassigned.
    fn val(&self, lit: i64) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 { -v } else { v }
    }

    fn assign(&mut self, lit: i64) {
        self.value[lit.unsigned_abs() as usize] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }

    /// Propagates the trail from `from`; returns whether a clause conflicts.
    fn propagate(&mut self, mut from: usize) -> bool {
        while from < self.trail.len() {
            let falsified = -self.trail[from];
            from += 1;
            let watching = std::mem::take(&mut self.watches[Self::code(falsified)]);
            let mut kept = Vec::with_capacity(watching.len());
            let mut conflict = false;
            for (k, &ci) in watching.iter().enumerate() {
                if conflict {
                    kept.extend_from_slice(&watching[k..]);
                    break;
                }
                let clause = &mut self.clauses[ci];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                let v_other = {
                    let v = self.value[other.unsigned_abs() as usize];
                    if other < 0 { -v } else { v }
                };
                if v_other == 1 {
                    kept.push(ci);
                    continue;
                }
                let value = &self.value;
                let replacement = (2..clause.len()).find(|&j| {
                    let l = clause[j];
                    let v = value[l.unsigned_abs() as usize];
                    (if l < 0 { -v } else { v }) != -1
                });
                if let Some(j) = replacement {
                    clause.swap(1, j);
                    let new_watch = clause[1];
                    self.watches[Self::code(new_watch)].push(ci);
                    continue;
                }
                kept.push(ci);
                if v_other == -1 {
                    conflict = true;
                } else {
                    self.assign(other);
                }
            }
            let list = &mut self.watches[Self::code(falsified)];
            kept.append(list);
            *list = kept;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Adds a clause at the top level.
    fn add(&mut self, lits: &[i64]) {
        if self.refuted {
            return;
        }
        let mut clause: Vec<i64> = lits
            .iter()
            .copied()
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        for &l in &clause {
            self.grow(l);
        }
        // True literals first, then unassigned, then false ones, so the
        // two watched literals are sound at the top level.
        clause.sort_by_key(|&l| -self.val(l));
        let Some(&first) = clause.first() else {
            self.refuted = true;
            return;
        };
        match self.val(first) {
            // Every literal is false.
            -1 => self.refuted = true,
            // Satisfied for good.
            1 if clause.len() == 1 => {}
            1 => self.watch(clause),
            _ => {
                let unit = clause.len() == 1 || self.val(clause[1]) == -1;
                if clause.len() >= 2 {
                    self.watch(clause);
                }
                if unit {
                    let mark = self.trail.len();
                    self.assign(first);
                    if self.propagate(mark) {
                        self.refuted = true;
                    }
                }
            }
        }
    }

    fn watch(&mut self, clause: Vec<i64>) {
        let ci = self.clauses.len();
        self.watches[Self::code(clause[0])].push(ci);
        self.watches[Self::code(clause[1])].push(ci);
        self.clauses.push(clause);
    }

    /// Returns whether setting every literal of `lits` false propagates to
    /// a conflict; the top-level assignment is restored.
    fn implied(&mut self, lits: &[i64]) -> bool {
        if self.refuted {
            return true;
        }
        let mark = self.trail.len();
        let mut conflict = false;
        for &l in lits {
            self.grow(l);
            match self.val(l) {
                1 => {
                    conflict = true;
                    break;
                }
                -1 => {}
                _ => self.assign(-l),
            }
        }
        let conflict = conflict || self.propagate(mark);
        for lit in self.trail.drain(mark..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        conflict
    }
}

fn cnf(clauses: &[&[isize]]) -> CnfFormula {
    let mut cnf = CnfFormula::new();
    for clause in clauses {
        let lits: Vec<Lit> = clause.iter().map(|&d| Lit::from_dimacs(d)).collect();
        cnf.add_clause(&lits);
    }
    cnf
}

#[test]
fn the_rup_checker_accepts_and_refuses() {
    // Unsatisfiable, but not by propagation alone: the lemma 1, then the
    // empty clause, refute it; the empty clause alone does not.
    let unsat = cnf(&[&[1, 2], &[1, -2], &[-1, 3], &[-1, -3]]);
    assert_eq!(
        rup_check(&unsat, &[(true, vec![1]), (true, vec![])]),
        Ok(())
    );
    assert!(rup_check(&unsat, &[(true, vec![])]).is_err());
    // Satisfiable: 2 is RUP, 1 is not, and nothing refutes it.
    let sat = cnf(&[&[1, 2], &[-1, 2]]);
    assert!(rup_check(&sat, &[(true, vec![1])]).is_err());
    assert!(rup_check(&sat, &[(true, vec![2]), (true, vec![])]).is_err());
    // A deleted clause is ignored; a unit conflict refutes at once.
    assert_eq!(rup_check(&cnf(&[&[1], &[-1]]), &[]), Ok(()));
    assert_eq!(
        rup_check(
            &unsat,
            &[(false, vec![1, 2]), (true, vec![1]), (true, vec![])]
        ),
        Ok(())
    );
}
