//! XY-chains: chains of cells with two candidates each.
//!
//! Inside each cell the link is strong (the cell holds one of its two);
//! between cells it is weak, on a digit both hold, in cells that see each
//! other. A chain from digit z in its first cell to z in its last puts z
//! in one of the two, so the cells that see both lose z (SudokuWiki,
//! <https://www.sudokuwiki.org/XY_Chains>; HoDoKu,
//! <https://hodoku.sourceforge.net/en/tech_chains.php#xy>). The XY-wing
//! is its three-cell case and comes first.

use super::chain::{Graph, Kind};
use super::{Hinter, Step, Technique};

/// The longest chain tried: seven cells, thirteen links.
pub(super) const MAX_LINKS: usize = 13;

/// Finds the shortest XY-chain that removes something.
pub(super) fn xy_chain(hinter: &Hinter) -> Option<Step> {
    let graph = Graph::new(hinter, Kind::Xy);
    let (path, proof) = graph.shortest(MAX_LINKS)?;
    Some(graph.step(Technique::XyChain, "XY-chain", &path, proof))
}
