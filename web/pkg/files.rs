// Written by web/build: the files of web/pkg/ that `sudoku-sat serve`
// carries in the binary, by their path in web/.
&[
    ("pkg/sudoku_sat_web.js", include_bytes!("sudoku_sat_web.js")),
    ("pkg/sudoku_sat_web_bg.a19d6e3ac6196e32.wasm", include_bytes!("sudoku_sat_web_bg.a19d6e3ac6196e32.wasm")),
]
