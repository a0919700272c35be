//! Alternating inference chains: strong and weak links in turn, on any
//! digits, inside cells and across houses.
//!
//! A chain A=…=Z puts A or Z true, so a candidate weakly linked to both
//! ends is false: on one digit, the cells that see both ends; on two,
//! with ends in cells that see each other, each end's cell loses the
//! other end's digit. Its nice-loop forms follow HoDoKu
//! (<https://hodoku.sourceforge.net/en/tech_chains.php>): a chain that
//! comes back to its start with a strong link at each side is a
//! discontinuous loop that places the start (though the same chain less
//! its last link is shorter and removes that link's other end, so the
//! shortest-first search shows that first); one whose ends are weakly
//! linked is a continuous loop, where every link holds exactly one of its
//! candidates and what sees both of a link's candidates goes. SudokuWiki:
//! <https://www.sudokuwiki.org/Alternating_Inference_Chains>. X- and
//! XY-chains are its simpler cases and come first; the chains here are
//! bounded by [`MAX_LINKS`], so the search stays fast.

use super::chain::{Graph, Kind};
use super::{Hinter, Step, Technique};

/// The longest chain tried: nine links, ten candidates.
pub(super) const MAX_LINKS: usize = 9;

/// Finds the shortest AIC or nice loop that removes or places something.
pub(super) fn aic(hinter: &Hinter) -> Option<Step> {
    let graph = Graph::new(hinter, Kind::Aic);
    let (path, proof) = graph.shortest(MAX_LINKS)?;
    Some(graph.step(Technique::Aic, "AIC", &path, proof))
}
