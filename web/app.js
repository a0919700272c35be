// The page: reads the pasted puzzle, draws it, and asks the worker to
// solve it, list its true candidates, rate it and explain a cell.
//
// Test hook (keep it): opened as /?p=<URL-encoded puzzle line or
// f-puzzles payload>, the page solves the puzzle on load and writes the
// solution as one line of N² symbols into #solution-line and the status
// (unique, multiple, none, or an error message) into #status.
import { draw, cellAt } from "./draw.js";
import { Solver } from "./solver.js";

const $ = (id) => document.getElementById(id);
const solver = new Solver((busy) => {
  $("stop").disabled = !busy;
  $("solve").disabled = busy;
});

// What is on the board: the module's answers for the current puzzle.
let board = { text: "", puzzle: null, solved: null, candidates: null, selected: null };

function redraw() {
  if (!board.puzzle) return;
  const candidates = $("show-candidates").checked ? board.candidates : null;
  draw($("board"), board.puzzle, board.solved, candidates, board.selected);
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

const WORDS = {
  unique: "One solution: the puzzle is unique.",
  multiple: "Several solutions: the cells in yellow differ in a second solution (its digit small, bottom right).",
  none: "No solution: the rules and givens contradict each other.",
};

async function solve() {
  const text = $("puzzle").value;
  board = { text, puzzle: null, solved: null, candidates: null, selected: null };
  report("", "");
  $("links").replaceChildren();
  $("rating").textContent = "";
  $("rules").replaceChildren();
  $("explain").replaceChildren();
  $("timing").textContent = "";
  verdict("Reading\u2026");
  try {
    const read = await solver.ask("read", text);
    if (read.answer.error) {
      verdict(read.answer.error, true);
      report(read.answer.error);
      $("board").replaceChildren();
      return;
    }
    board.puzzle = read.answer;
    for (const sentence of read.answer.rules) {
      const item = document.createElement("li");
      item.textContent = sentence;
      $("rules").appendChild(item);
    }
    for (const key of read.answer.ignored) {
      const item = document.createElement("li");
      item.textContent = `${key}: drawn only, not a rule; not enforced`;
      $("rules").appendChild(item);
    }
    redraw();
    verdict("Solving\u2026");
    const solved = await solver.ask("solve", text);
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
    if (solved.answer.solution) {
      const links = await solver.ask("links", text, solved.answer.solution);
      if (!links.answer.error) showLinks(links.answer);
    }
    const candidates = await solver.ask("candidates", text);
    if (!candidates.answer.error) {
      board.candidates = candidates.answer;
      redraw();
    }
    const rated = await solver.ask("rate", text);
    $("rating").textContent = rated.answer.error ? rated.answer.error : ratingWords(rated.answer);
  } catch (stopped) {
    verdict(String(stopped.message || stopped), true);
    if (!$("status").textContent) report("stopped");
  }
}

function ratingWords(r) {
  const fixed = (n) => `${n ?? 0} of ${board.puzzle.size ** 2} cells`;
  switch (r.level) {
    case "propagation": return "Rating: propagation (unit propagation alone, naked and hidden singles, solves it).";
    case "probing": return `Rating: probing (propagation fixes ${fixed(r.propagated)}; failed-literal probing the rest).`;
    default: return `Rating: search (propagation fixes ${fixed(r.propagated)}; ${r.decisions} decisions, ${r.conflicts} conflicts${r.gave_up ? ", gave up at the limit" : ""}).`;
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
  const n = board.puzzle.size;
  const name = `r${Math.floor(index / n) + 1}c${(index % n) + 1}`;
  board.selected = index;
  redraw();
  $("explain-title").textContent = `Clauses of ${name}`;
  const box = $("explain");
  box.textContent = "\u2026";
  try {
    const { answer } = await solver.ask("explain", board.text, name);
    box.replaceChildren();
    if (answer.error) {
      box.textContent = answer.error;
      return;
    }
    const intro = document.createElement("p");
    intro.textContent = `${answer.target} appears in ${answer.families.reduce((s, f) => s + f.clauses.length, 0)} of the formula's ${answer.clauses} clauses over ${answer.variables} variables.`;
    box.appendChild(intro);
    for (const family of answer.families) {
      const h = document.createElement("h3");
      h.textContent = `${family.family} (${family.clauses.length} of ${family.total})`;
      const list = document.createElement("ol");
      for (const clause of family.clauses.slice(0, 40)) {
        const li = document.createElement("li");
        const code = document.createElement("code");
        code.textContent = `${clause.dimacs.join(" ")} 0`;
        li.append(clause.words, " ", code);
        list.appendChild(li);
      }
      box.append(h, list);
    }
  } catch (stopped) {
    box.textContent = String(stopped.message || stopped);
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
$("stop").addEventListener("click", () => solver.stop());
$("download").addEventListener("click", downloadDimacs);
$("show-candidates").addEventListener("change", redraw);
$("board").addEventListener("click", (event) => {
  const index = cellAt(event);
  if (index !== null) explainCell(index);
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
}
