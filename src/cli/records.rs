//! Standard output written record by record, so that a stop at once (a
//! second Ctrl-C) still leaves every finished record behind, and whole.
//!
//! A buffered writer on stdout writes its buffer when it fills, wherever a
//! record happens to end, and keeps the rest: a process ended from a
//! signal handler then leaves a file cut inside a record, and loses the
//! records still buffered (up to a few hundred answers, while a long
//! puzzle runs). Here a record is built apart, joins the finished output
//! only once it is whole ([`Records::end_record`]), and the finished
//! output sits where the signals thread can write it out before the
//! process ends ([`write_finished`]).

use std::io::{self, Write};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Records finished but not yet written to stdout.
static FINISHED: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// How much finished output waits before it is written: large enough that
/// a file of small records goes out in few writes.
const BLOCK: usize = 64 * 1024;

/// Locks the finished output. A thread that panicked holding it cannot
/// have left it half-extended (`extend_from_slice` and `clear` do not
/// panic midway), so a poisoned lock is taken as it is.
fn finished() -> MutexGuard<'static, Vec<u8>> {
    FINISHED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes `finished` to stdout and empties it, even on an error: what
/// failed to go out is not tried again.
fn write_out(finished: &mut Vec<u8>) -> io::Result<()> {
    if finished.is_empty() {
        return Ok(());
    }
    let mut stdout = io::stdout().lock();
    let written = stdout.write_all(finished).and_then(|()| stdout.flush());
    finished.clear();
    written
}

/// Standard output for commands that print one record per puzzle: what is
/// written goes into the record being built, and [`Records::end_record`]
/// adds it to the finished output. [`Write::flush`] ends the record and
/// writes everything finished.
pub struct Records {
    /// The record being written.
    open: Vec<u8>,
    /// Whether every record goes out as it ends: on a terminal, and for a
    /// streamed input whose writer waits for each answer.
    flush_each: bool,
}

impl Records {
    /// Returns stdout written record by record; `flush_each` writes each
    /// record as soon as it ends.
    pub fn new(flush_each: bool) -> Records {
        Records {
            open: Vec::new(),
            flush_each,
        }
    }

    /// Ends the record written since the last one: it joins the finished
    /// output, which goes to stdout when it fills a block, or at once under
    /// `flush_each`.
    ///
    /// # Errors
    ///
    /// A failed write to stdout.
    pub fn end_record(&mut self) -> io::Result<()> {
        let mut finished = finished();
        finished.extend_from_slice(&self.open);
        self.open.clear();
        if self.flush_each || finished.len() >= BLOCK {
            write_out(&mut finished)?;
        }
        Ok(())
    }
}

impl Write for Records {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.open.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.open.extend_from_slice(bytes);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.end_record()?;
        write_out(&mut finished())
    }
}

/// Writes out every finished record, for a stop at once: called by the
/// signals thread just before the process ends. The thread that writes
/// records holds the lock only while it adds one or writes a block; a
/// write blocked on a full pipe could hold it for ever, so this waits at
/// most `patience` and then leaves the records unwritten.
pub fn write_finished(patience: Duration) {
    let start = Instant::now();
    loop {
        match FINISHED.try_lock() {
            Ok(mut finished) => {
                let _ = write_out(&mut finished);
                return;
            }
            Err(std::sync::TryLockError::Poisoned(poisoned)) => {
                let _ = write_out(&mut poisoned.into_inner());
                return;
            }
            Err(std::sync::TryLockError::WouldBlock) if start.elapsed() < patience => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(std::sync::TryLockError::WouldBlock) => return,
        }
    }
}
