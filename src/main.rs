//! `puzzle-tables`: answers classic search puzzles from exhaustive precomputed tables.
//!
//! The binary is thin: it parses arguments, finds (or builds) the tables and hands each
//! puzzle's command to its module. Exit statuses: 0 when everything was answered, 1 when
//! some input case (or, for `verify`, some table) was rejected, 2 on any other error.

#![deny(missing_docs)]

mod batch;
mod cube;
mod cubic;
mod definition;
mod eight;
mod english;
mod fifteen;
mod input;
mod judge;
mod magic_cube;
mod report;
mod rotation;
mod serve;
mod setter;
mod shell;
mod tables;
mod writer;

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{ContextKind, ContextValue};
use clap::{Parser, Subcommand};
use puzzle_tables_query::Puzzle;

use crate::judge::JudgeInput;
use crate::tables::TablesDir;
use crate::writer::errln;

/// Answers classic search puzzles instantly from exhaustive precomputed tables.
#[derive(Parser)]
#[command(name = "puzzle-tables", version, about, long_about = None)]
struct Cli {
    /// The directory of table files [default: $PUZZLE_TABLES_DIR, else the per-user data
    /// directory, such as ~/.local/share/puzzle-tables]. A missing table is built there on
    /// first use.
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer a judge's input (stdin, or FILE) in the judge's exact output format.
    ///
    /// The output is exactly the judge's: a rejected case yields no output line (the format
    /// has no place for one), so output lines follow the good cases. Each rejected case is
    /// named with its input line on standard error, and the exit status is 1. For one answer
    /// line per input line, rejected ones included, use `solve PUZZLE -`.
    Judge(JudgeArgs),
    /// Solve one case: the fewest moves and an optimal sequence of them (`solve cube`: any
    /// cube within God's numbers, exactly optimal within 12 quarter turns).
    #[command(subcommand, after_help = solve_definitions_help())]
    Solve(SolveCommand),
    /// Show what a puzzle's tables hold: how many states, how far, how many at each distance
    /// (magic-cube: the cubes within the table's depth; fifteen: each pattern database).
    Stats(StatsArgs),
    /// Build tables (all puzzles when none are named), replacing what is there.
    Gen(GenArgs),
    /// Check every table in the tables directory, checksums included, and report each (and
    /// name table files that no puzzle of this version reads).
    Verify,
    /// Install release tables: check each artifact of a `cargo xtask dist` directory against
    /// its manifest and SHA-256, decompress it into the tables directory and verify it.
    Install(InstallArgs),
    /// Judge a contestant's output for a judge input with the tables as referee: a verdict
    /// per case, then a summary (exit status 0 when every case is accepted).
    Check(setter::check::CheckArgs),
    /// Draw distinct boards at an exact distance, uniformly at random, in the judge's
    /// input format.
    #[command(long_about = setter::random::DRAWING)]
    Random(setter::random::RandomArgs),
    /// Write a problem package (Kattis / ICPC format, which DOMjudge imports): statement,
    /// sample and secret tests spread over the distances, validators and a submission that
    /// need no tables.
    Package(setter::package::PackageArgs),
    /// Print fair scrambles of Rubik's cube: uniformly random states that need at least 2
    /// moves, each as at most 20 face turns that make it from solved.
    #[command(long_about = setter::scramble::FAIRNESS)]
    Scramble(setter::scramble::ScrambleArgs),
    /// Serve the tables over HTTP: a JSON API (`/api/v1/PUZZLE?board=...`, batches, random
    /// boards, scrambles, `/api/v1/openapi.json`, `/metrics`) and a page to solve puzzles
    /// in a browser (`/`).
    Serve(serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish or powershell) on standard output.
    Completions(shell::CompletionsArgs),
    /// Write the man pages into a directory (`cargo xtask man` runs it).
    #[command(hide = true)]
    ManPages(shell::ManPagesArgs),
}

#[derive(clap::Args)]
struct InstallArgs {
    /// The release directory (manifest.json, SHA256SUMS and the .zst tables).
    #[arg(long, value_name = "DIR")]
    from: PathBuf,
}

#[derive(clap::Args)]
struct JudgeArgs {
    /// The puzzle whose judge format the input is in.
    #[arg(value_parser = puzzle_parser())]
    puzzle: Puzzle,
    /// Read the input from FILE instead of standard input ("-" is standard input).
    input: Option<PathBuf>,
    /// Stop at the first rejected case, exit status 1 (by default every good case is
    /// answered and each rejected one is named on standard error, with no output line, as
    /// the judge's format has no place for it).
    #[arg(long)]
    strict: bool,
    /// Cubic only: the exact number of rolls, also above the judge's cap of 30 (where the
    /// judge answers -1). Refused for the other puzzles: eight, rotation and fifteen answers
    /// are exact already, and magic-cube keeps the judge's -1 beyond 5 turns (`solve cube`
    /// counts further).
    #[arg(long)]
    exact: bool,
    /// Fifteen only: read and answer LightOJ 1121 (`Case k:`, the fewest moves first in
    /// dictionary order, not solvable beyond 35 moves) instead of UVa 10181.
    #[arg(long)]
    lightoj: bool,
}

#[derive(Subcommand)]
enum SolveCommand {
    /// An eight-puzzle board, such as "2 3 4 1 5 x 7 6 8".
    Eight(eight::SolveArgs),
    /// A cubic eight-puzzle pattern from a start cell, such as --start 1,2 "WWW EWW WWW".
    ///
    /// Prints the exact number of rolls (beyond the judge's 30 too) and an optimal
    /// sequence of rolls, each named by the direction the cube travels into the empty
    /// cell: u (towards row 1), d (towards row 3), l (towards column 1), r (towards
    /// column 3).
    Cubic(cubic::SolveArgs),
    /// A rotation-game board: 24 symbols, such as "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".
    Rotation(rotation::SolveArgs),
    /// Any Rubik's cube: the 54-letter facelet string (faces U R F D L B), the judge's net
    /// with --net FILE, or a scramble with --scramble MOVES; "-" reads one cube per line.
    ///
    /// Prints a solution of at most 20 face turns (--metric qtm: 26 quarter turns) by the
    /// two-phase algorithm, and the fewest quarter turns wherever the magic cube's table
    /// reaches (within 12), saying so. `--json` adds the magic-cube judge's (ZOJ 2477) answer
    /// and steps (`judge_answer`, `judge_steps`).
    #[command(alias = "magic-cube")]
    Cube(cube::SolveArgs),
    /// A fifteen-puzzle board: 16 numbers row by row, 0 the blank, such as
    /// "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".
    ///
    /// Prints the fewest moves and, among the optimal answers, the first in dictionary
    /// order; moves are named by the direction the blank travels (U D L R).
    Fifteen(fifteen::SolveArgs),
    /// NAME: a puzzle from its definition, by its table's name (`solve 2x2x2 --scramble
    /// "R U R' F2"`, `--pattern FILE`, `--all`, `--children`; `solve NAME --help`).
    #[command(external_subcommand)]
    Definition(Vec<OsString>),
}

/// Options every `solve` command shares.
#[derive(clap::Args)]
struct SolveOptions {
    /// Draw the puzzle after every move.
    #[arg(long)]
    show: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
    /// With `-`: stop after the first rejected line, exit status 1.
    #[arg(long)]
    strict: bool,
}

#[derive(clap::Args)]
struct StatsArgs {
    /// The puzzle, or a defined puzzle's table name (such as 2x2x2).
    #[arg(value_parser = target_parser(true))]
    puzzle: Target,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
#[command(after_long_help = gen_definitions_help())]
struct GenArgs {
    /// The puzzles whose tables to build, built-in or bundled definitions such as 2x2x2
    /// [default: every built-in puzzle].
    #[arg(value_parser = target_parser(false))]
    puzzles: Vec<Target>,
    #[command(flatten)]
    definition: definition::GenDefinitionArgs,
    /// Fifteen puzzle: build this partition's pattern databases (7-8: minutes and about
    /// 4 GB of memory) instead of the default 6-6-3.
    #[arg(long, value_parser = fifteen::partition_parser())]
    partition: Option<puzzle_tables_query::fifteen::Partition>,
    /// Cube: build the optional large set (676 MB, a minute or so; face-turn solves read it
    /// when present) instead of the default tables.
    #[arg(long)]
    large: bool,
    /// Cube: build the optimal solver's tables of this size (tiny: 3 MB, seconds; small:
    /// 673 MB, one to five minutes on two cores and 4 GB of memory; large: 1.96 GB, four to
    /// eight minutes and about 12 GB; levels: 2.49 GB, about five minutes and 12 GB, one table
    /// that bounds the cube and its inverse alike, the fastest; huge: 3.9 GB,
    /// about six minutes and 13 GB; `solve cube --optimal` reads the fastest present: levels, huge, large, small, tiny) instead
    /// of the default tables.
    #[arg(long, value_parser = cube::optimal_size_parser())]
    optimal: Option<puzzle_tables_query::cube::optimal::OptimalSize>,
}

/// Names people write for a puzzle whose label is another, and that label: clap's own
/// guess by spelling would offer `cubic` for `rubik`.
const OTHER_NAMES: &[(&str, &str)] = &[("rubik", "cube"), ("rubiks-cube", "cube"), ("15", "fifteen"), ("8", "eight")];

/// A puzzle's label, with clap's "similar value" tip pointing an other name at its puzzle.
fn puzzle_parser() -> PuzzleParser {
    PuzzleParser
}

/// Parses a puzzle's label (see [`puzzle_parser`]).
#[derive(Clone)]
struct PuzzleParser;

impl PuzzleParser {
    fn labels() -> PossibleValuesParser {
        PossibleValuesParser::new(Puzzle::BUILT_IN.iter().map(|p| p.label()))
    }
}

impl TypedValueParser for PuzzleParser {
    type Value = Puzzle;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Puzzle, clap::Error> {
        let label = Self::labels().parse_ref(cmd, arg, value).map_err(|mut error| {
            let given = value.to_string_lossy().to_lowercase();
            if let Some(&(_, label)) = OTHER_NAMES.iter().find(|(name, _)| *name == given) {
                error.insert(ContextKind::SuggestedValue, ContextValue::String(label.to_string()));
            }
            error
        })?;
        Ok(Puzzle::from_label(&label).expect("clap only passes listed names"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Puzzle::BUILT_IN.iter().map(|p| PossibleValue::new(p.label()))))
    }
}

/// What `gen`, `stats` and `random` name: a built-in puzzle or a defined puzzle's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A built-in puzzle.
    Puzzle(Puzzle),
    /// A defined puzzle, by its table's name.
    Definition(String),
}

fn solve_definitions_help() -> String {
    format!(
        "A puzzle from its definition: `solve NAME --scramble ALG` (`solve NAME --help`), NAME a table's name; bundled:\n{}",
        definition::bundled_list()
    )
}

fn gen_definitions_help() -> String {
    format!("Bundled definitions (gen NAME; solve NAME --scramble ALG):\n{}", definition::bundled_list())
}

/// A built-in puzzle's label or a bundled definition's name; with `any_name`, also any name
/// a user's definition table may have (checked when it is opened).
fn target_parser(any_name: bool) -> TargetParser {
    TargetParser { any_name }
}

/// Parses a [`Target`] (see [`target_parser`]).
#[derive(Clone)]
struct TargetParser {
    any_name: bool,
}

impl TypedValueParser for TargetParser {
    type Value = Target;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<Target, clap::Error> {
        let error = match PuzzleParser.parse_ref(cmd, arg, value) {
            Ok(puzzle) => return Ok(Target::Puzzle(puzzle)),
            Err(error) => error,
        };
        let name = value.to_string_lossy();
        let other_name = OTHER_NAMES.iter().any(|(other, _)| *other == name.to_lowercase());
        let bundled = puzzle_tables_models::definition::bundled::find(&name).is_some();
        let valid = puzzle_tables_models::definition::puzzle::check_name(&name).is_ok();
        if bundled || (self.any_name && valid && !other_name) {
            return Ok(Target::Definition(name.into_owned()));
        }
        Err(error)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let bundled = puzzle_tables_models::definition::bundled::BUNDLED.iter().map(|b| PossibleValue::new(b.name));
        Some(Box::new(Puzzle::BUILT_IN.iter().map(|p| PossibleValue::new(p.label())).chain(bundled)))
    }
}

/// Refuses `judge` options that do nothing for the puzzle given, rather than ignoring them.
fn check_judge_options(args: &JudgeArgs) -> anyhow::Result<()> {
    let puzzle = args.puzzle;
    if args.exact && puzzle != Puzzle::Cubic {
        let why = match puzzle {
            Puzzle::MagicCube => "the magic cube's judge answers -1 beyond 5 turns; `solve cube` counts further",
            _ => "its judge's answers are exact already",
        };
        anyhow::bail!("--exact is for cubic alone, not {puzzle}: {why}");
    }
    if args.lightoj && puzzle != Puzzle::Fifteen {
        anyhow::bail!("--lightoj is for fifteen alone, not {puzzle}: {puzzle} has one judge format");
    }
    Ok(())
}

fn main() -> ExitCode {
    // Every error is `puzzle-tables: <what>: <why>`, the command given as <what>.
    let what = command_path(std::env::args().skip(1));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` print on standard output.
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            let message = error.render().to_string();
            let why = message.strip_prefix("error: ").unwrap_or(&message);
            writer::err!("puzzle-tables: {what}: {why}");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(error) if writer::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            errln!("puzzle-tables: {what}: {:#}", tables::with_rebuild_hint(error));
            ExitCode::from(2)
        }
    }
}

/// `gen`: a user's definition, bundled definitions, then the built-in puzzles named.
fn gen(tables: &TablesDir, args: GenArgs) -> anyhow::Result<ExitCode> {
    let (mut puzzles, mut names) = (Vec::new(), Vec::new());
    for target in &args.puzzles {
        match target {
            Target::Puzzle(puzzle) => puzzles.push(*puzzle),
            Target::Definition(name) => names.push(name.clone()),
        }
    }
    let options = args.partition.is_some() || args.large || args.optimal.is_some();
    if args.definition.definition.is_some() {
        if !args.puzzles.is_empty() || options {
            anyhow::bail!("--definition builds one table: name no puzzle and no other option beside it");
        }
        return tables.generate_definition(&definition::user_puzzle(&args.definition)?, &mut writer::stdout());
    }
    if !names.is_empty() && options {
        anyhow::bail!("--partition, --large and --optimal are for fifteen and cube, not a definition");
    }
    for name in &names {
        let bundled = puzzle_tables_models::definition::bundled::find(name).expect("the parser takes bundled names");
        tables.generate_definition(
            &puzzle_tables_models::definition::DefinedPuzzle::bundled(bundled)?,
            &mut writer::stdout(),
        )?;
    }
    if !names.is_empty() && puzzles.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let args = GenArgs { puzzles: Vec::new(), ..args };
    match (puzzles, args) {
        (puzzles, GenArgs { partition: None, large: false, optimal: Some(size), .. }) => {
            if puzzles != [Puzzle::Cube] {
                anyhow::bail!("--optimal is for `gen cube` alone");
            }
            tables.generate_optimal_cube(size)
        }
        (_, GenArgs { optimal: Some(_), .. }) => {
            anyhow::bail!("--optimal (cube) goes with neither --partition nor --large")
        }
        (puzzles, GenArgs { partition: Some(partition), large: false, .. }) => {
            if puzzles != [Puzzle::Fifteen] {
                anyhow::bail!("--partition is for `gen fifteen` alone");
            }
            tables.generate_partition(partition)
        }
        (puzzles, GenArgs { partition: None, large: true, .. }) => {
            if puzzles != [Puzzle::Cube] {
                anyhow::bail!("--large is for `gen cube` alone");
            }
            tables.generate_large_cube()
        }
        (_, GenArgs { partition: Some(_), large: true, .. }) => {
            anyhow::bail!("--partition (fifteen) and --large (cube) are for one puzzle each")
        }
        (puzzles, _) => tables.generate_all(&puzzles),
    }
}

/// The subcommands named in `args`, such as `solve eight`, or `usage` when there is none.
fn command_path(args: impl Iterator<Item = String>) -> String {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut path = Vec::new();
    for arg in args {
        if let Some(sub) = command.find_subcommand(&arg) {
            path.push(arg);
            command = sub.clone();
        }
    }
    if path.is_empty() {
        "usage".to_string()
    } else {
        path.join(" ")
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let tables = TablesDir::new(cli.tables)?;
    match cli.command {
        Command::Judge(args) => {
            check_judge_options(&args)?;
            let input = JudgeInput::new(args.input, args.strict);
            match args.puzzle {
                Puzzle::Eight => eight::judge(&tables, &input),
                Puzzle::Cubic => cubic::judge(&tables, &input, args.exact),
                Puzzle::Rotation => rotation::judge(&tables, &input),
                Puzzle::MagicCube => magic_cube::judge(&tables, &input),
                Puzzle::Fifteen => fifteen::judge(&tables, &input, args.lightoj),
                Puzzle::Cube => cube::judge(&tables, &input),
                unknown => anyhow::bail!("unknown puzzle {unknown}: this build of judge does not know it"),
            }
        }
        Command::Solve(SolveCommand::Eight(args)) => eight::solve(&tables, &args),
        Command::Solve(SolveCommand::Cubic(args)) => cubic::solve(&tables, &args),
        Command::Solve(SolveCommand::Rotation(args)) => rotation::solve(&tables, &args),
        Command::Solve(SolveCommand::Cube(args)) => cube::solve(&tables, &args),
        Command::Solve(SolveCommand::Fifteen(args)) => fifteen::solve(&tables, &args),
        Command::Solve(SolveCommand::Definition(args)) => definition::solve(&tables, args),
        Command::Stats(StatsArgs { puzzle: Target::Definition(name), json }) => definition::stats(&tables, &name, json),
        Command::Stats(StatsArgs { puzzle: Target::Puzzle(puzzle), json }) => match puzzle {
            Puzzle::Eight => eight::stats(&tables, json),
            Puzzle::Cubic => cubic::stats(&tables, json),
            Puzzle::Rotation => rotation::stats(&tables, json),
            Puzzle::MagicCube => magic_cube::stats(&tables, json),
            Puzzle::Fifteen => fifteen::stats(&tables, json),
            Puzzle::Cube => cube::stats(&tables, json),
            unknown => anyhow::bail!("unknown puzzle {unknown}: this build of stats does not know it"),
        },
        Command::Gen(args) => gen(&tables, args),
        Command::Verify => tables.verify_all(),
        Command::Install(args) => tables.install_from(&args.from),
        Command::Check(args) => setter::check_command(&tables, &args),
        Command::Random(args) => setter::random_command(&tables, &args),
        Command::Package(args) => setter::package::run(&tables, &args),
        Command::Scramble(args) => setter::scramble::run(&tables, &args),
        Command::Serve(args) => serve::run(&tables, &args),
        Command::Completions(args) => shell::completions(&args),
        Command::ManPages(args) => shell::man_pages(&args),
    }
}
