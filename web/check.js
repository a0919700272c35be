// Why a puzzle has no solution (the minimal core `solve --explain`
// finds), and the setter's check (`sudoku-sat check`): needed and
// redundant givens, the cells two solutions differ in, or the core, each
// marked on the board and said in words.

const $ = (id) => document.getElementById(id);

/** Returns a 0-based cell's name, r1c1. */
const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** Returns "2 givens" or "1 given". */
const count = (k, one, many) => `${k} ${k === 1 ? one : many}`;

/** Returns the marks of a core: its givens as `core`, the cells of its
    constraints as `core-rule`. */
export function coreMarks(core) {
  return {
    "core-rule": core.constraints.flatMap((c) => c.cells),
    core: core.givens.map(([i]) => i),
  };
}

/** Returns a core in words, as `solve --explain` says it: "these 2
    givens alone have no solution (without any one of them the rest has
    one): r1c3=9 r4c3=9". */
export function coreWords(core, n) {
  const [g, k] = [core.givens.length, core.constraints.length];
  const what = k === 0 ? count(g, "given", "givens")
    : g === 0 ? count(k, "constraint", "constraints")
      : `${count(g, "given", "givens")} and ${count(k, "constraint", "constraints")}`;
  const [these, have] = g + k === 1 ? ["This", "has"] : ["These", "have"];
  const parts = [];
  if (g) parts.push(core.givens.map(([i, d]) => `${cellName(i, n)}=${d}`).join(" "));
  for (const c of core.constraints) parts.push(`${c.key}: ${c.description}`);
  return `${these} ${what} alone ${have} no solution (without any one of them the rest has one): ${parts.join("; ")}`;
}

/** Asks `solver` for the core of `text` (an n×n puzzle with no
    solution) and shows it: its words under the verdict, its cells
    through `mark(marks)`. */
export async function showCore(solver, text, n, current, mark) {
  $("core").textContent = "Finding the smallest contradiction\u2026";
  try {
    const { answer } = await solver.ask("core", text);
    if (!current()) return;
    if (answer.error || !answer.core) {
      $("core").textContent = answer.error || "";
      return;
    }
    $("core").textContent = `${coreWords(answer.core, n)}. Marked in red on the board.`;
    mark(coreMarks(answer.core));
  } catch (failed) {
    if (current()) $("core").textContent = String(failed.message || failed);
  }
}

/** Clears what the check and the core said. */
export function clearCheck() {
  $("core").textContent = "";
  $("check-result").textContent = "";
}

/** "Check": runs the setter's check on `text` (an n×n puzzle) and shows
    it in words and through `mark(marks)`: needed givens as `needed`,
    redundant ones as `redundant`, differing cells as `differs`, a core
    as `core`. */
export async function runCheck(solver, text, n, current, mark) {
  const out = $("check-result");
  out.textContent = "Checking every given\u2026";
  let answer;
  try {
    ({ answer } = await solver.ask("check", text));
  } catch (failed) {
    if (current()) out.textContent = String(failed.message || failed);
    return;
  }
  if (!current()) return;
  if (answer.error) {
    out.textContent = answer.error;
    return;
  }
  const names = (pairs) => pairs.map(([i, d]) => `${cellName(i, n)}=${d}`).join(" ");
  if (answer.status === "unique") {
    const { needed, redundant } = answer;
    out.textContent = redundant.length === 0
      ? `Unique, and every one of the ${count(needed.length, "given", "givens")} is needed (outlined in green): the puzzle is minimal.`
      : `Unique. ${count(needed.length, "given is", "givens are")} needed (green); ${count(redundant.length, "given is", "givens are")} redundant, each alone (orange): ${names(redundant)}.`;
    mark({ needed: needed.map(([i]) => i), redundant: redundant.map(([i]) => i) });
  } else if (answer.status === "multiple") {
    out.textContent = `Several solutions: two differ in ${count(answer.differ.length, "cell", "cells")} (marked): a given in one of them would help.`;
    mark({ differs: answer.differ });
  } else {
    out.textContent = `${coreWords(answer.core, n)}.`;
    mark(coreMarks(answer.core));
  }
}
