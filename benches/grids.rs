//! How evenly `generate` draws solution grids: the digit frequencies of
//! every cell over many 9×9 grids, drawn by the solver with a few cells
//! pinned (`pinned_solution`, what a template with constraints starts
//! from), by randomised backtracking (`random_fill`, what a classic
//! template starts from), and as `generate` draws them, filled and then
//! walked (`random_solution`), side by side in one run.
//!
//! ```text
//! cargo bench --bench grids [-- COUNT]      (default 5,000 grids each)
//! ```
//!
//! For each way, the Pearson chi-square statistic of each cell's nine
//! digit counts against the uniform (8 degrees of freedom; 26.12 is the
//! 0.001 critical value), the largest over the 81 cells and how many pass
//! 26.12, the most frequent digit of any cell with its share, the most
//! frequent reading of r8c4–r8c6, and the time a grid's draw takes (a
//! fresh solver is loaded for each grid, as `generate` loads one per
//! attempt of a template with constraints, outside that time). With uniform
//! grids about 0.08 of the 81 cells pass 26.12 by chance.

use std::time::Instant;

use sudoku_sat::encode::Encoding;
use sudoku_sat::generate::rng::Rng;
use sudoku_sat::generate::{pinned_solution, random_fill, random_solution};
use sudoku_sat::grid::{Cell, Grid, Shape, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::setter::Analyzer;

/// The 0.001 critical value of chi-square with 8 degrees of freedom.
const CRITICAL: f64 = 26.12;

type Draw = fn(&mut Analyzer, &mut Rng) -> Grid;

fn main() {
    let count: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map_or(5000, |a| a.parse().expect("COUNT is a number"));
    let template = Puzzle::new(Grid::empty(Size::NINE));
    let ways: [(&str, Draw); 3] = [
        ("pinned cells only", |a, r| {
            pinned_solution(a, r).unwrap().unwrap()
        }),
        ("filled only", |_, r| {
            random_fill(&Shape::square(Size::NINE), r, 10_000).unwrap()
        }),
        ("filled, then walked (generate)", |a, r| {
            random_solution(a, r).unwrap().unwrap()
        }),
    ];
    println!("{count} 9x9 grids each, one seed stream per way\n");
    println!(
        "| way | largest chi-square | cells past {CRITICAL} | most frequent digit of a cell | most frequent r8c4-r8c6 | µs a grid |"
    );
    println!("|---|--:|--:|---|---|--:|");
    for (name, draw) in ways {
        let mut rng = Rng::new(1);
        let mut counts = vec![[0usize; 9]; 81];
        let mut triples = std::collections::HashMap::<String, usize>::new();
        let mut took = std::time::Duration::ZERO;
        for _ in 0..count {
            // A fresh solver for each grid, as `generate` builds one per
            // attempt.
            let mut analyzer = Analyzer::new(&template, &Encoding::default());
            let started = Instant::now();
            let grid = draw(&mut analyzer, &mut rng);
            took += started.elapsed();
            assert!(template.check(&grid).is_ok(), "a drawn grid breaks a rule");
            for (i, cell) in counts.iter_mut().enumerate() {
                let d = grid.get(Cell::from_index(Size::NINE, i)).expect("full");
                cell[d.index()] += 1;
            }
            let triple: String = (3..6)
                .map(|c| grid.get(Cell::new(7, c)).expect("full").to_string())
                .collect();
            *triples.entry(triple).or_default() += 1;
        }
        let micros = took.as_secs_f64() * 1e6 / count as f64;
        let expected = count as f64 / 9.0;
        let chi: Vec<f64> = counts
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&n| (n as f64 - expected).powi(2) / expected)
                    .sum()
            })
            .collect();
        let largest = chi.iter().copied().fold(0.0, f64::max);
        let past = chi.iter().filter(|&&x| x > CRITICAL).count();
        let (cell, digit, n) = counts
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.iter().enumerate().map(move |(d, &n)| (i, d, n)))
            .max_by_key(|&(_, _, n)| n)
            .expect("cells");
        let (triple, t) = triples.iter().max_by_key(|(_, n)| **n).expect("grids");
        println!(
            "| {name} | {largest:.1} | {past} | {} = {} in {:.1}% | {triple} in {:.1}% | {micros:.0} |",
            Cell::from_index(Size::NINE, cell),
            digit + 1,
            100.0 * n as f64 / count as f64,
            100.0 * *t as f64 / count as f64,
        );
    }
}
