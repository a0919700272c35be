// Rules written in the rules language, added to the puzzle on the board:
// the text is what a rules file holds after its grid (a `define` string
// and `[[rule]]` tables, docs/rules-language.md), compiled by the
// library; an error names its line and column in the text. The rules go
// into the puzzle's f-puzzles JSON under the key `rule`, each with its
// definitions, so they are shared, undone and deleted like any other.

const $ = (id) => document.getElementById(id);

/** Wires the rules text box and its button to `editor`. */
export function setupRulesText(editor) {
  $("add-rules").addEventListener("click", () => {
    if (!editor.ready || !editor.shared) return;
    const error = editor.addRules($("rules-text").value);
    $("rules-error").textContent = error ? `Rules: ${error}` : "Added.";
    $("rules-error").classList.toggle("error", Boolean(error));
  });
}
