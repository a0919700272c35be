//! Region-sum lines: block borders cut the line into segments, and every
//! segment adds up to the same total.
//!
//! A segment is a maximal run of consecutive line cells in one block; a
//! line that leaves a block and comes back has two segments there, as
//! setters draw them. A line within one block says nothing.

use std::collections::HashMap;

use varisat::{ExtendFormula, Lit};

use super::killer::KillerCage;
use super::lines::{cell_list, sorted};
use super::relation::{prune_sum, value};
use super::sums::{STATE_BUDGET, Supports, distinct_states_bound, distinct_supports, narrow};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::sum::{Sum, SumKind, Term};
use crate::grid::{Cell, Grid, Shape};
use crate::kept::Kept;

/// A region-sum line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionSumLine {
    /// Its cells, in order.
    pub cells: Vec<Cell>,
    /// Each segment's totals and supports, by its candidates, as the
    /// pruning last found them (see [`Kept`]).
    searched: Kept<Searched>,
}

/// A segment's totals and supports with no total ruled out, by the
/// segment's candidates. A pruning call follows a change in one segment
/// or two; the searches of the others, most of its work in the
/// cross-check (`iss-beauty-mark`: 0.53 s for 30,000 nodes, three
/// quarters of it in these searches), are found here.
type Searched = HashMap<Vec<u64>, Supports>;

/// The most searches kept; past it the memo starts afresh.
const MAX_SEARCHED: usize = 1 << 12;

impl RegionSumLine {
    /// The line through `cells`, in order.
    pub fn new(cells: Vec<Cell>) -> RegionSumLine {
        RegionSumLine {
            cells,
            searched: Kept::default(),
        }
    }

    /// The line's segments, in order.
    pub fn segments(&self, shape: &Shape) -> Vec<&[Cell]> {
        self.cells
            .chunk_by(|&a, &b| shape.block_of(a) == shape.block_of(b))
            .collect()
    }

    /// The terms of "segment i minus segment j".
    fn difference(a: &[Cell], b: &[Cell]) -> impl Iterator<Item = (Cell, i64)> {
        a.iter()
            .map(|&c| (c, 1))
            .chain(b.iter().map(|&c| (c, -1)))
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// Writes the line's clauses: by default one total for the whole line
    /// (`encode_total`); under a named sum encoding,
    /// "each segment minus the next is 0" in it.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        let size = shape.size();
        if encoding.sum == SumKind::Auto {
            return self.encode_total(shape, encoding, None, sink);
        }
        for pair in self.segments(shape).windows(2) {
            let terms = Self::difference(pair[0], pair[1])
                .map(|(c, w)| Term::cell(size, c, w as i32))
                .collect();
            let sum = Sum {
                terms,
                target: 0,
                distinct: false,
            };
            encoding.sum.encode(&sum, &[], sink);
        }
    }

    /// The default encoding: the line's total as one-hot variables, one
    /// per value every segment can reach, exactly one true; each value
    /// "total = t → the segment adds up to t" for every segment, listed
    /// as its combinations of distinct digits (a segment lies in one
    /// block), as arrows with a one-cell circle are written.
    ///
    /// Past [`MAX_LISTED_SETS`] sets over all segments and totals (a
    /// 25×25 line of three ten-cell segments has millions, and the list
    /// became a decision diagram per total and segment: 7.2 M clauses),
    /// each segment is instead one sum, its cells and the total's
    /// options negated adding up to 0, as a totalizer (Bailleux &
    /// Boufkhad 2003): 0.51 M clauses there. A decision diagram for
    /// that sum (Eén & Sörensson 2006) wrote a third fewer clauses but
    /// took the empty 36×36 grid with a line of three twelve-cell
    /// segments 4.9–5.2 s to solve against 0.9 s. `one_sum` forces
    /// either form (tests); `None` chooses.
    ///
    /// The differences of neighbouring segments through a sum encoding
    /// (what a named `--sum-encoding` writes) leave a segment's total
    /// to be inferred pair by pair; here every segment reads the one
    /// total, and what rules out a total for one segment rules it out
    /// for all.
    pub(crate) fn encode_total<F: ExtendFormula>(
        &self,
        shape: &Shape,
        encoding: &Encoding,
        one_sum: Option<bool>,
        sink: &mut F,
    ) {
        let size = shape.size();
        let segments = self.segments(shape);
        if segments.len() < 2 {
            return;
        }
        let n = size.side();
        // A segment's cells lie in one block, so its digits differ, unless
        // a line built by hand lists a cell twice (the readers refuse
        // that): then it counts twice, and only the loose bounds hold.
        let distinct: Vec<bool> = segments
            .iter()
            .map(|s| s.iter().enumerate().all(|(i, c)| !s[..i].contains(c)))
            .collect();
        let (mut lo, mut hi) = (i32::MIN, i32::MAX);
        for (segment, &distinct) in segments.iter().zip(&distinct) {
            let k = segment.len();
            let (least, most) = if distinct {
                KillerCage::total_range(n, k)
            } else {
                (k as u32, (k * n) as u32)
            };
            lo = lo.max(least as i32);
            hi = hi.min(most as i32);
        }
        let totals: Vec<(i32, Lit)> = (lo..=hi).map(|t| (t, sink.new_lit())).collect();
        let lits: Vec<Lit> = totals.iter().map(|&(_, l)| l).collect();
        sink.add_clause(&lits);
        encoding.amo.encode(sink, &lits);
        // Sets counted only for distinct segments (of at most n cells)
        // and reachable totals (at most the sum of 1..=n).
        let listed = || -> u64 {
            let (lo, hi) = (lo as usize, hi as usize);
            let mut by_length = std::collections::BTreeMap::new();
            (segments.iter())
                .map(|s| {
                    *by_length.entry(s.len()).or_insert_with(|| {
                        set_counts(n, s.len())[lo..=hi]
                            .iter()
                            .fold(0, |a: u64, &c| a.saturating_add(c))
                    })
                })
                .fold(0, u64::saturating_add)
        };
        let all_distinct = distinct.iter().all(|&d| d);
        let one_sum =
            one_sum.unwrap_or_else(|| lo <= hi && all_distinct && listed() > MAX_LISTED_SETS);
        if one_sum && !totals.is_empty() {
            let total = Term {
                options: totals.iter().map(|&(t, l)| (-t, l)).collect(),
                cell: None,
            };
            for segment in &segments {
                let mut terms: Vec<Term> =
                    segment.iter().map(|&c| Term::cell(size, c, 1)).collect();
                terms.push(total.clone());
                let sum = Sum {
                    terms,
                    target: 0,
                    distinct: false,
                };
                SumKind::Totalizer.encode(&sum, &[], sink);
            }
            return;
        }
        for &(total, lit) in &totals {
            for (segment, &distinct) in segments.iter().zip(&distinct) {
                let sum = Sum::of_cells(size, segment, total, distinct);
                SumKind::Combinations.encode(&sum, &[lit], sink);
            }
        }
    }
}

/// The most sets of digits, over every segment and total, that the
/// default encoding lists; past it each segment is one sum that reads
/// the total.
const MAX_LISTED_SETS: u64 = 10_000;

/// The number of sets of `k` distinct digits of 1..=`n` by their total
/// (index), saturating.
fn set_counts(n: usize, k: usize) -> Vec<u64> {
    let most = n * (n + 1) / 2;
    // ways[j][s]: the sets of j digits so far that add up to s.
    let mut ways = vec![vec![0u64; most + 1]; k + 1];
    ways[0][0] = 1;
    for d in 1..=n {
        for j in (0..k).rev() {
            for s in (0..=most - d).rev() {
                let w = ways[j][s];
                if w > 0 {
                    ways[j + 1][s + d] = ways[j + 1][s + d].saturating_add(w);
                }
            }
        }
    }
    ways.swap_remove(k)
}

impl Rule for RegionSumLine {
    fn key(&self) -> &'static str {
        "regionsumline"
    }

    fn describe(&self) -> String {
        format!(
            "each block's segment of {} adds up to the same total",
            cell_list(&self.cells)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        if self.cells.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        let segments = self.segments(grid.shape());
        let sums: Vec<u32> = segments
            .iter()
            .map(|s| s.iter().map(|&c| value(grid, c)).sum())
            .collect();
        for i in 1..sums.len() {
            if sums[i] != sums[0] {
                return Err(Broken {
                    key: self.key(),
                    cells: segments[i].to_vec(),
                    reason: format!(
                        "the segment {} adds up to {} but {} adds up to {}",
                        cell_list(segments[i]),
                        sums[i],
                        cell_list(segments[0]),
                        sums[0]
                    ),
                });
            }
        }
        Ok(())
    }

    /// Keeps the digits that reach a total every segment can reach: each
    /// segment lies in one block, so its digits are distinct, and the
    /// totals each segment reaches (see `sums::distinct_supports`) meet in
    /// the common ones; past the state budget, bounds on each pair of
    /// neighbouring segments.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let segments = self.segments(shape);
        if segments.len() < 2 {
            return Ok(false);
        }
        let masks: Vec<Vec<u64>> = segments
            .iter()
            .map(|s| s.iter().map(|c| candidates[c.index(size)]).collect())
            .collect();
        let mut searched = self.searched.take();
        if searched.len() > MAX_SEARCHED {
            searched.clear();
        }
        let pruned = Self::prune_segments(shape, &segments, &masks, &mut searched, candidates);
        self.searched.put(searched);
        match pruned {
            Some(pruned) => pruned,
            None => self.prune_by_bounds(shape, candidates),
        }
    }
}

impl RegionSumLine {
    /// [`Rule::prune`] by the segments' searches, with `masks` their
    /// candidates; `None` when a search passes the state budget.
    fn prune_segments(
        shape: &Shape,
        segments: &[&[Cell]],
        masks: &[Vec<u64>],
        searched: &mut Searched,
        candidates: &mut [u64],
    ) -> Option<Result<bool, Contradiction>> {
        let mut common: Option<Vec<i64>> = None;
        for m in masks {
            let found = match searched.get(m) {
                Some(found) => found,
                None => {
                    // An open segment of a large grid: bounds at once.
                    if distinct_states_bound(m) > STATE_BUDGET as u64 {
                        return None;
                    }
                    let found = distinct_supports(m, (i64::MIN, i64::MAX), &|_| true)?;
                    searched.entry(m.clone()).or_insert(found)
                }
            };
            common = Some(match common {
                None => found.totals.clone(),
                Some(c) => c.into_iter().filter(|t| found.totals.contains(t)).collect(),
            });
        }
        let common = common.unwrap_or_default();
        let (Some(&lo), Some(&hi)) = (common.first(), common.last()) else {
            return Some(Err(Contradiction));
        };
        let mut changed = false;
        for (segment, m) in segments.iter().zip(masks) {
            // A segment whose every total is common keeps the supports
            // of its first search: the second would accept the same
            // completions.
            let first = searched
                .get(m)
                .filter(|f| f.totals.iter().all(|t| common.contains(t)));
            let found = match first {
                Some(found) => found.clone(),
                None => distinct_supports(m, (lo, hi), &|t| common.contains(&t))?,
            };
            match narrow(shape, segment, &found, candidates) {
                Ok(narrowed) => changed |= narrowed,
                Err(contradiction) => return Some(Err(contradiction)),
            }
        }
        Some(Ok(changed))
    }

    /// Bounds on "each segment minus the next is 0".
    fn prune_by_bounds(
        &self,
        shape: &Shape,
        candidates: &mut [u64],
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for pair in self.segments(shape).windows(2) {
            let terms: Vec<(Cell, i64)> = Self::difference(pair[0], pair[1]).collect();
            changed |= prune_sum(shape, &terms, 0, candidates)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::grid::Size;
    use crate::rules::tests::prunes_alike;

    /// The pruning without the memo or its shortcut: every segment
    /// searched for its totals, then again for the common ones.
    fn searched_afresh(
        shape: &Shape,
        segments: &[&[Cell]],
        candidates: &mut [u64],
    ) -> Result<bool, Contradiction> {
        let size = shape.size();
        let masks: Vec<Vec<u64>> = (segments.iter())
            .map(|s| s.iter().map(|c| candidates[c.index(size)]).collect())
            .collect();
        let mut common: Vec<i64> = (0..=100).collect();
        for m in &masks {
            let found = distinct_supports(m, (i64::MIN, i64::MAX), &|_| true).unwrap();
            common.retain(|t| found.totals.contains(t));
        }
        let (Some(&lo), Some(&hi)) = (common.first(), common.last()) else {
            return Err(Contradiction);
        };
        let mut changed = false;
        for (segment, m) in segments.iter().zip(&masks) {
            let found = distinct_supports(m, (lo, hi), &|t| common.contains(&t)).unwrap();
            changed |= narrow(shape, segment, &found, candidates)?;
        }
        Ok(changed)
    }

    proptest! {
        #[test]
        fn remembered_searches_prune_as_searches_afresh_do(
            states in proptest::collection::vec(
                proptest::collection::vec((0usize..8, 0u64..9), 12),
                200..600,
            ),
        ) {
            // Candidates drawn from a small pool of masks repeat (the
            // segments' searches found in the memo) and include dead
            // ends (contradictions) and settled cells; the line bends
            // through four blocks, segments of 3, 2, 4 and 3 cells.
            let shape = Shape::square(Size::NINE);
            let at = |r: u8, c: u8| Cell::new(r, c);
            let cells = vec![
                at(0, 0), at(0, 1), at(0, 2), at(0, 3), at(0, 4), at(1, 4),
                at(2, 4), at(3, 4), at(3, 3), at(3, 2), at(4, 2), at(5, 2),
            ];
            let pool = [0x1ff, 0x0f0, 0x10f, 0x00c, 0x1c3, 0x03f, 0x120, 0x001];
            let line = RegionSumLine::new(cells.clone());
            prunes_alike(
                &cells,
                &pool,
                &states,
                |candidates| line.prune(&shape, candidates),
                |candidates| searched_afresh(&shape, &line.segments(&shape), candidates),
            )?;
        }
    }
}
