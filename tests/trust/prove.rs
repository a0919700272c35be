//! Certificates from `prove`: the CNF and the DRAT proof, checked here by a
//! forward RUP checker of our own, by `rate` (a DRAT checker in Rust,
//! installed by `.ci/install-checkers`, required in CI) and by drat-trim
//! when it is on PATH.

use std::path::Path;
use std::sync::OnceLock;

use super::rup::{parse_binary_drat, parse_drat, rup_check};
use super::*;
use crate::common::in_ci;

/// Runs `prove` on one puzzle and returns the run, the CNF and the proof
/// (empty when not written). A written proof must pass `rate`, and
/// drat-trim when it is on PATH.
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
    let read = |p: &Path| std::fs::read(p).unwrap_or_default();
    let (cnf_bytes, proof_bytes) = (read(&cnf), read(&proof));
    if run.code == 0 {
        if let Some(verdict) = rate(&cnf, &proof) {
            assert!(verdict.verified, "rate: {}", verdict.output);
        }
        if let Some(verdict) = drat_trim(&cnf, &proof) {
            assert!(verdict.contains("s VERIFIED"), "drat-trim: {verdict}");
        }
    }
    (run, cnf_bytes, proof_bytes)
}

/// What `rate` said of a proof.
pub(crate) struct Rated {
    /// `s VERIFIED` and exit status 0.
    pub(crate) verified: bool,
    /// Its stdout and stderr, for failure messages.
    pub(crate) output: String,
}

/// Runs `rate CNF PROOF`, the DRAT checker of the `rate` crate, which
/// shares no code with varisat. Returns `None` when it is not installed:
/// outside CI that skips this check, with a notice once; in CI it fails.
pub(crate) fn rate(cnf: &Path, proof: &Path) -> Option<Rated> {
    if !rate_installed() {
        return None;
    }
    let out = Command::new("rate")
        .arg(cnf)
        .arg(proof)
        .output()
        .expect("rate runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let output = format!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let said_verified = stdout.lines().any(|l| l == "s VERIFIED");
    let said_not = stdout.lines().any(|l| l == "s NOT VERIFIED");
    // Either verdict, never both, never none: anything else is a broken
    // run of the checker, not an answer.
    assert!(said_verified != said_not, "rate gave no verdict: {output}");
    assert_eq!(out.status.success(), said_verified, "{output}");
    Some(Rated {
        verified: said_verified,
        output,
    })
}

/// Returns whether `rate` is on PATH, looked up once per test run.
///
/// # Panics
///
/// In CI, when it is not: there the proofs must be checked for real.
fn rate_installed() -> bool {
    static INSTALLED: OnceLock<bool> = OnceLock::new();
    let installed = *INSTALLED.get_or_init(|| {
        let found = Command::new("rate").arg("--version").output().is_ok();
        if !found && !in_ci() {
            crate::common::skipped(format_args!(
                "rate is not on PATH; the DRAT proofs are not checked with it \
                 (run .ci/install-checkers to install it)"
            ));
        }
        found
    });
    assert!(
        installed || !in_ci(),
        "rate is not on PATH, and in CI every DRAT proof must be checked with it: \
         run .ci/install-checkers (cargo install rate --locked)"
    );
    installed
}

/// Runs drat-trim when it is on PATH; says once that it is skipped when
/// it is not.
fn drat_trim(cnf: &Path, proof: &Path) -> Option<String> {
    static INSTALLED: OnceLock<bool> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        let found = Command::new("drat-trim").arg("-h").output().is_ok();
        if !found {
            crate::common::skipped(format_args!(
                "drat-trim is not on PATH; its check of the DRAT proofs"
            ));
        }
        found
    });
    if !installed {
        return None;
    }
    let out = Command::new("drat-trim")
        .arg(cnf)
        .arg(proof)
        .output()
        .expect("drat-trim runs");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
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
fn prove_a_variant_puzzle_under_its_constraints() {
    use crate::common::{WINDOKU, WINDOKU_SOLUTION};
    let windoku = std::fs::read_to_string(WINDOKU).unwrap();
    let (run, cnf, proof) = prove_cli(&windoku, &["--format", "rules"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.replace('\n', ""), WINDOKU_SOLUTION);
    // The export with the windows' clauses, then the blocking clause: the
    // proof refutes a second solution of the variant, which the classic
    // rules alone would allow.
    let export = run_cli(
        &["solve", "--format", "rules", "--dimacs", "-"],
        windoku.as_bytes(),
    );
    assert_eq!(export.code, 0, "{}", export.stderr);
    let exported = parse_cnf(export.stdout.as_bytes());
    let formula = parse_cnf(&cnf);
    assert_eq!(formula.len(), exported.len() + 1);
    assert!(formula.iter().zip(exported.iter()).all(|(a, b)| a == b));
    assert!(
        export.stdout.contains("extraregion"),
        "the CNF names the windows"
    );
    rup_check(&formula, &parse_drat(&proof)).unwrap();
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
    // rate rejects both as well: it checks, not merely parses.
    let export = run_cli(&["solve", "--dimacs", "-"], GRID_1.as_bytes());
    let (dir, cnf) = temp_file("grid1.cnf", export.stdout.as_bytes());
    for (name, proof) in [("unsolvable.drat", &unsolvable), ("unique.drat", &unique)] {
        let path = dir.path().join(name);
        std::fs::write(&path, proof).unwrap();
        if let Some(verdict) = rate(&cnf, &path) {
            assert!(!verdict.verified, "{name}: {}", verdict.output);
        }
    }
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
