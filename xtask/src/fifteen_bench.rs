//! `cargo xtask bench-fifteen [--out FILE]`: Korf's 100 fifteen-puzzle instances, side by
//! side, in one run: ours with the default 6-6-3 databases, ours with 7-8, and a public
//! pattern-database solver as the anchor.
//!
//! It builds the release binary, builds both partitions with `puzzle-tables gen` (timing
//! each and sampling its peak memory from `/proc`), solves the 100 instances in process with
//! each partition (checking every length against Korf's), and runs the anchor when
//! `$FIFTEEN_ANCHOR` names a built checkout of github.com/MichaelKim/15puzzle (its
//! `bin/puzzle` and `databases/663-reg`; nothing of it lives in this repository). The
//! anchor's cached databases are deleted first, so its build is timed too; its own timer
//! around each search gives its per-instance times. Then one Markdown table and the issue's
//! aims, met or not.

#[path = "../../tests/reference/fifteen.rs"]
mod reference;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_models::fifteen::Board;
use puzzle_tables_query::fifteen::{Partition, PatternDatabases};
use puzzle_tables_query::fifteen_search::{solve, Outcome};

use crate::bench::{duration, load_average, median, proc_field, thousands, write_marked};
use crate::{release_binary, target_dir};

/// The environment variable naming the anchor's built checkout.
const ANCHOR_ENV: &str = "FIFTEEN_ANCHOR";
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
    /// Nodes generated per instance, when the solver counts them.
    nodes: Option<Vec<u64>>,
    lengths: Vec<usize>,
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
    match std::env::var_os(ANCHOR_ENV) {
        Some(dir) => runs.push(run_anchor(Path::new(&dir), &instances)?),
        None => println!("${ANCHOR_ENV} is not set: the anchor is not run"),
    }
    let report = environment(&load_before) + &table(&runs) + "\n" + &aims(&runs);
    println!("\n{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
        println!("wrote {}", out.display());
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
    let (mut seconds, mut nodes, mut lengths) = (Vec::new(), Vec::new(), Vec::new());
    for &(number, _, cells) in instances {
        let board = Board::from_cells(cells).context("a Korf instance is a board")?;
        let started = Instant::now();
        let search = solve(&databases, &board, 80, &mut |_| {});
        seconds.push(started.elapsed().as_secs_f64());
        let Outcome::Solved(moves) = search.outcome else { bail!("Korf instance {number}: {:?}", search.outcome) };
        if reference::replay(cells, &moves.iter().map(|m| m.letter()).collect::<String>()) != Some(reference::GOAL) {
            bail!("Korf instance {number}: the answer does not reach the goal");
        }
        nodes.push(search.nodes);
        lengths.push(moves.len());
    }
    Ok(Run {
        name: format!("ours, {}", partition.label()),
        seconds,
        nodes: Some(nodes),
        lengths,
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
        nodes: None,
        lengths,
        database_bytes: size,
        build_seconds: timers[0] + timers[1],
        build_peak_bytes: None,
        open_seconds: None,
    })
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
