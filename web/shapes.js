// What a drag across cells, or a click on one, makes in each drawing
// mode: the f-puzzles item of a cage, a thermometer, an arrow, a line of
// any kind the library reads, an extra region, a clone pair (two drags),
// or a mark on one cell (even, odd, minimum, maximum).

/** The line kinds, by f-puzzles key, each drawn as a drag from its
    first cell to its last (with the words the mode menu shows). */
export const LINE_KEYS = {
  thermometer: "thermometers (bulb first)",
  slowthermometer: "slow thermometers (bulb first)",
  whispers: "German whispers (difference from the value box; empty: 5 on 9×9)",
  renban: "renban lines",
  palindrome: "palindromes",
  betweenline: "between lines (circle to circle)",
  regionsumline: "region-sum lines",
  lockout: "lockout lines (diamond to diamond)",
  entropicline: "entropic lines",
  modularline: "modular lines",
  zipperline: "zipper lines",
  nabner: "nabner lines",
  doublearrow: "double arrows (end to end)",
};

/** Marks on one cell, made by a click (again: removed). */
export const CELL_KEYS = ["even", "odd", "minimum", "maximum"];

/** The fewest cells each drag mode takes. */
const FEWEST = { killercage: 1, extraregion: 1, clone: 1, betweenline: 3, lockout: 3, doublearrow: 3 };

/** Returns the f-puzzles item a drag over `cells` (names, in drag order)
    makes in `mode`, or null when it is too short; `value` is the value
    box's text (a cage's total, a whisper's difference). */
export function itemOf(mode, cells, value) {
  if (cells.length < (FEWEST[mode] ?? 2)) return null;
  if (mode === "killercage") {
    const cage = { cells };
    if (value !== "") cage.value = value;
    return cage;
  }
  if (mode === "extraregion") return { cells };
  // An arrow: its circle the first cell, its shaft from there on.
  if (mode === "arrow") return { cells: [cells[0]], lines: [cells] };
  if (mode === "whispers" && value !== "") return { lines: [cells], value: Number(value) };
  if (mode in LINE_KEYS) return { lines: [cells] };
  return null;
}

/** Returns whether `mode` is drawn by a drag across cells. */
export function isDrag(mode) {
  return ["killercage", "arrow", "extraregion", "clone"].includes(mode) || mode in LINE_KEYS;
}

/** Toggles the mark of `key` (even, odd, minimum, maximum) on the cell
    named `cell` in f-puzzles JSON `f`: a cell holds one parity and one
    extreme, so the other is taken off. */
export function toggleCellMark(f, key, cell) {
  const had = (f[key] || []).some((item) => item.cell === cell);
  const pair = { even: "odd", odd: "even", minimum: "maximum", maximum: "minimum" }[key];
  for (const k of [key, pair]) {
    if (!f[k]) continue;
    f[k] = f[k].filter((item) => item.cell !== cell);
    if (f[k].length === 0) delete f[k];
  }
  if (!had) f[key] = [...(f[key] || []), { cell }];
}

/** A clone is two drags: the first shape is kept here until the second,
    of as many cells, makes the pair. */
let cloneFirst = null;

/** Takes a drag in clone mode: returns the pair's item once the second
    shape is drawn, or null (then `say` tells what comes next). */
export function cloneOf(cells, say) {
  if (!cloneFirst) {
    cloneFirst = cells;
    say(`Clone: now drag its copy, ${cells.length} cell${cells.length === 1 ? "" : "s"} in the same order.`);
    return null;
  }
  const first = cloneFirst;
  cloneFirst = null;
  if (first.length !== cells.length) {
    say(`The copy has ${cells.length} cells, the shape ${first.length}: drag the shape again.`);
    return null;
  }
  say("");
  return { cells: first, cloneCells: cells };
}

/** Forgets a clone's first shape (another mode was picked). */
export function forgetClone() {
  cloneFirst = null;
}
