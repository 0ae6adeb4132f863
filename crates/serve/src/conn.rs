//! One connection's deadlines and head limits, kept by a watchdog beside hyper.
//!
//! hyper's own header timeout starts only once hyper-util's version sniffing has read the
//! first bytes, so a connection that sends nothing would be held forever; and hyper answers
//! an oversized head with an empty body. So every connection's stream is [`Watched`]: its
//! reads scan each HTTP/1 request head (first byte, end, size, lines) and its requests are
//! counted by [`Watch::request`]; [`Watch::verdict`] sleeps until the deadline that applies
//! and says how the connection ends. The stream sits behind a mutex so that the watchdog can
//! take it back from hyper and write a JSON refusal (408, 414, 431) before closing.
//!
//! The deadlines: from accept, the first request's head within `head`; between requests,
//! the next one's first byte within `idle` of the last answer, and its head within `head` of
//! that byte. While a request is answered none applies (the request's own timeout does).
//! On HTTP/2 (its preface reads as a head) only the idle deadline applies, when no stream is
//! open: hyper's HTTP/2 limits bound the rest.

use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio::time::Instant;

/// The most bytes of a request head (request line and headers); more is answered 431.
pub const MAX_HEAD: usize = 16 << 10;

/// The most header lines of a request head; more is answered 431.
pub const MAX_HEADER_LINES: usize = 100;

/// The most bytes of a request line: a URI of [`super::MAX_URI`] bytes and room for the
/// method and version; a longer one is answered 414 before its end is read.
const MAX_REQUEST_LINE: usize = super::MAX_URI + 64;

/// HTTP/2's connection preface begins so; to the head scan it is a head of its own.
const HTTP2_PREFACE: &[u8; 14] = b"PRI * HTTP/2.0";

/// A connection's deadlines.
#[derive(Clone, Copy)]
pub struct Deadlines {
    /// From accept to the first head's end, and from a later head's first byte to its end.
    pub head: Duration,
    /// From an answer to the next request's first byte.
    pub idle: Duration,
}

/// How a connection ends when hyper has not ended it first.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    /// No request began in time: closed without a word.
    Silent,
    /// Idle past the keep-alive deadline: closed without a word.
    Idle,
    /// Refused with this status and reason, as JSON, then closed.
    Refused(StatusCode, String),
}

/// The head being read, byte by byte.
#[derive(Default)]
struct HeadScan {
    /// When its first byte came.
    started: Option<Instant>,
    bytes: usize,
    /// Lines ended so far (the request line is the first).
    lines: usize,
    /// The last bytes seen, to find `\r\n\r\n` across reads.
    tail: [u8; 3],
    /// Its first bytes, to tell HTTP/2's preface.
    opening: [u8; HTTP2_PREFACE.len()],
    done: bool,
}

/// What the watchdog knows of one connection.
struct State {
    accepted: Instant,
    /// Requests being answered now.
    in_flight: usize,
    /// Requests begun on this connection.
    requests: u64,
    /// Since when no request is being answered.
    idle_since: Instant,
    head: HeadScan,
    http2: bool,
    refused: Option<(StatusCode, String)>,
}

/// Shared by the stream, the service and the watchdog of one connection.
pub struct Watch {
    state: Mutex<State>,
    /// Rung when a refusal is decided.
    changed: Notify,
    /// The stream, until the watchdog takes it back to refuse.
    stream: Arc<Mutex<Option<TcpStream>>>,
}

impl Watch {
    /// The watch over a connection just accepted, and the stream to hand to hyper.
    pub fn new(stream: TcpStream) -> (Arc<Watch>, Watched) {
        let now = Instant::now();
        let stream = Arc::new(Mutex::new(Some(stream)));
        let state = State {
            accepted: now,
            in_flight: 0,
            requests: 0,
            idle_since: now,
            head: HeadScan::default(),
            http2: false,
            refused: None,
        };
        let watch = Arc::new(Watch { state: Mutex::new(state), changed: Notify::new(), stream: Arc::clone(&stream) });
        (Arc::clone(&watch), Watched { watch, stream })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A request begins (its head was read); the returned guard ends it when dropped.
    pub fn request(self: &Arc<Watch>) -> Answering {
        let mut state = self.state();
        state.in_flight += 1;
        state.requests += 1;
        state.head = HeadScan::default();
        Answering(Arc::clone(self))
    }

    /// Sleeps until the connection must end, and says how.
    pub async fn verdict(&self, deadlines: Deadlines) -> Verdict {
        // The watchdog looks again at least this often: never later than a deadline that a
        // request's end or a head's first byte starts meanwhile, so neither needs to wake it
        // (a wake-up per request would cost more than the request).
        let recheck = deadlines.head.min(deadlines.idle);
        loop {
            let changed = self.changed.notified();
            let deadline = {
                let state = self.state();
                if let Some((status, why)) = state.refused.clone() {
                    return Verdict::Refused(status, why);
                }
                match state.due(deadlines) {
                    Some((due, verdict)) if due <= Instant::now() => return verdict,
                    Some((due, _)) => due.min(Instant::now() + recheck),
                    None => Instant::now() + recheck,
                }
            };
            tokio::select! {
                () = changed => {}
                () = tokio::time::sleep_until(deadline) => {}
            }
        }
    }

    /// Takes the stream back from hyper, writes `status` with `{"error": why}` and closes.
    pub async fn refuse(&self, status: StatusCode, why: &str) {
        let Some(mut stream) = self.stream.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take() else {
            return;
        };
        let body = serde_json::json!({ "error": why }).to_string();
        let reason = status.canonical_reason().unwrap_or("");
        let response = format!(
            "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            status.as_u16(),
            body.len()
        );
        // A client that does not read its refusal gets no more than a second of it; then what
        // it still sends is read and dropped for a second, so that closing with its bytes unread
        // does not reset the connection before it has read the refusal.
        let second = Duration::from_secs(1);
        let written = async {
            stream.write_all(response.as_bytes()).await?;
            stream.shutdown().await
        };
        if tokio::time::timeout(second, written).await.is_ok_and(|written| written.is_ok()) {
            let mut sink = [0; 4096];
            let drained = async { while stream.read(&mut sink).await.is_ok_and(|read| read > 0) {} };
            let _ = tokio::time::timeout(second, drained).await;
        }
    }

    /// Scans `bytes`, just read, as part of a request head; a refusal once the head is too large.
    fn scanned(&self, bytes: &[u8]) -> Option<(StatusCode, String)> {
        let mut guard = self.state();
        let state = &mut *guard;
        if state.http2 || state.in_flight > 0 || state.head.done {
            return None;
        }
        let head = &mut state.head;
        head.started.get_or_insert_with(Instant::now);
        for &byte in bytes {
            if let Some(opening) = head.opening.get_mut(head.bytes) {
                *opening = byte;
            }
            head.bytes += 1;
            let ends_line = head.tail[2] == b'\r' && byte == b'\n';
            head.lines += usize::from(ends_line);
            let ends_head = ends_line && head.tail[1] == b'\n' && head.tail[0] == b'\r';
            head.tail = [head.tail[1], head.tail[2], byte];
            if ends_head {
                head.done = true;
                state.http2 = head.opening == *HTTP2_PREFACE;
                return None;
            }
            if let Some(refusal) = head.oversized() {
                state.refused = Some(refusal.clone());
                self.changed.notify_one();
                return Some(refusal);
            }
        }
        None
    }
}

impl HeadScan {
    /// The refusal of a head past a limit.
    fn oversized(&self) -> Option<(StatusCode, String)> {
        if self.lines == 0 && self.bytes > MAX_REQUEST_LINE {
            let why = format!("the request line is over {MAX_REQUEST_LINE} bytes; a URI is at most {}", super::MAX_URI);
            return Some((StatusCode::URI_TOO_LONG, why));
        }
        if self.bytes > MAX_HEAD {
            return Some((StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, format!("the head is over {MAX_HEAD} bytes")));
        }
        if self.lines > MAX_HEADER_LINES {
            let why = format!("the head has over {MAX_HEADER_LINES} header lines");
            return Some((StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, why));
        }
        None
    }
}

impl State {
    /// The deadline that applies now and how the connection ends at it; none while a request
    /// is answered or a head read in full waits for hyper.
    fn due(&self, deadlines: Deadlines) -> Option<(Instant, Verdict)> {
        if self.in_flight > 0 || (self.head.done && !self.http2) {
            return None;
        }
        let too_slow = || {
            let why = format!("the request head took over {} s", deadlines.head.as_secs_f64());
            Verdict::Refused(StatusCode::REQUEST_TIMEOUT, why)
        };
        if self.requests == 0 {
            let verdict = if self.head.started.is_some() && !self.http2 { too_slow() } else { Verdict::Silent };
            return Some((self.accepted + deadlines.head, verdict));
        }
        match self.head.started {
            Some(started) if !self.http2 => Some((started + deadlines.head, too_slow())),
            _ => Some((self.idle_since + deadlines.idle, Verdict::Idle)),
        }
    }
}

/// A request being answered; dropped, the connection is idle from then if none is left.
pub struct Answering(Arc<Watch>);

impl Drop for Answering {
    fn drop(&mut self) {
        let mut state = self.0.state();
        state.in_flight -= 1;
        if state.in_flight == 0 {
            state.idle_since = Instant::now();
        }
    }
}

/// A connection's stream as hyper sees it: reads scanned by its [`Watch`].
pub struct Watched {
    watch: Arc<Watch>,
    stream: Arc<Mutex<Option<TcpStream>>>,
}

/// The stream taken back by the watchdog: hyper's next read or write fails.
fn taken() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "the connection was refused")
}

impl Watched {
    /// `with` on the stream, unless the watchdog took it.
    fn with<T>(&self, with: impl FnOnce(Pin<&mut TcpStream>) -> Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        let mut stream = self.stream.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match stream.as_mut() {
            Some(stream) => with(Pin::new(stream)),
            None => Poll::Ready(Err(taken())),
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = self.with(|stream| stream.poll_read(cx, buf));
        if matches!(read, Poll::Ready(Ok(()))) && self.watch.scanned(&buf.filled()[before..]).is_some() {
            // Hyper never sees the oversized head: the watchdog answers it.
            buf.set_filled(before);
            return Poll::Pending;
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        self.with(|stream| stream.poll_write(cx, data))
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.with(|stream| stream.poll_write_vectored(cx, data))
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.with(|stream| stream.poll_flush(cx))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.with(|stream| stream.poll_shutdown(cx))
    }
}
