// The board as a workbench: the puzzle being edited, kept as f-puzzles
// JSON and read back by the library after every change (so the library,
// not the page, decides what the puzzle is), givens typed into cells, a
// new empty puzzle of any shape, and undo and redo over every change.

let wasm = null;

/** The module on the page's thread, for edits: an edit is answered at
    once, never behind a long solve in a worker. A module that does not
    load is reported by the workers; editing then stays off. */
export const loaded = import("./pkg/sudoku_sat_web.js").then(async (m) => {
  await m.default();
  m.init();
  wasm = m;
  return m;
});
loaded.catch(() => {});

/** Returns the value a key gives a cell of an n×n grid: digits, and past
    9 the letters A (10) to Z (35); `typed` is the cell's value typed just
    before, so that 1 then 2 gives 12 where the side allows it. Returns
    null for a key that sets nothing. */
export function valueOfKey(key, n, typed) {
  if (/^[0-9]$/.test(key)) {
    const d = Number(key);
    if (typed && typed * 10 + d <= n) return typed * 10 + d;
    return d >= 1 && d <= n ? d : null;
  }
  if (/^[a-zA-Z]$/.test(key) && n > 9) {
    const value = key.toUpperCase().charCodeAt(0) - 55;
    return value <= n ? value : null;
  }
  return null;
}

/** The block shapes (rows × columns) a side allows, the f-puzzles
    default first: the tallest rows ≤ columns, as the library picks. */
export function blockShapes(side) {
  const shapes = [];
  for (let rows = 1; rows <= side; rows++) {
    if (side % rows === 0) shapes.push([rows, side / rows]);
  }
  const square = shapes.filter(([r, c]) => r <= c).pop();
  return [square, ...shapes.filter((s) => s !== square)];
}

export class Editor {
  /** onChange(shared, cause) is called after every change with the
      module's `share` answer; cause is "edit" (a change on the board,
      undo or redo), "load" (a puzzle read from the text box) or "start"
      (the empty grid of a fresh page). */
  constructor(onChange) {
    this.onChange = onChange;
    this.history = [];
    this.at = -1;
    this.shared = null;
    this.typed = null;
  }

  get ready() {
    return wasm !== null;
  }

  get canUndo() {
    return this.at > 0;
  }

  get canRedo() {
    return this.at + 1 < this.history.length;
  }

  /** Reads `json` (f-puzzles JSON text) with the library and shows it;
      `push` records it for undo. Returns an error message or null. */
  show(json, push, cause) {
    const shared = JSON.parse(wasm.share(json));
    if (shared.error) return shared.error;
    if (push) {
      const canonical = JSON.stringify(shared.fpuzzles);
      if (this.history[this.at] !== canonical) {
        this.history.length = this.at + 1;
        this.history.push(canonical);
        this.at++;
      }
    }
    this.shared = shared;
    this.onChange(shared, cause);
    return null;
  }

  /** Takes the puzzle read from the text box (its f-puzzles JSON). */
  adopt(fpuzzles) {
    this.typed = null;
    return this.show(JSON.stringify(fpuzzles), true, "load");
  }

  /** Starts an empty puzzle of side `side` with `rows` × `cols` blocks. */
  blank(side, rows, cols, cause = "edit") {
    const answer = JSON.parse(wasm.blank(side, rows, cols));
    if (answer.error) return answer.error;
    this.typed = null;
    return this.show(JSON.stringify(answer.fpuzzles), true, cause);
  }

  /** Applies `mutate` to a copy of the puzzle's f-puzzles JSON and
      shows the result: every edit goes through here. */
  change(mutate) {
    const f = structuredClone(this.shared.fpuzzles);
    mutate(f);
    return this.show(JSON.stringify(f), true, "edit");
  }

  /** Adds rules written in the rules language (what a rules file holds
      after its grid: `define` and `[[rule]]` tables) to the puzzle, an
      edit like any other. Returns the library's message, with the line
      and column in `text`, or null. */
  addRules(text) {
    const answer = JSON.parse(wasm.add_rules(JSON.stringify(this.shared.fpuzzles), text));
    if (answer.error) return answer.error;
    return this.show(JSON.stringify(answer.fpuzzles), true, "edit");
  }

  /** Sets the given of a cell (0 clears it). */
  setGiven(index, value) {
    const n = this.shared.size;
    return this.change((f) => {
      const cell = f.grid[Math.floor(index / n)][index % n];
      if (value) {
        cell.value = value;
        cell.given = true;
      } else {
        delete cell.value;
        delete cell.given;
      }
    });
  }

  /** Handles a key pressed on the selected cell: a digit or letter sets
      its given, Delete or Backspace clears it. Returns whether the key
      was one of those. */
  key(index, key) {
    if (!this.shared) return false;
    if (key === "Delete" || key === "Backspace") {
      this.typed = null;
      this.setGiven(index, 0);
      return true;
    }
    const typed = this.typed && this.typed.index === index ? this.typed.value : null;
    const value = valueOfKey(key, this.shared.size, typed);
    if (value === null) return /^[0-9a-zA-Z]$/.test(key);
    this.typed = { index, value };
    this.setGiven(index, value);
    return true;
  }

  /** Forgets the value being typed (the selection moved). */
  moved() {
    this.typed = null;
  }

  undo() {
    if (!this.canUndo) return;
    this.typed = null;
    this.at--;
    this.show(this.history[this.at], false, "edit");
  }

  redo() {
    if (!this.canRedo) return;
    this.typed = null;
    this.at++;
    this.show(this.history[this.at], false, "edit");
  }
}

const $ = (id) => document.getElementById(id);

/** Wires undo and redo (the buttons, Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z)
    and the new grid's side, blocks and button to `editor`; `say(words)`
    shows what a new grid cannot be. */
export function setupEditBar(editor, say) {
  // Undo and redo from the keyboard, but not inside the text box, whose own
  // undo they would take over.
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || ["TEXTAREA", "INPUT", "SELECT"].includes(event.target.tagName)) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) {
      event.preventDefault();
      editor.undo();
    } else if (key === "y" || (key === "z" && event.shiftKey)) {
      event.preventDefault();
      editor.redo();
    }
  });
  $("undo").addEventListener("click", () => editor.undo());
  $("redo").addEventListener("click", () => editor.redo());

  /** Lists the block shapes the side in the box allows. */
  function fillBlockShapes() {
    const side = Number($("new-side").value);
    const shapes = side >= 4 && side <= 64 ? blockShapes(side) : [];
    $("new-blocks").replaceChildren(...shapes.map(([r, c]) => {
      const option = document.createElement("option");
      option.value = `${r}x${c}`;
      option.textContent = `${r}\u00d7${c}`;
      return option;
    }));
  }
  $("new-side").addEventListener("input", fillBlockShapes);
  fillBlockShapes();
  $("new").addEventListener("click", async () => {
    await loaded;
    const side = Number($("new-side").value);
    const [rows, cols] = ($("new-blocks").value || "0x0").split("x").map(Number);
    const error = editor.blank(side, rows, cols);
    if (error) say(error);
  });
}
