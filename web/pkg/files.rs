// Written by web/build: the files of web/pkg/ that `sudoku-sat serve`
// carries in the binary, by their path in web/.
&[
    ("pkg/sudoku_sat_web.js", include_bytes!("sudoku_sat_web.js")),
    ("pkg/sudoku_sat_web_bg.554dcd673ef1e661.wasm", include_bytes!("sudoku_sat_web_bg.554dcd673ef1e661.wasm")),
]
