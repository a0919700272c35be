//! SIGINT (Ctrl-C) and SIGTERM: a flag that stops a batch between puzzles,
//! and which of the two set it, for the exit status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

/// Set on SIGINT (Ctrl-C) or SIGTERM; checked before each puzzle is read,
/// solved and handed over, and by external solvers while they run.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// How long a stop may take before the first signal gets a note saying
/// it was heard.
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
}

impl Signal {
    /// Returns the word for a run this signal ended (`interrupted`,
    /// `terminated`) and its exit status.
    pub fn ended(self) -> (&'static str, super::Status) {
        match self {
            Signal::Interrupt => ("interrupted", super::Status::Interrupted),
            Signal::Terminate => ("terminated", super::Status::Terminated),
        }
    }
}

/// Installs the handlers of SIGINT and SIGTERM, which stop a batch
/// between puzzles. A second signal, or one before the handlers are in
/// place, ends the process at once, as usual (with the shell's status,
/// 128 + the signal). The first signal gets a note on stderr at once, so a
/// user waiting on a long puzzle knows it was heard.
pub fn catch_signals() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    for signal in [SIGINT, SIGTERM] {
        // The order matters: the shutdown must see the flag as the
        // previous signal left it, and the number must be stored before
        // the flag that makes readers look at it.
        let _ = flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&STOP));
        let _ = flag::register_usize(signal, &SIGNAL, signal as usize);
        let _ = flag::register(signal, Arc::clone(&STOP));
    }
    // Writing from a signal handler is not safe in general; a thread that
    // waits for the signal may write as it likes. Only the first signal
    // reaches it: the second ends the process in the handler above. A run
    // that stops at once (between two quick puzzles, or waiting for input)
    // ends before the note is due, so only a wait is acknowledged.
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) {
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    std::thread::sleep(NOTE_AFTER);
                    let what = if signal == SIGTERM {
                        "SIGTERM"
                    } else {
                        "Ctrl-C"
                    };
                    super::say::note(format_args!(
                        "{what}: stopping after the current puzzle, keeping the output so \
                         far; press Ctrl-C again to stop at once"
                    ));
                }
            });
    }
}

/// Says on stderr that `signal` stopped the run of `source` after `done`
/// puzzles, and returns the exit status for it (130 or 143).
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
        _ => Some(Signal::Interrupt),
    }
}
