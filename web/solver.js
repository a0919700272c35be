// The page's side of a worker: requests answered in turn, each by a
// promise; stop() terminates the worker (a SAT search cannot be asked to
// stop from outside) and starts a fresh one for the next request. A
// worker whose module does not load fails every request with that
// error, at once, until stop() starts a fresh one.

export class Solver {
  /** onBusy(busy) is called when a request starts and when it ends. */
  constructor(onBusy) {
    this.onBusy = onBusy;
    this.next = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const { id } = event.data;
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (this.pending.size === 0) this.onBusy(false);
      waiting.resolve(event.data);
    };
    this.broken = null;
    this.worker.onerror = (event) => {
      // The worker's module did not load: say so for every request
      // instead of waiting for ever. Not restarted here: a fresh worker
      // would fail the same way, over and over.
      event.preventDefault();
      this.broken = `the solver could not start: ${event.message || "its module (pkg/sudoku_sat_web.js) did not load; serve the page with sudoku-sat serve (with --root, run web/build first)"}`;
      this.worker.terminate();
      this.fail(this.broken);
    };
  }

  /** Whether a request is waiting for its answer. */
  get busy() {
    return this.pending.size > 0;
  }

  fail(message) {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
    this.onBusy(false);
  }

  /** Sends op with the puzzle text (and a cell name for explain, a
      solution line for links); resolves to {answer, ms}, rejects when
      stopped. */
  ask(op, text, cell) {
    if (this.broken) return Promise.reject(new Error(this.broken));
    const id = this.next++;
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, text, cell });
    });
    this.onBusy(true);
    return answer;
  }

  stop() {
    const was = this.busy;
    this.worker.terminate();
    this.fail("stopped");
    this.start();
    return was;
  }
}
