// The puzzle's rules as a list, and picking one to delete: a click on a
// rule in the list, or on a cell of the board in "pick" mode (again on
// the same cell: the cell's next rule), marks the rule's cells; Delete
// (the key on the board or in the list, or the button) removes its item
// from the f-puzzles JSON through the editor, so Undo brings it back.

const $ = (id) => document.getElementById(id);

/** The rule picked: its index in the puzzle's `picks` and `rules`, or
    null. */
let picked = null;

/** Returns the cells of the rule picked in `puzzle`, for marking. */
export function pickedCells(puzzle) {
  return picked === null || !puzzle?.picks?.[picked] ? [] : puzzle.picks[picked].cells;
}

/** Shows `puzzle`'s rules in words, one list item each (a click picks
    it), and the drawn elements that are not rules; `redraw` marks the
    pick on the board. */
export function showRules(puzzle, redraw) {
  picked = null;
  $("delete-rule").disabled = true;
  const items = puzzle.rules.map((sentence, k) => {
    const item = document.createElement("li");
    item.textContent = sentence;
    item.dataset.rule = k;
    item.tabIndex = 0;
    item.addEventListener("click", () => pick(k, redraw));
    return item;
  });
  for (const key of puzzle.ignored) {
    const item = document.createElement("li");
    item.textContent = `${key}: drawn only, not a rule; not enforced`;
    items.push(item);
  }
  $("rules").replaceChildren(...items);
}

/** Picks rule k (null: none) and shows it picked. */
export function pick(k, redraw) {
  picked = k;
  for (const item of $("rules").children) item.classList.toggle("picked", item.dataset.rule !== undefined && Number(item.dataset.rule) === k);
  $("delete-rule").disabled = k === null;
  redraw();
}

/** Picks the next rule (after the one picked) that uses `cell`, or none
    when the cell has no rule. */
export function pickAt(puzzle, cell, redraw) {
  const using = puzzle.picks.map((p, k) => (p.cells.includes(cell) ? k : -1)).filter((k) => k >= 0);
  if (using.length === 0) return pick(null, redraw);
  const after = using.find((k) => picked !== null && k > picked && puzzle.picks[picked].cells.includes(cell));
  pick(after ?? using[0], redraw);
}

/** Returns whether a rule is picked. */
export function hasPick() {
  return picked !== null;
}

const nameOf = (i, n) => `R${Math.floor(i / n) + 1}C${(i % n) + 1}`;

/** Removes from f-puzzles JSON `f` the item of rule `rule` (its key and
    cells) of an n×n grid: a global rule's flag, the item whose cells
    are the rule's, or one line of an item with several (a thermometer
    item may carry several tubes, each a rule). Returns whether it found
    one. */
export function removeRule(f, rule, n) {
  const { key, cells } = rule;
  if (f[key] === true) {
    delete f[key];
    return true;
  }
  const names = new Set(cells.map((i) => nameOf(i, n)));
  const same = (list) => {
    const set = new Set(list.map((x) => String(x).toUpperCase()));
    return set.size === names.size && [...set].every((x) => names.has(x));
  };
  const items = Array.isArray(f[key]) ? f[key] : [];
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    const lines = item.lines || [];
    const all = [...(item.cells || []), ...lines.flat(), ...(item.cloneCells || [])];
    if (same(all)) {
      items.splice(k, 1);
    } else {
      const line = lines.findIndex(same);
      if (line < 0) continue;
      lines.splice(line, 1);
      if (lines.length === 0) items.splice(k, 1);
    }
    if (items.length === 0) delete f[key];
    return true;
  }
  return false;
}

/** Deletes the rule picked in `puzzle` through `editor` (an undoable
    edit); says so in `say` when the page cannot find its item (a clue
    outside the grid, a rule from the rules language). */
export function deletePicked(editor, puzzle, say) {
  if (picked === null || !puzzle.picks[picked]) return;
  const rule = puzzle.picks[picked];
  let found = false;
  const f = structuredClone(editor.shared.fpuzzles);
  found = removeRule(f, rule, puzzle.size);
  if (!found) {
    say(`This ${rule.key} rule cannot be deleted on the board: edit the puzzle's text.`);
    return;
  }
  picked = null;
  editor.change((g) => removeRule(g, rule, puzzle.size));
}
