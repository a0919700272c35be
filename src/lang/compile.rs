//! The compiler: a ground rule to clauses over the cell-digit variables.

use varisat::ExtendFormula;

use crate::encode::Encoding;
use crate::grid::Shape;

use super::{At, Ground};

/// Which node the clauses from a point on come from, for `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Note {
    /// How many clauses the rule had written before this node's.
    pub clauses: usize,
    /// The node.
    pub at: At,
}

/// Writes the rule's clauses to `sink`.
pub fn encode<F: ExtendFormula>(ground: &Ground, shape: &Shape, encoding: &Encoding, sink: &mut F) {
    encode_noted(ground, shape, encoding, sink, &mut Vec::new());
}

/// Writes the rule's clauses to `sink`, noting in `notes` which node each
/// run of clauses comes from.
pub fn encode_noted<F: ExtendFormula>(
    ground: &Ground,
    shape: &Shape,
    encoding: &Encoding,
    sink: &mut F,
    notes: &mut Vec<Note>,
) {
    let _ = (ground, shape, encoding, sink, notes);
    unimplemented!()
}

/// Returns an upper estimate of the clauses [`encode`] writes, computed
/// without writing them.
pub fn estimate(ground: &Ground, shape: &Shape, encoding: &Encoding) -> u64 {
    let _ = (ground, shape, encoding);
    unimplemented!()
}
