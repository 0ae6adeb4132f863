//! `cargo xtask bench-cube-optimal [--tables DIR]... [--build SIZE,...] [--per-group N]
//! [--lengths L,...] [--threads N,...] [--max-seconds S] [--h48 SOLVER]... [--vcube COORD]...
//! [--out FILE]`: proven-optimal cube solving, every size of our tables, nissy-core's H48 and
//! vcube side by side, in one run, on the same random-state cubes grouped by optimal length (16, 17, 18, 19 face
//! turns unless `--lengths` says), on one thread and on two (unless `--threads` says).
//!
//! The cubes are the first N of each of nissy-core's benchmark scramble files
//! (`benchmarks/scrambles/scrambles-L.txt`, random-state cubes whose optimal length is L),
//! read from the checkout that `$NISSY_CORE` names: nissy-core is GPL, so neither its code,
//! its build script nor its files are part of this repository; build it by hand outside it
//! (`./build.sh`).
//!
//! Our sizes: each `--tables DIR` is a folder of cube tables, labelled by the optimal size
//! its search uses (the fastest of `gen cube --optimal SIZE` there), or `phase-1` when it
//! holds none; two folders of one size are refused. `--build SIZE,...` builds sizes in this
//! run, each into a fresh `target/xtask-bench-cube-optimal/SIZE/` by the release binary's
//! `gen cube --optimal SIZE`, timed, with its peak memory, beside links to the two-phase
//! tables of the first `--tables` folder (or of `gen cube`, built into
//! `target/xtask-bench-cube-optimal/tables/` in this run when none is given). With neither
//! option, that `gen cube` folder runs alone (the phase-1 bound). A build time is only ever
//! this run's: a folder given is reported as not built here. A size's bound counts the files
//! its search reads: its own, and the phase-1 table for `tiny` (the larger of the two bounds)
//! and for `phase-1`.
//!
//! H48: the tables in nissy-core's `tables/` whose names start with `h48` (`./build.sh tool
//! gendata SOLVER` builds one; the big ones take hours on two cores), or those `--h48`
//! names. Beside each of our sizes stands the one closest to it in size (by ratio), called
//! far when more than twice or less than half of ours; each H48 table that stands beside one
//! of ours runs, through nissy-core's `solve_file` tool (`./build.sh tool solve_file SOLVER
//! FILE`, `THREADS=1` or `2`), one cube a run: its time is the tool's own total (its table
//! loaded before), and it is stopped `--max-seconds` after it starts solving.
//!
//! vcube (module `vcube`, from the build folder `$VCUBE`), when `--vcube` names coordinates
//! whose tables are built there: beside each size of ours stands also the closest of those,
//! and it runs as H48 does, `--workers` 1 or 2, its moves replayed on the test model.
//!
//! Per group and thread count, each cube runs on each of our sizes, then on each table of
//! theirs, back to back, so that the machine's load drifts little between columns. Ours runs in this
//! process, `solve_optimal` on one thread and on two, given `--max-seconds` a cube; every
//! answer is replayed on the test model (`tests/reference/cube.rs`), its length counted there
//! and, when proven, checked against the file's optimal length. The report: the sizes (bound
//! bytes, build, the tables of theirs beside each), one Markdown table (per group and thread
//! count, each size's seconds and nodes per cube, each table of theirs' seconds per cube), and
//! for each size seconds x GiB on 18-move cubes, one thread, against each table beside it.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_query::cube::optimal::{OptimalLimits, OptimalSize, OptimalTables};
use puzzle_tables_query::cube::{moves_text, parse_moves, Cube, Metric, TwoPhaseSolver};
use puzzle_tables_query::{tables_of, Puzzle, Tables};

use crate::bench::{load_average, write_marked};
use crate::cube_bench::reference;
use crate::fifteen_bench::timed_with_peak_memory;
use crate::vcube::{VcubeTable, VCUBE_ENV};
use crate::{one_labelled, release_binary, target_dir};

/// The optimal lengths of the groups by default.
const LENGTHS: [usize; 4] = [16, 17, 18, 19];
/// The thread counts each cube is solved on by default.
const THREADS: [usize; 2] = [1, 2];
/// The environment variable naming a built nissy-core checkout.
const NISSY_ENV: &str = "NISSY_CORE";
const MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-cube-optimal: begin -->", "<!-- cargo xtask bench-cube-optimal: end -->");
/// Cubes per group by default.
pub const PER_GROUP: usize = 2;
/// Seconds per cube by default, before a search gives up.
pub const MAX_SECONDS: f64 = 60.0;
/// The label of a folder without optimal tables: the phase-1 bound alone.
const PHASE1_LABEL: &str = "phase-1";
/// A table of theirs further than this ratio from ours in size is far from it.
const NEAR_RATIO: f64 = 2.0;
/// How long nissy-core's tool may take to compile and load its table before it solves.
const NISSY_STARTUP: Duration = Duration::from_secs(300);

/// `cargo xtask bench-cube-optimal`'s options.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A folder of cube tables, one size of ours: repeat it for each size (each is labelled
    /// by the optimal size found there, `phase-1` when none) [default: `gen cube`'s tables
    /// built into target/, the phase-1 bound, unless --build is given].
    #[arg(long, value_name = "DIR")]
    tables: Vec<PathBuf>,
    /// Also build these sizes in this run (`gen cube --optimal SIZE`, timed, peak memory),
    /// each into target/xtask-bench-cube-optimal/SIZE beside links to the two-phase tables of
    /// the first --tables folder (or of `gen cube`, built there when none is given).
    #[arg(long, value_name = "SIZE,...", value_delimiter = ',', value_parser = size_label)]
    build: Vec<OptimalSize>,
    /// Cubes per optimal length.
    #[arg(long, value_name = "N", default_value_t = PER_GROUP)]
    per_group: usize,
    /// The optimal lengths whose cubes run (nissy-core's scramble files).
    #[arg(long, value_name = "L,...", value_delimiter = ',', default_values_t = LENGTHS)]
    lengths: Vec<usize>,
    /// The thread counts each cube is solved on, by every solver.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_values_t = THREADS)]
    threads: Vec<usize>,
    /// Give up on a cube after this many seconds.
    #[arg(long, value_name = "S", default_value_t = MAX_SECONDS)]
    max_seconds: f64,
    /// The H48 tables of nissy-core's tables/ that may run beside ours, each size of ours
    /// beside the closest in size [default: every H48 table there].
    #[arg(long, value_name = "SOLVER")]
    h48: Vec<String>,
    /// The vcube coordinates (tables built in `$VCUBE`, such as 112) that may run beside ours,
    /// each size of ours beside the closest in size [default: none].
    #[arg(long, value_name = "COORD")]
    vcube: Vec<String>,
    /// Also write the figures into FILE, in place between their markers.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// An optimal size named by its label (`tiny`, `small`, ...).
fn size_label(label: &str) -> Result<OptimalSize, String> {
    one_labelled(label, &OptimalSize::ALL, OptimalSize::label, "size")
}

/// One of our sizes in the run: a folder of tables and the solvers over it.
struct Size {
    /// The optimal size its search uses, or [`PHASE1_LABEL`].
    label: String,
    dir: PathBuf,
    /// The bytes of the files its bound reads.
    bound_bytes: u64,
    /// Which files those are.
    bound_files: &'static str,
    /// Seconds and peak memory of building its tables, when this run built them.
    build: Option<Timing>,
    optimal: Option<OptimalTables>,
    /// The solver on each of `--threads`.
    solvers: Vec<TwoPhaseSolver>,
}

/// A build's wall seconds and peak resident bytes, and the command.
struct Timing {
    command: String,
    seconds: f64,
    peak_bytes: Option<u64>,
}

/// A table of an established solver that may run beside ours.
#[derive(Clone, Debug, PartialEq)]
enum Theirs {
    /// A table in nissy-core's `tables/`, by name.
    H48 {
        name: String,
        bytes: u64,
    },
    Vcube(VcubeTable),
}

impl Theirs {
    fn label(&self) -> String {
        match self {
            Theirs::H48 { name, .. } => format!("H48 {name}"),
            Theirs::Vcube(table) => format!("vcube {}", table.coord),
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Theirs::H48 { bytes, .. } => *bytes,
            Theirs::Vcube(table) => table.bytes,
        }
    }

    /// Whether `other` is of the same solver.
    fn same_solver(&self, other: &Theirs) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// One solver's figures on one group, on some threads: totals over its cubes.
#[derive(Clone, Debug, Default)]
struct Cell {
    cubes: usize,
    seconds: f64,
    /// Cubes not proven within `--max-seconds` (their time counts as spent).
    gave_up: usize,
    /// When the solver says.
    nodes: Option<f64>,
}

impl Cell {
    fn add(&mut self, seconds: f64, proven: bool, nodes: Option<u64>) {
        self.cubes += 1;
        self.seconds += seconds;
        self.gave_up += usize::from(!proven);
        if let Some(nodes) = nodes {
            self.nodes = Some(self.nodes.unwrap_or(0.0) + nodes as f64);
        }
    }

    fn seconds_per_cube(&self) -> f64 {
        self.seconds / self.cubes.max(1) as f64
    }

    /// Seconds per cube, or a lower bound and how many cubes gave up.
    fn seconds_text(&self) -> String {
        match self.gave_up {
            0 => format!("{:.2}", self.seconds_per_cube()),
            n => format!("> {:.0} ({n} gave up)", self.seconds_per_cube()),
        }
    }

    fn nodes_text(&self) -> String {
        self.nodes.map_or("-".into(), |nodes| format!("{:.3e}", nodes / self.cubes.max(1) as f64))
    }
}

/// A group on some threads: a cell for each of our sizes and each table of theirs that runs.
struct Row {
    length: usize,
    threads: usize,
    ours: Vec<Cell>,
    theirs: Vec<Cell>,
}

/// Runs everything and prints the figures; with `--out`, writes them there too.
pub fn bench(args: &Args) -> anyhow::Result<()> {
    if args.threads.contains(&0) {
        bail!("--threads: a solver needs at least one thread");
    }
    let load_before = load_average();
    let nissy = std::env::var_os(NISSY_ENV)
        .map(PathBuf::from)
        .with_context(|| format!("${NISSY_ENV} must name a nissy-core checkout (its scramble files are the cubes)"))?;
    let groups: Vec<(usize, Vec<String>)> =
        args.lengths.iter().map(|&l| Ok((l, scrambles(&nissy, l, args.per_group)?))).collect::<anyhow::Result<_>>()?;
    let mut present = h48_tables(&nissy, &args.h48)?;
    present.extend(vcube_tables(&args.vcube)?);
    let (sizes, two_phase) = our_sizes(&args.tables, &args.build, &args.threads)?;
    let beside: Vec<Vec<usize>> = sizes.iter().map(|size| closest_of_each(size.bound_bytes, &present)).collect();
    let running: Vec<&Theirs> =
        (0..present.len()).filter(|i| beside.iter().any(|b| b.contains(i))).map(|i| &present[i]).collect();
    let rows = solve_groups(&groups, &sizes, &running, &nissy, args)?;
    let mut report = String::new();
    let _ = writeln!(
        report,
        "- load average before: {load_before}; after: {} (a machine shared with other work)",
        load_average()
    );
    let _ = writeln!(
        report,
        "- cubes: the first {} of each of nissy-core's `scrambles-L.txt` (random-state, optimal length L); \
         at most {} s a cube; each cube on every solver back to back",
        args.per_group, args.max_seconds
    );
    let _ = writeln!(report, "- the two-phase tables: {two_phase}");
    let present_text: Vec<String> =
        present.iter().map(|t| format!("{} ({})", t.label(), megabytes(t.bytes()))).collect();
    let _ = writeln!(
        report,
        "- tables of theirs that may run (nissy-core's `tables/`, `$VCUBE`'s): {}",
        present_text.join(", ")
    );
    for vcube in present.iter().filter_map(|t| if let Theirs::Vcube(t) = t { Some(t) } else { None }) {
        let pages = match vcube.huge_pages {
            true => "on huge pages",
            false => "on ordinary pages: too few huge pages reserved (/proc/sys/vm/nr_hugepages)",
        };
        let _ = writeln!(report, "- vcube {} loaded its table in {:.1} s, {pages}", vcube.coord, vcube.load_seconds);
    }
    for (size, beside) in sizes.iter().zip(&beside) {
        let _ = writeln!(report, "- {}", size_line(size, beside.iter().map(|&i| &present[i])));
    }
    let ours: Vec<&str> = sizes.iter().map(|size| size.label.as_str()).collect();
    let theirs: Vec<String> = running.iter().map(|table| table.label()).collect();
    report.push('\n');
    report.push_str(&figures_table(&ours, &theirs, &rows));
    if let Some(row) = rows.iter().find(|row| (row.length, row.threads) == (18, 1)) {
        let _ = writeln!(
            report,
            "\n18-move cubes, one thread, seconds x GiB, each size beside each table of theirs beside it:\n"
        );
        for (column, (size, beside)) in sizes.iter().zip(&beside).enumerate() {
            for &i in beside {
                let (table, theirs) =
                    running.iter().zip(&row.theirs).find(|(t, _)| **t == &present[i]).context("it runs")?;
                let line = seconds_gib_line(&size.label, size.bound_bytes, &row.ours[column], table, theirs);
                let _ = writeln!(report, "- {line}");
            }
        }
    }
    println!("\n{report}");
    if let Some(out) = &args.out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

/// Each group on each of `--threads`: each cube on each of our `sizes`, then on each of the
/// tables of theirs `running`, back to back, each given `--max-seconds`.
fn solve_groups(
    groups: &[(usize, Vec<String>)],
    sizes: &[Size],
    running: &[&Theirs],
    nissy: &Path,
    args: &Args,
) -> anyhow::Result<Vec<Row>> {
    let max_seconds = args.max_seconds;
    let mut rows = Vec::new();
    for (length, cubes) in groups {
        for (index, &threads) in args.threads.iter().enumerate() {
            println!("{} cubes of {length} on {threads} thread(s)", cubes.len());
            let mut row = Row {
                length: *length,
                threads,
                ours: vec![Cell::default(); sizes.len()],
                theirs: vec![Cell::default(); running.len()],
            };
            for scramble in cubes {
                for (size, cell) in sizes.iter().zip(&mut row.ours) {
                    solve_ours(&size.solvers[index], size.optimal.as_ref(), scramble, *length, max_seconds, cell)?;
                }
                for (table, cell) in running.iter().zip(&mut row.theirs) {
                    let seconds = match table {
                        Theirs::H48 { name, .. } => run_nissy(nissy, name, scramble, threads, max_seconds)?,
                        Theirs::Vcube(vcube) => match vcube.solve(scramble, threads, max_seconds)? {
                            Some(answer) => {
                                check_answer(scramble, &answer.moves, true, *length)
                                    .with_context(|| format!("vcube {}", vcube.coord))?;
                                Some(answer.seconds)
                            }
                            None => None,
                        },
                    };
                    cell.add(seconds.unwrap_or(max_seconds), seconds.is_some(), None);
                }
            }
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The first `count` scrambles of nissy-core's file of cubes `length` away.
fn scrambles(nissy: &Path, length: usize, count: usize) -> anyhow::Result<Vec<String>> {
    let path = nissy.join("benchmarks").join("scrambles").join(format!("scrambles-{length}.txt"));
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(text.lines().filter(|l| !l.trim().is_empty()).take(count).map(str::to_string).collect())
}

/// The H48 tables in nissy-core's `tables/`, smallest first: those `named`, or every one.
fn h48_tables(nissy: &Path, named: &[String]) -> anyhow::Result<Vec<Theirs>> {
    let dir = nissy.join("tables");
    let mut present = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("h48") && entry.metadata()?.is_file() {
            present.push((name, entry.metadata()?.len()));
        }
    }
    for name in named {
        if !present.iter().any(|(table, _)| table == name) {
            bail!("{} has no table {name} (`./build.sh tool gendata {name}` builds it there)", dir.display());
        }
    }
    present.retain(|(table, _)| named.is_empty() || named.contains(table));
    if present.is_empty() {
        bail!("{} has no H48 table (`./build.sh tool gendata h48h0` builds the smallest)", dir.display());
    }
    present.sort_by_key(|&(_, bytes)| bytes);
    Ok(present.into_iter().map(|(name, bytes)| Theirs::H48 { name, bytes }).collect())
}

/// The vcube tables of `coords` in the build `$VCUBE` names, smallest first (none without
/// `coords`).
fn vcube_tables(coords: &[String]) -> anyhow::Result<Vec<Theirs>> {
    if coords.is_empty() {
        return Ok(Vec::new());
    }
    let dir = std::env::var_os(VCUBE_ENV)
        .map(PathBuf::from)
        .with_context(|| format!("--vcube: ${VCUBE_ENV} must name a vcube build folder"))?;
    let mut tables = coords.iter().map(|coord| VcubeTable::open(&dir, coord)).collect::<anyhow::Result<Vec<_>>>()?;
    tables.sort_by_key(|table| table.bytes);
    Ok(tables.into_iter().map(Theirs::Vcube).collect())
}

/// For each solver of `tables`, the index of its table closest in size to `bytes`, by ratio.
fn closest_of_each(bytes: u64, tables: &[Theirs]) -> Vec<usize> {
    let distance = |table: &Theirs| (table.bytes().max(1) as f64 / bytes.max(1) as f64).ln().abs();
    let mut closest: Vec<usize> = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        match closest.iter_mut().find(|c| tables[**c].same_solver(table)) {
            Some(c) if distance(table) < distance(&tables[*c]) => *c = i,
            Some(_) => {}
            None => closest.push(i),
        }
    }
    closest
}

/// Our sizes, smallest bound first, and how the two-phase tables came to be.
fn our_sizes(folders: &[PathBuf], build: &[OptimalSize], threads: &[usize]) -> anyhow::Result<(Vec<Size>, String)> {
    let work = target_dir().join("xtask-bench-cube-optimal");
    let mut sizes = Vec::new();
    for dir in folders {
        sizes.push(open_size(dir, None, threads)?);
    }
    let (two_phase, two_phase_note) = match folders.first() {
        Some(first) if build.is_empty() => (first.clone(), "in each folder given".into()),
        Some(first) => {
            (first.clone(), format!("in each folder given; the sizes built here link `{}`'s", first.display()))
        }
        None => {
            let dir = fresh_dir(&work.join("tables"))?;
            println!("building the two-phase tables");
            let mut gen = Command::new(release_binary()?);
            gen.arg("--tables").arg(&dir).args(["gen", "cube"]);
            let (seconds, _) = timed_with_peak_memory(&mut gen)?;
            if build.is_empty() {
                let timing = Timing { command: "gen cube".into(), seconds, peak_bytes: None };
                sizes.push(open_size(&dir, Some(timing), threads)?);
            }
            (dir, format!("built by `gen cube` in this run, {seconds:.0} s"))
        }
    };
    for &size in build {
        let dir = fresh_dir(&work.join(size.label()))?;
        for spec in tables_of(Puzzle::Cube) {
            let source = two_phase.join(spec.file_name());
            let source = source.canonicalize().with_context(|| format!("{} is not there", source.display()))?;
            std::os::unix::fs::symlink(&source, dir.join(spec.file_name()))?;
        }
        println!("building the {} size", size.label());
        let mut gen = Command::new(release_binary()?);
        gen.arg("--tables").arg(&dir).args(["gen", "cube", "--optimal", size.label()]);
        let (seconds, peak_bytes) = timed_with_peak_memory(&mut gen)?;
        let command = format!("gen cube --optimal {}", size.label());
        sizes.push(open_size(&dir, Some(Timing { command, seconds, peak_bytes }), threads)?);
    }
    sizes.sort_by_key(|size| size.bound_bytes);
    if let Some(pair) = sizes.windows(2).find(|pair| pair[0].label == pair[1].label) {
        bail!(
            "{} and {} both hold the {} size: give one folder per size",
            pair[0].dir.display(),
            pair[1].dir.display(),
            pair[0].label
        );
    }
    Ok((sizes, two_phase_note))
}

/// `dir`, emptied or made.
fn fresh_dir(dir: &Path) -> anyhow::Result<PathBuf> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("cannot empty {}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    Ok(dir.to_path_buf())
}

/// The tables in `dir` as one of our sizes, with its solver on each of `threads`.
fn open_size(dir: &Path, build: Option<Timing>, threads: &[usize]) -> anyhow::Result<Size> {
    let tables = Tables::open(dir).with_context(|| format!("cannot open the tables in {}", dir.display()))?;
    let optimal = tables.cube_optimal().with_context(|| format!("the optimal tables in {}", dir.display()))?;
    let solvers =
        threads.iter().map(|&threads| Ok(tables.cube()?.with_threads(threads))).collect::<anyhow::Result<Vec<_>>>()?;
    let size = optimal.as_ref().map(OptimalTables::size);
    let phase1_bytes = solvers[0].phase1_table(Metric::Htm).file_len();
    let (bound_bytes, bound_files) = bound(size, optimal.as_ref().map_or(0, OptimalTables::file_bytes), phase1_bytes);
    Ok(Size {
        label: size.map_or(PHASE1_LABEL, OptimalSize::label).to_string(),
        dir: dir.to_path_buf(),
        bound_bytes,
        bound_files,
        build,
        optimal,
        solvers,
    })
}

/// The bytes a size's bound reads, and which files: its own, and the phase-1 table for
/// `tiny` (the larger of its corners and the phase-1 bound) and without optimal tables.
fn bound(size: Option<OptimalSize>, own_bytes: u64, phase1_bytes: u64) -> (u64, &'static str) {
    match size {
        None => (phase1_bytes, "the phase-1 table"),
        Some(OptimalSize::Tiny) => (own_bytes + phase1_bytes, "its own table and the phase-1 table"),
        Some(_) => (own_bytes, "its own tables"),
    }
}

/// One of our sizes: its folder, its bound, its build and the tables of theirs beside it.
fn size_line<'a>(size: &Size, beside: impl Iterator<Item = &'a Theirs>) -> String {
    let build = match &size.build {
        Some(timing) => format!(
            "built in this run by `{}`: {:.1} s, peak memory {}",
            timing.command,
            timing.seconds,
            timing.peak_bytes.map_or("unknown".into(), memory)
        ),
        None => "not built in this run".into(),
    };
    format!(
        "{}: `{}`, bound {} ({:.3} GiB, {}); {build}; beside {}",
        size.label,
        size.dir.display(),
        megabytes(size.bound_bytes),
        gib(size.bound_bytes),
        size.bound_files,
        beside.map(|table| closeness(size.bound_bytes, table)).collect::<Vec<_>>().join(" and ")
    )
}

/// A table of theirs beside ours of `bytes`, and how far from it in size.
fn closeness(bytes: u64, table: &Theirs) -> String {
    let ratio = table.bytes().max(1) as f64 / bytes.max(1) as f64;
    let far = match ratio {
        r if r > NEAR_RATIO => format!("; {r:.1} times ours: far from it"),
        r if r < 1.0 / NEAR_RATIO => format!("; {:.1} times smaller than ours: far from it", 1.0 / r),
        _ => String::new(),
    };
    format!("{} ({}, the closest present{far})", table.label(), megabytes(table.bytes()))
}

/// The Markdown table: per group and thread count, each of `ours`' seconds and nodes per
/// cube, and each of `theirs`' seconds per cube.
fn figures_table(ours: &[&str], theirs: &[String], rows: &[Row]) -> String {
    let mut text = String::from("| optimal length | cubes | threads |");
    for label in ours {
        let _ = write!(text, " {label} s/cube | {label} nodes/cube |");
    }
    for name in theirs {
        let _ = write!(text, " {name} s/cube |");
    }
    text.push('\n');
    text.push_str(&"|---:".repeat(3 + 2 * ours.len() + theirs.len()));
    text.push_str("|\n");
    for row in rows {
        let cubes = row.ours.iter().chain(&row.theirs).map(|cell| cell.cubes).max().unwrap_or(0);
        let _ = write!(text, "| {} | {cubes} | {} |", row.length, row.threads);
        for cell in &row.ours {
            let _ = write!(text, " {} | {} |", cell.seconds_text(), cell.nodes_text());
        }
        for cell in &row.theirs {
            let _ = write!(text, " {} |", cell.seconds_text());
        }
        text.push('\n');
    }
    text
}

/// Seconds per cube times GiB for one of our sizes and a table of theirs.
fn seconds_gib_line(label: &str, bytes: u64, ours: &Cell, table: &Theirs, theirs: &Cell) -> String {
    format!(
        "{label}: {:.2} ({:.3} GiB) against {} {:.2} ({:.3} GiB){}",
        ours.seconds_per_cube() * gib(bytes),
        gib(bytes),
        table.label(),
        theirs.seconds_per_cube() * gib(table.bytes()),
        gib(table.bytes()),
        if ours.gave_up + theirs.gave_up > 0 { " (some cubes gave up: lower bounds)" } else { "" }
    )
}

fn gib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1u32 << 30)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// Memory in MB below a GB, else in GB.
fn memory(bytes: u64) -> String {
    match bytes {
        0..=999_999_999 => megabytes(bytes),
        _ => format!("{:.2} GB", bytes as f64 / 1e9),
    }
}

/// Ours on one cube, given `max_seconds`, the answer replayed on the test model, into `cell`.
fn solve_ours(
    solver: &TwoPhaseSolver,
    optimal: Option<&OptimalTables>,
    scramble: &str,
    length: usize,
    max_seconds: f64,
    cell: &mut Cell,
) -> anyhow::Result<()> {
    let cube = Cube::SOLVED.apply_moves(&parse_moves(scramble)?);
    let limits = OptimalLimits {
        deadline: Some(Instant::now() + Duration::from_secs_f64(max_seconds)),
        ..OptimalLimits::default()
    };
    let started = Instant::now();
    let found = solver.solve_optimal(&cube, Metric::Htm, optimal, &limits);
    cell.add(started.elapsed().as_secs_f64(), found.optimal, Some(found.nodes));
    check_answer(scramble, &moves_text(&found.moves), found.optimal, length)
}

/// Whether `moves` solve the cube of `scramble` on the test model and, when `proven`, are
/// its optimal `length`.
fn check_answer(scramble: &str, moves: &str, proven: bool, length: usize) -> anyhow::Result<()> {
    let facelets = reference::replay(&reference::SOLVED, scramble).context("a scramble the model reads")?;
    let after = reference::replay(&facelets, moves).context("moves the model reads")?;
    if !reference::is_solved(&after) {
        bail!("{moves} does not solve {scramble}");
    }
    let count = moves.split_whitespace().count();
    if proven && count != length {
        bail!("{moves} is {count} moves, but {scramble} is {length} away");
    }
    Ok(())
}

/// nissy-core's `solve_file` tool with `solver` on one cube, on `threads` threads: its own
/// time, or `None` when it was stopped `max_seconds` after it started solving.
fn run_nissy(
    nissy: &Path,
    solver: &str,
    scramble: &str,
    threads: usize,
    max_seconds: f64,
) -> anyhow::Result<Option<f64>> {
    let file = target_dir().join("xtask-bench-cube-optimal").join("scramble.txt");
    std::fs::create_dir_all(file.parent().context("a folder")?)?;
    std::fs::write(&file, format!("{scramble}\n"))?;
    let mut child = Command::new("./build.sh")
        .args(["tool", "solve_file", solver])
        .arg(&file)
        .env("THREADS", threads.to_string())
        .current_dir(nissy)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        // Its own process group: build.sh runs the tool as a grandchild, which a stop must end too.
        .process_group(0)
        .spawn()
        .context("cannot run nissy-core's build.sh")?;
    let stdout = child.stdout.take().context("its output is piped")?;
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let started = Instant::now();
    let mut solving = None;
    let mut text = String::new();
    loop {
        match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => {
                if line.starts_with("Solving scramble") {
                    solving = Some(Instant::now());
                }
                if let Some(total) = line.strip_prefix("Total time: ").and_then(|t| t.strip_suffix('s')?.parse().ok()) {
                    child.wait()?;
                    return Ok(Some(total));
                }
                text.push_str(&line);
                text.push('\n');
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = child.wait()?;
                bail!("nissy-core's solve_file ended ({status}) without a total time:\n{text}");
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        match solving {
            Some(at) if at.elapsed().as_secs_f64() > max_seconds => {
                stop(&mut child);
                return Ok(None);
            }
            None if started.elapsed() > NISSY_STARTUP => {
                stop(&mut child);
                bail!("nissy-core's solve_file did not start solving within {NISSY_STARTUP:?}:\n{text}");
            }
            _ => {}
        }
    }
}

/// Ends `child`'s process group and waits for it.
fn stop(child: &mut Child) {
    Command::new("kill").args(["--", &format!("-{}", child.id())]).status().ok();
    child.wait().ok();
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        args: Args,
    }

    fn table(name: &str, bytes: u64) -> Theirs {
        Theirs::H48 { name: name.into(), bytes }
    }

    fn vcube(coord: &str, bytes: u64) -> Theirs {
        Theirs::Vcube(VcubeTable {
            dir: PathBuf::new(),
            coord: coord.into(),
            bytes,
            load_seconds: 1.0,
            huge_pages: true,
        })
    }

    fn cell(seconds: &[f64], gave_up: usize, nodes: Option<u64>) -> Cell {
        let mut cell = Cell::default();
        for (i, &s) in seconds.iter().enumerate() {
            cell.add(s, i >= gave_up, nodes);
        }
        cell
    }

    #[test]
    fn tables_repeat_and_sizes_to_build_are_read_by_label() {
        let parsed =
            Command::try_parse_from(["bench", "--tables", "a", "--tables", "b", "--build", "tiny,small"]).unwrap();
        assert_eq!(parsed.args.tables, [PathBuf::from("a"), PathBuf::from("b")]);
        assert_eq!(parsed.args.build, [OptimalSize::Tiny, OptimalSize::Small]);
        assert!(parsed.args.h48.is_empty() && parsed.args.vcube.is_empty());
        assert_eq!((parsed.args.lengths, parsed.args.threads), (LENGTHS.to_vec(), THREADS.to_vec()));
        let chosen = Command::try_parse_from(["bench", "--lengths", "18,19", "--threads", "1"]).unwrap();
        assert_eq!((chosen.args.lengths, chosen.args.threads), (vec![18, 19], vec![1]));
        let error = Command::try_parse_from(["bench", "--build", "giant"]).err().unwrap().to_string();
        assert!(error.contains("not a size; the sizes are tiny, small"), "{error}");
    }

    #[test]
    fn the_closest_table_of_each_solver_is_closest_by_ratio() {
        let tables = [table("h48h0", 31_683_944), table("h48h5", 950_000_000), table("h48h6", 1_900_000_000)];
        assert_eq!(closest_of_each(31_200_000, &tables), [0]);
        // 673 MB: 21 times h0, 1.4 times smaller than h5.
        assert_eq!(closest_of_each(673_000_000, &tables), [1]);
        // 1.38 GB: 1.45 times h5, 1.38 times smaller than h6 (h5 is closer by difference).
        assert_eq!(closest_of_each(1_380_000_000, &tables), [2]);
        assert!(closest_of_each(1, &[]).is_empty());
        // One of each solver: H48's closest and vcube's.
        let both = [tables[0].clone(), tables[2].clone(), vcube("304", 1_424_000_000), vcube("112", 2_603_000_000)];
        assert_eq!(closest_of_each(1_960_000_000, &both), [1, 3]);
        assert_eq!(closest_of_each(31_200_000, &both), [0, 2]);
    }

    #[test]
    fn an_h48_table_far_from_ours_in_size_is_said_to_be() {
        let h0 = table("h48h0", 31_683_944);
        assert_eq!(closeness(31_200_000, &h0), "H48 h48h0 (31.7 MB, the closest present)");
        assert_eq!(
            closeness(673_000_000, &h0),
            "H48 h48h0 (31.7 MB, the closest present; 21.2 times smaller than ours: far from it)"
        );
        assert_eq!(closeness(10_000_000, &h0), "H48 h48h0 (31.7 MB, the closest present; 3.2 times ours: far from it)");
        assert_eq!(
            closeness(2_000_000_000, &vcube("112", 2_603_000_000)),
            "vcube 112 (2603.0 MB, the closest present)"
        );
    }

    #[test]
    fn build_memory_reads_in_mb_below_a_gb_and_in_gb_above() {
        assert_eq!(memory(15_200_000), "15.2 MB");
        assert_eq!(memory(4_120_000_000), "4.12 GB");
    }

    #[test]
    fn tiny_and_the_phase_1_bound_count_the_phase_1_table_and_other_sizes_do_not() {
        assert_eq!(bound(None, 0, 28).0, 28);
        assert_eq!(bound(Some(OptimalSize::Tiny), 3, 28).0, 31);
        assert_eq!(bound(Some(OptimalSize::Small), 673, 28).0, 673);
    }

    #[test]
    fn the_table_has_a_column_pair_per_size_and_one_per_table_of_theirs() {
        let rows = [Row {
            length: 18,
            threads: 2,
            ours: vec![cell(&[2.0, 4.0], 0, Some(1_000)), cell(&[30.0, 31.0], 1, Some(5_000))],
            theirs: vec![cell(&[10.0, 30.0], 1, None)],
        }];
        let text = figures_table(&["tiny", "small"], &[table("h48h0", 1).label()], &rows);
        let expected = "| optimal length | cubes | threads | tiny s/cube | tiny nodes/cube | small s/cube | small nodes/cube | H48 h48h0 s/cube |\n\
                        |---:|---:|---:|---:|---:|---:|---:|---:|\n\
                        | 18 | 2 | 2 | 3.00 | 1.000e3 | > 30 (1 gave up) | 5.000e3 | > 20 (1 gave up) |\n";
        assert_eq!(text, expected);
    }

    #[test]
    fn the_seconds_gib_line_says_when_it_compares_lower_bounds() {
        let h0 = table("h48h0", 1 << 29);
        let proven = seconds_gib_line("tiny", 1 << 30, &cell(&[4.0], 0, Some(1)), &h0, &cell(&[3.0], 0, None));
        assert_eq!(proven, "tiny: 4.00 (1.000 GiB) against H48 h48h0 1.50 (0.500 GiB)");
        let bounds = seconds_gib_line("tiny", 1 << 30, &cell(&[4.0], 1, Some(1)), &h0, &cell(&[3.0], 0, None));
        assert!(bounds.ends_with("(some cubes gave up: lower bounds)"), "{bounds}");
        let vcube = seconds_gib_line(
            "large",
            1 << 30,
            &cell(&[4.0], 0, Some(1)),
            &vcube("112", 1 << 31),
            &cell(&[3.0], 0, None),
        );
        assert_eq!(vcube, "large: 4.00 (1.000 GiB) against vcube 112 6.00 (2.000 GiB)");
    }

    /// A stand-in for nissy-core's `build.sh` in a fresh directory: it prints the tool's
    /// lines, taking `seconds` to solve, and reports `total`.
    fn stand_in(seconds: &str, total: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let script = format!(
            "#!/bin/sh\necho 'Reading tables from file tables/h48h0'\necho 'Solving scramble R U'\nsleep {seconds}\necho 'Solutions:'\necho \"Total time: {total}s\"\n"
        );
        let program = dir.path().join("build.sh");
        crate::stand_in::write_program(&program, &script);
        dir
    }

    #[test]
    fn nissy_cores_time_is_its_own_total() {
        let dir = stand_in("0", "1.2500");
        assert_eq!(run_nissy(dir.path(), "h48h0", "R U", 1, 5.0).unwrap(), Some(1.25));
    }

    #[test]
    fn nissy_core_is_stopped_max_seconds_after_it_starts_solving() {
        let dir = stand_in("20", "20.0");
        let started = Instant::now();
        assert_eq!(run_nissy(dir.path(), "h48h0", "R U", 1, 0.3).unwrap(), None);
        assert!(started.elapsed() < Duration::from_secs(5), "stopped after {:?}", started.elapsed());
    }

    #[test]
    fn nissy_core_without_a_total_fails_the_bench() {
        let dir = stand_in("0", "nothing");
        let error = run_nissy(dir.path(), "h48h0", "R U", 1, 5.0).err().unwrap();
        assert!(error.to_string().contains("without a total time"), "{error}");
    }
}
