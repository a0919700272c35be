// Drawing on the board with the mouse (or a finger) and the keyboard:
// the mode menu picks what a drag, a click or a key makes (shapes.js:
// cages, lines, arrows, extra regions, clones, cell marks; edges.js:
// dots, X and V; clues.js: clues outside the grid; regions.js: jigsaw
// regions), and the global rules are toggles. Each is an edit of the
// puzzle's f-puzzles JSON, so undo, the address and the share links
// follow.

import { S } from "./draw.js";
import { EDGE_MODES, edgeAt, neighbours, toggleEdge } from "./edges.js";
import { CLUE_KEYS, forgetPlace, isPlace, keepTyped, pickPlace, pickedPlace, typed, typedSoFar, writeClue } from "./clues.js";
import { dropDraft, paint } from "./regions.js";
import { CELL_KEYS, LINE_KEYS, cloneOf, forgetClone, isDrag, itemOf, toggleCellMark } from "./shapes.js";

const $ = (id) => document.getElementById(id);

/** The global rules, by their f-puzzles keys. */
const GLOBAL = ["diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups"];

/** The mode menu: groups of [value, words]. */
const MODES = [
  ["Cells", [["givens", "nothing: it selects a cell"], ["pick", "pick a rule to delete (click again: the next)"], ["erase", "erase: a click removes what uses the cell"]]],
  ["Shapes (drag)", [["killercage", "killer cages (total from the value box)"], ["arrow", "arrows (circle first)"], ["extraregion", "extra regions"], ["clone", "clones (the shape, then its copy)"], ["regions", "regions: paint cells into region k (the value box)"]]],
  ["Lines (drag)", Object.entries(LINE_KEYS)],
  ["Between two cells (click the edge)", Object.entries(EDGE_MODES).map(([k, m]) => [k, m.label])],
  ["Outside the grid (click, then type)", Object.entries(CLUE_KEYS)],
  ["On a cell (click)", CELL_KEYS.map((k) => [k, { even: "even cells", odd: "odd cells", minimum: "minimum cells", maximum: "maximum cells" }[k]])],
];

const name = (index, n) => `R${Math.floor(index / n) + 1}C${(index % n) + 1}`;

/** Returns the f-puzzles JSON `f` less every item that uses the cell
    named `cell` (a shape, a line, a dot, a mark). */
export function eraseAt(f, cell) {
  for (const [key, items] of Object.entries(f)) {
    if (key === "grid" || key === "solution" || !Array.isArray(items)) continue;
    const kept = items.filter((item) => {
      if (!item || typeof item !== "object") return true;
      const cells = [...(item.cells || []), ...(item.lines || []).flat(), ...(item.cloneCells || []), item.cell];
      return !cells.some((c) => typeof c === "string" && c.toUpperCase() === cell);
    });
    if (kept.length === items.length) continue;
    if (kept.length === 0) delete f[key];
    else f[key] = kept;
  }
}

/** Wires the drawing controls to `editor`; `board()` returns the page's
    board state (its puzzle); `onPick(cell)` is called for a click in
    "pick" mode, `redraw()` after a change that is no edit. Returns
    `{ drawing, key, showPlace }`: whether a mode other than givens is
    on (a click then draws or picks, not explains), the board's key
    handler (true: the key was taken), and the mark of the outside place
    picked, drawn again after each redraw. */
export function setupMarks(editor, board, onPick, redraw) {
  const svg = $("board");
  const select = $("draw-mode");
  select.replaceChildren(...MODES.map(([label, options]) => {
    const group = document.createElement("optgroup");
    group.label = label;
    for (const [value, words] of options) group.appendChild(new Option(words, value));
    return group;
  }));
  let path = null;
  const mode = () => select.value;
  const value = () => $("draw-value").value.trim();
  const say = (text) => ($("draw-note").textContent = text);
  const size = () => board().puzzle.size;

  const cellUnder = (event) => {
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    const at = hit && hit.getAttribute("data-cell");
    return at === null || at === undefined ? null : Number(at);
  };
  // The board point under the pointer, in cells from the grid's corner.
  const pointAt = (event) => {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    return [p.x / S - 1, p.y / S - 1];
  };
  const mark = (index, on) => {
    const square = svg.querySelector(`rect[data-cell="${index}"]`);
    if (square) square.classList.toggle("drawing", on);
  };
  const change = (mutate) => {
    const error = editor.change(mutate);
    say(error || "");
    return error;
  };

  /** A click (or Space) on cell `at` in a mode that takes one. */
  const clickCell = (at) => {
    const key = mode();
    if (key === "pick") onPick(at);
    else if (key === "erase") change((f) => eraseAt(f, name(at, size())));
    else if (CELL_KEYS.includes(key)) change((f) => toggleCellMark(f, key, name(at, size())));
    else return false;
    return true;
  };
  /** Picks the outside place (r, c), 1-based, for the clue mode on. */
  const pickOutside = (r, c) => {
    const key = mode(), n = size();
    if (!isPlace(key, r, c, n)) return false;
    const turned = pickPlace(key, r, c, n);
    const text = typedSoFar(editor.shared.fpuzzles);
    if (turned && text !== "") change((f) => writeClue(f, text));
    else redraw();
    const way = pickedPlace().direction ? ` (diagonal ${pickedPlace().direction})` : "";
    say(`R${r}C${c} picked${way}: type its number; Delete removes it.`);
    svg.focus();
    return true;
  };
  const start = (at) => {
    path = [at];
    mark(at, true);
  };
  const extend = (at) => {
    if (path.includes(at)) return;
    path.push(at);
    mark(at, true);
  };
  const finish = () => {
    if (!path) return;
    const n = size();
    const cells = path.map((i) => name(i, n));
    for (const i of path) mark(i, false);
    const painted = path;
    path = null;
    const key = mode();
    if (key === "regions") {
      say(paint(board().puzzle, painted, Number(value()), (m) => editor.change(m)));
      redraw();
      return;
    }
    const item = key === "clone" ? cloneOf(cells, say) : itemOf(key, cells, value());
    if (item) change((f) => (f[key] = [...(f[key] || []), item]));
  };

  svg.addEventListener("pointerdown", (event) => {
    if (mode() === "givens" || !editor.shared) return;
    const key = mode();
    if (key in EDGE_MODES) {
      const [x, y] = pointAt(event);
      const pair = edgeAt(x, y, size());
      event.preventDefault();
      if (pair) change((f) => toggleEdge(f, key, name(pair[0], size()), name(pair[1], size()), value()));
      return;
    }
    if (key in CLUE_KEYS) {
      const [x, y] = pointAt(event);
      event.preventDefault();
      pickOutside(Math.floor(y) + 1, Math.floor(x) + 1);
      return;
    }
    const at = cellUnder(event);
    if (at === null) return;
    event.preventDefault();
    svg.focus();
    if (clickCell(at)) return;
    svg.setPointerCapture(event.pointerId);
    start(at);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!path) return;
    const at = cellUnder(event);
    if (at !== null) extend(at);
  });
  svg.addEventListener("pointerup", finish);
  svg.addEventListener("pointercancel", finish);

  select.addEventListener("change", () => {
    for (const i of path || []) mark(i, false);
    path = null;
    forgetClone();
    forgetPlace();
    say("");
    redraw();
  });

  /** The board's keys for drawing: [ and ] step through the modes; in a
      mode, Space adds the selected cell to a path (Enter ends it,
      Escape drops it) or clicks it, Shift+arrow puts a mark on the edge
      toward the neighbour or picks the place outside, and digits type
      an outside clue's number. */
  const key = (event, selected) => {
    if (event.key === "[" || event.key === "]") {
      const options = [...select.options];
      const at = options.findIndex((o) => o.value === mode());
      select.value = options[(at + (event.key === "]" ? 1 : options.length - 1)) % options.length].value;
      select.dispatchEvent(new Event("change"));
      say(`The mouse draws: ${select.selectedOptions[0].textContent}.`);
      return true;
    }
    const current = mode();
    if (current === "givens" || !editor.shared) return false;
    const arrow = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (current in CLUE_KEYS) {
      if (arrow && event.shiftKey && selected !== null) {
        const n = size();
        return pickOutside(Math.floor(selected / n) + 1 + arrow[0], (selected % n) + 1 + arrow[1]) || true;
      }
      if (!pickedPlace()) return false;
      const text = typed(typedSoFar(editor.shared.fpuzzles), event.key);
      if (text === null) return false;
      keepTyped(text);
      const error = change((f) => writeClue(f, text));
      if (error) say(`${error} (keep typing, or Delete)`);
      return true;
    }
    if (selected === null) return false;
    if (current in EDGE_MODES) {
      if (!arrow || !event.shiftKey) return false;
      const n = size();
      const pair = neighbours(selected, arrow[0], arrow[1], n);
      if (pair) change((f) => toggleEdge(f, current, name(pair[0], n), name(pair[1], n), value()));
      return true;
    }
    if (event.key === " " || (event.key === "Enter" && !path)) {
      if (clickCell(selected)) return true;
      if (!isDrag(current) && current !== "regions") return false;
      if (path) extend(selected);
      else start(selected);
      return true;
    }
    if (event.key === "Enter" && path) {
      finish();
      return true;
    }
    if (event.key === "Escape" && path) {
      for (const i of path) mark(i, false);
      path = null;
      return true;
    }
    return false;
  };

  /** Marks the outside place picked, over the board. */
  const showPlace = () => {
    svg.querySelector("rect.place")?.remove();
    const place = pickedPlace();
    if (!place || !(mode() in CLUE_KEYS)) return;
    const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [k, v] of Object.entries({ class: "place", x: place.c * S, y: place.r * S, width: S, height: S, "pointer-events": "none" })) rect.setAttribute(k, v);
    svg.appendChild(rect);
  };

  for (const key of GLOBAL) {
    $(`rule-${key}`).addEventListener("change", (event) => {
      editor.change((f) => {
        if (event.target.checked) f[key] = true;
        else delete f[key];
      });
    });
  }
  return { drawing: () => mode() !== "givens", key, showPlace, dropDraft };
}

/** Shows the global rules of a puzzle's f-puzzles JSON in the toggles. */
export function showGlobal(fpuzzles) {
  for (const key of GLOBAL) $(`rule-${key}`).checked = Boolean(fpuzzles[key]);
}
