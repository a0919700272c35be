//! Opening puzzle input and reading its puzzles, with located errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};

use super::args::ProgressArgs;
use super::progress::{Counted, Progress};
use super::shard::Shard;
use super::signals::stopped;
use super::{files, say};
use sudoku_sat::formats::rules_file::{self, Extra};
use sudoku_sat::formats::text::{
    Format, MAX_RULES_FILE_BYTES, ParseError, ParseErrorKind, Puzzle, Puzzles, ReadOptions,
    looks_like_puzzle,
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
    /// Constraints to add to every puzzle read (`--rules`).
    extra: Option<Arc<Extra>>,
    /// What the note on ignored drawing elements says follows from
    /// leaving them out.
    drawings: &'static str,
    /// The slice of the puzzles to read (`--shard`); all without one.
    shard: Option<Shard>,
    /// Whether a command's progress bar may show (off with
    /// `--no-progress`; it shows on a terminal only).
    pub shows_progress: bool,
}

/// The name diagnostics give a puzzle written on the command line.
pub const ARGUMENT: &str = "argument";

/// What follows from leaving out drawing elements, for commands that
/// solve or examine a puzzle.
pub const NOT_ENFORCED: &str = "rules drawn with them are not enforced";

/// What follows from leaving out drawing elements, for `convert`.
pub const NOT_WRITTEN: &str = "they are not written, and rules drawn with them are not kept";

/// What follows from them for `convert --to fpuzzles`, which draws them
/// again.
pub const DRAWN_AGAIN: &str = "they are drawn in the link as read, and rules drawn with them are \
                               not enforced";

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
                extra: None,
                drawings: NOT_ENFORCED,
                shard: None,
                shows_progress: false,
            });
        }
        match path {
            None => Ok(Input::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Input::stdin()),
            Some(p) => {
                let mut name = files::shown(p);
                if p.is_dir() {
                    bail!("{name}: is a directory, not a puzzle file");
                }
                if !p.exists() {
                    name = unfound_name(&name);
                    if let Some(why) = near_puzzle(p) {
                        bail!("{name}: not a file, and not a puzzle: {why}");
                    }
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
                    extra: None,
                    drawings: NOT_ENFORCED,
                    shard: None,
                    shows_progress: false,
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
            extra: None,
            drawings: NOT_ENFORCED,
            shard: None,
            shows_progress: false,
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_string(),
            len: None,
            rules_file: false,
            reader: stdin_reader(),
            extra: None,
            drawings: NOT_ENFORCED,
            shard: None,
            shows_progress: false,
        }
    }

    /// Returns the same input adding `extra`'s constraints to every
    /// puzzle read (`--rules`). A puzzle of another size than the rules
    /// is a parse error of its own, and the rest are read.
    pub fn with_rules(mut self, extra: Option<Arc<Extra>>) -> Input {
        self.extra = extra;
        self
    }

    /// Returns the same input holding only `shard`'s slice of its puzzles
    /// (see [`super::shard`]); `None` keeps them all.
    pub fn with_shard(mut self, shard: Option<Shard>) -> Input {
        self.shard = shard;
        self
    }

    /// Returns the same input showing progress unless `args` says not
    /// to ([`super::output::report_each`] draws it).
    pub fn with_progress(mut self, args: &ProgressArgs) -> Input {
        self.shows_progress = !args.no_progress;
        self
    }

    /// Returns the same input saying `consequence` in the note on each
    /// puzzle's ignored drawing elements ([`NOT_ENFORCED`] by default).
    pub fn with_drawings_note(mut self, consequence: &'static str) -> Input {
        self.drawings = consequence;
        self
    }

    /// Returns the input's puzzles as a stream, with the reader wrapped by
    /// `wrap` (to count bytes for a progress bar, say).
    pub fn puzzles<R: BufRead + Send>(
        self,
        format: ReadOptions,
        wrap: impl FnOnce(Box<dyn BufRead + Send>) -> R,
    ) -> impl Iterator<Item = Result<Puzzle, ParseError>> + Send {
        let options = self.options(format);
        let extra = self.extra;
        let shard = self.shard;
        (0..)
            .zip(Puzzles::new(wrap(self.reader), options))
            .filter(move |(k, _)| shard.is_none_or(|s| s.holds(*k)))
            .map(move |(_, item)| add_rules(extra.as_deref(), item))
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
            match add_rules(self.extra.as_deref(), item) {
                Ok(_) if first.is_some() => {
                    bail!("{name}: holds more than one puzzle; {command} takes one")
                }
                Ok(puzzle) => {
                    note_ignored(&name, &puzzle, self.drawings);
                    first = Some(puzzle);
                }
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
    /// with the next puzzle, and before a puzzle the note on its ignored
    /// drawing elements, if any.
    ///
    /// Returns how many parse errors were reported. Every puzzle is read,
    /// whatever the errors before it; reading stops early when `each`
    /// fails, or between puzzles after SIGINT or SIGTERM (see
    /// [`super::signals`]; the caller asks [`super::signals::stopped`]).
    pub fn for_each(
        self,
        format: ReadOptions,
        each: impl FnMut(&str, Puzzle) -> anyhow::Result<()>,
    ) -> anyhow::Result<usize> {
        self.for_each_shown(format, None, each)
    }

    /// As [`Input::for_each`], showing `progress` when there is one: the
    /// bytes read and the puzzles done, with the messages on stderr
    /// printed above the bar.
    pub fn for_each_shown(
        self,
        format: ReadOptions,
        mut progress: Option<&mut Progress>,
        mut each: impl FnMut(&str, Puzzle) -> anyhow::Result<()>,
    ) -> anyhow::Result<usize> {
        let options = self.options(format);
        let name = self.name;
        let mut errors = 0;
        let shard = self.shard;
        let reader: Box<dyn BufRead + Send> = match &progress {
            Some(progress) => Box::new(Counted {
                inner: self.reader,
                bytes: Arc::clone(&progress.bytes),
            }),
            None => self.reader,
        };
        let mut done = 0;
        let mut puzzles = (0..).zip(Puzzles::new(reader, options));
        while stopped().is_none() {
            let Some((k, item)) = puzzles.next() else {
                break;
            };
            if stopped().is_some() {
                // The read may have been cut short by the stop (see
                // `StopAware`): its last item is no puzzle of the user's.
                break;
            }
            if shard.is_some_and(|s| !s.holds(k)) {
                continue;
            }
            let shown = |say: &mut dyn FnMut()| match &progress {
                Some(progress) => progress.suspend(say),
                None => say(),
            };
            match add_rules(self.extra.as_deref(), item) {
                Ok(puzzle) => {
                    shown(&mut || note_ignored(&name, &puzzle, self.drawings));
                    each(&name, puzzle)?
                }
                Err(error) => {
                    shown(&mut || report(&name, &error));
                    errors += 1;
                }
            }
            done += 1;
            if let Some(progress) = progress.as_deref_mut() {
                progress.tick(done);
            }
        }
        Ok(errors)
    }
}

/// Returns the text of a FILE argument that is a puzzle rather than a
/// path: nothing exists there (not even a broken link), and the text looks
/// like a puzzle or a link. A name too long for a file (a bare f-puzzles
/// payload runs to thousands of characters) names nothing either.
fn inline_puzzle(path: &Path) -> Option<String> {
    let missing = std::fs::symlink_metadata(path).is_err_and(|e| {
        matches!(
            e.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::InvalidFilename
        )
    });
    let text = path.to_str().filter(|_| missing)?;
    if looks_like_puzzle(text) {
        return Some(text.trim().to_string());
    }
    // Rows pasted with spaces or line breaks between them, as a grid is
    // often copied: the cells alone, on one line.
    let cells: String = text.split_whitespace().collect();
    (cells.len() < text.trim().len() && looks_like_puzzle(&cells)).then_some(cells)
}

/// Returns how an error names a FILE argument that names nothing: as
/// given (a 9×9 grid typed in rows fits), or, past 100 characters (a
/// bigger grid or a payload mistyped), its first 50 and its length, so
/// the message stays one short line.
fn unfound_name(name: &str) -> String {
    let length = name.chars().count();
    if length <= 100 {
        return name.to_string();
    }
    let start: String = name.chars().take(50).collect();
    format!("{start}… ({length} characters)")
}

/// For a FILE argument that names nothing: when it is written like a
/// puzzle (cell symbols and blanks, spaces between rows) but has no square
/// number of cells, says so, as `80 cells, want 81`, and when it has one,
/// names the symbol that is no digit of that grid; `None` when it looks
/// like a file name.
fn near_puzzle(path: &Path) -> Option<String> {
    let text = path.to_str()?;
    let cells: String = text.split_whitespace().collect();
    let cell_like = |b: u8| b.is_ascii_digit() || b"._*".contains(&b) || b.is_ascii_uppercase();
    if cells.len() < 16 || !cells.bytes().all(cell_like) {
        return None;
    }
    let count = cells.len();
    if let Some(side) = (26..=64usize).find(|n| n * n == count) {
        // Read as a grid on one line only up to 25×25.
        return Some(format!(
            "{count} cells, a {side}×{side} grid on one line: grids from 26×26 up \
             are read in rows or numbers, one row a line"
        ));
    }
    // A square count read as a line fails on a symbol: say which, as
    // the same line in a file would.
    let square = (4..=25usize).any(|n| n * n == count);
    let read = square.then(|| Puzzles::new(cells.as_bytes(), Format::Line).next());
    if let Some(Some(Err(e))) = read {
        return Some(format!("{count} cells, but {}", e.kind()));
    }
    let want = (4..=64usize)
        .map(|n| n * n)
        .min_by_key(|&square| square.abs_diff(count))
        .expect("sides");
    Some(format!("{count} cells, want {want}"))
}

/// Prints a parse error, located, on stderr.
pub fn report(name: &str, error: &ParseError) {
    say::error(located(name, error));
}

/// Returns a parse error after the input's name: `FILE: line 3: …`. A
/// link pasted as the argument is the whole input, so its error goes
/// without `line 1`: `argument: a SudokuPad 'scl' link: …`.
pub fn located(name: &str, error: &ParseError) -> String {
    let pasted_link = name == ARGUMENT
        && error.line() == 1
        && error.column().is_none()
        && matches!(error.kind(), ParseErrorKind::Fpuzzles(_));
    if pasted_link {
        format!("{name}: {}", error.kind())
    } else {
        format!("{name}: {error}")
    }
}

/// Returns the note on a puzzle's ignored elements (f-puzzles drawing
/// elements, which carry no rule), saying `consequence`; `None` when it
/// has none. Every command that reads puzzles says it the same way.
pub fn ignored_note(name: &str, puzzle: &Puzzle, consequence: &str) -> Option<String> {
    (!puzzle.ignored.is_empty()).then(|| {
        format!(
            "{name}: {}: ignored f-puzzles drawing elements ({}); {consequence}",
            puzzle.label,
            puzzle.ignored.join(", ")
        )
    })
}

/// Prints [`ignored_note`] on stderr, if there is one.
fn note_ignored(name: &str, puzzle: &Puzzle, consequence: &str) {
    if let Some(note) = ignored_note(name, puzzle, consequence) {
        say::note(note);
    }
}

/// Adds the constraints of `--rules` to a puzzle read; a puzzle of
/// another size becomes a parse error at its line.
fn add_rules(
    extra: Option<&Extra>,
    item: Result<Puzzle, ParseError>,
) -> Result<Puzzle, ParseError> {
    let Some(extra) = extra else {
        return item;
    };
    let mut puzzle = item?;
    match extra.add_to(&puzzle.puzzle) {
        Ok(added) => {
            puzzle.puzzle = added;
            Ok(puzzle)
        }
        Err(kind) => Err(ParseError::new(
            puzzle.line,
            None,
            ParseErrorKind::RulesFile(kind),
        )),
    }
}

/// Reads the rules file of `--rules`: its constraints, for grids of the
/// size it states.
///
/// # Errors
///
/// `PATH: cannot open`, or the file's error with its line and column.
pub fn read_rules(path: &Path) -> anyhow::Result<Extra> {
    let name = files::shown(path);
    let file = File::open(path).with_context(|| format!("{name}: cannot open"))?;
    let mut text = String::new();
    file.take(MAX_RULES_FILE_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("{name}: cannot read"))?;
    if text.len() > MAX_RULES_FILE_BYTES {
        bail!("{name}: rules file longer than {MAX_RULES_FILE_BYTES} bytes");
    }
    rules_file::read_extra(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))
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
