// Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver)
// in process under node, for benches/iss.rs: reads f-puzzles payloads,
// builds ISS's solver for each and proves uniqueness (up to 2 solutions).
//
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver node benches/peers/iss.mjs
//
// Protocol, one line each way (tab-separated):
//   in:  ID PAYLOAD   a puzzle, the f-puzzles payload (lz-string base64);
//                     the first time an ID is seen it is translated to ISS's
//                     constraint text and kept, outside the timing
//   out: ID STATUS MS GRID
//        STATUS unique, multiple or none (GRID is the first solution, 1-9
//        then A-Z, or -), refused (GRID names the key ISS has no meaning
//        for), or error (GRID is ISS's message);
//        MS covers ISS's own work only: resolving the parsed constraints,
//        building the solver (ISS builds one per puzzle) and the search up
//        to a second solution.
//
// This file keeps no code of ISS's: it imports its modules from ISS_DIR
// and gives them the two browser globals they read (`self` and
// `VERSION_PARAM`). The translation keeps only keys whose meaning is the
// same in both tools; a rule ISS lacks, or means otherwise, is refused by
// name, and benches/iss.rs lists those puzzles.

import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const dir = process.env.ISS_DIR;
if (!dir) {
  console.error('ISS_DIR is not set: it names an Interactive-Sudoku-Solver checkout');
  process.exit(2);
}
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (path) => import(pathToFileURL(join(dir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
const { SudokuConstraint, fnToBinaryKey } = await load('js/sudoku_constraint.js');
const { CellGeometry } = await load('js/cell_geometry.js');

// lz-string's decompressFromBase64 (the format f-puzzles links carry).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
function unpack(input) {
  let value = B64.indexOf(input[0]), position = 32, index = 1;
  const bits = (n) => {
    let out = 0;
    for (let power = 1; power < 1 << n; power <<= 1) {
      if (value & position) out |= power;
      position >>= 1;
      if (position === 0) {
        position = 32;
        value = B64.indexOf(input[index++]);
      }
    }
    return out;
  };
  const dict = [0, 1, 2];
  let enlarge = 4, width = 3, w;
  const first = bits(2);
  if (first === 2) return '';
  w = String.fromCharCode(bits(first === 0 ? 8 : 16));
  dict[3] = w;
  const out = [w];
  for (;;) {
    if (index > input.length) throw new Error('truncated payload');
    let code = bits(width);
    if (code === 0 || code === 1) {
      dict.push(String.fromCharCode(bits(code === 0 ? 8 : 16)));
      code = dict.length - 1;
      enlarge--;
    } else if (code === 2) {
      return out.join('');
    }
    if (enlarge === 0) enlarge = 1 << width++;
    let entry;
    if (code < dict.length) entry = dict[code];
    else if (code === dict.length) entry = w + w[0];
    else throw new Error('bad payload');
    out.push(entry);
    dict.push(w + entry[0]);
    enlarge--;
    w = entry;
    if (enlarge === 0) enlarge = 1 << width++;
  }
}

/** A rule ISS cannot take, by its f-puzzles key. */
class Refused extends Error {}

// Keys that change nothing the solver sees.
const COSMETIC = new Set([
  'size', 'grid', 'title', 'author', 'ruleset', 'solution', 'disabledlogic',
  'truecandidatesoptions', 'line', 'text', 'cage', 'rectangle', 'circle',
  'highlightConflicts', 'activeConstraints', 'successMessage', 'fogofwar',
  'foglight',
]);

/** Translates one f-puzzles object to ISS's constraint text. */
function translate(fp) {
  const n = fp.size;
  const geometry = CellGeometry.fromShapeSpec(`${n}x${n}`);
  const parts = [];
  if (n !== 9) parts.push(`.Shape~${n}x${n}`);
  // f-puzzles names cells R1C1..; ISS writes numbers in base 17.
  const cell = (id) => {
    const m = /^R(\d+)C(\d+)$/.exec(id);
    return geometry.makeCellId(+m[1] - 1, +m[2] - 1);
  };
  const cells = (list) => list.map(cell).join('~');
  const add = (...args) => parts.push('.' + args.join('~'));
  const all = (v) => Array.from({ length: n }, (_, i) => i + 1).filter(v);

  // Givens, candidate marks, parity and regions live in the grid.
  // f-puzzles' default blocks: h rows by n/h columns, h the largest
  // divisor of n with h² <= n (rows of 1 for a prime side).
  let bh = 1;
  for (let h = 2; h * h <= n; h++) if (n % h === 0) bh = h;
  const bw = n / bh;
  let regions = null;
  fp.grid.forEach((row, r) => row.forEach((c, k) => {
    const id = geometry.makeCellId(r, k);
    if (c.value && c.given) add('', `${id}_${c.value}`);
    if (Array.isArray(c.givenPencilMarks) && c.givenPencilMarks.length) {
      add('', `${id}_${c.givenPencilMarks.join('_')}`);
    }
    if (c.parity) {
      const even = /^even$/i.test(c.parity);
      add('', `${id}_${all((v) => (v % 2 === 0) === even).join('_')}`);
    }
    if (c.region !== undefined) regions = true;
  }));
  if (regions) {
    const layout = fp.grid.flatMap((row, r) => row.map((c, k) => {
      const region = c.region ?? Math.floor(r / bh) * (n / bw) + Math.floor(k / bw);
      return region.toString(36);
    }));
    add('NoBoxes');
    add('Jigsaw', layout.join(''));
  }

  // Dots: f-puzzles' default values are ISS's white and black dots; any
  // other value, and a negative constraint on one kind alone, becomes ISS's
  // general pair relation (`Pair`, a table over all pairs of digits).
  const dots = { difference: 1, ratio: 2 };
  const holds = {
    difference: (v) => (a, b) => Math.abs(a - b) === v,
    ratio: (v) => (a, b) => a === v * b || b === v * a,
  };
  const pair = (fn, a, b) => add('Pair', fnToBinaryKey(fn, n), cell(a), cell(b));
  // The relation on every pair of neighbours without a mark that exempts
  // it, as f-puzzles has it: any dot for a dot's kind, X or V for xv.
  const unmarked = (kind, fn) => {
    const kinds = kind === 'xv' ? ['xv'] : ['difference', 'ratio'];
    const marked = new Set(kinds.flatMap((k) => fp[k] ?? []).map((c) => [...c.cells].sort().join()));
    for (let r = 1; r <= n; r++) {
      for (let k = 1; k <= n; k++) {
        const next = [];
        if (k < n) next.push(`R${r}C${k + 1}`);
        if (r < n) next.push(`R${r + 1}C${k}`);
        for (const b of next) {
          const a = `R${r}C${k}`;
          if (!marked.has([a, b].sort().join())) pair(fn, a, b);
        }
      }
    }
  };
  for (const [key, value] of Object.entries(fp)) {
    if (COSMETIC.has(key)) continue;
    const items = Array.isArray(value) ? value : [];
    switch (key) {
      case 'antiknight': if (value) add('AntiKnight'); break;
      case 'antiking': if (value) add('AntiKing'); break;
      case 'nonconsecutive':
        // A dot is an exception, as in f-puzzles: its pair is left to the
        // dot.
        if (value && (fp.difference?.length || fp.ratio?.length)) unmarked('difference', (a, b) => Math.abs(a - b) !== 1);
        else if (value) add('AntiConsecutive');
        break;
      case 'disjointgroups': if (value) add('DisjointSets'); break;
      case 'diagonal+': if (value) add('Diagonal', 1); break;
      case 'diagonal-': if (value) add('Diagonal', -1); break;
      case 'killercage':
        for (const c of items) add('Cage', c.value ?? '', cells(c.cells));
        break;
      case 'extraregion':
        for (const c of items) add('AllDifferent', cells(c.cells));
        break;
      case 'thermometer': case 'palindrome': case 'renban': case 'betweenline':
      case 'regionsumline': case 'entropicline': case 'zipperline': case 'doublearrow': {
        const name = {
          thermometer: 'Thermo', palindrome: 'Palindrome', renban: 'Renban',
          betweenline: 'Between', regionsumline: 'RegionSumLine',
          entropicline: 'Entropic', zipperline: 'Zipper', doublearrow: 'DoubleArrow',
        }[key];
        for (const c of items) for (const line of c.lines) add(name, cells(line));
        break;
      }
      case 'whispers':
        for (const c of items) {
          for (const line of c.lines) add('Whisper', c.value ?? Math.ceil(n / 2), cells(line));
        }
        break;
      case 'modularline':
        for (const c of items) for (const line of c.lines) add('Modular', 3, cells(line));
        break;
      case 'lockout':
        for (const c of items) for (const line of c.lines) add('Lockout', c.value ?? 4, cells(line));
        break;
      case 'arrow':
        for (const c of items) {
          for (const line of c.lines) {
            const shaft = line.filter((x) => !c.cells.includes(x));
            if (c.cells.length === 1) add('Arrow', cells(c.cells), cells(shaft));
            else add('PillArrow', c.cells.length, cells(c.cells), cells(shaft));
          }
        }
        break;
      case 'difference': case 'ratio':
        for (const c of items) {
          const v = +(c.value ?? dots[key]);
          if (v === dots[key]) add(key === 'difference' ? 'WhiteDot' : 'BlackDot', cells(c.cells));
          else pair(holds[key](v), ...c.cells);
        }
        break;
      case 'xv':
        for (const c of items) add(c.value.toUpperCase(), cells(c.cells));
        break;
      case 'negative': {
        const kinds = new Set(items);
        if (kinds.has('xv')) add('StrictXV');
        kinds.delete('xv');
        // ISS has one switch for both kinds of dot.
        if (kinds.has('ratio') && kinds.has('difference')) {
          add('StrictKropki');
          break;
        }
        for (const kind of kinds) {
          if (!holds[kind]) throw new Refused(`negative ${kind}`);
          const fn = holds[kind](dots[kind]);
          unmarked(kind, (x, y) => !fn(x, y));
        }
        break;
      }
      case 'even': case 'odd':
        for (const c of items) {
          add('', `${cell(c.cell)}_${all((v) => (v % 2 === 0) === (key === 'even')).join('_')}`);
        }
        break;
      case 'maximum': case 'minimum': {
        // A cell beside another of the same kind is not compared with it
        // (fortress sudoku's grey cells), as f-puzzles means it.
        const alike = new Set(items.map((c) => c.cell));
        for (const c of items) {
          const m = /^R(\d+)C(\d+)$/.exec(c.cell);
          const [r, k] = [+m[1], +m[2]];
          for (const [dr, dk] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
            if (r + dr < 1 || r + dr > n || k + dk < 1 || k + dk > n) continue;
            const other = `R${r + dr}C${k + dk}`;
            if (alike.has(other)) continue;
            const pair = key === 'maximum' ? [c.cell, other] : [other, c.cell];
            add('GreaterThan', cells(pair));
          }
        }
        break;
      }
      case 'quadruple':
        for (const c of items) {
          const top = c.cells.map(cell).sort((a, b) =>
            geometry.parseCellId(a).cellIndex - geometry.parseCellId(b).cellIndex)[0];
          add('Quad', top, c.values.join('~'));
        }
        break;
      case 'clone':
        for (const c of items) {
          c.cells.forEach((x, i) => add('SameValues', 2, cell(x), cell(c.cloneCells[i])));
        }
        break;
      case 'columnindexer': case 'rowindexer':
        for (const c of items) add('Indexing', key === 'columnindexer' ? 'C' : 'R', cells(c.cells));
        break;
      case 'littlekillersum': {
        const map = SudokuConstraint.LittleKiller.cellMap(geometry);
        for (const c of items) {
          const want = c.cells.map(cell).sort().join(',');
          const start = Object.keys(map).find((s) => [...map[s]].sort().join(',') === want);
          if (!start) throw new Refused('littlekillersum off a full diagonal');
          add('LittleKiller', c.value, start);
        }
        break;
      }
      case 'sandwichsum': case 'xsum': case 'skyscraper': case 'numberedroom': {
        const lines = new Map();
        for (const c of items) {
          const m = /^R(\d+)C(\d+)$/.exec(c.cell);
          const [r, k] = [+m[1], +m[2]];
          const [id, front] = k === 0 || k === n + 1 ? [`R${r}`, k === 0] : [`C${k}`, r === 0];
          if (key === 'sandwichsum') {
            add('Sandwich', c.value, lineId(id));
            continue;
          }
          const ends = lines.get(id) ?? ['', ''];
          ends[front ? 0 : 1] = c.value;
          lines.set(id, ends);
        }
        const name = { xsum: 'XSum', skyscraper: 'Skyscraper', numberedroom: 'NumberedRoom' }[key];
        for (const [id, [a, b]] of lines) add(name, lineId(id), a, b);
        break;
      }
      default:
        throw new Refused(key);
    }
  }
  return parts.join('');

  // Rows and columns past 9 are base-17 numbers in ISS.
  function lineId(id) {
    return id[0] + (+id.slice(1)).toString(17);
  }
}

function letter(v) {
  return v <= 9 ? String(v) : String.fromCharCode(55 + v);
}

const texts = new Map();
const rl = createInterface({ input: process.stdin, terminal: false });
for await (const line of rl) {
  const [id, payload] = line.split('\t');
  let answer;
  try {
    if (!texts.has(id)) {
      try {
        texts.set(id, translate(JSON.parse(unpack(payload))));
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        texts.set(id, e);
      }
    }
    const text = texts.get(id);
    if (text instanceof Refused) {
      answer = [id, 'refused', 0, text.message];
    } else {
      const parsed = SudokuParser.parseText(text);
      const start = process.hrtime.bigint();
      const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(parsed));
      const first = solver.nthSolution(0);
      const second = first && solver.nthSolution(1);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const status = !first ? 'none' : second ? 'multiple' : 'unique';
      answer = [id, status, ms, first ? Array.from(first, letter).join('') : '-'];
    }
  } catch (e) {
    answer = [id, 'error', 0, String(e.message ?? e).replace(/\s+/g, ' ')];
  }
  process.stdout.write(answer.join('\t') + '\n');
}
