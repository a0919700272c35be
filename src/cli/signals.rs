//! SIGINT (Ctrl-C), SIGTERM and SIGHUP: a flag that stops a batch between
//! puzzles, which of them set it, for the exit status, and the stop at
//! once of a second Ctrl-C or a lingering SIGTERM or SIGHUP.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

/// Set on SIGINT (Ctrl-C), SIGTERM or SIGHUP; checked before each puzzle is read,
/// solved and handed over, and by external solvers while they run.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// How long a stop may take before a first Ctrl-C gets a note saying it
/// was heard.
const NOTE_AFTER: std::time::Duration = std::time::Duration::from_millis(300);

/// The number of the signal that set [`STOP`], for the exit status.
static SIGNAL: AtomicUsize = AtomicUsize::new(0);

/// A signal that stops a batch between puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT: Ctrl-C at the terminal.
    Interrupt,
    /// SIGTERM: `kill`, a service manager, a container stopping.
    Terminate,
    /// SIGHUP: the terminal went away (an ssh session dropped, its window
    /// closed).
    HangUp,
}

impl Signal {
    /// Returns the word for a run this signal ended (`interrupted`,
    /// `terminated`) and its exit status.
    pub fn ended(self) -> (&'static str, super::Status) {
        match self {
            Signal::Interrupt => ("interrupted", super::Status::Interrupted),
            Signal::Terminate => ("terminated", super::Status::Terminated),
            Signal::HangUp => ("hung up", super::Status::HungUp),
        }
    }
}

/// Set by the signals thread when a second signal stops the run at once:
/// a third one then ends the process in its handler, without waiting for
/// the finished output to be written.
static FORCED: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// How long SIGTERM or SIGHUP waits for the puzzle under way before it stops the
/// run at once.
const TERM_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// How many signals the handlers have heard: the second stops the run at
/// once.
static HEARD: AtomicUsize = AtomicUsize::new(0);

/// How long a stop at once waits for the thread writing records to let go
/// of them (a write blocked on a full pipe holds them).
const WRITE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(1);

/// Installs the handlers of SIGINT, SIGTERM and SIGHUP, which stop a
/// batch between puzzles. A first Ctrl-C gets a note on stderr once the stop
/// takes a while, so a user waiting on a long puzzle knows it was heard;
/// a second one stops the run at once, and so does SIGTERM or SIGHUP
/// (which, as SIGTERM, nobody follows with a second) when the puzzle
/// under way is still running after [`TERM_GRACE`]. Stopped at
/// once, the run writes out the records already finished
/// ([`super::records`]) and ends with the shell's status, 128 + the
/// signal. A third signal, or one before the handlers are in place, ends
/// the process at once, as usual.
pub fn catch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::flag;
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        // The order matters: the shutdown must see the flag as the
        // previous signal left it, and the number must be stored before
        // the flag that makes readers look at it.
        let _ = flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&FORCED));
        let _ = flag::register_usize(signal, &SIGNAL, signal as usize);
        // SAFETY: the action only adds to an atomic integer, which is
        // safe inside a signal handler.
        let _ = unsafe {
            signal_hook::low_level::register(signal, || {
                HEARD.fetch_add(1, Ordering::SeqCst);
            })
        };
        let _ = flag::register(signal, Arc::clone(&STOP));
    }
    // Writing from a signal handler is not safe in general; a thread that
    // waits for the signals may write as it likes. A run that stops at
    // once (between two quick puzzles, or waiting for input) ends before
    // the note is due, so only a wait is acknowledged.
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let Some(first) = signals.forever().next() else {
                    return;
                };
                // SIGTERM has no one to press Ctrl-C again: a service
                // manager or `timeout` sends it once, and kills the process
                // a little later, losing what waits to be written. A run
                // still inside a puzzle after a grace stops at once. Ctrl-C
                // waits for the puzzle, unless a second one says not to; a
                // second signal inside the pause needs no note.
                if first == SIGTERM || first == SIGHUP {
                    std::thread::sleep(TERM_GRACE);
                } else {
                    std::thread::sleep(NOTE_AFTER);
                    if HEARD.load(Ordering::SeqCst) < 2 {
                        super::say::note(
                            "Ctrl-C: stopping after the current puzzle, keeping the output \
                             so far; press Ctrl-C again to stop at once",
                        );
                    }
                    // The iterator may fold two quick signals into one;
                    // the handlers' count does not.
                    while HEARD.load(Ordering::SeqCst) < 2 {
                        if signals.forever().next().is_none() {
                            return;
                        }
                    }
                }
                let last = SIGNAL.load(Ordering::SeqCst) as i32;
                let what = match last {
                    SIGTERM => "SIGTERM",
                    SIGHUP => "SIGHUP",
                    _ => "Ctrl-C",
                };
                FORCED.store(true, Ordering::SeqCst);
                super::records::write_finished(WRITE_PATIENCE);
                super::files::remove_parts();
                super::say::report(format_args!(
                    "{what}: stopped at once, inside a puzzle; every puzzle finished \
                     before it is in the output"
                ));
                signal_hook::low_level::exit(128 + last);
            });
    }
}

/// Says on stderr that `signal` stopped the run of `source` after `done`
/// puzzles, and returns the exit status for it (130, 143 or 129).
pub(super) fn report_stop(
    signal: Signal,
    source: &str,
    done: impl std::fmt::Display,
) -> super::Status {
    let (what, status) = signal.ended();
    super::say::report(format_args!(
        "{source}: {what} after {}; the output so far is complete",
        super::say::count(done, "puzzle", "puzzles")
    ));
    status
}

/// Returns the flag that tells the batch, and external solvers, to stop.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::clone(&STOP)
}

/// Returns the signal that stopped the batch, if one did.
pub(super) fn stopped() -> Option<Signal> {
    if !STOP.load(Ordering::SeqCst) {
        return None;
    }
    match SIGNAL.load(Ordering::SeqCst) {
        n if n == signal_hook::consts::SIGTERM as usize => Some(Signal::Terminate),
        n if n == signal_hook::consts::SIGHUP as usize => Some(Signal::HangUp),
        _ => Some(Signal::Interrupt),
    }
}
