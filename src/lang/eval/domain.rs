//! Integer domains for the three-valued evaluation: the interval a term
//! lies in, and the exact set of its possible values when the interval is
//! narrower than 128.
//!
//! A [`Dom`] over-approximates: every value the term can take under the
//! candidates is in it, never the reverse. Each operation follows the
//! saturating arithmetic of the check, so a term whose cells are all
//! placed gets the one value the check computes.

use super::check::modulo;

/// How many values a set holds at most: the bits of a `u128`.
const WIDTH: i128 = 128;

/// The most pairs a product or a map of two sets works through before it
/// falls back on the interval.
const PAIRS: u32 = 256;

/// The values an integer term may take.
///
/// Invariant: `lo <= hi`; when `hi − lo < 128`, bit i of `bits` says
/// whether `lo + i` may occur, and bits 0 and `hi − lo` are set; wider
/// domains have `bits == 0` and may take every value of `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Dom {
    lo: i64,
    hi: i64,
    bits: u128,
}

impl Dom {
    /// Returns the domain holding `v` alone.
    pub(super) fn value(v: i64) -> Dom {
        Dom {
            lo: v,
            hi: v,
            bits: 1,
        }
    }

    /// Returns the domain of every value in `lo..=hi` (swapped if needed).
    pub(super) fn range(lo: i64, hi: i64) -> Dom {
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let span = i128::from(hi) - i128::from(lo);
        let bits = if span < WIDTH {
            u128::MAX >> (127 - span as u32)
        } else {
            0
        };
        Dom { lo, hi, bits }
    }

    /// Returns the digits of a candidate mask, bit d−1 for digit d; an
    /// empty mask, which no live search holds, gives every digit.
    pub(super) fn digits(mask: u64) -> Dom {
        if mask == 0 {
            return Dom::range(1, 64);
        }
        let low = mask.trailing_zeros();
        let high = 63 - mask.leading_zeros();
        Dom {
            lo: i64::from(low) + 1,
            hi: i64::from(high) + 1,
            bits: u128::from(mask >> low),
        }
    }

    /// Returns the domain of the values `lo + i` for the bits i of `bits`
    /// (nonzero), where `lo + 127` does not overflow.
    fn from_bits(lo: i64, bits: u128) -> Dom {
        debug_assert!(bits != 0);
        let low = bits.trailing_zeros();
        let high = 127 - bits.leading_zeros();
        Dom {
            lo: lo + i64::from(low),
            hi: lo + i64::from(high),
            bits: bits >> low,
        }
    }

    /// Returns the smallest value.
    pub(super) fn lo(&self) -> i64 {
        self.lo
    }

    /// Returns the largest value.
    pub(super) fn hi(&self) -> i64 {
        self.hi
    }

    /// Returns the value when there is only one.
    pub(super) fn single(&self) -> Option<i64> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// Returns the set of values as bits from `lo`, or `None` for a wide
    /// domain.
    pub(super) fn bits(&self) -> Option<u128> {
        (self.bits != 0).then_some(self.bits)
    }

    /// Returns how many values the domain holds, saturated.
    pub(super) fn count(&self) -> u64 {
        match self.bits() {
            Some(bits) => u64::from(bits.count_ones()),
            None => (i128::from(self.hi) - i128::from(self.lo) + 1)
                .try_into()
                .unwrap_or(u64::MAX),
        }
    }

    /// Returns whether `v` may occur.
    pub(super) fn contains(&self, v: i64) -> bool {
        self.lo <= v
            && v <= self.hi
            && (self.bits == 0 || self.bits >> (v.abs_diff(self.lo) as u32) & 1 == 1)
    }

    /// Calls `f` with each value, smallest first; a wide domain calls it
    /// with none and returns `false`.
    pub(super) fn each(&self, mut f: impl FnMut(i64)) -> bool {
        let mut bits = self.bits;
        while bits != 0 {
            f(self.lo + i64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
        self.bits != 0
    }

    /// Returns whether the two domains share a value.
    pub(super) fn meets(&self, other: &Dom) -> bool {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        if lo > hi {
            return false;
        }
        // Bits of each over the overlap lo..=hi, from lo.
        let window = |d: &Dom| {
            if d.bits == 0 {
                return u128::MAX;
            }
            let from = lo.abs_diff(d.lo) as u32;
            let width = hi.abs_diff(lo) as u32;
            (d.bits >> from) & (u128::MAX >> (127 - width))
        };
        window(self) & window(other) != 0
    }

    /// Returns the values of both domains.
    pub(super) fn union(&self, other: &Dom) -> Dom {
        let (lo, hi) = (self.lo.min(other.lo), self.hi.max(other.hi));
        let span = i128::from(hi) - i128::from(lo);
        if span >= WIDTH {
            return Dom::range(lo, hi);
        }
        // Both sets fit the window, so both have bits.
        let bits = (self.bits << self.lo.abs_diff(lo)) | (other.bits << other.lo.abs_diff(lo));
        Dom::from_bits(lo, bits)
    }

    /// Returns the values within `lo..=hi`, or `None` when none is.
    pub(super) fn clip(&self, lo: i64, hi: i64) -> Option<Dom> {
        let (lo, hi) = (self.lo.max(lo), self.hi.min(hi));
        if lo > hi {
            return None;
        }
        if self.bits == 0 {
            return Some(Dom::range(lo, hi));
        }
        let from = lo.abs_diff(self.lo) as u32;
        let width = hi.abs_diff(lo) as u32;
        let bits = (self.bits >> from) & (u128::MAX >> (127 - width));
        (bits != 0).then(|| Dom::from_bits(lo, bits))
    }

    /// Returns the domain of `f(v)` over the values v of a set, or `None`
    /// for a wide domain.
    fn map(&self, f: impl Fn(i64) -> i64) -> Option<Dom> {
        self.bits()?;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        self.each(|v| {
            let w = f(v);
            lo = lo.min(w);
            hi = hi.max(w);
        });
        let mut out = Dom::range(lo, hi);
        if out.bits != 0 {
            let mut bits = 0u128;
            self.each(|v| bits |= 1 << f(v).abs_diff(lo));
            out = Dom::from_bits(lo, bits);
        }
        Some(out)
    }

    /// Returns the domain of `f(a, b)` over pairs of values, when both
    /// are sets with few pairs, else `None`.
    fn map2(a: &Dom, b: &Dom, f: impl Fn(i64, i64) -> i64) -> Option<Dom> {
        let (x, y) = (a.bits()?, b.bits()?);
        if x.count_ones() * y.count_ones() > PAIRS {
            return None;
        }
        let mut out: Option<Dom> = None;
        a.each(|v| {
            b.each(|w| {
                let d = Dom::value(f(v, w));
                out = Some(out.map_or(d, |o| o.union(&d)));
            });
        });
        out
    }

    /// Returns the domain of the saturating sum.
    pub(super) fn add(&self, other: &Dom) -> Dom {
        if let (Some(x), Some(y)) = (self.bits(), other.bits())
            && let (Some(lo), Some(_)) =
                (self.lo.checked_add(other.lo), self.hi.checked_add(other.hi))
            && i128::from(self.hi - self.lo) + i128::from(other.hi - other.lo) < WIDTH
        {
            // No sum overflows, and every sum fits one window: shift and
            // or, one shift per value of the sparser.
            let (mut rest, other) = if x.count_ones() <= y.count_ones() {
                (x, y)
            } else {
                (y, x)
            };
            let mut bits = 0u128;
            while rest != 0 {
                bits |= other << rest.trailing_zeros();
                rest &= rest - 1;
            }
            return Dom::from_bits(lo, bits);
        }
        Dom::range(
            self.lo.saturating_add(other.lo),
            self.hi.saturating_add(other.hi),
        )
    }

    /// Returns the domain of the saturating negation.
    pub(super) fn neg(&self) -> Dom {
        match (self.bits(), self.lo.checked_neg()) {
            // Value lo + i becomes −hi + (span − i): the bits reversed.
            // With −lo in range, so is every other negation.
            (Some(bits), Some(_)) => {
                let span = self.hi.abs_diff(self.lo) as u32;
                Dom::from_bits(-self.hi, bits.reverse_bits() >> (127 - span))
            }
            _ => Dom::range(self.hi.saturating_neg(), self.lo.saturating_neg()),
        }
    }

    /// Returns the domain of the saturating product.
    pub(super) fn mul(&self, other: &Dom) -> Dom {
        if let Some(d) = Dom::map2(self, other, i64::saturating_mul) {
            return d;
        }
        // A product's extremes over a box are at its corners, and
        // saturating keeps the order.
        let corners = [
            self.lo.saturating_mul(other.lo),
            self.lo.saturating_mul(other.hi),
            self.hi.saturating_mul(other.lo),
            self.hi.saturating_mul(other.hi),
        ];
        let lo = corners.iter().copied().min().unwrap_or(0);
        let hi = corners.iter().copied().max().unwrap_or(0);
        Dom::range(lo, hi)
    }

    /// Returns the domain of [`modulo`] by `m`.
    pub(super) fn modulo(&self, m: i64) -> Dom {
        if let Some(d) = self.map(|v| modulo(v, m)) {
            return d;
        }
        if m == 0 {
            return *self;
        }
        let m = i128::from(m.unsigned_abs());
        let (lo, hi) = (i128::from(self.lo), i128::from(self.hi));
        if lo.div_euclid(m) == hi.div_euclid(m) {
            // One period: the remainders keep their order.
            let base = lo.div_euclid(m) * m;
            return Dom::range((lo - base) as i64, (hi - base) as i64);
        }
        Dom::range(0, (m - 1) as i64)
    }

    /// Returns the domain of the saturating absolute value.
    pub(super) fn abs(&self) -> Dom {
        if self.lo >= 0 {
            *self
        } else if self.hi < 0 {
            self.neg()
        } else if self.bits != 0 {
            // Across zero and narrow, so no value is i64::MIN: the
            // negative part negated, joined to the rest.
            let below = self.clip(self.lo, -1).map(|d| d.neg());
            let above = self.clip(0, self.hi);
            match (below, above) {
                (Some(b), Some(a)) => b.union(&a),
                (b, a) => b.or(a).unwrap_or(*self),
            }
        } else {
            Dom::range(0, self.hi.max(self.lo.saturating_abs()))
        }
    }

    /// Returns the domain of the smaller of two values.
    pub(super) fn min(&self, other: &Dom) -> Dom {
        let (lo, hi) = (self.lo.min(other.lo), self.hi.min(other.hi));
        // The smaller value is one of the two, within lo..=hi.
        self.union(other)
            .clip(lo, hi)
            .unwrap_or_else(|| Dom::range(lo, hi))
    }

    /// Returns the domain of the larger of two values.
    pub(super) fn max(&self, other: &Dom) -> Dom {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.max(other.hi));
        self.union(other)
            .clip(lo, hi)
            .unwrap_or_else(|| Dom::range(lo, hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(values: &[i64]) -> Dom {
        values
            .iter()
            .map(|&v| Dom::value(v))
            .reduce(|a, b| a.union(&b))
            .unwrap()
    }

    fn values(d: &Dom) -> Vec<i64> {
        let mut out = Vec::new();
        assert!(d.each(|v| out.push(v)));
        out
    }

    #[test]
    fn digits_are_the_mask() {
        let d = Dom::digits(0b1_0110);
        assert_eq!(values(&d), [2, 3, 5]);
        assert_eq!((d.lo(), d.hi(), d.count()), (2, 5, 3));
        assert!(d.contains(3) && !d.contains(4) && !d.contains(1));
        assert_eq!(Dom::digits(1 << 63).single(), Some(64));
    }

    #[test]
    fn sets_follow_arithmetic() {
        let a = set(&[1, 4]);
        let b = set(&[2, 3]);
        assert_eq!(values(&a.add(&b)), [3, 4, 6, 7]);
        assert_eq!(values(&a.neg()), [-4, -1]);
        assert_eq!(values(&a.add(&b.neg()).abs()), [1, 2]);
        assert_eq!(values(&a.mul(&b)), [2, 3, 8, 12]);
        assert_eq!(values(&set(&[-4, -1, 5]).modulo(3)), [2]);
        assert_eq!(values(&set(&[-4, -1, 5]).modulo(-3)), [2]);
        assert_eq!(values(&a.min(&b)), [1, 2, 3]);
        assert_eq!(values(&a.max(&b)), [2, 3, 4]);
        assert!(a.meets(&set(&[0, 4])) && !a.meets(&b));
        assert_eq!(values(&set(&[1, 3, 8]).clip(2, 9).unwrap()), [3, 8]);
        assert_eq!(set(&[1, 3]).clip(4, 9), None);
    }

    #[test]
    fn wide_domains_keep_intervals_and_saturate() {
        let wide = Dom::range(-1000, 1000);
        assert_eq!(wide.bits(), None);
        assert_eq!(wide.count(), 2001);
        assert_eq!(wide.modulo(7), Dom::range(0, 6));
        assert_eq!(Dom::range(14, 300).modulo(1000), Dom::range(14, 300));
        assert_eq!(wide.abs(), Dom::range(0, 1000));
        let huge = Dom::range(i64::MAX - 1, i64::MAX);
        assert_eq!(huge.add(&huge), Dom::value(i64::MAX));
        assert_eq!(Dom::value(i64::MIN).neg(), Dom::value(i64::MAX));
        let bottom = Dom::value(i64::MIN).union(&Dom::value(i64::MIN + 2));
        assert_eq!(bottom.neg(), Dom::range(i64::MAX - 1, i64::MAX));
        assert_eq!(values(&set(&[-5, -2, 0, 3]).abs()), [0, 2, 3, 5]);
        assert_eq!(values(&set(&[-3, 3]).abs()), [3]);
        assert_eq!(Dom::value(i64::MIN).abs(), Dom::value(i64::MAX));
        assert_eq!(Dom::value(i64::MIN).modulo(-1), Dom::value(0));
        assert_eq!(Dom::range(i64::MIN, i64::MAX).modulo(0).count(), u64::MAX);
        let big = Dom::range(i64::MAX / 2, i64::MAX);
        assert_eq!(big.mul(&Dom::range(-3, 2)).lo(), i64::MIN);
        assert!(wide.meets(&set(&[999])) && !wide.meets(&set(&[1001])));
        assert!(wide.union(&Dom::value(5000)).contains(3000));
    }
}
