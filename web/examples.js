// Examples to load on an empty page: a classic 9×9, a killer, a
// thermometer puzzle, a jigsaw and a 16×16. Each was made for this page
// by `sudoku-sat generate --seed 3` (from a template of cages,
// thermometers or blocks written for it, without givens), so each is
// proved unique and minimal.

/** The examples: an id, a name, and the puzzle as the text box takes it. */
export const EXAMPLES = [
  { id: "classic", name: "Classic 9×9", text: "2.179...35....1..4..6.4..1.......72...942.3...8..7........8.5..83..1.....6.5....." },
  { id: "killer", name: "Killer (cages with totals)", text: "https://www.f-puzzles.com/?load=N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgEwC+JwTqGO+Rp51t8AjK1bh2ueAWJlKNTAgCcQ5orZYxE7tL4BmBgF0SKZUaUmWzEas6SeMhABY9Bsyo7iuU3rPgLzaS2+tNLwA2Y2dhP1d1D1sBIX1DU2ULKPcbPgBWZMi1NKCEAHYI0SsNT3p4pzDi/2j0r0YkpITnFNzA8vgADmqm8Jbel3ay2J7TNtKYzKMBvprUjtjBOaVZ8N8SgJHplf79EABrKCoqTAgAYwowLxQQc8wTgGcERBAAJX4AYX4QMg/Pui/d50b4gfb5eAgfg/YT3J4vd5fLpA/5yFEgtHgzpQwGwh5UZ5Id52T52FEkjIojKksFTLxQgogPHwolvanBFHBT6Uv5cjlY2JQjnMgkIt5dUF/OSS97SwECvggOhaJnmOGi1nS5FSz5ov4SzF0hAMpn7R5QABeXgUQA====" },
  { id: "thermo", name: "Thermometers", text: "https://www.f-puzzles.com/?load=N4Ig5gTglgJiBcBtRwC+AaNnxQG4FMA7BAFwgFd90RcBDAG0oQCYNQw8jSKqaGn4ARjYjMo9p2LwylanUb4EAZlQBddCnFaxOrBIJSZveQNbrNu8TgPdZfBQgCs2vWo2vsHG9J5z+i+BVday4fOxMA4WCvUKM/B3gADi1zPRDDX3sBAE4XdNtjfwQAdhc2fLDChOdUss9JAvjTOrRay2iGyqaAgBYrGIzwovhSyzb9WMyIhCiPCcGqgQA2FrcLecasgOcO7zitktWxVXUQAGcoAC8A7OoSAAt8CABbAHtn/BInhBQQeihCPgzj9ECAAErMADCzBA1AhkKUsPBUJ6SLBSkhqJO5X+gOBSFBYMSkMSaOJxTJkKWaOKVJA2OwuKBIPBjkhgjRPWhaIxiIZoCZ+OQrMh2TRSxJNMhFOxqlQQA====" },
  { id: "jigsaw", name: "Jigsaw (irregular blocks)", text: "https://www.f-puzzles.com/?load=N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgIwC+JwTLz4GO+Rp51t8AMysRzUSwC6JFByy54BYmUo1MCAJzjZXBT2X818ACzjT7NHO5K+qhAHYRUlFoiY0Ae3nDzneYt6uHvJG+rbwAKys2n56NgIAbGZsqL5WvCoCJk6ggVCeCAAMSVG5+fCMYpXJDNlRFjr+oQIOVXWputYZhiatrdnRaU2G3skDHekGCJE+luNDCAAcSSCl8ol90imzjStuefJ28/AtOXtlJ7tBiyVn8kvsq9cPt0+nV/DrWw2xjx9H0299lMaptLkDjjd3hdftCXvB7oCygiwUjIeDPmMdr94kdNM93ol+jC0ecSQctPUYtZfgt/mTXii1m1tj84Ti4oYMZTBoyEOyughhBIpCAAM5QABehk0QA====" },
  { id: "sixteen", name: "16×16", text: "...1FC..BD.....35E..B...3.7A9..DB.F.G...C..8.5..2......5....4..8....2E9.5..G.8.7...85D.....36.....2...7..9.......9C..8...B.E.D25....6.E.D...1.A...9....1.C.5B...G27..4...A.......3.CD....6...4....D74.F..G...19..8.....3A7.F.B5.6..5...C4.....7.CB3........D.G.6" },
];

/** Fills the examples' list; `load(text)` solves the one picked. */
export function setupExamples(select, load) {
  for (const example of EXAMPLES) {
    const option = document.createElement("option");
    option.value = example.id;
    option.textContent = example.name;
    select.appendChild(option);
  }
  select.addEventListener("change", () => {
    const example = EXAMPLES.find((e) => e.id === select.value);
    select.value = "";
    if (example) load(example.text);
  });
}
