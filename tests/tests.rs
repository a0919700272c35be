//! Integration tests: the library end to end and the `sudoku-sat` binary.

mod common;

mod batch;
mod bitboard;
mod candidates;
mod check;
mod cli;
mod cross_check;
mod dimacs;
mod docs;
mod encodings;
mod euler96;
mod exact_cover;
mod flags;
mod formats;
mod generate;
mod generate_steering;
mod hint;
mod hostile;
mod language;
mod link;
mod regression;
mod shapes;
mod shard;
mod sizes;
mod stops;
mod teaching;
mod template_links;
mod trust;
mod variant_links;
mod variants;
mod web;
