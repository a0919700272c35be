//! Solving a stream of puzzles on several threads, with results in input
//! order and bounded memory, stopping between puzzles on a signal
//! ([`super::signals`]) and showing progress ([`super::progress`]).
//!
//! One thread reads and parses; each of `jobs` workers owns its own solver
//! (varisat's `Solver` is not `Send`, so each worker builds its own) and
//! also writes the text of each answer (the caller's `render`), so that
//! the calling thread only puts results back in input order and hands
//! them to the caller, which prints the texts. The reader never runs more
//! than [`WINDOW`] puzzles ahead of the last one handed over, so memory
//! stays bounded whatever the input's size, even behind one slow puzzle.
//! With one job everything runs on the calling thread; with several, the
//! first [`INLINE_FIRST`] too, so a short input never starts the threads
//! (a file of [`LONG_FILE`] bytes or more starts them at once).

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_sat::formats::text::{ParseError, Puzzle, ReadOptions};
use sudoku_sat::grid::Size;
use sudoku_sat::solve::{Checked, Report, SolveError};

mod threads;

use super::input::Input;
use super::progress::{Counted, Progress};
use super::signals::{Signal, stopped};

/// How many puzzles the reader may run ahead of the output.
const WINDOW: u64 = 4096;

/// How many 9×9 puzzles of a file go to a worker at a time until the
/// workers' pace is known; then a chunk is sized by time (see
/// `threads::CHUNK_TIME`).
///
/// Larger puzzles count for more (see [`weight`]), so a chunk of 16×16
/// puzzles holds four and one of 25×25 puzzles holds one: a file of a few
/// large puzzles is still shared among the workers. The first chunks are
/// smaller (see `read`).
const CHUNK: u64 = 128;

/// How long a run of several jobs solves on the calling thread before it
/// starts the workers. Starting them costs about a millisecond on this
/// kind of machine, as much as a few hundred easy 9×9 puzzles.
const INLINE_FIRST: Duration = Duration::from_millis(5);

/// The size from which a file goes to the workers from its first puzzle.
/// It holds some 800 9×9 puzzles (82 bytes a line) or fewer larger ones,
/// more than [`INLINE_FIRST`] solves on one thread, so the threads pay for
/// their start; solving its start on one thread only left the second core
/// idle for those milliseconds.
const LONG_FILE: u64 = 64 * 1024;

/// The share of a chunk that one puzzle takes: the cube of its cell count,
/// in units of a 9×9 puzzle's. Solving time grows about that fast with the
/// side (a 25×25 puzzle costs some 100–500 times a 9×9 one).
fn weight(size: Size) -> u64 {
    let cells = size.cells() as u64;
    (cells * cells * cells).div_ceil(81 * 81 * 81)
}

/// One puzzle's turn, in input order.
pub enum Event {
    /// A puzzle and what the pipeline made of it.
    Solved(Puzzle, Box<Result<Report, SolveError>>),
    /// A puzzle that could not be read.
    Invalid(ParseError),
}

/// Whether the caller wants more events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Stop reading; the run ends after this event.
    Stop,
}

/// How a batch ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ended {
    /// The number of parse errors reported.
    pub parse_errors: usize,
    /// The signal that stopped the run between puzzles, if one did.
    pub stopped: Option<Signal>,
    /// Events handed to the caller.
    pub events: u64,
    /// Whether the calling thread's part of the run saw its end (the
    /// input's end, a stop or a signal), so no workers are needed.
    drained: bool,
}

/// Reads puzzles until the input ends, a signal or a stop.
struct Source<I> {
    puzzles: I,
    errors: usize,
}

impl<I: Iterator<Item = Result<Puzzle, ParseError>>> Iterator for Source<I> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if stopped().is_some() {
            return None;
        }
        let item = self.puzzles.next()?;
        if stopped().is_some() {
            // The input may have been cut short by the stop (see
            // `input::StopAware`): its last item is no puzzle of the user's.
            return None;
        }
        if item.is_err() {
            self.errors += 1;
        }
        Some(item)
    }
}

/// What each worker does besides the caller's order: `make` builds its
/// pipeline, `render` writes the text of each solved puzzle (appending to
/// the string), where the text of one answer does not depend on the
/// others.
pub struct Workers<M, R> {
    /// Builds one pipeline; called once per worker.
    pub make: M,
    /// Writes a solved puzzle's text, for the caller to print in order.
    pub render: R,
}

/// Solves every puzzle of `input` with pipelines made by `workers.make`,
/// one per worker, and calls `handle` with each result in input order and
/// the text `workers.render` wrote for it (empty for a parse error).
///
/// # Errors
///
/// Returns the first error of `make` or `handle`; reading and solving stop
/// then, and what was handled stays handled.
pub fn run<M, R, H>(
    input: Input,
    format: ReadOptions,
    jobs: usize,
    progress: &mut Progress,
    workers: Workers<M, R>,
    handle: H,
) -> anyhow::Result<Ended>
where
    M: Fn() -> anyhow::Result<Checked> + Sync,
    R: Fn(&Puzzle, &Result<Report, SolveError>, &mut String) + Sync,
    H: FnMut(&Progress, Event, &str) -> anyhow::Result<Flow>,
{
    let make = &workers.make;
    let mut handle = handle;
    // Files go to the workers in chunks, which keeps the threads' traffic
    // low on fast puzzles; streamed input (stdin, a pipe) goes a puzzle at
    // a time, so a person or a program feeding puzzles sees each answer at
    // once. A chunk is at most a small share of the window, so that every
    // worker has work while the output waits on the slowest chunk.
    let most = if input.streamed() {
        1
    } else {
        (WINDOW / (2 * jobs as u64)).max(1)
    };
    let long = input.len.is_some_and(|len| len >= LONG_FILE);
    let bytes = Arc::clone(&progress.bytes);
    let puzzles = input.puzzles(format, |inner| Counted { inner, bytes });
    let mut source = Source { puzzles, errors: 0 };
    let mut ended = if jobs <= 1 {
        let pipeline = make()?;
        run_inline(
            &mut source,
            progress,
            (pipeline, &workers.render),
            None,
            &mut handle,
        )?
    } else {
        // Several jobs start on this thread, unless the file is long: a
        // short input is done before threads would pay for their start
        // (Project Euler's 50 puzzles take a few milliseconds), a long one
        // moves to the workers soon.
        let first = if long {
            Ended::default()
        } else {
            let pipeline = (make()?, &workers.render);
            run_inline(
                &mut source,
                progress,
                pipeline,
                Some(Instant::now()),
                &mut handle,
            )?
        };
        if first.drained {
            first
        } else {
            let rest = threads::run_threaded(
                &mut source,
                (jobs, most),
                first.events,
                progress,
                &workers,
                &mut handle,
            )?;
            Ended {
                events: first.events + rest.events,
                ..rest
            }
        }
    };
    progress.finish();
    ended.parse_errors = source.errors;
    // However the run ended (the reader, a worker or the output saw the
    // signal first), a signal before its end stopped it.
    ended.stopped = stopped();
    Ok(ended)
}

/// Solves puzzles on the calling thread, in order. With `since`, only
/// until [`INLINE_FIRST`] has passed from then, leaving the rest of the
/// source (and [`Ended::drained`] false) for the workers.
fn run_inline<I, R, H>(
    source: &mut Source<I>,
    progress: &mut Progress,
    (mut pipeline, render): (Checked, &R),
    since: Option<Instant>,
    handle: &mut H,
) -> anyhow::Result<Ended>
where
    I: Iterator<Item = Result<Puzzle, ParseError>>,
    R: Fn(&Puzzle, &Result<Report, SolveError>, &mut String),
    H: FnMut(&Progress, Event, &str) -> anyhow::Result<Flow>,
{
    let mut ended = Ended {
        drained: true,
        ..Ended::default()
    };
    let mut text = String::new();
    loop {
        if since.is_some_and(|start| start.elapsed() >= INLINE_FIRST) {
            ended.drained = false;
            break;
        }
        let Some(item) = source.next() else { break };
        text.clear();
        let event = solve(Ok(&mut pipeline), render, item, &mut text);
        if stopped().is_some() {
            // The signal came while this puzzle was solved: its answer may
            // be cut short, and the output ends before it.
            break;
        }
        ended.events += 1;
        let flow = handle(progress, event, &text)?;
        progress.tick(ended.events);
        if flow == Flow::Stop {
            break;
        }
    }
    Ok(ended)
}

/// Solves one item with `pipeline` (or answers the error of a worker that
/// could not build one) and renders its text at the end of `text`; a parse
/// error passes through with no text.
fn solve<R>(
    pipeline: Result<&mut Checked, &str>,
    render: &R,
    item: Result<Puzzle, ParseError>,
    text: &mut String,
) -> Event
where
    R: Fn(&Puzzle, &Result<Report, SolveError>, &mut String),
{
    match item {
        Ok(puzzle) => {
            let report = match pipeline {
                Ok(pipeline) => pipeline.solve(&puzzle.puzzle),
                Err(message) => Err(SolveError::Solver(message.to_owned())),
            };
            render(&puzzle, &report, text);
            Event::Solved(puzzle, Box::new(report))
        }
        Err(error) => Event::Invalid(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_shrink_as_puzzles_grow() {
        let per_chunk = |side| CHUNK.div_ceil(weight(Size::from_side(side).unwrap()));
        assert_eq!(per_chunk(4), CHUNK);
        assert_eq!(per_chunk(9), CHUNK);
        assert_eq!(per_chunk(16), 4);
        assert_eq!(per_chunk(25), 1);
    }
}
