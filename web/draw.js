// Draws a puzzle as SVG: cells, blocks, clones, the variant marks the solver
// supports (from the puzzle's f-puzzles JSON, which the WebAssembly module
// writes for every format it reads), givens, a solution, the cells where a
// second solution differs, and candidates.

/** A cell's side in SVG units; one cell of margin all round. */
export const S = 40;
const NS = "http://www.w3.org/2000/svg";

/** Returns the symbols of a solution line as numbers (0 for a blank). */
export function digitsOfLine(line, size) {
  if (!line) return null;
  if (size > 25) return line.trim().split(/\s+/).map(Number);
  return [...line].map((ch) => {
    if (ch >= "1" && ch <= "9") return ch.charCodeAt(0) - 48;
    if (ch >= "A" && ch <= "Z") return ch.charCodeAt(0) - 55;
    return 0;
  });
}

function el(parent, name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

/** Returns [row, col], 0-based, of a name such as "R1C3" (R0 and Rn+1
    name the outside clues' cells). */
function rc(name) {
  const m = /^R(\d+)C(\d+)$/i.exec(name);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : [NaN, NaN];
}

function centre([r, c]) {
  return [S + c * S + S / 2, S + r * S + S / 2];
}

function points(cells) {
  return cells.map((n) => centre(rc(n)).join(",")).join(" ");
}

const LINE_COLOURS = {
  whispers: "#58b368",
  renban: "#c26bd6",
  palindrome: "#9aa3b0",
  betweenline: "#6fa3e6",
  regionsumline: "#3a7bd5",
  slowthermometer: "#8c8c8c",
  lockout: "#d98b2b",
  entropicline: "#e0a800",
  modularline: "#2aa198",
  zipperline: "#b5651d",
  nabner: "#d94f70",
  doublearrow: "#555f6e",
};

// Clones are shaded cells, both shapes of a pair alike. SudokuPad's
// f-puzzles import shades every clone cell one grey; a colour per pair
// also shows which shapes belong together.
const CLONE_COLOURS = ["#f4a7a7", "#9fd3a8", "#a9c4f0", "#f2d48f", "#d2b0ec", "#9edbd8", "#f0b98d", "#c7c7c7"];

const ARROWS = { UL: "\u2196", UR: "\u2197", DL: "\u2199", DR: "\u2198" };

/** Draws the board into `svg`: the puzzle (cells, marks, givens) only
    when it is not the one drawn last, then the answer in place.
    puzzle: the module's `read` answer; solved: its `solve` answer or null;
    candidates: its `candidates` answer or null; selected: a cell index.
    A 64×64 board is some 30,000 SVG elements: rebuilding them for every
    answer froze the page for up to a second, so the answer (solution,
    second solution, candidates, the cells' classes) lives in a layer of
    its own. `svg.dataset.builds` counts the whole builds. */
export function draw(svg, puzzle, solved, candidates, selected) {
  if (svg.drawn !== puzzle || !svg.querySelector("g.answer")) {
    build(svg, puzzle);
    svg.drawn = puzzle;
    svg.dataset.builds = Number(svg.dataset.builds || 0) + 1;
  }
  answer(svg, puzzle, solved, candidates, selected);
}

/** Sets the class of cell i: differing, selected, an extra region's. */
function classify(svg, i, differs, selected) {
  const square = svg.cellRects[i];
  if (!square) return;
  let cls = "cell";
  if (differs.has(i)) cls += " differs";
  else if (i === selected) cls += " selected";
  else if (svg.extra.has(i)) cls += " extra";
  if (square.getAttribute("class") !== cls) square.setAttribute("class", cls);
}

/** Draws the answer over the board built for `puzzle`, replacing the
    one before; only the cells whose class may change are touched. */
function answer(svg, puzzle, solved, candidates, selected) {
  const n = puzzle.size;
  const solution = digitsOfLine(solved && solved.solution, n);
  const second = digitsOfLine(solved && solved.second, n);
  const differs = new Set((solved && solved.differing) || []);
  const before = svg.shown || { differs: new Set(), selected: null };
  for (const i of new Set([...before.differs, ...differs, before.selected, selected])) {
    if (i !== null && i !== undefined) classify(svg, i, differs, selected);
  }
  svg.shown = { differs, selected };
  svg.querySelector("g.hint-view")?.remove();
  const text = svg.querySelector("g.answer");
  text.replaceChildren();
  for (let i = 0; i < n * n; i++) {
    if (puzzle.givens[i]) continue;
    const [x, y] = centre([Math.floor(i / n), i % n]);
    const digit = solution && solution[i];
    const big = S * (digit > 9 ? 0.48 : 0.62);
    if (digit) {
      el(text, "text", { class: "solved", x, y: differs.has(i) ? y - S * 0.08 : y, "font-size": big }, digit);
      if (differs.has(i) && second) el(text, "text", { class: "second", x: x + S * 0.3, y: y + S * 0.3, "font-size": S * 0.26 }, second[i]);
    } else if (candidates && candidates.cells[i].length > 1) {
      drawCandidates(text, n, x, y, candidates.cells[i]);
    }
  }
  if (solution && candidates) {
    // Cells where the puzzle is still open: their candidates, beside the
    // solution shown.
    for (let i = 0; i < n * n; i++) {
      if (!puzzle.givens[i] && candidates.cells[i].length > 1 && !differs.has(i)) {
        const [x, y] = centre([Math.floor(i / n), i % n]);
        el(text, "text", { class: "cand", x, y: y + S * 0.38, "font-size": S * 0.18 }, candidates.cells[i].join(""));
      }
    }
  }
}

/** Builds the board of `puzzle`: cells, blocks, marks and givens, and
    the empty layers the answer, marked cells and hints are drawn in. */
function build(svg, puzzle) {
  const n = puzzle.size;
  const f = puzzle.fpuzzles;
  svg.replaceChildren();
  svg.shown = null;
  svg.setAttribute("viewBox", `0 0 ${(n + 2) * S} ${(n + 2) * S}`);
  const extra = new Set();
  for (const region of f.extraregion || []) {
    for (const name of region.cells) {
      const [r, c] = rc(name);
      extra.add(r * n + c);
    }
  }
  svg.extra = extra;

  const cells = el(svg, "g", {});
  svg.cellRects = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const cls = extra.has(i) ? "cell extra" : "cell";
    svg.cellRects.push(el(cells, "rect", { class: cls, x: S + c * S, y: S + r * S, width: S, height: S, "data-cell": i }));
  }
  // Cells marked by a hint, a core or the setter's check (markCells).
  el(svg, "g", { class: "overlay", "pointer-events": "none" });

  drawClones(svg, n, f.clone || []);

  const marks = el(svg, "g", { "pointer-events": "none" });
  for (const item of f.even || []) {
    const [x, y] = centre(rc(item.cell));
    el(marks, "rect", { class: "parity", x: x - S * 0.35, y: y - S * 0.35, width: S * 0.7, height: S * 0.7 });
  }
  for (const item of f.odd || []) {
    const [x, y] = centre(rc(item.cell));
    el(marks, "circle", { class: "parity", cx: x, cy: y, r: S * 0.38 });
  }
  const lo = S, hi = S + n * S;
  if (f["diagonal-"]) el(marks, "line", { class: "diag", x1: lo, y1: lo, x2: hi, y2: hi });
  if (f["diagonal+"]) el(marks, "line", { class: "diag", x1: lo, y1: hi, x2: hi, y2: lo });
  for (const thermo of f.thermometer || []) {
    for (const line of thermo.lines) {
      el(marks, "polyline", { class: "thermo-line", points: points(line), "stroke-width": S * 0.3, "stroke-linecap": "round", "stroke-linejoin": "round" });
      const [x, y] = centre(rc(line[0]));
      el(marks, "circle", { class: "thermo-bulb", cx: x, cy: y, r: S * 0.38 });
    }
  }
  for (const [key, colour] of Object.entries(LINE_COLOURS)) {
    for (const item of f[key] || []) {
      for (const line of item.lines) {
        el(marks, "polyline", { points: points(line), fill: "none", stroke: colour, "stroke-width": S * 0.16, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85 });
        if (key === "betweenline") {
          for (const end of [line[0], line[line.length - 1]]) {
            const [x, y] = centre(rc(end));
            el(marks, "circle", { cx: x, cy: y, r: S * 0.4, fill: "white", stroke: colour, "stroke-width": 2 });
          }
        }
      }
    }
  }
  for (const arrow of f.arrow || []) {
    for (const line of arrow.lines) {
      el(marks, "polyline", { class: "arrow", points: points(line), "stroke-linejoin": "round" });
      const tip = centre(rc(line[line.length - 1]));
      const back = centre(rc(line[line.length - 2] || line[0]));
      const a = Math.atan2(tip[1] - back[1], tip[0] - back[0]);
      const head = [a + 2.6, a - 2.6].map((t) => [tip[0] + Math.cos(t) * S * 0.3, tip[1] + Math.sin(t) * S * 0.3].join(","));
      el(marks, "polyline", { class: "arrow", points: `${head[0]} ${tip.join(",")} ${head[1]}` });
    }
    const circle = arrow.cells.map((name) => centre(rc(name)));
    const cx = circle.reduce((s, p) => s + p[0], 0) / circle.length;
    const cy = circle.reduce((s, p) => s + p[1], 0) / circle.length;
    const wide = Math.max(...circle.map((p) => Math.abs(p[0] - cx)));
    const tall = Math.max(...circle.map((p) => Math.abs(p[1] - cy)));
    el(marks, "rect", { class: "arrow-circle", x: cx - wide - S * 0.4, y: cy - tall - S * 0.4, width: 2 * wide + S * 0.8, height: 2 * tall + S * 0.8, rx: S * 0.4 });
  }

  const grid = el(svg, "g", { "pointer-events": "none" });
  for (let k = 1; k < n; k++) {
    el(grid, "line", { class: "thin", x1: S + k * S, y1: lo, x2: S + k * S, y2: hi });
    el(grid, "line", { class: "thin", x1: lo, y1: S + k * S, x2: hi, y2: S + k * S });
  }
  for (const cage of f.killercage || []) drawCage(grid, n, cage);
  // Block borders: wherever two neighbours lie in different blocks.
  const b = puzzle.blocks;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = S + c * S, y = S + r * S;
      if (c + 1 < n && b[r * n + c] !== b[r * n + c + 1]) el(grid, "line", { class: "thick", x1: x + S, y1: y, x2: x + S, y2: y + S });
      if (r + 1 < n && b[r * n + c] !== b[(r + 1) * n + c]) el(grid, "line", { class: "thick", x1: x, y1: y + S, x2: x + S, y2: y + S });
    }
  }
  el(grid, "rect", { x: lo, y: lo, width: n * S, height: n * S, fill: "none", stroke: "#1d2330", "stroke-width": 3.5 });

  drawEdgeMarks(grid, f);
  drawClues(grid, f);

  const font = { "pointer-events": "none", "text-anchor": "middle", "dominant-baseline": "central", "font-family": "system-ui, sans-serif" };
  const text = el(svg, "g", font);
  for (let i = 0; i < n * n; i++) {
    const given = puzzle.givens[i];
    if (!given) continue;
    const [x, y] = centre([Math.floor(i / n), i % n]);
    el(text, "text", { class: "given", x, y, "font-size": S * (given > 9 ? 0.48 : 0.62), "data-at": i }, given);
  }
  el(svg, "g", { class: "answer", ...font });
}

/** Shades each clone pair's cells (both shapes) in the pair's colour,
    over the cells and under every mark; data-clone names the pair and
    data-at the 0-based cell. */
function drawClones(svg, n, clones) {
  const layer = el(svg, "g", { "pointer-events": "none" });
  clones.forEach((pair, k) => {
    const fill = CLONE_COLOURS[k % CLONE_COLOURS.length];
    for (const name of [...pair.cells, ...pair.cloneCells]) {
      const [r, c] = rc(name);
      el(layer, "rect", { class: "clone", x: S + c * S, y: S + r * S, width: S, height: S, fill, "data-clone": k, "data-at": r * n + c });
    }
  });
}

/** Returns where candidate `d` of an n×n grid sits in the cell centred
    at (x, y): its x, y and font size. */
function candidateAt(n, x, y, d) {
  const k = Math.ceil(Math.sqrt(n));
  const step = S / (k + 0.4);
  const row = Math.floor((d - 1) / k), col = (d - 1) % k;
  return { x: x + (col - (k - 1) / 2) * step, y: y + (row - (k - 1) / 2) * step, "font-size": step * 0.8 };
}

function drawCandidates(parent, n, x, y, digits, classOf = () => "cand") {
  for (const d of digits) el(parent, "text", { class: classOf(d), ...candidateAt(n, x, y, d) }, d);
}

/** Shades cells over the board's squares: `marks` maps a class (hint-cell,
    core, needed…) to 0-based cells; each square has data-at. Replaces
    what was marked before. */
export function markCells(svg, n, marks) {
  const layer = svg.querySelector("g.overlay");
  if (!layer) return;
  layer.replaceChildren();
  for (const [cls, cells] of Object.entries(marks || {})) {
    for (const i of cells) {
      el(layer, "rect", { class: cls, x: S + (i % n) * S, y: S + Math.floor(i / n) * S, width: S, height: S, "data-at": i });
    }
  }
}

/** Draws a hint's view on top of the board: `placed` (0 or the digit a
    step placed, per cell) in big digits, `candidates` (per cell) in the
    other open cells, each candidate's class from `classOf(i, d)`. */
export function drawHintView(svg, puzzle, placed, candidates, classOf) {
  const n = puzzle.size;
  svg.querySelector("g.hint-view")?.remove();
  const layer = el(svg, "g", { class: "hint-view", "pointer-events": "none", "text-anchor": "middle", "dominant-baseline": "central", "font-family": "system-ui, sans-serif" });
  for (let i = 0; i < n * n; i++) {
    if (puzzle.givens[i]) continue;
    const [x, y] = centre([Math.floor(i / n), i % n]);
    if (placed[i]) el(layer, "text", { class: "hinted", x, y, "font-size": S * (placed[i] > 9 ? 0.48 : 0.62), "data-at": i }, placed[i]);
    else drawCandidates(layer, n, x, y, candidates[i], (d) => classOf(i, d));
  }
}

/** Draws a killer cage as a dashed outline inset in its cells, with its
    total in the top-left cell. */
function drawCage(parent, n, cage) {
  const inside = new Set(cage.cells.map((name) => rc(name).join(",")));
  const has = (r, c) => inside.has(`${r},${c}`);
  const i = S * 0.1;
  const segments = [];
  for (const name of cage.cells) {
    const [r, c] = rc(name);
    const x = S + c * S, y = S + r * S;
    // Each side is drawn where the neighbour is outside, running from
    // inset corner to inset corner, or on into the next cell.
    const from = (along, diag) => (along ? (diag ? -i : 0) : i);
    const to = (along, diag) => (along ? (diag ? S + i : S) : S - i);
    if (!has(r - 1, c)) segments.push([x + from(has(r, c - 1), has(r - 1, c - 1)), y + i, x + to(has(r, c + 1), has(r - 1, c + 1)), y + i]);
    if (!has(r + 1, c)) segments.push([x + from(has(r, c - 1), has(r + 1, c - 1)), y + S - i, x + to(has(r, c + 1), has(r + 1, c + 1)), y + S - i]);
    if (!has(r, c - 1)) segments.push([x + i, y + from(has(r - 1, c), has(r - 1, c - 1)), x + i, y + to(has(r + 1, c), has(r + 1, c - 1))]);
    if (!has(r, c + 1)) segments.push([x + S - i, y + from(has(r - 1, c), has(r - 1, c + 1)), x + S - i, y + to(has(r + 1, c), has(r + 1, c + 1))]);
  }
  for (const [x1, y1, x2, y2] of segments) el(parent, "line", { class: "cage", x1, y1, x2, y2 });
  if (cage.value !== undefined && cage.value !== "") {
    const first = cage.cells.map(rc).sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    const x = S + first[1] * S + i + 1, y = S + first[0] * S + i + 9;
    el(parent, "rect", { x: x - 1, y: y - 9, width: String(cage.value).length * 7 + 2, height: 11, fill: "white" });
    el(parent, "text", { class: "cage-total", x, y }, cage.value);
  }
}

/** Draws kropki dots, X and V between neighbours, quadruples at corners. */
function drawEdgeMarks(parent, f) {
  const mid = (a, b) => {
    const p = centre(rc(a)), q = centre(rc(b));
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  };
  for (const [key, cls, plain] of [["difference", "dot-white", "1"], ["ratio", "dot-black", "2"]]) {
    for (const dot of f[key] || []) {
      const [x, y] = mid(dot.cells[0], dot.cells[1]);
      el(parent, "circle", { class: cls, cx: x, cy: y, r: S * 0.13 });
      if (dot.value !== undefined && String(dot.value) !== plain) {
        el(parent, "text", { x, y: y + 3, "font-size": 9, "text-anchor": "middle", fill: cls === "dot-black" ? "white" : "#1d2330" }, dot.value);
      }
    }
  }
  for (const mark of f.xv || []) {
    const [x, y] = mid(mark.cells[0], mark.cells[1]);
    el(parent, "text", { class: "xv", x, y: y + 5, "text-anchor": "middle" }, mark.value);
  }
  for (const quad of f.quadruple || []) {
    const corners = quad.cells.map((name) => centre(rc(name)));
    const x = corners.reduce((s, p) => s + p[0], 0) / corners.length;
    const y = corners.reduce((s, p) => s + p[1], 0) / corners.length;
    el(parent, "circle", { cx: x, cy: y, r: S * 0.3, fill: "white", stroke: "#1d2330" });
    el(parent, "text", { x, y: y + 3, "font-size": 9, "text-anchor": "middle" }, (quad.values || []).join(""));
  }
}

/** Draws the clues outside the grid and the marks of single cells. */
function drawClues(parent, f) {
  for (const key of ["sandwichsum", "xsum", "skyscraper"]) {
    for (const clue of f[key] || []) {
      const [x, y] = centre(rc(clue.cell));
      el(parent, "text", { class: "clue", x, y: y + 6, "text-anchor": "middle" }, (key === "xsum" ? "x" : "") + clue.value);
    }
  }
  for (const clue of f.littlekillersum || []) {
    const [x, y] = centre(rc(clue.cell));
    el(parent, "text", { class: "clue", x, y: y + 6, "text-anchor": "middle" }, `${clue.value ?? ""}${ARROWS[clue.direction] || ""}`);
  }
  for (const [key, glyph] of [["minimum", "\u25bd"], ["maximum", "\u25b3"]]) {
    for (const item of f[key] || []) {
      const [x, y] = centre(rc(item.cell));
      el(parent, "text", { x: x - S * 0.32, y: y - S * 0.22, "font-size": 10, fill: "#5b6473" }, glyph);
    }
  }
}

/** Returns the 0-based cell index of a click on the board, or null. */
export function cellAt(event) {
  const index = event.target && event.target.getAttribute("data-cell");
  return index === null || index === undefined ? null : Number(index);
}
