// Counting a puzzle's solutions up to a cap, and stepping through them:
// the board shows one solution at a time, with the cells where it
// differs from the first in yellow.
import { digitsOfLine } from "./draw.js";

const $ = (id) => document.getElementById(id);

/** The solutions listed for the puzzle on the board: lines, the one
    shown, and whether the puzzle has more than were listed. */
let listed = null;

/** Returns the `solve`-like answer that draws solution k: its line and
    the cells where it differs from the first. */
export function stepView(lines, k, size) {
  const first = digitsOfLine(lines[0], size);
  const shown = digitsOfLine(lines[k], size);
  const differing = [];
  for (let i = 0; i < shown.length; i++) if (shown[i] !== first[i]) differing.push(i);
  return { solution: lines[k], second: null, differing };
}

/** Forgets the listed solutions (a new or edited puzzle). */
export function clearSteps() {
  listed = null;
  $("count-result").textContent = "";
  $("stepper").hidden = true;
}

function showStep(show) {
  const { lines, k, size } = listed;
  $("step-at").textContent = `solution ${k + 1} of ${lines.length}`;
  $("stepper").dataset.line = lines[k];
  $("previous").disabled = k === 0;
  $("next").disabled = k + 1 === lines.length;
  show(stepView(lines, k, size));
}

/** Lists up to the cap's solutions of `text` (an n×n puzzle) on
    `solver` and shows the first; `show(view)` draws a `stepView`,
    `current()` says whether the puzzle is still the one asked about. */
export async function count(solver, text, size, current, show) {
  clearSteps();
  const cap = Math.max(1, Math.min(4096, Number($("count-cap").value) || 100));
  $("count-cap").value = cap;
  $("count-result").textContent = "Counting\u2026";
  let answer;
  try {
    ({ answer } = await solver.ask("solutions", text, cap));
  } catch (failed) {
    if (current()) $("count-result").textContent = String(failed.message || failed);
    return;
  }
  if (!current()) return;
  if (answer.error) {
    $("count-result").textContent = answer.error;
    return;
  }
  const n = answer.solutions.length;
  $("count-result").textContent = answer.more
    ? `More than ${cap} solutions (the first ${cap} listed).`
    : n === 0
      ? "No solution."
      : `${n} solution${n === 1 ? "" : "s"}, all listed.`;
  if (n === 0) return;
  listed = { lines: answer.solutions, k: 0, size };
  $("stepper").hidden = false;
  showStep(show);
}

/** Moves to the previous (-1) or next (+1) listed solution. */
export function step(by, show) {
  if (!listed) return;
  listed.k = Math.max(0, Math.min(listed.lines.length - 1, listed.k + by));
  showStep(show);
}
