//! Links the command-line tool's unwinder statically on Linux with glibc.
//!
//! Rust's standard library takes its unwinder (`_Unwind_*`, used by
//! panics and backtraces) from libgcc_s.so, so every run of the tool
//! loads, relocates and initialises one more shared library before
//! `main`. Most of the tool's commands on a single file are short:
//! `sudoku-sat euler` spends about half of its 2 ms starting the process,
//! and linking libgcc_eh.a (the same unwinder, as gcc's `-static-libgcc`
//! does for C programs) took about 0.1 ms off each run
//! (docs/performance.md, "Start-up: two shared libraries fewer";
//! src/cli/pow.rs leaves out libm the same way).
//!
//! rustc names `-lgcc_s` itself, and `-C link-arg`s come after it, too
//! late to change where the symbols come from. A native library of this
//! crate comes before the standard library's, so asking for libgcc_eh.a
//! here resolves the unwinder first, and `--as-needed` then drops
//! libgcc_s. Only with the `cli` feature: a program that links the
//! library keeps its own choice. The static build (`cargo build-static`)
//! links libgcc_eh.a already, and other targets keep their defaults, as
//! does a toolchain whose linker driver has no libgcc_eh.a to offer.

use std::env;
use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    let var = |name: &str| env::var(name).unwrap_or_default();
    let glibc_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    let crt_static = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|feature| feature == "crt-static");
    let unwinder =
        if glibc_linux && !crt_static && env::var_os("CARGO_FEATURE_CLI").is_some() && has_gcc_eh()
        {
            println!("cargo::rustc-link-lib=static:-bundle=gcc_eh");
            "libgcc_eh.a"
        } else {
            "default"
        };
    // For tests/link.rs, which checks that the binary got what was asked.
    println!("cargo::rustc-env=SUDOKU_SAT_UNWINDER={unwinder}");
}

/// Returns whether the linker driver rustc calls (`cc` unless one is
/// configured) finds libgcc_eh.a: gcc and clang print the archive's full
/// path when they have it, and its bare name when they do not.
fn has_gcc_eh() -> bool {
    let driver = env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_owned());
    Command::new(driver)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .is_some_and(|path| {
            let path = Path::new(path.trim());
            path.is_absolute() && path.is_file()
        })
}
