//! `cargo xtask bench-distributed [--names 2x2x2,...] [--binary PATH] [--out FILE]`: each
//! bundled definition's table built in the same run by the one-process generator (`gen
//! NAME`, on every core and, under `taskset`, on one: a thread), by `distributed NAME` on
//! one process of one worker (the COST figure: what the dataflow costs over the generator
//! on one thread, as COST compares), and by two processes of one worker on loopback;
//! each process's wall time and peak memory (VmHWM), the per-worker rate the plan in
//! docs/distributed.md starts from, and the machine's load.
//!
//! `--capped NAME [--processes N] [--cap-mb MB]`: a table no single process may hold, built
//! by N processes of one worker on loopback, each capped at MB megabytes of address space
//! (`prlimit --as`), after `gen NAME` in the same run; each one's time and peak memory, and
//! whether the counts at each distance of the shards (opened and verified) are `gen`'s.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_models::definition::bundled;

use crate::bench::{load_average, write_marked};
use crate::release_binary;

const MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-distributed: begin -->", "<!-- cargo xtask bench-distributed: end -->");

/// Wall time and each process's peak memory.
struct Run {
    seconds: f64,
    peaks: Vec<u64>,
}

/// One definition's figures.
struct Figures {
    name: String,
    patterns: u64,
    generator: Run,
    generator_one_thread: Run,
    one_worker: Run,
    two_processes: Run,
}

/// Runs the benchmark over `names` with `binary` (default: the release build).
pub fn run(names: &[String], binary: Option<&Path>, out: Option<&Path>) -> anyhow::Result<()> {
    let binary = match binary {
        Some(binary) => binary.to_path_buf(),
        None => release_binary()?,
    };
    let dir = crate::target_dir().join("xtask-bench-distributed");
    let load_before = load_average();
    let mut figures = Vec::new();
    for name in names {
        bundled::find(name).with_context(|| format!("no bundled definition {name}"))?;
        let fresh = |what: &str| -> anyhow::Result<PathBuf> {
            let tables = dir.join(what);
            let _ = std::fs::remove_dir_all(&tables);
            std::fs::create_dir_all(&tables)?;
            Ok(tables)
        };
        println!("{name}: gen");
        let generator = run_processes(vec![command(&binary, &fresh("gen")?, &["gen", name])])?;
        println!("{name}: gen on one core");
        let mut on_one_core = Command::new("taskset");
        on_one_core.args(["-c", "0"]).arg(&binary).arg("--tables").arg(fresh("gen-one")?).args(["gen", name]);
        let generator_one_thread = run_processes(vec![on_one_core])?;
        println!("{name}: distributed, one process of one worker");
        let one_worker =
            run_processes(vec![command(&binary, &fresh("one")?, &["distributed", name, "--", "-w", "1"])])?;
        println!("{name}: distributed, two processes of one worker");
        let tables = fresh("two")?;
        let hosts = hostfile(&tables, 2)?;
        let hosts = hosts.to_str().context("a hostfile path is text")?;
        let processes = (0..2)
            .map(|p| {
                command(&binary, &tables, &["distributed", name, "--", "-n", "2", "-p", &p.to_string(), "-h", hosts])
            })
            .collect();
        let two_processes = run_processes(processes)?;
        let patterns = bundled_patterns(&dir.join("gen"), name)?;
        figures.push(Figures {
            name: name.clone(),
            patterns,
            generator,
            generator_one_thread,
            one_worker,
            two_processes,
        });
    }
    let report = report(&figures, &load_before, &binary);
    print!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}

const CAPPED_MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-distributed --capped: begin -->", "<!-- cargo xtask bench-distributed --capped: end -->");

/// What `--capped` asks for.
pub struct Capped {
    /// The bundled definition.
    pub name: String,
    /// How many processes of one worker.
    pub processes: usize,
    /// Each process's cap on its address space, in megabytes.
    pub cap_mb: u64,
}

/// Builds `capped.name` by `gen`, then by the capped processes; compares their counts.
pub fn run_capped(capped: &Capped, binary: Option<&Path>, out: Option<&Path>) -> anyhow::Result<()> {
    let name = capped.name.as_str();
    bundled::find(name).with_context(|| format!("no bundled definition {name}"))?;
    let binary = match binary {
        Some(binary) => binary.to_path_buf(),
        None => release_binary()?,
    };
    let dir = crate::target_dir().join("xtask-bench-distributed-capped");
    let _ = std::fs::remove_dir_all(&dir);
    let (gen_tables, tables) = (dir.join("gen"), dir.join("capped"));
    std::fs::create_dir_all(&gen_tables)?;
    std::fs::create_dir_all(&tables)?;
    let load_before = load_average();
    println!("{name}: gen");
    let generator = run_processes(vec![command(&binary, &gen_tables, &["gen", name])])?;
    let expected = puzzle_tables_query::Tables::open(&gen_tables)?.definition(name)?.depth_counts().to_vec();
    std::fs::remove_dir_all(&gen_tables)?;
    println!("{name}: distributed, {} processes of one worker, each capped at {} MB", capped.processes, capped.cap_mb);
    let hosts = hostfile(&tables, capped.processes)?;
    let hosts = hosts.to_str().context("a hostfile path is text")?;
    let cap = format!("--as={}", capped.cap_mb * 1_000_000);
    let n = capped.processes.to_string();
    let processes = (0..capped.processes)
        .map(|p| {
            let mut command = Command::new("prlimit");
            // The cap counts address space reserved, not used: glibc's malloc reserves 64 MB
            // of it for each thread's arena, and timely's network threads are threads too.
            command.env("MALLOC_ARENA_MAX", "2");
            command.args([cap.as_str(), "--"]).arg(&binary).arg("--tables").arg(&tables);
            command.args(["distributed", name, "--", "-n", &n, "-p", &p.to_string(), "-h", hosts]);
            command
        })
        .collect();
    let capped_run = run_processes(processes)?;
    let shards = puzzle_tables_query::Tables::open(&tables)?.definition(name)?;
    let found = shards.depth_counts().to_vec();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "`cargo xtask bench-distributed --capped {name} --processes {} --cap-mb {} --binary {}`; load average \
         before: {load_before}, after: {}.\n",
        capped.processes,
        capped.cap_mb,
        binary.display(),
        load_average()
    );
    let _ = writeln!(text, "| build | time | peak memory |");
    let _ = writeln!(text, "|---|---|---|");
    let _ = writeln!(
        text,
        "| `gen {name}`, one process | {:.1} s | {} |",
        generator.seconds,
        megabytes(generator.peaks[0])
    );
    let _ = writeln!(
        text,
        "| `distributed {name}`, {} processes of one worker, each under `prlimit --as={} MB` | {:.1} s | {} |",
        capped.processes,
        capped.cap_mb,
        capped_run.seconds,
        capped_run.peaks.iter().map(|&p| megabytes(p)).collect::<Vec<_>>().join(", ")
    );
    let verdict = if found == expected { "the same as `gen`'s" } else { "DIFFERENT from `gen`'s" };
    let _ = writeln!(
        text,
        "\nPatterns: {}; counts at each distance of the shards (each verified): {found:?}, {verdict} ({expected:?}).",
        found.iter().sum::<u64>()
    );
    print!("{text}");
    if let Some(out) = out {
        write_marked(out, &text, CAPPED_MARKERS)?;
    }
    std::fs::remove_dir_all(&dir).ok();
    if found != expected {
        bail!("the capped build's counts differ from gen's");
    }
    Ok(())
}

fn command(binary: &Path, tables: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(binary);
    command.arg("--tables").arg(tables).args(args);
    command
}

/// A hostfile of `processes` loopback addresses on ports free now.
fn hostfile(dir: &Path, processes: usize) -> anyhow::Result<PathBuf> {
    let listeners: Vec<std::net::TcpListener> =
        (0..processes).map(|_| std::net::TcpListener::bind("127.0.0.1:0")).collect::<Result<_, _>>()?;
    let lines: Vec<String> =
        listeners.iter().map(|l| l.local_addr().map(|a| a.to_string())).collect::<Result<_, _>>()?;
    let path = dir.join("hosts");
    std::fs::write(&path, lines.join("\n") + "\n")?;
    Ok(path)
}

/// The patterns the table `gen` wrote reaches, from its metadata.
fn bundled_patterns(tables: &Path, name: &str) -> anyhow::Result<u64> {
    let table = puzzle_tables_query::definition::DefinitionTable::open(&tables.join(format!("definition-{name}.tbl")))?;
    Ok(table.depth_counts().iter().sum())
}

/// Starts every command at once and waits for all, sampling each one's peak memory.
fn run_processes(commands: Vec<Command>) -> anyhow::Result<Run> {
    let started = Instant::now();
    let mut children: Vec<Child> = Vec::new();
    for mut command in commands {
        children.push(
            command
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .with_context(|| format!("cannot run {command:?}"))?,
        );
    }
    let mut peaks = vec![0u64; children.len()];
    let mut done = vec![false; children.len()];
    while done.iter().any(|done| !done) {
        for (i, child) in children.iter_mut().enumerate() {
            if done[i] {
                continue;
            }
            if let Some(status) = child.try_wait()? {
                if !status.success() {
                    bail!("process {i} failed with {status}");
                }
                done[i] = true;
                continue;
            }
            peaks[i] = peaks[i].max(peak_memory(child.id()).unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(Run { seconds: started.elapsed().as_secs_f64(), peaks })
}

/// A process's peak resident memory so far (VmHWM), in bytes.
fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1e6)
}

fn report(figures: &[Figures], load_before: &str, binary: &Path) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "`cargo xtask bench-distributed --binary {}`; load average before: {load_before}, after: {}.\n",
        binary.display(),
        load_average()
    );
    let _ = writeln!(text, "| definition | patterns | gen: time, peak | gen on one core: time | distributed, 1 process of 1 worker: time, peak | time over gen's on one core (every core) | per-worker rate | 2 processes of 1 worker: time, each peak | peak over 1 process's |");
    let _ = writeln!(text, "|---|---|---|---|---|---|---|---|---|");
    for f in figures {
        let one_peak = f.one_worker.peaks[0];
        let two_peak = f.two_processes.peaks.iter().copied().max().unwrap_or(0);
        let _ = writeln!(
            text,
            "| {} | {} | {:.2} s, {} | {:.2} s | {:.2} s, {} | {:.2}x ({:.2}x) | {:.2} M patterns/s | {:.2} s, {} | {:.2}x |",
            f.name,
            f.patterns,
            f.generator.seconds,
            megabytes(f.generator.peaks[0]),
            f.generator_one_thread.seconds,
            f.one_worker.seconds,
            megabytes(one_peak),
            f.one_worker.seconds / f.generator_one_thread.seconds,
            f.one_worker.seconds / f.generator.seconds,
            f.patterns as f64 / f.one_worker.seconds / 1e6,
            f.two_processes.seconds,
            f.two_processes.peaks.iter().map(|&p| megabytes(p)).collect::<Vec<_>>().join(" and "),
            two_peak as f64 / one_peak as f64,
        );
    }
    text
}
