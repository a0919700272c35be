//! The default sum encoding, `auto`: each sum's encoding chosen from its
//! own shape.
//!
//! A sum over cells that hold distinct digits (a killer cage, or a sum
//! the rules language knows to be over distinct cells) whose target has
//! at most [`AUTO_MAX_SETS`] sets of digits is listed as its combinations:
//! a few selectors, each naming the digits the cells may hold, which is
//! how a killer solver reasons about a two-cell 3 or a three-cell 23. Every
//! other sum, a cage whose total has many sets among them, is written as
//! a totalizer, whose partial sums give the solver's learning more to hold
//! on to when a search is long. Such a cage of four cells or more that
//! holds unconditionally also gets its digits' presence (`presence.rs`):
//! which digits it holds, as variables of their own, at least as many as
//! it has cells, and the digit a pair brings with it.
//!
//! Measured on the 87 killer puzzles of the shared variant tables
//! (`benches/iss.rs --only killercage`, docs/performance.md): the SAT
//! path's median fell from 2.8 to 1.7 ms against the totalizer for every
//! sum, while `solver-needs-set` (no givens, eighteen three-cell cages of
//! 7 sets each) kept its time, about half of ISS's either way. Listing every cage
//! as combinations gave a like median but took that puzzle to 7.4 s;
//! adding the totalizer beside the combinations of cages with more than
//! 4 sets kept it, with a median no better (1.6–1.7 ms). The presence
//! beside the totalizers of cages of four cells or more took the
//! family's SAT total from about 415 to 253 ms with the median unchanged,
//! and `sumconstrainttests-797afd` from about 177 to 27 ms.

use varisat::{ExtendFormula, Lit};

use super::combinations::{sets, shared_values};
use super::{Sum, combinations, presence, totalizer};

/// The most sets of digits a sum over distinct cells may have and still
/// be listed as its combinations under [`super::SumKind::Auto`].
pub const AUTO_MAX_SETS: usize = 4;

/// The fewest cells of a sum that gets its digits' presence beside its
/// totalizer under `auto`. A cage of three has at most 8 sets and a
/// small totalizer: with its presence written too, `solver-needs-set`
/// (eighteen three-cell cages) took 2.5–2.9 s against 1.9–2.2, while the
/// killer family's gain came from the longer cages (docs/performance.md).
pub(crate) const PRESENCE_MIN_CELLS: usize = 4;

/// Writes the sum as its combinations when it has few sets of distinct
/// digits, else as a totalizer, with the digits' presence before it when
/// the sum is over at least [`PRESENCE_MIN_CELLS`] distinct cells and
/// unguarded (see the module documentation).
pub(super) fn encode<F: ExtendFormula>(sum: &Sum, guard: &[Lit], sink: &mut F) {
    // The sets of digits, when the sum is over distinct cells of the same
    // digits (`None` inside when past the combinations' limit).
    let listed = (sum.distinct.then(|| shared_values(&sum.terms)).flatten())
        .map(|values| sets(&values, sum.terms.len(), sum.target));
    match listed {
        Some(sets) if is_few(sets.as_ref().map(Vec::len)) => {
            combinations::encode(sum, &[guard], sink);
        }
        Some(Some(sets)) if guard.is_empty() && sum.terms.len() >= PRESENCE_MIN_CELLS => {
            // Written first: the solver meets the digits before the
            // partial sums (measured, docs/performance.md).
            presence::encode(sum, &sets, sink);
            totalizer::encode(sum, guard, sink);
        }
        _ => totalizer::encode(sum, guard, sink),
    }
}

/// Whether a count of sets (`None` past the combinations' limit) is few
/// enough to list under `auto`; the formula estimate asks the same.
pub(crate) fn is_few(sets: Option<usize>) -> bool {
    sets.is_some_and(|n| n <= AUTO_MAX_SETS)
}
