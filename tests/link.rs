//! How the binary is linked: the unwinder it carries (see build.rs).

/// Panics are bugs, but the batch's threads and the test harness rely on
/// unwinding to report them. This test binary links the library as the
/// command does, so its unwinder is the one build.rs chose.
#[test]
fn panics_unwind_through_the_linked_unwinder() {
    let caught = std::panic::catch_unwind(|| panic!("planted"));
    let payload = caught.expect_err("the panic unwinds to catch_unwind");
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"planted"));
    let joined = std::thread::scope(|scope| scope.spawn(|| panic!("in a thread")).join());
    assert!(joined.is_err(), "a thread's panic reaches join");
}

/// On Linux with glibc the command takes `pow` from src/cli/pow.rs and,
/// when build.rs found libgcc_eh.a (gcc's toolchains have it), the
/// unwinder from there, so it loads neither libm.so nor libgcc_s.so at
/// start: their names are not among the binary's strings.
#[cfg(all(
    target_os = "linux",
    target_env = "gnu",
    not(target_feature = "crt-static")
))]
#[test]
fn the_command_loads_neither_libgcc_s_nor_libm() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_sudoku-sat")).unwrap();
    let mut absent = vec!["libm.so"];
    if env!("SUDOKU_SAT_UNWINDER") == "libgcc_eh.a" {
        absent.push("libgcc_s.so");
    }
    for library in absent {
        assert!(
            !binary
                .windows(library.len())
                .any(|window| window == library.as_bytes()),
            "the binary names {library}: it loads it at start"
        );
    }
    assert!(
        binary.windows(9).any(|window| window == b"libc.so.6"),
        "the binary is dynamically linked against glibc"
    );
}
