// Several puzzles pasted at once: the page solves the first and says so,
// and a list picks another to solve (sent as an f-puzzles link of that
// puzzle alone, so the box keeps them all).

const $ = (id) => document.getElementById(id);

/** Hides the list (one puzzle, or an edit on the board). */
export function hideListed() {
  $("several").hidden = true;
}

/** Shows what the text holds when it is more than one puzzle: the
    module's `listed` (`count`, `labels`), with puzzle `at` (0-based)
    the one solved; `onPick(k)` solves puzzle k. */
export function showListed(listed, at, onPick) {
  if (!listed || listed.count <= 1) {
    hideListed();
    return;
  }
  $("several-words").textContent = `The box holds ${listed.count} puzzles; puzzle ${at + 1} is solved. Pick another:`;
  const options = listed.labels.map((label, k) => {
    const option = document.createElement("option");
    option.value = k;
    option.textContent = `${k + 1}: ${label}`;
    return option;
  });
  if (listed.count > listed.labels.length) {
    const rest = document.createElement("option");
    rest.disabled = true;
    rest.textContent = `\u2026 and ${listed.count - listed.labels.length} more, not listed`;
    options.push(rest);
  }
  $("which").replaceChildren(...options);
  $("which").value = String(at);
  $("which").onchange = () => onPick(Number($("which").value));
  $("several").hidden = false;
}
