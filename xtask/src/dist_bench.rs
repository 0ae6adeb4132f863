//! `cargo xtask bench-dist [--tables DIR] [--levels N,...] [--out FILE]`: zstd levels for
//! the release artifacts, size against time on the real tables.
//!
//! For each level, every table present in DIR (every puzzle's, the optional 7-8 databases
//! included) is compressed as `dist` compresses it (`puzzle_tables_dist::compress`, on one
//! zstd worker thread a core) and decompressed as `install` decompresses it; the table gives
//! the total artifact size, its ratio to level 19's (the level releases used before) and
//! the wall-clock times, with the load average around the run.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use puzzle_tables_dist::{compress, decompress, worker_threads, ZSTD_LEVEL};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle};

use crate::bench::{load_average, thousands, write_marked};

/// The levels measured unless `--levels` says otherwise.
pub const LEVELS: &str = "3,6,9,12,15,19";
/// The level releases were compressed with before this measurement, the size anchor.
const ANCHOR_LEVEL: i32 = 19;
const MARKERS: (&str, &str) = ("<!-- cargo xtask bench-dist: begin -->", "<!-- cargo xtask bench-dist: end -->");

/// One level's figures over every table.
struct Level {
    level: i32,
    bytes: u64,
    compress: Times,
    decompress: Times,
}

/// Wall-clock time, and the processor time of this process's threads (zstd's workers
/// included), which a busy machine changes less.
#[derive(Clone, Copy)]
struct Times {
    wall: f64,
    cpu: f64,
}

/// The processor time this process has used, all threads, in seconds (`/proc/self/stat`'s
/// user and system time, in the kernel's 100 ticks a second).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after_name.split_whitespace().skip(11).take(2).filter_map(|field| field.parse::<u64>().ok()).sum();
    ticks as f64 / 100.0
}

/// Runs `work` and says how long it took.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Times) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let value = work();
    (value, Times { wall: wall.elapsed().as_secs_f64(), cpu: cpu_seconds() - cpu })
}

/// The table files of DIR that a release ships, those present.
fn release_tables(dir: &Path) -> Vec<PathBuf> {
    let specs = Puzzle::ALL.iter().flat_map(|&puzzle| tables_of(puzzle).into_iter().chain(optional_tables_of(puzzle)));
    specs.map(|spec| dir.join(spec.file_name())).filter(|path| path.exists()).collect()
}

/// Compresses and decompresses every table at `level`.
fn measure(level: i32, tables: &[Vec<u8>]) -> anyhow::Result<Level> {
    let (artifacts, compress) =
        timed(|| tables.iter().map(|table| compress(table, level, worker_threads())).collect::<Vec<_>>());
    let (unpacked, decompress) = timed(|| {
        let unpack = |(artifact, table): (&Vec<u8>, &Vec<u8>)| decompress(artifact, table.len() as u64);
        artifacts.iter().zip(tables).map(unpack).collect::<Result<Vec<_>, _>>()
    });
    anyhow::ensure!(unpacked? == tables, "level {level} does not give the tables back");
    let bytes = artifacts.iter().map(|artifact| artifact.len() as u64).sum();
    Ok(Level { level, bytes, compress, decompress })
}

/// Runs every level and prints the figures; with `out`, writes them there too.
pub fn bench(tables_dir: &Path, levels: &[i32], out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let paths = release_tables(tables_dir);
    let tables: Vec<Vec<u8>> = paths
        .iter()
        .map(|path| std::fs::read(path).with_context(|| format!("cannot read {}", path.display())))
        .collect::<Result<_, _>>()?;
    let total: u64 = tables.iter().map(|table| table.len() as u64).sum();
    let mut figures = Vec::new();
    for &level in levels {
        let figure = measure(level, &tables)?;
        let (bytes, wall, cpu) = (thousands(figure.bytes as f64), figure.compress.wall, figure.compress.cpu);
        println!("level {level}: {bytes} bytes, {wall:.1} s ({cpu:.1} s of processor time)");
        figures.push(figure);
    }
    let report = environment(&paths, total, &load_before) + &table(&figures);
    print!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

fn environment(paths: &[PathBuf], total: u64, load_before: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "- {} tables, {} bytes", paths.len(), thousands(total as f64));
    let _ = writeln!(text, "- {} zstd worker threads; `dist` uses level {ZSTD_LEVEL}", worker_threads());
    let _ = writeln!(text, "- load average (1, 5, 15 min): {load_before} before the run, {} after\n", load_average());
    text
}

fn table(figures: &[Level]) -> String {
    let anchor = figures.iter().find(|figure| figure.level == ANCHOR_LEVEL).map(|figure| figure.bytes as f64);
    let mut text = format!(
        "| level | artifacts (bytes) | vs level {ANCHOR_LEVEL} | compression: wall (processor) | decompression: wall \
         (processor) |\n|---|---|---|---|---|\n"
    );
    for figure in figures {
        let ratio = anchor.map_or("-".to_string(), |anchor| format!("{:.3}", figure.bytes as f64 / anchor));
        let _ = writeln!(
            text,
            "| {} | {} | {ratio} | {:.1} s ({:.1} s) | {:.2} s ({:.2} s) |",
            figure.level,
            thousands(figure.bytes as f64),
            figure.compress.wall,
            figure.compress.cpu,
            figure.decompress.wall,
            figure.decompress.cpu
        );
    }
    text
}
