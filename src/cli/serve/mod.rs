//! `serve`: the page, built into the binary, on a small static file
//! server at 127.0.0.1.
//!
//! The page runs the solver in the browser, compiled to WebAssembly, so
//! the server only hands out files: GET and HEAD, no state. It listens on
//! the loopback address only, answers each connection on a thread of its
//! own (a browser opens several at once; at most [`MAX_CONNECTIONS`] at a
//! time, each request head read by a deadline) and closes it after one
//! response. Requests naming another host than the loopback address are
//! refused (a defence against DNS rebinding). Files go out gzipped when
//! the browser accepts it, with an entity tag (304 when the browser has
//! them), and the WebAssembly, named by its content hash, is cached for
//! good. Files of a `--root` folder are streamed, never read whole. Paths
//! are percent-decoded and then refused when a segment starts with a dot
//! (`..`, hidden files) or they hold a backslash or a NUL, and every file
//! of a folder is checked, once its symbolic links are resolved, to lie
//! under it.

mod http;
mod page;

use std::io::{self, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use flate2::Compression;
use flate2::write::GzEncoder;

use super::{Status, say};
use http::{Head, Refused, Request};
use page::{Found, Page};

/// The default port: 8096, after Project Euler's problem 96.
const DEFAULT_PORT: u16 = 8096;

/// The longest request head read, in bytes: a browser's GET is well
/// under this even with a long `?p=` puzzle in the request line.
const MAX_HEAD: u64 = 256 << 10;

/// The longest wait for the next bytes of a request head, and for the
/// whole head: a client that sends a byte now and then (slow loris)
/// cannot hold its connection for longer.
const HEAD_PAUSE: Duration = Duration::from_secs(10);
const HEAD_DEADLINE: Duration = Duration::from_secs(30);

/// The most connections answered at once. A browser opens about six; the
/// rest are closed unanswered, so that clients holding connections open
/// cannot take every thread and file descriptor the process may have.
const MAX_CONNECTIONS: usize = 64;

/// The longest pause after a failed accept (no file descriptor left, say)
/// before the next try: pauses start at 10 ms and double.
const MAX_ACCEPT_PAUSE: Duration = Duration::from_secs(1);

/// Serve the page that solves puzzles in the browser at
/// http://127.0.0.1:P/.
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

    /// Serve the page from this folder instead of the copy built into
    /// the program: `web/` of the sudoku-sat repository, with the
    /// WebAssembly `web/build` writes into `web/pkg/` (for working on the
    /// page without rebuilding the program).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
}

/// Runs `serve` until the process is stopped.
pub fn serve(args: ServeArgs) -> anyhow::Result<Status> {
    let page = Arc::new(Page::new(args.root.as_deref())?);
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
        page.describe()
    ));
    let open = Arc::new(AtomicUsize::new(0));
    let mut pause = Duration::ZERO;
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, most often: trying again at once
            // would spin until a connection closes.
            pause = (pause * 2).clamp(Duration::from_millis(10), MAX_ACCEPT_PAUSE);
            std::thread::sleep(pause);
            continue;
        };
        pause = Duration::ZERO;
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        let page = Arc::clone(&page);
        let count = Arc::clone(&open);
        // A thread the system will not give (a limit on tasks) closes
        // this connection, not the server: the closure and its stream are
        // dropped.
        let spawned = std::thread::Builder::new().spawn(move || {
            // A client that goes away mid-answer is no fault of ours.
            let _ = answer(stream, &page);
            count.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(Status::Success)
}

/// A connection's reads, each waiting at most [`HEAD_PAUSE`] and all of
/// them ending by a deadline.
struct Deadline {
    stream: TcpStream,
    end: Instant,
}

impl Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left.min(HEAD_PAUSE)))?;
        self.stream.read(buf)
    }
}

/// Reads one request and writes its response.
fn answer(stream: TcpStream, page: &Page) -> io::Result<()> {
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let deadline = Deadline {
        stream: stream.try_clone()?,
        end: Instant::now() + HEAD_DEADLINE,
    };
    let mut reader = BufReader::new(deadline.take(MAX_HEAD));
    let request = http::read_request(&mut reader, MAX_HEAD)?;
    drop(reader);
    let mut out = stream;
    let refused = match request {
        Ok(request) => return answer_request(&mut out, &request, page),
        Err(refused) => refused,
    };
    let too_long;
    let (code, body, extra) = match refused {
        Refused::Host => (
            403,
            "this server answers only at 127.0.0.1 and localhost\n",
            "",
        ),
        Refused::Method => (405, "only GET and HEAD\n", "Allow: GET, HEAD\r\n"),
        Refused::Version => (505, "only HTTP/1.0 and HTTP/1.1\n", ""),
        Refused::BadRequest(why) => (400, why, ""),
        Refused::TooLong(limit) => {
            too_long = format!("the request head is longer than {} KiB\n", limit >> 10);
            (400, too_long.as_str(), "")
        }
    };
    http::write_text(&mut out, code, body, extra, false)?;
    // A refused request may be left partly unread (a head cut at the
    // limit, a body), and closing on unread bytes resets the connection,
    // which can throw the answer away before the client reads it.
    linger(&mut out)
}

/// Answers a request that was read whole and accepted.
fn answer_request(out: &mut TcpStream, request: &Request, page: &Page) -> io::Result<()> {
    match page.find(&request.target) {
        Ok(found) => send(out, request, found),
        Err(code) => {
            let body = if code == 403 {
                "forbidden\n"
            } else {
                "not found\n"
            };
            http::write_text(out, code, body, "", request.head_only)
        }
    }
}

/// Ends an answered connection whose request was not read to its end:
/// says it is done, then reads and drops what the client still sends
/// (up to [`MAX_HEAD`] more, for at most a second in all, however it
/// trickles), so that the close does not reset the connection under the
/// answer.
fn linger(out: &mut TcpStream) -> io::Result<()> {
    out.shutdown(std::net::Shutdown::Write)?;
    let mut rest = Deadline {
        stream: out.try_clone()?,
        end: Instant::now() + Duration::from_secs(1),
    };
    io::copy(&mut (&mut rest).take(MAX_HEAD), &mut io::sink())?;
    Ok(())
}

/// Sends a file: 304 when the browser's copy is current, else the file,
/// gzipped when the browser accepts it and its type gains from it.
fn send(out: &mut TcpStream, request: &Request, found: Found) -> io::Result<()> {
    let (path, etag) = match &found {
        Found::Embedded(file) => (Path::new(file.path), file.etag.as_str()),
        Found::Disk { path, etag, .. } => (path.as_path(), etag.as_str()),
    };
    let mime = http::mime_type(path);
    let gzip = request.gzip && http::compressible(mime);
    // A gzipped copy is another representation: its own tag, so that a
    // cache never answers one with the other.
    let etag = if gzip {
        format!("{}-gzip\"", etag.trim_end_matches('"'))
    } else {
        etag.to_string()
    };
    let name = path.to_str().unwrap_or("");
    let cache = if http::is_hashed(name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut extra = format!("ETag: {etag}\r\nCache-Control: {cache}\r\nVary: Accept-Encoding\r\n");
    if gzip {
        extra.push_str("Content-Encoding: gzip\r\n");
    }
    if http::matches(&request.if_none_match, &etag) {
        let head = Head {
            code: 304,
            mime,
            length: None,
            extra,
        };
        http::write_head(out, &head)?;
        return out.flush();
    }
    let length = match &found {
        Found::Embedded(file) if gzip => Some(file.gzip().len() as u64),
        Found::Embedded(file) => Some(file.bytes.len() as u64),
        // Gzipped as it goes, its length is not known: the body ends at
        // the close.
        Found::Disk { len, .. } => (!gzip).then_some(*len),
    };
    let head = Head {
        code: 200,
        mime,
        length,
        extra,
    };
    http::write_head(out, &head)?;
    if request.head_only {
        return out.flush();
    }
    match found {
        Found::Embedded(file) => out.write_all(if gzip { file.gzip() } else { file.bytes })?,
        // Streamed in io::copy's buffer, so a slow reader of a large file
        // holds a few kilobytes, not the file.
        Found::Disk { mut file, .. } if gzip => {
            let mut encoder = GzEncoder::new(&mut *out, Compression::default());
            io::copy(&mut file, &mut encoder)?;
            encoder.finish()?;
        }
        Found::Disk { mut file, .. } => {
            io::copy(&mut file, out)?;
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    /// A client that sends a byte now and then never finishes its head:
    /// the deadline ends the read, however short each pause.
    #[test]
    fn a_head_trickled_byte_by_byte_ends_at_the_deadline() {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let client = std::thread::spawn(move || {
            let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).unwrap();
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                .iter()
                .cycle()
                .take(40)
            {
                if stream.write_all(&[*byte]).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        let (stream, _) = listener.accept().unwrap();
        let start = Instant::now();
        let deadline = Deadline {
            stream,
            end: Instant::now() + Duration::from_millis(400),
        };
        let mut reader = BufReader::new(deadline.take(MAX_HEAD));
        let read = http::read_request(&mut reader, MAX_HEAD);
        // A socket's read timeout is WouldBlock or TimedOut, by platform
        // and by which read ran out (see `set_read_timeout`).
        let kind = read.unwrap_err().kind();
        assert!(
            matches!(kind, io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock),
            "{kind:?}"
        );
        assert!(start.elapsed() < Duration::from_millis(1500));
        drop(reader);
        client.join().unwrap();
    }
}
