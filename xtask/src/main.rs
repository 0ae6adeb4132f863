//! `cargo xtask`: project automation.
//!
//! - `cargo xtask examples`: builds the release binary and answers every bundled example
//!   (`examples/PUZZLE.txt`) with `puzzle-tables judge PUZZLE`, building missing tables.
//! - `cargo xtask gen-tables`: builds the release binary, generates every table into
//!   `tables/` and rewrites `tables/manifest.json` (checksums and per-distance counts, so a
//!   change to generation shows up in review).
//! - `cargo xtask dist --out DIR [--only PUZZLE...] [--no-optional] [--definitions NAME...]
//!   [--tables DIR]`: the release artifacts: each table compressed with zstd, `SHA256SUMS`
//!   (for `sha256sum -c`) and `manifest.json`; besides every table `gen-tables` builds, the
//!   optional ones (the fifteen puzzle's 7-8 databases) unless `--no-optional`; `--only`
//!   ships some puzzles' tables, `--definitions` defined puzzles' tables too, `--tables` the
//!   tables already in a directory, building none.
//! - `cargo xtask bench [--out FILE]`: every benchmark in one run, printed as one table of
//!   figures (see [`bench`](mod@bench)); `--out` also writes it to FILE, in place between markers.
//! - `cargo xtask man [--out DIR]`: the man pages, generated from the binary's clap
//!   definitions (`puzzle-tables.1` and one page per command), into DIR [default:
//!   `target/man`].
//! - `cargo xtask bench-fifteen [--out FILE]`: Korf's 100 fifteen-puzzle instances with the
//!   6-6-3 and 7-8 databases and a public solver side by side (see [`fifteen_bench`]).
//! - `cargo xtask bench-serve [--out FILE]`: `puzzle-tables serve` under load from wrk on
//!   loopback, with the in-process answer path side by side (see [`serve_bench`]).
//! - `cargo xtask bench-serve-hostile [--out FILE]`: `puzzle-tables serve` beside 4,000
//!   silent connections, then wrk's eight lookups among slow, malformed and flooding clients,
//!   on loopback, bounded (see [`hostile_bench`]).
//! - `cargo xtask bench-cube [--cubes N] [--rob-twophase DIR] [--rob-twophase-qt DIR] [--out
//!   FILE]`: 1,000 random-state Rubik's cubes, ours in both metrics and public two-phase
//!   solvers side by side: min2phase always, rob-twophase when its builds are given (see
//!   [`cube_bench`]).
//! - `cargo xtask bench-cube-optimal [--tables DIR]... [--build SIZE,...] [--per-group N]
//!   [--max-seconds S] [--h48 SOLVER]... [--vcube COORD]... [--out FILE]`: proven-optimal
//!   cubes grouped by length, every size of ours (a folder each, or built in the run) and
//!   nissy-core's H48 and vcube at the closest table size side by side (see
//!   [`cube_optimal_bench`]).
//! - `cargo xtask bench-distributed [--names NAME,...] [--binary PATH] [--out FILE]`: tables
//!   built by `gen`, by `distributed` on one worker and on two processes; with `--capped
//!   NAME [--processes N] [--cap-mb MB]`, by N processes each capped (see
//!   [`distributed_bench`]).
//! - `cargo xtask bench-definitions [--names NAME,...] [--out FILE]`: bundled definitions'
//!   tables built beside twips' `gods-algorithm` (`$TWIPS`) in the same run, and lookups and
//!   solutions from them (see [`definitions_bench`]).
//! - `cargo xtask bench-dist [--tables DIR] [--levels N,...] [--shipping none,transformed]
//!   [--out FILE]`: zstd levels with and without the transform, size against time on the
//!   real tables (see [`dist_bench`]).
//!
//! Arguments are parsed by clap, as in the binary: `cargo xtask --help` and `cargo xtask
//! COMMAND --help` print the usage.
#![deny(missing_docs)]

mod bench;
mod cube_bench;
mod cube_optimal_bench;
mod definitions_bench;
mod dist_bench;
mod distributed_bench;
mod fifteen_bench;
mod hostile_bench;
mod rob_twophase;
mod serve_bench;
#[cfg(test)]
mod stand_in;
mod vcube;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use clap::{Parser, Subcommand};
use puzzle_tables_dist::{worker_threads, write_release, Manifest, TableRecord, MANIFEST_FILE, SUMS_FILE, ZSTD_LEVEL};
use puzzle_tables_query::definition::{self, DefinitionTable};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle, Table, TableSpec};

/// Project automation for puzzle-tables.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build the release binary and answer every bundled example (examples/PUZZLE.txt) with
    /// `puzzle-tables judge PUZZLE`, building missing tables into tables/.
    Examples,
    /// Generate every table into tables/ and rewrite tables/manifest.json.
    GenTables,
    /// Write the release artifacts: each table compressed with zstd, SHA256SUMS and
    /// manifest.json.
    Dist(DistArgs),
    /// Run every benchmark and print one table of figures.
    Bench {
        /// Also write the table into FILE, in place between its markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Korf's 100 fifteen-puzzle instances, ours and a public solver side by side.
    BenchFifteen {
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// `puzzle-tables serve` under load from wrk on loopback, beside the in-process answer path.
    BenchServe {
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// `puzzle-tables serve` beside silent connections, then among slow, malformed and
    /// flooding clients, on loopback.
    BenchServeHostile {
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Random-state Rubik's cubes, ours in both metrics and a public two-phase solver side by
    /// side.
    BenchCube {
        /// How many cubes.
        #[arg(long, value_name = "N", default_value_t = cube_bench::CUBES)]
        cubes: usize,
        /// rob-twophase built by hand in DIR (`make`; its table made at its first start), to
        /// run beside ours at most 20 face turns.
        #[arg(long, value_name = "DIR")]
        rob_twophase: Option<PathBuf>,
        /// rob-twophase built with `-DQT` in DIR, to run beside ours at most 26 quarter turns.
        #[arg(long, value_name = "DIR")]
        rob_twophase_qt: Option<PathBuf>,
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Proven-optimal cubes grouped by optimal length, each size of ours and nissy-core's H48
    /// ($NISSY_CORE) at the closest table size side by side, in one run.
    BenchCubeOptimal(cube_optimal_bench::Args),
    /// Bundled definitions' tables built beside twips' gods-algorithm ($TWIPS) on the same
    /// definition and moves, and lookups and solutions from the tables.
    BenchDefinitions {
        /// The bundled definitions to build.
        #[arg(long, value_delimiter = ',', default_value = "2x2x2,pyraminx-no-tips,skewb")]
        names: Vec<String>,
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Bundled definitions' tables built by `gen`, by `distributed` on one worker and on
    /// two processes on loopback: times, peak memory, the per-worker rate.
    BenchDistributed {
        /// The bundled definitions to build.
        #[arg(long, value_delimiter = ',', default_value = "2x2x2,3x3x3-corners")]
        names: Vec<String>,
        /// The puzzle-tables binary to time [default: the release build, built first].
        #[arg(long, value_name = "PATH")]
        binary: Option<PathBuf>,
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Instead: this bundled definition built by `gen`, then by --processes processes
        /// each capped at --cap-mb of address space, and their counts compared.
        #[arg(long, value_name = "NAME")]
        capped: Option<String>,
        /// With --capped: how many processes of one worker.
        #[arg(long, default_value_t = 4, requires = "capped")]
        processes: usize,
        /// With --capped: each process's cap on its address space, in megabytes.
        #[arg(long, default_value_t = 1600, requires = "capped")]
        cap_mb: u64,
    },
    /// zstd levels for the release artifacts: size against time on the real tables.
    BenchDist {
        /// The tables to compress [default: tables/].
        #[arg(long, value_name = "DIR")]
        tables: Option<PathBuf>,
        /// The levels to measure.
        #[arg(long, value_name = "N,...", value_delimiter = ',', default_value = dist_bench::LEVELS)]
        levels: Vec<i32>,
        /// How to ship the tables at each level: as they are, or transformed where a
        /// transform suits them (as `dist` ships them).
        #[arg(long, value_name = "HOW,...", value_delimiter = ',', default_value = "none,transformed")]
        shipping: Vec<dist_bench::Shipping>,
        /// Also write the figures into FILE, in place between their markers.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Write the man pages, generated from the binary's clap definitions.
    Man {
        /// The directory to write them into [default: target/man].
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// `cargo xtask dist`.
#[derive(clap::Args)]
struct DistArgs {
    /// The directory to write the release into.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Ship only these puzzles' tables [default: every puzzle's].
    #[arg(long, value_name = "PUZZLE", num_args = 1.., value_parser = puzzle_label)]
    only: Vec<Puzzle>,
    /// Leave out the optional tables (the fifteen puzzle's 7-8 databases: minutes and about
    /// 4 GB of memory to build, 577 MB).
    #[arg(long)]
    no_optional: bool,
    /// Ship these defined puzzles' tables too (`definition-NAME.tbl`), such as 2x2x2 or a
    /// user's table's name; bundled ones are built when missing unless --tables.
    #[arg(long, value_name = "NAME", num_args = 1.., value_delimiter = ',')]
    definitions: Vec<String>,
    /// Ship the tables already in DIR, building none [default: build them into tables/ with
    /// the release binary, and rewrite tables/manifest.json].
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
}

/// A puzzle named by its label (`eight`, `magic-cube`, ...).
fn puzzle_label(label: &str) -> Result<Puzzle, String> {
    one_labelled(label, Puzzle::BUILT_IN, |puzzle| puzzle.label(), "puzzle")
}

/// The one of `all` whose label is `label`, or a message naming every label (for clap).
fn one_labelled<T: Copy>(
    label: &str,
    all: &[T],
    label_of: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<T, String> {
    all.iter().copied().find(|&item| label_of(item) == label).ok_or_else(|| {
        let labels: Vec<&str> = all.iter().map(|&item| label_of(item)).collect();
        format!("not a {what}; the {what}s are {}", labels.join(", "))
    })
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().task {
        Task::Examples => examples(),
        Task::GenTables => gen_tables().map(drop),
        Task::Dist(args) => dist(&args),
        Task::Bench { out } => bench::bench(out.as_deref()),
        Task::BenchFifteen { out } => fifteen_bench::bench(out.as_deref()),
        Task::BenchDefinitions { names, out } => definitions_bench::run(&names, out.as_deref()),
        Task::BenchDistributed { names, binary, out, capped: None, .. } => {
            distributed_bench::run(&names, binary.as_deref(), out.as_deref())
        }
        Task::BenchDistributed { binary, out, capped: Some(name), processes, cap_mb, .. } => {
            let capped = distributed_bench::Capped { name, processes, cap_mb };
            distributed_bench::run_capped(&capped, binary.as_deref(), out.as_deref())
        }
        Task::BenchServe { out } => serve_bench::bench(10, out.as_deref()),
        Task::BenchServeHostile { out } => hostile_bench::bench(10, out.as_deref()),
        Task::BenchCube { cubes, rob_twophase, rob_twophase_qt, out } => {
            let rob = cube_bench::RobBuilds { half_turns: rob_twophase, quarter_turns: rob_twophase_qt };
            cube_bench::bench(cubes, &rob, out.as_deref())
        }
        Task::BenchCubeOptimal(args) => cube_optimal_bench::bench(&args),
        Task::BenchDist { tables, levels, shipping, out } => {
            let tables = tables.unwrap_or_else(|| workspace_root().join("tables"));
            dist_bench::bench(&tables, &levels, &shipping, out.as_deref())
        }
        Task::Man { out } => man(&out.unwrap_or_else(|| target_dir().join("man"))),
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
    for &puzzle in Puzzle::BUILT_IN {
        let example = format!("examples/{puzzle}.txt");
        println!("== puzzle-tables judge {puzzle} {example}");
        // The repository's `tables/`, not the user's data directory: a fresh clone works alone.
        let tables = workspace_root().join("tables");
        run(Command::new(&binary).arg("--tables").arg(tables).args(["judge", puzzle.label(), &example]))?;
    }
    Ok(())
}

/// The tables of `specs`, opened from `dir` and verified, each with its record.
fn opened_tables(dir: &Path, specs: impl IntoIterator<Item = TableSpec>) -> anyhow::Result<Vec<(Table, TableRecord)>> {
    let mut tables = Vec::new();
    for spec in specs {
        let table = Table::open_verified(&dir.join(spec.file_name()), &spec)?;
        let bytes = std::fs::read(table.path())?;
        let record = TableRecord::new(&spec, table.metadata(), &bytes);
        tables.push((table, record));
    }
    Ok(tables)
}

/// Generates every table into `tables/`, writes its manifest and returns the tables, each
/// opened and verified, with its record.
fn gen_tables() -> anyhow::Result<Vec<(Table, TableRecord)>> {
    let dir = workspace_root().join("tables");
    run(Command::new(release_binary()?).arg("--tables").arg(&dir).arg("gen"))?;
    let tables = opened_tables(&dir, Puzzle::BUILT_IN.iter().flat_map(|&puzzle| tables_of(puzzle)))?;
    let manifest = Manifest::new(tables.iter().map(|(_, record)| record.clone()).collect());
    std::fs::write(dir.join(MANIFEST_FILE), manifest.to_json())?;
    println!("wrote {}", dir.join(MANIFEST_FILE).display());
    Ok(tables)
}

/// Builds what `dist` ships into `tables/`: every puzzle's tables through `gen-tables`, or
/// those of `puzzles`, and the fifteen puzzle's 7-8 databases when `optional`.
fn build_for_dist(puzzles: &[Puzzle], optional: bool) -> anyhow::Result<PathBuf> {
    let dir = workspace_root().join("tables");
    if puzzles == Puzzle::BUILT_IN {
        gen_tables()?;
    } else {
        run(Command::new(release_binary()?)
            .arg("--tables")
            .arg(&dir)
            .arg("gen")
            .args(puzzles.iter().map(|p| p.label())))?;
    }
    // Tables a reader uses when present but never builds on first use: the fifteen
    // puzzle's 7-8 databases (minutes and about 4 GB of memory to build) and the cube's
    // large set, shipped here.
    if optional && puzzles.contains(&Puzzle::Fifteen) {
        let partition = puzzle_tables_query::fifteen::Partition::SevenEight;
        run(Command::new(release_binary()?).arg("--tables").arg(&dir).args([
            "gen",
            "fifteen",
            "--partition",
            partition.label(),
        ]))?;
    }
    if optional && puzzles.contains(&Puzzle::Cube) {
        run(Command::new(release_binary()?).arg("--tables").arg(&dir).args(["gen", "cube", "--large"]))?;
    }
    Ok(dir)
}

/// The defined puzzle `name`'s table in `dir`, opened and verified, with its record.
fn definition_table(dir: &Path, name: &str) -> anyhow::Result<(TableRecord, Vec<u8>)> {
    let path = dir.join(definition::file_name(name));
    let definition = DefinitionTable::open(&path)?;
    let table = definition.file().context("a table opened from its file")?;
    let bytes = std::fs::read(&path)?;
    let mut record = TableRecord::new(table.spec(), table.metadata(), &bytes);
    // The spec names no table: a definition's file is named by its puzzle.
    record.file = definition::file_name(name);
    Ok((record, bytes))
}

fn dist(args: &DistArgs) -> anyhow::Result<()> {
    let puzzles = if args.only.is_empty() { Puzzle::BUILT_IN.to_vec() } else { args.only.clone() };
    let optional = !args.no_optional;
    let dir = match &args.tables {
        Some(dir) => dir.clone(),
        None => build_for_dist(&puzzles, optional)?,
    };
    let mut specs: Vec<TableSpec> = puzzles.iter().flat_map(|&puzzle| tables_of(puzzle)).collect();
    if optional {
        specs.extend(puzzles.iter().flat_map(|&puzzle| optional_tables_of(puzzle)));
    }
    let mut tables = Vec::new();
    for (table, record) in opened_tables(&dir, specs)? {
        tables.push((record, std::fs::read(table.path())?));
    }
    if args.tables.is_none() && !args.definitions.is_empty() {
        run(Command::new(release_binary()?).arg("--tables").arg(&dir).arg("gen").args(&args.definitions))?;
    }
    for name in &args.definitions {
        tables.push(definition_table(&dir, name)?);
    }
    let out = &args.out;
    let started = std::time::Instant::now();
    let manifest =
        write_release(out, tables).with_context(|| format!("cannot write the release into {}", out.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    println!("compressed with zstd level {ZSTD_LEVEL} on {} worker threads in {seconds:.1} s", worker_threads());
    for record in &manifest.tables {
        let artifact = record.artifact.as_ref();
        let zstd_bytes = artifact.map_or(0, |artifact| artifact.bytes);
        let transform = artifact.and_then(|artifact| artifact.transform.as_ref());
        let transform = transform.map_or(String::new(), |transform| format!(", transformed: {transform}"));
        println!("{}: {} bytes, {zstd_bytes} as zstd{transform}", record.file, record.bytes);
    }
    println!("wrote {MANIFEST_FILE} and {SUMS_FILE} in {}", out.display());
    Ok(())
}
