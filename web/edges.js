// Kropki dots (white: difference, black: ratio) and X and V between two
// neighbouring cells: a click near the edge they share, or Shift and an
// arrow key from the selected cell. The same mark again removes it.

/** The edge modes: f-puzzles key, and the value a mode writes. */
export const EDGE_MODES = {
  difference: { key: "difference", label: "white kropki dots (difference from the value box, else 1)" },
  ratio: { key: "ratio", label: "black kropki dots (ratio from the value box, else 2)" },
  x: { key: "xv", value: "X", label: "X (the two cells add up to 10)" },
  v: { key: "xv", value: "V", label: "V (the two cells add up to 5)" },
};

/** Returns the two cells (0-based indices of an n×n grid) whose shared
    edge is nearest to the board point (x, y), in cell units from the
    grid's top-left corner, or null outside the grid. */
export function edgeAt(x, y, n) {
  const r = Math.floor(y), c = Math.floor(x);
  if (r < 0 || c < 0 || r >= n || c >= n) return null;
  const dx = x - c, dy = y - r;
  const sides = [[dy, -1, 0], [1 - dy, 1, 0], [dx, 0, -1], [1 - dx, 0, 1]];
  const [, dr, dc] = sides.sort((a, b) => a[0] - b[0])[0];
  return neighbours(r * n + c, dr, dc, n);
}

/** Returns [cell, its neighbour one step (dr, dc) away], or null when
    that step leaves the grid. */
export function neighbours(at, dr, dc, n) {
  const r = Math.floor(at / n) + dr, c = (at % n) + dc;
  if (r < 0 || c < 0 || r >= n || c >= n) return null;
  return [at, r * n + c];
}

/** Puts the mark of edge mode `mode` between cells a and b (names) in
    f-puzzles JSON `f`, replacing any mark of its key there; the same
    mark again removes it. `value` is the value box's text. */
export function toggleEdge(f, mode, a, b, value) {
  const { key, value: fixed } = EDGE_MODES[mode];
  const on = (item) => item.cells.length === 2 && item.cells.includes(a) && item.cells.includes(b);
  const item = { cells: [a, b] };
  if (fixed) item.value = fixed;
  else if (value !== "") item.value = value;
  const before = (f[key] || []).find(on);
  const same = before && String(before.value ?? "") === String(item.value ?? "");
  f[key] = (f[key] || []).filter((x) => !on(x));
  if (!same) f[key].push(item);
  if (f[key].length === 0) delete f[key];
}
