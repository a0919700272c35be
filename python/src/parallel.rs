//! A batch's puzzles answered a chunk at a time on several threads, in
//! input order, without the GIL.
//!
//! Reading each item from Python and turning each answer into a dict
//! need the GIL; on easy puzzles those are about half a puzzle's cost, so
//! two Python threads each running a batch share one core's worth of
//! them. Here only the taking of items and the giving of answers hold
//! the GIL: reading text and solving run on `jobs` threads at once.

use std::collections::VecDeque;
use std::sync::Mutex;

use serde_json::{Value, json};
use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::ReadOptions;

use crate::Failure;
use crate::batch::Task;
use crate::puzzle::{PyPuzzle, first};

/// The most items a chunk takes: a chunk starts at one per thread and
/// doubles up to this, so the first answers come at once and long
/// batches spawn threads rarely.
const MAX_CHUNK: usize = 1024;

/// One item of a batch, taken from Python and owned, so that a thread
/// without the GIL can answer it.
pub enum Input {
    /// A `Puzzle`, or a row of numbers already read.
    Puzzle(PyPuzzle),
    /// Text, read on the answering thread.
    Text(String),
    /// An item that is no puzzle: its failure is its answer.
    Failed(Failure),
}

impl Input {
    /// Answers the item: the task's dict with the puzzle's givens added.
    pub fn answer(self, task: Task, encoding: Encoding) -> Result<Value, Failure> {
        let puzzle = match self {
            Input::Puzzle(puzzle) => puzzle,
            Input::Text(text) => first(&text, ReadOptions::default())?.puzzle,
            Input::Failed(failure) => return Err(failure),
        };
        let mut answer = task.run(&puzzle.puzzle, encoding)?;
        answer["puzzle"] = json!(puzzle.puzzle.givens().to_string());
        Ok(answer)
    }
}

/// The answers of a batch with more than one job: chunks taken from the
/// input, answered on the threads, then handed out in order.
pub struct Chunks {
    /// Threads per chunk.
    jobs: usize,
    /// The size of the next chunk.
    next: usize,
    /// Answers ready to hand out, in input order.
    ready: VecDeque<Result<Value, Failure>>,
}

impl Chunks {
    /// Returns the chunks of a batch answered on `jobs` threads (at least 2).
    pub fn new(jobs: usize) -> Chunks {
        Chunks {
            jobs,
            next: jobs,
            ready: VecDeque::new(),
        }
    }

    /// Returns the size of the next chunk to take, doubling it for the
    /// one after.
    pub fn take_size(&mut self) -> usize {
        let size = self.next;
        self.next = (2 * self.next).min(MAX_CHUNK.max(self.jobs));
        size
    }

    /// Returns the next answer ready, if any.
    pub fn pop(&mut self) -> Option<Result<Value, Failure>> {
        self.ready.pop_front()
    }

    /// Answers `inputs` on the threads (the caller has released the GIL)
    /// and queues the answers in the inputs' order.
    pub fn answer(&mut self, inputs: Vec<Input>, task: Task, encoding: Encoding) {
        let count = inputs.len();
        // Each thread takes the next item not yet taken, so a slow puzzle
        // holds up only its own thread, and keeps its answers by index.
        let items = Mutex::new(inputs.into_iter().enumerate());
        let work = || {
            let mut answered = Vec::new();
            loop {
                let next = items.lock().unwrap_or_else(|e| e.into_inner()).next();
                let Some((at, input)) = next else {
                    return answered;
                };
                answered.push((at, input.answer(task, encoding)));
            }
        };
        let mut answered = std::thread::scope(|scope| {
            let others: Vec<_> = (1..self.jobs.min(count))
                .map(|_| scope.spawn(work))
                .collect();
            let mut answered = work();
            for other in others {
                // A panic on a thread is a bug: it goes on as it would
                // have on one thread.
                answered.extend(
                    other
                        .join()
                        .unwrap_or_else(|p| std::panic::resume_unwind(p)),
                );
            }
            answered
        });
        answered.sort_unstable_by_key(|&(at, _)| at);
        self.ready
            .extend(answered.into_iter().map(|(_, answer)| answer));
    }
}
