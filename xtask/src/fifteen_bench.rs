//! `cargo xtask bench-fifteen [--out FILE]`: Korf's 100 fifteen-puzzle instances, side by
//! side, in one run: ours with the default 6-6-3 databases, ours with 7-8, a plain C++
//! solver with the same 6-6-3 partition (`fifteen_ref.cpp`) and a public pattern-database
//! solver as anchors.
//!
//! It builds the release binary, builds both partitions with `puzzle-tables gen` (timing
//! each and sampling its peak memory from `/proc`), solves the 100 instances in process with
//! each partition (checking every length against Korf's), then:
//! - builds `fifteen_ref.cpp` with the system's C++ compiler (`$CXX`, else `g++`; `-O3
//!   -march=native`) into `target/xtask-bench-fifteen/` and runs it on the same boards. Its
//!   source is not part of this repository: `$FIFTEEN_REF` names it, else
//!   `shared/anchors/fifteen_ref.cpp` in a folder above the workspace. Its databases are
//!   built in the run (timed); every answer of ours with 6-6-3 must equal its answer, byte
//!   for byte (both give the first optimal answer in dictionary order). It prints each
//!   answer as it finds it, so an instance's time is the time between its line and the one
//!   before (the first: its total solving time, as it reports it, less the others).
//!   The machine may be shared, so besides wall time the processor time of all 100 is
//!   measured (ours: the solving thread's, from `/proc/thread-self/schedstat`; its: the
//!   child's, from `/proc/self/stat`, reading its cached databases included), and the aim
//!   is judged on it.
//! - runs the anchor when `$FIFTEEN_ANCHOR` names a built checkout of
//!   github.com/MichaelKim/15puzzle (its `bin/puzzle` and `databases/663-reg`). Its cached
//!   databases are deleted first, so its build is timed too; its own timer around each
//!   search gives its per-instance times.
//!
//! Then one Markdown table and the aims, met or not.

#[path = "../../tests/reference/fifteen.rs"]
mod reference;

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_models::fifteen::Board;
use puzzle_tables_query::fifteen::search::{solve, Outcome};
use puzzle_tables_query::fifteen::{Partition, PatternDatabases};

use crate::bench::{duration, load_average, median, proc_field, thousands, write_marked};
use crate::{release_binary, target_dir};

/// The environment variable naming the anchor's built checkout.
const ANCHOR_ENV: &str = "FIFTEEN_ANCHOR";
/// The environment variable naming `fifteen_ref.cpp`.
const REF_ENV: &str = "FIFTEEN_REF";
/// Where `fifteen_ref.cpp` is looked for in the folders above the workspace.
const REF_SOURCE: &str = "shared/anchors/fifteen_ref.cpp";
/// The name of the plain C++ solver's column.
const REF_NAME: &str = "fifteen_ref.cpp, 6-6-3";
/// At most this share of `fifteen_ref.cpp`'s time for ours with 6-6-3.
const REF_RATIO_AIM: f64 = 0.6;
/// Korf and Felner's (2002) average nodes generated per instance: 6-6-3, and 7-8 with its
/// reflection.
const KORF_FELNER_NODES: [(Partition, f64); 2] =
    [(Partition::SixSixThree, 617_555.0), (Partition::SevenEight, 36_710.0)];
const MARKERS: (&str, &str) = ("<!-- cargo xtask bench-fifteen: begin -->", "<!-- cargo xtask bench-fifteen: end -->");

/// One solver's figures on the 100 instances.
struct Run {
    name: String,
    /// Seconds per instance, in Korf's order.
    seconds: Vec<f64>,
    /// Processor time for all 100, when measured: the steady figure on a shared machine.
    cpu_seconds: Option<f64>,
    /// Nodes generated per instance, when the solver counts them.
    nodes: Option<Vec<u64>>,
    lengths: Vec<usize>,
    /// Each answer's letters.
    answers: Vec<String>,
    database_bytes: Option<u64>,
    build_seconds: f64,
    build_peak_bytes: Option<u64>,
    /// Opening (and verifying) the databases, for ours.
    open_seconds: Option<f64>,
}

impl Run {
    fn total(&self) -> f64 {
        self.seconds.iter().sum()
    }
}

/// Runs everything and prints the figures; with `out`, writes them there too.
pub fn bench(out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let instances = reference::korf_instances();
    let binary = release_binary()?;
    let tables = target_dir().join("xtask-bench-fifteen").join("tables");
    if tables.exists() {
        std::fs::remove_dir_all(&tables).with_context(|| format!("cannot empty {}", tables.display()))?;
    }
    let mut runs = Vec::new();
    for partition in Partition::ALL {
        println!("building and solving with the {} databases", partition.label());
        let mut gen = Command::new(&binary);
        gen.arg("--tables").arg(&tables).args(["gen", "fifteen", "--partition", partition.label()]);
        let (build_seconds, build_peak_bytes) = timed_with_peak_memory(&mut gen)?;
        runs.push(solve_ours(partition, &tables, &instances, build_seconds, build_peak_bytes)?);
    }
    runs.push(run_reference(&instances)?);
    match std::env::var_os(ANCHOR_ENV) {
        Some(dir) => runs.push(run_anchor(Path::new(&dir), &instances)?),
        None => println!("${ANCHOR_ENV} is not set: the anchor is not run"),
    }
    let report = environment(&load_before) + &table(&runs) + "\n" + &aims(&runs);
    println!("\n{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

/// Runs `command` to completion, failing unless it succeeds: its wall time, and its peak
/// resident memory (`VmHWM`) as last sampled before it ended.
pub(crate) fn timed_with_peak_memory(command: &mut Command) -> anyhow::Result<(f64, Option<u64>)> {
    let started = Instant::now();
    let mut child = command.stdout(Stdio::null()).spawn().with_context(|| format!("cannot run {command:?}"))?;
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        let kib = proc_field(&status_file, "VmHWM").and_then(|v| v.trim_end_matches(" kB").trim().parse::<u64>().ok());
        peak = kib.map(|kib| kib * 1024).or(peak);
        std::thread::sleep(Duration::from_millis(20));
    };
    if !status.success() {
        bail!("{command:?} failed with {status}");
    }
    Ok((started.elapsed().as_secs_f64(), peak))
}

fn solve_ours(
    partition: Partition,
    tables: &Path,
    instances: &[(usize, usize, reference::Cells)],
    build_seconds: f64,
    build_peak_bytes: Option<u64>,
) -> anyhow::Result<Run> {
    let opened = Instant::now();
    let databases = PatternDatabases::open_dir(partition, tables)?;
    let open_seconds = opened.elapsed().as_secs_f64();
    let (mut seconds, mut nodes, mut lengths, mut answers) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let cpu_before = thread_cpu_seconds();
    for &(number, _, cells) in instances {
        let board = Board::from_cells(cells).context("a Korf instance is a board")?;
        let started = Instant::now();
        let search = solve(&databases, &board, 80, &mut |_| {});
        seconds.push(started.elapsed().as_secs_f64());
        let Outcome::Solved(moves) = search.outcome else { bail!("Korf instance {number}: {:?}", search.outcome) };
        let letters: String = moves.iter().map(|m| m.letter()).collect();
        if reference::replay(cells, &letters) != Some(reference::GOAL) {
            bail!("Korf instance {number}: the answer does not reach the goal");
        }
        nodes.push(search.nodes);
        lengths.push(moves.len());
        answers.push(letters);
    }
    let cpu_seconds = thread_cpu_seconds().zip(cpu_before).map(|(after, before)| after - before);
    Ok(Run {
        name: format!("ours, {}", partition.label()),
        seconds,
        cpu_seconds,
        nodes: Some(nodes),
        lengths,
        answers,
        database_bytes: Some(databases.file_bytes()),
        build_seconds,
        build_peak_bytes,
        open_seconds: Some(open_seconds),
    })
}

/// Runs the anchor on the 100 instances and reads its answers and timers back.
fn run_anchor(dir: &Path, instances: &[(usize, usize, reference::Cells)]) -> anyhow::Result<Run> {
    println!("running the anchor in {}", dir.display());
    let databases = dir.join("databases");
    for entry in std::fs::read_dir(&databases).with_context(|| format!("cannot read {}", databases.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "dat") {
            std::fs::remove_file(&path)?;
        }
    }
    let boards: PathBuf = target_dir().join("xtask-bench-fifteen").join("korf100-anchor.txt");
    let mut text = format!("4 4 {}\n", instances.len());
    for (_, _, cells) in instances {
        text += &reference::board_text(cells);
        text.push('\n');
    }
    std::fs::write(&boards, text)?;
    let mut command = Command::new(dir.join("bin").join("puzzle"));
    command.current_dir(dir).arg("-d").arg("databases/663-reg").arg("-b").arg(&boards);
    let output = command.output().with_context(|| format!("cannot run {command:?}"))?;
    if !output.status.success() {
        bail!("{command:?} failed with {}", output.status);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let timers: Vec<f64> =
        stdout.lines().filter_map(|l| l.strip_prefix("Time elapsed: ")).filter_map(|t| t.trim().parse().ok()).collect();
    let lengths: Vec<usize> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Solution: ")?.strip_suffix(" moves"))
        .filter_map(|n| n.parse().ok())
        .collect();
    // Its timers: the databases, the walking-distance table, each search, all searches.
    if timers.len() != instances.len() + 3 || lengths.len() != instances.len() {
        bail!(
            "the anchor printed {} timers and {} solutions for {} boards",
            timers.len(),
            lengths.len(),
            instances.len()
        );
    }
    let size = ["663-reg-0.dat", "663-reg-1.dat", "663-reg-2.dat"]
        .iter()
        .map(|file| std::fs::metadata(databases.join(file)).map(|m| m.len()))
        .sum::<Result<u64, _>>()
        .ok();
    Ok(Run {
        name: "anchor: MichaelKim/15puzzle, 663-reg".into(),
        seconds: timers[2..2 + instances.len()].to_vec(),
        cpu_seconds: None,
        nodes: None,
        lengths,
        answers: Vec::new(),
        database_bytes: size,
        build_seconds: timers[0] + timers[1],
        build_peak_bytes: None,
        open_seconds: None,
    })
}

/// The path of `fifteen_ref.cpp`: `$FIFTEEN_REF`, else [`REF_SOURCE`] in the nearest folder
/// above the workspace that has it.
fn reference_source() -> anyhow::Result<PathBuf> {
    if let Some(path) = std::env::var_os(REF_ENV) {
        return Ok(PathBuf::from(path));
    }
    let root = crate::workspace_root();
    root.ancestors()
        .map(|dir| dir.join(REF_SOURCE))
        .find(|path| path.is_file())
        .with_context(|| format!("no {REF_SOURCE} above {}; set ${REF_ENV} to fifteen_ref.cpp", root.display()))
}

/// Builds `fifteen_ref.cpp` into the target folder, then runs it on the 100 instances with
/// its databases built afresh, timing each answer as its line arrives.
fn run_reference(instances: &[(usize, usize, reference::Cells)]) -> anyhow::Result<Run> {
    let dir = target_dir().join("xtask-bench-fifteen").join("fifteen_ref");
    std::fs::create_dir_all(&dir)?;
    let binary = dir.join("fifteen_ref");
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "g++".into());
    let source = reference_source()?;
    println!("building {} with {compiler}", source.display());
    crate::run(Command::new(&compiler).args(["-O3", "-march=native", "-o"]).arg(&binary).arg(&source))?;
    let databases = dir.join("databases");
    if databases.exists() {
        std::fs::remove_dir_all(&databases)?;
    }
    std::fs::create_dir_all(&databases)?;
    // The databases alone, timed: fed no board, it builds and caches them and stops.
    let built = Instant::now();
    let status = Command::new(&binary).arg(&databases).stdin(Stdio::null()).stderr(Stdio::null()).status()?;
    if !status.success() {
        bail!("{} failed with {status}", binary.display());
    }
    let build_seconds = built.elapsed().as_secs_f64();
    println!("running {REF_NAME}");
    let cpu_before = children_cpu_seconds();
    let mut child = Command::new(&binary)
        .arg(&databases)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let boards: String = instances.iter().map(|(_, _, cells)| reference::board_text(cells) + "\n").collect();
    child.stdin.take().expect("piped").write_all(boards.as_bytes())?;
    let mut seconds = Vec::new();
    let mut answers = Vec::new();
    let mut last = Instant::now();
    for line in BufReader::new(child.stdout.take().expect("piped")).lines() {
        answers.push(line?);
        seconds.push(last.elapsed().as_secs_f64());
        last = Instant::now();
    }
    let output = child.wait_with_output()?;
    let cpu_seconds = children_cpu_seconds().zip(cpu_before).map(|(after, before)| after - before);
    let report = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || answers.len() != instances.len() {
        bail!("{} gave {} answers for {} boards: {report}", binary.display(), answers.len(), instances.len());
    }
    // "fifteen_ref: N boards, N nodes, S s solving, ...": its own total replaces the
    // first interval, which also counts its start and reading its databases.
    let solving: f64 = report
        .split(", ")
        .find_map(|part| part.strip_suffix(" s solving")?.parse().ok())
        .with_context(|| format!("no solving time in {report:?}"))?;
    seconds[0] = (solving - seconds[1..].iter().sum::<f64>()).max(0.0);
    let database_bytes =
        std::fs::read_dir(&databases)?.map(|entry| Ok(entry?.metadata()?.len())).sum::<anyhow::Result<u64>>()?;
    print!("{report}");
    Ok(Run {
        name: REF_NAME.into(),
        seconds,
        cpu_seconds,
        nodes: None,
        lengths: answers.iter().map(String::len).collect(),
        answers,
        database_bytes: Some(database_bytes),
        build_seconds,
        build_peak_bytes: None,
        open_seconds: None,
    })
}

/// The processor time of the calling thread so far (`/proc/thread-self/schedstat`, in
/// nanoseconds).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse::<f64>().ok().map(|ns| ns / 1e9)
}

/// The processor time of this process's waited-for children so far (`cutime` and `cstime`
/// of `/proc/self/stat`, in clock ticks of 1/100 s).
fn children_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis start with the third, so `cutime`
    // (the 16th) and `cstime` (the 17th) are the 14th and 15th of them.
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(13)? + ticks(14)?) / 100.0)
}

fn environment(load_before: &str) -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let cpu = proc_field("/proc/cpuinfo", "model name").unwrap_or_else(|| "unknown CPU".into());
    let mut text = String::new();
    let _ = writeln!(text, "- machine: {cores} cores, {cpu}");
    let _ = writeln!(text, "- load average (1, 5, 15 min): {load_before} before the run, {} after", load_average());
    let commit = crate::bench::command_line("git", &["describe", "--always", "--dirty"]);
    let _ = writeln!(text, "- commit {commit}; every time single-threaded, one solve per instance\n");
    text
}

fn table(runs: &[Run]) -> String {
    let mut text = String::new();
    let header: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    let _ = writeln!(text, "| Korf's 100 | {} |", header.join(" | "));
    let _ = writeln!(text, "|---|{}", "---:|".repeat(runs.len()));
    let row = |text: &mut String, figure: &str, cell: &dyn Fn(&Run) -> String| {
        let cells: Vec<String> = runs.iter().map(cell).collect();
        let _ = writeln!(text, "| {figure} | {} |", cells.join(" | "));
    };
    let seconds = |s: f64| duration(s * 1e9);
    row(&mut text, "total", &|r| seconds(r.total()));
    row(&mut text, "processor time, total", &|r| r.cpu_seconds.map_or("not measured".into(), seconds));
    row(&mut text, "median instance", &|r| seconds(median(&mut r.seconds.clone())));
    row(&mut text, "worst instance", &|r| {
        let (worst, time) =
            r.seconds.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or((0, 0.0), |(i, &t)| (i, t));
        format!("{} (#{})", seconds(time), worst + 1)
    });
    row(&mut text, "sum of lengths", &|r| thousands(r.lengths.iter().sum::<usize>() as f64));
    let average_nodes = |r: &Run| r.nodes.as_ref().map(|n| n.iter().sum::<u64>() as f64 / n.len() as f64);
    row(&mut text, "nodes generated, average", &|r| average_nodes(r).map_or("not counted".into(), thousands));
    row(&mut text, "databases on disk", &|r| {
        r.database_bytes.map_or("–".into(), |b| format!("{:.1} MB", b as f64 / 1e6))
    });
    row(&mut text, "databases built", &|r| seconds(r.build_seconds));
    row(&mut text, "build peak memory", &|r| {
        r.build_peak_bytes.map_or("not sampled".into(), |b| format!("{:.2} GB", b as f64 / 1e9))
    });
    row(&mut text, "open and verify", &|r| r.open_seconds.map_or("–".into(), seconds));
    text
}

fn aims(runs: &[Run]) -> String {
    let mut text = String::new();
    let mut aim = |what: String, met: bool| {
        let _ = writeln!(text, "- {} {what}", if met { "met:" } else { "**not met**:" });
    };
    let ours = |partition: Partition| runs.iter().find(|r| r.name == format!("ours, {}", partition.label()));
    let anchor = runs.iter().find(|r| r.name.starts_with("anchor"));
    for run in runs {
        aim(
            format!("{}: all 100 optimal, lengths summing to 5,305", run.name),
            run.lengths.iter().sum::<usize>() == 5305,
        );
    }
    if let Some(default) = ours(Partition::SixSixThree) {
        if let Some(plain) = runs.iter().find(|r| r.name == REF_NAME) {
            let wall = default.total() / plain.total();
            let cpu = default.cpu_seconds.zip(plain.cpu_seconds).map_or(f64::NAN, |(ours, theirs)| ours / theirs);
            aim(
                format!(
                    "6-6-3 in at most {REF_RATIO_AIM} of {REF_NAME}'s processor time (ratio {cpu:.3}; of its wall \
                     time: {wall:.3})"
                ),
                cpu <= REF_RATIO_AIM,
            );
            let same = plain.answers == default.answers;
            aim(format!("6-6-3 answers byte for byte those of {REF_NAME}"), same);
        }
        if let Some(anchor) = anchor {
            let ratio = default.total() / anchor.total();
            aim(format!("6-6-3 in at most a quarter of the anchor's time (ratio {ratio:.3})"), ratio <= 0.25);
        }
        let mb = default.database_bytes.unwrap_or(0) as f64 / 1e6;
        aim(format!("6-6-3 tables at most 64 MB ({mb:.1} MB)"), mb <= 64.0);
        aim(format!("6-6-3 built in at most 60 s ({:.1} s)", default.build_seconds), default.build_seconds <= 60.0);
    }
    if let Some(large) = ours(Partition::SevenEight) {
        aim(format!("7-8: the 100 in under 2 s ({:.2} s)", large.total()), large.total() < 2.0);
        aim(format!("7-8 built in at most 15 minutes ({:.0} s)", large.build_seconds), large.build_seconds <= 900.0);
        let peak = large.build_peak_bytes.map_or(f64::NAN, |b| b as f64 / 1e9);
        aim(format!("7-8 built within 12 GB of memory ({peak:.2} GB peak)"), peak <= 12.0);
        let mb = large.database_bytes.unwrap_or(0) as f64 / 1e6;
        aim(format!("7-8 at most 600 MB on disk ({mb:.1} MB)"), mb <= 600.0);
    }
    for (partition, published) in KORF_FELNER_NODES {
        if let Some(run) = ours(partition) {
            let nodes = run.nodes.as_ref().map_or(f64::NAN, |n| n.iter().sum::<u64>() as f64 / n.len() as f64);
            aim(
                format!(
                    "{}: fewer nodes per instance than Korf and Felner's {} ({})",
                    partition.label(),
                    thousands(published),
                    thousands(nodes)
                ),
                nodes < published,
            );
        }
    }
    text
}
