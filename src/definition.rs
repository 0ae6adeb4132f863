//! Puzzles from definitions (cubing.js's KPuzzle format) on the command line: `gen NAME`
//! and `gen --definition FILE --name NAME`, `solve NAME`, `stats NAME`, `random NAME`.
//! A name is a bundled definition's or that of a table built from a user's file.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use puzzle_tables_generator::TerminalBar;
use puzzle_tables_models::definition::bundled::{self, BUNDLED};
use puzzle_tables_models::definition::{DefinedPuzzle, Definition, Metric};
use puzzle_tables_query::answer::{AnswerOptions, DefinitionAnswer, DefinitionInput, DepthReport};
use puzzle_tables_query::definition::{check_name, file_name, DefinitionTable};
use puzzle_tables_query::prng::Prng;
use puzzle_tables_query::Metadata;
use serde_json::json;

use crate::english::{answer_line, plural};
use crate::options::SolveOptions;
use crate::setter::random::{seed_of, RandomArgs};
use crate::solve::solve_case;
use crate::tables::{answer_error, TablesDir};
use crate::writer::errln;

/// `gen --definition FILE --name NAME`: a table from a user's own definition.
#[derive(clap::Args, Default)]
pub struct GenDefinitionArgs {
    /// Build a table from this KPuzzle definition (JSON, as cubing.js writes it) instead;
    /// needs --name.
    #[arg(long, value_name = "FILE", requires = "name")]
    pub definition: Option<PathBuf>,
    /// The name of the table built from --definition (its file is definition-NAME.tbl).
    #[arg(long, requires = "definition")]
    pub name: Option<String>,
    /// The moves the table walks, with all their multiples, such as U,F,R [default: every
    /// move the definition defines itself].
    #[arg(long, value_delimiter = ',', requires = "definition")]
    pub moves: Vec<String>,
    /// How moves are counted: htm (any multiple is one move) or qtm (a quarter turn is
    /// one, a half turn two).
    #[arg(long, default_value = "htm", value_parser = ["htm", "qtm"], requires = "definition")]
    pub metric: String,
    /// The start pattern (KPuzzle JSON) [default: the definition's defaultPattern].
    #[arg(long, value_name = "FILE", requires = "definition")]
    pub start: Option<PathBuf>,
}

/// `solve NAME`: a defined puzzle's case.
#[derive(Parser)]
#[command(
    name = "solve",
    bin_name = "puzzle-tables solve",
    about = "A puzzle from its definition: a scramble or a pattern."
)]
struct SolveArgs {
    /// The defined puzzle's table name (bundled: see `gen --help`).
    name: String,
    /// The scramble, in the definition's notation (derived moves too), such as "R U R' F2";
    /// `-` reads one scramble per line.
    #[arg(long, conflicts_with = "pattern")]
    scramble: Option<String>,
    /// A pattern in KPuzzle JSON (a file, or `-` for standard input) instead of a scramble.
    #[arg(long, value_name = "FILE")]
    pattern: Option<PathBuf>,
    /// Count every optimal solution and list the first ones (see --limit).
    #[arg(long)]
    all: bool,
    /// With --all: list at most this many.
    #[arg(long, default_value_t = 100)]
    limit: usize,
    /// Add every move of the table and the distance after it.
    #[arg(long)]
    children: bool,
    /// Add the pattern after every move.
    #[arg(long)]
    steps: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
}

/// The bundled definitions, a line each, for help texts.
pub fn bundled_list() -> String {
    BUNDLED.iter().map(|b| format!("{}: {}", b.name, b.about)).collect::<Vec<_>>().join("\n")
}

/// `solve NAME ...`, the arguments after `solve`.
pub fn solve(tables: &TablesDir, args: Vec<OsString>) -> anyhow::Result<ExitCode> {
    let args = match SolveArgs::try_parse_from(std::iter::once(OsString::from("solve")).chain(args)) {
        Ok(args) => args,
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => anyhow::bail!("{}", error.render().to_string().trim_start_matches("error: ").trim_end()),
    };
    let answerer = tables.answerer()?;
    let options = AnswerOptions {
        steps: args.steps,
        children: args.children,
        all_solutions: args.all.then_some(args.limit),
        definition_input: if args.pattern.is_some() { DefinitionInput::Pattern } else { DefinitionInput::Scramble },
        ..AnswerOptions::default()
    };
    let case = match (&args.scramble, &args.pattern) {
        (Some(scramble), _) => scramble.clone(),
        (None, Some(path)) => crate::input::read_whole(path)?,
        (None, None) => anyhow::bail!("give the case: --scramble ALG or --pattern FILE"),
    };
    let solve_options = SolveOptions { show: false, json: args.json, strict: false };
    let answer = |case: &str| answerer.answer_definition(&args.name, case, &options);
    solve_case(&solve_options, &case, answer, |out, answer| {
        // The table answered, so it is open: no error but a damaged one's.
        let table = answerer.definition(&args.name).map_err(io::Error::other)?;
        write_text(out, answer, metric_noun(table.puzzle().generators().metric))
    })
}

/// The whole-puzzle turn first, the distance and the moves, every optimal solution, the
/// steps and the children, as asked for.
fn write_text(out: &mut dyn Write, answer: &DefinitionAnswer, noun: &str) -> io::Result<()> {
    if let Some(rotation) = &answer.rotation {
        writeln!(out, "turned first as a whole: {rotation}")?;
    }
    writeln!(out, "{}", answer_line(answer.distance as usize, noun, "", &answer.moves))?;
    if let Some(all) = &answer.all {
        writeln!(out, "{} optimal:", plural(all.count, "solution"))?;
        for moves in &all.listed {
            writeln!(out, "  {moves}")?;
        }
    }
    for step in answer.details.steps.iter().flatten() {
        writeln!(out, "{}: {}", step.step, step.state)?;
    }
    for child in answer.details.children.iter().flatten() {
        let distance = child.distance.map_or_else(|| "unreached".to_string(), |d| d.to_string());
        writeln!(out, "{:<6} {distance}{}", child.step, if child.optimal { " (optimal)" } else { "" })?;
    }
    Ok(())
}

fn metric_noun(metric: Metric) -> &'static str {
    match metric {
        Metric::Htm => "move",
        Metric::Qtm => "quarter turn",
    }
}

/// `stats NAME`: patterns at each distance, from the table's metadata.
pub fn stats(tables: &TablesDir, name: &str, as_json: bool) -> anyhow::Result<ExitCode> {
    let table = open(tables, name)?;
    let metadata = Metadata { depth_counts: table.depth_counts().to_vec(), ..Metadata::default() };
    let mut report = DepthReport::new(name, "patterns", &metadata);
    let (patterns, max) = (report.total(), report.max_distance());
    let puzzle = table.puzzle();
    let noun = metric_noun(puzzle.generators().metric);
    report.headline = vec![
        format!("{name}: {patterns} patterns reached by {}", puzzle.generators().base.join(", ")),
        format!("farthest from the start: {}", plural(max, noun)),
        format!("index: {} entries", puzzle.index().size()),
    ];
    report.extra = json!({ "index_entries": puzzle.index().size(), "generators": puzzle.generators().names });
    crate::report::write_stats(&report.stats(), as_json)
}

/// `random NAME --distance D`: scrambles of distinct patterns drawn uniformly at that
/// distance, each as long as its distance (an optimal solution undone); `--judge-input`
/// writes JSON lines with the pattern too.
pub fn random(tables: &TablesDir, name: &str, args: &RandomArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    if args.start.is_some() {
        anyhow::bail!("--start is the cubic puzzle's start cell; {name} has none");
    }
    let table = open(tables, name)?;
    let counts = table.depth_counts();
    let Some(distance) = args.distance else {
        anyhow::bail!(
            "a defined puzzle's patterns are drawn at one distance: give --distance D (0 to {})",
            counts.len() - 1
        );
    };
    let available = u8::try_from(distance).ok().and_then(|d| counts.get(d as usize)).copied().unwrap_or(0);
    if available < args.count {
        anyhow::bail!(
            "{name} has {} at distance {distance}, fewer than --count {}",
            plural(available, "pattern"),
            args.count
        );
    }
    let mut prng = Prng::new(seed_of(args, name));
    let mut drawn = Vec::new();
    while (drawn.len() as u64) < args.count {
        let index = table.random_index(distance as u8, &mut prng).expect("the count says there is one");
        if !drawn.contains(&index) {
            drawn.push(index);
        }
    }
    for index in drawn {
        let scramble = table.scramble_of(index)?.expect("a drawn pattern is reached");
        if args.judge_input {
            let pattern = table.puzzle().definition().pattern_json(&table.puzzle().index().pattern(index));
            let pattern: serde_json::Value = serde_json::from_str(&pattern).context("a written pattern reads back")?;
            writeln!(out, "{}", json!({ "scramble": scramble, "pattern": pattern }))?;
        } else {
            writeln!(out, "{scramble}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn open(tables: &TablesDir, name: &str) -> anyhow::Result<std::sync::Arc<DefinitionTable>> {
    tables.answerer()?.definition(name).map_err(answer_error)
}

impl TablesDir {
    /// `gen NAME` for a bundled definition, or `gen --definition FILE --name NAME`; what was
    /// written goes to `out` (standard error for a build on first use, whose command's own
    /// output is on standard output).
    pub fn generate_definition(&self, puzzle: &DefinedPuzzle, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
        let available = puzzle_tables_generator::definition::available_memory().unwrap_or(u64::MAX);
        puzzle_tables_generator::definition::check_memory(puzzle, available)?;
        let needed = puzzle_tables_generator::definition::memory_needed(puzzle);
        errln!(
            "puzzle-tables: {}: {} entries, about {} MB of memory",
            puzzle.name(),
            puzzle.index().size(),
            needed.div_ceil(1_000_000)
        );
        self.check_writable()?;
        let started = Instant::now();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let path = self.dir().join(file_name(puzzle.name()));
        let mut progress = TerminalBar::new();
        let built = puzzle_tables_generator::definition::build_table(puzzle, threads, &mut progress);
        built.write(&path).with_context(|| format!("cannot write {}", path.display()))?;
        progress.finish();
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        writeln!(out, "wrote {} ({size} bytes)", path.display())?;
        writeln!(out, "{}: built in {:.2} s", puzzle.name(), started.elapsed().as_secs_f64())?;
        Ok(ExitCode::SUCCESS)
    }

    /// Builds the bundled definition `name`'s table when it is missing (first use).
    pub fn build_missing_definition(&self, name: &str) -> anyhow::Result<()> {
        let path = self.dir().join(file_name(name));
        if path.exists() {
            return Ok(());
        }
        if self.dir().join(puzzle_tables_query::shards::dir_name(name)).is_dir() {
            // Answers read the shards in place; an unfinished build is refused as it is opened.
            return Ok(());
        }
        let Some(bundled) = bundled::find(name) else {
            anyhow::bail!(
                "no table {}: build it with `puzzle-tables gen --definition FILE --name {name}` (bundled: {})",
                path.display(),
                BUNDLED.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
            );
        };
        errln!("puzzle-tables: {}: missing; building the {name} table (first use)", path.display());
        self.generate_definition(&DefinedPuzzle::bundled(bundled)?, &mut std::io::stderr())?;
        Ok(())
    }
}

/// The puzzle `gen --definition FILE --name NAME ...` describes.
pub fn user_puzzle(args: &GenDefinitionArgs) -> anyhow::Result<DefinedPuzzle> {
    let (Some(path), Some(name)) = (&args.definition, &args.name) else {
        anyhow::bail!("--definition and --name go together");
    };
    check_name(name)?;
    let json = crate::input::read_whole(path)?;
    let definition = Definition::from_json(&json).with_context(|| format!("{}", path.display()))?;
    let start = match &args.start {
        Some(start) => Some(
            definition
                .pattern_from_json(&crate::input::read_whole(start)?)
                .with_context(|| format!("{}", start.display()))?,
        ),
        None => None,
    };
    let metric = Metric::from_label(&args.metric).context("--metric is htm or qtm")?;
    Ok(DefinedPuzzle::new(name, definition, &args.moves, metric, start)?)
}
