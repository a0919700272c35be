//! A bound on one varisat call that is the same on every run: the bytes
//! of proof the call may write.
//!
//! varisat has no conflict limit, timeout or interrupt (its issue #111).
//! What it does have is a proof writer, and a writer that fails makes the
//! solve fail: so a sink that only counts the bytes written and fails past
//! a bound stops the search there. varisat's search is deterministic, and
//! so is its proof, so a call gives up at the same point on every run, as
//! a clock would not: a seed's generated puzzle stays the same.
//!
//! A solver whose proof writer failed cannot be asked again (a further
//! `solve` panics); the caller makes a new one.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The proof sink given to varisat's `write_proof`: it keeps no byte, only
/// counts them against the [`Meter`] it shares.
pub(crate) struct ProofBudget {
    meter: Arc<Meter>,
}

/// The bytes left to the call under way, and whether a call ran out. The
/// caller keeps it to set each call's bound and to read why a call
/// failed.
#[derive(Debug)]
pub(crate) struct Meter {
    left: AtomicU64,
    spent: AtomicBool,
}

impl ProofBudget {
    /// Returns a sink that allows `bytes` bytes, and its meter.
    pub(crate) fn new(bytes: u64) -> (ProofBudget, Arc<Meter>) {
        let meter = Arc::new(Meter {
            left: AtomicU64::new(bytes),
            spent: AtomicBool::new(false),
        });
        let sink = ProofBudget {
            meter: Arc::clone(&meter),
        };
        (sink, meter)
    }
}

impl Meter {
    /// Allows the next call `bytes` bytes of proof, whatever the calls
    /// before it wrote.
    pub(crate) fn reset(&self, bytes: u64) {
        self.left.store(bytes, Ordering::Relaxed);
        self.spent.store(false, Ordering::Relaxed);
    }

    /// Returns whether a call ran past its bytes: its failure is the
    /// budget's, not the solver's.
    pub(crate) fn spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }
}

impl io::Write for ProofBudget {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let meter = &self.meter;
        // One solver writes from one thread: a plain load and store.
        let left = meter.left.load(Ordering::Relaxed);
        match left.checked_sub(bytes.len() as u64) {
            Some(left) => {
                meter.left.store(left, Ordering::Relaxed);
                Ok(bytes.len())
            }
            None => {
                meter.spent.store(true, Ordering::Relaxed);
                Err(io::Error::other("the call's budget of proof bytes ran out"))
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_sink_fails_past_its_bytes_until_its_meter_is_reset() {
        let (mut sink, meter) = ProofBudget::new(5);
        assert_eq!(sink.write(b"abc").unwrap(), 3);
        assert!(!meter.spent());
        assert!(sink.write(b"abc").is_err(), "6 bytes of 5");
        assert!(meter.spent());
        meter.reset(10);
        assert!(!meter.spent());
        assert_eq!(sink.write(b"abcdef").unwrap(), 6);
        assert!(sink.write(b"abcde").is_err(), "11 bytes of 10");
    }
}
