/**
 * Adds the rules of `rules_text` to the puzzle of the f-puzzles JSON
 * `json_text`: the text is what a rules file holds after its grid, a
 * `define` string of definitions in the rules language and `[[rule]]`
 * tables (`[[constraint]]` tables too), read by the rules file reader.
 * Returns `{"fpuzzles": ...}`, the puzzle with them (the language's
 * rules under the key `rule`, each with its definitions), or
 * `{"error": ...}` with the line and column in `rules_text`.
 * @param {string} json_text
 * @param {string} rules_text
 * @returns {string}
 */
export function add_rules(json_text, rules_text) {
    let deferred3_0;
    let deferred3_1;
    try {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(json_text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(rules_text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_export3(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_export3(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.add_rules(ptr0, len0, ptr1, len1);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Returns an empty puzzle of side `side` (4 to 64) with blocks of
 * `rows` × `cols` cells as `{"fpuzzles": ...}`, or `{"error": ...}`
 * naming what does not fit.
 * @param {number} side
 * @param {number} rows
 * @param {number} cols
 * @returns {string}
 */
export function blank(side, rows, cols) {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.blank(side, rows, cols);
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred1_0, deferred1_1, 1);
    }
}

/**
 * Returns the true candidates (`candidates` in the CLI): `cells`, per
 * cell the digits it holds in some solution, and `solutions` (`none`,
 * `one` or `several`).
 * @param {string} text
 * @returns {string}
 */
export function candidates(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.candidates(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Runs the setter's check, as `sudoku-sat check` does: `status`
 * (`unique`, `multiple` or `unsolvable`); for one solution `needed`
 * (the givens without which it has a second, `[index, digit]`) and
 * `redundant` (those it stays unique without, one at a time); for
 * several `differ` (the cells two solutions differ in); for none `core`.
 * @param {string} text
 * @returns {string}
 */
export function check(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.check(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Returns a minimal set of the puzzle's givens and constraints that has
 * no solution (without any one of them the rest has one), as `solve
 * --explain` finds it: `{"core": ...}` (see `core_json`), or `{"core":
 * null}` when the puzzle has a solution.
 * @param {string} text
 * @returns {string}
 */
export function core(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.core(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Returns the puzzle as DIMACS CNF with its comment header, the bytes
 * `sudoku-sat export` writes: `{"cnf": text}`.
 * @param {string} text
 * @returns {string}
 */
export function dimacs(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.dimacs(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Lists the clauses of the puzzle's formula that mention `cell` (as
 * `r5c3`), as `sudoku-sat explain` does: `target`, `variables`,
 * `clauses`, and `families` as `explain --output json` prints them
 * (see `Explanation::families_json`), every clause listed.
 * @param {string} text
 * @param {string} cell
 * @returns {string}
 */
export function explain(text, cell) {
    let deferred3_0;
    let deferred3_1;
    try {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(cell, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_export3(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_export3(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.explain(ptr0, len0, ptr1, len1);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Walks the hinter from the givens to the solution, as `hint --all
 * --output json` does: the walk's JSON (`status`, `steps`, `solved`,
 * `score`, `hardest`, `stuck`, `open`), and for the page `start` (each
 * cell's candidates before the first step, row-major) and `at`, per
 * step, its `cells`, `placed` and `eliminated` as 0-based indices
 * (`[index, digit]` pairs for the last two). A puzzle that breaks a
 * rule or has no solution is `{"error": ...}` with the hinter's reason;
 * one with several gets the steps logic allows.
 * @param {string} text
 * @returns {string}
 */
export function hints(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.hints(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Installs a panic hook that keeps the message for [`last_panic`], and,
 * in the browser, gives the solve pipeline `performance.now` as its clock
 * (so that `solve` reports the SAT and cross-check times as the CLI
 * does); the page calls it once after loading the module.
 */
export function init() {
    wasm.init();
}

/**
 * Returns the message of the last panic, or an empty string: a panic
 * aborts the WebAssembly call, and the page asks for it afterwards.
 * @returns {string}
 */
export function last_panic() {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.last_panic();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred1_0, deferred1_1, 1);
    }
}

/**
 * Returns links that open the puzzle with `solution` (a line as `solve`
 * gives it) filled in: `link` (f-puzzles) and `sudokupad`. Apart from
 * `solve`, so that solving is not slowed by compressing the link.
 * @param {string} text
 * @param {string} solution
 * @returns {string}
 */
export function links(text, solution) {
    let deferred3_0;
    let deferred3_1;
    try {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(solution, wasm.__wbindgen_export, wasm.__wbindgen_export2);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_export3(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_export3(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.links(ptr0, len0, ptr1, len1);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Returns puzzle `k` (0-based) of the text as an f-puzzles link, for the
 * page to solve it alone: `{"link": ...}`, or `{"error": ...}`.
 * @param {string} text
 * @param {number} k
 * @returns {string}
 */
export function nth(text, k) {
    let deferred3_0;
    let deferred3_1;
    try {
        const val2 = +k;
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.nth(ptr0, len0, val2);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Rates a puzzle as `sudoku-sat rate` does: `level` (`propagation`,
 * `probing` or `search`), `outcome`, cells fixed by `propagated` and
 * `probed`, search `decisions` and `conflicts`, and `gave_up`.
 * @param {string} text
 * @returns {string}
 */
export function rate(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.rate(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Reads a puzzle for drawing: `size`, `blocks` (each cell's 0-based
 * block, row-major), `givens` (0 for a blank), `fpuzzles` (the puzzle as
 * f-puzzles JSON: the variant marks, in the keys the page draws), `rules`
 * (one sentence per constraint), `picks` (per constraint, in the same
 * order, its f-puzzles `key` and its 0-based `cells`) and `ignored`
 * (drawn elements of the input that carry no rule); and, since only the
 * first puzzle of the text is read, `listed`: the puzzles the text holds
 * (see `pasted::listed`).
 * @param {string} text
 * @returns {string}
 */
export function read(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.read(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Reads the f-puzzles JSON the page edits and returns what [`read`]
 * returns for drawing (the JSON as the library writes it back included),
 * with the puzzle written out: `payload` (the f-puzzles payload, for the
 * page's `?p=`), `link` (f-puzzles), `sudokupad` and `rules_file` (the
 * rules file `solve` reads). Bad JSON is `{"error": ...}`.
 *
 * [`read`]: crate::read
 * @param {string} json_text
 * @returns {string}
 */
export function share(json_text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(json_text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.share(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}

/**
 * Lists up to `limit` solutions (at most [`MOST_LISTED`]) as lines, in
 * the order the solver found them: `solutions`, and `more` (whether the
 * puzzle has more than were listed). Every solution is decoded and
 * checked against every rule, as `solve` does.
 * @param {string} text
 * @param {number} limit
 * @returns {string}
 */
export function solutions(text, limit) {
    let deferred3_0;
    let deferred3_1;
    try {
        const val2 = +limit;
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.solutions(ptr0, len0, val2);
        deferred3_0 = ret[0];
        deferred3_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred3_0, deferred3_1, 1);
    }
}

/**
 * Solves a puzzle as `sudoku-sat solve` does (SAT with a uniqueness
 * proof, every model decoded and checked against every rule, then the
 * backtracker's cross-check): `status` (`unique`, `multiple` or `none`),
 * `solution` and `second` (lines, or null), `differing` (0-based cells
 * where the two solutions differ), `cross_check`, and `timings_us`: the
 * microseconds of the SAT call (`sat`, uniqueness proof and decoding
 * included) and of the cross-check (`check`), as `solve --output json`
 * reports them (zero where the module has no clock: before [`init`]).
 * @param {string} text
 * @returns {string}
 */
export function solve(text) {
    let deferred2_0;
    let deferred2_1;
    try {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_export, wasm.__wbindgen_export2);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.solve(ptr0, len0);
        deferred2_0 = ret[0];
        deferred2_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_export3(deferred2_0, deferred2_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_now_79212e4794cdbcd6: function() {
            const ret = performance.now();
            return ret;
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            table.set(0, undefined);
            table.set(1024, undefined);
            table.set(1025, null);
            table.set(1026, true);
            table.set(1027, false);
        },
    };
    return {
        __proto__: null,
        "./sudoku_sat_web_bg.js": import0,
    };
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

let __wbg_init_promise;
async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;
    if (__wbg_init_promise === undefined) {
        __wbg_init_promise = __wbg_init_once(module_or_path);
        __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
    }
    return __wbg_init_promise;
}

async function __wbg_init_once(module_or_path) {

    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('sudoku_sat_web_bg.554dcd673ef1e661.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
