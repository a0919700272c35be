// Written by web/build: the files of web/pkg/ that `sudoku-sat serve`
// carries in the binary, by their path in web/.
&[
    ("pkg/sudoku_sat_web.js", include_bytes!("sudoku_sat_web.js")),
    ("pkg/sudoku_sat_web_bg.5ed25b8f01d3cbef.wasm", include_bytes!("sudoku_sat_web_bg.5ed25b8f01d3cbef.wasm")),
]
