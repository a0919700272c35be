//! How the binary is linked: panics unwind, as the batch relies on.

/// Panics are bugs, but the batch's threads and the test harness rely on
/// unwinding to report them: a release profile must not set
/// `panic = "abort"`, and the unwinder must reach `catch_unwind` and a
/// scoped thread's `join`.
#[test]
fn panics_unwind_through_the_linked_unwinder() {
    let caught = std::panic::catch_unwind(|| panic!("planted"));
    let payload = caught.expect_err("the panic unwinds to catch_unwind");
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"planted"));
    let joined = std::thread::scope(|scope| scope.spawn(|| panic!("in a thread")).join());
    assert!(joined.is_err(), "a thread's panic reaches join");
}
