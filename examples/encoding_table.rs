//! The size of every encoding: variables and clauses for each rule set and
//! each at-most-one encoding at 4×4, 9×9, 16×16 and 25×25, as a markdown
//! table; then Project Euler grid 1 under each rule set, to show what an
//! encoding reduced by its givens (Kwon & Jain's optimized) leaves.
//!
//! ```text
//! cargo run --release --example encoding_table
//! ```

use clap::ValueEnum;
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet, encode, encode_rules};
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Size;
use varisat::{CnfFormula, ExtendFormula, Lit, Var};

/// A sink that keeps nothing: `encode_rules` counts for us.
#[derive(Default)]
struct Discard {
    vars: usize,
}

impl ExtendFormula for Discard {
    fn add_clause(&mut self, _: &[Lit]) {}

    fn new_var(&mut self) -> Var {
        self.vars += 1;
        Var::from_index(self.vars - 1)
    }
}

/// Formats a count with thousands separators.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sizes: Vec<String> = Size::SQUARES.iter().map(|s| format!("{s}")).collect();
    println!("| encoding | amo | {} |", sizes.join(" | "));
    println!("|---|---|{}", "--:|".repeat(sizes.len()));
    let mut by_givens = Vec::new();
    for &rules in RuleSet::value_variants() {
        if rules.reduces_by_givens() {
            // Without givens it is another encoding's rules: see below.
            by_givens.push(rules.name());
            continue;
        }
        for &amo in AmoKind::value_variants() {
            let encoding = Encoding {
                rules,
                amo,
                ..Default::default()
            };
            let cells: Vec<String> = Size::SQUARES
                .iter()
                .map(|&size| {
                    let stats = encode_rules(
                        &sudoku_sat::grid::Shape::square(size),
                        &encoding,
                        &mut Discard::default(),
                    );
                    format!(
                        "{} / {}",
                        thousands(stats.variables),
                        thousands(stats.clauses)
                    )
                })
                .collect();
            println!(
                "| {} | {} | {} |",
                rules.name(),
                amo.name(),
                cells.join(" | ")
            );
        }
    }
    println!();
    println!("Each cell: variables / clauses, for the bare rules of an empty grid.");
    if !by_givens.is_empty() {
        println!(
            "Not listed: {} (reduced by the givens, so it depends on the puzzle).",
            by_givens.join(", ")
        );
    }

    let grid_1 = parse_str(include_str!("../data/p096_sudoku.txt"), Format::Auto)?
        .remove(0)
        .grid()
        .clone();
    println!();
    println!(
        "Project Euler grid 1 ({} givens), pairwise at-most-one, givens included:",
        grid_1.given_count()
    );
    println!();
    println!("| encoding | variables used | clauses |");
    println!("|---|--:|--:|");
    for &rules in RuleSet::value_variants() {
        let mut cnf = CnfFormula::new();
        let encoding = Encoding {
            rules,
            amo: AmoKind::Pairwise,
            ..Default::default()
        };
        let stats = encode(&grid_1, &encoding, &mut cnf);
        let mut used = vec![false; cnf.var_count()];
        cnf.iter().flatten().for_each(|l| used[l.index()] = true);
        let used = used.iter().filter(|&&u| u).count();
        println!(
            "| {} | {} | {} |",
            rules.name(),
            thousands(used),
            thousands(stats.clauses)
        );
    }
    Ok(())
}
