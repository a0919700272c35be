//! Standard input read so that a stop signal ends a wait for input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Returns standard input, read through [`StopAware`] where the system
/// allows (a descriptor of its own, so no buffer of `io::stdin` hides
/// input from the wait).
pub(super) fn stdin_reader() -> Box<dyn BufRead + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() {
            return Box::new(BufReader::with_capacity(
                64 * 1024,
                StopAware::new(File::from(fd)),
            ));
        }
    }
    Box::new(BufReader::with_capacity(64 * 1024, io::stdin()))
}

/// A stream that may wait for input for ever (a person at a terminal, a
/// program that keeps its pipe open), read so that a stop signal ends the
/// wait: before each read it waits for input in short slices, and once the
/// batch's stop flag is up it reports the end of the input. Without this, a
/// Ctrl-C while the input is idle would wait for a line that never comes.
pub(super) struct StopAware {
    file: File,
    stop: Arc<AtomicBool>,
}

impl StopAware {
    pub(super) fn new(file: File) -> StopAware {
        StopAware {
            file,
            stop: crate::cli::signals::stop_flag(),
        }
    }
}

impl Read for StopAware {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.stop.load(Ordering::SeqCst) {
                return Ok(0);
            }
            if ready(&self.file)? {
                return self.file.read(buf);
            }
        }
    }
}

/// Waits up to a tenth of a second for `file` to have input (or an end, or
/// an error, which the read then reports); returns whether it has.
#[cfg(unix)]
fn ready(file: &File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    let mut poll = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, for a descriptor `file` keeps open.
    match unsafe { libc::poll(&mut poll, 1, 100) } {
        n if n > 0 => Ok(true),
        0 => Ok(false),
        _ => {
            let error = io::Error::last_os_error();
            match error.kind() {
                // A signal arrived: look at the stop flag again.
                io::ErrorKind::Interrupted => Ok(false),
                _ => Err(error),
            }
        }
    }
}

/// Elsewhere the read itself waits.
#[cfg(not(unix))]
fn ready(_: &File) -> io::Result<bool> {
    Ok(true)
}
