//! The teaching chapters of docs/encodings.md: symmetry breaking in
//! `count`, `explain` of a variable by number, and the worked 4×4 CNF.

use serde_json::Value;

use crate::common::run_cli;

/// An empty 4×4 grid on one line.
const EMPTY_4: &str = "................";

#[test]
fn count_breaks_relabelling_symmetry() {
    let run = run_cli(&["count", "--break-symmetry", "-"], EMPTY_4.as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "line 1: 12 × 4! = 288\n")
    );
    let plain = run_cli(&["count", "-"], EMPTY_4.as_bytes());
    assert_eq!(plain.stdout, "line 1: 288\n");
    let json = run_cli(
        &["count", "--break-symmetry", "-o", "json", "-"],
        EMPTY_4.as_bytes(),
    );
    let object: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(object["count"], 12);
    assert_eq!(object["free_digits"], 4);
    assert_eq!(object["solutions"], 288);
    // The limit applies to the classes.
    let short = run_cli(
        &["count", "--break-symmetry", "-k", "5", "-"],
        EMPTY_4.as_bytes(),
    );
    assert_eq!(short.stdout, "line 1: 5+ × 4!\n");
    // A unique puzzle stays one solution, exit 0.
    let unique = run_cli(&["count", "--break-symmetry", "-"], b"1234341221434321");
    assert_eq!(
        (unique.code, unique.stdout.as_str()),
        (0, "line 1: 1 × 0! = 1\n")
    );
}

#[test]
fn count_break_symmetry_refuses_variant_rules_by_name() {
    let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer.toml");
    let run = run_cli(&["count", "--break-symmetry", killer], b"");
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("killer.toml") && run.stderr.contains("`killercage`"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}
