// Runs the solver off the page's thread, so the page never freezes and
// Stop can end a long search by terminating this worker.
//
// Messages in: {id, op, text, cell}, op one of the module's functions
// (read, solve, links, candidates, rate, explain, dimacs, solutions,
// hints, core, check, nth). Messages out:
// {id, op, answer, ms}, answer the function's JSON, parsed; or
// {id, op, answer: {error}} when the module failed to load or trapped.
// The op `bench` solves every line of the text in turn (bench.html).
import init, * as wasm from "./pkg/sudoku_sat_web.js";

const ready = init().then(() => wasm.init());
const OPS = ["read", "solve", "links", "candidates", "rate", "explain", "dimacs", "solutions", "hints", "core", "check", "nth"];
// The operations that take a second argument, sent as `cell`: a cell's
// name (explain), a solution line (links), a cap (solutions), a 0-based
// puzzle of several (nth).
const TWO = ["explain", "links", "solutions", "nth"];

self.onmessage = async (event) => {
  const { id, op, text, cell } = event.data;
  let answer;
  let start = performance.now();
  try {
    await ready;
    start = performance.now();
    if (op === "bench") {
      answer = bench(text);
    } else {
      if (!OPS.includes(op)) throw new Error(`unknown operation ${op}`);
      const json = TWO.includes(op) ? wasm[op](text, cell) : wasm[op](text);
      answer = JSON.parse(json);
    }
  } catch (error) {
    let panic = "";
    try { panic = wasm.last_panic(); } catch (_) { /* module not loaded */ }
    answer = { error: panic ? `internal error: ${panic}` : `${error.message || error}` };
  }
  self.postMessage({ id, op, answer, ms: performance.now() - start });
};

/** Solves each line as `solve` does (blank lines and lines starting
    with `#` skipped) and returns the count of each status and, per line,
    the call's milliseconds (`ms`: reading, solving and the answer's JSON,
    parsed) and the library's own `sat` and `check` microseconds, the
    figures `solve --output json` prints. */
function bench(text) {
  const statuses = {};
  const ms = [];
  const sat = [];
  const check = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const t0 = performance.now();
    const answer = JSON.parse(wasm.solve(line));
    ms.push(performance.now() - t0);
    const timings = answer.timings_us || { sat: 0, check: 0 };
    sat.push(timings.sat);
    check.push(timings.check);
    const status = answer.error ? "error" : answer.status;
    statuses[status] = (statuses[status] || 0) + 1;
  }
  return { statuses, ms, sat, check };
}
