//! `cargo xtask bench-serve-hostile [--out FILE]`: `puzzle-tables serve` among hostile
//! clients, on loopback only, every client bounded in number and time.
//!
//! The release binary serves `tables/` with `--header-timeout 3`. First 4,000 silent
//! connections at once: how long `/healthz` takes beside them, and how many are closed
//! within the head deadline plus a second. Then wrk's eight-puzzle lookups (children
//! included, 64 keep-alive connections) beside: 1,000 silent connections, 200 slow clients
//! sending a head a byte every half second, four threads of malformed requests and eight
//! threads of optimal cube searches (a flood the one optimal place refuses with 503). The
//! eight lookups' p99, every status the hostile clients got, the 5xx of `/metrics` and the
//! server's own memory (`RssAnon`, its peak sampled twice a second) are reported.

use std::fmt::Write as _;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::bench::{load_average, proc_field, thousands, write_marked};
use crate::serve_bench::{encode, lua_script, start, wrk, Load, Server};
use crate::{release_binary, workspace_root};

const MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-serve-hostile: begin -->", "<!-- cargo xtask bench-serve-hostile: end -->");

/// The server's head deadline in this run, in seconds.
const HEAD_SECONDS: u64 = 3;

/// Silent connections of the first part.
const SILENT: usize = 4_000;

/// How the 4,000 silent connections went.
struct Silence {
    healthz: Duration,
    closed_in_time: usize,
}

/// What the hostile clients of the second part got, by status (0: no answer).
#[derive(Default)]
struct Got {
    statuses: Mutex<std::collections::BTreeMap<u16, u64>>,
}

impl Got {
    fn count(&self, status: u16) {
        *self.statuses.lock().unwrap_or_else(|p| p.into_inner()).entry(status).or_default() += 1;
    }
}

/// Runs both parts and prints the figures; with `out`, writes them there too.
pub fn bench(seconds: u64, out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let binary = release_binary()?;
    let tables = workspace_root().join("tables");
    let server = start(&binary, &tables, &["--header-timeout", &HEAD_SECONDS.to_string()])?;
    let address: SocketAddr = server.base.trim_start_matches("http://").parse()?;
    println!("{SILENT} silent connections");
    let silence = silent_connections(address)?;
    println!("wrk: eight among hostile clients, {seconds} s");
    let (eight, got, peak) = hostile_load(&server, address, seconds)?;
    let server_5xx = server_errors(address)?;
    let report = report(&silence, &eight, &got, &server_5xx, peak, &load_before, seconds);
    println!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

/// Opens [`SILENT`] connections that send nothing, asks `/healthz` beside them, and counts
/// those closed by the head deadline plus a second after the last was opened.
fn silent_connections(address: SocketAddr) -> anyhow::Result<Silence> {
    let silent: Vec<TcpStream> = (0..SILENT).map(|_| TcpStream::connect(address)).collect::<Result<_, _>>()?;
    let opened = Instant::now();
    let asked = Instant::now();
    let status = get(address, "/healthz");
    anyhow::ensure!(status == 200, "/healthz answered {status} beside the silent connections");
    let healthz = asked.elapsed();
    std::thread::sleep((opened + Duration::from_secs(HEAD_SECONDS + 1)).saturating_duration_since(Instant::now()));
    let closed_in_time = silent.iter().filter(|stream| is_closed(stream)).count();
    Ok(Silence { healthz, closed_in_time })
}

/// Whether the server closed `stream` (a read gives end of file or an error at once).
fn is_closed(mut stream: &TcpStream) -> bool {
    let _ = stream.set_nonblocking(true);
    let mut byte = [0; 1];
    !matches!(stream.read(&mut byte), Err(error) if error.kind() == ErrorKind::WouldBlock)
}

/// The status the server answered on `stream` (0 for a close unanswered), or `None` while
/// it has said nothing.
fn answer_so_far(mut stream: &TcpStream) -> Option<u16> {
    let _ = stream.set_nonblocking(true);
    let mut head = [0; 12];
    match stream.read(&mut head) {
        Err(error) if error.kind() == ErrorKind::WouldBlock => None,
        Ok(12) => Some(std::str::from_utf8(&head[9..12]).ok().and_then(|code| code.parse().ok()).unwrap_or(0)),
        _ => Some(0),
    }
}

/// `GET path` on a connection of its own: the status (0 for none).
fn get(address: SocketAddr, path: &str) -> u16 {
    send(address, format!("GET {path} HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n").as_bytes())
}

/// Sends `request` on a connection of its own: the answer's status (0 for none).
fn send(address: SocketAddr, request: &[u8]) -> u16 {
    let Ok(mut stream) = TcpStream::connect(address) else { return 0 };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let _ = stream.write_all(request);
    let mut head = [0; 12];
    match stream.read_exact(&mut head) {
        Ok(()) => std::str::from_utf8(&head[9..12]).ok().and_then(|code| code.parse().ok()).unwrap_or(0),
        Err(_) => 0,
    }
}

/// wrk's eight lookups for `seconds` beside the hostile clients: its figures, what the
/// hostile clients got, and the server's peak `RssAnon` in bytes.
fn hostile_load(server: &Server, address: SocketAddr, seconds: u64) -> anyhow::Result<(Load, Got, u64)> {
    let scripts = crate::target_dir().join("xtask-bench-serve");
    std::fs::create_dir_all(&scripts)?;
    let boards = crate::serve_bench::boards(
        &release_binary()?,
        &workspace_root().join("tables"),
        &["random", "eight", "--count", "1000", "--seed", "1"],
    )?;
    let paths: Vec<String> = boards.iter().map(|board| format!("/api/v1/eight?board={}", encode(board))).collect();
    let script = lua_script(&scripts, "hostile-eight", &paths)?;
    let (stop, got, peak) = (Arc::new(AtomicBool::new(false)), Arc::new(Got::default()), Arc::new(AtomicU64::new(0)));
    let status = format!("/proc/{}/status", server.child.id());
    let mut company = Vec::new();
    let spawn = |company: &mut Vec<std::thread::JoinHandle<()>>, job: Box<dyn FnOnce() + Send>| {
        company.push(std::thread::spawn(job));
    };
    {
        let (stop, peak) = (Arc::clone(&stop), Arc::clone(&peak));
        spawn(&mut company, Box::new(move || sample_memory(&status, &stop, &peak)));
    }
    {
        let stop = Arc::clone(&stop);
        spawn(&mut company, Box::new(move || hold_silent(address, 1_000, &stop)));
    }
    for _ in 0..4 {
        let (stop, got) = (Arc::clone(&stop), Arc::clone(&got));
        spawn(&mut company, Box::new(move || malformed(address, &stop, &got)));
    }
    for seed in 0..8 {
        let (stop, got) = (Arc::clone(&stop), Arc::clone(&got));
        spawn(&mut company, Box::new(move || optimal_flood(address, seed, &stop, &got)));
    }
    for _ in 0..4 {
        let (stop, got) = (Arc::clone(&stop), Arc::clone(&got));
        spawn(&mut company, Box::new(move || slow_heads(address, 50, &stop, &got)));
    }
    std::thread::sleep(Duration::from_secs(2));
    let eight = wrk(server, &script, 64, seconds, "eight among hostile clients");
    stop.store(true, Ordering::Relaxed);
    company.into_iter().for_each(|thread| drop(thread.join()));
    let got = Arc::try_unwrap(got).map_err(|_| anyhow::anyhow!("a hostile client still runs"))?;
    Ok((eight?, got, peak.load(Ordering::Relaxed)))
}

/// The server's `RssAnon`, sampled twice a second into `peak` until `stop`.
fn sample_memory(status: &str, stop: &AtomicBool, peak: &AtomicU64) {
    while !stop.load(Ordering::Relaxed) {
        let rss = proc_field(status, "RssAnon").and_then(|f| f.trim_end_matches(" kB").trim().parse::<u64>().ok());
        peak.fetch_max(rss.unwrap_or(0) * 1024, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// Keeps `count` connections open that send nothing, opening new ones as the server closes
/// them, until `stop`.
fn hold_silent(address: SocketAddr, count: usize, stop: &AtomicBool) {
    let mut held: Vec<TcpStream> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        held.retain(|stream| !is_closed(stream));
        while held.len() < count {
            match TcpStream::connect(address) {
                Ok(stream) => held.push(stream),
                Err(_) => break,
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Sends random malformed requests until `stop`.
fn malformed(address: SocketAddr, stop: &AtomicBool, got: &Got) {
    let mut rng = fastrand::Rng::new();
    let alphabet = b"0123456789xXRUFDLB' ,%/?&=.-+WEabc\x00\xff";
    while !stop.load(Ordering::Relaxed) {
        let junk: String = (0..rng.usize(0..60)).map(|_| alphabet[rng.usize(..alphabet.len())] as char).collect();
        let puzzle = ["eight", "cube", "fifteen", "cubic", "x"][rng.usize(..5)];
        let request = match rng.u8(0..3) {
            0 => format!("GET /api/v1/{puzzle}?board={} HTTP/1.1\r\nConnection: close\r\n\r\n", encode(&junk)),
            1 => format!("{junk} HTTP/1.1\r\nConnection: close\r\n\r\n"),
            _ => format!("GET /{} HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(rng.usize(0..20_000)), junk),
        };
        got.count(send(address, request.as_bytes()));
    }
}

/// Asks optimal cube searches of random 20-move scrambles, one after another, until `stop`.
fn optimal_flood(address: SocketAddr, seed: u64, stop: &AtomicBool, got: &Got) {
    let mut rng = fastrand::Rng::with_seed(seed);
    while !stop.load(Ordering::Relaxed) {
        let scramble: Vec<String> = (0..20)
            .map(|_| format!("{}{}", ["U", "R", "F", "D", "L", "B"][rng.usize(..6)], ["", "2", "'"][rng.usize(..3)]))
            .collect();
        let path =
            format!("/api/v1/cube?optimal=true&max_seconds=1&children=false&scramble={}", encode(&scramble.join(" ")));
        got.count(get(address, &path));
    }
}

/// Keeps `count` clients sending a head a byte every half second, each starting again
/// once cut, until `stop`.
fn slow_heads(address: SocketAddr, count: usize, stop: &AtomicBool, got: &Got) {
    let head = b"GET /healthz HTTP/1.1\r\nHost: slow\r\nUser-Agent: a-byte-every-half-second\r\n\r\n";
    let mut clients: Vec<(TcpStream, usize)> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        clients.retain_mut(|(stream, sent)| {
            let answered =
                if stream.write_all(&head[*sent..=*sent]).is_err() { Some(0) } else { answer_so_far(stream) };
            if let Some(status) = answered {
                got.count(status);
                return false;
            }
            *sent = (*sent + 1).min(head.len() - 1);
            true
        });
        while clients.len() < count {
            match TcpStream::connect(address) {
                Ok(stream) => clients.push((stream, 0)),
                Err(_) => break,
            }
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

/// The server's own count of 5xx answers, by status, from `/metrics`.
fn server_errors(address: SocketAddr) -> anyhow::Result<Vec<(u16, u64)>> {
    let mut stream = TcpStream::connect(address)?;
    stream.write_all(b"GET /metrics HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n")?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let mut errors = std::collections::BTreeMap::new();
    for line in text.lines().filter(|line| line.starts_with("puzzle_tables_requests_total{")) {
        let status = line.split("status=\"").nth(1).and_then(|rest| rest.get(..3)).context("a status")?;
        let count: u64 = line.rsplit(' ').next().context("a count")?.parse()?;
        if status.starts_with('5') {
            *errors.entry(status.parse::<u16>()?).or_default() += count;
        }
    }
    Ok(errors.into_iter().collect())
}

/// The figures as Markdown, with the targets.
fn report(
    silence: &Silence,
    eight: &Load,
    got: &Got,
    server_5xx: &[(u16, u64)],
    peak: u64,
    load_before: &str,
    seconds: u64,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Loopback, the release binary with `--header-timeout {HEAD_SECONDS}`, clients and server on the same 2 cores; load average before: {load_before}, after: {}.\n",
        load_average()
    );
    let _ = writeln!(
        text,
        "{} silent connections at once: `/healthz` answered in {:.1} ms beside them; {} of them closed within the head deadline plus a second.\n",
        thousands(SILENT as f64),
        silence.healthz.as_secs_f64() * 1000.0,
        thousands(silence.closed_in_time as f64)
    );
    let _ = writeln!(
        text,
        "wrk, 2 threads, 64 keep-alive connections, {seconds} s, eight-puzzle lookups of 1,000 random boards with children, beside 1,000 silent connections, 200 heads sent a byte every half second, 4 threads of malformed requests and 8 of optimal cube searches (`max_seconds=1`, one place):\n"
    );
    let _ = writeln!(text, "| eight lookups | requests/s | p50 | p99 | non-2xx |\n|---|---:|---:|---:|---:|");
    let _ = writeln!(
        text,
        "| among hostile clients | {} | {:.2} ms | {:.2} ms | {} |\n",
        thousands(eight.requests_per_second),
        eight.p50_ms,
        eight.p99_ms,
        eight.non_2xx
    );
    let statuses = got.statuses.lock().unwrap_or_else(|p| p.into_inner());
    let listed: Vec<String> = statuses.iter().map(|(status, count)| format!("{status}: {count}")).collect();
    let _ = writeln!(text, "What the hostile clients got, by status (0: closed unanswered): {}.", listed.join(", "));
    let listed: Vec<String> = server_5xx.iter().map(|(status, count)| format!("{status}: {count}")).collect();
    let _ = writeln!(
        text,
        "5xx the server counted in `/metrics`: {} (503 is the optimal place or the search queue full, as documented).",
        if listed.is_empty() { "none".to_string() } else { listed.join(", ") }
    );
    let _ = writeln!(text, "Server memory of its own (`RssAnon`), peak: {:.1} MiB.\n", peak as f64 / (1 << 20) as f64);
    let target = |met: bool, what: String| format!("- {} {what}\n", if met { "met:" } else { "NOT met:" });
    let deadline = Duration::from_secs(HEAD_SECONDS + 1);
    text += &target(
        silence.healthz <= deadline && silence.closed_in_time == SILENT,
        format!(
            "{} silent connections: /healthz within the head deadline plus a second, and all closed by then",
            thousands(SILENT as f64)
        ),
    );
    let other_5xx: u64 = server_5xx.iter().filter(|(status, _)| *status != 503).map(|(_, count)| count).sum();
    text += &target(other_5xx == 0, format!("no 5xx but the documented 503 ({other_5xx})"));
    text += &target(eight.non_2xx == 0, format!("every eight lookup answered 200 ({} not)", eight.non_2xx));
    text
}
