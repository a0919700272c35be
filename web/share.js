// The puzzle on the board written out: the page's own address (`?p=`
// with the f-puzzles payload, kept current as the puzzle changes, so a
// reload brings it back), the f-puzzles and SudokuPad links, and the
// rules file, all from the library's `share` answer.

const $ = (id) => document.getElementById(id);

/** Returns the page's address for a payload: `?p=` and the payload as
    it is (its base64 `+`, `/` and `=` are read back as they are). */
export function pageLink(payload) {
  return `${location.origin}${location.pathname}?p=${payload}`;
}

/** Shows the share links of `shared`; `keepAddress` leaves the address
    bar as it is (the empty grid of a fresh page). */
export function showShare(shared, keepAddress) {
  const page = pageLink(shared.payload);
  if (!keepAddress && location.href !== page) history.replaceState(null, "", page);
  $("share-page").href = page;
  $("share-fpuzzles").href = shared.link;
  $("share-sudokupad").href = shared.sudokupad;
  $("rules-file").textContent = shared.rules_file;
  $("share").hidden = false;
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Copies a link's address, saying so beside the buttons. */
async function copy(id) {
  try {
    await navigator.clipboard.writeText($(id).href);
    $("share-note").textContent = "Copied.";
  } catch (_) {
    $("share-note").textContent = "Copying is not allowed here: right-click the link and copy it.";
  }
}

$("copy-page").addEventListener("click", () => copy("share-page"));
$("download-rules").addEventListener("click", () => download("puzzle.toml", $("rules-file").textContent));

export { download };
