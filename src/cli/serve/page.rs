//! The page's files: the copy built into the binary, or a folder on disk.
//!
//! The binary carries the page (`web/*.html`, `*.js`, `style.css`) and its
//! WebAssembly (`web/pkg/`, committed as `web/build` writes it), so an
//! installed `sudoku-sat serve` needs no source tree. `--root DIR` serves a
//! development copy from disk instead, read as it is asked for.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::UNIX_EPOCH;

use anyhow::{Context, bail};

use crate::cli::files::shown;

/// The page's files outside `pkg/`, by their path in `web/`.
const PAGE: &[(&str, &[u8])] = &[
    ("index.html", include_bytes!("../../../web/index.html")),
    ("app.js", include_bytes!("../../../web/app.js")),
    ("check.js", include_bytes!("../../../web/check.js")),
    ("clues.js", include_bytes!("../../../web/clues.js")),
    ("draw.js", include_bytes!("../../../web/draw.js")),
    ("edges.js", include_bytes!("../../../web/edges.js")),
    ("editor.js", include_bytes!("../../../web/editor.js")),
    ("examples.js", include_bytes!("../../../web/examples.js")),
    ("hints.js", include_bytes!("../../../web/hints.js")),
    ("marks.js", include_bytes!("../../../web/marks.js")),
    ("pasted.js", include_bytes!("../../../web/pasted.js")),
    ("picks.js", include_bytes!("../../../web/picks.js")),
    ("regions.js", include_bytes!("../../../web/regions.js")),
    ("rulestext.js", include_bytes!("../../../web/rulestext.js")),
    ("shapes.js", include_bytes!("../../../web/shapes.js")),
    ("share.js", include_bytes!("../../../web/share.js")),
    ("steps.js", include_bytes!("../../../web/steps.js")),
    ("solver.js", include_bytes!("../../../web/solver.js")),
    ("worker.js", include_bytes!("../../../web/worker.js")),
    ("words.js", include_bytes!("../../../web/words.js")),
    ("zoom.js", include_bytes!("../../../web/zoom.js")),
    ("style.css", include_bytes!("../../../web/style.css")),
    ("bench.html", include_bytes!("../../../web/bench.html")),
];

/// `web/pkg/` as `web/build` left it, by path in `web/`: the module's
/// JavaScript and its WebAssembly, named by its content hash. `web/build` writes this list
/// (`web/pkg/files.rs`) beside the files, so a build that lacks them
/// fails to compile instead of making a `serve` with nothing to serve.
const PKG: &[(&str, &[u8])] = include!("../../../web/pkg/files.rs");

/// The file the page's module is loaded from; a folder without it was
/// not built.
pub const BUILT: &str = "pkg/sudoku_sat_web.js";

/// Where the page's files come from.
pub enum Page {
    /// The copy built into the binary.
    Embedded,
    /// A folder on disk (canonical), `--root DIR`.
    Folder(PathBuf),
}

/// One file found for a request.
pub enum Found {
    /// Bytes built into the binary, with their entity tag and their
    /// gzip, made on first use.
    Embedded(&'static Embedded),
    /// A file on disk, open, with its length and entity tag.
    Disk {
        /// The file, read as it is sent.
        file: File,
        /// Its length in bytes.
        len: u64,
        /// Its entity tag, from length and modification time.
        etag: String,
        /// Its path, for the content type.
        path: PathBuf,
    },
}

/// A file built into the binary.
pub struct Embedded {
    /// Its path under `web/`.
    pub path: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
    /// Its entity tag: a hash of the bytes.
    pub etag: String,
    gzip: OnceLock<Vec<u8>>,
}

impl Embedded {
    /// Returns the bytes gzipped, compressing them on first use.
    pub fn gzip(&self) -> &[u8] {
        self.gzip.get_or_init(|| super::http::gzip(self.bytes))
    }
}

/// Returns the embedded files, hashed once.
fn embedded() -> &'static [Embedded] {
    static FILES: OnceLock<Vec<Embedded>> = OnceLock::new();
    FILES.get_or_init(|| {
        PAGE.iter()
            .chain(PKG)
            .copied()
            .map(|(path, bytes)| Embedded {
                path,
                bytes,
                etag: format!("\"{:016x}\"", fnv1a(bytes)),
                gzip: OnceLock::new(),
            })
            .collect()
    })
}

/// FNV-1a, 64 bits: a validator that changes with the bytes, stable
/// across builds and runs (std's hasher promises neither).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Page {
    /// Returns the page to serve: the built-in copy, or the folder `root`
    /// when it holds a built page, else one line saying what to do.
    pub fn new(root: Option<&Path>) -> anyhow::Result<Page> {
        let Some(chosen) = root else {
            return Ok(Page::Embedded);
        };
        if !chosen.join("index.html").is_file() {
            bail!(
                "{}: no page here (index.html is missing); pass --root DIR, the web/ folder of \
                 the sudoku-sat repository, or leave --root out to serve the built-in page",
                shown(chosen)
            );
        }
        if !chosen.join(BUILT).is_file() {
            bail!(
                "{}: the page is not built ({BUILT} is missing); run web/build in the sudoku-sat \
                 repository first, or leave --root out to serve the built-in page",
                shown(chosen)
            );
        }
        let root = chosen
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", shown(chosen)))?;
        Ok(Page::Folder(root))
    }

    /// Says what is served, for the start-up note.
    pub fn describe(&self) -> String {
        match self {
            Page::Embedded => "the built-in page".to_string(),
            Page::Folder(root) => shown(root),
        }
    }

    /// Finds the file a request target names, or the status that refuses
    /// it: 403 for a path that tries to leave the page or cannot be
    /// decoded, 404 for one that names no file.
    pub fn find(&self, target: &str) -> Result<Found, u16> {
        let decoded = decode_target(target)?;
        match self {
            Page::Embedded => {
                let path = if decoded.is_empty() || decoded.ends_with('/') {
                    format!("{decoded}index.html")
                } else {
                    decoded
                };
                embedded()
                    .iter()
                    .find(|file| file.path == path)
                    .map(Found::Embedded)
                    .ok_or(404)
            }
            Page::Folder(root) => {
                let path = resolve(root, &decoded)?;
                let file = File::open(&path).map_err(|_| 404u16)?;
                let meta = file.metadata().map_err(|_| 404u16)?;
                let modified = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                Ok(Found::Disk {
                    file,
                    len: meta.len(),
                    etag: format!("\"{:x}-{modified:x}\"", meta.len()),
                    path,
                })
            }
        }
    }
}

/// Returns the path of a request target, percent-decoded and without
/// its leading `/`, or 403 when it is not a path under the page: no
/// leading `/`, a bad escape, a segment that starts with a dot (`..`, `.`,
/// and a folder's hidden files such as `.git`), a backslash or a NUL.
fn decode_target(target: &str) -> Result<String, u16> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let Some(path) = path.strip_prefix('/') else {
        return Err(403);
    };
    let decoded = percent_decode(path).ok_or(403u16)?;
    if decoded.contains(['\\', '\0'])
        || decoded.split('/').any(|segment| segment.starts_with('.'))
        || decoded.starts_with('/')
    {
        return Err(403);
    }
    Ok(decoded)
}

/// Maps a decoded path to a file under `root` (canonical), checked once
/// its symbolic links are resolved to lie under `root`.
fn resolve(root: &Path, decoded: &str) -> Result<PathBuf, u16> {
    let mut file = root.join(decoded);
    if decoded.is_empty() || decoded.ends_with('/') || file.is_dir() {
        file = file.join("index.html");
    }
    let file = file.canonicalize().map_err(|_| 404u16)?;
    if !file.starts_with(root) {
        return Err(403);
    }
    if !fs::metadata(&file).is_ok_and(|m| m.is_file()) {
        return Err(404);
    }
    Ok(file)
}

/// Decodes `%XX` escapes; `None` for a bad escape or text that is not
/// UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("index.html"), "page").unwrap();
        fs::create_dir(dir.path().join("pkg")).unwrap();
        fs::write(dir.path().join("pkg/a.wasm"), "wasm").unwrap();
        dir
    }

    fn resolved(root: &Path, target: &str) -> Result<PathBuf, u16> {
        resolve(root, &decode_target(target)?)
    }

    #[test]
    fn paths_resolve_under_the_root_and_nowhere_else() {
        let dir = page();
        let root = dir.path().canonicalize().unwrap();
        assert_eq!(resolved(&root, "/"), Ok(root.join("index.html")));
        assert_eq!(resolved(&root, "/?p=1.2"), Ok(root.join("index.html")));
        assert_eq!(resolved(&root, "/pkg/a.wasm"), Ok(root.join("pkg/a.wasm")));
        assert_eq!(
            resolved(&root, "/pkg/%61.wasm"),
            Ok(root.join("pkg/a.wasm"))
        );
        for bad in [
            "/../etc/passwd",
            "/pkg/../../x",
            "/%2e%2e/x",
            "/pkg/%2E%2E/%2e%2e/x",
            "//etc/passwd",
            "/a%5c..%5cb",
            "/%zz",
            "relative",
        ] {
            assert_eq!(resolved(&root, bad), Err(403), "{bad}");
        }
        assert_eq!(resolved(&root, "/missing.js"), Err(404));
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_root_is_refused() {
        let dir = page();
        let root = dir.path().canonicalize().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), root.join("link")).unwrap();
        assert_eq!(resolved(&root, "/link"), Err(403));
    }

    #[test]
    fn a_folder_without_the_built_page_says_how_to_build_it() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("index.html"), "page").unwrap();
        let message = Page::new(Some(dir.path())).err().unwrap().to_string();
        assert!(message.contains("run web/build"), "{message}");
        let empty = tempfile::tempdir().unwrap();
        let message = Page::new(Some(empty.path())).err().unwrap().to_string();
        assert!(message.contains("--root DIR"), "{message}");
    }

    #[test]
    fn the_built_in_page_has_its_module_and_a_hashed_webassembly() {
        let page = Page::new(None).unwrap();
        for target in ["/", "/app.js", "/worker.js", "/pkg/sudoku_sat_web.js"] {
            assert!(page.find(target).is_ok(), "{target}");
        }
        let wasm: Vec<&str> = PKG
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| name.ends_with(".wasm"))
            .collect();
        assert_eq!(wasm.len(), 1, "{wasm:?}");
        assert!(super::super::http::is_hashed(wasm[0]), "{}", wasm[0]);
        // The module's JavaScript loads that file by that name.
        let glue = PKG
            .iter()
            .find(|(name, _)| name.ends_with(".js"))
            .unwrap()
            .1;
        let name = wasm[0].trim_start_matches("pkg/");
        assert!(String::from_utf8_lossy(glue).contains(name), "{name}");
        assert!(page.find("/../Cargo.toml").is_err());
        assert!(matches!(page.find("/missing.js"), Err(404)));
    }
}
