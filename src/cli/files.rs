//! Writing output files safely: never over an input, never half written.
//!
//! Every file the tool writes goes through [`write_atomic`]: the bytes go
//! to a temporary file beside the target, which replaces the target only
//! once it is complete, so a failed write (a full disk, an error, Ctrl-C)
//! leaves the old file or no file, never a torn one, and no temporary file
//! behind (a stop at once removes the temporary files of writes under
//! way, [`remove_parts`]). Outputs that belong together (a CNF and its
//! proof) go through [`write_together`]: all are written whole before any
//! replaces its target. [`refuse_clashes`] runs first, before anything is read or
//! written: an output that is an input (the same path, another path to
//! the same file through `..`, a hard link or a symbolic link) or another
//! output is refused, since writing it would destroy what it came from.
//!
//! What the replaced file keeps: a new file gets the mode `cp` or a shell
//! redirection would give it (0666 less the umask); an existing file keeps
//! its mode. A symbolic link is followed: the file it points to is
//! replaced and the link stays a link. The replaced file is a new inode,
//! so it belongs to the user who ran the tool and other hard links to the
//! old file keep the old contents. `-` is standard output.
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::bail;

mod write;

#[cfg(test)]
use write::parts_under_way;
pub use write::{remove_parts, write_atomic, write_together};

/// A file's identity: its device and inode where the system has them,
/// else its canonical path.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

/// Returns the identity of an existing file, or `None` when it does not
/// exist (or is standard input or output, `-`).
fn identity(path: &Path) -> Option<Identity> {
    if path.as_os_str() == "-" {
        return None;
    }
    let metadata = fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Identity::Inode(metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        fs::canonicalize(path).ok().map(Identity::Path)
    }
}

/// Returns where a path that may not exist yet would be: its folder made
/// canonical, then its name.
fn destination(path: &Path) -> Option<PathBuf> {
    if let Ok(canonical) = fs::canonicalize(path) {
        return Some(canonical);
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(fs::canonicalize(folder).ok()?.join(path.file_name()?))
}

/// Refuses outputs that are an input or each other. `inputs` and `outputs`
/// pair each path with the option that names it (`the puzzle file`,
/// `--cnf`), for the message. Two outputs to standard output (`-`) are
/// refused too: their bytes would run together.
///
/// # Errors
///
/// Names both sides: `--cnf puzzle.txt is the puzzle file; writing it
/// would destroy it`.
pub fn refuse_clashes(inputs: &[(&str, &Path)], outputs: &[(&str, &Path)]) -> anyhow::Result<()> {
    // Each path is looked up once.
    let inputs: Vec<_> = inputs.iter().map(|&(n, p)| (n, p, identity(p))).collect();
    let mut seen: Vec<(&str, &Path, Option<Identity>, Option<PathBuf>)> = Vec::new();
    let mut stdout: Option<&str> = None;
    for &(name, output) in outputs {
        if is_stdout(output) {
            if let Some(other) = stdout {
                bail!(
                    "{other} - and {name} - both write to standard output, where they would \
                     run together; send one of them to a file"
                );
            }
            stdout = Some(name);
            continue;
        }
        let (out, place) = (identity(output), destination(output));
        let input = inputs.iter().find(|(_, _, i)| out.is_some() && *i == out);
        if let Some((input_name, input, _)) = input {
            bail!(
                "{name} {} is {input_name} {}; writing it would destroy it",
                shown(output),
                shown(input)
            );
        }
        let clash = seen.iter().find(|(_, _, other, other_place)| {
            (out.is_some() && out == *other) || (place.is_some() && place == *other_place)
        });
        if let Some((other_name, other, _, _)) = clash {
            bail!(
                "{other_name} {} and {name} {} are the same file",
                shown(other),
                shown(output)
            );
        }
        seen.push((name, output, out, place));
    }
    Ok(())
}

/// Refuses two inputs that would both read standard input (`-`): the
/// second would find it empty and blame the input. `inputs` names each
/// input as its message should.
pub fn one_stdin(inputs: &[(&str, Option<&Path>)]) -> anyhow::Result<()> {
    let from_stdin: Vec<&str> = (inputs.iter())
        .filter(|(_, path)| path.is_some_and(|p| p.as_os_str() == "-"))
        .map(|&(name, _)| name)
        .collect();
    if let [first, second, ..] = from_stdin[..] {
        bail!(
            "{first} (-) and {second} (-) cannot both come from standard input; give one of \
             them as a file"
        );
    }
    Ok(())
}

/// Shows a path as every message names it: as written, or quoted with
/// Rust's escapes (`"bad\nname.txt"`) when it holds a control character,
/// which would split a one-line error or reach the terminal as an escape
/// sequence.
pub fn shown(path: &Path) -> String {
    let name = path.to_string_lossy();
    if name.chars().any(char::is_control) {
        format!("{name:?}")
    } else {
        name.into_owned()
    }
}

/// Returns whether an output path means standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Returns the file a path names once symbolic links are followed, even
/// a link to a file that does not exist yet (it is created there). A loop
/// of links is left to the system to report.
fn follow_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // The system's own limit on links in a row (Linux's MAXSYMLINKS).
    for _ in 0..40 {
        let Ok(target) = fs::read_link(&path) else {
            break;
        };
        path = match path.parent() {
            Some(folder) => folder.join(target),
            None => target,
        };
    }
    path
}

#[cfg(test)]
mod tests {
    use super::write::Body;
    use super::*;
    use std::io::{self, Write};

    #[test]
    fn a_write_under_way_lists_its_temporary_file_until_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.txt");
        let listed = |dir: &Path| -> Vec<PathBuf> {
            parts_under_way()
                .into_iter()
                .filter(|p| p.parent() == Some(dir))
                .collect()
        };
        write_atomic(&target, |out| {
            let parts = listed(dir.path());
            assert_eq!(parts.len(), 1, "{parts:?}");
            assert!(parts[0].exists());
            assert!(parts[0].to_string_lossy().ends_with(".part"));
            out.write_all(b"x")
        })
        .unwrap();
        assert!(listed(dir.path()).is_empty());
        // A failed write is no longer listed either.
        let failed = write_atomic(&target, |_| Err(io::Error::other("no")));
        assert!(failed.is_err());
        assert!(listed(dir.path()).is_empty());
        assert_eq!(fs::read_to_string(&target).unwrap(), "x");
    }

    #[test]
    fn an_output_that_is_an_input_by_any_path_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("puzzle.txt");
        fs::write(&input, "x").unwrap();
        let sub = dir.path().join("sub");
        fs::create_dir(&sub).unwrap();
        let dotted = sub.join("..").join("puzzle.txt");
        let linked = dir.path().join("hard.txt");
        fs::hard_link(&input, &linked).unwrap();
        for output in [&input, &dotted, &linked] {
            let error = refuse_clashes(&[("the puzzle file", &input)], &[("--cnf", output)])
                .unwrap_err()
                .to_string();
            assert!(error.contains("is the puzzle file"), "{error}");
        }
        #[cfg(unix)]
        {
            let symlink = dir.path().join("sym.txt");
            std::os::unix::fs::symlink(&input, &symlink).unwrap();
            assert!(
                refuse_clashes(&[("the puzzle file", &input)], &[("--cnf", &symlink)]).is_err()
            );
        }
        // Two outputs naming one place, existing or not, clash too.
        let a = dir.path().join("a.cnf");
        let a_again = sub.join("..").join("a.cnf");
        let error = refuse_clashes(&[], &[("--cnf", &a), ("--proof", &a_again)]).unwrap_err();
        assert!(error.to_string().contains("are the same file"), "{error}");
        // Distinct files pass.
        let b = dir.path().join("b.drat");
        refuse_clashes(
            &[("the puzzle file", &input)],
            &[("--cnf", &a), ("--proof", &b)],
        )
        .unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.cnf");
        fs::write(&path, "old").unwrap();
        let result = write_atomic(&path, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert!(result.unwrap_err().to_string().contains("cannot write"));
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        write_atomic(&path, |out| out.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        // A missing folder is named by the target, not a temporary file.
        let lost = dir.path().join("missing").join("out.cnf");
        let error = format!("{:#}", write_atomic(&lost, |_| Ok(())).unwrap_err());
        assert!(
            error.starts_with(&format!("{}: cannot write: ", lost.display())),
            "{error}"
        );
        assert!(!error.contains(".part"), "{error}");
    }

    #[test]
    fn outputs_written_together_are_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let (cnf, drat) = (dir.path().join("a.cnf"), dir.path().join("a.drat"));
        fs::write(&cnf, "old").unwrap();
        let new: Body<'_> = &|out| out.write_all(b"new");
        let failing: Body<'_> = &|out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        };
        let error = write_together(&[(&cnf, new), (&drat, failing)]).unwrap_err();
        let error = format!("{error:#}");
        assert!(
            error.starts_with(&format!("{}: cannot write", drat.display())),
            "{error}"
        );
        // The first file, written whole, did not replace its target.
        assert_eq!(fs::read_to_string(&cnf).unwrap(), "old");
        assert!(!drat.exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        // A device that fails after the files are complete: neither is
        // replaced either.
        let full = Path::new("/dev/full");
        if cfg!(unix) && fs::metadata(full).is_ok() {
            let big: Body<'_> = &|out| out.write_all(&[b'x'; 1 << 16]);
            let error = write_together(&[(&cnf, new), (full, big)]).unwrap_err();
            assert!(format!("{error:#}").starts_with("/dev/full: cannot write"));
            assert_eq!(fs::read_to_string(&cnf).unwrap(), "old");
            assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        }
        write_together(&[(&cnf, new), (&drat, new)]).unwrap();
        assert_eq!(fs::read_to_string(&cnf).unwrap(), "new");
        assert_eq!(fs::read_to_string(&drat).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    #[cfg(unix)]
    fn a_device_is_written_in_place_not_replaced() {
        let null = Path::new("/dev/null");
        write_atomic(null, |out| out.write_all(b"gone")).unwrap();
        assert!(
            !fs::metadata(null).unwrap().is_file(),
            "/dev/null is still a device"
        );
        // A full device is an error naming it, and stays a device.
        let full = Path::new("/dev/full");
        if fs::metadata(full).is_ok() {
            let error = write_atomic(full, |out| out.write_all(&[b'x'; 1 << 16])).unwrap_err();
            assert!(
                format!("{error:#}").starts_with("/dev/full: cannot write"),
                "{error:#}"
            );
            assert!(!fs::metadata(full).unwrap().is_file());
        }
    }
}
