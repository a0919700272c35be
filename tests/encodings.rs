//! Encodings to teach: every encoding solves, its counts follow the
//! formulas, and `stats`, `explain` and `rate` say what they should.

use clap::ValueEnum;
use serde_json::Value;

use sudoku_sat::encode::{AmoKind, Encoding, RuleSet};
use sudoku_sat::euler::corner_sum;
use sudoku_sat::grid::Size;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

use crate::common::{EULER, GENERATED_16, grids, run_cli, temp_file};

/// Norvig's first "top95" puzzle: unit propagation under the extended
/// encoding fixes 20 cells; failed-literal probing fixes all 81.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// The second of Norvig's "hardest" puzzles: probing stalls at 25 cells,
/// one decision settles it.
const HARDEST_2: &str =
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// The first Euler grid as its header and rows.
fn euler_grid_1() -> String {
    EULER.lines().take(10).collect::<Vec<_>>().join("\n") + "\n"
}

#[test]
fn every_encoding_solves_euler_and_a_16x16_grid() {
    let euler = grids(EULER);
    let sixteen = grids(GENERATED_16).swap_remove(0);
    for &rules in RuleSet::value_variants() {
        for &amo in AmoKind::value_variants() {
            let mut solver = SatSolver::new(Encoding {
                rules,
                amo,
                ..Default::default()
            });
            let solutions: Vec<_> = euler
                .iter()
                .map(|grid| match solver.solve(grid).unwrap() {
                    Outcome::Unique(solution) => solution,
                    other => panic!("{rules:?} {amo:?}: {other:?}"),
                })
                .collect();
            assert_eq!(corner_sum(&solutions), Some(24702), "{rules:?} {amo:?}");
            let Outcome::Unique(solution) = solver.solve(&sixteen).unwrap() else {
                panic!("{rules:?} {amo:?}: 16x16 not unique");
            };
            assert_eq!(solution.check_solution(&sixteen), Ok(()));
        }
    }
}

/// Runs `stats --output json` and parses the object.
fn stats_json(args: &[&str]) -> Value {
    let mut all = vec!["stats", "--output", "json"];
    all.extend_from_slice(args);
    let run = run_cli(&all, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("stats prints JSON")
}

/// Returns the families as (name, clauses) pairs in the order written,
/// from the `family_details` array, after checking that the `families`
/// object (name → clauses) agrees.
fn families(json: &Value) -> Vec<(String, u64)> {
    let details: Vec<(String, u64)> = json["family_details"]
        .as_array()
        .expect("family_details is an array")
        .iter()
        .map(|f| {
            (
                f["family"].as_str().unwrap().to_string(),
                f["clauses"].as_u64().unwrap(),
            )
        })
        .collect();
    let object = json["families"].as_object().expect("families is an object");
    assert_eq!(object.len(), details.len());
    for (name, clauses) in &details {
        assert_eq!(object[name], *clauses, "{name}");
    }
    details
}

/// The pairwise and sequential counts of the minimal, efficient and
/// extended encodings, end to end through `stats --output json`, against
/// the formulas: N² cell clauses; C = N(N−1)/2 pairs per at-most-one
/// group, less the n²(n−1) pairs of a block already in a row or column;
/// Sinz's counter with N−1 auxiliary variables and 3N−4 clauses a group.
#[test]
fn counts_follow_the_formulas_for_every_size() {
    for size in Size::SQUARES {
        let (n, big) = (size.side().isqrt() as u64, size.side() as u64);
        let n2 = big * big;
        let pairs = big * (big - 1) / 2;
        let block_pairs = pairs - n * n * (n - 1);
        let chain = 3 * big - 4;
        for (rules, amo) in [
            ("minimal", "pairwise"),
            ("efficient", "pairwise"),
            ("extended", "pairwise"),
            ("minimal", "sequential"),
            ("efficient", "sequential"),
            ("extended", "sequential"),
        ] {
            let side = big.to_string();
            let json = stats_json(&["--size", &side, "--encoding", rules, "--amo", amo]);
            let (cell_amo, house_amo, block_amo, aux_per_group) = match amo {
                "pairwise" => (pairs, pairs, block_pairs, 0),
                _ => (chain, chain, chain, big - 1),
            };
            let mut expected = vec![("cell-at-least-one".to_string(), n2)];
            let mut groups = 3 * n2;
            if rules != "minimal" {
                expected.push(("cell-at-most-one".to_string(), n2 * cell_amo));
                groups += n2;
            }
            if rules == "extended" {
                for house in ["row", "col", "block"] {
                    expected.push((format!("{house}-at-least-one"), n2));
                }
            }
            for (house, count) in [("row", house_amo), ("col", house_amo), ("block", block_amo)] {
                expected.push((format!("{house}-at-most-one"), n2 * count));
            }
            let context = format!("{size} {rules} {amo}");
            assert_eq!(families(&json), expected, "{context}");
            let total: u64 = expected.iter().map(|(_, v)| v).sum();
            assert_eq!(json["clauses"], total, "{context}");
            assert_eq!(json["size"], big, "{context}");
            assert_eq!(json["encoding"], rules, "{context}");
            assert_eq!(json["amo"], amo, "{context}");
            assert_eq!(json["cell_digit_variables"], big * n2, "{context}");
            assert_eq!(
                json["variables"],
                big * n2 + groups * aux_per_group,
                "{context}"
            );
        }
    }
}

#[test]
fn stats_as_a_table_and_for_a_puzzle() {
    let run = run_cli(&["stats"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "9x9 grid, extended encoding, pairwise at-most-one, empty grid"
    );
    assert!(lines[1].starts_with("variables        729  (729 cell-digit + 0 auxiliary"));
    assert!(lines[2].starts_with("clauses       10,530"), "{}", lines[2]);
    let row = |name: &str| {
        let line = lines.iter().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().to_string()
    };
    assert_eq!(row("family"), "clauses");
    assert_eq!(row("cell-at-least-one"), "81");
    assert_eq!(row("block-at-most-one"), "1,458");
    assert_eq!(row("total"), "10,530");

    // Euler grid 1 on stdin: the rules and its 32 givens.
    let run = run_cli(
        &["stats", "--output", "json", "-"],
        euler_grid_1().as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["puzzle"]["label"], "Grid 01");
    assert_eq!(json["puzzle"]["givens"], 32);
    assert_eq!(json["clauses"], 10_530 + 32);
    assert_eq!(families(&json).last().unwrap(), &("givens".to_string(), 32));
    let sum: u64 = families(&json).iter().map(|(_, v)| v).sum();
    assert_eq!(json["clauses"], sum);
    // The object is written in family order too.
    let object = &run.stdout[run.stdout.find("\"families\"").unwrap()..];
    let at = |key: &str| object.find(&format!("\"{key}\": ")).unwrap();
    assert!(at("cell-at-least-one") < at("row-at-least-one"));
    assert!(at("block-at-most-one") < at("givens"));

    // No spinner off a terminal, and --no-progress changes nothing there.
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let quiet = run_cli(
        &["stats", "--output", "json", "--no-progress", "-"],
        euler_grid_1().as_bytes(),
    );
    assert_eq!(quiet.stdout, run.stdout);

    // Several puzzles: the first is counted, and stderr says so.
    let run = run_cli(&["stats", "-"], EULER.as_bytes());
    assert_eq!(run.code, 0);
    assert!(run.stderr.contains("holds 50 puzzles"), "{}", run.stderr);
    assert!(run.stdout.contains("Grid 01 (32 givens)"), "{}", run.stdout);

    // Every encoding's families add up to its clauses.
    for &rules in RuleSet::value_variants() {
        for &amo in AmoKind::value_variants() {
            let json = stats_json(&[
                "--size",
                "4",
                "--encoding",
                rules.name(),
                "--amo",
                amo.name(),
            ]);
            let sum: u64 = families(&json).iter().map(|(_, v)| v).sum();
            assert_eq!(json["clauses"], sum, "{rules:?} {amo:?}");
        }
    }
}

#[test]
fn stats_flags_mean_what_they_mean_elsewhere() {
    // `--format` is the input format, as in every other command: a
    // 16-cell line is read as one 4x4 puzzle with `line`, and fails as a
    // 16x16 row with `rows`.
    let line = "1.3.3.1.2.4.4.2.\n";
    let run = run_cli(
        &["stats", "--format", "line", "-o", "json", "-"],
        line.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (json["size"].as_u64(), json["puzzle"]["givens"].as_u64()),
        (Some(4), Some(8))
    );
    let run = run_cli(&["stats", "--format", "rows", "-"], line.as_bytes());
    assert_eq!(run.code, 2, "{}", run.stdout);
    // The output format is `--output`; `--format json` is no input format.
    let run = run_cli(&["stats", "--format", "json"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("invalid value 'json' for '--format"),
        "{}",
        run.stderr
    );
    assert!(run_cli(&["stats", "--input-format", "line"], b"").code == 2);
}
/// Runs `explain` and returns each family header's (name, mentioning,
/// family total).
fn explain_counts(args: &[&str], stdin: &str) -> Vec<(String, usize, usize)> {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let run = run_cli(&all, stdin.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .filter(|l| l.ends_with(" clauses") && !l.starts_with(' ') && l.contains(": "))
        .map(|l| {
            let (name, rest) = l.split_once(": ").unwrap();
            let words: Vec<&str> = rest.split_whitespace().collect();
            let number = |w: &str| w.replace(',', "").parse::<usize>().unwrap();
            (name.to_string(), number(words[0]), number(words[2]))
        })
        .collect()
}

fn named(counts: &[(&str, usize)]) -> Vec<(String, usize)> {
    counts.iter().map(|&(k, v)| (k.to_string(), v)).collect()
}

/// r1c1 and row 1 under the extended pairwise encoding: how many clauses
/// of each family mention them follows from the geometry, at every size
/// up to 16×16.
#[test]
fn explain_counts_follow_the_geometry() {
    for size in &Size::SQUARES[..3] {
        let (n, big) = (size.side().isqrt(), size.side());
        let pairs = big * (big - 1) / 2;
        let side = big.to_string();
        let args = ["--size", &side, "--limit", "1"];

        let cell = explain_counts(&[&["r1c1"][..], &args].concat(), "");
        let mentioning: Vec<(String, usize)> =
            cell.iter().map(|(k, m, _)| (k.clone(), *m)).collect();
        assert_eq!(
            mentioning,
            named(&[
                ("cell-at-least-one", 1),
                ("cell-at-most-one", pairs),
                ("row-at-least-one", big),
                ("col-at-least-one", big),
                ("block-at-least-one", big),
                ("row-at-most-one", big * (big - 1)),
                ("col-at-most-one", big * (big - 1)),
                // A block pair sharing a row or column is left to those.
                ("block-at-most-one", big * (n - 1) * (n - 1)),
            ]),
            "{size}"
        );
        let totals: Vec<usize> = cell.iter().map(|&(_, _, t)| t).collect();
        let n2 = big * big;
        let block_pairs = pairs - n * n * (n - 1);
        assert_eq!(
            totals,
            [
                n2,
                n2 * pairs,
                n2,
                n2,
                n2,
                n2 * pairs,
                n2 * pairs,
                n2 * block_pairs
            ]
        );

        let row = explain_counts(&[&["row1"][..], &args].concat(), "");
        let mentioning: Vec<(String, usize)> =
            row.iter().map(|(k, m, _)| (k.clone(), *m)).collect();
        assert_eq!(
            mentioning,
            named(&[
                ("cell-at-least-one", big),
                ("cell-at-most-one", big * pairs),
                ("row-at-least-one", big),
                ("col-at-least-one", big * big),
                ("block-at-least-one", n * big),
                ("row-at-most-one", big * pairs),
                ("col-at-most-one", big * big * (big - 1)),
                ("block-at-most-one", n * big * n * (n - 1) * (n - 1)),
            ]),
            "{size}"
        );
    }
}

#[test]
fn explain_shows_dimacs_and_words() {
    let run = run_cli(&["explain", "r5c3", "--limit", "0"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.starts_with("r5c3: 9x9 grid, extended encoding, pairwise at-most-one"));
    assert!(out.contains("244 of 10,530 clauses mention r5c3"), "{out}");
    assert!(
        out.contains("\ncell-at-most-one: 36 of 2,916 clauses\n"),
        "{out}"
    );
    assert!(
        out.contains("  343 344 345 346 347 348 349 350 351 0   r5c3 holds at least one digit\n"),
        "{out}"
    );
    // x(r5c3, 4) = 81·4 + 9·2 + 4 = 346, x(r5c3, 7) = 349.
    assert!(
        out.contains("  -346 -349 0   r5c3 holds at most one of 4 and 7\n"),
        "{out}"
    );
    assert!(
        out.contains("row5 holds 4 somewhere: r5c1 or r5c2 or r5c3"),
        "{out}"
    );
    assert!(!out.contains("more (--limit 0"), "{out}");

    // The default limit keeps long families short.
    let run = run_cli(&["explain", "row1"], b"");
    assert!(
        run.stdout.contains("  ... 312 more (--show 0 lists all)"),
        "{}",
        run.stdout
    );

    // A puzzle's givens: grid 1 has 3 in r1c3 (x = 18 + 3).
    let run = run_cli(&["explain", "r1c3", "-"], euler_grid_1().as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("\ngivens: 1 of 32 clauses\n  21 0   r1c3 is given as 3\n")
    );

    // Auxiliary variables are named and read literal by literal.
    let run = run_cli(
        &["explain", "r1c1", "--amo", "sequential", "--limit", "1"],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "  -1 730 0   r1c1 holds at most one digit; literal by literal: r1c1 is not 1 or a730\n"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_cell_names_exit_2() {
    for bad in [
        "R1C1", "r0c1", "r01c1", "row", "box1", "r1c1x", "row 1", "c1r1", "",
    ] {
        let run = run_cli(&["explain", bad], b"");
        assert_eq!(run.code, 2, "{bad:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("names no cell or house"),
            "{bad:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "");
    }
    for outside in ["r10c1", "r1c10", "row10", "col10", "block10"] {
        let run = run_cli(&["explain", outside], b"");
        assert_eq!(run.code, 2, "{outside}: {}", run.stderr);
        assert!(
            run.stderr.contains("is outside the 9x9 grid"),
            "{}",
            run.stderr
        );
    }
    let run = run_cli(&["explain", "r10c1", "--size", "16", "--limit", "1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for side in ["3", "65", "x"] {
        let run = run_cli(&["stats", "--size", side], b"");
        assert_eq!(run.code, 2, "--size {side}");
    }
    // Sizes without square blocks take the default rectangles: 10×10 has
    // 2×5 blocks.
    let run = run_cli(&["stats", "--size", "10"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("10x10"), "{}", run.stdout);
    // --box gives the empty grid of --size its blocks: the same formula
    // as an empty puzzle read with them.
    let empty = ".".repeat(36);
    for blocks in ["3x2", "1x6"] {
        let sized = stats_json(&["--size", "6", "--box", blocks]);
        let read = stats_json(&["--box", blocks, &empty]);
        assert_eq!(sized["clauses"], read["clauses"], "{blocks}");
        assert_eq!(
            sized["distinct_clauses"], read["distinct_clauses"],
            "{blocks}"
        );
    }
    assert_ne!(
        stats_json(&["--size", "6", "--box", "1x6"])["distinct_clauses"],
        stats_json(&["--size", "6"])["distinct_clauses"]
    );
    let run = run_cli(&["explain", "block1", "--size", "6", "--box", "3x2"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("r1c1 r1c2 r2c1 r2c2 r3c1 r3c2"),
        "{}",
        run.stdout
    );
    for command in ["stats", "explain"] {
        let mut args = vec![command, "--size", "6", "--box", "2x2"];
        if command == "explain" {
            args.push("r1c1");
        }
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        assert!(run.stderr.contains("--box: 2x2 blocks"), "{}", run.stderr);
    }
}

/// Parses JSON Lines.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn count_rate_and_explain_print_json() {
    // count: one object per puzzle, the limit and whether it was reached.
    let input = format!("{}\n{}\n", euler_grid_1(), ".".repeat(81));
    let run = run_cli(&["count", "-o", "json", "-k", "5"], input.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let counts = json_lines(&run.stdout);
    assert_eq!(counts.len(), 2);
    assert_eq!(counts[0]["label"], "Grid 01");
    assert_eq!(
        (
            counts[0]["count"].as_u64(),
            counts[0]["limit_reached"].as_bool()
        ),
        (Some(1), Some(false))
    );
    assert!(counts[0]["by"].is_null());
    assert_eq!(counts[1]["line"], 12);
    assert_eq!(
        (counts[1]["count"].as_u64(), counts[1]["limit"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(
        (
            counts[1]["limit_reached"].as_bool(),
            counts[1]["by"].as_str()
        ),
        (Some(true), Some("relabelling"))
    );

    // rate: the figures of each line, and no summary.
    let input = format!("{}\n{TOP95_1}\n{HARDEST_2}\n", euler_grid_1());
    let run = run_cli(&["rate", "--output", "json"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rates = json_lines(&run.stdout);
    assert_eq!(rates.len(), 3, "{}", run.stdout);
    let levels: Vec<_> = rates.iter().map(|r| r["level"].as_str().unwrap()).collect();
    assert_eq!(levels, ["propagation", "probing", "search"]);
    assert_eq!(rates[1]["propagated"], 20);
    assert_eq!(rates[1]["label"], "line 12");
    assert!(rates[2]["decisions"].as_u64().unwrap() > 0);
    assert!(
        rates
            .iter()
            .all(|r| r["outcome"] == "unique" && r["gave_up"] == false)
    );

    // explain: the same clauses as the text, as DIMACS numbers and words.
    let run = run_cli(&["explain", "r1c1", "-o", "json", "--limit", "2"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let explained = json_lines(&run.stdout);
    assert_eq!(explained.len(), 1);
    let e = &explained[0];
    assert_eq!(
        (e["target"].as_str(), e["size"].as_u64()),
        (Some("r1c1"), Some(9))
    );
    assert!(e["puzzle"].is_null());
    let families = e["families"].as_array().unwrap();
    let sum: u64 = families
        .iter()
        .map(|f| f["clauses"].as_array().unwrap().len() as u64)
        .sum();
    assert!(sum <= 2 * families.len() as u64);
    let first = &families[0];
    assert_eq!(first["family"], "cell-at-least-one");
    assert_eq!(
        first["clauses"][0]["dimacs"],
        serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 9])
    );
    let text = run_cli(&["explain", "r1c1", "--limit", "2"], b"").stdout;
    let words = first["clauses"][0]["words"].as_str().unwrap();
    assert!(
        text.contains(&format!("1 2 3 4 5 6 7 8 9 0   {words}")),
        "{text}"
    );
    let mentioning = e["mentioning"].as_u64().unwrap();
    assert!(
        text.contains(&format!("{mentioning} of 10,530 clauses mention r1c1")),
        "{text}"
    );
}

/// Returns the tenths of a percent in a summary line.
fn shares(summary: &str) -> Vec<u64> {
    summary
        .split('(')
        .skip(1)
        .map(|part| {
            let percent = part.split('%').next().unwrap();
            percent.replace('.', "").parse().unwrap()
        })
        .collect()
}

#[test]
fn rate_tells_propagation_probing_and_search() {
    let input = format!("{}\n{TOP95_1}\n{HARDEST_2}\n", euler_grid_1());
    let run = run_cli(&["rate"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert_eq!(lines[0], "propagation  Grid 01");
    assert_eq!(
        lines[1],
        "probing      line 12: propagation fixes 20 of 81 cells"
    );
    assert!(
        lines[2].starts_with("search       line 13: probing fixes "),
        "{}",
        lines[2]
    );
    // One guess, and the right one: the first branch x is the solution.
    assert!(
        lines[2].ends_with("; 1 decision, 0 conflicts"),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        "3 puzzles: propagation 1 (33.4%), probing 1 (33.3%), search 1 (33.3%), \
         unsolvable 0 (0.0%)"
    );
    assert_eq!(shares(lines[3]).iter().sum::<u64>(), 1000);

    // Minimal has no house at-least-one clauses, so no hidden singles:
    // grid 1 (naked singles only) still falls to propagation, grid 2 not.
    let run = run_cli(&["rate", "--encoding", "minimal"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let summary = run.stdout.lines().last().unwrap();
    assert_eq!(shares(summary).iter().sum::<u64>(), 1000);
    assert!(
        run.stdout
            .starts_with("propagation  Grid 01\nprobing      Grid 02")
    );
}

#[test]
fn rate_reports_unsolvable_and_several_solutions() {
    // Two 1s in row 1; then an empty 4×4 grid.
    let input = "11..............\n................\n";
    let run = run_cli(&["rate", "-"], input.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "unsolvable   line 1: propagation finds a conflict"
    );
    assert!(
        lines[1].starts_with("search       line 2: "),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with("; several solutions"), "{}", lines[1]);
    assert_eq!(shares(lines[2]), [0, 0, 500, 500]);
    // A parse error is exit 2.
    let run = run_cli(&["rate", "-"], b"12?4............\n");
    assert_eq!(run.code, 2);
}

#[test]
fn rate_stops_its_search_at_the_decision_limit_and_says_so() {
    // An empty 4×4 grid needs search; with no decision allowed the search
    // gives up at once, and the SAT solver still finds several solutions.
    let run = run_cli(
        &["rate", "--decision-limit", "0", "-"],
        b"................\n",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let line = run.stdout.lines().next().unwrap();
    assert!(
        line.starts_with("search       line 1: probing fixes 0 of 16 cells; 0 decisions"),
        "{line}"
    );
    assert!(line.contains("gave up at the decision limit"), "{line}");
    assert!(line.ends_with("; several solutions"), "{line}");
    // Within the default limit the same grid is searched to the end.
    let run = run_cli(&["rate", "-"], b"................\n");
    assert!(!run.stdout.contains("gave up"), "{}", run.stdout);
}

#[test]
fn stats_counts_repeated_clauses_apart() {
    // Commander writes the pairs of a row segment twice, once for the row
    // and once for the block; pairwise skips them.
    let commander = stats_json(&["--amo", "commander"]);
    assert_eq!(commander["clauses"], 7_128);
    assert_eq!(commander["distinct_clauses"], 6_399);
    let bimander = stats_json(&["--amo", "bimander"]);
    assert_eq!(bimander["distinct_clauses"], 10_233);
    let pairwise = stats_json(&[]);
    assert_eq!(pairwise["distinct_clauses"], pairwise["clauses"]);
    let text = run_cli(&["stats", "--amo", "commander"], b"");
    assert!(
        text.stdout.contains("; 6,399 distinct, 729 repeats)"),
        "{}",
        text.stdout
    );
}

/// A 9×9 puzzle without givens holding the killer cages given as
/// (cells, total), in the TOML puzzle format.
fn killer_toml(cages: &[(&[&str], u32)]) -> String {
    let mut text = String::from("givens = [\n");
    text.push_str(&"  '.........',\n".repeat(9));
    text.push_str("]\n");
    for (cells, total) in cages {
        let cells: Vec<String> = cells.iter().map(|c| format!("'{c}'")).collect();
        text.push_str(&format!(
            "\n[[constraint]]\ntype = 'killercage'\ncells = [{}]\nvalue = {total}\n",
            cells.join(", ")
        ));
    }
    text
}

/// The killer cages' clauses in a puzzle of `cages` under `args`.
fn cage_clauses(cages: &[(&[&str], u32)], args: &[&str]) -> u64 {
    let (_dir, path) = temp_file("cages.toml", killer_toml(cages).as_bytes());
    let mut all = args.to_vec();
    all.push(path.to_str().unwrap());
    stats_json(&all)["families"]["killercage"].as_u64().unwrap()
}

#[test]
fn a_named_sum_encoding_writes_every_cage_in_it() {
    // A two-cell 3 has one set of digits, {1, 2}; a four-cell 20 has
    // twelve. The default (auto) lists the first as its combinations and
    // writes the second as a totalizer with its digits' presence beside
    // it; a named encoding writes both in it. The distinct-digit clauses
    // are the same under every encoding, so a puzzle's count is the sum
    // of its cages' counts.
    let few: &[&str] = &["r1c1", "r1c2"];
    let many: &[&str] = &["r5c1", "r5c2", "r5c3", "r5c4"];
    let both = [(few, 3), (many, 20)];
    let count = |cages: &[(&[&str], u32)], sum: &str| cage_clauses(cages, &["--sum-encoding", sum]);
    let totalizer = count(&both, "totalizer");
    let combinations = count(&both, "combinations");
    assert_eq!(
        totalizer,
        count(&[(few, 3)], "totalizer") + count(&[(many, 20)], "totalizer")
    );
    // The presence of the 20's digits: the twelve sets use all nine, each
    // defined by 4 + 1 clauses; "at least 4 of 9 present" is a clause per
    // 6 of them, C(9, 6) = 84; and 16 times every set holding a pair
    // holds a third digit too (1 and 2 bring 8 and 9), a clause each.
    let presence = 9 * 5 + 84 + 16;
    let auto = count(&[(few, 3)], "combinations") + count(&[(many, 20)], "totalizer") + presence;
    assert_eq!(cage_clauses(&both, &[]), auto);
    assert_eq!(count(&both, "auto"), auto);
    // The three counts differ, so each names its encoding.
    assert!(auto != totalizer && auto != combinations && totalizer != combinations);
}
