// The page: reads the pasted puzzle, draws it, and asks the workers to
// solve it, list its true candidates, rate it and explain a cell.
//
// Test hook (keep it): opened as /?p=<URL-encoded puzzle line or
// f-puzzles payload>, the page solves the puzzle on load and writes the
// solution as one line of N² symbols into #solution-line and the status
// (unique, multiple, none, or an error message) into #status.
import { clearCheck, runCheck, showCore } from "./check.js";
import { draw, cellAt, digitsOfLine, markCells } from "./draw.js";
import { ratingWords, showClauses } from "./words.js";
import { applyZoom } from "./zoom.js";
import { Editor, loaded, setupEditBar } from "./editor.js";
import { setupExamples } from "./examples.js";
import { applyHint, clearHints, drawHint, hideHint, hintShown, listSteps, nextHint } from "./hints.js";
import { setupMarks, showGlobal } from "./marks.js";
import { dropDraft, withDraft } from "./regions.js";
import { setupRulesText } from "./rulestext.js";
import { hideListed, showListed } from "./pasted.js";
import { deletePicked, hasPick, pick, pickAt, pickedCells, showRules } from "./picks.js";
import { showShare } from "./share.js";
import { Solver } from "./solver.js";
import { clearSteps, count, step } from "./steps.js";

const $ = (id) => document.getElementById(id);

// Two workers: `solver` reads, solves, links and explains, so a cell
// click is answered at once; `extras` works out the true candidates and
// the rating, which can take a minute on a hard puzzle, without holding
// up anything else. Solve is disabled only while the verdict is being
// worked out; Stop (or a new Solve) ends whatever runs.
const solver = new Solver(buttons);
const extras = new Solver(buttons);

// The run under way: a new Solve starts a new one, and the answers of an
// older run are dropped.
let run = 0;
let solving = false;

function buttons() {
  $("solve").disabled = solving;
  $("stop").disabled = !(solver.busy || extras.busy);
}

// What is on the board: the module's answers for the current puzzle.
// `marks`: cells a core or the setter's check marks (class → cells).
let board = { text: "", puzzle: null, solved: null, candidates: null, selected: null, marks: null };

// The drawing modes (marks.js), set up once the editor is.
let marks = null;

function redraw() {
  if (!board.puzzle) return;
  // A hint on view shows its own candidates, not the answer.
  const hinting = hintShown();
  const candidates = $("show-candidates").checked && !hinting ? board.candidates : null;
  applyZoom(board.puzzle.size);
  // Regions being painted show their draft until the layout is valid.
  draw($("board"), withDraft(board.puzzle), hinting ? null : board.solved, candidates, board.selected);
  markCells($("board"), board.puzzle.size, { ...board.marks, picked: pickedCells(board.puzzle) });
  drawHint($("board"), board.puzzle);
  marks?.showPlace();
}

function verdict(text, isError) {
  $("verdict").textContent = text;
  $("verdict").parentElement.classList.toggle("error", Boolean(isError));
}

/** Shows the final status in the test hook's two elements. */
function report(status, line) {
  $("status").textContent = status;
  $("solution-line").textContent = line || "";
}

// The line under the verdict that says what is still running after it:
// the step, how many there are, and the seconds so far.
let ticking = null;

function progress(text, step, steps) {
  clearInterval(ticking);
  ticking = null;
  if (!step) {
    $("progress").textContent = text;
    return;
  }
  const start = performance.now();
  const show = () => {
    const seconds = Math.floor((performance.now() - start) / 1000);
    $("progress").textContent = `${text} (step ${step} of ${steps}, ${seconds} s; Stop or Solve ends it)\u2026`;
  };
  show();
  ticking = setInterval(show, 1000);
}

const WORDS = {
  unique: "One solution: the puzzle is unique.",
  multiple: "Several solutions: the cells in yellow differ in a second solution (its digit small, bottom right).",
  none: "No solution: the rules and givens contradict each other.",
};

/** Ends whatever runs: the verdict's work, a cell's clauses, the
    candidates and the rating. Returns whether anything was running. */
function stopAll() {
  const a = solver.stop();
  const b = extras.stop();
  return a || b;
}

/** Clears what was shown of the puzzle before: the hook, the progress
    line, the links, rating, rules, a cell's clauses and the solutions
    listed. */
function clearAnswers() {
  report("", "");
  progress("");
  $("links").replaceChildren();
  $("rating").textContent = "";
  $("rules").replaceChildren();
  $("explain").replaceChildren();
  $("explain-title").textContent = "Clauses of a cell";
  $("timing").textContent = "";
  clearSteps();
  clearHints();
  clearCheck();
}

/** Solves the puzzle in the box, or with the box empty the one on the
    board; `chosen` (a link) solves one puzzle of several in the box. */
async function solve(chosen) {
  stopAll();
  const mine = ++run;
  const current = () => mine === run;
  // Solve is disabled while it works, which drops the focus to the
  // page's body: it goes back where it was when the verdict is in.
  const focused = document.activeElement;
  // An empty box solves the puzzle on the board (the fresh page's grid).
  const pasted = $("puzzle").value.trim() ? $("puzzle").value : board.text;
  const text = typeof chosen === "string" ? chosen : pasted;
  board = { text, puzzle: null, solved: null, candidates: null, selected: null, marks: null };
  clearAnswers();
  verdict("Reading\u2026");
  solving = true;
  buttons();
  try {
    const read = await solver.ask("read", text);
    if (!current()) return;
    if (read.answer.error) {
      verdict(read.answer.error, true);
      report(read.answer.error);
      $("board").replaceChildren();
      return;
    }
    board.puzzle = read.answer;
    if (typeof chosen !== "string") showListed(read.answer.listed, 0, (k) => solveOne(pasted, k, read.answer.listed));
    showRules(read.answer, redraw);
    // The editor takes the puzzle read, for the address, the share
    // links and undo.
    loaded.then(() => {
      if (current()) editor.adopt(read.answer.fpuzzles);
    }, () => {});
    redraw();
    verdict("Solving\u2026");
    const solved = await solver.ask("solve", text);
    if (!current()) return;
    if (solved.answer.error) {
      verdict(solved.answer.error, true);
      report(solved.answer.error);
      return;
    }
    board.solved = solved.answer;
    verdict(WORDS[solved.answer.status]);
    $("timing").textContent = `solved in ${solved.ms.toFixed(1)} ms; ${solved.answer.cross_check}`;
    report(solved.answer.status, solved.answer.solution);
    redraw();
  } catch (failed) {
    if (!current()) return;
    // Stopped, or the module did not load: say which.
    const message = String(failed.message || failed);
    verdict(message, true);
    report(message);
    return;
  } finally {
    if (current()) {
      solving = false;
      buttons();
      if (document.activeElement === document.body && focused && focused !== document.body) focused.focus();
    }
  }
  afterVerdict(text, current);
}

/** Solves puzzle k of the several in `pasted`, keeping the list. */
async function solveOne(pasted, k, listed) {
  try {
    const { answer } = await solver.ask("nth", pasted, k);
    if (answer.error) {
      verdict(answer.error, true);
      return;
    }
    showListed(listed, k, (j) => solveOne(pasted, j, listed));
    solve(answer.link);
  } catch (failed) {
    verdict(String(failed.message || failed), true);
  }
}

/** The work after the verdict: the links to the answer, then the true
    candidates and the rating on the other worker, with a line saying
    which is running. Stopping it leaves the verdict as it is. */
async function afterVerdict(text, current) {
  if (board.solved.status === "none") {
    // Why not: the smallest set of givens and constraints that clash.
    showCore(solver, text, board.puzzle.size, current, markAll);
  }
  if (board.solved.solution) {
    solver.ask("links", text, board.solved.solution).then((links) => {
      if (current() && !links.answer.error) showLinks(links.answer);
    }, () => {});
  }
  try {
    progress("Working out the true candidates", 1, 2);
    const candidates = await extras.ask("candidates", text);
    if (!current()) return;
    if (!candidates.answer.error) {
      board.candidates = candidates.answer;
      redraw();
    }
    progress("Rating the puzzle", 2, 2);
    const rated = await extras.ask("rate", text);
    if (!current()) return;
    progress("");
    $("rating").textContent = rated.answer.error ? rated.answer.error : ratingWords(rated.answer, board.puzzle.size);
  } catch (failed) {
    if (!current()) return;
    const message = String(failed.message || failed);
    progress(message === "stopped" ? "Candidates and rating stopped." : message);
  }
}

function showLinks(answer) {
  for (const [label, href] of [["Open the answer in f-puzzles", answer.link], ["in SudokuPad", answer.sudokupad]]) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = label;
    a.target = "_blank";
    a.rel = "noopener";
    $("links").appendChild(a);
  }
}

async function explainCell(index) {
  if (!board.puzzle) return;
  const mine = run;
  const n = board.puzzle.size;
  const name = `r${Math.floor(index / n) + 1}c${(index % n) + 1}`;
  select(index);
  $("explain-title").textContent = `Clauses of ${name}`;
  const box = $("explain");
  box.textContent = "\u2026";
  try {
    const { answer } = await solver.ask("explain", board.text, name);
    // A new puzzle since the click: its panel is not this answer's.
    if (mine !== run) return;
    showClauses(box, answer);
  } catch (stopped) {
    if (mine === run) box.textContent = String(stopped.message || stopped);
  }
}

async function downloadDimacs() {
  try {
    const { answer } = await solver.ask("dimacs", $("puzzle").value);
    if (answer.error) {
      verdict(answer.error, true);
      return;
    }
    const url = URL.createObjectURL(new Blob([answer.cnf], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "puzzle.cnf";
    a.click();
    URL.revokeObjectURL(url);
  } catch (stopped) {
    verdict(String(stopped.message || stopped), true);
  }
}

$("solve").addEventListener("click", solve);
$("stop").addEventListener("click", stopAll);
$("download").addEventListener("click", downloadDimacs);
$("show-candidates").addEventListener("change", redraw);
$("zoom").addEventListener("change", redraw);
$("board").addEventListener("click", (event) => {
  const index = cellAt(event);
  if (index === null || marks.drawing()) return;
  $("board").focus();
  explainCell(index);
});

// Editing on the board (editor.js): a change drops the answers of the
// puzzle before it and stops whatever still works on that puzzle.
const editor = new Editor((shared, cause) => {
  showShare(shared, cause === "start");
  showGlobal(shared.fpuzzles);
  $("undo").disabled = !editor.canUndo;
  $("redo").disabled = !editor.canRedo;
  if (cause === "load") return;
  if (solver.busy) solver.stop();
  if (extras.busy) extras.stop();
  run++;
  solving = false;
  buttons();
  const same = board.puzzle && board.puzzle.size === shared.size;
  const keep = same ? board.selected : null;
  // Regions painted on another puzzle do not carry over.
  if (cause !== "edit" || !same) dropDraft();
  board = { text: shared.link, puzzle: shared, solved: null, candidates: null, selected: keep, marks: null };
  clearAnswers();
  showRules(shared, redraw);
  if (cause === "edit") {
    $("puzzle").value = shared.link;
    hideListed();
  }
  verdict(cause === "start"
    ? "Type givens on the board, or paste a puzzle, and press Solve."
    : "Edited: press Solve to solve this puzzle.");
  redraw();
});

// Drawing constraints with the mouse and the keyboard, the global rules
// (marks.js) and rules in the rules language (rulestext.js).
marks = setupMarks(editor, () => board, (cell) => pickAt(board.puzzle, cell, redraw), redraw);
setupRulesText(editor);
const deleteRule = () => deletePicked(editor, board.puzzle, (words) => verdict(words, true));
$("delete-rule").addEventListener("click", deleteRule);
$("rules").addEventListener("keydown", (event) => {
  const item = event.target.closest("li[data-rule]");
  if (!item) return;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    pick(Number(item.dataset.rule), redraw);
  } else if ((event.key === "Delete" || event.key === "Backspace") && hasPick()) {
    event.preventDefault();
    deleteRule();
  }
});
$("draw-mode").addEventListener("change", () => $("board").classList.toggle("draws", marks.drawing()));

/** Says the selected cell for a screen reader: its name and what it
    holds. */
function sayCell(index) {
  const n = board.puzzle.size;
  const given = board.puzzle.givens[index];
  const line = board.solved && board.solved.solution;
  const solved = line ? digitsOfLine(line, n)[index] : 0;
  const holds = given ? `given ${given}` : solved ? `solution ${solved}` : "empty";
  $("cell-said").textContent = `r${Math.floor(index / n) + 1}c${(index % n) + 1}: ${holds}`;
}

/** Selects a cell, changing only its square and the one selected before
    (a whole redraw of a 64×64 board is too slow for every arrow key). */
function select(index) {
  sayCell(index);
  const before = board.selected;
  board.selected = index;
  editor.moved();
  for (const i of [before, index]) {
    if (i === null || i === undefined) continue;
    const square = $("board").querySelector(`rect[data-cell="${i}"]`);
    if (square && !square.classList.contains("differs")) square.classList.toggle("selected", i === index);
  }
}

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

$("board").addEventListener("keydown", (event) => {
  if (!board.puzzle || event.ctrlKey || event.metaKey || event.altKey) return;
  if (editor.ready && marks.key(event, board.selected)) {
    event.preventDefault();
    return;
  }
  const n = board.puzzle.size;
  const move = MOVES[event.key];
  if (move) {
    event.preventDefault();
    if (board.selected === null) {
      select(0);
      return;
    }
    const r = Math.min(n - 1, Math.max(0, Math.floor(board.selected / n) + move[0]));
    const c = Math.min(n - 1, Math.max(0, (board.selected % n) + move[1]));
    select(r * n + c);
    return;
  }
  // Delete with a rule picked deletes the rule, not the cell's given.
  if ((event.key === "Delete" || event.key === "Backspace") && hasPick() && $("draw-mode").value === "pick" && editor.shared) {
    event.preventDefault();
    deleteRule();
    return;
  }
  if (board.selected !== null && editor.ready && editor.shared && editor.key(board.selected, event.key)) {
    event.preventDefault();
  }
});

// Ctrl+Enter solves, from anywhere on the page (the text box too).
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
    event.preventDefault();
    solve();
  }
});

// Undo and redo, the keys and the buttons, and a new empty grid
// (editor.js).
setupEditBar(editor, (words) => verdict(words, true));

// Counting and stepping (steps.js): the board shows one listed solution
// at a time, the cells where it differs from the first in yellow.
const showStep = (view) => {
  board.solved = view;
  redraw();
};
$("count").addEventListener("click", () => {
  if (!board.puzzle) return;
  const mine = run;
  count(solver, board.text, board.puzzle.size, () => mine === run, showStep);
});
$("previous").addEventListener("click", () => step(-1, showStep));

// Understanding the puzzle on the board: hints (hints.js), the setter's
// check and the core of a puzzle with no solution (check.js).
function markAll(marks) {
  board.marks = marks;
  redraw();
}
const asked = () => {
  const mine = run;
  return () => mine === run;
};
$("hint").addEventListener("click", () => board.puzzle && nextHint(solver, board.text, asked(), redraw));
$("apply").addEventListener("click", () => applyHint(redraw));
$("hide-hint").addEventListener("click", () => hideHint(redraw));
$("all-steps").addEventListener("click", () => board.puzzle && listSteps(solver, board.text, asked(), redraw));
$("check").addEventListener("click", () => board.puzzle && runCheck(solver, board.text, board.puzzle.size, asked(), markAll));
$("next").addEventListener("click", () => step(1, showStep));

// An example puzzle, picked from the list: read into the box and solved.
setupExamples($("examples"), (text) => {
  $("puzzle").value = text;
  solve();
});

// `?p=` is decoded with decodeURIComponent, not as a form, so the `+` of
// an f-puzzles payload written unencoded stays a `+`.
const param = /[?&]p=([^&]*)/.exec(location.search);
if (param) {
  let text;
  try {
    text = decodeURIComponent(param[1]);
  } catch (_) {
    text = null;
  }
  if (text === null) {
    verdict("the p parameter is not valid URL encoding", true);
    report("the p parameter is not valid URL encoding");
  } else {
    $("puzzle").value = text;
    solve();
  }
} else {
  // A fresh page shows an empty 9×9 grid to type into.
  loaded.then(() => {
    if (!board.puzzle) editor.blank(9, 3, 3, "start");
  }, () => {});
}
