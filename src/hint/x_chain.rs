//! X-chains: one digit's alternating chains of strong and weak links.
//!
//! A strong link is a house with two places left for the digit; a weak
//! link joins two cells that see each other. A chain that starts and ends
//! with a strong link puts the digit in one of its two ends, so the cells
//! that see both ends lose it (SudokuWiki,
//! <https://www.sudokuwiki.org/X_Chains>; HoDoKu,
//! <https://hodoku.sourceforge.net/en/tech_chains.php#x>). Skyscrapers,
//! 2-string kites and turbot fish are its three-link cases and come
//! first; a chain here has five links or more, up to [`MAX_LINKS`].

use super::chain::{Graph, Kind};
use super::{Hinter, Step, Technique};

/// The longest chain tried: eleven links, twelve cells.
pub(super) const MAX_LINKS: usize = 11;

/// Finds the shortest X-chain that removes something (or, coming back to
/// its start, places the digit), digit by digit from the smallest.
pub(super) fn x_chain(hinter: &Hinter) -> Option<Step> {
    let mut best: Option<(usize, Step)> = None;
    for digit in hinter.size().digits() {
        let graph = Graph::new(hinter, Kind::X(digit));
        let Some((path, proof)) = graph.shortest(MAX_LINKS) else {
            continue;
        };
        if best.as_ref().is_some_and(|(len, _)| *len <= path.len()) {
            continue;
        }
        let lead = format!("X-chain on {digit}");
        best = Some((
            path.len(),
            graph.step(Technique::XChain, &lead, &path, proof),
        ));
    }
    best.map(|(_, step)| step)
}
