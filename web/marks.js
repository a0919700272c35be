// Drawing constraints with the mouse (or a finger): killer cages with a
// total, thermometers and arrows dragged across cells, Erase to remove
// the constraints of a cell, and the global rules as toggles. Each is an
// edit of the puzzle's f-puzzles JSON, so undo, the address and the share
// links follow.

const $ = (id) => document.getElementById(id);

/** The global rules, by their f-puzzles keys. */
const GLOBAL = ["diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups"];

/** The drawn constraints a cell can belong to, by f-puzzles key. */
const DRAWN = ["killercage", "thermometer", "arrow"];

const name = (index, n) => `R${Math.floor(index / n) + 1}C${(index % n) + 1}`;

/** Returns the f-puzzles item a path of cells (names, in drag order)
    makes in `mode`, or null when it is too short. */
export function itemOf(mode, cells, total) {
  if (mode === "killercage") {
    const cage = { cells };
    if (total !== "") cage.value = total;
    return cage;
  }
  if (cells.length < 2) return null;
  if (mode === "thermometer") return { lines: [cells] };
  // An arrow: its circle the first cell, its shaft from there on.
  return { cells: [cells[0]], lines: [cells] };
}

/** Wires the drawing controls to `editor`; `board()` returns the page's
    board state (its puzzle's size); `onPick(cell)` is called for a click
    in "pick" mode. Returns `drawing()`, whether a mode other than givens
    is on (a click then draws or picks, not explains). */
export function setupMarks(editor, board, onPick) {
  const svg = $("board");
  let path = null;

  const mode = () => $("draw-mode").value;
  const cellUnder = (event) => {
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    const at = hit && hit.getAttribute("data-cell");
    return at === null || at === undefined ? null : Number(at);
  };
  const mark = (index, on) => {
    const square = svg.querySelector(`rect[data-cell="${index}"]`);
    if (square) square.classList.toggle("drawing", on);
  };

  svg.addEventListener("pointerdown", (event) => {
    if (mode() === "givens" || !editor.shared) return;
    const at = cellUnder(event);
    if (at === null) return;
    event.preventDefault();
    if (mode() === "pick") {
      svg.focus();
      onPick(at);
      return;
    }
    if (mode() === "erase") {
      const cell = name(at, board().puzzle.size);
      editor.change((f) => {
        for (const key of DRAWN) {
          if (!f[key]) continue;
          f[key] = f[key].filter((item) => ![...(item.cells || []), ...(item.lines || []).flat()].includes(cell));
          if (f[key].length === 0) delete f[key];
        }
      });
      return;
    }
    svg.setPointerCapture(event.pointerId);
    path = [at];
    mark(at, true);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!path) return;
    const at = cellUnder(event);
    if (at === null || path.includes(at)) return;
    path.push(at);
    mark(at, true);
  });
  const finish = () => {
    if (!path) return;
    const n = board().puzzle.size;
    const cells = path.map((i) => name(i, n));
    for (const i of path) mark(i, false);
    path = null;
    const key = mode();
    const item = itemOf(key, cells, $("cage-total").value.trim());
    if (item) editor.change((f) => (f[key] = [...(f[key] || []), item]));
  };
  svg.addEventListener("pointerup", finish);
  svg.addEventListener("pointercancel", finish);

  for (const key of GLOBAL) {
    $(`rule-${key}`).addEventListener("change", (event) => {
      editor.change((f) => {
        if (event.target.checked) f[key] = true;
        else delete f[key];
      });
    });
  }
  return () => mode() !== "givens";
}

/** Shows the global rules of a puzzle's f-puzzles JSON in the toggles. */
export function showGlobal(fpuzzles) {
  for (const key of GLOBAL) $(`rule-${key}`).checked = Boolean(fpuzzles[key]);
}
