// The page's side of the worker: one request at a time, answered by a
// promise; Stop terminates the worker (a SAT search cannot be asked to
// stop from outside) and starts a fresh one for the next request.

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
    this.worker.onerror = (event) => {
      // The module or its WebAssembly failed to load: say so for every
      // request instead of waiting for ever.
      event.preventDefault();
      this.fail(`the solver could not start: ${event.message || "the WebAssembly module did not load (was web/build run?)"}`);
      this.worker.terminate();
      this.start();
    };
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
    const id = this.next++;
    this.onBusy(true);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, text, cell });
    });
  }

  stop() {
    this.worker.terminate();
    this.fail("stopped");
    this.start();
  }
}
