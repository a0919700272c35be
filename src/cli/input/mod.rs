//! Opening puzzle input and reading its puzzles, with located errors.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};

mod named;
mod stdin;

use named::{inline_puzzle, near_puzzle, unfound_name};
use stdin::{StopAware, stdin_reader};

use super::args::ProgressArgs;
use super::progress::{Counted, Progress};
use super::shard::Shard;
use super::signals::stopped;
use super::{files, say};
use sudoku_sat::formats::rules_file::{self, Extra};
use sudoku_sat::formats::text::{
    Format, MAX_RULES_FILE_BYTES, ParseError, ParseErrorKind, Puzzle, Puzzles, ReadOptions,
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
    /// [`looks_like_puzzle`](sudoku_sat::formats::text::looks_like_puzzle)) is read as the puzzle itself, named
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
