//! The progress shown on a terminal while a batch runs: a bar when the
//! input's size is known, a spinner with counts when it is streamed.

use std::fmt::Display;
use std::io::{self, BufRead, IsTerminal, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::say;

/// Counts the bytes read, for the progress bar.
pub(super) struct Counted<R> {
    pub(super) inner: R,
    pub(super) bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.bytes.fetch_add(amt as u64, Ordering::Relaxed);
        self.inner.consume(amt);
    }
}

/// A progress bar on stderr that appears only on a terminal and only once
/// a batch has run for a moment, and the way to print diagnostics without
/// tearing it.
pub struct Progress {
    enabled: bool,
    pub(super) len: Option<u64>,
    pub(super) bytes: Arc<AtomicU64>,
    start: Instant,
    bar: Option<ProgressBar>,
    /// What the current puzzle is at, shown after the counts when set.
    detail: String,
}

impl Progress {
    /// How long a batch runs before the bar appears.
    const DELAY: Duration = Duration::from_millis(500);

    /// Returns a progress display for an input of `len` bytes, drawn when
    /// `wanted` and stderr is a terminal.
    pub fn new(wanted: bool, len: Option<u64>) -> Progress {
        Progress {
            enabled: wanted && io::stderr().is_terminal(),
            len,
            bytes: Arc::new(AtomicU64::new(0)),
            start: Instant::now(),
            bar: None,
            detail: String::new(),
        }
    }

    /// Writes `error: {message}` on stderr, above the bar if there is one.
    pub fn error(&self, message: impl Display) {
        self.suspend(|| say::error(message));
    }

    /// Writes `note: {message}` on stderr, above the bar if there is one.
    pub fn note(&self, message: impl Display) {
        self.suspend(|| say::note(message));
    }

    /// Writes a report line on stderr, above the bar if there is one.
    pub fn report(&self, message: impl Display) {
        self.suspend(|| say::report(message));
    }

    /// Runs `f`, which prints on stderr, with the bar out of the way.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Shows `puzzles` done and what the next one is at (`generate`:
    /// `puzzle 3: removing givens 120 of 625 (400 left)`), for a
    /// puzzle that takes long enough to be watched.
    pub(super) fn step(&mut self, puzzles: u64, detail: impl Display) {
        if !self.enabled {
            return;
        }
        self.detail = format!("puzzle {}: {detail}", puzzles + 1);
        self.tick(puzzles);
    }

    pub(super) fn tick(&mut self, puzzles: u64) {
        if !self.enabled {
            return;
        }
        if self.bar.is_none() && self.start.elapsed() >= Self::DELAY {
            let bar = match Shown::for_len(self.len) {
                Shown::Bar(len) => ProgressBar::new(len).with_style(
                    ProgressStyle::with_template(
                        "{bar:30} {percent:>3}%  {msg}  {elapsed} (eta {eta})",
                    )
                    .expect("valid template"),
                ),
                Shown::Spinner => {
                    let spinner = ProgressBar::new_spinner().with_style(
                        ProgressStyle::with_template("{spinner} {msg}  {elapsed}")
                            .expect("valid template"),
                    );
                    // A stream may pause for long: the spinner turns
                    // meanwhile, so the run does not look stuck.
                    spinner.enable_steady_tick(Duration::from_millis(200));
                    spinner
                }
            };
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(self.bytes.load(Ordering::Relaxed));
            let mut message = match Shown::for_len(self.len) {
                Shown::Bar(_) => say::count(puzzles, "puzzle", "puzzles"),
                Shown::Spinner => rate_message(puzzles, self.start.elapsed()),
            };
            if !self.detail.is_empty() {
                message = format!("{message}; {}", self.detail);
            }
            bar.set_message(message);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// Removes the bar however the run ends, an error included, so that no
    /// stray line is left on the terminal.
    fn drop(&mut self) {
        self.finish();
    }
}

/// A spinner on stderr for one long piece of work that is not a batch of
/// puzzles (`stats` counting a formula of hundreds of millions of
/// literals): drawn on a terminal only, once the work has gone on for
/// [`Progress::DELAY`], and removed when dropped.
pub(super) struct Spinner {
    enabled: bool,
    start: Instant,
    bar: Option<ProgressBar>,
}

impl Spinner {
    /// Returns a spinner, drawn when `wanted` and stderr is a terminal.
    pub(super) fn new(wanted: bool) -> Spinner {
        Spinner {
            enabled: wanted && io::stderr().is_terminal(),
            start: Instant::now(),
            bar: None,
        }
    }

    /// Shows the message `message` makes, which is only made when the
    /// spinner is drawn.
    pub(super) fn show(&mut self, message: impl FnOnce() -> String) {
        if !self.enabled || self.start.elapsed() < Progress::DELAY {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            // Its clock counts from the work's start, not from the draw.
            let spinner = ProgressBar::new_spinner()
                .with_style(
                    ProgressStyle::with_template("{spinner} {msg}  {elapsed}")
                        .expect("valid template"),
                )
                .with_elapsed(self.start.elapsed());
            spinner.enable_steady_tick(Duration::from_millis(200));
            spinner
        });
        bar.set_message(message());
    }
}

impl Spinner {
    /// Runs `work`, which reports nothing as it goes, with a spinner
    /// saying `message` drawn beside it from [`Progress::DELAY`] on (on a
    /// terminal, when `wanted`), and removed when it returns.
    pub(super) fn during<T>(wanted: bool, message: &str, work: impl FnOnce() -> T) -> T {
        if !wanted || !io::stderr().is_terminal() {
            return work();
        }
        let (done, finished) = std::sync::mpsc::channel::<()>();
        let start = Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                if finished.recv_timeout(Progress::DELAY).is_ok() {
                    return;
                }
                let mut spinner = Spinner::new(true);
                spinner.start = start;
                spinner.show(|| message.to_string());
                // Until `work` returns and the sender is dropped.
                let _ = finished.recv();
            });
            let result = work();
            drop(done);
            result
        })
    }
}

impl Drop for Spinner {
    /// Removes the spinner however the work ends.
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// What the progress display shows for an input of known or unknown size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// A bar of the bytes read out of this many, with a percentage and an
    /// estimate of the time left.
    Bar(u64),
    /// A spinner with the puzzles done and the rate: a stream (stdin, a
    /// pipe) has no size, so a percentage or an estimate would be made up.
    Spinner,
}

impl Shown {
    fn for_len(len: Option<u64>) -> Shown {
        match len {
            // An empty file that grows has no size worth a percentage.
            Some(len) if len > 0 => Shown::Bar(len),
            _ => Shown::Spinner,
        }
    }
}

/// Returns the spinner's message: the puzzles done and how many a second.
fn rate_message(puzzles: u64, elapsed: Duration) -> String {
    let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-3);
    format!(
        "{} done, {rate:.0} puzzles/s",
        say::count(puzzles, "puzzle", "puzzles")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_input_shows_a_spinner_with_counts_not_a_percentage() {
        assert_eq!(Shown::for_len(None), Shown::Spinner);
        assert_eq!(Shown::for_len(Some(0)), Shown::Spinner);
        assert_eq!(Shown::for_len(Some(8200)), Shown::Bar(8200));
        assert_eq!(
            rate_message(250, Duration::from_secs(2)),
            "250 puzzles done, 125 puzzles/s"
        );
        assert_eq!(
            rate_message(1, Duration::from_millis(500)),
            "1 puzzle done, 2 puzzles/s"
        );
        assert_eq!(
            rate_message(0, Duration::ZERO),
            "0 puzzles done, 0 puzzles/s"
        );
    }
}
