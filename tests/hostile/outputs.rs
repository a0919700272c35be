//! Output paths: `-` as standard output, two outputs to it refused, the
//! mode and links of the files written, and arguments that name nothing
//! sensible (two inputs from stdin, a file as a folder, zero tries).

use super::*;

/// Runs the binary with a shell's umask set first, so the files it makes
/// show what the umask allows.
#[cfg(unix)]
fn with_umask(umask: &str, args: &[&str]) -> Run {
    let mut script = format!("umask {umask}; exec \"$0\"");
    for i in 1..=args.len() {
        script.push_str(&format!(" \"${i}\""));
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// `-` is standard output wherever a file is written; two outputs to it
/// would run together and are refused before anything is written.
#[test]
fn a_dash_is_stdout_and_two_outputs_to_it_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let drat = dir.path().join("g.drat");
    let drat = drat.to_str().unwrap();
    let run = run_bounded(&["prove", "--cnf", "-", "--proof", "-", GRID_1], b"", None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("--cnf - and --proof - both write to standard output"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
    assert!(!Path::new("-").exists(), "no file named -");
    // One of them on stdout: the CNF there, the solution in the report.
    let run = run_bounded(&["prove", "--cnf", "-", "--proof", drat, GRID_1], b"", None).run;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("c ") || run.stdout.starts_with("p cnf"));
    assert!(run.stdout.lines().any(|l| l.starts_with("p cnf ")));
    assert!(run.stderr.contains(EULER_1_SOLUTION), "{}", run.stderr);
    assert!(run.stderr.contains("refutes stdout"), "{}", run.stderr);
    assert!(std::fs::metadata(drat).unwrap().len() > 0);
}

/// `prove` with one output on stdout writes its file first: a reader
/// that closes the pipe at once (`| head -c1`) ends the run quietly with
/// 0, and the file is then complete, the same bytes as a run whose
/// stdout stays open. (The proof was lost: the CNF went first, hit the
/// closed pipe, and the run ended with 0 before the proof was written.)
#[test]
#[cfg(unix)]
fn a_closed_stdout_does_not_cost_the_file_output() {
    let dir = tempfile::tempdir().unwrap();
    let drat = dir.path().join("g.drat");
    let d = drat.to_str().unwrap();
    let whole = run_bounded(&["prove", "--cnf", "-", "--proof", d, GRID_1], b"", None).run;
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let expected = std::fs::read(&drat).unwrap();
    std::fs::remove_file(&drat).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["prove", "--cnf", "-", "--proof", d, GRID_1])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away at once; the CNF (over 100 KB) cannot fit in
    // the pipe's buffer, so writing it meets the closed pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
    assert_eq!(std::fs::read(&drat).unwrap(), expected);
}

/// `prove` writes its CNF and proof together or not at all: a proof that
/// cannot be written (`/dev/full`) leaves an existing CNF as it was and
/// makes no new one, so no CNF stands beside a proof not made for it.
/// (The CNF was written first and stayed, new, when the proof failed.)
#[test]
#[cfg(unix)]
fn a_failed_proof_leaves_the_cnf_as_it_was() {
    let full = Path::new("/dev/full");
    if std::fs::metadata(full).is_err() {
        crate::common::skipped(format_args!("no /dev/full to fail a write"));
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("pair.cnf");
    let c = cnf.to_str().unwrap();
    let unsolvable = format!("12345678.{}9{}", ".".repeat(35), ".".repeat(36));
    for old in [None, Some("old")] {
        if let Some(text) = old {
            std::fs::write(&cnf, text).unwrap();
        }
        let args = ["prove", &unsolvable, "--cnf", c, "--proof", "/dev/full"];
        let run = run_bounded(&args, b"", None).run;
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr.contains("/dev/full: cannot write"),
            "{}",
            run.stderr
        );
        assert_eq!(std::fs::read_to_string(&cnf).ok().as_deref(), old);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), usize::from(old.is_some()), "{names:?}");
    }
}

/// A new file honours the umask as a shell redirection would; a file
/// written over keeps its mode; a symbolic link is written through and
/// stays a link.
#[test]
#[cfg(unix)]
fn written_files_honour_the_umask_keep_their_mode_and_follow_links() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("g.cnf");
    let c = cnf.to_str().unwrap();
    for (umask, want) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let _ = std::fs::remove_file(&cnf);
        let run = with_umask(umask, &["solve", "--dimacs", c, GRID_1]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(mode(&cnf), want, "umask {umask}");
    }
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cnf, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    std::fs::write(&cnf, "old").unwrap();
    let run = with_umask("077", &["solve", "--dimacs", c, GRID_1]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(mode(&cnf), 0o640, "an existing file keeps its mode");
    assert!(std::fs::read_to_string(&cnf).unwrap().contains("p cnf"));
    // A link, to a file that exists and to one that does not yet.
    for exists in [true, false] {
        let real = dir.path().join(format!("real-{exists}.cnf"));
        if exists {
            std::fs::write(&real, "old").unwrap();
        }
        let link = dir.path().join(format!("link-{exists}.cnf"));
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let run = run_bounded(
            &["solve", "--dimacs", link.to_str().unwrap(), GRID_1],
            b"",
            None,
        )
        .run;
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "the link stays a link"
        );
        assert!(std::fs::read_to_string(&real).unwrap().contains("p cnf"));
    }
    // No temporary file is left anywhere.
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name();
        assert!(!name.to_string_lossy().ends_with(".part"), "{name:?}");
    }
}

/// Arguments that cannot mean what they say get one clear error each.
#[test]
fn arguments_that_name_nothing_sensible_are_refused_clearly() {
    let run = run_bounded(&["decode", "-", "-"], b"", None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot both come from standard input"),
        "{}",
        run.stderr
    );
    // The second reader would find standard input empty and blame it.
    let both = ["generate", "--solution", "-", "--pattern", "-"];
    let run = run_bounded(&both, GRID_1.as_bytes(), None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr.trim_end(),
        "error: --solution (-) and --pattern (-) cannot both come from standard input; \
         give one of them as a file"
    );
    let run = run_bounded(&["generate", "--max-tries", "0"], b"", None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--max-tries"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let (_dir, file) = temp_file("not-a-folder", b"x");
    let run = run_bounded(
        &["generate", "--proof-dir", file.to_str().unwrap()],
        b"",
        None,
    )
    .run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("not a folder"), "{}", run.stderr);
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}
