//! `solve --dimacs`: writing puzzles as DIMACS CNF files.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::dimacs::{ExportOptions, write_cnf};
use sudoku_sat::formats::text::{Puzzle, ReadOptions};

use super::Status;
use super::files;
use super::input::Input;
use super::signals::{report_stop, stopped};

/// Where the CNF goes, once known.
enum Target {
    Stdout,
    File(PathBuf),
    Folder(PathBuf, HashSet<String>),
}

/// Writes every puzzle of the input as CNF to `path`: a file, stdout for
/// `-`, or a folder of files named after the labels when there are several
/// puzzles or `path` is a folder.
///
/// `source` is the puzzle file, when one was named: no CNF file may be it.
pub fn export(
    input: Input,
    source: Option<&Path>,
    format: ReadOptions,
    path: &Path,
    encoding: &Encoding,
    options: ExportOptions,
) -> anyhow::Result<Status> {
    let inputs: Vec<(&str, &Path)> = source.map(|s| ("the puzzle file", s)).into_iter().collect();
    files::refuse_clashes(&inputs, &[("--dimacs", path)])?;
    let mut target = if path.as_os_str() == "-" {
        Some(Target::Stdout)
    } else if path.is_dir() {
        Some(Target::Folder(path.to_path_buf(), HashSet::new()))
    } else {
        None
    };
    // With a plain path the first puzzle waits until the second one (or the
    // end of input) tells whether the path is a file or a folder.
    let mut pending: Option<Puzzle> = None;
    let mut written = 0usize;
    let mut write = |target: &mut Target, puzzle: &Puzzle| -> anyhow::Result<()> {
        written += 1;
        match target {
            Target::Stdout => {
                if written > 1 {
                    bail!(
                        "{}: several puzzles cannot share stdout; give --dimacs a folder",
                        puzzle.label
                    );
                }
                let mut out = io::stdout().lock();
                write_cnf(&mut out, &puzzle.puzzle, encoding, options)
                    .and_then(|_| out.flush())
                    .context("cannot write to stdout")?;
            }
            Target::File(file) => write_file(file, puzzle, encoding, options)?,
            Target::Folder(folder, names) => {
                let stem = puzzle.label.file_stem();
                if !names.insert(stem.clone()) {
                    bail!(
                        "two puzzles are labelled {}; their files would clash",
                        puzzle.label
                    );
                }
                let file = folder.join(format!("{stem}.cnf"));
                files::refuse_clashes(&inputs, &[("--dimacs", &file)])?;
                write_file(&file, puzzle, encoding, options)?;
            }
        }
        Ok(())
    };
    let name = input.name.clone();
    let errors = input.for_each(format, |_, puzzle| {
        match (&mut target, pending.take()) {
            (Some(t), _) => write(t, &puzzle)?,
            (None, None) => pending = Some(puzzle),
            (None, Some(first)) => {
                fs::create_dir_all(path)
                    .with_context(|| format!("{}: cannot make the folder", files::shown(path)))?;
                let mut folder = Target::Folder(path.to_path_buf(), HashSet::new());
                write(&mut folder, &first)?;
                write(&mut folder, &puzzle)?;
                target = Some(folder);
            }
        }
        Ok(())
    })?;
    if let Some(signal) = stopped() {
        // A first puzzle still pending is not written: whether the path
        // is a file or a folder was never settled.
        return Ok(report_stop(signal, &name, written));
    }
    if let Some(only) = pending {
        write(&mut Target::File(path.to_path_buf()), &only)?;
    }
    Ok(if errors > 0 {
        Status::Error
    } else {
        Status::Success
    })
}

fn write_file(
    path: &Path,
    puzzle: &Puzzle,
    encoding: &Encoding,
    options: ExportOptions,
) -> anyhow::Result<()> {
    files::write_atomic(path, |out| {
        write_cnf(out, &puzzle.puzzle, encoding, options).map(|_| ())
    })
}
