//! Writing outputs whole: each into a temporary file renamed over its
//! target once complete, outputs that belong together all or nothing, and
//! the temporary files of writes under way, for a stop at once.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use anyhow::Context;

use super::{follow_links, is_stdout, shown};

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
pub(super) fn parts_under_way() -> Vec<PathBuf> {
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
