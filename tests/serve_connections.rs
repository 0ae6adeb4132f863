//! `serve` under clients that hold connections without finishing requests, over real
//! loopback sockets: silent connections, a head sent a byte at a time, kept-alive connections
//! left idle, heads too large, HTTP/2's limits. Each is cut by its deadline or limit, refused
//! in JSON where a request began, counted in `/metrics`, and never keeps `/healthz` from
//! answering.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::Served;
use serde_json::Value;

/// Longer than any deadline these tests set: a read still waiting then means the server held
/// the connection.
const PATIENCE: Duration = Duration::from_secs(20);

/// A connection to `address` whose reads give up after [`PATIENCE`].
fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).expect("the server accepts");
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Reads until the server closes: what it sent, or `None` when it held the connection past
/// [`PATIENCE`].
fn read_until_closed(stream: &mut TcpStream) -> Option<String> {
    let mut bytes = Vec::new();
    match stream.read_to_end(&mut bytes) {
        Ok(_) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => None,
        // Reset by the server: closed too, after what it had sent.
        Err(_) => Some(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// The status and body of one HTTP/1.1 response in `text`.
fn status_and_body(text: &str) -> (u16, &str) {
    let status = text.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    (status, text.split_once("\r\n\r\n").map_or("", |(_, body)| body))
}

/// `GET path` on a connection of its own, closed after the answer.
fn get(address: SocketAddr, path: &str) -> (u16, String) {
    let mut stream = connect(address);
    write!(stream, "GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").unwrap();
    let text = read_until_closed(&mut stream).expect("an answer");
    let (status, body) = status_and_body(&text);
    (status, body.to_string())
}

/// The `{"error": WHY}` of a refusal, or a panic naming the text.
fn error_of(body: &str) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
    value["error"].as_str().unwrap_or_else(|| panic!("no error in {body}")).to_string()
}

/// The value of the metric line starting with `name` (labels included).
fn metric(address: SocketAddr, name: &str) -> u64 {
    let (_, body) = get(address, "/metrics");
    body.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in\n{body}"))
}

#[test]
fn silent_connections_are_closed_at_the_head_deadline_while_healthz_answers() {
    let server = Served::start(&["--header-timeout", "2"]);
    let mut silent: Vec<TcpStream> = (0..300).map(|_| connect(server.address)).collect();
    assert_eq!(get(server.address, "/healthz"), (200, "ok\n".to_string()), "healthz answers meanwhile");
    for (number, stream) in silent.iter_mut().enumerate() {
        assert_eq!(read_until_closed(stream).as_deref(), Some(""), "silent connection {number} is closed, unanswered");
    }
    assert_eq!(metric(server.address, "puzzle_tables_connections_closed_total{why=\"silent\"}"), 300);
    // The connection of the /metrics request before may take a moment to be counted out.
    let started = std::time::Instant::now();
    while metric(server.address, "puzzle_tables_connections_open") != 1 {
        assert!(started.elapsed() < PATIENCE, "connections still counted open beside /metrics' own");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn more_silent_connections_than_the_ceiling_keep_healthz_waiting_only_until_their_deadline() {
    let server = Served::start(&["--header-timeout", "2", "--max-connections", "20"]);
    let _silent: Vec<TcpStream> = (0..25).map(|_| connect(server.address)).collect();
    // Accepted once the first twenty are closed by their deadline; held for good before.
    assert_eq!(get(server.address, "/healthz"), (200, "ok\n".to_string()));
}

/// Sends `head` a byte every quarter second on `stream` until the server answers, and reads
/// the answer to the end (a client that stops sending once answered, so that the server's
/// close meets no unread bytes and resets nothing).
fn trickle(stream: &mut TcpStream, head: &[u8]) -> String {
    stream.set_read_timeout(Some(Duration::from_millis(250))).unwrap();
    for byte in head {
        if stream.write_all(&[*byte]).is_err() {
            break;
        }
        let mut first = [0; 1];
        match stream.read(&mut first) {
            Ok(0) => return String::new(),
            Ok(_) => {
                stream.set_read_timeout(Some(PATIENCE)).unwrap();
                let rest = read_until_closed(stream)
                    .unwrap_or_else(|| panic!("the answer, begun with {:?}, never ended", first[0] as char));
                return format!("{}{rest}", first[0] as char);
            }
            Err(_) => {}
        }
    }
    panic!("the whole head was sent, a byte every quarter second, and not cut")
}

#[test]
fn a_head_sent_a_byte_at_a_time_is_answered_408_at_its_deadline() {
    let server = Served::start(&["--header-timeout", "2"]);
    let address = server.address;
    let meanwhile = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        get(address, "/healthz").0
    });
    let text = trickle(&mut connect(server.address), b"GET /healthz HTTP/1.1\r\nHost: slow\r\nAccept: */*\r\n\r\n");
    let (status, body) = status_and_body(&text);
    assert_eq!(status, 408, "{text}");
    assert!(text.to_lowercase().contains("content-type: application/json"), "{text}");
    assert!(error_of(body).contains("head took over 2 s"), "{body}");
    assert_eq!(meanwhile.join().unwrap(), 200, "healthz answers while the head trickles");
    let counted = "puzzle_tables_requests_total{endpoint=\"(connection)\",status=\"408\"}";
    assert_eq!(metric(server.address, counted), 1);
}

/// Asks `/healthz` on a kept-alive `stream` and reads its whole answer, which must be 200.
fn kept_alive_healthz(stream: &mut TcpStream) {
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    while !answer.ends_with(b"\r\n\r\nok\n") {
        let mut part = [0; 256];
        let read = stream.read(&mut part).unwrap();
        assert!(read > 0, "closed midway: {}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&part[..read]);
    }
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer));
}

#[test]
fn a_kept_alive_connection_answers_every_request_and_is_closed_once_idle() {
    let server = Served::start(&["--idle-timeout", "1"]);
    let mut stream = connect(server.address);
    for _ in 0..3 {
        kept_alive_healthz(&mut stream);
    }
    assert_eq!(read_until_closed(&mut stream).as_deref(), Some(""), "closed once idle");
    assert_eq!(metric(server.address, "puzzle_tables_connections_closed_total{why=\"idle\"}"), 1);
}

#[test]
fn a_later_head_on_a_kept_alive_connection_has_the_head_deadline_from_its_first_byte() {
    let server = Served::start(&["--header-timeout", "2", "--idle-timeout", "30"]);
    let mut stream = connect(server.address);
    kept_alive_healthz(&mut stream);
    let text = trickle(&mut stream, b"GET /healthz HTTP/1.1\r\nHost: slow\r\nAccept: */*\r\n\r\n");
    assert_eq!(status_and_body(&text).0, 408, "{text}");
}

#[test]
fn heads_too_large_are_refused_431_or_414_in_json_and_counted() {
    let server = Served::start(&[]);
    let long_header = format!("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n", "a".repeat(20_000));
    let many_headers = format!("GET /healthz HTTP/1.1\r\n{}\r\n", "X-Many: 1\r\n".repeat(150));
    let long_uri = format!("GET /api/v1/eight?board={} HTTP/1.1\r\nHost: t\r\n\r\n", "1".repeat(9_000));
    for (request, status, says) in [
        (long_header, 431, "over 16384 bytes"),
        (many_headers, 431, "over 100 header lines"),
        (long_uri, 414, "URI is at most 8192"),
    ] {
        let mut stream = connect(server.address);
        stream.write_all(request.as_bytes()).unwrap();
        let text = read_until_closed(&mut stream).expect("refused, then closed");
        let (got, body) = status_and_body(&text);
        assert_eq!(got, status, "{text}");
        assert!(error_of(body).contains(says), "{body}");
    }
    assert_eq!(metric(server.address, "puzzle_tables_requests_total{endpoint=\"(connection)\",status=\"431\"}"), 2);
    assert_eq!(metric(server.address, "puzzle_tables_requests_total{endpoint=\"(connection)\",status=\"414\"}"), 1);
    assert_eq!(get(server.address, "/healthz").0, 200);
}

/// The server's SETTINGS, by identifier, from the first frames it sends on an HTTP/2
/// connection opened with the preface and empty SETTINGS.
fn http2_settings(address: SocketAddr) -> Vec<(u16, u32)> {
    let mut stream = connect(address);
    stream.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00").unwrap();
    let mut head = [0; 9];
    stream.read_exact(&mut head).unwrap();
    let length = usize::from(head[0]) << 16 | usize::from(head[1]) << 8 | usize::from(head[2]);
    assert_eq!(head[3], 4, "a SETTINGS frame first");
    let mut payload = vec![0; length];
    stream.read_exact(&mut payload).unwrap();
    payload
        .chunks(6)
        .map(|s| (u16::from_be_bytes([s[0], s[1]]), u32::from_be_bytes([s[2], s[3], s[4], s[5]])))
        .collect()
}

#[test]
fn http2_connections_are_offered_bounded_streams_and_header_lists() {
    let server = Served::start(&[]);
    let settings = http2_settings(server.address);
    const MAX_CONCURRENT_STREAMS: u16 = 3;
    const MAX_HEADER_LIST_SIZE: u16 = 6;
    assert!(settings.contains(&(MAX_CONCURRENT_STREAMS, 64)), "{settings:?}");
    assert!(settings.contains(&(MAX_HEADER_LIST_SIZE, 16 << 10)), "{settings:?}");
}
