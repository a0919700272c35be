//! Headless Chromium driven over the DevTools protocol, and the page
//! served by `sudoku-sat serve`, for the browser tests.
//!
//! `--dump-dom` cannot wait for the page: its virtual time runs out while
//! the solver works in a Web Worker. So the test starts Chromium with
//! `--remote-debugging-port=0`, reads the port it prints, and asks the
//! page over a WebSocket (RFC 6455, client frames masked) to evaluate a
//! promise that resolves once `#status` holds a result. Every step has a
//! timeout, and both processes are killed when the harness is dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one step may take: starting a process, loading the page,
/// solving.
pub const STEP: Duration = Duration::from_secs(60);

/// Returns the Chromium binary on PATH, if any.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A child process killed on drop.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads lines of a child's pipe on a thread until one holds `marker`,
/// and returns that line, or `None` after [`STEP`].
fn line_with(pipe: impl Read + Send + 'static, marker: &'static str) -> Option<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { return };
            if line.contains(marker) {
                let _ = send.send(line);
            }
        }
    });
    receive.recv_timeout(STEP).ok()
}

/// `sudoku-sat serve` on a free port, and a headless Chromium with a
/// DevTools port.
pub struct Harness {
    /// The page's URL, `http://127.0.0.1:PORT/`.
    pub url: String,
    devtools_port: u16,
    // Dropped in this order: the browser, its profile, then the server.
    _browser: Killed,
    _profile: tempfile::TempDir,
    _server: Killed,
}

impl Harness {
    /// Starts the server on the page built into the binary and the
    /// browser on a blank page.
    pub fn start(chromium: &Path) -> Harness {
        Harness::serving(chromium, None)
    }

    /// Starts the server on `root` (`--root`), or on the built-in page,
    /// and the browser on a blank page.
    pub fn serving(chromium: &Path, root: Option<&Path>) -> Harness {
        let mut server = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
            .args(["serve", "--port", "0"])
            .args(
                root.map(|r| [std::ffi::OsStr::new("--root"), r.as_os_str()])
                    .into_iter()
                    .flatten(),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sudoku-sat serve starts");
        let stdout = server.stdout.take().expect("stdout is piped");
        let server = Killed(server);
        let url = line_with(stdout, "http://").expect("serve prints its URL");
        let profile = tempfile::tempdir().expect("a fresh profile folder");
        let mut browser = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                "--window-size=1400,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = browser.stderr.take().expect("stderr is piped");
        let browser = Killed(browser);
        let line = line_with(stderr, "DevTools listening on ws://")
            .expect("chromium prints its DevTools address");
        let devtools_port = line
            .split("ws://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .expect("the DevTools address has a port");
        Harness {
            url,
            devtools_port,
            _browser: browser,
            _profile: profile,
            _server: server,
        }
    }

    /// Opens a new tab, loads `url` in it and returns a connection to it
    /// once the page has fired its load event.
    pub fn open(&self, url: &str) -> Page {
        let target = http_json(self.devtools_port, "PUT /json/new?about:blank");
        let ws = target["webSocketDebuggerUrl"]
            .as_str()
            .expect("a new tab has a WebSocket address");
        let mut page = Page {
            socket: WebSocket::connect(ws),
            next_id: 0,
        };
        page.call("Page.enable", json!({}));
        page.call("Page.navigate", json!({ "url": url }));
        page.wait_for("Page.loadEventFired");
        page
    }
}

/// Percent-encodes every byte but the unreserved ones.
pub fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Sends one HTTP request line to the DevTools port and returns the JSON
/// body.
fn http_json(port: u16, request_line: &str) -> Value {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the DevTools port answers");
    stream.set_read_timeout(Some(STEP)).unwrap();
    write!(
        stream,
        "{request_line} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    // The DevTools server keeps the connection open: read the head, then
    // exactly Content-Length bytes.
    let mut reader = BufReader::new(stream);
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a response head");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().expect("a length");
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).expect("a body");
    serde_json::from_slice(&body).expect("the body is JSON")
}

/// One tab, driven over its DevTools WebSocket.
pub struct Page {
    socket: WebSocket,
    next_id: u64,
}

impl Page {
    /// Calls a DevTools method and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({ "id": id, "method": method, "params": params });
        self.socket.send(&message.to_string());
        let deadline = Instant::now() + STEP;
        loop {
            assert!(Instant::now() < deadline, "{method}: no answer in time");
            let answer: Value = serde_json::from_str(&self.socket.receive()).expect("JSON");
            if answer["id"] == id {
                assert!(answer["error"].is_null(), "{method}: {}", answer["error"]);
                return answer["result"].clone();
            }
        }
    }

    /// Waits for an event of the tab, dropping others.
    fn wait_for(&mut self, event: &str) {
        let deadline = Instant::now() + STEP;
        loop {
            assert!(Instant::now() < deadline, "no {event} in time");
            let message: Value = serde_json::from_str(&self.socket.receive()).expect("JSON");
            if message["method"] == event {
                return;
            }
        }
    }

    /// Evaluates a JavaScript expression, awaiting it when it is a
    /// promise, and returns its value.
    pub fn evaluate(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "awaitPromise": true, "returnByValue": true }),
        );
        assert!(
            result["exceptionDetails"].is_null(),
            "{expression}: {}",
            result["exceptionDetails"]
        );
        result["result"]["value"].clone()
    }

    /// Waits until the page has written a status, and returns the test
    /// hook's `(status, solution line)`.
    pub fn hook(&mut self) -> (String, String) {
        let value = self.evaluate(&format!(
            "new Promise((resolve) => {{
               const start = Date.now();
               const poll = () => {{
                 const status = document.getElementById('status');
                 const line = document.getElementById('solution-line');
                 if (status && status.textContent) {{
                   resolve([status.textContent, line.textContent]);
                 }} else if (Date.now() - start > {}) {{
                   resolve(['(no status in time)', '']);
                 }} else {{
                   setTimeout(poll, 50);
                 }}
               }};
               poll();
             }})",
            STEP.as_millis() - 5_000
        ));
        let text = |i: usize| value[i].as_str().unwrap_or_default().to_string();
        (text(0), text(1))
    }
}

/// A WebSocket client: text frames only, which is all DevTools sends.
struct WebSocket {
    stream: TcpStream,
}

impl WebSocket {
    /// Connects to `ws://host:port/path` and completes the handshake.
    fn connect(url: &str) -> WebSocket {
        let rest = url.strip_prefix("ws://").expect("a ws:// address");
        let (host, path) = rest.split_at(rest.find('/').expect("a path"));
        let mut stream = TcpStream::connect(host).expect("the tab's socket answers");
        stream.set_read_timeout(Some(STEP)).unwrap();
        stream.set_write_timeout(Some(STEP)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut byte).expect("a handshake answer");
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(
            head.starts_with("HTTP/1.1 101"),
            "handshake refused: {head}"
        );
        WebSocket { stream }
    }

    /// Sends one masked text frame.
    fn send(&mut self, text: &str) {
        let payload = text.as_bytes();
        let mut frame = vec![0x81u8];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n <= 0xFFFF => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        let mask = [0x5a, 0x17, 0xc3, 0x2e];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream
            .write_all(&frame)
            .expect("the tab takes a frame");
    }

    /// Receives one whole message, joining continuation frames.
    fn receive(&mut self) -> String {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.stream.read_exact(&mut head).expect("a frame in time");
            let length = match head[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.stream.read_exact(&mut n).unwrap();
                    u64::from(u16::from_be_bytes(n))
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.stream.read_exact(&mut n).unwrap();
                    u64::from_be_bytes(n)
                }
                n => u64::from(n),
            };
            let mut payload = vec![0u8; length as usize];
            self.stream.read_exact(&mut payload).unwrap();
            if head[0] & 0x0f <= 2 {
                message.extend_from_slice(&payload);
            }
            if head[0] & 0x80 != 0 && head[0] & 0x0f != 9 && head[0] & 0x0f != 10 {
                return String::from_utf8(message).expect("text frames are UTF-8");
            }
        }
    }
}

/// Decodes standard base64 (DevTools sends screenshots so).
pub fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0);
    for b in text.bytes().filter(|&b| b != b'=') {
        let value = ALPHABET.iter().position(|&a| a == b).expect("base64") as u32;
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}
