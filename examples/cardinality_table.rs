//! Prints the at-most-k table of docs/teach/11-cardinality.md: auxiliary
//! variables and clauses of each encoding for some n and k.
//!
//! `cargo run --example cardinality_table`

use sudoku_sat::encode::cardinality::CardKind;
use varisat::{CnfFormula, ExtendFormula, Lit};

fn main() {
    println!(
        "| n | k | {} |",
        CardKind::ALL.map(|k| k.name()).join(" | ")
    );
    println!("|--:|--:|{}", "--:|".repeat(CardKind::ALL.len()));
    for (n, k) in [(9, 1), (9, 3), (9, 8), (27, 3), (81, 9), (81, 40)] {
        let cells: Vec<String> = CardKind::ALL
            .iter()
            .map(|kind| {
                let mut cnf = CnfFormula::new();
                let lits: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
                kind.at_most(&mut cnf, &lits, k);
                format!("{} / {}", cnf.var_count() - n, cnf.len())
            })
            .collect();
        println!("| {n} | {k} | {} |", cells.join(" | "));
    }
}
