// Regions (jigsaw blocks) painted on the board: in the regions mode a
// drag or a click puts cells into region k (the value box, 1 to N). The
// painted layout is a draft the page keeps until it is a partition the
// library takes (N regions of N cells each); until then the board shows
// the draft and a line says which regions have too many or too few
// cells, and the puzzle (and its share links) stays the last valid one.

/** The draft: each cell's 0-based region, or null when the board's
    blocks are shown as they are. */
let draft = null;
/** The puzzle shown with the draft's blocks, kept so that the board is
    rebuilt only when the draft changes. */
let shown = null;

/** Returns the board's puzzle with the draft's blocks, or `puzzle`
    itself when there is no draft. */
export function withDraft(puzzle) {
  if (!draft || !puzzle) return puzzle;
  if (!shown || shown.of !== puzzle) shown = { of: puzzle, puzzle: { ...puzzle, blocks: [...draft] } };
  return shown.puzzle;
}

/** Drops the draft (a new puzzle, or an edit that took it). */
export function dropDraft() {
  draft = null;
  shown = null;
}

/** Returns the words for what is wrong with a layout of n×n cells, or
    "" when each of the n regions has n cells. */
export function layoutProblem(blocks, n) {
  const sizes = new Array(n).fill(0);
  for (const b of blocks) sizes[b]++;
  const off = sizes.map((k, b) => [b, k]).filter(([, k]) => k !== n);
  if (off.length === 0) return "";
  const listed = off.map(([b, k]) => `region ${b + 1} has ${k}`).join(", ");
  return `Not a valid layout yet: ${listed}; each region needs ${n} cells. The puzzle keeps its last valid regions until then.`;
}

/** Paints `cells` (0-based) into region `k` (1-based) of `puzzle`'s
    layout. Returns the layout's problem in words, or "" when the draft
    is a valid layout, which `apply(f)` then writes into the f-puzzles
    JSON through the editor (every cell's 0-based `region`). */
export function paint(puzzle, cells, k, change) {
  const n = puzzle.size;
  if (!(k >= 1 && k <= n)) return `Regions are numbered 1 to ${n}: put the region in the value box.`;
  draft = draft || [...puzzle.blocks];
  shown = null;
  for (const i of cells) draft[i] = k - 1;
  const problem = layoutProblem(draft, n);
  if (problem) return problem;
  // Dropped first, so that the board drawn for the edit shows the
  // library's blocks; kept if the library refuses the layout.
  const layout = draft;
  dropDraft();
  const error = change((f) => {
    layout.forEach((b, i) => {
      f.grid[Math.floor(i / n)][i % n].region = b;
    });
  });
  if (error) draft = layout;
  return error || "";
}
