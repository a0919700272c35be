// Clues outside the grid: little killer sums (along a diagonal from the
// clue), sandwich sums, X-sums and skyscrapers. A click on a place in
// the board's margin (or Shift and an arrow key from a cell on the
// grid's edge) picks it; digits typed then write its number, Backspace
// takes a digit off, Delete removes the clue. A little killer's second
// click on its place turns it to its other diagonal.

/** The clue modes, by f-puzzles key. */
export const CLUE_KEYS = {
  littlekillersum: "little killer sums (click the place again: the other diagonal)",
  sandwichsum: "sandwich sums",
  xsum: "X-sums",
  skyscraper: "skyscrapers",
};

const STEPS = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };

/** The place picked: its 1-based row and column (0 or n + 1 outside),
    its mode, and a little killer's direction. */
let place = null;

/** Returns the place picked, or null. */
export function pickedPlace() {
  return place;
}

/** Forgets the place picked. */
export function forgetPlace() {
  place = null;
}

/** Returns the directions a little killer at (r, c) can take, 1-based
    with 0 and n + 1 outside: those whose first step lands in the grid. */
export function directionsAt(r, c, n) {
  const inside = (x) => x >= 1 && x <= n;
  return Object.entries(STEPS)
    .filter(([, [dr, dc]]) => inside(r + dr) && inside(c + dc))
    .map(([name]) => name);
}

/** Returns whether (r, c), 1-based, is a place for a clue of `key`:
    beside a row or column for the sums and skyscrapers, any place of
    the margin with a diagonal into the grid for a little killer. */
export function isPlace(key, r, c, n) {
  const outR = r === 0 || r === n + 1, outC = c === 0 || c === n + 1;
  const inR = r >= 1 && r <= n, inC = c >= 1 && c <= n;
  if (key === "littlekillersum") return (outR || outC) && r >= 0 && c >= 0 && r <= n + 1 && c <= n + 1 && directionsAt(r, c, n).length > 0;
  return (outR && inC) || (outC && inR);
}

/** Picks the place (r, c) for `key`; a little killer picked again at
    the same place turns to its next direction (returned true: the
    clue changed). */
export function pickPlace(key, r, c, n) {
  if (place && place.key === key && place.r === r && place.c === c && key === "littlekillersum") {
    const ways = directionsAt(r, c, n);
    place.direction = ways[(ways.indexOf(place.direction) + 1) % ways.length];
    return true;
  }
  place = { key, r, c, direction: key === "littlekillersum" ? directionsAt(r, c, n)[0] : undefined, text: null };
  return false;
}

/** Returns the clue of f-puzzles JSON `f` at the place picked, or
    undefined. */
function clueAt(f) {
  const name = `R${place.r}C${place.c}`;
  return (f[place.key] || []).find((item) => item.cell.toUpperCase() === name);
}

/** Writes the place picked into `f` with `value` (text; empty: the clue
    is removed); a little killer keeps the direction picked. */
export function writeClue(f, value) {
  const name = `R${place.r}C${place.c}`;
  const rest = (f[place.key] || []).filter((item) => item.cell.toUpperCase() !== name);
  if (value !== "") {
    const item = { cell: name, value };
    if (place.key === "littlekillersum") item.direction = place.direction;
    rest.push(item);
  }
  if (rest.length > 0) f[place.key] = rest;
  else delete f[place.key];
}

/** Returns the number typed on the picked place so far: what was
    typed (kept while the library refuses a number not yet complete,
    a 1 on the way to 15), else what `f` shows there ("" for none). */
export function typedSoFar(f) {
  if (place.text !== null) return place.text;
  const clue = clueAt(f);
  return clue ? String(clue.value ?? "") : "";
}

/** Keeps what was typed on the picked place. */
export function keepTyped(text) {
  place.text = text;
}

/** Returns the clue's new value for a key pressed on the picked place,
    or null for a key that does not edit it: a digit is appended,
    Backspace takes the last off, Delete clears. */
export function typed(before, key) {
  if (/^[0-9]$/.test(key)) return before === "0" ? key : before + key;
  if (key === "Backspace") return before.slice(0, -1);
  if (key === "Delete") return "";
  return null;
}
