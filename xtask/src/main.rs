//! `cargo xtask`: project automation.
//!
//! - `cargo xtask examples`: builds the release binary and answers every bundled example
//!   (`examples/PUZZLE.txt`) with `puzzle-tables judge PUZZLE`, building missing tables.
//! - `cargo xtask gen-tables`: builds the release binary, generates every table into
//!   `tables/` and rewrites `tables/manifest.json` (checksums and per-distance counts, so a
//!   change to generation shows up in review).
//! - `cargo xtask dist --out DIR`: the release artifacts: each table compressed with zstd,
//!   `SHA256SUMS` (for `sha256sum -c`) and `manifest.json`; besides every table `gen-tables`
//!   builds, the optional ones (the fifteen puzzle's 7-8 databases).
//! - `cargo xtask bench [--out FILE]`: every benchmark in one run, printed as one table of
//!   figures (see [`bench`](mod@bench)); `--out` also writes it to FILE, in place between markers.
//! - `cargo xtask man [--out DIR]`: the man pages, generated from the binary's clap
//!   definitions (`puzzle-tables.1` and one page per command), into DIR [default:
//!   `target/man`].
//! - `cargo xtask bench-fifteen [--out FILE]`: Korf's 100 fifteen-puzzle instances with the
//!   6-6-3 and 7-8 databases and a public solver side by side (see [`fifteen_bench`]).
//! - `cargo xtask bench-serve [--out FILE]`: `puzzle-tables serve` under load from wrk on
//!   loopback, with the in-process answer path side by side (see [`serve_bench`]).
//! - `cargo xtask bench-cube [--cubes N] [--out FILE]`: 1,000 random-state Rubik's cubes, ours in both
//!   metrics and a public two-phase solver side by side (see [`cube_bench`]).
#![deny(missing_docs)]

mod bench;
mod cube_bench;
mod fifteen_bench;
mod serve_bench;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use puzzle_tables_dist::{write_release, Manifest, TableRecord, MANIFEST_FILE, SUMS_FILE};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle, Table};

const USAGE: &str = "usage: cargo xtask examples | cargo xtask gen-tables | cargo xtask dist --out DIR | cargo xtask \
                     bench [--out FILE] | cargo xtask bench-fifteen [--out FILE] | cargo xtask bench-cube [--cubes N] [--out FILE] | cargo xtask bench-serve [--out FILE] | cargo xtask man [--out DIR]";

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["examples"] => examples(),
        ["gen-tables"] => gen_tables().map(drop),
        ["dist", "--out", out] => dist(Path::new(out)),
        ["bench"] => bench::bench(None),
        ["bench", "--out", out] => bench::bench(Some(Path::new(out))),
        ["man"] => man(&target_dir().join("man")),
        ["man", "--out", out] => man(Path::new(out)),
        ["bench-fifteen"] => fifteen_bench::bench(None),
        ["bench-fifteen", "--out", out] => fifteen_bench::bench(Some(Path::new(out))),
        ["bench-serve"] => serve_bench::bench(10, None),
        ["bench-serve", "--out", out] => serve_bench::bench(10, Some(Path::new(out))),
        ["bench-cube"] => cube_bench::bench(cube_bench::CUBES, None),
        ["bench-cube", "--out", out] => cube_bench::bench(cube_bench::CUBES, Some(Path::new(out))),
        ["bench-cube", "--cubes", n] => cube_bench::bench(n.parse().context("--cubes takes a count")?, None),
        ["bench-cube", "--cubes", n, "--out", out] => {
            cube_bench::bench(n.parse().context("--cubes takes a count")?, Some(Path::new(out)))
        }
        _ => bail!("{USAGE}"),
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace").to_path_buf()
}

/// Runs a command at the workspace root and fails unless it succeeds.
fn run(command: &mut Command) -> anyhow::Result<()> {
    let status = command.current_dir(workspace_root()).status().with_context(|| format!("cannot run {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed with {status}");
    }
    Ok(())
}

/// Builds the release `puzzle-tables` binary and returns its path.
fn release_binary() -> anyhow::Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo).args(["build", "--release", "--bin", "puzzle-tables"]))?;
    Ok(target_dir().join("release").join("puzzle-tables"))
}

/// Cargo's target directory.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// Writes the man pages with the release binary's hidden `man-pages` command, which
/// renders its own clap definitions (clap_mangen).
fn man(out: &Path) -> anyhow::Result<()> {
    run(Command::new(release_binary()?).arg("man-pages").arg("--out").arg(out))
}

fn examples() -> anyhow::Result<()> {
    let binary = release_binary()?;
    for &puzzle in Puzzle::ALL {
        let example = format!("examples/{puzzle}.txt");
        println!("== puzzle-tables judge {puzzle} {example}");
        // The repository's `tables/`, not the user's data directory: a fresh clone works alone.
        let tables = workspace_root().join("tables");
        run(Command::new(&binary).arg("--tables").arg(tables).args(["judge", puzzle.label(), &example]))?;
    }
    Ok(())
}

/// Generates every table into `tables/`, writes its manifest and returns the tables, each
/// opened and verified, with its record.
fn gen_tables() -> anyhow::Result<Vec<(Table, TableRecord)>> {
    let dir = workspace_root().join("tables");
    run(Command::new(release_binary()?).arg("--tables").arg(&dir).arg("gen"))?;
    let mut tables = Vec::new();
    for &puzzle in Puzzle::ALL {
        for spec in tables_of(puzzle) {
            let table = Table::open_verified(&dir.join(spec.file_name()), &spec)?;
            let bytes = std::fs::read(table.path())?;
            let record = TableRecord::new(&spec, table.metadata(), &bytes);
            tables.push((table, record));
        }
    }
    let manifest = Manifest::new(tables.iter().map(|(_, record)| record.clone()).collect());
    std::fs::write(dir.join(MANIFEST_FILE), manifest.to_json())?;
    println!("wrote {}", dir.join(MANIFEST_FILE).display());
    Ok(tables)
}

fn dist(out: &Path) -> anyhow::Result<()> {
    let mut tables = Vec::new();
    for (table, record) in gen_tables()? {
        tables.push((record, std::fs::read(table.path())?));
    }
    // Tables a reader uses when present but never builds on first use: the fifteen
    // puzzle's 7-8 databases (minutes and about 4 GB of memory to build), shipped here.
    let dir = workspace_root().join("tables");
    let partition = puzzle_tables_query::fifteen::Partition::SevenEight;
    run(Command::new(release_binary()?).arg("--tables").arg(&dir).args([
        "gen",
        "fifteen",
        "--partition",
        partition.label(),
    ]))?;
    for &puzzle in Puzzle::ALL {
        for spec in optional_tables_of(puzzle) {
            let table = Table::open_verified(&dir.join(spec.file_name()), &spec)?;
            let bytes = std::fs::read(table.path())?;
            tables.push((TableRecord::new(&spec, table.metadata(), &bytes), bytes));
        }
    }
    let manifest =
        write_release(out, tables).with_context(|| format!("cannot write the release into {}", out.display()))?;
    for record in &manifest.tables {
        let zstd_bytes = record.artifact.as_ref().map_or(0, |artifact| artifact.bytes);
        println!("{}: {} bytes, {zstd_bytes} as zstd", record.file, record.bytes);
    }
    println!("wrote {MANIFEST_FILE} and {SUMS_FILE} in {}", out.display());
    Ok(())
}
