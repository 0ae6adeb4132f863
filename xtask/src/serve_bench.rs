//! `cargo xtask bench-serve [--out FILE]`: `puzzle-tables serve` under load on
//! loopback, by wrk (Debian's package `wrk`: `apt-get install wrk`), in one run.
//!
//! The release binary serves `tables/` (built when missing) on a free port. wrk, 2 threads
//! and 64 keep-alive connections, 10 seconds a run, measures: `/healthz` (the
//! HTTP stack's own ceiling); each table puzzle (eight, cubic, rotation, magic cube within
//! its table) on 1,000 random boards drawn by `random` (fixed seeds), children included;
//! the cube on 1,000 scrambles of uniformly random states (`scramble cube`), solutions only,
//! against the same cubes solved in process through the same answer path on the machine's
//! cores; the fifteen puzzle on random boards (`random fifteen`); and the eight endpoint's
//! latency while 32 other connections send the hardest fifteen boards (80 moves). Then the
//! server's own memory (`RssAnon`), idle and with 1,000 open connections. One Markdown
//! table, then the targets, met or not.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_query::answer::{AnswerOptions, Answerer, CubeInput};
use puzzle_tables_query::{Puzzle, Tables};

use crate::bench::{load_average, proc_field, thousands, write_marked};
use crate::{release_binary, workspace_root};

const MARKERS: (&str, &str) = ("<!-- cargo xtask bench-serve: begin -->", "<!-- cargo xtask bench-serve: end -->");

/// The fifteen puzzle's 80-move boards, the hardest there are.
const HARDEST: [&str; 2] = ["0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", "0 12 10 13 15 11 14 9 3 7 2 5 4 8 6 1"];

/// One wrk run's figures.
pub(crate) struct Load {
    what: String,
    connections: usize,
    pub(crate) requests_per_second: f64,
    pub(crate) p50_ms: f64,
    pub(crate) p99_ms: f64,
    pub(crate) non_2xx: u64,
    /// The server's CPU time a request, user and system, in microseconds (everything it did
    /// during the run, divided by wrk's requests).
    server_cpu_us: f64,
    /// wrk's own CPU time a request, in microseconds: on a machine wrk shares with the
    /// server, what the client spends is taken from the server's cores.
    client_cpu_us: f64,
}

/// The server under test, killed when dropped.
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs everything and prints the figures; with `out`, writes them there too.
pub fn bench(seconds: u64, out: Option<&Path>) -> anyhow::Result<()> {
    if Command::new("wrk").arg("--version").output().is_err() {
        bail!("bench-serve needs wrk: apt-get install wrk");
    }
    let load_before = load_average();
    let binary = release_binary()?;
    let tables = workspace_root().join("tables");
    let server = start(&binary, &tables, &[])?;
    let scripts = crate::target_dir().join("xtask-bench-serve");
    std::fs::create_dir_all(&scripts)?;
    let paths = |puzzle: &str, extra: &str, boards: Vec<String>| -> Vec<String> {
        boards.iter().map(|b| format!("/api/v1/{puzzle}?{extra}board={}", encode(b))).collect()
    };
    let draw = |args: &[&str]| boards(&binary, &tables, args);
    let mut loads = Vec::new();
    let mut run = |what: &str, connections: usize, paths: Vec<String>| -> anyhow::Result<()> {
        println!("wrk: {what}");
        let script = lua_script(&scripts, &what.replace(' ', "-"), &paths)?;
        loads.push(wrk(&server, &script, connections, seconds, what)?);
        Ok(())
    };
    run("/healthz", 64, vec!["/healthz".into()])?;
    run("eight", 64, paths("eight", "", draw(&["random", "eight", "--count", "1000", "--seed", "1"])?))?;
    let cubic = draw(&["random", "cubic", "--start", "2,1", "--count", "1000", "--seed", "2"])?;
    let cubic: Vec<String> = cubic.chunks(4).map(|c| c[1..].join(" ")).collect();
    run("cubic", 64, paths("cubic", "start=2,1&", cubic))?;
    run("rotation", 64, paths("rotation", "", draw(&["random", "rotation", "--count", "1000", "--seed", "3"])?))?;
    let magic: Vec<String> = (0..=6).map(|d| d.to_string()).collect();
    let magic = magic_cube_facelets(&binary, &tables, &magic)?;
    run("magic-cube", 64, paths("magic-cube", "", magic))?;
    let scrambles = draw(&["scramble", "cube", "--count", "1000", "--seed", "4"])?;
    let cubes =
        scrambles.iter().map(|s| format!("/api/v1/cube?children=false&steps=false&scramble={}", encode(s))).collect();
    run("cube (solutions only)", 64, cubes)?;
    let fifteen = draw(&["random", "fifteen", "--count", "1000", "--seed", "5"])?;
    let fifteen: Vec<String> = fifteen.split(|line| line.trim().is_empty()).map(|rows| rows.join(" ")).collect();
    run("fifteen (solutions only)", 64, paths("fifteen", "children=false&steps=false&", fifteen))?;
    let in_process = cubes_in_process(&tables, &scrambles)?;
    println!("wrk: eight while 32 connections send the hardest fifteen boards");
    let hard = lua_script(&scripts, "hard", &paths("fifteen", "children=false&", HARDEST.map(String::from).to_vec()))?;
    let mut background = Command::new("wrk");
    background
        .args(["-t1", "-c32", &format!("-d{}s", seconds + 4), "--timeout", "30s", "-s"])
        .arg(&hard)
        .arg(&server.base);
    let mut background = background.stdout(Stdio::null()).spawn().context("wrk starts")?;
    std::thread::sleep(Duration::from_secs(2));
    let eight = lua_script(&scripts, "eight", &[])?;
    let contended = wrk(&server, &eight, 32, seconds, "eight, beside 32 connections of hard fifteen boards")?;
    let _ = background.wait();
    let (idle, loaded) = memory(&server)?;
    let report = report(&loads, &contended, in_process, idle, loaded, &load_before, seconds);
    println!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

/// Starts `serve` with `args` on a free port and waits until it listens.
pub(crate) fn start(binary: &Path, tables: &Path, args: &[&str]) -> anyhow::Result<Server> {
    let mut child = Command::new(binary)
        .arg("--tables")
        .arg(tables)
        .args(["serve", "--bind", "127.0.0.1:0"])
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .context("the server starts")?;
    let mut lines = BufReader::new(child.stderr.take().context("piped")?).lines();
    for line in lines.by_ref() {
        if let Some(address) = line?.strip_prefix("puzzle-tables: serve: listening on ") {
            let base = address.trim_end_matches('/').to_string();
            std::thread::spawn(move || lines.for_each(drop));
            return Ok(Server { child, base });
        }
    }
    bail!("the server stopped before listening")
}

/// The lines a command prints.
pub(crate) fn boards(binary: &Path, tables: &Path, args: &[&str]) -> anyhow::Result<Vec<String>> {
    let output = Command::new(binary).arg("--tables").arg(tables).args(args).output()?;
    if !output.status.success() {
        bail!("{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    }
    Ok(String::from_utf8(output.stdout)?.lines().map(str::to_string).collect())
}

/// Cubes within the magic cube's table: `random magic-cube --distance D` nets for each D,
/// written as facelet strings by `solve cube --net - --json`.
fn magic_cube_facelets(binary: &Path, tables: &Path, distances: &[String]) -> anyhow::Result<Vec<String>> {
    let mut facelets = Vec::new();
    // The layers within 2 quarter turns hold 1, 12 and 114 cubes: all of them, then 140 a layer.
    for (distance, count) in distances.iter().zip(["1", "12", "114", "140", "140", "140", "140"]) {
        let nets =
            boards(binary, tables, &["random", "magic-cube", "--distance", distance, "--count", count, "--seed", "6"])?;
        for net in nets.split(|line| line.trim().is_empty()).filter(|net| !net.is_empty()) {
            let mut solve = Command::new(binary);
            solve
                .arg("--tables")
                .arg(tables)
                .args(["solve", "cube", "--net", "-", "--json"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped());
            let mut child = solve.spawn()?;
            std::io::Write::write_all(&mut child.stdin.take().context("piped")?, net.join("\n").as_bytes())?;
            let answer: serde_json::Value = serde_json::from_slice(&child.wait_with_output()?.stdout)?;
            facelets.push(answer["facelets"].as_str().context("facelets")?.to_string());
        }
    }
    Ok(facelets)
}

/// A query-string value.
pub(crate) fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b',' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A wrk script that sends `paths` round-robin (an existing script of that name when empty).
pub(crate) fn lua_script(dir: &Path, name: &str, paths: &[String]) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("{name}.lua"));
    if !paths.is_empty() {
        let list: Vec<String> = paths.iter().map(|p| format!("{p:?}")).collect();
        let script = format!(
            "local paths = {{{}}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend\n",
            list.join(",\n")
        );
        std::fs::write(&path, script)?;
    }
    Ok(path)
}

/// One wrk run against `server`.
pub(crate) fn wrk(
    server: &Server,
    script: &Path,
    connections: usize,
    seconds: u64,
    what: &str,
) -> anyhow::Result<Load> {
    let server_stat = format!("/proc/{}/stat", server.child.id());
    let (server_before, client_before) = (cpu_seconds(&server_stat, false)?, cpu_seconds("/proc/self/stat", true)?);
    let output = Command::new("wrk")
        .args(["-t2", &format!("-c{connections}"), &format!("-d{seconds}s"), "--timeout", "30s", "--latency", "-s"])
        .arg(script)
        .arg(&server.base)
        .output()
        .context("wrk runs")?;
    let server_cpu = cpu_seconds(&server_stat, false)? - server_before;
    let client_cpu = cpu_seconds("/proc/self/stat", true)? - client_before;
    let text = String::from_utf8_lossy(&output.stdout);
    let field = |prefix: &str| {
        text.lines().find_map(|line| line.trim().strip_prefix(prefix).map(|rest| rest.trim().to_string()))
    };
    let requests: f64 = text
        .lines()
        .find_map(|line| line.trim().split_once(" requests in ").map(|(count, _)| count.to_string()))
        .context("wrk printed no request count")?
        .parse()?;
    let per_request = |seconds: f64| seconds * 1e6 / requests.max(1.0);
    Ok(Load {
        what: what.to_string(),
        connections,
        requests_per_second: field("Requests/sec:").context("wrk printed no rate")?.parse()?,
        p50_ms: milliseconds(&field("50%").context("no p50")?)?,
        p99_ms: milliseconds(&field("99%").context("no p99")?)?,
        non_2xx: field("Non-2xx or 3xx responses:").map_or(Ok(0), |n| n.parse())?,
        server_cpu_us: per_request(server_cpu),
        client_cpu_us: per_request(client_cpu),
    })
}

/// The CPU time, user and system, in seconds, of the process whose `/proc/PID/stat` is
/// `stat`, or with `children` of its children waited for.
fn cpu_seconds(stat: &str, children: bool) -> anyhow::Result<f64> {
    /// The unit of `/proc`'s times: the kernel's `USER_HZ`, 100 on Linux.
    const TICKS_A_SECOND: f64 = 100.0;
    let text = std::fs::read_to_string(stat).with_context(|| format!("cannot read {stat}"))?;
    // The fields after the command's closing parenthesis, from the state (field 3) on:
    // utime and stime are fields 14 and 15, cutime and cstime 16 and 17.
    let fields: Vec<&str> = text.rsplit_once(')').context("no command in stat")?.1.split_whitespace().collect();
    let first = if children { 13 } else { 11 };
    let ticks: Result<Vec<u64>, _> =
        fields.get(first..first + 2).context("a short stat")?.iter().map(|f| f.parse()).collect();
    Ok(ticks?.iter().sum::<u64>() as f64 / TICKS_A_SECOND)
}

/// wrk's `1.23ms`, `456.00us`, `1.2s` in milliseconds.
fn milliseconds(text: &str) -> anyhow::Result<f64> {
    let (number, factor) = if let Some(n) = text.strip_suffix("us") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1000.0)
    } else {
        bail!("not a wrk duration: {text}")
    };
    Ok(number.parse::<f64>()? * factor)
}

/// Cubes per second in process, through the same answer path, one cube per core at a time.
fn cubes_in_process(tables: &Path, scrambles: &[String]) -> anyhow::Result<f64> {
    println!("in process: {} cubes on every core", scrambles.len());
    let answerer = Arc::new(Answerer::new(Tables::open(tables)?));
    answerer.two_phase()?;
    answerer.magic_cube()?;
    let options = AnswerOptions { cube_input: CubeInput::Scramble, ..AnswerOptions::default() };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for part in scrambles.chunks(scrambles.len().div_ceil(cores)) {
            let (answerer, options) = (Arc::clone(&answerer), options.clone());
            scope.spawn(move || part.iter().for_each(|s| drop(answerer.answer(Puzzle::Cube, s, &options))));
        }
    });
    Ok(scrambles.len() as f64 / started.elapsed().as_secs_f64())
}

/// The server's `RssAnon` idle, and with 1,000 connections open.
fn memory(server: &Server) -> anyhow::Result<(u64, u64)> {
    let status = format!("/proc/{}/status", server.child.id());
    let rss = || -> anyhow::Result<u64> {
        let field = proc_field(&status, "RssAnon").context("no RssAnon")?;
        Ok(field.trim_end_matches(" kB").trim().parse::<u64>()? * 1024)
    };
    std::thread::sleep(Duration::from_secs(1));
    let idle = rss()?;
    let address = server.base.trim_start_matches("http://");
    let open: Vec<TcpStream> = (0..1000).map(|_| TcpStream::connect(address)).collect::<Result<_, _>>()?;
    std::thread::sleep(Duration::from_secs(2));
    let loaded = rss()?;
    drop(open);
    Ok((idle, loaded))
}

/// The figures as Markdown, with the targets.
fn report(
    loads: &[Load],
    contended: &Load,
    in_process: f64,
    idle: u64,
    loaded: u64,
    load_before: &str,
    seconds: u64,
) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "wrk on loopback, 2 threads, {seconds} s a run, against the release binary; load average before: {load_before}, after: {}.\n", load_average());
    let _ = writeln!(
        text,
        "| endpoint | connections | requests/s | p50 | p99 | non-2xx | server CPU a request | wrk CPU a request |\n|---|---:|---:|---:|---:|---:|---:|---:|"
    );
    for load in loads.iter().chain([contended]) {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {:.2} ms | {:.2} ms | {} | {:.1} µs | {:.1} µs |",
            load.what,
            load.connections,
            thousands(load.requests_per_second),
            load.p50_ms,
            load.p99_ms,
            load.non_2xx,
            load.server_cpu_us,
            load.client_cpu_us,
        );
    }
    let _ = writeln!(
        text,
        "\nThe CPU columns are user and system time over the run divided by its requests (the last row's server time includes the fifteen searches beside it)."
    );
    let mib = |bytes: u64| bytes as f64 / (1 << 20) as f64;
    let _ = writeln!(
        text,
        "\nThe same 1,000 cubes in process, through the answer path on every core: {} cubes/s.",
        thousands(in_process)
    );
    let _ = writeln!(
        text,
        "Server memory of its own (`RssAnon`): {:.1} MiB idle, {:.1} MiB with 1,000 open connections.\n",
        mib(idle),
        mib(loaded)
    );
    let healthz = &loads[0];
    let target = |met: bool, what: String| format!("- {} {what}\n", if met { "met:" } else { "NOT met:" });
    for load in &loads[1..5] {
        let share = load.requests_per_second / healthz.requests_per_second;
        // wrk and the server share the cores: were this endpoint's server side as cheap as
        // /healthz's, the cores a request takes would still grow by wrk's extra work.
        let ceiling = (healthz.server_cpu_us + healthz.client_cpu_us) / (healthz.server_cpu_us + load.client_cpu_us);
        text += &target(
            share >= 0.8,
            format!(
                "{} at {:.0}% of /healthz's requests per second (target 80%; {:.0}% were its server side as cheap as /healthz's, from wrk's CPU a request)",
                load.what,
                100.0 * share,
                100.0 * ceiling
            ),
        );
    }
    let cube = loads[5].requests_per_second / in_process;
    text += &target(
        cube >= 0.8,
        format!("the cube over HTTP at {:.0}% of in-process throughput (target 80%)", 100.0 * cube),
    );
    text += &target(
        loads[1].p99_ms < 5.0,
        format!("eight p99 {:.2} ms at 64 connections (target under 5 ms)", loads[1].p99_ms),
    );
    text += &target(
        contended.p99_ms < 20.0,
        format!("eight p99 {:.2} ms beside hard fifteen boards (target under 20 ms)", contended.p99_ms),
    );
    text += &target(mib(idle) < 50.0, format!("{:.1} MiB idle (target under 50 MB)", mib(idle)));
    text +=
        &target(mib(loaded) < 200.0, format!("{:.1} MiB with 1,000 connections (target under 200 MB)", mib(loaded)));
    text
}
