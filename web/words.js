// The answers the page shows in words: a puzzle's rating, and the
// clauses that mention a cell, family by family.

/** Returns the rating `r` of an n×n puzzle (`size` n) in words, by what
    its level did: solved the puzzle, proved it has no solution, or
    (search) found several solutions. */
export function ratingWords(r, size) {
  const fixed = (n) => `${n ?? 0} of ${size ** 2} cells`;
  const limit = r.gave_up ? ", gave up at the limit" : "";
  const outcome = {
    unique: "solves it",
    multiple: "finds two solutions",
    unsolvable: "proves it has no solution",
  }[r.outcome] || r.outcome;
  switch (r.level) {
    case "propagation":
      return r.outcome === "unsolvable"
        ? "Rating: propagation (unit propagation alone, naked and hidden singles, finds the contradiction: no solution)."
        : `Rating: propagation (unit propagation alone, naked and hidden singles, ${outcome}).`;
    case "probing": {
      const fixes = r.propagated == null ? "propagation alone is not enough" : `propagation fixes ${fixed(r.propagated)}`;
      return `Rating: probing (${fixes}; failed-literal probing ${r.outcome === "unique" ? "the rest" : outcome}).`;
    }
    default: {
      const fixes = r.propagated == null ? "propagation conflicts" : `propagation fixes ${fixed(r.propagated)}`;
      return `Rating: search (${fixes}; ${r.decisions} decisions, ${r.conflicts} conflicts${limit}; search ${outcome}).`;
    }
  }
}

/** Shows the `explain` answer (a cell's clauses) in `box`: a line of
    counts, then each family's clauses (the first 40) in words and in
    DIMACS. */
export function showClauses(box, answer) {
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
}
