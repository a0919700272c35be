//! `pow` for the command, so that it does not load glibc's libm.
//!
//! The only call to the C library's `pow` in the command is the progress
//! bar's rate estimate (indicatif weighs its samples by 0.1^(age / 15 s)).
//! For that one function the dynamic loader would open, map and relocate
//! libm.so.6 at the start of every run: 0.15–0.2 ms of the 1.9 ms that
//! `sudoku-sat euler` took (docs/performance.md, "Start-up: two shared
//! libraries fewer"). Defining
//! the symbol here resolves the call inside the binary, and the linker's
//! `--as-needed` leaves libm out; the arithmetic is the `libm` crate's,
//! the Rust port of musl's `pow` (correctly rounded in all but rare
//! cases, as glibc's). Nothing in the library calls `pow`. Only on Linux
//! with glibc: elsewhere the C library's own `pow` may be linked
//! statically, and two definitions would clash.

/// The C library's `pow(x, y)`: x raised to the power y.
#[unsafe(no_mangle)]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[cfg(test)]
mod tests {
    #[test]
    fn powers_are_those_of_the_c_library() {
        assert_eq!(super::pow(2.0, 10.0), 1024.0);
        assert_eq!(super::pow(0.1, 0.0), 1.0);
        assert!((super::pow(0.1, 2.0 / 15.0) - 0.735_642_254_459_641_4).abs() < 1e-12);
        assert!(super::pow(-1.0, 0.5).is_nan());
    }
}
