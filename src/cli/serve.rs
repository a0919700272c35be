//! `serve`: the page in `web/` on a small static file server at 127.0.0.1.
//!
//! The page runs the solver in the browser, compiled to WebAssembly, so
//! the server only hands out files: GET and HEAD, no state. It listens on
//! the loopback address only, answers each connection on a thread of its
//! own (a browser opens several at once) and closes it after one
//! response. Paths are percent-decoded and then refused when they hold a
//! `..`, a backslash or a NUL, and every file is checked, once its
//! symbolic links are resolved, to lie under the page's folder.

use std::fs;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Args;

use super::{Status, say};

/// The default port: 8096, after Project Euler's problem 96.
const DEFAULT_PORT: u16 = 8096;

/// The file the page's module is loaded from; its absence means the page
/// was not built.
const BUILT: &str = "pkg/sudoku_sat_web.js";

/// The longest request head read, in bytes: a browser's GET is well
/// under this even with a long `?p=` puzzle in the request line.
const MAX_HEAD: u64 = 256 << 10;

/// Serve the page that solves puzzles in the browser (web/, built by
/// web/build) at http://127.0.0.1:P/.
///
/// The solver runs in the page as WebAssembly; the server only hands
/// out the page's files, on the loopback address, until stopped. The
/// URL is printed on stdout at start. Opened as `/?p=PUZZLE` (a
/// URL-encoded puzzle line or f-puzzles payload), the page solves the
/// puzzle at once.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on, at 127.0.0.1; 0 picks a free one (the URL
    /// printed on start names it).
    #[arg(long, short, value_name = "P", default_value_t = DEFAULT_PORT)]
    port: u16,

    /// The page's folder: `web/` of the sudoku-sat repository, after
    /// `web/build` has built its WebAssembly into `web/pkg/`. Default:
    /// `./web` when it holds the page, else the `web/` folder of the
    /// source tree this program was built from.
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

/// Runs `serve` until the process is stopped.
pub fn serve(args: ServeArgs) -> anyhow::Result<Status> {
    let root = page_root(args.root.as_deref())?;
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            anyhow::anyhow!(
                "port {} is taken: stop what uses it, or pass --port P (0 picks a free port)",
                args.port
            )
        } else {
            anyhow::Error::new(e).context(format!("cannot listen on 127.0.0.1:{}", args.port))
        }
    })?;
    let port = listener.local_addr()?.port();
    // The URL is the one line on stdout, flushed at once, so that a
    // script can read the port chosen by --port 0.
    let mut out = io::stdout().lock();
    writeln!(out, "http://127.0.0.1:{port}/")?;
    out.flush()?;
    drop(out);
    say::note(format_args!(
        "serving {} at http://127.0.0.1:{port}/ (Ctrl-C stops)",
        root.display()
    ));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let root = root.clone();
        std::thread::spawn(move || {
            // A client that goes away mid-answer is no fault of ours.
            let _ = answer(stream, &root);
        });
    }
    Ok(Status::Success)
}

/// Returns the page's folder, canonical, or says how to build or find it.
fn page_root(root: Option<&Path>) -> anyhow::Result<PathBuf> {
    let chosen = match root {
        Some(dir) => dir.to_path_buf(),
        None => {
            let here = PathBuf::from("web");
            if here.join("index.html").is_file() {
                here
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
            }
        }
    };
    if !chosen.join("index.html").is_file() {
        bail!(
            "{}: no page here (index.html is missing); pass --root DIR, the web/ folder of the \
             sudoku-sat repository",
            chosen.display()
        );
    }
    if !chosen.join(BUILT).is_file() {
        bail!(
            "{}: the page is not built ({BUILT} is missing); run web/build in the sudoku-sat \
             repository first",
            chosen.display()
        );
    }
    chosen
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", chosen.display()))
}

/// Reads one request and writes its response.
fn answer(stream: TcpStream, root: &Path) -> io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?.take(MAX_HEAD));
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // Read the rest of the head so the client sees an orderly close.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut out = stream;
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let head_only = method == "HEAD";
    if method != "GET" && !head_only {
        return respond(&mut out, 405, "text/plain", b"only GET and HEAD\n", false);
    }
    match resolve(root, target) {
        Ok(path) => match fs::read(&path) {
            Ok(body) => respond(&mut out, 200, mime_type(&path), &body, head_only),
            Err(_) => respond(&mut out, 404, "text/plain", b"not found\n", head_only),
        },
        Err(code) => {
            let body: &[u8] = if code == 403 {
                b"forbidden\n"
            } else {
                b"not found\n"
            };
            respond(&mut out, code, "text/plain", body, head_only)
        }
    }
}

/// Maps a request target to a file under `root` (canonical), or to the
/// status that refuses it: 403 for a path that tries to leave the folder
/// or cannot be decoded, 404 for one that names no file.
fn resolve(root: &Path, target: &str) -> Result<PathBuf, u16> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let Some(path) = path.strip_prefix('/') else {
        return Err(403);
    };
    let decoded = percent_decode(path).ok_or(403u16)?;
    if decoded.contains(['\\', '\0'])
        || decoded.split('/').any(|segment| segment == "..")
        || decoded.starts_with('/')
    {
        return Err(403);
    }
    let mut file = root.join(&decoded);
    if decoded.is_empty() || decoded.ends_with('/') || file.is_dir() {
        file = file.join("index.html");
    }
    let file = file.canonicalize().map_err(|_| 404u16)?;
    if !file.starts_with(root) {
        return Err(403);
    }
    if !file.is_file() {
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

/// Returns the Content-Type of a file, by its extension. WebAssembly must
/// be `application/wasm` for browsers to compile it while it downloads,
/// and modules must be JavaScript for them to run at all.
fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "txt" | "toml" | "cnf" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Writes a whole response and closes the connection.
///
/// Every response makes the page cross-origin isolated (the opener and
/// embedder policies below): the page loads nothing from elsewhere, and
/// isolation gives `performance.now` in its worker a resolution of 5 µs
/// instead of 100 µs in Chromium, which the solving times it shows and
/// measures (`bench.html`) need on puzzles solved in a millisecond.
fn respond(
    out: &mut TcpStream,
    code: u16,
    mime: &str,
    body: &[u8],
    head_only: bool,
) -> io::Result<()> {
    let reason = match code {
        200 => "OK",
        403 => "Forbidden",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    write!(
        out,
        "HTTP/1.1 {code} {reason}\r\nContent-Type: {mime}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n\
         Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Embedder-Policy: require-corp\r\n\
         Connection: close\r\n\r\n",
        body.len()
    )?;
    if !head_only {
        out.write_all(body)?;
    }
    out.flush()
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

    #[test]
    fn paths_resolve_under_the_root_and_nowhere_else() {
        let dir = page();
        let root = dir.path().canonicalize().unwrap();
        assert_eq!(resolve(&root, "/"), Ok(root.join("index.html")));
        assert_eq!(resolve(&root, "/?p=1.2"), Ok(root.join("index.html")));
        assert_eq!(resolve(&root, "/pkg/a.wasm"), Ok(root.join("pkg/a.wasm")));
        assert_eq!(resolve(&root, "/pkg/%61.wasm"), Ok(root.join("pkg/a.wasm")));
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
            assert_eq!(resolve(&root, bad), Err(403), "{bad}");
        }
        assert_eq!(resolve(&root, "/missing.js"), Err(404));
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_root_is_refused() {
        let dir = page();
        let root = dir.path().canonicalize().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("secret"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), root.join("link")).unwrap();
        assert_eq!(resolve(&root, "/link"), Err(403));
    }

    #[test]
    fn webassembly_is_served_as_application_wasm() {
        assert_eq!(mime_type(Path::new("a/b.wasm")), "application/wasm");
        assert!(mime_type(Path::new("app.js")).starts_with("text/javascript"));
        assert!(mime_type(Path::new("index.html")).starts_with("text/html"));
    }

    #[test]
    fn a_folder_without_the_built_page_says_how_to_build_it() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("index.html"), "page").unwrap();
        let message = page_root(Some(dir.path())).unwrap_err().to_string();
        assert!(message.contains("run web/build"), "{message}");
        let empty = tempfile::tempdir().unwrap();
        let message = page_root(Some(empty.path())).unwrap_err().to_string();
        assert!(message.contains("--root DIR"), "{message}");
    }
}
