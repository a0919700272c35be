//! Opening puzzle input and reading its puzzles, with located errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};

use super::say;
use sudoku_sat::formats::text::{
    Format, ParseError, Puzzle, Puzzles, ReadOptions, looks_like_puzzle,
};

/// A source of puzzle text and the name diagnostics use for it.
pub struct Input {
    /// The file's path as given, or `<stdin>`.
    pub name: String,
    /// The file's size in bytes, when known: `None` for streamed input
    /// (stdin, a pipe, a device), which may arrive a puzzle at a time.
    pub len: Option<u64>,
    /// Whether the file is named `*.toml`: a rules file, unless a format
    /// is asked for.
    rules_file: bool,
    reader: Box<dyn BufRead + Send>,
}

/// The name diagnostics give a puzzle written on the command line.
pub const ARGUMENT: &str = "argument";

impl Input {
    /// Opens a file, or standard input for `None` or `-`. A path that names
    /// nothing but looks like a puzzle or a link (see
    /// [`looks_like_puzzle`]) is read as the puzzle itself, named
    /// [`ARGUMENT`]: people paste puzzles where a file is expected.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Input> {
        if let Some(text) = path.and_then(inline_puzzle) {
            return Ok(Input {
                name: ARGUMENT.to_string(),
                len: Some(text.len() as u64),
                rules_file: false,
                reader: Box::new(io::Cursor::new(text.into_bytes())),
            });
        }
        match path {
            None => Ok(Input::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Input::stdin()),
            Some(p) => {
                let name = p.display().to_string();
                if p.is_dir() {
                    bail!("{name}: is a directory, not a puzzle file");
                }
                let file = File::open(p).with_context(|| format!("{name}: cannot open"))?;
                // A named pipe or a device has no size to go by: it streams
                // like stdin.
                let len = file
                    .metadata()
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len());
                let rules_file = p
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
                Ok(Input {
                    name,
                    len,
                    rules_file,
                    reader: match len {
                        Some(_) => Box::new(BufReader::with_capacity(64 * 1024, file)),
                        None => Box::new(BufReader::with_capacity(64 * 1024, StopAware::new(file))),
                    },
                })
            }
        }
    }

    /// Returns the options to read this input with: a file named
    /// `*.toml` is a rules file when the format is left to detection.
    fn options(&self, mut options: ReadOptions) -> ReadOptions {
        if self.rules_file && options.format == Format::Auto {
            options.format = Format::Rules;
        }
        options
    }

    /// Returns whether the input is streamed (stdin, a pipe, a device):
    /// its size is unknown and its puzzles may come one at a time, from a
    /// person or a program waiting for each answer.
    pub fn streamed(&self) -> bool {
        self.len.is_none()
    }

    /// Wraps text built into the program.
    pub fn embedded(name: &str, text: &'static str) -> Input {
        Input {
            name: name.to_string(),
            len: Some(text.len() as u64),
            rules_file: false,
            reader: Box::new(text.as_bytes()),
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            len: None,
            rules_file: false,
            reader: stdin_reader(),
        }
    }

    /// Returns the input's puzzles as a stream, with the reader wrapped by
    /// `wrap` (to count bytes for a progress bar, say).
    pub fn puzzles<R: BufRead + Send>(
        self,
        format: ReadOptions,
        wrap: impl FnOnce(Box<dyn BufRead + Send>) -> R,
    ) -> Puzzles<R> {
        {
            let options = self.options(format);
            Puzzles::new(wrap(self.reader), options)
        }
    }

    /// Reads an input that must hold exactly one puzzle, for commands that
    /// take one (`decode`, `prove`). Returns `None` after reporting parse
    /// errors on stderr. Reading stops at a second puzzle, so a large file
    /// given by mistake costs nothing.
    ///
    /// # Errors
    ///
    /// Fails when the input holds no puzzle or more than one.
    pub fn one_puzzle(self, format: ReadOptions, command: &str) -> anyhow::Result<Option<Puzzle>> {
        let options = self.options(format);
        let name = self.name;
        let mut first = None;
        let mut errors = 0;
        for item in Puzzles::new(self.reader, options) {
            match item {
                Ok(_) if first.is_some() => {
                    bail!("{name}: holds more than one puzzle; {command} takes one")
                }
                Ok(puzzle) => first = Some(puzzle),
                Err(error) => {
                    report(&name, &error);
                    errors += 1;
                }
            }
        }
        Ok(if errors > 0 { None } else { first })
    }

    /// Calls `each` on every puzzle in input order, printing each parse
    /// error on stderr as `error: NAME: line L, column C: ...` and going on
    /// with the next puzzle.
    ///
    /// Returns how many parse errors were reported. Every puzzle is read,
    /// whatever the errors before it; reading stops early only when `each`
    /// fails.
    pub fn for_each(
        self,
        format: ReadOptions,
        mut each: impl FnMut(&str, Puzzle) -> anyhow::Result<()>,
    ) -> anyhow::Result<usize> {
        let options = self.options(format);
        let name = self.name;
        let mut errors = 0;
        for item in Puzzles::new(self.reader, options) {
            match item {
                Ok(puzzle) => each(&name, puzzle)?,
                Err(error) => {
                    report(&name, &error);
                    errors += 1;
                }
            }
        }
        Ok(errors)
    }
}

/// Returns the text of a FILE argument that is a puzzle rather than a
/// path: nothing exists there (not even a broken link), and the text looks
/// like a puzzle or a link.
fn inline_puzzle(path: &Path) -> Option<String> {
    let missing =
        std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == io::ErrorKind::NotFound);
    let text = path
        .to_str()
        .filter(|text| missing && looks_like_puzzle(text))?;
    Some(text.trim().to_string())
}

/// Prints a parse error, located, on stderr.
pub fn report(name: &str, error: &ParseError) {
    say::error(format_args!("{name}: {error}"));
}

/// Returns standard input, read through [`StopAware`] where the system
/// allows (a descriptor of its own, so no buffer of `io::stdin` hides
/// input from the wait).
fn stdin_reader() -> Box<dyn BufRead + Send> {
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
struct StopAware {
    file: File,
    stop: Arc<AtomicBool>,
}

impl StopAware {
    fn new(file: File) -> StopAware {
        StopAware {
            file,
            stop: super::signals::stop_flag(),
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
