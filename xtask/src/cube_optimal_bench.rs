//! `cargo xtask bench-cube-optimal [--per-group N] [--max-seconds S] [--tables DIR] [--out FILE]`:
//! proven-optimal cube solving, ours and nissy-core's H48 side by side, in one run, on the
//! same random-state cubes grouped by optimal length (16, 17, 18, 19 face turns).
//!
//! The cubes are the first N of each of nissy-core's benchmark scramble files
//! (`benchmarks/scrambles/scrambles-L.txt`, random-state cubes whose optimal length is L),
//! read from the checkout that `$NISSY_CORE` names: nissy-core is GPL, so neither its code,
//! its build script nor its files are part of this repository; build it by hand outside it
//! (`./build.sh`), and the bench runs its `solve_file` tool (`./build.sh tool solve_file
//! SOLVER FILE`, `THREADS=1` or `2`) with the H48 table named by `--h48` (default `h48h0`,
//! 30 MB, the closest in size to ours). Its time is its tool's own total over the group
//! (tables loaded before it starts); a group past `--max-seconds` per cube is stopped and
//! reported as such.
//!
//! Ours: the cube tables (built into an empty directory by the release binary's `gen cube`,
//! timed, unless `--tables` names them; when that directory holds the optimal tables of
//! `gen cube --optimal SIZE`, built once outside the repository, the biggest size there
//! bounds the search: a folder per size runs each beside H48's closest table; the line under
//! the table compares seconds x GiB on 18-move cubes with H48's, counting the phase-1 table
//! in `tiny`'s size, as its bound reads it), then in this process each cube by
//! `solve_optimal` on one thread and on two, given `--max-seconds` each; every answer is
//! replayed on the test model (`tests/reference/cube.rs`), its length counted there and,
//! when proven, checked against the file's optimal length. One Markdown table, then the
//! issue's aims, met or not.

use std::fmt::Write as _;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use puzzle_tables_query::cube::optimal::{OptimalLimits, OptimalSize, OptimalSolution};
use puzzle_tables_query::cube::{moves_text, parse_moves, Cube, Metric};
use puzzle_tables_query::Tables;

use crate::bench::{load_average, write_marked};
use crate::cube_bench::reference;
use crate::fifteen_bench::timed_with_peak_memory;
use crate::{release_binary, target_dir};

/// The optimal lengths of the groups.
const LENGTHS: [usize; 4] = [16, 17, 18, 19];
/// The environment variable naming a built nissy-core checkout.
const NISSY_ENV: &str = "NISSY_CORE";
const MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-cube-optimal: begin -->", "<!-- cargo xtask bench-cube-optimal: end -->");
/// Cubes per group by default.
pub const PER_GROUP: usize = 2;
/// Seconds per cube by default, before a search gives up.
pub const MAX_SECONDS: f64 = 60.0;

/// One solver's figures on one group, on some threads.
struct Cell {
    /// Seconds per cube (the group's mean), and how many cubes gave up.
    seconds: f64,
    gave_up: usize,
    /// Nodes per cube (the group's mean), when the solver says.
    nodes: Option<f64>,
}

/// Runs everything and prints the figures; with `out`, writes them there too.
pub fn bench(
    per_group: usize,
    max_seconds: f64,
    tables: Option<&Path>,
    h48: &str,
    out: Option<&Path>,
) -> anyhow::Result<()> {
    let load_before = load_average();
    let nissy = std::env::var_os(NISSY_ENV)
        .map(PathBuf::from)
        .with_context(|| format!("${NISSY_ENV} must name a nissy-core checkout (its scramble files are the cubes)"))?;
    let groups: Vec<(usize, Vec<String>)> =
        LENGTHS.iter().map(|&l| Ok((l, scrambles(&nissy, l, per_group)?))).collect::<anyhow::Result<_>>()?;
    let (tables, build) = match tables {
        Some(dir) => (dir.to_path_buf(), None),
        None => {
            let dir = target_dir().join("xtask-bench-cube-optimal").join("tables");
            if dir.exists() {
                std::fs::remove_dir_all(&dir).with_context(|| format!("cannot empty {}", dir.display()))?;
            }
            println!("building the cube tables");
            let mut gen = Command::new(release_binary()?);
            gen.arg("--tables").arg(&dir).args(["gen", "cube"]);
            (dir, Some(timed_with_peak_memory(&mut gen)?))
        }
    };
    let optimal_tables = Tables::open(&tables)?.cube_optimal()?;
    // The bound's tables: `small`'s own, or the phase-1 table with `tiny`'s corners or alone.
    let phase1_bytes = Tables::open(&tables)?.cube()?.phase1_table(Metric::Htm).file_len();
    let bound_bytes = match &optimal_tables {
        Some(optimal) if optimal.size() == OptimalSize::Small => optimal.file_bytes(),
        Some(optimal) => optimal.file_bytes() + phase1_bytes,
        None => phase1_bytes,
    };
    let mut rows = Vec::new();
    for (length, cubes) in &groups {
        for threads in [1, 2] {
            println!("ours: {} cubes of {length} on {threads} thread(s)", cubes.len());
            let solver = Tables::open(&tables)?.cube()?.with_threads(threads);
            let ours = run_ours(
                |cube, limits| solver.solve_optimal(cube, Metric::Htm, optimal_tables.as_ref(), limits),
                cubes,
                *length,
                max_seconds,
            )?;
            println!("H48 {h48}: {} cubes of {length} on {threads} thread(s)", cubes.len());
            let theirs = run_nissy(&nissy, h48, cubes, threads, max_seconds)?;
            rows.push((*length, threads, cubes.len(), ours, theirs));
        }
    }
    let h48_bytes = std::fs::metadata(nissy.join("tables").join(h48)).ok().map(|m| m.len());
    let mut report = String::new();
    let _ = writeln!(
        report,
        "- load average before: {load_before}; after: {} (a machine shared with other work)",
        load_average()
    );
    let _ = writeln!(
        report,
        "- cubes: the first {per_group} of each of nissy-core's `scrambles-L.txt` (random-state, optimal length L); \
         at most {max_seconds} s a cube"
    );
    let _ = writeln!(
        report,
        "- ours: {} (bound, {:.1} MB; the two-phase tables in all are built by `gen cube`{}); H48 {h48}: {}",
        match &optimal_tables {
            Some(optimal) if optimal.size() == OptimalSize::Small => "the optimal tables, `gen cube --optimal small`",
            Some(_) => "the phase-1 table and the corner table, `gen cube --optimal tiny`",
            None => "the phase-1 table",
        },
        bound_bytes as f64 / 1e6,
        build.map_or(String::new(), |(s, _)| format!(", {s:.0} s")),
        h48_bytes.map_or("size unknown".into(), |b| format!("{:.1} MB", b as f64 / 1e6)),
    );
    let _ =
        writeln!(report, "\n| optimal length | cubes | threads | ours s/cube | ours nodes/cube | H48 {h48} s/cube |");
    let _ = writeln!(report, "|---:|---:|---:|---:|---:|---:|");
    for (length, threads, count, ours, theirs) in &rows {
        let _ = writeln!(
            report,
            "| {length} | {count} | {threads} | {} | {} | {} |",
            cell_seconds(ours),
            ours.nodes.map_or("-".into(), |n| format!("{:.3e}", n)),
            cell_seconds(theirs)
        );
    }
    let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
    if let (Some((.., ours, theirs)), Some(h48_bytes)) =
        (rows.iter().find(|(length, threads, ..)| (*length, *threads) == (18, 1)), h48_bytes)
    {
        let _ = writeln!(
            report,
            "\n18-move cubes, one thread, seconds x GiB: ours {:.2} ({:.3} GiB), H48 {h48} {:.2} ({:.3} GiB){}",
            ours.seconds * gib(bound_bytes),
            gib(bound_bytes),
            theirs.seconds * gib(h48_bytes),
            gib(h48_bytes),
            if ours.gave_up + theirs.gave_up > 0 { " (some cubes gave up: lower bounds)" } else { "" }
        );
    }
    println!("\n{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

/// Seconds per cube, or how many cubes gave up.
fn cell_seconds(cell: &Cell) -> String {
    match cell.gave_up {
        0 => format!("{:.2}", cell.seconds),
        n => format!("> {:.0} ({n} gave up)", cell.seconds),
    }
}

/// The first `count` scrambles of nissy-core's file of cubes `length` away.
fn scrambles(nissy: &Path, length: usize, count: usize) -> anyhow::Result<Vec<String>> {
    let path = nissy.join("benchmarks").join("scrambles").join(format!("scrambles-{length}.txt"));
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(text.lines().filter(|l| !l.trim().is_empty()).take(count).map(str::to_string).collect())
}

/// Ours on `cubes`, each given `max_seconds`, each answer replayed on the test model.
fn run_ours(
    solve: impl Fn(&Cube, &OptimalLimits) -> OptimalSolution,
    cubes: &[String],
    length: usize,
    max_seconds: f64,
) -> anyhow::Result<Cell> {
    let (mut seconds, mut nodes, mut gave_up) = (0.0, 0.0, 0);
    for scramble in cubes {
        let cube = Cube::SOLVED.apply_moves(&parse_moves(scramble)?);
        let limits = OptimalLimits {
            deadline: Some(Instant::now() + Duration::from_secs_f64(max_seconds)),
            ..OptimalLimits::default()
        };
        let started = Instant::now();
        let found = solve(&cube, &limits);
        seconds += started.elapsed().as_secs_f64();
        nodes += found.nodes as f64;
        let facelets = reference::replay(&reference::SOLVED, scramble).context("a scramble the model reads")?;
        let after = reference::replay(&facelets, &moves_text(&found.moves)).context("moves the model reads")?;
        if !reference::is_solved(&after) {
            bail!("{} does not solve {scramble}", moves_text(&found.moves));
        }
        if found.optimal && found.moves.len() != length {
            bail!("{} is {} moves, but {scramble} is {length} away", moves_text(&found.moves), found.moves.len());
        }
        gave_up += usize::from(!found.optimal);
    }
    let n = cubes.len().max(1) as f64;
    Ok(Cell { seconds: seconds / n, gave_up, nodes: Some(nodes / n) })
}

/// nissy-core's `solve_file` tool with `solver` on `cubes`, on `threads` threads, stopped
/// after `max_seconds` a cube.
fn run_nissy(nissy: &Path, solver: &str, cubes: &[String], threads: usize, max_seconds: f64) -> anyhow::Result<Cell> {
    let file = target_dir().join("xtask-bench-cube-optimal").join("scrambles.txt");
    std::fs::create_dir_all(file.parent().context("a folder")?)?;
    std::fs::write(&file, cubes.join("\n") + "\n")?;
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
    let limit = Duration::from_secs_f64(max_seconds * cubes.len() as f64 + 60.0);
    let started = Instant::now();
    while child.try_wait()?.is_none() {
        if started.elapsed() > limit {
            Command::new("kill").args(["--", &format!("-{}", child.id())]).status().ok();
            child.wait().ok();
            return Ok(Cell { seconds: max_seconds, gave_up: cubes.len(), nodes: None });
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let total: f64 = text
        .lines()
        .find_map(|line| line.strip_prefix("Total time: ")?.strip_suffix('s')?.parse().ok())
        .with_context(|| format!("no total time in nissy-core's output:\n{text}"))?;
    Ok(Cell { seconds: total / cubes.len().max(1) as f64, gave_up: 0, nodes: None })
}
