// Hints: the hinter's whole walk from the givens (the module's `hints`,
// as `sudoku-sat hint --all`), asked once per puzzle. "Hint" shows the
// next step in words with its cells and candidates marked on the board,
// "Apply" takes it, "All steps" lists the walk (a click shows a step).
import { drawHintView, markCells } from "./draw.js";

const $ = (id) => document.getElementById(id);

/** The walk of the puzzle on the board: the module's answer, `k` the
    step applied up to, `shown` the step on view (or null). */
let walk = null;

/** Whether a hint is on view: the board then shows the hint's
    candidates, not the solution. */
export function hintShown() {
  return walk !== null && walk.shown !== null;
}

/** Forgets the walk (a new or edited puzzle). */
export function clearHints() {
  walk = null;
  $("hint-text").textContent = "";
  $("hint-steps").replaceChildren();
  $("hint-steps").hidden = true;
  $("apply").disabled = true;
  $("hide-hint").disabled = true;
}

/** Returns the candidates and placed digits before step `k`: the start's
    candidates with steps 0..k applied as the hinter applies them (a
    placement fixes its cell and removes the digit from the cells that
    share its row, column or block; an elimination removes one). */
export function stateBefore(answer, k, puzzle) {
  const n = puzzle.size;
  const candidates = answer.start.map((digits) => [...digits]);
  const placed = new Array(n * n).fill(0);
  for (let s = 0; s < k; s++) {
    for (const [i, d] of answer.at[s].placed) {
      placed[i] = d;
      candidates[i] = [d];
      for (let j = 0; j < n * n; j++) {
        const peer = Math.floor(j / n) === Math.floor(i / n) || j % n === i % n || puzzle.blocks[j] === puzzle.blocks[i];
        if (j !== i && peer) candidates[j] = candidates[j].filter((x) => x !== d);
      }
    }
    for (const [i, d] of answer.at[s].eliminated) candidates[i] = candidates[i].filter((x) => x !== d);
  }
  return { candidates, placed };
}

/** Draws the step on view over the board (after every redraw). */
export function drawHint(svg, puzzle) {
  if (!hintShown()) return;
  const k = walk.shown;
  const step = walk.answer.at[k];
  const { candidates, placed } = stateBefore(walk.answer, k, puzzle);
  const key = (i, d) => `${i}:${d}`;
  const out = new Set((step ? step.eliminated : []).map(([i, d]) => key(i, d)));
  const put = new Set((step ? step.placed : []).map(([i, d]) => key(i, d)));
  markCells(svg, puzzle.size, { "hint-cell": step ? step.cells : [] });
  drawHintView(svg, puzzle, placed, candidates, (i, d) =>
    out.has(key(i, d)) ? "cand cand-out" : put.has(key(i, d)) ? "cand cand-in" : "cand");
}

/** Returns the words for step k, or the walk's end. */
function words(k) {
  const steps = walk.answer.steps;
  if (k < steps.length) return `Step ${k + 1} of ${steps.length}: ${steps[k].text}`;
  if (walk.answer.solved) return "Solved: every step has been applied.";
  return "No further step: logic stops here (the puzzle has several solutions, or needs more than the hinter knows).";
}

/** Shows step k (its words, its marks on the board through `redraw`). */
function show(k, redraw) {
  walk.shown = k;
  $("hint-text").textContent = words(k);
  $("apply").disabled = k >= walk.answer.steps.length;
  $("hide-hint").disabled = false;
  for (const item of $("hint-steps").children) item.classList.toggle("current", Number(item.dataset.step) === k);
  redraw();
}

/** Asks `solver` for the walk of `text` when it has none yet; returns
    whether there is one for the puzzle still on the board. */
async function ensure(solver, text, current) {
  if (walk) return true;
  $("hint-text").textContent = "Working out the steps\u2026";
  let answer;
  try {
    ({ answer } = await solver.ask("hints", text));
  } catch (failed) {
    if (current()) $("hint-text").textContent = String(failed.message || failed);
    return false;
  }
  if (!current()) return false;
  if (answer.error) {
    $("hint-text").textContent = `No hint: ${answer.error}`;
    return false;
  }
  walk = { answer, k: 0, shown: null };
  return true;
}

/** "Hint": shows the next step not applied yet. */
export async function nextHint(solver, text, current, redraw) {
  if (await ensure(solver, text, current)) show(walk.k, redraw);
}

/** "Apply": takes the step on view (the steps before it too) and shows
    the board after it. */
export function applyHint(redraw) {
  if (!hintShown()) return;
  walk.k = Math.min(walk.answer.steps.length, walk.shown + 1);
  show(walk.k, redraw);
}

/** "Hide": the board shows the puzzle (and its answer) again. */
export function hideHint(redraw) {
  if (!walk) return;
  walk.shown = null;
  $("hide-hint").disabled = true;
  $("apply").disabled = true;
  redraw();
}

/** "All steps": lists the walk; a click on a step shows it. */
export async function listSteps(solver, text, current, redraw) {
  if (!(await ensure(solver, text, current))) return;
  const list = $("hint-steps");
  list.replaceChildren(...walk.answer.steps.map((step, k) => {
    const item = document.createElement("li");
    item.dataset.step = k;
    item.tabIndex = 0;
    item.textContent = step.text;
    const pick = () => show(k, redraw);
    item.addEventListener("click", pick);
    item.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        pick();
      }
    });
    return item;
  }));
  list.hidden = false;
  const score = walk.answer.score == null ? "" : `, score ${walk.answer.score} (hardest: ${walk.answer.hardest})`;
  $("hint-text").textContent = `${walk.answer.steps.length} steps${score}; click one to show it.`;
}
