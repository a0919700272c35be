//! SIGINT (Ctrl-C) and SIGTERM: a flag that stops a batch between puzzles,
//! and which of the two set it, for the exit status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

/// Set on SIGINT (Ctrl-C) or SIGTERM; checked before each puzzle is read,
/// solved and handed over, and by external solvers while they run.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));

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
/// 128 + the signal).
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
