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

/// On Linux with glibc the command takes the unwinder from libgcc_eh.a,
/// so it does not load libgcc_s.so at start: the library's name is not
/// among the binary's dynamic strings.
#[cfg(all(
    target_os = "linux",
    target_env = "gnu",
    not(target_feature = "crt-static")
))]
#[test]
fn the_command_does_not_load_libgcc_s() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_sudoku-sat")).unwrap();
    let needle = b"libgcc_s.so";
    assert!(
        !binary.windows(needle.len()).any(|window| window == needle),
        "the binary names libgcc_s.so: the unwinder is linked dynamically"
    );
    assert!(
        binary.windows(9).any(|window| window == b"libc.so.6"),
        "the binary is dynamically linked against glibc"
    );
}
