//! Reading a skyscraper clue's line: the digits each cell holds in some
//! reading of the line that sees the clue's count.

use crate::kept::Readings;

/// Sets `supports` to the digits each cell of a skyscraper clue's line
/// holds in some reading of the line that sees `count` buildings, or
/// returns false when no reading does. `masks` are the line's candidates
/// from the clue's side.
///
/// A whole line of a grid of side up to [`EXACT_SIDE`] is read exactly,
/// its digits distinct ([`sightline_exact`]); a longer one, or one that
/// is not a whole row or column, by its tallest building alone
/// ([`sightline_in`]).
pub(super) fn sightline(masks: &[u64], side: usize, count: usize, supports: &mut [u64]) -> bool {
    if masks.len() == side && side <= EXACT_SIDE {
        return sightline_exact(masks, side, count, supports);
    }
    const SMALL: usize = 19 * 17;
    let n = masks.len();
    let width = side + 1;
    let cells = (n + 2) * width;
    if cells <= SMALL {
        sightline_in(masks, side, count, supports, &mut [0; SMALL][..cells])
    } else {
        sightline_in(masks, side, count, supports, &mut vec![0; cells])
    }
}

/// [`sightline`], the answer taken from `readings` when this line state
/// was read last (a whole line of a grid up to [`EXACT_SIDE`]).
pub(super) fn sightline_remembered(
    readings: &mut Readings,
    masks: &[u64],
    side: usize,
    count: usize,
    supports: &mut [u64],
) -> bool {
    // A whole line of at most nine cells fits the slots' keys; a count
    // past a byte (no reading sees it) is read, never keyed short.
    match u8::try_from(count) {
        Ok(extra) if masks.len() == side && side <= EXACT_SIDE => {
            readings.read(masks, side, extra, supports, |supports| {
                sightline_exact(masks, side, count, supports)
            })
        }
        _ => sightline(masks, side, count, supports),
    }
}

/// The largest side whose lines [`sightline_exact`] reads: 2⁹ sets of
/// digits at most, a few microseconds a call.
const EXACT_SIDE: usize = 9;

/// [`sightline`] for a whole row or column of a grid of side up to
/// [`EXACT_SIDE`]: the readings are the line's permutations of 1..N.
///
/// A reading's state after i cells is the set of digits they hold (its
/// tallest is the set's highest) and the buildings seen. A forward pass
/// finds, for each set the masks allow, the counts seen that some order
/// of it reaches, one bit per count; a backward pass the counts from
/// which the cells after end on the clue's count. A digit is kept where
/// the two meet: exactly the digits of the readings that see `count`,
/// at most 2ᴺ sets, each visited once a pass. Passes only over reachable
/// sets, layer by layer, so a narrowed line costs far less than an open
/// one.
///
/// Tracking only the tallest (as [`sightline_in`] does) lets a digit
/// hide behind a shorter one more often than the line has room for:
/// with a clue of 2 and a 3 first, at most two cells (a 1 and a 2)
/// stand between it and the N. On `trollscraper` (25 clues, no givens)
/// the cross-check gave up after 30,000 nodes with it; read exactly, it
/// decides the puzzle in about 2,000.
fn sightline_exact(masks: &[u64], side: usize, count: usize, supports: &mut [u64]) -> bool {
    let n = masks.len();
    if n == 0 || count == 0 || count > n {
        return false;
    }
    let full = (1usize << side) - 1;
    // f[set]: bit s when some order of `set` on the first |set| cells
    // sees s buildings; g[set]: bit s when the cells after can end on
    // the count from s seen.
    let mut f = [0u16; 1 << EXACT_SIDE];
    let mut g = [0u16; 1 << EXACT_SIDE];
    // The reachable sets, layer by layer: layer i (sets of i digits) is
    // order[start[i]..start[i + 1]].
    let mut order = [0u16; 1 << EXACT_SIDE];
    let mut start = [0usize; EXACT_SIDE + 2];
    // window[t]: the counts a reading whose tallest so far is t can see
    // and still end on `count`. Each taller digit is still to come, and
    // the N at least is seen, so at most count − 1 while t < N; at most
    // N − t more are seen, so at least count − (N − t); exactly `count`
    // once the N stands. A state outside its window has no completion:
    // the backward pass would find none, so leaving it out changes no
    // support, and the passes visit fewer sets.
    let mut window = [0u16; EXACT_SIDE + 1];
    for (t, w) in window.iter_mut().enumerate().take(side + 1).skip(1) {
        let low = count.saturating_sub(side - t);
        let high = if t == side { count } else { count - 1 };
        if low <= high {
            *w = (((2u32 << high) - 1) & !((1u32 << low) - 1)) as u16;
        }
    }
    f[0] = 1;
    let mut len = 1;
    start[1] = 1;
    for i in 0..n {
        for k in start[i]..start[i + 1] {
            let set = usize::from(order[k]);
            let r = f[set];
            let tallest = usize::BITS - set.leading_zeros();
            let mut m = masks[i] as usize & !set & full;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                let d = bit.trailing_zeros() + 1;
                let to = set | bit;
                let (seen, tallest) = if d > tallest {
                    (r << 1, d)
                } else {
                    (r, tallest)
                };
                let seen = seen & window[tallest as usize];
                if seen == 0 {
                    continue;
                }
                if f[to] == 0 {
                    order[len] = to as u16;
                    len += 1;
                }
                f[to] |= seen;
            }
        }
        start[i + 2] = len;
    }
    if f[full] & (1 << count) == 0 {
        return false;
    }
    g[full] = 1 << count;
    supports.fill(0);
    for i in (0..n).rev() {
        for &set in &order[start[i]..start[i + 1]] {
            let set = usize::from(set);
            let r = f[set];
            let tallest = usize::BITS - set.leading_zeros();
            let mut m = masks[i] as usize & !set & full;
            let mut here = 0;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                let d = bit.trailing_zeros() + 1;
                let after = if d > tallest {
                    g[set | bit] >> 1
                } else {
                    g[set | bit]
                };
                if after & r != 0 {
                    supports[i] |= bit as u64;
                    here |= after;
                }
            }
            g[set] = here;
        }
    }
    true
}

/// [`sightline`] by the tallest building alone, in `scratch`, (cells +
/// 2) × (side + 1) zeros: for lines longer than [`EXACT_SIDE`].
///
/// A reading's state after i cells is the tallest building so far and
/// the buildings seen. A forward pass finds, for each cell and tallest,
/// the set of counts seen that some reading of the cells before reaches,
/// one bit per count; a backward pass the counts from which the cells
/// after can still end on the clue's count with the N stood (the line is
/// a whole row or column, so it holds the N). A digit is kept where the
/// two meet. That is N² sets of counts per cell, each step a shift or an
/// OR of them, and no recursion.
///
/// Other digits may repeat in a reading, but for one thing: the first
/// i cells hold i distinct digits, so their tallest is i or more.
/// Leaving the rest out only keeps more digits, never fewer: sound. The
/// buildings seen rise, so they are distinct anyway. It finds what
/// bounds do, the N no earlier than the count says and no digit too tall
/// too soon, and more beside placed digits.
fn sightline_in(
    masks: &[u64],
    side: usize,
    count: usize,
    supports: &mut [u64],
    scratch: &mut [u64],
) -> bool {
    let n = masks.len();
    let width = side + 1;
    if n == 0 || count == 0 || count > n {
        return false;
    }
    // Bit s − 1 of reach[i·width + t]: some reading of the first i + 1
    // cells has tallest t and s seen (1 to 64: the first cell is seen).
    let (reach, rest) = scratch.split_at_mut(n * width);
    let (ahead, here) = rest.split_at_mut(width);
    let mut first = masks[0];
    while first != 0 {
        reach[first.trailing_zeros() as usize + 1] = 1;
        first &= first - 1;
    }
    for (i, &m) in masks.iter().enumerate().skip(1) {
        let (layer, next) = reach[(i - 1) * width..].split_at_mut(width);
        for (t, &r) in layer.iter().enumerate() {
            if r == 0 {
                continue;
            }
            // Digits up to t hide behind the tallest; taller ones are seen.
            if m & lower(t) != 0 {
                next[t] |= r;
            }
            let mut taller = m & !lower(t);
            while taller != 0 {
                let d = taller.trailing_zeros() as usize + 1;
                taller &= taller - 1;
                next[d] |= r << 1;
            }
        }
        // The first i + 1 cells hold distinct digits, none taller than
        // the tallest: a tallest under i + 1 is no reading of a row.
        next[..=i].fill(0);
    }
    let end = 1 << (count - 1);
    if reach[(n - 1) * width + side] & end == 0 {
        return false;
    }
    // ahead[t], for the state after cell i: the counts seen from which
    // the cells after i end as the clue says.
    ahead[side] = end;
    supports.fill(0);
    for i in (1..n).rev() {
        here.fill(0);
        let m = masks[i];
        for (t, &r) in reach[(i - 1) * width..i * width].iter().enumerate() {
            if r == 0 {
                continue;
            }
            let hidden = m & lower(t);
            if hidden != 0 && ahead[t] & r != 0 {
                supports[i] |= hidden;
                here[t] |= ahead[t];
            }
            let mut taller = m & !lower(t);
            while taller != 0 {
                let bit = taller & taller.wrapping_neg();
                taller &= taller - 1;
                let after = ahead[bit.trailing_zeros() as usize + 1] >> 1;
                if after & r != 0 {
                    supports[i] |= bit;
                    here[t] |= after;
                }
            }
        }
        ahead.copy_from_slice(here);
    }
    // The first cell is seen: it starts a reading with one seen.
    let mut first = masks[0];
    while first != 0 {
        let bit = first & first.wrapping_neg();
        first &= first - 1;
        if ahead[bit.trailing_zeros() as usize + 1] & 1 != 0 {
            supports[0] |= bit;
        }
    }
    true
}

/// The bits of the digits 1 to t.
fn lower(t: usize) -> u64 {
    if t >= 64 { u64::MAX } else { (1 << t) - 1 }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The supports by enumeration: every reading of the line from
    /// `masks` that holds the N and sees `count`, its digits distinct when
    /// `distinct`, else only as [`sightline_in`] asks (the first i cells'
    /// tallest at least i).
    fn by_enumeration(
        masks: &[u64],
        side: usize,
        count: usize,
        distinct: bool,
    ) -> Option<Vec<u64>> {
        let n = masks.len();
        let mut supports = vec![0; n];
        let mut any = false;
        for code in 0..side.pow(n as u32) {
            let digits: Vec<usize> = (0..n)
                .map(|i| code / side.pow(i as u32) % side + 1)
                .collect();
            if digits
                .iter()
                .zip(masks)
                .any(|(&d, &m)| m >> (d - 1) & 1 == 0)
                || !digits.contains(&side)
            {
                continue;
            }
            let (mut tallest, mut seen, mut used, mut fits) = (0, 0, 0u64, true);
            for (i, &d) in digits.iter().enumerate() {
                if d > tallest {
                    tallest = d;
                    seen += 1;
                }
                fits &= if distinct {
                    used >> d & 1 == 0
                } else {
                    tallest > i
                };
                used |= 1 << d;
            }
            if fits && seen == count {
                any = true;
                for (s, &d) in supports.iter_mut().zip(&digits) {
                    *s |= 1 << (d - 1);
                }
            }
        }
        any.then_some(supports)
    }

    /// [`sightline_in`] on fresh scratch.
    fn by_tallest(masks: &[u64], side: usize, count: usize) -> Option<Vec<u64>> {
        let mut supports = vec![0; masks.len()];
        let mut scratch = vec![0; (masks.len() + 2) * (side + 1)];
        sightline_in(masks, side, count, &mut supports, &mut scratch).then_some(supports)
    }

    proptest! {
        #[test]
        fn the_sightline_by_the_tallest_keeps_exactly_the_digits_its_readings_use(
            masks in proptest::collection::vec(1u64..64, 1..=6),
            count in 0usize..=7,
        ) {
            prop_assert_eq!(by_tallest(&masks, 6, count), by_enumeration(&masks, 6, count, false));
        }

        #[test]
        fn the_exact_sightline_keeps_exactly_the_digits_of_the_lines_permutations(
            masks in proptest::collection::vec(1u64..64, 6),
            count in 0usize..=7,
        ) {
            let mut supports = vec![0; 6];
            let found = sightline(&masks, 6, count, &mut supports).then_some(supports);
            prop_assert_eq!(found, by_enumeration(&masks, 6, count, true));
        }
    }

    proptest! {
        #[test]
        fn remembered_readings_answer_as_the_reading_itself(
            lines in proptest::collection::vec(
                (0usize..3, proptest::collection::vec((0usize..7, 0u64..9), 9), 0usize..10),
                500..2000,
            ),
        ) {
            // Line states drawn from a small pool of masks repeat (answers
            // taken from the slots) and collide (slots overwritten); lines
            // of side 9 and 6 are read exactly, a line of 5 on side 6 is
            // not.
            let mut readings = Readings::default();
            let pool = [0x1ff, 0x0f0, 0x10f, 0x00c, 0x1c3, 0x03f, 0x120];
            for (shape, cells, count) in lines {
                let (side, n) = [(9, 9), (6, 6), (6, 5)][shape];
                let masks: Vec<u64> = cells[..n]
                    .iter()
                    .map(|&(p, d)| pool[p] & ((1 << side) - 1) | 1 << (d % side as u64))
                    .collect();
                let count = count % (side + 1);
                let (mut kept, mut read) = (vec![0; n], vec![0; n]);
                let remembered = sightline_remembered(&mut readings, &masks, side, count, &mut kept);
                let fresh = sightline(&masks, side, count, &mut read);
                prop_assert_eq!(
                    (remembered, kept),
                    (fresh, read),
                    "{:?} seeing {}",
                    masks,
                    count
                );
            }
        }
    }

    #[test]
    fn a_digit_used_before_cannot_hide_again() {
        // Two seen from 3 1 _ _ on a line of four: the third cell may be
        // 2 or 4, never the 1 again, which the tallest alone allows.
        let masks = [0b0100, 0b0001, 0b1011, 0b1010];
        let mut supports = [0; 4];
        assert!(sightline(&masks, 4, 2, &mut supports));
        assert_eq!(supports[2], 0b1010);
        assert_eq!(by_tallest(&masks, 4, 2).unwrap()[2], 0b1011);
    }

    /// The supports of a line of `n` open cells of side `n` seeing `count`.
    fn open_line(n: usize, count: usize) -> Option<Vec<u64>> {
        let mut supports = vec![0; n];
        sightline(&vec![(1 << n) - 1; n], n, count, &mut supports).then_some(supports)
    }

    #[test]
    fn the_count_places_the_tallest_and_the_shortest() {
        // One seen: the tallest stands first.
        assert_eq!(open_line(6, 1).unwrap()[0], 1 << 5);
        // All seen: the line rises, 1 to N.
        let rising = open_line(6, 6).unwrap();
        assert_eq!(rising, (0..6).map(|k| 1u64 << k).collect::<Vec<_>>());
        // Three seen: no cell before the third holds the tallest, and the
        // first holds at most N − 2.
        let three = open_line(6, 3).unwrap();
        assert_eq!(three[0], 0b1111);
        assert_eq!(three[1] & 1 << 5, 0);
        // More seen than cells: none.
        assert!(open_line(4, 5).is_none());
    }
}
