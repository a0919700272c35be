//! The little HTTP/1.1 `serve` speaks: the request head read and checked,
//! the response head written, content types, validators and gzip.

use std::io::{self, BufRead, Write};
use std::path::Path;

use flate2::Compression;
use flate2::write::GzEncoder;

/// What a request asks for, once its head is read.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    /// `true` for HEAD, `false` for GET.
    pub head_only: bool,
    /// The request target, as sent.
    pub target: String,
    /// Whether `Accept-Encoding` allows gzip.
    pub gzip: bool,
    /// The entity tags of `If-None-Match`, as sent (`*` included).
    pub if_none_match: Vec<String>,
}

/// Why a request head is refused: the status to answer with.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// 400: a request line without method, target and version, a head
    /// that is not UTF-8, or one cut off.
    BadRequest(&'static str),
    /// 400: a head longer than the limit the caller read up to, in bytes.
    TooLong(u64),
    /// 405: a method other than GET or HEAD.
    Method,
    /// 403: a `Host` other than the loopback address's names, as a page
    /// of another site sends after pointing its own name at 127.0.0.1
    /// (DNS rebinding), to read the served files; or such a name in the
    /// target's absolute form, which a server must take over `Host`.
    Host,
    /// 505: a version other than HTTP/1.0 and HTTP/1.1.
    Version,
}

/// Reads a request head, at most `limit` bytes of it (the caller bounds
/// `reader` to that), and returns the request, or why it is refused.
pub fn read_request(reader: &mut impl BufRead, limit: u64) -> io::Result<Result<Request, Refused>> {
    let mut lines = Vec::new();
    let mut line = Vec::new();
    let mut read = 0;
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line)?;
        read += n as u64;
        if n == 0 || !line.ends_with(b"\n") {
            // The head ended before its blank line: too long or cut off.
            if read >= limit {
                return Ok(Err(Refused::TooLong(limit)));
            }
            if lines.is_empty() && line.is_empty() {
                return Ok(Err(Refused::BadRequest("no request line\n")));
            }
            return Ok(Err(Refused::BadRequest("the request head is incomplete\n")));
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.is_empty() {
            // The blank line that ends the head, or, first, no request
            // line at all.
            if lines.is_empty() {
                return Ok(Err(Refused::BadRequest("no request line\n")));
            }
            break;
        }
        lines.push(text.to_vec());
    }
    let mut texts = Vec::with_capacity(lines.len());
    for line in lines {
        match String::from_utf8(line) {
            Ok(text) => texts.push(text),
            Err(_) => return Ok(Err(Refused::BadRequest("the request head is not UTF-8\n"))),
        }
    }
    Ok(parse_head(&texts))
}

/// Parses the request line and the headers `serve` reads.
fn parse_head(lines: &[String]) -> Result<Request, Refused> {
    let malformed = Refused::BadRequest("a request line is METHOD TARGET HTTP/1.1\n");
    let parts: Vec<&str> = lines[0].split(' ').collect();
    let [method, target, version] = parts[..] else {
        return Err(malformed);
    };
    // A method is a token (RFC 9110, 5.6.2); any but GET and HEAD is
    // refused as a method, whatever its target (`OPTIONS *`).
    let token = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    if method.is_empty() || !method.bytes().all(token) || !version.starts_with("HTTP/") {
        return Err(malformed);
    }
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(Refused::Version);
    }
    let head_only = match method {
        "GET" => false,
        "HEAD" => true,
        _ => return Err(Refused::Method),
    };
    // A server must take the absolute form of a target as well
    // (`GET http://127.0.0.1:8096/app.js`, RFC 9112, 3.2.2): its path is
    // what is asked for.
    let absolute = ["http://", "https://"]
        .iter()
        .find_map(|scheme| target.strip_prefix(scheme));
    let target = match absolute {
        Some(rest) => {
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            if !is_loopback_host(authority) {
                return Err(Refused::Host);
            }
            if path.is_empty() { "/" } else { path }
        }
        None => target,
    };
    if !target.starts_with('/') {
        return Err(malformed);
    }
    let mut request = Request {
        head_only,
        target: target.to_string(),
        gzip: false,
        if_none_match: Vec::new(),
    };
    let mut host = false;
    for header in &lines[1..] {
        let Some((name, value)) = header.split_once(':') else {
            return Err(Refused::BadRequest("a header line is NAME: VALUE\n"));
        };
        host |= name.eq_ignore_ascii_case("host");
        if name.eq_ignore_ascii_case("host") && !is_loopback_host(value.trim()) {
            return Err(Refused::Host);
        }
        if name.eq_ignore_ascii_case("accept-encoding") {
            request.gzip = accepts_gzip(value);
        } else if name.eq_ignore_ascii_case("if-none-match") {
            request
                .if_none_match
                .extend(value.split(',').map(|tag| tag.trim().to_string()));
        }
    }
    // HTTP/1.1 requires a Host header (RFC 9112, 3.2).
    if version == "HTTP/1.1" && !host {
        return Err(Refused::BadRequest(
            "an HTTP/1.1 request needs a Host header\n",
        ));
    }
    Ok(request)
}

/// Whether a `Host` value names the loopback address the server listens
/// on: `127.0.0.1` or `localhost` (or `[::1]`), with any port, since a
/// forwarded port may differ from ours.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split_once(']').map_or(host, |(address, _)| address),
        None => host.split_once(':').map_or(host, |(name, _)| name),
    };
    ["127.0.0.1", "localhost", "::1"]
        .iter()
        .any(|ours| name.eq_ignore_ascii_case(ours))
}

/// Whether an `Accept-Encoding` value allows gzip: `gzip` or `*` listed
/// with a weight above zero (RFC 9110, 12.5.3).
fn accepts_gzip(value: &str) -> bool {
    let weight = |name: &str| {
        value.split(',').find_map(|item| {
            let mut parts = item.split(';');
            let coding = parts.next()?.trim();
            if !coding.eq_ignore_ascii_case(name) {
                return None;
            }
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            Some(q)
        })
    };
    match weight("gzip") {
        Some(q) => q > 0.0,
        None => weight("*").is_some_and(|q| q > 0.0),
    }
}

/// Whether `If-None-Match` names `etag` (weak comparison: a `W/` prefix
/// is ignored) or is `*`.
pub fn matches(if_none_match: &[String], etag: &str) -> bool {
    if_none_match
        .iter()
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

/// Whether a file name carries its content's hash (`web/build` names the
/// WebAssembly `NAME.<16 hex digits>.wasm`), so that its URL changes with
/// its bytes and it can be cached for good.
pub fn is_hashed(path: &str) -> bool {
    let Some(stem) = path.strip_suffix(".wasm") else {
        return false;
    };
    stem.rsplit_once('.').is_some_and(|(_, hash)| {
        hash.len() == 16 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// Returns the Content-Type of a file, by its extension. WebAssembly must
/// be `application/wasm` for browsers to compile it while it downloads,
/// and modules must be JavaScript for them to run at all.
pub fn mime_type(path: &Path) -> &'static str {
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

/// Whether a type gains from gzip: text and WebAssembly (about a third of
/// its size), not images, which are compressed already.
pub fn compressible(mime: &str) -> bool {
    !mime.starts_with("image/png") && !mime.starts_with("image/x-icon")
}

/// Returns `bytes` gzipped (flate2's default level).
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 3), Compression::default());
    // Writing to a Vec cannot fail.
    encoder.write_all(bytes).expect("gzip into memory");
    encoder.finish().expect("gzip into memory")
}

/// The reason phrase of a status `serve` answers with.
fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        304 => "Not Modified",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}

/// The response head's variable part; the fixed headers are written by
/// [`write_head`].
pub struct Head<'a> {
    /// The status code.
    pub code: u16,
    /// The Content-Type.
    pub mime: &'a str,
    /// The body's length, or `None` for a body that ends when the
    /// connection closes (a file gzipped as it is sent).
    pub length: Option<u64>,
    /// Extra header lines, each ending in `\r\n`.
    pub extra: String,
}

/// Writes a response head; the connection closes after the body.
///
/// Every response makes the page cross-origin isolated (the opener and
/// embedder policies below): the page loads nothing from elsewhere, and
/// isolation gives `performance.now` in its worker a resolution of 5 µs
/// instead of 100 µs in Chromium, which the solving times it shows and
/// measures (`bench.html`) need on puzzles solved in a millisecond.
pub fn write_head(out: &mut impl Write, head: &Head) -> io::Result<()> {
    let code = head.code;
    let mut text = format!(
        "HTTP/1.1 {code} {}\r\nContent-Type: {}\r\n",
        reason(code),
        head.mime
    );
    if let Some(length) = head.length {
        text.push_str(&format!("Content-Length: {length}\r\n"));
    }
    text.push_str(&head.extra);
    text.push_str(
        "X-Content-Type-Options: nosniff\r\nCross-Origin-Opener-Policy: same-origin\r\n\
         Cross-Origin-Embedder-Policy: require-corp\r\nConnection: close\r\n\r\n",
    );
    out.write_all(text.as_bytes())
}

/// Writes a short plain-text response: an error or a refusal.
pub fn write_text(
    out: &mut impl Write,
    code: u16,
    body: &str,
    extra: &str,
    head_only: bool,
) -> io::Result<()> {
    let head = Head {
        code,
        mime: "text/plain; charset=utf-8",
        length: Some(body.len() as u64),
        extra: format!("Cache-Control: no-store\r\n{extra}"),
    };
    write_head(out, &head)?;
    if !head_only {
        out.write_all(body.as_bytes())?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(head: &[u8]) -> Result<Request, Refused> {
        read_request(&mut &head[..], 1 << 20).unwrap()
    }

    #[test]
    fn a_get_with_its_headers_is_read() {
        let request = parse(
            b"GET /a.js?p=1 HTTP/1.1\r\nHost: 127.0.0.1:8096\r\nAccept-Encoding: br, gzip;q=0.5\r\n\
              If-None-Match: \"1\", W/\"2\"\r\n\r\n",
        )
        .unwrap();
        assert_eq!(request.target, "/a.js?p=1");
        assert!(!request.head_only);
        assert!(request.gzip);
        assert!(matches(&request.if_none_match, "\"2\""));
        assert!(!matches(&request.if_none_match, "\"3\""));
    }

    #[test]
    fn bad_heads_are_refused_with_400_and_other_methods_with_405() {
        for bad in [
            &b"\r\n\r\n"[..],
            b"/ HTTP/1.1\r\n\r\n",
            b" / HTTP/1.1\r\n\r\n",
            b"GET\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n",
            b"GET /\xff HTTP/1.1\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\n",
            b"",
        ] {
            assert!(
                matches!(parse(bad), Err(Refused::BadRequest(_))),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
        assert_eq!(parse(b"POST / HTTP/1.1\r\n\r\n"), Err(Refused::Method));
        assert_eq!(parse(b"DELETE /x HTTP/1.1\r\n\r\n"), Err(Refused::Method));
        // Other methods whatever their target, and methods that are
        // tokens but not letters alone.
        for other in [
            &b"OPTIONS * HTTP/1.1\r\n\r\n"[..],
            b"CONNECT 127.0.0.1:22 HTTP/1.1\r\n\r\n",
            b"M-SEARCH * HTTP/1.1\r\n\r\n",
        ] {
            assert_eq!(parse(other), Err(Refused::Method));
        }
        assert!(parse(b"HEAD / HTTP/1.0\r\n\r\n").unwrap().head_only);
        // HTTP/1.1 needs a Host; other versions are not spoken.
        assert!(matches!(
            parse(b"GET / HTTP/1.1\r\n\r\n"),
            Err(Refused::BadRequest(why)) if why.contains("Host")
        ));
        for version in ["HTTP/9.9", "HTTP/2", "HTTP/1.10"] {
            let head = format!("GET / {version}\r\nHost: 127.0.0.1\r\n\r\n");
            assert_eq!(parse(head.as_bytes()), Err(Refused::Version), "{version}");
        }
    }

    #[test]
    fn an_absolute_target_asks_for_its_path() {
        let request = parse(b"GET http://127.0.0.1:8096/app.js?p=1 HTTP/1.0\r\n\r\n").unwrap();
        assert_eq!(request.target, "/app.js?p=1");
        assert_eq!(
            parse(b"GET http://localhost HTTP/1.1\r\nHost: localhost\r\n\r\n")
                .unwrap()
                .target,
            "/"
        );
        // The target's host is the one asked for, whatever Host says.
        assert_eq!(
            parse(b"GET http://evil.com/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
            Err(Refused::Host)
        );
    }

    #[test]
    fn only_the_loopback_names_are_answered() {
        for ours in [
            "127.0.0.1:8096",
            "localhost",
            "LOCALHOST:1",
            "[::1]:8096",
            "127.0.0.1",
        ] {
            let head = format!("GET / HTTP/1.1\r\nHost: {ours}\r\n\r\n");
            assert!(parse(head.as_bytes()).is_ok(), "{ours}");
        }
        for other in [
            "evil.example:8096",
            "127.0.0.2",
            "localhost.evil.example",
            "",
        ] {
            let head = format!("GET / HTTP/1.1\r\nHost: {other}\r\n\r\n");
            assert_eq!(parse(head.as_bytes()), Err(Refused::Host), "{other}");
        }
    }

    #[test]
    fn a_head_past_the_limit_is_called_too_long() {
        let long = format!("GET /?p={} HTTP/1.1\r\n\r\n", "a".repeat(300));
        let refused = read_request(&mut std::io::Read::take(long.as_bytes(), 100), 100).unwrap();
        assert_eq!(refused, Err(Refused::TooLong(100)));
        let cut = b"GET / HTTP/1.1\r\nHost: x";
        assert_eq!(
            read_request(&mut &cut[..], 100).unwrap(),
            Err(Refused::BadRequest("the request head is incomplete\n"))
        );
    }

    #[test]
    fn gzip_is_used_only_when_accepted() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("GZIP"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("gzip;q=0, *"));
        assert!(!accepts_gzip("br, deflate"));
        assert!(!accepts_gzip("identity"));
    }

    #[test]
    fn only_content_hashed_webassembly_is_immutable() {
        assert!(is_hashed("pkg/sudoku_sat_web_bg.0123456789abcdef.wasm"));
        assert!(!is_hashed("pkg/sudoku_sat_web_bg.wasm"));
        assert!(!is_hashed("pkg/a.0123456789abcdef.js"));
        assert!(!is_hashed("pkg/a.0123456789ABCDEF.wasm"));
    }

    #[test]
    fn webassembly_is_served_as_application_wasm() {
        assert_eq!(mime_type(Path::new("a/b.wasm")), "application/wasm");
        assert!(mime_type(Path::new("app.js")).starts_with("text/javascript"));
        assert!(mime_type(Path::new("index.html")).starts_with("text/html"));
    }

    #[test]
    fn gzip_round_trips() {
        use std::io::Read;
        let text = b"the page ".repeat(100);
        let packed = gzip(&text);
        assert!(packed.len() < text.len() / 4);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text);
    }
}
