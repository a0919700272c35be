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

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use sudoku_sat::formats::text::{ParseError, Puzzle, ReadOptions};
use sudoku_sat::grid::Size;
use sudoku_sat::solve::{Checked, Report, SolveError};

use super::input::Input;
use super::progress::{Counted, Progress};
use super::signals::{Signal, stopped};

/// How many puzzles the reader may run ahead of the output.
const WINDOW: u64 = 4096;

/// How many 9×9 puzzles of a file go to a worker at a time, at most.
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
    // once.
    let chunk = if input.streamed() { 1 } else { CHUNK };
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
            let rest = run_threaded(
                &mut source,
                (jobs, chunk),
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

/// Consecutive items of the input for a worker, from number `first`.
struct Chunk {
    first: u64,
    items: Vec<Result<Puzzle, ParseError>>,
}

/// A worker's answer to a [`Chunk`]: an event per item, in order, each
/// with its range of `text`.
struct Done {
    first: u64,
    events: Vec<(Event, Range<usize>)>,
    text: String,
}

/// The reader's side of the window: how many puzzles were handed over, and
/// whether the run is stopping.
struct Window {
    state: Mutex<(u64, bool)>,
    moved: Condvar,
}

impl Window {
    /// Waits until puzzle `seq` may be sent; false when the run stops.
    fn wait_for(&self, seq: u64) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !state.1 && seq >= state.0 + WINDOW {
            state = self.moved.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        !state.1
    }

    /// Returns whether the run is stopping.
    fn stopped(&self) -> bool {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).1
    }

    fn set(&self, handed: u64, stop: bool) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        *state = (handed, stop || state.1);
        self.moved.notify_all();
    }
}

/// Solves the rest of `source` on `jobs` workers, fed in chunks of up to
/// `chunk`; `before` puzzles were handed over before (for the progress).
fn run_threaded<I, M, R, H>(
    source: &mut Source<I>,
    (jobs, chunk): (usize, u64),
    before: u64,
    progress: &mut Progress,
    workers: &Workers<M, R>,
    mut handle: H,
) -> anyhow::Result<Ended>
where
    I: Iterator<Item = Result<Puzzle, ParseError>> + Send,
    M: Fn() -> anyhow::Result<Checked> + Sync,
    R: Fn(&Puzzle, &Result<Report, SolveError>, &mut String) + Sync,
    H: FnMut(&Progress, Event, &str) -> anyhow::Result<Flow>,
{
    // Fail early, on this thread, if no pipeline can be made.
    drop((workers.make)()?);
    let window = Window {
        state: Mutex::new((0, false)),
        moved: Condvar::new(),
    };
    let (work_tx, work_rx) = sync_channel::<Chunk>(jobs * 4);
    // Only the workers hold the work receiver: when they have all gone
    // (the output stopped), it drops and a reader blocked on a full
    // channel is released.
    let work_rx = Arc::new(Mutex::new(work_rx));
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 4);
    std::thread::scope(|scope| {
        let window = &window;
        let reader = scope.spawn(move || read(source, chunk, window, work_tx));
        for _ in 0..jobs {
            let done = done_tx.clone();
            let work_rx = Arc::clone(&work_rx);
            scope.spawn(move || work(workers, &work_rx, done));
        }
        drop(work_rx);
        drop(done_tx);
        let result = hand_over(done_rx, window, before, progress, &mut handle);
        // Whatever happened, let the reader and the workers go: the reader
        // stops at the window, the workers when their channels close.
        window.set(0, true);
        let _ = reader.join();
        result
    })
}

/// The reader thread: numbers the puzzles and sends them to the workers in
/// chunks of consecutive items. A parse error ends its chunk, so that it
/// is reported as soon as the puzzles before it.
fn read<I>(source: &mut Source<I>, chunk: u64, window: &Window, work: SyncSender<Chunk>) -> u64
where
    I: Iterator<Item = Result<Puzzle, ParseError>>,
{
    let mut seq = 0;
    let (mut items, mut load) = (Vec::new(), 0);
    // Chunks start at one puzzle and double up to `chunk`, so a short file
    // is still shared among the workers and the first answers come soon.
    let mut limit = 1;
    while window.wait_for(seq) {
        let Some(item) = source.next() else { break };
        let full = match &item {
            Ok(puzzle) => {
                load += weight(puzzle.grid().size());
                load >= limit
            }
            Err(_) => true,
        };
        items.push(item);
        seq += 1;
        if full {
            if load >= limit {
                (load, limit) = (0, (2 * limit).min(chunk));
            }
            let first = seq - items.len() as u64;
            // The next chunk holds about as many items as this one.
            let next = Vec::with_capacity(items.len());
            let items = std::mem::replace(&mut items, next);
            if work.send(Chunk { first, items }).is_err() {
                return seq;
            }
        }
    }
    if !items.is_empty() && !window.stopped() {
        let first = seq - items.len() as u64;
        let _ = work.send(Chunk { first, items });
    }
    seq
}

/// A worker thread: its own pipeline, chunks in, events and texts out.
fn work<M, R>(workers: &Workers<M, R>, work: &Mutex<Receiver<Chunk>>, done: SyncSender<Done>)
where
    M: Fn() -> anyhow::Result<Checked>,
    R: Fn(&Puzzle, &Result<Report, SolveError>, &mut String),
{
    // A worker that cannot build its pipeline still answers every puzzle
    // it takes, with the error, so the run stops cleanly on the first one.
    let mut pipeline = (workers.make)().map_err(|e| format!("{e:#}"));
    // The last chunk's text length: the next is about as long, and its
    // buffer is then made once instead of grown by doubling.
    let mut text_len = 0;
    loop {
        let job = work.lock().unwrap_or_else(|e| e.into_inner()).recv();
        let Ok(Chunk { first, items }) = job else {
            return;
        };
        let mut events = Vec::with_capacity(items.len());
        let mut text = String::with_capacity(text_len);
        for item in items {
            // After a signal nothing more is handed over: stop between
            // puzzles rather than finish the chunk.
            if stopped().is_some() {
                return;
            }
            let start = text.len();
            let pipeline = pipeline.as_mut().map_err(|m| m.as_str());
            let event = solve(pipeline, &workers.render, item, &mut text);
            events.push((event, start..text.len()));
        }
        text_len = text.len();
        if done
            .send(Done {
                first,
                events,
                text,
            })
            .is_err()
        {
            return;
        }
    }
}

/// Puts results back in input order and hands them to the caller.
fn hand_over<H>(
    done: Receiver<Done>,
    window: &Window,
    before: u64,
    progress: &mut Progress,
    handle: &mut H,
) -> anyhow::Result<Ended>
where
    H: FnMut(&Progress, Event, &str) -> anyhow::Result<Flow>,
{
    let mut ended = Ended::default();
    // Chunks that came before their turn, by their first item's number.
    let mut pending = BTreeMap::new();
    for chunk in done {
        pending.insert(chunk.first, chunk);
        while let Some(Done { events, text, .. }) = pending.remove(&ended.events) {
            for (event, range) in events {
                // Checked before each puzzle, not only by the reader: a
                // small file is read whole at once, and a puzzle solved
                // after the signal may be cut short (an external solver
                // stopped).
                if stopped().is_some() {
                    return Ok(ended);
                }
                ended.events += 1;
                let flow = handle(progress, event, &text[range])?;
                progress.tick(before + ended.events);
                if flow == Flow::Stop {
                    window.set(ended.events, true);
                    return Ok(ended);
                }
            }
            // Once a chunk rather than once a puzzle: it takes a lock and
            // wakes the reader, and a chunk more of slack leaves the
            // reader's lead bounded all the same.
            window.set(ended.events, false);
        }
    }
    Ok(ended)
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
