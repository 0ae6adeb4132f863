//! `cargo xtask bench-definitions [--names 2x2x2,...] [--out FILE]`: tables of bundled
//! definitions built by `puzzle-tables gen NAME` beside twips' `gods-algorithm` on the same
//! definition, moves and start in the same run (`$TWIPS`: a `twips` binary built outside the
//! repository, crates.io `twips-cli`), each whole process's wall time and peak memory; then,
//! from the mapped table, distances a second on one core, an optimal solution of a random
//! pattern (ranking included) and every optimal solution of one.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::Context;
use puzzle_tables_models::definition::bundled;
use puzzle_tables_query::definition::DefinitionTable;
use puzzle_tables_query::prng::Prng;

use crate::bench::{load_average, median, write_marked};
use crate::fifteen_bench::timed_with_peak_memory;
use crate::release_binary;

const MARKERS: (&str, &str) =
    ("<!-- cargo xtask bench-definitions: begin -->", "<!-- cargo xtask bench-definitions: end -->");
/// The environment variable naming the twips binary.
const TWIPS_ENV: &str = "TWIPS";
/// Lookups timed for the distances a second.
const LOOKUPS: u64 = 4_000_000;
/// Random patterns solved, and of them, all of whose optimal solutions are listed.
const SOLVES: usize = 20_000;
const ALL_SOLVES: usize = 500;

/// One definition's figures.
struct Figures {
    name: &'static str,
    patterns: u64,
    ours: (f64, Option<u64>),
    twips: Option<(f64, Option<u64>)>,
    lookups_per_second: f64,
    solve_micros: f64,
    all_millis_median: f64,
    all_millis_max: f64,
}

/// Runs the benchmark over `names`.
pub fn run(names: &[String], out: Option<&Path>) -> anyhow::Result<()> {
    let binary = release_binary()?;
    let twips = std::env::var_os(TWIPS_ENV).map(PathBuf::from);
    let dir = tempfile_dir()?;
    let load_before = load_average();
    let mut figures = Vec::new();
    for name in names {
        let bundled = bundled::find(name).with_context(|| format!("no bundled definition {name}"))?;
        println!("{name}: building ours");
        let ours = timed_with_peak_memory(Command::new(&binary).arg("--tables").arg(&dir).args(["gen", bundled.name]))?;
        let twips = match &twips {
            Some(twips) => {
                println!("{name}: twips gods-algorithm");
                Some(run_twips(twips, bundled, &dir)?)
            }
            None => None,
        };
        let table = DefinitionTable::open(&dir.join(format!("definition-{name}.tbl")))?;
        figures.push(query_figures(bundled.name, &table, ours, twips)?);
    }
    let report = report(&figures, &load_before, twips.is_some());
    print!("{report}");
    if let Some(out) = out {
        write_marked(out, &report, MARKERS)?;
    }
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}

fn tempfile_dir() -> anyhow::Result<PathBuf> {
    let dir = crate::target_dir().join("xtask-bench-definitions");
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// twips' `gods-algorithm` on the bundled definition, its moves and start pattern.
fn run_twips(twips: &Path, bundled: &bundled::Bundled, dir: &Path) -> anyhow::Result<(f64, Option<u64>)> {
    let definition = dir.join(format!("{}.kpuzzle.json", bundled.name));
    std::fs::write(&definition, bundled.definition_json)?;
    let mut command = Command::new(twips);
    command.arg("gods-algorithm").arg(&definition).arg("--generator-moves").arg(bundled.moves.join(","));
    if let Some(start) = bundled.start_json {
        let path = dir.join(format!("{}.start.json", bundled.name));
        std::fs::write(&path, start)?;
        command.arg("--start-pattern").arg(path);
    }
    timed_with_peak_memory(command.stderr(std::process::Stdio::null()))
}

fn query_figures(
    name: &'static str,
    table: &DefinitionTable,
    ours: (f64, Option<u64>),
    twips: Option<(f64, Option<u64>)>,
) -> anyhow::Result<Figures> {
    let size = table.puzzle().index().size();
    let mut prng = Prng::new(55);
    let indices: Vec<u64> = (0..LOOKUPS).map(|_| prng.below(size)).collect();
    let started = Instant::now();
    let reached = indices.iter().filter(|&&index| table.distance_at(index).is_some()).count();
    let lookups_per_second = LOOKUPS as f64 / started.elapsed().as_secs_f64();
    anyhow::ensure!(reached > 0, "no entry reached");
    let patterns: Vec<_> = (0..SOLVES).map(|_| table.puzzle().index().pattern(prng.below(size))).collect();
    let started = Instant::now();
    for pattern in &patterns {
        let index = table.puzzle().rank(pattern)?;
        table.solution(index)?.context("a drawn pattern is reached")?;
    }
    let solve_micros = started.elapsed().as_secs_f64() * 1e6 / SOLVES as f64;
    let mut all_millis = Vec::new();
    for pattern in patterns.iter().take(ALL_SOLVES) {
        let started = Instant::now();
        let index = table.puzzle().rank(pattern)?;
        table.all_solutions(index, usize::MAX)?.context("a drawn pattern is reached")?;
        all_millis.push(started.elapsed().as_secs_f64() * 1e3);
    }
    let all_millis_max = all_millis.iter().copied().fold(0.0, f64::max);
    Ok(Figures {
        name,
        patterns: table.depth_counts().iter().sum(),
        ours,
        twips,
        lookups_per_second,
        solve_micros,
        all_millis_median: median(&mut all_millis),
        all_millis_max,
    })
}

fn megabytes(bytes: Option<u64>) -> String {
    bytes.map_or_else(|| "–".into(), |b| format!("{:.1} MB", b as f64 / 1e6))
}

fn report(figures: &[Figures], load_before: &str, with_twips: bool) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "| definition | patterns | ours: build (whole process) | ours: peak memory | twips gods-algorithm | twips: peak memory | time ratio | memory ratio |");
    let _ = writeln!(text, "|---|---:|---:|---:|---:|---:|---:|---:|");
    for f in figures {
        let (twips_time, twips_memory, time_ratio, memory_ratio) = match f.twips {
            Some((seconds, memory)) => (
                format!("{seconds:.2} s"),
                megabytes(memory),
                format!("{:.3}", f.ours.0 / seconds),
                match (f.ours.1, memory) {
                    (Some(a), Some(b)) => format!("{:.3}", a as f64 / b as f64),
                    _ => "–".into(),
                },
            ),
            None => ("not run".into(), "–".into(), "–".into(), "–".into()),
        };
        let _ = writeln!(
            text,
            "| {} | {} | {:.2} s | {} | {twips_time} | {twips_memory} | {time_ratio} | {memory_ratio} |",
            f.name,
            f.patterns,
            f.ours.0,
            megabytes(f.ours.1)
        );
    }
    let _ = writeln!(text, "\n| definition | distances a second, one core | an optimal solution (rank + walk) | every optimal solution: median | every optimal solution: max |");
    let _ = writeln!(text, "|---|---:|---:|---:|---:|");
    for f in figures {
        let _ = writeln!(
            text,
            "| {} | {:.1} million | {:.1} µs | {:.3} ms | {:.3} ms |",
            f.name,
            f.lookups_per_second / 1e6,
            f.solve_micros,
            f.all_millis_median,
            f.all_millis_max
        );
    }
    let _ = writeln!(
        text,
        "\n- load average before: {load_before}; after: {}; {} random patterns solved, every optimal solution of {} of them{}",
        load_average(),
        SOLVES,
        ALL_SOLVES,
        if with_twips { "" } else { "; twips not run (set $TWIPS)" }
    );
    text
}
