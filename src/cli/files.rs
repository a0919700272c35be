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
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use anyhow::{Context, bail};

/// The temporary files of the writes under way, for a stop at once, which
/// ends the process before they are renamed or dropped.
static PARTS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary file listed in [`PARTS`] while it lives.
struct Listed(PathBuf);

impl Listed {
    fn new(path: &Path) -> Listed {
        let mut parts = PARTS.lock().unwrap_or_else(PoisonError::into_inner);
        parts.push(path.to_path_buf());
        Listed(path.to_path_buf())
    }
}

impl Drop for Listed {
    fn drop(&mut self) {
        let mut parts = PARTS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = parts.iter().position(|p| *p == self.0) {
            parts.swap_remove(at);
        }
    }
}

/// Returns the temporary files of the writes under way.
fn parts_under_way() -> Vec<PathBuf> {
    PARTS.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Removes the temporary files of the writes under way: the stop at once
/// calls it just before the process ends, so that no `.part` file is left
/// beside a target (the target itself is untouched: the old file, or
/// none).
pub fn remove_parts() {
    for part in parts_under_way() {
        let _ = fs::remove_file(part);
    }
}

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

/// What a write does with its target, found before anything is written.
enum Place {
    /// `-`: standard output.
    Stdout,
    /// A device or a pipe, written in place (the links followed).
    Device(PathBuf),
    /// A regular file or none yet (the links followed), replaced through
    /// a temporary file; an existing one's metadata, for its mode.
    Replaced(PathBuf, Option<fs::Metadata>),
}

impl Place {
    fn of(path: &Path) -> Place {
        if is_stdout(path) {
            return Place::Stdout;
        }
        let target = follow_links(path);
        match fs::metadata(&target).ok() {
            // A device or a pipe (`/dev/stdout`, a FIFO) is written in
            // place: renaming a file over it would replace the device
            // itself.
            Some(m) if !m.is_file() => Place::Device(target),
            existing => Place::Replaced(target, existing),
        }
    }
}

/// A file written whole into its temporary file, not yet renamed over its
/// target: [`Staged::commit`] does that; dropped, it leaves the target
/// as it was and removes the temporary file.
struct Staged {
    temp: tempfile::NamedTempFile,
    target: PathBuf,
    /// The path as given, for messages.
    shown: String,
    _listed: Listed,
}

impl Staged {
    /// Renames the temporary file over the target.
    fn commit(self) -> anyhow::Result<()> {
        let Staged {
            temp,
            target,
            shown,
            _listed,
        } = self;
        temp.persist(&target)
            .map_err(|e| e.error)
            .with_context(|| format!("{shown}: cannot write"))?;
        Ok(())
    }
}

/// Writes standard output through a buffer.
fn write_stdout(
    body: impl FnOnce(&mut BufWriter<&mut dyn Write>) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    let mut out = BufWriter::new(&mut stdout as &mut dyn Write);
    body(&mut out)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}

/// Writes a device or a pipe in place.
fn write_in_place(
    path: &Path,
    target: &Path,
    body: impl FnOnce(&mut BufWriter<&mut dyn Write>) -> io::Result<()>,
) -> anyhow::Result<()> {
    let context = || format!("{}: cannot write", shown(path));
    let mut file = fs::OpenOptions::new()
        .write(true)
        .open(target)
        .with_context(context)?;
    let mut out = BufWriter::new(&mut file as &mut dyn Write);
    body(&mut out).with_context(context)?;
    out.flush().with_context(context)
}

/// Writes `body` whole into a temporary file beside `target`, with the
/// mode the result is to have, and synced, ready to be renamed.
fn stage(
    path: &Path,
    target: PathBuf,
    existing: Option<fs::Metadata>,
    body: impl FnOnce(&mut BufWriter<&mut dyn Write>) -> io::Result<()>,
) -> anyhow::Result<Staged> {
    let context = || format!("{}: cannot write", shown(path));
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".sudoku-sat-").suffix(".part");
    #[cfg(unix)]
    {
        // The system applies the umask to the mode a file is created
        // with, as for any new file; tempfile's own default is 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder
        .tempfile_in(folder)
        // The temporary file's name means nothing to the user: report the
        // system's error for the target alone.
        // (tempfile appends ` at path "…"` to the system's words.)
        .map_err(|e| {
            let text = e.to_string();
            let words = text.split(" at path ").next().unwrap_or_default();
            io::Error::new(e.kind(), words.to_string())
        })
        .with_context(context)?;
    let listed = Listed::new(temp.path());
    {
        let file: &mut File = temp.as_file_mut();
        let mut out = BufWriter::new(file as &mut dyn Write);
        body(&mut out).with_context(context)?;
        out.flush().with_context(context)?;
    }
    if let Some(metadata) = existing {
        // The file being replaced keeps its mode (set directly, which the
        // umask does not touch).
        temp.as_file()
            .set_permissions(metadata.permissions())
            .with_context(context)?;
    }
    temp.as_file().sync_all().with_context(context)?;
    Ok(Staged {
        temp,
        target,
        shown: shown(path),
        _listed: listed,
    })
}

/// Writes `path` through a buffer: into a temporary file in the same
/// folder, renamed over `path` once `body` and the flush succeed. Any
/// error names the file; the temporary file is removed on every path out.
/// A path that exists and is no regular file (a device such as
/// `/dev/stdout`, a named pipe) is written in place instead, and `-` is
/// standard output. See the module's summary for the mode, links and
/// owner of the result.
///
/// # Errors
///
/// `PATH: cannot write: …` when the folder is not writable, `body` fails,
/// or the disk is full.
pub fn write_atomic(
    path: &Path,
    body: impl FnOnce(&mut BufWriter<&mut dyn Write>) -> io::Result<()>,
) -> anyhow::Result<()> {
    match Place::of(path) {
        Place::Stdout => write_stdout(body),
        Place::Device(target) => write_in_place(path, &target, body),
        Place::Replaced(target, existing) => stage(path, target, existing, body)?.commit(),
    }
}

/// The writer of one output of [`write_together`].
pub type Body<'a> = &'a dyn Fn(&mut BufWriter<&mut dyn Write>) -> io::Result<()>;

/// Writes outputs that belong together (a CNF and the proof made for
/// it) all or nothing: each file is written whole into its temporary
/// file first, and only once every one is complete are they renamed
/// over their targets, so a failure (a full disk, an unwritable folder)
/// leaves every target as it was, never one new file beside an old or
/// missing partner. Devices and pipes, which cannot be taken back, are
/// written after the files are complete and before the renames;
/// standard output (`-`) comes last of all, so that a reader closing
/// the pipe early (`| head`) ends the run only once the files are in
/// place. Each output is written as [`write_atomic`] writes it.
///
/// The renames themselves follow one another; each replaces a file in
/// its own folder and fails only when that folder changes under the
/// run.
///
/// # Errors
///
/// As [`write_atomic`], naming the output that failed.
pub fn write_together(outputs: &[(&Path, Body<'_>)]) -> anyhow::Result<()> {
    let places: Vec<(&Path, Body<'_>, Place)> = (outputs.iter())
        .map(|&(path, body)| (path, body, Place::of(path)))
        .collect();
    let mut staged = Vec::new();
    for (path, body, place) in &places {
        if let Place::Replaced(target, existing) = place {
            staged.push(stage(path, target.clone(), existing.clone(), body)?);
        }
    }
    for (path, body, place) in &places {
        if let Place::Device(target) = place {
            write_in_place(path, target, body)?;
        }
    }
    for file in staged {
        file.commit()?;
    }
    for (_, body, place) in &places {
        if let Place::Stdout = place {
            write_stdout(body)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
