//! `cargo xtask bench`: every figure of the performance issue in one run, side by side.
//!
//! It builds the release binary, generates every table with it (timing `gen`), runs every
//! criterion benchmark of the root package with a short warm-up and measurement, times a
//! one-case `solve` command per puzzle (process start included), compresses each table as
//! `cargo xtask dist` would, and prints one Markdown table, puzzles as columns, followed by
//! the aims and whether each is met.
//!
//! The benchmarks name their groups `<puzzle>/query`, `/open`, `/generation`, `/versus` and
//! `/judge` (see `benches/common/mod.rs`); this reads criterion's `new/benchmark.json` and
//! `new/estimates.json` files back by those names, so a new puzzle's benchmarks show up
//! here without a change. Only its one-case command needs a line in [`ONE_CASE`].

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context};
use puzzle_tables_dist::{pack, TableRecord, ZSTD_LEVEL};
use puzzle_tables_query::{tables_of, Puzzle, Table};

use crate::{release_binary, run, target_dir, workspace_root};

/// Criterion's warm-up and measurement per benchmark, in seconds: short, so the whole run
/// takes a few minutes on two cores.
const WARM_UP_SECONDS: &str = "1";
const MEASUREMENT_SECONDS: &str = "2";

/// How many times the one-case command runs; the median is reported.
pub(crate) const COMMAND_RUNS: usize = 101;

/// For each puzzle, the arguments after `solve` of its one-case command: one of its
/// hardest cases.
const ONE_CASE: &[(Puzzle, &[&str])] = &[
    (Puzzle::Eight, &["eight", "8 6 7 2 5 4 3 x 1"]),
    (Puzzle::Cubic, &["cubic", "--start", "2,1", "BRB BEB BRB"]),
    (Puzzle::Rotation, &["rotation", "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3"]),
    // Five quarter turns (U R F D L), the most the judge answers.
    (Puzzle::MagicCube, &["cube", "BURBUFLLFURBURBDDDUFRUFRLLBFDRFDRLBRULFBLFBDDULLUBDFRD"]),
    // Korf's first instance (57 moves) on the default databases.
    (Puzzle::Fifteen, &["fifteen", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"]),
];

// The aims, by puzzle label, so a puzzle not merged yet shows as not measured.
/// Puzzles whose one answer in process should take under 1 µs.
const SUB_MICROSECOND_ANSWER: &[&str] = &["eight", "cubic", "rotation"];
/// Puzzles whose table should answer at least 1000 times faster than the search.
const THOUSANDFOLD_OVER_SEARCH: &[&str] = &["cubic", "rotation"];
/// Every puzzle's one-case command should take under this, process start included.
const ONE_CASE_LIMIT_MS: f64 = 5.0;
/// This many cases of this puzzle through its `judge` in under this many seconds.
const BATCH_AIM: (&str, u64, f64) = ("eight", 100_000, 0.2);
/// Every table of every puzzle generated in under this many seconds in all.
const GENERATION_LIMIT_S: f64 = 3.0;

/// `--out FILE` keeps everything outside these markers, so BENCHMARKS.md regenerates in place.
const BEGIN: &str = "<!-- cargo xtask bench: begin -->";
const END: &str = "<!-- cargo xtask bench: end -->";

/// Runs everything and prints the figures; with `out`, writes them there too.
pub fn bench(out: Option<&Path>) -> anyhow::Result<()> {
    let load_before = load_average();
    let binary = release_binary()?;
    let work = target_dir().join("xtask-bench");
    let tables = work.join("tables");
    let gen_seconds = generate_tables(&binary, &tables)?;
    let measurements = run_criterion(&work.join("criterion"))?;
    let one_case_ms = time_one_case_commands(&binary, &tables)?;
    let sizes = table_sizes(&tables)?;
    let figures = Figures { measurements, gen_seconds, one_case_ms, sizes };
    let report = environment(&load_before) + &figures.table() + "\n" + &figures.aims();
    println!("\n{report}");
    if let Some(out) = out {
        write_report(out, &report)?;
    }
    Ok(())
}

/// Times `puzzle-tables gen <puzzle>` (build and write) for each puzzle, into `tables`.
fn generate_tables(binary: &Path, tables: &Path) -> anyhow::Result<HashMap<Puzzle, f64>> {
    let mut seconds = HashMap::new();
    for &puzzle in Puzzle::BUILT_IN {
        let started = Instant::now();
        let output = Command::new(binary).arg("--tables").arg(tables).args(["gen", puzzle.label()]).output()?;
        if !output.status.success() {
            bail!("gen {puzzle} failed: {}", String::from_utf8_lossy(&output.stderr));
        }
        seconds.insert(puzzle, started.elapsed().as_secs_f64());
    }
    Ok(seconds)
}

/// Runs every benchmark of the root package with its results in `home` (emptied first, so
/// nothing stale is read back) and reads them.
fn run_criterion(home: &Path) -> anyhow::Result<Vec<Measurement>> {
    if home.exists() {
        std::fs::remove_dir_all(home).with_context(|| format!("cannot empty {}", home.display()))?;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo)
        .env("CRITERION_HOME", home)
        .args(["bench", "--package", "puzzle-tables", "--bench", "*", "--"])
        .args(["--warm-up-time", WARM_UP_SECONDS, "--measurement-time", MEASUREMENT_SECONDS]))?;
    let mut measurements = Vec::new();
    read_measurements(home, &mut measurements)?;
    Ok(measurements)
}

/// One criterion benchmark's result.
#[derive(Debug)]
struct Measurement {
    /// `<puzzle>/<kind>`, such as `eight/versus`.
    group: String,
    function: String,
    parameter: Option<String>,
    /// The cases one iteration answers, when the benchmark declares them.
    cases: Option<u64>,
    /// The median time of one iteration.
    median_ns: f64,
}

/// Collects every `new/benchmark.json` under `dir` with its `new/estimates.json` median.
fn read_measurements(dir: &Path, found: &mut Vec<Measurement>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() && path.file_name().is_some_and(|name| name == "new") {
            found.push(read_measurement(&path)?);
        } else if path.is_dir() {
            read_measurements(&path, found)?;
        }
    }
    Ok(())
}

fn read_measurement(new: &Path) -> anyhow::Result<Measurement> {
    let read = |name: &str| -> anyhow::Result<serde_json::Value> {
        let path = new.join(name);
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))
    };
    let (benchmark, estimates) = (read("benchmark.json")?, read("estimates.json")?);
    let text = |value: &serde_json::Value| value.as_str().map(str::to_string);
    Ok(Measurement {
        group: text(&benchmark["group_id"]).context("a benchmark without a group")?,
        function: text(&benchmark["function_id"]).unwrap_or_default(),
        parameter: text(&benchmark["value_str"]),
        cases: benchmark["throughput"]["Elements"].as_u64(),
        median_ns: estimates["median"]["point_estimate"].as_f64().context("an estimate without a median")?,
    })
}

/// The median wall time of each puzzle's one-case `solve` command, in milliseconds.
fn time_one_case_commands(binary: &Path, tables: &Path) -> anyhow::Result<HashMap<Puzzle, f64>> {
    let mut medians = HashMap::new();
    for &(puzzle, args) in ONE_CASE {
        let mut command = Command::new(binary);
        command.arg("--tables").arg(tables).arg("solve").args(args);
        medians.insert(puzzle, median_command_ms(&mut command)?);
    }
    Ok(medians)
}

/// The median wall time of `command` over [`COMMAND_RUNS`] runs, process start included, in
/// milliseconds; an error if any run fails.
pub(crate) fn median_command_ms(command: &mut Command) -> anyhow::Result<f64> {
    let mut times = Vec::with_capacity(COMMAND_RUNS);
    // One run first, untimed, so the binary and the tables are in the page cache.
    for run in 0..=COMMAND_RUNS {
        let started = Instant::now();
        let output = command.output()?;
        if !output.status.success() {
            bail!("{command:?} failed: {}", String::from_utf8_lossy(&output.stderr));
        }
        if run > 0 {
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    Ok(median(&mut times))
}

pub(crate) fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Each table's size raw and as the zstd artifact `cargo xtask dist` ships.
struct TableSize {
    file: String,
    raw: u64,
    zstd: u64,
}

fn table_sizes(tables: &Path) -> anyhow::Result<HashMap<Puzzle, Vec<TableSize>>> {
    let mut sizes = HashMap::new();
    for &puzzle in Puzzle::BUILT_IN {
        let mut of_puzzle = Vec::new();
        for spec in tables_of(puzzle) {
            let table = Table::open_verified(&tables.join(spec.file_name()), &spec)?;
            let bytes = std::fs::read(table.path())?;
            let (compressed, _) = pack(&TableRecord::new(&spec, table.metadata(), &bytes), &bytes);
            of_puzzle.push(TableSize {
                file: spec.file_name(),
                raw: bytes.len() as u64,
                zstd: compressed.len() as u64,
            });
        }
        sizes.insert(puzzle, of_puzzle);
    }
    Ok(sizes)
}

/// Everything measured in one run.
struct Figures {
    measurements: Vec<Measurement>,
    gen_seconds: HashMap<Puzzle, f64>,
    one_case_ms: HashMap<Puzzle, f64>,
    sizes: HashMap<Puzzle, Vec<TableSize>>,
}

impl Figures {
    /// The measurements of `<puzzle>/<kind>` whose function is `function`.
    fn of<'a>(&'a self, puzzle: Puzzle, kind: &str, function: &'a str) -> impl Iterator<Item = &'a Measurement> {
        let group = format!("{puzzle}/{kind}");
        self.measurements.iter().filter(move |m| m.group == group && m.function == function)
    }

    /// The median of the one benchmark `<puzzle>/<kind>/<function>`, per case when it
    /// declares cases.
    fn per_case_ns(&self, puzzle: Puzzle, kind: &str, function: &str) -> Option<f64> {
        let m = self.of(puzzle, kind, function).next()?;
        Some(m.median_ns / m.cases.unwrap_or(1) as f64)
    }

    /// The sum of the medians of `<puzzle>/<kind>/<function>/*` (one per table).
    fn total_ns(&self, puzzle: Puzzle, kind: &str, function: &str) -> Option<f64> {
        let medians: Vec<f64> = self.of(puzzle, kind, function).map(|m| m.median_ns).collect();
        (!medians.is_empty()).then(|| medians.iter().sum())
    }

    /// How many times slower the search is than the table on the same cases.
    fn search_ratio(&self, puzzle: Puzzle) -> Option<f64> {
        Some(self.per_case_ns(puzzle, "versus", "search")? / self.per_case_ns(puzzle, "versus", "table")?)
    }

    /// The judge benchmark's time and cases.
    fn judge(&self, puzzle: Puzzle) -> Option<(f64, u64)> {
        let m = self.of(puzzle, "judge", "end to end").next()?;
        Some((m.median_ns, m.cases?))
    }

    fn generation_ns(&self) -> Option<f64> {
        Puzzle::BUILT_IN.iter().map(|&p| self.total_ns(p, "generation", "build")).sum()
    }

    /// The one Markdown table: a row per figure, a column per puzzle, and a column for
    /// the sums where a sum means something.
    fn table(&self) -> String {
        let mut rows = vec![
            row("answer in process, parsing excluded (median)", |p| {
                self.per_case_ns(p, "query", "answer").map(duration)
            }),
            row("answer in process, parsed and formatted (median)", |p| {
                self.per_case_ns(p, "query", "parse and answer").map(duration)
            }),
            row("table answer, per case of the versus set", |p| {
                let m = self.of(p, "versus", "table").next()?;
                Some(format!("{} ({} cases)", duration(self.per_case_ns(p, "versus", "table")?), m.cases?))
            }),
            row("independent search, same cases, per case", |p| {
                let m = self.of(p, "versus", "search").next()?;
                let name = m.parameter.as_deref().unwrap_or("search");
                Some(format!("{} ({name})", duration(self.per_case_ns(p, "versus", "search")?)))
            }),
            row("search time ÷ table time", |p| self.search_ratio(p).map(times)),
            row("`judge` on a large input, end to end", |p| {
                let (ns, cases) = self.judge(p)?;
                Some(format!(
                    "{} cases/s ({} cases in {})",
                    thousands(cases as f64 / ns * 1e9),
                    thousands(cases as f64),
                    duration(ns)
                ))
            }),
            row(&format!("one-case `solve` command, median of {COMMAND_RUNS} runs"), |p| {
                self.one_case_ms.get(&p).map(|ms| duration(ms * 1e6))
            }),
            row("table open (read, header and sizes)", |p| self.total_ns(p, "open", "open").map(duration)),
            row("table open and verify (checksum)", |p| self.total_ns(p, "open", "open and verify").map(duration)),
        ];
        let generation = |p| self.total_ns(p, "generation", "build");
        rows.push(summed_row("generation in memory (median)", generation, duration));
        let gen = |p| self.gen_seconds.get(&p).map(|s| s * 1e9);
        rows.push(summed_row("`puzzle-tables gen` wall time (one run, written to disk)", gen, duration));
        let raw = |p| self.sizes.get(&p).map(|s| s.iter().map(|t| t.raw).sum::<u64>() as f64);
        rows.push(summed_row("table sizes, raw", raw, bytes));
        let zstd = |p| self.sizes.get(&p).map(|s| s.iter().map(|t| t.zstd).sum::<u64>() as f64);
        let label = format!("table sizes, zstd -{ZSTD_LEVEL} (release artifacts)");
        rows.push(summed_row(&label, zstd, bytes));
        rows.push(row("tables", |p| {
            let files = self.sizes.get(&p)?.iter().map(|t| format!("`{}`", t.file)).collect::<Vec<_>>();
            Some(files.join(", "))
        }));
        let header: Vec<&str> = Puzzle::BUILT_IN.iter().map(|p| p.label()).collect();
        let mut text = format!("| figure | {} | all puzzles |\n", header.join(" | "));
        text += &format!("|---|{}---|\n", "---|".repeat(header.len()));
        rows.iter().for_each(|row| text += row);
        text
    }

    /// The aims, each with the figure that meets it or not.
    fn aims(&self) -> String {
        let mut text = String::from("Aims of the issue, checked against the figures above:\n\n");
        for label in SUB_MICROSECOND_ANSWER {
            let ns = puzzle(label).and_then(|p| self.per_case_ns(p, "query", "answer"));
            text += &aim(&format!("{label}: one answer in process under 1 µs"), ns.map(|ns| (ns < 1e3, duration(ns))));
        }
        for puzzle in Puzzle::BUILT_IN {
            let ms = self.one_case_ms.get(puzzle);
            let met = ms.map(|&ms| (ms < ONE_CASE_LIMIT_MS, duration(ms * 1e6)));
            text += &aim(&format!("{puzzle}: one-case command under {ONE_CASE_LIMIT_MS} ms"), met);
        }
        let (label, cases, limit) = BATCH_AIM;
        let what = format!("{label}: {} boards through `judge {label}` under {limit} s", thousands(cases as f64));
        let batch = puzzle(label).and_then(|p| self.judge(p)).map(|(ns, measured)| {
            // A benchmark of another size is scaled to the aim's, and says so.
            let seconds = ns / 1e9 * cases as f64 / measured as f64;
            let scaled = if measured == cases { String::new() } else { format!(", scaled from {measured} cases") };
            (seconds < limit, format!("{}{scaled}", duration(seconds * 1e9)))
        });
        text += &aim(&what, batch);
        for label in THOUSANDFOLD_OVER_SEARCH {
            let ratio = puzzle(label).and_then(|p| self.search_ratio(p));
            text += &aim(
                &format!("{label}: answers at least 1000× faster than the search"),
                ratio.map(|r| (r >= 1e3, times(r))),
            );
        }
        let generation = self.generation_ns().map(|ns| (ns < GENERATION_LIMIT_S * 1e9, duration(ns)));
        text += &aim(&format!("every table generated in under {GENERATION_LIMIT_S} s in all"), generation);
        text
    }
}

/// A table row with one cell per puzzle ("–" where nothing was measured) and no sum.
fn row(figure: &str, cell: impl Fn(Puzzle) -> Option<String>) -> String {
    let cells: Vec<String> = Puzzle::BUILT_IN.iter().map(|&p| cell(p).unwrap_or_else(|| "–".into())).collect();
    format!("| {figure} | {} | |\n", cells.join(" | "))
}

/// A table row whose last cell is the sum over puzzles ("–" unless every puzzle has one).
fn summed_row(figure: &str, value: impl Fn(Puzzle) -> Option<f64>, show: fn(f64) -> String) -> String {
    let values: Vec<Option<f64>> = Puzzle::BUILT_IN.iter().map(|&p| value(p)).collect();
    let cells: Vec<String> = values.iter().map(|v| v.map_or_else(|| "–".into(), show)).collect();
    let sum: Option<f64> = values.iter().copied().sum();
    format!("| {figure} | {} | {} |\n", cells.join(" | "), sum.map_or_else(|| "–".into(), show))
}

/// One line of the aims: met, not met, or not measured (a puzzle not built yet).
fn aim(what: &str, outcome: Option<(bool, String)>) -> String {
    match outcome {
        Some((true, figure)) => format!("- met: {what} ({figure})\n"),
        Some((false, figure)) => format!("- **not met**: {what} ({figure})\n"),
        None => format!("- not measured: {what}\n"),
    }
}

fn puzzle(label: &str) -> Option<Puzzle> {
    Puzzle::from_label(label)
}

/// A duration in nanoseconds with three significant digits and a fitting unit.
pub(crate) fn duration(ns: f64) -> String {
    let (value, unit) = match ns {
        ns if ns < 1e3 => (ns, "ns"),
        ns if ns < 1e6 => (ns / 1e3, "µs"),
        ns if ns < 1e9 => (ns / 1e6, "ms"),
        ns => (ns / 1e9, "s"),
    };
    format!("{} {unit}", three_digits(value))
}

fn three_digits(value: f64) -> String {
    match value {
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v => format!("{v:.2}"),
    }
}

/// A whole number with thousands separators: `181,440`.
pub(crate) fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.round());
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// A ratio: `5,865×`, or `1.52×` below 100, where a whole number would hide how close to 1
/// (or below it) the ratio is.
fn times(ratio: f64) -> String {
    let value = if ratio >= 100.0 { thousands(ratio) } else { three_digits(ratio) };
    format!("{value}×")
}

fn bytes(count: f64) -> String {
    format!("{} B", thousands(count))
}

/// The machine, the load and the settings, as lines above the table.
fn environment(load_before: &str) -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let cpu = proc_field("/proc/cpuinfo", "model name").unwrap_or_else(|| "unknown CPU".into());
    let clock = proc_field("/proc/cpuinfo", "cpu MHz").map_or_else(String::new, |mhz| format!(" at {mhz} MHz"));
    let kib = proc_field("/proc/meminfo", "MemTotal").and_then(|m| m.trim_end_matches(" kB").parse::<f64>().ok());
    let memory = kib.map_or_else(|| "unknown".into(), |kib| format!("{:.1} GiB", kib / (1 << 20) as f64));
    let rustc = command_line("rustc", &["--version"]);
    let commit = command_line("git", &["describe", "--always", "--dirty"]);
    let mut text = String::new();
    let _ = writeln!(text, "- machine: {cores} cores, {cpu}{clock}, {memory} memory");
    let load_after = load_average();
    let _ = writeln!(text, "- load average (1, 5, 15 min): {load_before} before the run, {load_after} after");
    let one_minute = |load: &str| load.split_whitespace().next().and_then(|l| l.parse::<f64>().ok());
    if [load_before, &load_after].into_iter().filter_map(one_minute).any(|load| load >= cores as f64) {
        let _ = writeln!(
            text,
            "- **the machine was busy**: the load average reached the {cores} cores, so more than this single-threaded \
             benchmark was running and every time is inflated; compare figures side by side within this run only"
        );
    }
    let _ = writeln!(text, "- {rustc}; commit {commit}");
    let _ = writeln!(
        text,
        "- criterion medians, warm-up {WARM_UP_SECONDS} s and measurement {MEASUREMENT_SECONDS} s per benchmark\n"
    );
    text
}

/// The value of the first `name: value` line of a /proc file.
pub(crate) fn proc_field(file: &str, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    let line = text.lines().find(|line| line.split(':').next().is_some_and(|key| key.trim() == name))?;
    Some(line.split_once(':')?.1.trim().to_string())
}

/// The resident memory of the process whose `/proc/PID/status` is `status`.
pub(crate) fn resident_bytes_of(status: &str) -> Option<u64> {
    let kib = proc_field(status, "VmRSS")?;
    Some(kib.trim_end_matches(" kB").trim().parse::<u64>().ok()? * 1024)
}

pub(crate) fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// The first line a command prints, or "unknown".
pub(crate) fn command_line(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).current_dir(workspace_root()).output();
    let text = output.ok().filter(|o| o.status.success()).map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    text.and_then(|t| t.lines().next().map(str::to_string)).unwrap_or_else(|| "unknown".into())
}

/// Writes `report` to `out`, in place between the markers when the file has them.
fn write_report(out: &Path, report: &str) -> anyhow::Result<()> {
    write_marked(out, report, (BEGIN, END))
}

/// Writes `report` to `out`, in place between the `markers` when the file has them, and
/// says so.
pub(crate) fn write_marked(out: &Path, report: &str, markers: (&str, &str)) -> anyhow::Result<()> {
    let existing = std::fs::read_to_string(out).unwrap_or_default();
    std::fs::write(out, with_section(&existing, report, markers))
        .with_context(|| format!("cannot write {}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// `existing` with the text between the markers replaced by `report`; just the marked
/// `report` when `existing` has no markers, so the next run replaces it in place.
fn with_section(existing: &str, report: &str, (begin_marker, end_marker): (&str, &str)) -> String {
    let section = format!("{begin_marker}\n{report}{end_marker}\n");
    match (existing.find(begin_marker), existing.find(end_marker)) {
        (Some(begin), Some(end)) if begin < end => {
            let after = &existing[end + end_marker.len()..];
            format!("{}{section}{}", &existing[..begin], after.strip_prefix('\n').unwrap_or(after))
        }
        _ => section,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_with_three_digits_and_separators() {
        assert_eq!(duration(740.4), "740 ns");
        assert_eq!(duration(1234.0), "1.23 µs");
        assert_eq!(duration(38_900_000.0), "38.9 ms");
        assert_eq!(duration(2.5e9), "2.50 s");
        assert_eq!(thousands(7.0), "7");
        assert_eq!(thousands(181_440.0), "181,440");
        assert_eq!(thousands(1_234_567.4), "1,234,567");
        assert_eq!(times(5_864.7), "5,865×");
        assert_eq!(times(12.34), "12.3×");
        assert_eq!(times(0.482), "0.48×");
    }

    #[test]
    fn a_rerun_replaces_only_the_marked_section() {
        let first = with_section("", "old figures\n", (BEGIN, END));
        assert_eq!(first, format!("{BEGIN}\nold figures\n{END}\n"));
        let document = format!("# Benchmarks\n\n{first}\n## Profile\n");
        let rerun = with_section(&document, "new figures\n", (BEGIN, END));
        assert_eq!(rerun, format!("# Benchmarks\n\n{BEGIN}\nnew figures\n{END}\n\n## Profile\n"));
    }
}
