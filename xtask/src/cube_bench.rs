//! `cargo xtask bench-cube [--cubes N] [--rob-twophase DIR] [--rob-twophase-qt DIR] [--out
//! FILE]`: any Rubik's cube, ours and public two-phase solvers side by side, in one run, on
//! the same 1,000 random-state cubes (the first N of them with `--cubes`, for quick
//! comparisons).
//!
//! The cubes are drawn uniformly from all cubes by the independent test model
//! (`tests/reference/cube.rs`, a fixed seed), never by either solver. The release binary
//! builds the cube tables into an empty directory (`gen cube`, timed, its peak memory sampled
//! from `/proc`); then, in this process, ours solves every cube at most 20 face turns and at
//! most 26 quarter turns, on one thread and then on two (the machine's cores; the answers
//! are the same, which `tests/cube.rs` checks and this checks of their lengths), and the
//! anchor, the `min2phase` crate (0.2.4, a Rust port of Chen Shuang's min2phase; a
//! dependency of this xtask only, single-threaded), at most 20 face turns. Each cube is
//! timed alone, in wall time; every answer is replayed on the test model and its length
//! counted there. Memory is the growth of this process's resident set (`VmRSS`) over each
//! solver's opening and its 1,000 cubes: ours reads its table files into memory, the anchor
//! computes its tables in memory at its first call (timed as its generation). Then the
//! release binary adds the large set (`gen cube --large`, timed), and ours solves the same
//! cubes at most 20 face turns with it, on one thread and on two (the same answer lengths as
//! without it, checked here; the same answers, checked by `tests/cube.rs`); its column's
//! tables and generation count both sets. Then, when given their build directories,
//! rob-twophase (see [`crate::rob_twophase`]; the fastest public two-phase solver, about 676 MB
//! of tables, built by hand outside the repository): at most 20 face turns on one thread and
//! on two, and its quarter-turn build at most 26 quarter turns on one and on two, each answer
//! replayed on the test model like ours (the bench fails on any answer that does not solve its
//! cube or passes the bound). Its time per cube is its own report of its solve call; the pipe's
//! round trip per cube, and on a command it answers at once, are printed under the table. Its
//! memory is its process's resident set, its tables on disk its table file; it built them at
//! its first start, before the run. Last, the one-cube command `solve cube FACELETS`, process
//! start included. One Markdown table, then ours' fixed costs per solve (each the median of
//! timing it alone, once per cube: the start of a solve, `is_within` at bound 0, which finds
//! the six directions' phase-1 distances and searches nothing; and a one-turn cube solved,
//! whose time is the threads' start and end), then the aims, met or not, then where
//! ours stands against rob-twophase.

#[path = "../../tests/reference/cube.rs"]
pub(crate) mod reference;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context};
use puzzle_tables_query::cube::{large_specs, moves_text, parse_moves, specs, Cube, Facelets, Metric, TwoPhaseSolver};
use puzzle_tables_query::{TableSpec, Tables};

use crate::bench::{
    duration, load_average, median, median_command_ms, proc_field, resident_bytes_of, write_marked, COMMAND_RUNS,
};
use crate::fifteen_bench::timed_with_peak_memory;
use crate::rob_twophase::{self, RobTwophase};
use crate::{release_binary, target_dir};

/// How many cubes a full run solves.
pub const CUBES: usize = 1000;
const SEED: u64 = 2010;
const MARKERS: (&str, &str) = ("<!-- cargo xtask bench-cube: begin -->", "<!-- cargo xtask bench-cube: end -->");

/// One solver's figures on the cubes, in one metric.
struct Run {
    name: String,
    /// Seconds per cube, in the cubes' order.
    seconds: Vec<f64>,
    /// Each answer's length in the run's metric, counted by the test model.
    lengths: Vec<usize>,
    bound: usize,
    tables_on_disk: Option<u64>,
    /// Resident memory the solver added to this process (rob-twophase: its own process's).
    resident_bytes: Option<u64>,
    /// `None` when the tables were built before the run.
    generation_seconds: Option<f64>,
    generation_peak_bytes: Option<u64>,
}

/// The directories of rob-twophase's builds, each optional.
pub struct RobBuilds {
    /// Built as it comes: half turns.
    pub half_turns: Option<PathBuf>,
    /// Built with `-DQT`: quarter turns.
    pub quarter_turns: Option<PathBuf>,
}

/// rob-twophase's runs and the pipe's round trips, per cube and on a trivial command.
struct RobRuns {
    /// At most 20 face turns, on one thread and on two, when its build was given.
    half_turns: Vec<Run>,
    /// At most 26 quarter turns, likewise.
    quarter_turns: Vec<Run>,
    /// Each run's name, its median round trip per cube and on a trivial command, in seconds.
    round_trips: Vec<(String, f64, f64)>,
}

/// Runs everything and prints the figures; with `out`, writes them there too.
pub fn bench(cubes: usize, rob: &RobBuilds, out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let mut rng = reference::SplitMix64(SEED);
    let count = cubes;
    let cubes: Vec<String> = (0..count).map(|_| reference::to_text(&reference::random_cube(&mut rng))).collect();
    let binary = release_binary()?;
    let tables = target_dir().join("xtask-bench-cube").join("tables");
    if tables.exists() {
        std::fs::remove_dir_all(&tables).with_context(|| format!("cannot empty {}", tables.display()))?;
    }
    println!("building the cube tables");
    let mut gen = Command::new(&binary);
    gen.arg("--tables").arg(&tables).args(["gen", "cube"]);
    let (generation_seconds, generation_peak_bytes) = timed_with_peak_memory(&mut gen)?;
    let tables_on_disk = table_bytes(&tables, &specs())?;

    println!("solving {count} cubes with ours");
    let resident_before = resident_bytes();
    let mut solver = Tables::open(&tables)?.cube()?;
    let mut runs = Vec::new();
    let mut fixed = Vec::new();
    for threads in [1, THREADS] {
        solver = solver.with_threads(threads);
        fixed.extend(fixed_costs(&solver, &cubes, "ours", threads)?);
        for (metric, bound, label) in [(Metric::Htm, 20, "HTM"), (Metric::Qtm, 26, "QTM")] {
            let (seconds, lengths) = solve_all(&cubes, metric == Metric::Qtm, |text| {
                let cube =
                    Facelets::from_urfdlb(text).and_then(|f| f.cube()).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
                let moves = solver.solve(&cube, metric, bound as u32).context("no solution within the bound")?;
                Ok(moves_text(&moves))
            })?;
            runs.push(Run {
                name: format!("ours, {label} ≤ {bound}, {}", plural_threads(threads)),
                seconds,
                lengths,
                bound,
                tables_on_disk: Some(tables_on_disk),
                resident_bytes: None,
                generation_seconds: Some(generation_seconds),
                generation_peak_bytes,
            });
        }
    }
    if runs[0].lengths != runs[2].lengths || runs[1].lengths != runs[3].lengths {
        bail!("ours answered differently on {THREADS} threads than on one");
    }
    let ours_resident = resident_bytes().zip(resident_before).map(|(after, before)| after.saturating_sub(before));
    runs.iter_mut().for_each(|run| run.resident_bytes = ours_resident);
    drop(solver);

    println!("building the cube's large set");
    let mut gen = Command::new(&binary);
    gen.arg("--tables").arg(&tables).args(["gen", "cube", "--large"]);
    let (large_seconds, large_peak_bytes) = timed_with_peak_memory(&mut gen)?;
    let large_on_disk = table_bytes(&tables, &large_specs())?;
    println!("solving {count} cubes with ours and the large set");
    let resident_before = resident_bytes();
    let mut solver = Tables::open(&tables)?.cube()?;
    if !solver.has_large_tables() {
        bail!("the large set was built but the solver does not use it");
    }
    for threads in [1, THREADS] {
        solver = solver.with_threads(threads);
        fixed.extend(fixed_costs(&solver, &cubes, "ours + large set", threads)?);
        let (seconds, lengths) = solve_all(&cubes, false, |text| {
            let cube =
                Facelets::from_urfdlb(text).and_then(|f| f.cube()).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
            let moves = solver.solve(&cube, Metric::Htm, 20).context("no solution within the bound")?;
            Ok(moves_text(&moves))
        })?;
        if lengths != runs[0].lengths {
            bail!("ours answered differently with the large set than without it");
        }
        runs.push(Run {
            name: format!("ours + large set, HTM ≤ 20, {}", plural_threads(threads)),
            seconds,
            lengths,
            bound: 20,
            tables_on_disk: Some(tables_on_disk + large_on_disk),
            resident_bytes: None,
            generation_seconds: Some(generation_seconds + large_seconds),
            generation_peak_bytes: large_peak_bytes,
        });
    }
    let large_resident = resident_bytes().zip(resident_before).map(|(after, before)| after.saturating_sub(before));
    runs[4..].iter_mut().for_each(|run| run.resident_bytes = large_resident);
    drop(solver);

    println!("solving {count} cubes with the anchor (min2phase)");
    let resident_before = resident_bytes();
    let started = Instant::now();
    anchor_solve(&reference::to_text(&reference::SOLVED))?;
    let anchor_generation = started.elapsed().as_secs_f64();
    let (seconds, lengths) = solve_all(&cubes, false, anchor_solve)?;
    let anchor_resident = resident_bytes().zip(resident_before).map(|(after, before)| after.saturating_sub(before));
    runs.push(Run {
        name: "anchor: min2phase 0.2.4, HTM ≤ 20".into(),
        seconds,
        lengths,
        bound: 20,
        tables_on_disk: None,
        resident_bytes: anchor_resident,
        generation_seconds: Some(anchor_generation),
        generation_peak_bytes: None,
    });
    let rob_runs = rob_twophase_runs(&cubes, rob)?;

    println!("timing the commands");
    let one_cube_ms = one_cube_command(&binary, &tables, &cubes[0])?;
    let all_runs: Vec<&Run> = runs.iter().chain(&rob_runs.half_turns).chain(&rob_runs.quarter_turns).collect();
    let report = environment(&load_before, count)
        + &table(&all_runs, count)
        + &round_trips(&rob_runs.round_trips)
        + &format!("\nOurs' fixed costs per solve, each the median of timing it alone once per cube:\n\n{}", fixed.concat())
        + &format!("\n`solve cube FACELETS` (the first cube), process start included: {one_cube_ms:.2} ms, the median of {COMMAND_RUNS} runs\n\n")
        + &aims(&runs, one_cube_ms, large_seconds)
        + &against_rob_twophase(&runs, &rob_runs);
    println!("\n{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    Ok(())
}

/// rob-twophase's runs on `cubes`, for each build `rob` names: half turns at most 20, quarter
/// turns at most 26, each on one thread and on two.
fn rob_twophase_runs(cubes: &[String], rob: &RobBuilds) -> anyhow::Result<RobRuns> {
    let mut rob_runs = RobRuns { half_turns: Vec::new(), quarter_turns: Vec::new(), round_trips: Vec::new() };
    let builds = [(&rob.half_turns, false, 20, "HT"), (&rob.quarter_turns, true, 26, "QT")];
    for (dir, quarter_turns, bound, label) in builds {
        let Some(dir) = dir else { continue };
        let tables_on_disk = std::fs::metadata(rob_twophase::table_file(dir, quarter_turns)).ok().map(|m| m.len());
        for threads in [1, THREADS] {
            let name = format!("anchor: rob-twophase, {label} ≤ {bound}, {}", plural_threads(threads));
            println!("solving {} cubes with {name}", cubes.len());
            let mut solver = RobTwophase::start(dir, threads, bound)?;
            let (mut seconds, mut round_trips, mut lengths) = (Vec::new(), Vec::new(), Vec::new());
            for text in cubes {
                let answer = solver.solve(text)?;
                let length = checked_length(text, &answer.moves, quarter_turns)?;
                if length > bound {
                    bail!("rob-twophase answered {text} in {length} moves, over the bound {bound}");
                }
                seconds.push(answer.reported_seconds);
                round_trips.push(answer.round_trip_seconds);
                lengths.push(length);
            }
            let mut trivial = (0..COMMAND_RUNS.max(101))
                .map(|_| solver.trivial_round_trip())
                .collect::<anyhow::Result<Vec<f64>>>()?;
            rob_runs.round_trips.push((name.clone(), median(&mut round_trips), median(&mut trivial)));
            let of_build = if quarter_turns { &mut rob_runs.quarter_turns } else { &mut rob_runs.half_turns };
            of_build.push(Run {
                name,
                seconds,
                lengths,
                bound,
                tables_on_disk,
                resident_bytes: solver.resident_bytes(),
                generation_seconds: None,
                generation_peak_bytes: None,
            });
        }
    }
    Ok(rob_runs)
}

/// The pipe's round trips under the table, when rob-twophase ran.
fn round_trips(round_trips: &[(String, f64, f64)]) -> String {
    let mut text = String::new();
    if !round_trips.is_empty() {
        let _ = writeln!(
            text,
            "\nrob-twophase's times above are its own report of each solve call (whole microseconds; its search threads started before the cube, its tables loaded and {} random cubes solved at its start). From writing `solve FACELETS` to its pipe to reading the moves, median per cube; and on a command it answers at once (`Error.`):\n",
            crate::rob_twophase::WARM_UPS
        );
    }
    for (name, per_cube, trivial) in round_trips {
        let _ = writeln!(text, "- {name}: {} per cube, {} trivial", duration(per_cube * 1e9), duration(trivial * 1e9));
    }
    text
}

/// Solves every cube with `solve` (a facelet string in, moves in standard notation out),
/// timing each alone; checks each answer on the test model and returns the times and the
/// lengths, in quarter turns when `quarter_turns`, else in face turns.
fn solve_all(
    cubes: &[String],
    quarter_turns: bool,
    mut solve: impl FnMut(&str) -> anyhow::Result<String>,
) -> anyhow::Result<(Vec<f64>, Vec<usize>)> {
    let (mut seconds, mut lengths) = (Vec::with_capacity(cubes.len()), Vec::with_capacity(cubes.len()));
    for text in cubes {
        let started = Instant::now();
        let answer = solve(text)?;
        seconds.push(started.elapsed().as_secs_f64());
        lengths.push(checked_length(text, &answer, quarter_turns)?);
    }
    Ok((seconds, lengths))
}

/// Lines of ours' fixed costs on `threads` threads, medians over `cubes`: on one thread the
/// start of a solve in each metric (`is_within` at bound 0: the six directions' phase-1
/// distances, no task); on any, a one-turn cube solved (a task for each first turn, so the
/// helper threads take part).
fn fixed_costs(solver: &TwoPhaseSolver, cubes: &[String], name: &str, threads: usize) -> anyhow::Result<Vec<String>> {
    let cubes: Vec<Cube> = cubes
        .iter()
        .map(|text| Facelets::from_urfdlb(text).and_then(|f| f.cube()).map_err(|e| anyhow::anyhow!("{text}: {e}")))
        .collect::<anyhow::Result<_>>()?;
    let mut lines = Vec::new();
    let metrics: &[(Metric, &str)] =
        if solver.has_large_tables() { &[(Metric::Htm, "HTM")] } else { &[(Metric::Htm, "HTM"), (Metric::Qtm, "QTM")] };
    if threads == 1 {
        for &(metric, label) in metrics {
            let start = median_time(&cubes, |cube| match solver.is_within(cube, metric, 0) {
                false => Ok(()),
                true => bail!("a random cube is not solved"),
            })?;
            lines.push(format!("- {name}, {label}: the start of a solve (`is_within` at bound 0): {start}\n"));
        }
    }
    let one_turn = Cube::SOLVED.apply_moves(&parse_moves("R")?);
    let solve = median_time(&cubes, |_| match solver.solve(&one_turn, Metric::Htm, 20) {
        Some(moves) if moves.len() == 1 => Ok(()),
        _ => bail!("the one-turn cube R is not solved in one turn"),
    })?;
    lines.push(format!("- {name}, HTM: a one-turn cube (R) solved on {}: {solve}\n", plural_threads(threads)));
    Ok(lines)
}

/// The median time of `run` on each of `cubes`, each timed alone.
fn median_time(cubes: &[Cube], mut run: impl FnMut(&Cube) -> anyhow::Result<()>) -> anyhow::Result<String> {
    let mut seconds = Vec::with_capacity(cubes.len());
    for cube in cubes {
        let started = Instant::now();
        run(cube)?;
        seconds.push(started.elapsed().as_secs_f64());
    }
    Ok(duration(median(&mut seconds) * 1e9))
}

/// The length of `answer` after checking on the test model that it solves `text`.
fn checked_length(text: &str, answer: &str, quarter_turns: bool) -> anyhow::Result<usize> {
    let cube = reference::from_text(text).context("a drawn cube is a facelet string")?;
    let turns = reference::parse_turns(answer).with_context(|| format!("{answer:?} is not standard notation"))?;
    if !reference::is_solved(&reference::apply_all(&cube, &turns)) {
        bail!("{answer:?} does not solve {text}");
    }
    Ok(if quarter_turns { reference::quarter_length(&turns) } else { turns.len() })
}

/// The threads of the second run of ours: the machine's two cores.
const THREADS: usize = 2;

fn plural_threads(threads: usize) -> String {
    if threads == 1 {
        "1 thread".into()
    } else {
        format!("{threads} threads")
    }
}

/// The anchor's answer of at most 20 face turns.
fn anchor_solve(text: &str) -> anyhow::Result<String> {
    let answer = min2phase::solve(&text.to_string(), 20);
    if answer.starts_with("Error") {
        bail!("min2phase: {answer} for {text}");
    }
    Ok(answer.trim().to_string())
}

/// The resident memory of this process.
fn resident_bytes() -> Option<u64> {
    resident_bytes_of("/proc/self/status")
}

/// The size of the table files of `specs` in `dir`.
fn table_bytes(dir: &Path, specs: &[TableSpec]) -> anyhow::Result<u64> {
    let mut total = 0;
    for spec in specs {
        let path = dir.join(spec.file_name());
        total += std::fs::metadata(&path).with_context(|| format!("cannot read {}", path.display()))?.len();
    }
    Ok(total)
}

/// The median wall time of `solve cube FACELETS`, process start included, in milliseconds.
fn one_cube_command(binary: &Path, tables: &Path, facelets: &str) -> anyhow::Result<f64> {
    let mut command = Command::new(binary);
    command.arg("--tables").arg(tables).args(["solve", "cube", facelets]);
    median_command_ms(&mut command)
}

fn environment(load_before: &str, count: usize) -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let cpu = proc_field("/proc/cpuinfo", "model name").unwrap_or_else(|| "unknown CPU".into());
    let commit = crate::bench::command_line("git", &["describe", "--always", "--dirty"]);
    let mut text = String::new();
    let _ = writeln!(text, "- machine: {cores} cores, {cpu}");
    let _ = writeln!(text, "- load average (1, 5, 15 min): {load_before} before the run, {} after", load_average());
    let _ = writeln!(
        text,
        "- commit {commit}; {count} random-state cubes (seed {SEED}), one cube at a time; ours on one thread, then on two (the same answers), the anchor on one; times are wall times\n"
    );
    text
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn table(runs: &[&Run], count: usize) -> String {
    let mut text = String::new();
    let header: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    let _ = writeln!(text, "| {count} random cubes | {} |", header.join(" | "));
    let _ = writeln!(text, "|---|{}", "---:|".repeat(runs.len()));
    let row = |text: &mut String, figure: &str, cell: &dyn Fn(&Run) -> String| {
        let cells: Vec<String> = runs.iter().map(|run| cell(run)).collect();
        let _ = writeln!(text, "| {figure} | {} |", cells.join(" | "));
    };
    let seconds = |s: f64| duration(s * 1e9);
    row(&mut text, "median per cube", &|r| seconds(median(&mut r.seconds.clone())));
    row(&mut text, "slowest cube", &|r| seconds(r.seconds.iter().copied().fold(0.0, f64::max)));
    row(&mut text, "all cubes", &|r| seconds(r.seconds.iter().sum()));
    row(&mut text, "mean length", &|r| {
        format!("{:.2}", r.lengths.iter().sum::<usize>() as f64 / r.lengths.len() as f64)
    });
    row(&mut text, "longest", &|r| r.lengths.iter().max().map_or("–".into(), |l| format!("{l} (bound {})", r.bound)));
    row(&mut text, "tables on disk", &|r| r.tables_on_disk.map_or("none (computed at start)".into(), megabytes));
    row(&mut text, "resident memory added", &|r| r.resident_bytes.map_or("not sampled".into(), megabytes));
    row(&mut text, "tables generated", &|r| r.generation_seconds.map_or("before the run".into(), seconds));
    row(&mut text, "generation peak memory", &|r| r.generation_peak_bytes.map_or("–".into(), megabytes));
    text
}

/// The aims; `runs` are ours with the default tables (HTM and QTM on one thread,
/// then on two), ours with the large set (HTM on one thread, then on two) and the anchor.
fn aims(runs: &[Run], one_cube_ms: f64, large_seconds: f64) -> String {
    let mut text = String::new();
    let mut aim = |what: String, met: bool| {
        let _ = writeln!(text, "- {} {what}", if met { "met:" } else { "**not met**:" });
    };
    let median_of = |run: &Run| median(&mut run.seconds.clone());
    let anchor = &runs[runs.len() - 1];
    for run in runs {
        let longest = run.lengths.iter().copied().max().unwrap_or(0);
        aim(format!("{}: every cube within {} ({longest} at most)", run.name, run.bound), longest <= run.bound);
    }
    // Ours on one thread, then on two: HTM and QTM each.
    for pair in runs[..4].chunks(2) {
        let (htm, qtm) = (&pair[0], &pair[1]);
        aim(
            format!(
                "{}: median below the anchor's ({} against {})",
                htm.name,
                duration(median_of(htm) * 1e9),
                duration(median_of(anchor) * 1e9)
            ),
            median_of(htm) < median_of(anchor),
        );
        aim(format!("{}: median at 0.1 ms ({})", htm.name, duration(median_of(htm) * 1e9)), median_of(htm) <= 1e-4);
        aim(format!("{}: median under 2.5 ms ({})", qtm.name, duration(median_of(qtm) * 1e9)), median_of(qtm) < 2.5e-3);
        let slowest = qtm.seconds.iter().copied().fold(0.0, f64::max);
        aim(format!("{}: no cube over 1 s (slowest {})", qtm.name, duration(slowest * 1e9)), slowest <= 1.0);
    }
    let (large_one, large_two) = (&runs[4], &runs[5]);
    let aim_median = median_of(&runs[0]) / 5.0;
    aim(
        format!("{}: median under 0.1 ms ({})", large_two.name, duration(median_of(large_two) * 1e9)),
        median_of(large_two) < 1e-4,
    );
    aim(
        format!(
            "{}: median under the default set's one-thread median / 5 ({} against {})",
            large_two.name,
            duration(median_of(large_two) * 1e9),
            duration(aim_median * 1e9)
        ),
        median_of(large_two) < aim_median,
    );
    let large_disk = large_one.tables_on_disk.unwrap_or(u64::MAX) - runs[0].tables_on_disk.unwrap_or(0);
    aim(format!("the large set at most 700 MB on disk ({})", megabytes(large_disk)), large_disk <= 700_000_000);
    aim(format!("the large set built in at most 10 minutes ({large_seconds:.0} s)"), large_seconds <= 600.0);
    let htm = &runs[0];
    let disk = htm.tables_on_disk.unwrap_or(u64::MAX);
    aim(format!("tables at most 64 MB on disk ({})", megabytes(disk)), disk <= 64_000_000);
    let generation_seconds = htm.generation_seconds.unwrap_or(f64::INFINITY);
    aim(format!("tables generated in at most 60 s ({generation_seconds:.1} s)"), generation_seconds <= 60.0);
    aim(format!("`solve cube FACELETS` under 20 ms ({one_cube_ms:.2} ms)"), one_cube_ms < 20.0);
    text
}

/// Where ours stands against rob-twophase on the same cubes, in the same run; `runs` as for
/// [`aims`].
fn against_rob_twophase(runs: &[Run], rob: &RobRuns) -> String {
    let median_of = |run: &Run| median(&mut run.seconds.clone());
    let mut text = String::new();
    if rob.half_turns.is_empty() && rob.quarter_turns.is_empty() {
        return text;
    }
    let _ = writeln!(text, "\nAgainst rob-twophase, medians per cube (ours / its):\n");
    let mut compare = |ours: &Run, theirs: &Run| {
        let (ours_median, its_median) = (median_of(ours), median_of(theirs));
        let _ = writeln!(
            text,
            "- {} against {}: {} against {} ({:.2}x)",
            ours.name,
            theirs.name,
            duration(ours_median * 1e9),
            duration(its_median * 1e9),
            ours_median / its_median
        );
    };
    // `runs`: HTM and QTM on one thread, then on two; then the large set on one and on two.
    for (threads, theirs) in rob.half_turns.iter().enumerate() {
        compare(&runs[2 * threads], theirs);
        compare(&runs[4 + threads], theirs);
    }
    for (threads, theirs) in rob.quarter_turns.iter().enumerate() {
        compare(&runs[1 + 2 * threads], theirs);
    }
    if let Some(theirs) = rob.half_turns.get(1) {
        let its_median = median_of(theirs);
        let under = if its_median < 1e-4 { "under" } else { "**not under**" };
        let _ = writeln!(text, "- {}: median {}, {under} 0.1 ms", theirs.name, duration(its_median * 1e9));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for rob-twophase in a fresh directory: its protocol, answering every cube
    /// with `answer` in `reported_ms`.
    fn stand_in(answer: &str, reported_ms: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("twophase");
        let script = format!(
            "#!/bin/sh\necho 'Loading tables ...'\necho 'Ready!'\nwhile read command cube; do\n  if [ \"$command\" = solve ]; then echo '{reported_ms}ms'; cat answer; else echo 'Error.'; fi\n  echo 'Ready!'\ndone\n"
        );
        std::fs::write(dir.path().join("answer"), format!("{answer}\n")).unwrap();
        crate::stand_in::write_program(&program, &script);
        dir
    }

    /// The cube that `turns` make from the solved one, as a facelet string.
    fn scrambled(turns: &str) -> String {
        reference::to_text(&reference::apply_all(&reference::SOLVED, &reference::parse_turns(turns).unwrap()))
    }

    fn half_turns_of(dir: &Path) -> RobBuilds {
        RobBuilds { half_turns: Some(dir.to_path_buf()), quarter_turns: None }
    }

    #[test]
    fn rob_twophase_answers_are_read_with_its_reported_time() {
        let dir = stand_in("U' R2 (2)", "0.250");
        let runs = rob_twophase_runs(&[scrambled("R2 U")], &half_turns_of(dir.path())).unwrap();
        assert_eq!(runs.half_turns.len(), 2, "one thread, then two");
        for run in &runs.half_turns {
            assert_eq!(run.lengths, [2]);
            assert_eq!(run.seconds, [0.25e-3]);
        }
        assert!(runs.quarter_turns.is_empty());
        assert_eq!(runs.round_trips.len(), 2);
    }

    #[test]
    fn a_rob_twophase_answer_that_does_not_solve_its_cube_fails_the_bench() {
        let dir = stand_in("R2 U' (2)", "0.250");
        let error = rob_twophase_runs(&[scrambled("R2 U")], &half_turns_of(dir.path())).err().unwrap();
        assert!(error.to_string().contains("does not solve"), "{error}");
    }

    #[test]
    fn a_rob_twophase_answer_over_the_bound_fails_the_bench() {
        let dir = stand_in(&format!("{} U' R2 (22)", "R R' ".repeat(10)), "0.250");
        let error = rob_twophase_runs(&[scrambled("R2 U")], &half_turns_of(dir.path())).err().unwrap();
        assert!(error.to_string().contains("over the bound"), "{error}");
    }

    #[test]
    fn rob_twophase_without_an_answer_fails_the_bench() {
        let dir = stand_in("Ready!", "0.250");
        let error = rob_twophase_runs(&[scrambled("R2 U")], &half_turns_of(dir.path())).err().unwrap();
        assert!(error.to_string().contains("no answer"), "{error}");
    }
}
