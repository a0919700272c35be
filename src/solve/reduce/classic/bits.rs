//! The masks of a band and the bit-sliced counting the classic
//! propagation reads houses with.
//!
//! A band is three rows of the grid, bit 9·r + c for row r of the band and
//! column c.

use super::Unsatisfiable;

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The first row of a band.
pub(super) const ROW: u32 = 0x1ff;

/// The first column of a band: a cell in each of its three rows.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The first block of a band.
pub(super) const BLOCK: u32 = 7 * COLUMN;

/// The first cell of each of a row's three segments (its cells in one
/// block), in the first row of a band.
pub(super) const ROW_SEGMENTS: u32 = 0b001_001_001;

/// The same in all three rows: bit 9·r + 3·s stands for row r's segment
/// in block s.
pub(super) const SEGMENTS: u32 = ROW_SEGMENTS * COLUMN;

/// Every digit, bit d for digit index d.
pub(super) const DIGITS: u16 = 0x1ff;

/// Each cell's peers in its own band, the cell included: its row, its
/// block and its column's three cells.
pub(super) const BAND_PEERS: [u32; 27] = band_peers();

const fn band_peers() -> [u32; 27] {
    let mut peers = [0; 27];
    let mut at = 0;
    while at < 27 {
        let (row, col) = (at / 9, at % 9);
        peers[at] = ROW << (9 * row) | BLOCK << (col / 3 * 3) | COLUMN << col;
        at += 1;
    }
    peers
}

/// Returns the rows and blocks of `band` (one digit's places) where the
/// digit has one place, as masks of their cells; fails when one has none.
///
/// Counted bit-sliced, up to two, in two steps and without a branch: the
/// places in each segment (three cells of a row in one block), then the
/// segments of each row and of each block.
#[inline(always)]
pub(super) fn lone_in_rows_and_blocks(band: u32) -> Result<u32, Unsatisfiable> {
    let segments = count_three(band & SEGMENTS, band >> 1 & SEGMENTS, band >> 2 & SEGMENTS);
    // A row's segments sit at bits 9·r, 9·r + 3 and 9·r + 6; a block's at
    // 3·s, 3·s + 9 and 3·s + 18.
    let part = |shift: u32, mask: u32| (segments.0 >> shift & mask, segments.1 >> shift & mask);
    let rows = add_counts(
        add_counts(part(0, COLUMN), part(3, COLUMN)),
        part(6, COLUMN),
    );
    let blocks = add_counts(
        add_counts(part(0, ROW_SEGMENTS), part(9, ROW_SEGMENTS)),
        part(18, ROW_SEGMENTS),
    );
    if rows.0 != COLUMN || blocks.0 != ROW_SEGMENTS {
        return Err(Unsatisfiable);
    }
    // Bit 9·r spreads to row r's nine cells, bit 3·s to block s's.
    Ok(((rows.0 & !rows.1) * ROW) | ((blocks.0 & !blocks.1) * BLOCK))
}

/// Counts three bit sets bit-sliced, up to two: the bits set in at least
/// one, and those set in at least two.
#[inline(always)]
pub(super) fn count_three(a: u32, b: u32, c: u32) -> (u32, u32) {
    (a | b | c, a & b | (a | b) & c)
}

/// Adds two counts of [`count_three`]'s kind, up to two.
#[inline(always)]
pub(super) fn add_counts((one, two): (u32, u32), (other_one, other_two): (u32, u32)) -> (u32, u32) {
    (one | other_one, two | other_two | one & other_one)
}

/// Spreads each set bit of `firsts` to the two bits `step` and `2·step`
/// above it: a group's first member to the whole group.
#[inline(always)]
const fn spread(firsts: u32, step: u32) -> u32 {
    firsts | firsts << step | firsts << (2 * step)
}

/// Among `marks`, in groups of three (members at `first`, `first + step`
/// and `first + 2·step` for each bit `first` of `firsts`), returns the
/// marks alone in their group.
#[inline(always)]
pub(super) fn lone_marks(marks: u32, step: u32, firsts: u32) -> u32 {
    let (any, many) = count_groups(marks, step, firsts);
    marks & spread(any & !many, step)
}

/// In the same groups, where each mark keeps only itself of its group:
/// returns the whole of a group without a mark, the mark of a group with
/// one, and nothing of a group with two (each mark removes the other).
#[inline(always)]
pub(super) fn kept_by_marks(marks: u32, step: u32, firsts: u32) -> u32 {
    let (any, many) = count_groups(marks, step, firsts);
    spread(!any & firsts, step) | (marks & !spread(many, step))
}

/// Counts the marks of each group of [`lone_marks`], up to two, at the
/// group's first bit.
#[inline(always)]
fn count_groups(marks: u32, step: u32, firsts: u32) -> (u32, u32) {
    count_three(
        marks & firsts,
        marks >> step & firsts,
        marks >> (2 * step) & firsts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::rng::Rng;

    /// Random bands, sparse and dense alike.
    fn bands(count: usize) -> Vec<u32> {
        let mut rng = Rng::new(23);
        (0..count)
            .map(|i| {
                let (a, b) = (rng.next_u64() as u32, rng.next_u64() as u32);
                let band = match i % 3 {
                    0 => a & b,
                    1 => a & b & rng.next_u64() as u32,
                    _ => a | b,
                };
                band & BAND
            })
            .collect()
    }

    /// Rows and blocks read one by one: the cells of each that is alone
    /// in holding one place, or `Err` when one holds none.
    #[test]
    fn lone_rows_and_blocks_are_those_counted_one_by_one() {
        let (mut refuted, mut lone) = (0, 0);
        for band in bands(3000) {
            let mut houses = Vec::new();
            for i in 0..3 {
                houses.push(ROW << (9 * i));
                houses.push(BLOCK << (3 * i));
            }
            let expected = if houses.iter().any(|&h| band & h == 0) {
                Err(Unsatisfiable)
            } else {
                Ok(houses
                    .iter()
                    .filter(|&&h| (band & h).count_ones() == 1)
                    .fold(0, |lone, &h| lone | h))
            };
            assert_eq!(lone_in_rows_and_blocks(band), expected, "{band:027b}");
            refuted += usize::from(expected.is_err());
            lone += usize::from(expected.is_ok_and(|cells| cells != 0));
        }
        assert!(refuted > 300 && lone > 300, "{refuted} {lone}");
    }

    /// Groups of three read one by one, for the three shapes the
    /// propagation uses: a row's segments, a block's segments, a band's
    /// columns by block.
    #[test]
    fn marks_are_read_group_by_group() {
        let shapes = [(3, COLUMN), (9, ROW_SEGMENTS), (1, ROW_SEGMENTS)];
        for (i, band) in bands(3000).into_iter().enumerate() {
            let (step, firsts) = shapes[i % 3];
            let marks = band & spread(firsts, step);
            let (mut lone, mut kept) = (0, 0);
            let mut left = firsts;
            while left != 0 {
                let group = spread(left & left.wrapping_neg(), step);
                left &= left - 1;
                let held = marks & group;
                lone |= if held.count_ones() == 1 { held } else { 0 };
                kept |= match held.count_ones() {
                    0 => group,
                    1 => held,
                    _ => 0,
                };
            }
            assert_eq!(lone_marks(marks, step, firsts), lone, "{marks:027b}");
            assert_eq!(kept_by_marks(marks, step, firsts), kept, "{marks:027b}");
        }
    }
}
