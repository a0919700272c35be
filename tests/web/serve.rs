//! `sudoku-sat serve` over real sockets: the built-in page, gzip, entity
//! tags and 304, the immutable WebAssembly, streaming from `--root`, the
//! refusals (400, 403, 404, 405) and the cap on connections.

use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::run_cli;

/// `sudoku-sat serve --port 0` with extra arguments, killed on drop.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(args: &[&std::ffi::OsStr]) -> Server {
        Server::start_in(args, Path::new("."))
    }

    /// Starts the server in the folder `dir`.
    fn start_in(args: &[&std::ffi::OsStr], dir: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .trim()
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .expect("serve prints http://127.0.0.1:PORT/");
        Server { child, port }
    }

    fn built_in() -> Server {
        Server::start(&[])
    }

    fn root(dir: &Path) -> Server {
        Server::start(&["--root".as_ref(), dir.as_os_str()])
    }

    /// Sends `request` as it is and returns the response head and body.
    fn raw(&self, request: &[u8]) -> (String, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(request).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let at = response
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a response head");
        let head = String::from_utf8(response[..at].to_vec()).unwrap();
        (head, response[at + 4..].to_vec())
    }

    /// GETs `target` with extra header lines.
    fn get(&self, target: &str, headers: &str) -> (String, Vec<u8>) {
        self.raw(format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n").as_bytes())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Returns a header's value from a response head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("a gzip body");
    out
}

/// The page's folder in this checkout.
fn web() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
}

/// The committed WebAssembly's file name, from web/pkg/.
fn wasm_name() -> String {
    let names: Vec<String> = std::fs::read_dir(web().join("pkg"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".wasm"))
        .collect();
    assert_eq!(names.len(), 1, "one WebAssembly file in web/pkg: {names:?}");
    names[0].clone()
}

#[test]
fn the_built_in_page_is_the_one_in_web_and_runs_from_any_folder() {
    // Started in an empty folder: nothing on disk to find.
    let empty = tempfile::tempdir().unwrap();
    let server = Server::start_in(&[], empty.path());
    let pkg = format!("pkg/{}", wasm_name());
    let files =
        super::PAGE_FILES
            .iter()
            .copied()
            .chain(["bench.html", "pkg/sudoku_sat_web.js", &pkg]);
    for file in files {
        let (head, body) = server.get(&format!("/{file}"), "");
        assert!(head.starts_with("HTTP/1.1 200"), "{file}: {head}");
        assert!(
            body == std::fs::read(web().join(file)).unwrap(),
            "{file}: the served bytes are not web/{file}"
        );
    }
    let (_, index) = server.get("/?p=1.2", "");
    assert_eq!(index, std::fs::read(web().join("index.html")).unwrap());
    // The module names the WebAssembly served.
    let (_, glue) = server.get("/pkg/sudoku_sat_web.js", "");
    assert!(String::from_utf8_lossy(&glue).contains(&wasm_name()));
}

#[test]
fn files_are_gzipped_when_the_browser_accepts_it() {
    let server = Server::built_in();
    let plain = server.get("/app.js", "");
    let packed = server.get("/app.js", "Accept-Encoding: gzip, deflate, br\r\n");
    let refused = server.get("/app.js", "Accept-Encoding: gzip;q=0, identity\r\n");
    assert_eq!(header(&plain.0, "Content-Encoding"), None, "{}", plain.0);
    assert_eq!(
        header(&refused.0, "Content-Encoding"),
        None,
        "{}",
        refused.0
    );
    assert_eq!(refused.1, plain.1);
    assert_eq!(header(&packed.0, "Content-Encoding"), Some("gzip"));
    assert_eq!(header(&packed.0, "Vary"), Some("Accept-Encoding"));
    assert_eq!(
        header(&packed.0, "Content-Length"),
        Some(packed.1.len().to_string().as_str())
    );
    assert_eq!(gunzip(&packed.1), plain.1);
    assert!(packed.1.len() < plain.1.len() / 2);

    // A --root folder's file, gzipped as it is streamed.
    let dir = page_folder();
    let text = "a line of the page\n".repeat(5000);
    std::fs::write(dir.path().join("big.txt"), &text).unwrap();
    let server = Server::root(dir.path());
    let (head, body) = server.get("/big.txt", "Accept-Encoding: gzip\r\n");
    assert_eq!(header(&head, "Content-Encoding"), Some("gzip"), "{head}");
    assert_eq!(gunzip(&body), text.as_bytes());
}

#[test]
fn an_entity_tag_answers_304_and_the_hashed_webassembly_is_immutable() {
    let server = Server::built_in();
    let (head, _) = server.get("/app.js", "");
    let etag = header(&head, "ETag").expect("an ETag").to_string();
    assert_eq!(header(&head, "Cache-Control"), Some("no-cache"));
    let (again, body) = server.get("/app.js", &format!("If-None-Match: {etag}\r\n"));
    assert!(again.starts_with("HTTP/1.1 304"), "{again}");
    assert!(body.is_empty());
    let (other, body) = server.get("/app.js", "If-None-Match: \"0\"\r\n");
    assert!(other.starts_with("HTTP/1.1 200"), "{other}");
    assert!(!body.is_empty());
    // The gzipped copy has a tag of its own.
    let (packed, _) = server.get("/app.js", "Accept-Encoding: gzip\r\n");
    assert_ne!(header(&packed, "ETag"), Some(etag.as_str()));

    let (wasm, _) = server.get(&format!("/pkg/{}", wasm_name()), "");
    assert!(wasm.contains("Content-Type: application/wasm"), "{wasm}");
    let cache = header(&wasm, "Cache-Control").unwrap();
    assert!(cache.contains("immutable"), "{cache}");

    // A --root file's tag changes with the file.
    let dir = page_folder();
    let server = Server::root(dir.path());
    let (head, _) = server.get("/index.html", "");
    let etag = header(&head, "ETag").unwrap().to_string();
    let (same, _) = server.get("/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert!(same.starts_with("HTTP/1.1 304"), "{same}");
    std::fs::write(dir.path().join("index.html"), "a longer page").unwrap();
    let (changed, body) = server.get("/index.html", &format!("If-None-Match: {etag}\r\n"));
    assert!(changed.starts_with("HTTP/1.1 200"), "{changed}");
    assert_eq!(body, b"a longer page");
}

#[test]
fn other_methods_get_405_and_malformed_heads_400() {
    let server = Server::built_in();
    let (head, _) = server.raw(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 405"), "{head}");
    assert_eq!(header(&head, "Allow"), Some("GET, HEAD"));
    let (head, body) = server.raw(b"HEAD /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(body.is_empty());
    for bad in [
        &b"/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"[..],
        b" / HTTP/1.1\r\n\r\n",
        b"\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n",
        b"GET /\xc3 HTTP/1.1\r\n\r\n",
    ] {
        let (head, _) = server.raw(bad);
        assert!(
            head.starts_with("HTTP/1.1 400"),
            "{}: {head}",
            String::from_utf8_lossy(bad)
        );
    }
    let (escape, _) = server.get("/../Cargo.toml", "");
    let (encoded, _) = server.get("/pkg/%2e%2e/%2e%2e/Cargo.toml", "");
    let (missing, _) = server.get("/nothing.js", "");
    assert!(escape.starts_with("HTTP/1.1 403"), "{escape}");
    assert!(encoded.starts_with("HTTP/1.1 403"), "{encoded}");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
}

/// Other methods get 405 whatever their target, an absolute target asks
/// for its path, a page of another site (its name pointed at 127.0.0.1)
/// gets 403, and so do a `--root` folder's hidden files.
#[test]
fn other_hosts_and_hidden_files_are_refused_and_any_method_named() {
    let dir = page_folder();
    std::fs::write(dir.path().join(".env"), "secret").unwrap();
    let server = Server::root(dir.path());
    for other in [
        &b"OPTIONS * HTTP/1.1\r\n\r\n"[..],
        b"M-SEARCH * HTTP/1.1\r\n\r\n",
    ] {
        let (head, _) = server.raw(other);
        assert!(head.starts_with("HTTP/1.1 405"), "{head}");
    }
    let absolute = format!("GET http://127.0.0.1:{}/ HTTP/1.0\r\n\r\n", server.port);
    let (head, body) = server.raw(absolute.as_bytes());
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(body, b"page");
    // HTTP/1.1 without a Host, and versions the server does not speak.
    let (head, _) = server.raw(b"GET / HTTP/1.1\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    let (head, _) = server.raw(b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 505"), "{head}");
    let (head, body) = server.raw(b"GET / HTTP/1.1\r\nHost: rebound.example:8096\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    assert!(String::from_utf8_lossy(&body).contains("only at 127.0.0.1"));
    let (head, body) = server.get("/.env", "");
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    assert!(!String::from_utf8_lossy(&body).contains("secret"));
    let (head, _) = server.get("/localhost-is-fine", "Host: localhost\r\n");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
}

/// A head longer than the server reads is called too long, not cut off.
#[test]
fn a_head_too_long_says_so() {
    let server = Server::built_in();
    let (head, body) = server.get(&format!("/?p={}", "a".repeat(300 << 10)), "");
    assert!(head.starts_with("HTTP/1.1 400"), "{head}");
    assert_eq!(body, b"the request head is longer than 256 KiB\n");
}

/// Clients that hold connections open without a request take at most
/// the server's cap of connections: one past it is closed unanswered, the
/// server stays up, and it answers again once they go.
#[test]
fn idle_connections_past_the_cap_are_closed_and_the_server_lives_on() {
    let server = Server::built_in();
    let idle: Vec<TcpStream> = (0..64)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\n").unwrap();
            s
        })
        .collect();
    // The server counts a connection once it accepts it: give it time.
    std::thread::sleep(Duration::from_millis(500));
    let mut extra = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    extra
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let _ = extra.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    let mut response = Vec::new();
    let _ = extra.read_to_end(&mut response);
    assert!(
        response.is_empty(),
        "{}",
        String::from_utf8_lossy(&response)
    );
    drop(idle);
    std::thread::sleep(Duration::from_millis(500));
    let (head, _) = server.get("/", "");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
}

/// A --root folder with the files `serve` looks for.
fn page_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "page").unwrap();
    std::fs::create_dir(dir.path().join("pkg")).unwrap();
    std::fs::write(dir.path().join("pkg/sudoku_sat_web.js"), "").unwrap();
    dir
}

/// The server's resident memory, in KiB (Linux).
#[cfg(target_os = "linux")]
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

/// Six readers of a 256 MiB file that read only its first bytes: the
/// server streams, so it holds a buffer per reader, not the file six
/// times (1.5 GiB read whole).
#[cfg(target_os = "linux")]
#[test]
fn slow_readers_of_a_large_file_do_not_hold_it_in_memory() {
    let dir = page_folder();
    let big = std::fs::File::create(dir.path().join("big.bin")).unwrap();
    // Sparse: no disk space, and read back as zeros.
    big.set_len(256 << 20).unwrap();
    drop(big);
    let server = Server::root(dir.path());
    let readers: Vec<TcpStream> = (0..6)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(20)))
                .unwrap();
            write!(stream, "GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
            // The head and the first bytes of the body: the server is
            // now sending, with the reader no longer reading.
            let mut first = vec![0u8; 64 << 10];
            stream.read_exact(&mut first).unwrap();
            assert!(first.starts_with(b"HTTP/1.1 200"));
            stream
        })
        .collect();
    let kib = resident_kib(server.child.id());
    assert!(
        kib < 128 << 10,
        "the server holds {kib} KiB for six readers"
    );
    drop(readers);
}

#[test]
fn serve_says_how_to_build_a_page_that_is_not_built() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "page").unwrap();
    let root = dir.path().to_str().unwrap();
    let run = run_cli(&["serve", "--port", "0", "--root", root], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("run web/build"), "{}", run.stderr);
}

#[test]
fn serve_says_when_the_port_is_taken() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let run = run_cli(&["serve", "--port", &port], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with(&format!("error: port {port} is taken")),
        "{}",
        run.stderr
    );
}
