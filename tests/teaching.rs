//! The teaching chapters of docs/teach/: symmetry breaking in
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

#[test]
fn explain_takes_a_variable_by_number() {
    // A cell-digit number decodes to its cell and digit.
    let run = run_cli(&["explain", "346", "--limit", "1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[1], "x(r5c3, 4) = 81·4 + 9·2 + 4: r5c3 holds 4");
    assert_eq!(lines[2], "32 of 10,530 clauses mention variable 346");
    // An auxiliary number gets its meaning and its clauses; `a` is optional.
    for name in ["a732", "732"] {
        let run = run_cli(
            &["explain", name, "--amo", "sequential", "--limit", "0"],
            b"",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains(
            "\na732: sequential at-most-one, cell-at-most-one of r1c1's digits: \
             true when r1c1 is 1, 2 or 3; false when r1c1 is 4, 5, 6, 7, 8 or 9\n"
        ));
        assert!(
            run.stdout
                .contains("4 of 7,776 clauses mention variable 732")
        );
        assert!(run.stdout.contains("  -731 732 0   "), "{}", run.stdout);
    }
    // A number past the formula is refused in one line.
    let run = run_cli(&["explain", "a730"], b"");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim_end(),
        "error: variable 730 is not in the formula: its variables are numbered 1 to 729"
    );
    for bad in ["0", "a0", "a", "a07", "-3"] {
        let run = run_cli(&["explain", bad], b"");
        assert_eq!(run.code, 2, "{bad}: {}", run.stdout);
    }
}

#[test]
fn explain_lists_the_meaning_of_each_auxiliary_it_shows() {
    let run = run_cli(&["explain", "r1c1", "--amo", "binary", "--limit", "1"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let legend = run.stdout.split("\nauxiliary variables:\n").nth(1).unwrap();
    assert!(legend.starts_with(
        "  a730   binary at-most-one, cell-at-most-one of r1c1's digits: \
         true when r1c1 is 2, 4, 6 or 8; false when r1c1 is 1, 3, 5, 7 or 9\n"
    ));
    let json = run_cli(
        &[
            "explain",
            "r1c1",
            "--amo",
            "commander",
            "-o",
            "json",
            "--limit",
            "0",
        ],
        b"",
    );
    let object: Value = serde_json::from_str(&json.stdout).unwrap();
    let first = &object["auxiliaries"][0];
    assert_eq!(first["variable"], 730);
    assert!(
        first["meaning"]
            .as_str()
            .unwrap()
            .contains("true when r1c1 is 1, 2 or 3")
    );
}

/// docs/teach/03-worked-4x4.md prints a whole CNF with words after each clause;
/// stripped of the words, its lines are what `solve --dimacs` prints.
#[test]
fn the_worked_4x4_cnf_is_what_the_tool_prints() {
    let page = include_str!("../docs/teach/03-worked-4x4.md");
    let from_header = &page[page.find("## Header").expect("a header section")..];
    let mut printed = Vec::new();
    let mut in_block = false;
    for line in from_header.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
        } else if in_block && line.starts_with(['c', 'p']) {
            printed.push(line.to_string());
        } else if in_block {
            // The clause is the numbers up to its closing 0.
            let numbers: Vec<&str> = line.split_whitespace().take_while(|&t| t != "0").collect();
            printed.push(format!("{} 0", numbers.join(" ")));
        }
    }
    let run = run_cli(&["solve", "--dimacs", "-", "-"], b"....24...3.1....");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let tool: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        printed.len(),
        tool.len(),
        "regenerate with benches/worked_4x4.py"
    );
    for (doc, tool) in printed.iter().zip(&tool) {
        assert_eq!(doc, tool, "regenerate with benches/worked_4x4.py");
    }
}

/// Every value encoding solves the Euler file to the same corner sum, and
/// `rate` tells them apart: the order and log encodings let unit
/// propagation find fewer singles (docs/teach/08-values.md).
#[test]
fn value_encodings_solve_alike_and_rate_apart() {
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    let expected = [
        ("direct", "propagation 40 (80.0%), probing 10 (20.0%)"),
        ("support", "propagation 40 (80.0%), probing 10 (20.0%)"),
        ("order", "propagation 17 (34.0%), probing 33 (66.0%)"),
        ("log", "propagation 0 (0.0%), probing 50 (100.0%)"),
    ];
    for (value, summary) in expected {
        let run = run_cli(&["euler", "--value-encoding", value, euler], b"");
        assert_eq!(
            (run.code, run.stdout.trim()),
            (0, "24702"),
            "{value}: {}",
            run.stderr
        );
        let run = run_cli(&["rate", "--value-encoding", value, euler], b"");
        let last = run.stdout.lines().last().unwrap();
        assert!(
            last.starts_with(&format!("50 puzzles: {summary}")),
            "{value}: {last}"
        );
    }
    let run = run_cli(&["stats", "--value-encoding", "log", "-o", "json"], b"");
    let object: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(object["value"], "log");
    assert_eq!(object["auxiliary_variables"], 324);
    assert_eq!(object["families"]["house-differ"], 7290);
}

/// A selector of the combinations encoding reads as the set it selects:
/// the Tseitin-style definition docs/teach/06-tseitin.md works through.
#[test]
fn explain_reads_a_combination_selector() {
    let cage = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cage10.toml");
    let run = run_cli(
        &[
            "explain",
            "a731",
            cage,
            "--sum-encoding",
            "combinations",
            "--limit",
            "0",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[1],
        "a731: combinations sum encoding, killercage: true only if r1c1 is 2 or 8 and r1c2 is 2 or 8"
    );
    assert!(
        run.stdout.contains("  730 731 732 733 0   "),
        "{}",
        run.stdout
    );
}

/// The value encodings combine with every rule set and solve strategy:
/// optimized reduces their channelled clauses by the givens, and the
/// propagate strategy simplifies them before solving.
#[test]
fn value_encodings_combine_with_rule_sets_and_strategies() {
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    for (value, extra) in [
        ("order", ["--encoding", "optimized"]),
        ("log", ["--encoding", "minimal"]),
        ("support", ["--strategy", "fresh"]),
        ("log", ["--strategy", "reuse"]),
    ] {
        let mut args = vec!["euler", "--value-encoding", value, euler];
        args.extend(extra);
        let run = run_cli(&args, b"");
        assert_eq!(
            (run.code, run.stdout.trim()),
            (0, "24702"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// Euler grid 2 needs hidden singles and nothing more
/// (docs/teach/04-unit-propagation.md): naked singles fix 31 cells. Unit propagation finds the hidden
/// singles only where house at-least-one clauses meet the direct
/// variables: extended with direct or support. The order encoding stops
/// where naked singles do, the log encoding one cell earlier.
#[test]
fn grid_2_rates_by_value_encoding() {
    let euler = include_str!("../data/p096_sudoku.txt");
    let grid_2: String = euler
        .lines()
        .skip(10)
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    let expected = [
        ("extended", "direct", "propagation  Grid 02"),
        ("extended", "support", "propagation  Grid 02"),
        (
            "extended",
            "order",
            "probing      Grid 02: propagation fixes 31 of 81 cells",
        ),
        (
            "extended",
            "log",
            "probing      Grid 02: propagation fixes 30 of 81 cells",
        ),
        (
            "efficient",
            "direct",
            "probing      Grid 02: propagation fixes 31 of 81 cells",
        ),
        (
            "efficient",
            "order",
            "probing      Grid 02: propagation fixes 31 of 81 cells",
        ),
    ];
    for (rules, value, line) in expected {
        let run = run_cli(
            &["rate", "--encoding", rules, "--value-encoding", value, "-"],
            grid_2.as_bytes(),
        );
        assert_eq!(run.stdout.lines().next(), Some(line), "{rules} {value}");
    }
}

/// Unit propagation on the order encoding keeps every naked single: a
/// cell's exclusions chain along its order literals from both ends to the
/// one digit left (docs/teach/08-values.md). Under efficient, where no
/// house clause adds hidden singles, `rate` then reads the Euler file
/// line for line as it does under the direct encoding, whose propagation
/// is exactly the naked singles.
#[test]
fn order_encoding_keeps_every_naked_single() {
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    let rate = |value: &str| {
        let run = run_cli(
            &[
                "rate",
                "--encoding",
                "efficient",
                "--value-encoding",
                value,
                euler,
            ],
            b"",
        );
        assert_eq!(run.code, 0, "{value}: {}", run.stderr);
        run.stdout
    };
    let direct = rate("direct");
    assert!(
        direct.ends_with(
            "propagation 12 (24.0%), probing 36 (72.0%), search 2 (4.0%), unsolvable 0 (0.0%)\n"
        ),
        "{direct}"
    );
    assert_eq!(rate("order"), direct);
}

/// The answers to the exercises of docs/teach/01-variables.md and
/// 02-clauses.md are what the tool prints.
#[test]
fn the_exercises_of_chapters_1_and_2_check_out() {
    let run = run_cli(&["explain", "729", "--limit", "0"], b"");
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("x(r9c9, 9) = 81·8 + 9·8 + 9: r9c9 holds 9")
    );
    let run = run_cli(&["explain", "r2c3", "--size", "16", "--limit", "0"], b"");
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("variables 289..304: x(r2c3, d) = 256·1 + 16·2 + d for d = 1..16")
    );
    let run = run_cli(&["stats", "--size", "4", "-o", "json"], b"");
    let object: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(object["clauses"], 384);
    let run = run_cli(
        &[
            "stats",
            "--size",
            "4",
            "--encoding",
            "minimal",
            "-o",
            "json",
        ],
        b"",
    );
    let object: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(object["clauses"], 240);
}

/// Chapter 3's exercise: every given of the worked 4×4 is needed, and
/// the counts without each are the ones the answer gives.
#[test]
fn the_exercise_of_chapter_3_checks_out() {
    let count = |puzzle: &str| {
        let run = run_cli(&["count", puzzle], b"");
        run.stdout.trim().rsplit(' ').next().unwrap().to_string()
    };
    assert_eq!(count("....24...3.1...."), "1");
    for (without, models) in [
        (".....4...3.1....", "9"),
        ("....2....3.1....", "3"),
        ("....24.....1....", "6"),
        ("....24...3......", "6"),
    ] {
        assert_eq!(count(without), models, "{without}");
    }
    let run = run_cli(&["solve", "-o", "line", "....24...3.1...."], b"");
    assert_eq!(run.stdout.trim(), "3142241343211234");
}

/// The 4×4 killer of docs/teach/16-auxiliary.md needs its cage, and the
/// table's sizes of the cage under each sum encoding are what `stats`
/// counts.
#[test]
fn the_4x4_killer_of_chapter_16_needs_its_cage() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/puzzles/killer-4x4.toml"
    );
    let run = run_cli(&["count", file], b"");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "line 1: 1\n"),
        "{}",
        run.stderr
    );
    let text = std::fs::read_to_string(file).unwrap();
    let bare = &text[..text.find("[[constraint]]").unwrap()];
    let run = run_cli(&["count", "--format", "rules", "-"], bare.as_bytes());
    assert_eq!(run.stdout, "line 1: 9\n");
    for (sum, auxiliary, clauses) in [
        ("combinations", 1, 7),
        ("pb", 4, 18),
        ("totalizer", 8, 47),
        ("order", 8, 47),
    ] {
        let run = run_cli(&["stats", "--sum-encoding", sum, "-o", "json", file], b"");
        let object: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(object["auxiliary_variables"], auxiliary, "{sum}");
        assert_eq!(object["families"]["killercage"], clauses, "{sum}");
    }
}

/// A 4×4 grid as its 16 digits, row by row.
type Grid4 = [u8; 16];

/// Every 4×4 grid, by brute force: rows are permutations, and columns and
/// blocks must not repeat a digit.
fn all_4x4_grids() -> Vec<Grid4> {
    let mut rows = Vec::new();
    for p in 0..256u32 {
        let row: Vec<u8> = (0..4).map(|i| (p >> (2 * i) & 3) as u8 + 1).collect();
        let mut seen = row.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() == 4 {
            rows.push(row);
        }
    }
    let mut grids = Vec::new();
    for a in &rows {
        for b in &rows {
            for c in &rows {
                for d in &rows {
                    let g: Vec<u8> = [a, b, c, d].into_iter().flatten().copied().collect();
                    let distinct = |cells: [usize; 4]| {
                        let mut m = 0u8;
                        cells.iter().all(|&i| {
                            let bit = 1 << g[i];
                            let fresh = m & bit == 0;
                            m |= bit;
                            fresh
                        })
                    };
                    let columns = (0..4).all(|c| distinct([c, 4 + c, 8 + c, 12 + c]));
                    let blocks = [0, 2, 8, 10]
                        .into_iter()
                        .all(|t| distinct([t, t + 1, t + 4, t + 5]));
                    if columns && blocks {
                        grids.push(g.try_into().unwrap());
                    }
                }
            }
        }
    }
    grids
}

/// The images of `g` under the 128 geometric symmetries of the 4×4 grid:
/// orders of the bands and of the rows inside them, the same for
/// columns, and the transpose.
fn geometric_images(g: &Grid4) -> Vec<Grid4> {
    let orders: Vec<[usize; 4]> = (0..8)
        .map(|k| {
            let (band, first, second) = (k & 1, k >> 1 & 1, k >> 2 & 1);
            let inner = [[0, 1], [1, 0]];
            let mut order = [0; 4];
            for (slot, b) in [band, 1 - band].into_iter().enumerate() {
                let flip = if b == 0 { first } else { second };
                order[2 * slot] = 2 * b + inner[flip][0];
                order[2 * slot + 1] = 2 * b + inner[flip][1];
            }
            order
        })
        .collect();
    let mut out = Vec::new();
    for transpose in [false, true] {
        for rows in &orders {
            for cols in &orders {
                let mut h = [0; 16];
                for r in 0..4 {
                    for c in 0..4 {
                        let (sr, sc) = (rows[r], cols[c]);
                        h[4 * r + c] = if transpose {
                            g[4 * sc + sr]
                        } else {
                            g[4 * sr + sc]
                        };
                    }
                }
                out.push(h);
            }
        }
    }
    out
}

/// The images of `g` under the 24 relabellings of its digits.
fn relabelled_images(g: &Grid4) -> Vec<Grid4> {
    let mut out = Vec::new();
    for a in 1..=4u8 {
        for b in (1..=4).filter(|&b| b != a) {
            for c in (1..=4).filter(|&c| c != a && c != b) {
                let d = 10 - a - b - c;
                let map = [0, a, b, c, d];
                out.push(g.map(|v| map[v as usize]));
            }
        }
    }
    out
}

/// Labels each grid with its class under the symmetries `images` gives.
fn classes(
    grids: &[Grid4],
    images: impl Fn(&Grid4) -> Vec<Grid4>,
) -> std::collections::HashMap<Grid4, usize> {
    let mut class = std::collections::HashMap::new();
    for (n, g) in grids.iter().enumerate() {
        if class.contains_key(g) {
            continue;
        }
        let mut stack = vec![*g];
        class.insert(*g, n);
        while let Some(x) = stack.pop() {
            for y in images(&x) {
                if class.insert(y, n).is_none() {
                    stack.push(y);
                }
            }
        }
    }
    class
}

/// docs/teach/15-symmetry.md: the 288 4×4 grids fall into 12 classes
/// under relabelling, 6 under the geometric symmetries, and 2 under
/// both, of 96 and 192 grids.
#[test]
fn the_4x4_grids_fall_into_two_classes_under_the_whole_group() {
    use std::collections::HashSet;
    let grids = all_4x4_grids();
    let run = run_cli(&["count", "-"], EMPTY_4.as_bytes());
    assert_eq!(run.stdout, format!("line 1: {}\n", grids.len()));
    let relabelled = classes(&grids, relabelled_images);
    let geometric = classes(&grids, geometric_images);
    let both = classes(&grids, |g| {
        let mut all = geometric_images(g);
        all.extend(relabelled_images(g));
        all
    });
    let count =
        |c: &std::collections::HashMap<Grid4, usize>| c.values().collect::<HashSet<_>>().len();
    assert_eq!(
        (count(&relabelled), count(&geometric), count(&both)),
        (12, 6, 2)
    );
    let mut split: Vec<(usize, usize, usize)> = both
        .values()
        .collect::<HashSet<_>>()
        .into_iter()
        .map(|class| {
            let members: Vec<&Grid4> = grids.iter().filter(|g| both[*g] == *class).collect();
            let within = |c: &std::collections::HashMap<Grid4, usize>| {
                members.iter().map(|g| c[*g]).collect::<HashSet<_>>().len()
            };
            (members.len(), within(&relabelled), within(&geometric))
        })
        .collect();
    split.sort_unstable();
    assert_eq!(split, [(96, 4, 3), (192, 8, 3)]);
}
