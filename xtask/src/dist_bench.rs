//! `cargo xtask bench-dist [--tables DIR] [--levels N,...] [--shipping none,transformed]
//! [--out FILE]`: zstd levels and the transform for the release artifacts, size against
//! time on the real tables.
//!
//! For each level, every table present in DIR (every puzzle's, the optional tables
//! included) is compressed as `dist` compresses it (`puzzle_tables_dist::compress`, on one
//! zstd worker thread a core) and decompressed as `install` decompresses it, once as it is
//! and once with the [`Transform`] that suits it (the fifteen puzzle's pattern databases),
//! undone after decompression; the table gives the total artifact size, its ratio to level
//! 19's without the transform (what releases used before) and the wall-clock times, with the
//! load average around the run.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use puzzle_tables_dist::{compress, decompress, worker_threads, Transform, ZSTD_LEVEL};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle};

use crate::bench::{load_average, thousands, write_marked};

/// The levels measured unless `--levels` says otherwise.
pub const LEVELS: &str = "3,6,9,12,15,19";
/// The level releases were compressed with before this measurement, the size anchor.
const ANCHOR_LEVEL: i32 = 19;
const MARKERS: (&str, &str) = ("<!-- cargo xtask bench-dist: begin -->", "<!-- cargo xtask bench-dist: end -->");

/// How the tables go into zstd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shipping {
    /// As they are.
    None,
    /// With the transform that suits each, where one does (as `dist` ships them).
    Transformed,
}

/// The tables, and what goes into zstd for each way of shipping them.
struct Inputs {
    tables: Vec<Vec<u8>>,
    /// Each table's transform, when one suits it, with the bytes it gives.
    transformed: Vec<Option<(Transform, Vec<u8>)>>,
}

impl Inputs {
    /// The bytes compressed for table `i`, shipped as `shipping`, and the transform to undo.
    fn shipped(&self, i: usize, shipping: Shipping) -> (&[u8], Option<Transform>) {
        match (&self.transformed[i], shipping) {
            (Some((transform, bytes)), Shipping::Transformed) => (bytes, Some(*transform)),
            _ => (&self.tables[i], None),
        }
    }
}

/// One level's figures over every table.
struct Level {
    level: i32,
    shipping: Shipping,
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
    let specs =
        Puzzle::BUILT_IN.iter().flat_map(|&puzzle| tables_of(puzzle).into_iter().chain(optional_tables_of(puzzle)));
    specs.map(|spec| dir.join(spec.file_name())).filter(|path| path.exists()).collect()
}

/// Compresses every table at `level` as `shipping` says, then decompresses (and undoes the
/// transform) as `install` does.
fn measure(level: i32, shipping: Shipping, inputs: &Inputs) -> anyhow::Result<Level> {
    let count = inputs.tables.len();
    let (artifacts, compress) = timed(|| {
        (0..count).map(|i| compress(inputs.shipped(i, shipping).0, level, worker_threads())).collect::<Vec<_>>()
    });
    let (unpacked, decompress) = timed(|| {
        let unpack = |(i, artifact): (usize, &Vec<u8>)| -> anyhow::Result<Vec<u8>> {
            let mut bytes = decompress(artifact, inputs.tables[i].len() as u64)?;
            if let Some(transform) = inputs.shipped(i, shipping).1 {
                transform.undo(&mut bytes).map_err(anyhow::Error::msg)?;
            }
            Ok(bytes)
        };
        artifacts.iter().enumerate().map(unpack).collect::<anyhow::Result<Vec<_>>>()
    });
    anyhow::ensure!(unpacked? == inputs.tables, "level {level} ({shipping:?}) does not give the tables back");
    let bytes = artifacts.iter().map(|artifact| artifact.len() as u64).sum();
    Ok(Level { level, shipping, bytes, compress, decompress })
}

/// Runs every level, each way of shipping, and prints the figures; with `out`, writes them
/// there too.
pub fn bench(tables_dir: &Path, levels: &[i32], shippings: &[Shipping], out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let paths = release_tables(tables_dir);
    let tables: Vec<Vec<u8>> = paths
        .iter()
        .map(|path| std::fs::read(path).with_context(|| format!("cannot read {}", path.display())))
        .collect::<Result<_, _>>()?;
    let total: u64 = tables.iter().map(|table| table.len() as u64).sum();
    let (transformed, transforming) = timed(|| tables.iter().map(|table| Transform::apply_any(table)).collect());
    let inputs = Inputs { tables, transformed };
    let mut figures = Vec::new();
    for &level in levels {
        for &shipping in shippings {
            let figure = measure(level, shipping, &inputs)?;
            let (bytes, wall, cpu) = (thousands(figure.bytes as f64), figure.compress.wall, figure.compress.cpu);
            println!("level {level}, {shipping:?}: {bytes} bytes, {wall:.1} s ({cpu:.1} s of processor time)");
            figures.push(figure);
        }
    }
    let report = environment(&paths, total, &inputs, transforming, &load_before) + &table(&figures);
    print!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

fn environment(paths: &[PathBuf], total: u64, inputs: &Inputs, transforming: Times, load_before: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "- {} tables, {} bytes", paths.len(), thousands(total as f64));
    let transformed: Vec<usize> = (0..paths.len()).filter(|&i| inputs.transformed[i].is_some()).collect();
    let bytes: usize = transformed.iter().map(|&i| inputs.tables[i].len()).sum();
    let mut labels: Vec<&str> = inputs.transformed.iter().flatten().map(|(transform, _)| transform.label()).collect();
    labels.dedup();
    let _ = writeln!(
        text,
        "- transformed ({}): {} tables, {} bytes, in {:.2} s ({:.2} s of processor time); undoing it is timed \
         with decompression",
        labels.join(", "),
        transformed.len(),
        thousands(bytes as f64),
        transforming.wall,
        transforming.cpu
    );
    let _ = writeln!(text, "- {} zstd worker threads; `dist` uses level {ZSTD_LEVEL}", worker_threads());
    let _ = writeln!(text, "- load average (1, 5, 15 min): {load_before} before the run, {} after\n", load_average());
    text
}

fn table(figures: &[Level]) -> String {
    let anchor = figures
        .iter()
        .find(|figure| figure.level == ANCHOR_LEVEL && figure.shipping == Shipping::None)
        .map(|figure| figure.bytes as f64);
    let mut text = format!(
        "| level | transform | artifacts (bytes) | vs level {ANCHOR_LEVEL}, none | compression: wall (processor) | \
         decompression: wall (processor) |\n|---|---|---|---|---|---|\n"
    );
    for figure in figures {
        let ratio = anchor.map_or("-".to_string(), |anchor| format!("{:.3}", figure.bytes as f64 / anchor));
        let shipping = match figure.shipping {
            Shipping::None => "none",
            Shipping::Transformed => "applied",
        };
        let _ = writeln!(
            text,
            "| {} | {shipping} | {} | {ratio} | {:.1} s ({:.1} s) | {:.2} s ({:.2} s) |",
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
