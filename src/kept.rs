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
