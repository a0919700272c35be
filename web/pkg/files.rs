// Written by web/build: the files of web/pkg/ that `sudoku-sat serve`
// carries in the binary, by their path in web/.
&[
    ("pkg/sudoku_sat_web.js", include_bytes!("sudoku_sat_web.js")),
    ("pkg/sudoku_sat_web_bg.8d276d4ced16c5ac.wasm", include_bytes!("sudoku_sat_web_bg.8d276d4ced16c5ac.wasm")),
]
