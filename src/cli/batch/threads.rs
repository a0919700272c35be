//! The threaded half of a batch: a reader thread sends chunks of the
//! input to the workers, each worker solves and renders its chunks, and
//! the calling thread hands the answers over in input order, never more
//! than [`WINDOW`] puzzles behind the reader.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use sudoku_sat::formats::text::{ParseError, Puzzle};
use sudoku_sat::solve::{Checked, Report, SolveError};

use super::{CHUNK, Ended, Event, Flow, Source, WINDOW, Workers, solve, weight};
use crate::cli::progress::Progress;
use crate::cli::signals::stopped;

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

/// How long a chunk should keep a worker busy. Each chunk costs a few
/// thread wake-ups (8–19 µs each of CPU time on a 2-core virtual machine), and the
/// last chunk of a run leaves the other workers idle for up to its length;
/// a few milliseconds keeps both costs near 1% of a run.
const CHUNK_TIME: Duration = Duration::from_millis(4);

/// The workers' pace so far: the time their finished chunks took and the
/// weight of the puzzles in them, so that the reader can size the next
/// chunk by time rather than by count (an easy 9×9 puzzle takes some
/// 10 µs, a hard one 1 ms).
#[derive(Default)]
struct Pace {
    nanos: AtomicU64,
    weight: AtomicU64,
}

impl Pace {
    fn record(&self, took: Duration, weight: u64) {
        let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.weight.fetch_add(weight, Ordering::Relaxed);
    }

    /// The weight that takes [`CHUNK_TIME`] at the pace so far; `None`
    /// before any chunk is done.
    fn per_chunk(&self) -> Option<u64> {
        let nanos = self.nanos.load(Ordering::Relaxed);
        let weight = self.weight.load(Ordering::Relaxed);
        (nanos > 0 && weight > 0).then(|| {
            let per = u128::from(weight) * CHUNK_TIME.as_nanos() / u128::from(nanos);
            u64::try_from(per).unwrap_or(u64::MAX)
        })
    }
}

/// How the reader sizes chunks: by the workers' [`Pace`], and towards the
/// end of a file of known length by what is left of it, so that the
/// workers finish together. The latter is guided self-scheduling (C. D.
/// Polychronopoulos, D. J. Kuck, "Guided self-scheduling: a practical
/// scheduling scheme for parallel supercomputers", IEEE Transactions on
/// Computers, 1987): each chunk is a share of the work left, here half a
/// worker's share.
struct Sizer<'a> {
    pace: &'a Pace,
    jobs: u64,
    /// The largest chunk, in weight.
    most: u64,
    /// The input's length in bytes, when known, with the count of bytes
    /// read and its value when the workers started.
    file: Option<(u64, Arc<AtomicU64>, u64)>,
}

impl Sizer<'_> {
    /// The next chunk's size, in weight, after one of `limit`, the reader
    /// having read `read` weight since the workers started. Chunks start
    /// at one puzzle and double, so a short file is still shared among the
    /// workers and the first answers come soon, up to what takes a worker
    /// [`CHUNK_TIME`] at the pace so far ([`CHUNK`] before any chunk is
    /// done); near the end, down to an eighth of that.
    fn next(&self, limit: u64, read: u64) -> u64 {
        let paced = self.pace.per_chunk().unwrap_or(CHUNK).max(1);
        let share = self.left(read).map_or(paced, |left| {
            (left / (2 * self.jobs)).clamp((paced / 8).max(1), paced)
        });
        (2 * limit).min(share).min(self.most)
    }

    /// The weight left to read, estimated from the weight read per byte
    /// since the workers started; `None` for a stream or before a byte.
    fn left(&self, read: u64) -> Option<u64> {
        let (len, bytes, start) = self.file.as_ref()?;
        let done = bytes.load(Ordering::Relaxed).saturating_sub(*start);
        let rest = len.saturating_sub(start + done);
        (done > 0).then(|| {
            let left = u128::from(rest) * u128::from(read) / u128::from(done);
            u64::try_from(left).unwrap_or(u64::MAX)
        })
    }
}

/// Solves the rest of `source` on `jobs` workers, fed in chunks of up to
/// `most` weight (see [`weight`]); `before` puzzles were handed over
/// before (for the progress).
pub(super) fn run_threaded<I, M, R, H>(
    source: &mut Source<I>,
    (jobs, most): (usize, u64),
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
    let pace = Pace::default();
    let sizer = Sizer {
        pace: &pace,
        jobs: jobs as u64,
        most,
        file: progress.len.map(|len| {
            let bytes = Arc::clone(&progress.bytes);
            let start = bytes.load(Ordering::Relaxed);
            (len, bytes, start)
        }),
    };
    std::thread::scope(|scope| {
        let (window, pace, sizer) = (&window, &pace, &sizer);
        let reader = scope.spawn(move || read(source, sizer, window, work_tx));
        for _ in 0..jobs {
            let done = done_tx.clone();
            let work_rx = Arc::clone(&work_rx);
            scope.spawn(move || work(workers, &work_rx, pace, done));
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
/// chunks of consecutive items, sized by `sizer`. A parse error ends its
/// chunk, so that it is reported as soon as the puzzles before it.
fn read<I>(source: &mut Source<I>, sizer: &Sizer, window: &Window, work: SyncSender<Chunk>) -> u64
where
    I: Iterator<Item = Result<Puzzle, ParseError>>,
{
    let mut seq = 0;
    let (mut items, mut load, mut read) = (Vec::new(), 0, 0);
    let mut limit = 1;
    while window.wait_for(seq) {
        let Some(item) = source.next() else { break };
        let full = match &item {
            Ok(puzzle) => {
                let weight = weight(puzzle.grid().size());
                (load, read) = (load + weight, read + weight);
                load >= limit
            }
            Err(_) => true,
        };
        items.push(item);
        seq += 1;
        if full {
            if load >= limit {
                (load, limit) = (0, sizer.next(limit, read));
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

/// A worker thread: its own pipeline, chunks in, events and texts out,
/// each chunk's time recorded in `pace`.
fn work<M, R>(
    workers: &Workers<M, R>,
    work: &Mutex<Receiver<Chunk>>,
    pace: &Pace,
    done: SyncSender<Done>,
) where
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
        let (started, mut load) = (Instant::now(), 0);
        for item in items {
            // After a signal nothing more is handed over: stop between
            // puzzles rather than finish the chunk.
            if stopped().is_some() {
                return;
            }
            let start = text.len();
            if let Ok(puzzle) = &item {
                load += weight(puzzle.grid().size());
            }
            let pipeline = pipeline.as_mut().map_err(|m| m.as_str());
            let event = solve(pipeline, &workers.render, item, &mut text);
            events.push((event, start..text.len()));
        }
        text_len = text.len();
        pace.record(started.elapsed(), load);
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
    fn chunks_are_sized_by_the_pace_so_far() {
        let pace = Pace::default();
        assert_eq!(pace.per_chunk(), None);
        // 100 puzzles in 2 ms: 200 fill a chunk's 4 ms.
        pace.record(Duration::from_millis(2), 100);
        assert_eq!(pace.per_chunk(), Some(200));
        // Then 100 slow ones in 18 ms: 200 in 20 ms, 40 a chunk.
        pace.record(Duration::from_millis(18), 100);
        assert_eq!(pace.per_chunk(), Some(40));
        // A puzzle slower than a chunk's time: none, and the reader
        // sends one at a time.
        pace.record(Duration::from_secs(10), 1);
        assert_eq!(pace.per_chunk(), Some(0));
    }

    #[test]
    fn chunks_shrink_as_a_file_ends() {
        let pace = Pace::default();
        let bytes = Arc::new(AtomicU64::new(0));
        // 100,000 bytes; the workers started after the first 10,000.
        let sizer = Sizer {
            pace: &pace,
            jobs: 2,
            most: 1024,
            file: Some((100_000, Arc::clone(&bytes), 10_000)),
        };
        let stream = Sizer {
            file: None,
            ..sizer
        };
        // Doubling from one, up to `CHUNK` until the pace is known.
        assert_eq!(sizer.next(1, 0), 2);
        assert_eq!(sizer.next(100, 0), CHUNK);
        pace.record(Duration::from_millis(1), 100);
        assert_eq!(stream.next(300, 5_000), 400);
        // A byte a unit of weight: 89,000 left, far more than a chunk.
        bytes.store(11_000, Ordering::Relaxed);
        assert_eq!(sizer.next(300, 1_000), 400);
        // 1,000 left: a quarter of it, half a worker's share.
        bytes.store(99_000, Ordering::Relaxed);
        assert_eq!(sizer.next(400, 89_000), 250);
        // None left: an eighth of a paced chunk.
        bytes.store(100_000, Ordering::Relaxed);
        assert_eq!(sizer.next(250, 90_000), 50);
        // Never past the largest chunk.
        assert_eq!(Sizer { most: 30, ..stream }.next(300, 5_000), 30);
    }
}
