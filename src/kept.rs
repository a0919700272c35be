//! A cache a value keeps beside itself, outside its identity: it changes
//! no result, only what a result costs.

use std::sync::Mutex;

/// Something a rule remembers between calls of its pruning (the language
/// pruner's revisions, a skyscraper line's readings).
///
/// Behind a lock, since a rule may be shared between threads; a call that
/// finds it taken works without it. It takes no part in comparing,
/// hashing or cloning its owner: a clone starts empty, as a puzzle read
/// afresh does.
#[derive(Default)]
pub(crate) struct Kept<T>(Mutex<T>);

impl<T: Default> Kept<T> {
    /// Takes the value out, or returns an empty one when another call
    /// holds it.
    pub(crate) fn take(&self) -> T {
        match self.0.try_lock() {
            Ok(mut held) => std::mem::take(&mut *held),
            Err(_) => T::default(),
        }
    }

    /// Puts a value back for the next call.
    pub(crate) fn put(&self, value: T) {
        if let Ok(mut held) = self.0.try_lock() {
            *held = value;
        }
    }
}

impl<T: Default> Clone for Kept<T> {
    fn clone(&self) -> Kept<T> {
        Kept(Mutex::new(T::default()))
    }
}

impl<T> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

impl<T> PartialEq for Kept<T> {
    fn eq(&self, _: &Kept<T>) -> bool {
        true
    }
}

impl<T> Eq for Kept<T> {}

impl<T> std::hash::Hash for Kept<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A line's last readings, by its cells' candidates: direct-mapped slots
/// remembering a pure function of up to nine masks of up to nine digits
/// (and a small parameter, a skyscraper clue's count), whose answer is
/// one mask per cell and whether any reading exists.
///
/// The backtracker's search comes back to the same line state often (a
/// third of the calls of `trollscraper`'s skyscraper clues), and a line
/// read whole costs a few microseconds; a lookup, a hash and a compare.
#[derive(Default)]
pub(crate) struct Readings {
    /// Direct-mapped slots of (key, answer), allocated at the first
    /// reading; key 0 is an empty slot.
    slots: Vec<(u128, u128)>,
}

/// The slots a line keeps: 2⁹, 16 KiB.
const SLOTS_LOG: u32 = 9;

impl Readings {
    /// Whether `masks` of `width` digits fit a key: at most nine masks
    /// of at most nine digits.
    pub(crate) fn fits(masks: &[u64], width: usize) -> bool {
        masks.len() <= 9 && width <= 9
    }

    /// `read(supports)`'s answer for `masks` (their low `width` bits) and
    /// `extra`, taken from the slots when this state was read last.
    /// `read` must depend on nothing else; the caller checks
    /// [`Readings::fits`] first.
    pub(crate) fn read(
        &mut self,
        masks: &[u64],
        width: usize,
        extra: u8,
        supports: &mut [u64],
        read: impl FnOnce(&mut [u64]) -> bool,
    ) -> bool {
        debug_assert!(Self::fits(masks, width) && supports.len() == masks.len());
        // Nine masks of nine bits, then the extra, the width, the number
        // of cells and a marker bit fit in a u128; so do the nine
        // supports and whether any reading exists.
        let width = width as u32;
        let low = (1u64 << width) - 1;
        let line = (masks.iter()).fold(0u128, |k, &m| k << width | u128::from(m & low));
        let key = line
            | u128::from(extra) << 96
            | u128::from(width) << 104
            | (masks.len() as u128) << 108
            | 1 << 112;
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); 1 << SLOTS_LOG];
        }
        let mixed = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = &mut self.slots[(mixed >> (64 - SLOTS_LOG)) as usize];
        if slot.0 == key {
            let answer = slot.1;
            for (i, s) in supports.iter_mut().enumerate() {
                *s = (answer >> (width * i as u32)) as u64 & low;
            }
            return answer >> 127 == 1;
        }
        let found = read(supports);
        let answer = (supports.iter().enumerate()).fold(u128::from(found) << 127, |a, (i, &s)| {
            a | u128::from(s & low) << (width * i as u32)
        });
        *slot = (key, answer);
        found
    }
}
