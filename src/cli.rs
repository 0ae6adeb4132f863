//! The command line as clap reads it: [`Cli`], its [`Command`]s and the arguments of those
//! that belong to no one module (each puzzle's `solve` arguments are in its own module, the
//! setters' in [`crate::setter`]). The value parsers and options they share are in
//! [`crate::options`]; `main` parses and dispatches.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use puzzle_tables_query::Puzzle;

use crate::options::{puzzle_parser, target_parser, Target};
use crate::solve::BoardArgs;
use crate::{cube, cubic, definition, eight, fifteen, rotation, setter};

/// Answers classic search puzzles instantly from exhaustive precomputed tables.
#[derive(Parser)]
#[command(name = "puzzle-tables", version, about, long_about = None)]
pub struct Cli {
    /// The directory of table files [default: $PUZZLE_TABLES_DIR, else the per-user data
    /// directory, such as ~/.local/share/puzzle-tables]. A missing table is built there on
    /// first use.
    #[arg(long, global = true, value_name = "DIR")]
    pub tables: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
    /// Build a defined puzzle's table across worker threads, processes and machines
    /// (timely-dataflow), in shards: run the same command on every machine with timely's
    /// arguments after `--` (docs/distributed.md). A killed build, run again, resumes.
    Distributed(crate::distributed::DistributedArgs),
    /// Merge a distributed build's shards (definition-NAME.shards/) into one table file,
    /// after verifying each.
    Merge(crate::distributed::MergeArgs),
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
    Serve(puzzle_tables_serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish or powershell) on standard output.
    Completions(CompletionsArgs),
    /// Write the man pages into a directory (`cargo xtask man` runs it).
    #[command(hide = true)]
    ManPages(ManPagesArgs),
}

#[derive(clap::Args)]
pub struct InstallArgs {
    /// The release directory (manifest.json, SHA256SUMS and the .zst tables).
    #[arg(long, value_name = "DIR")]
    pub from: PathBuf,
}

#[derive(clap::Args)]
pub struct JudgeArgs {
    /// The puzzle whose judge format the input is in.
    #[arg(value_parser = puzzle_parser())]
    pub puzzle: Puzzle,
    /// Read the input from FILE instead of standard input ("-" is standard input).
    pub input: Option<PathBuf>,
    /// Stop at the first rejected case, exit status 1 (by default every good case is
    /// answered and each rejected one is named on standard error, with no output line, as
    /// the judge's format has no place for it).
    #[arg(long)]
    pub strict: bool,
    /// Cubic only: the exact number of rolls, also above the judge's cap of 30 (where the
    /// judge answers -1). Refused for the other puzzles: eight, rotation and fifteen answers
    /// are exact already, and magic-cube keeps the judge's -1 beyond 5 turns (`solve cube`
    /// counts further).
    #[arg(long)]
    pub exact: bool,
    /// Fifteen only: read and answer LightOJ 1121 (`Case k:`, the fewest moves first in
    /// dictionary order, not solvable beyond 35 moves) instead of UVa 10181.
    #[arg(long)]
    pub lightoj: bool,
}

#[derive(Subcommand)]
pub enum SolveCommand {
    /// An eight-puzzle board, such as "2 3 4 1 5 x 7 6 8".
    #[command(mut_arg("board", |arg| arg.help(eight::BOARD_HELP)))]
    Eight(BoardArgs),
    /// A cubic eight-puzzle pattern from a start cell, such as --start 1,2 "WWW EWW WWW".
    ///
    /// Prints the exact number of rolls (beyond the judge's 30 too) and an optimal
    /// sequence of rolls, each named by the direction the cube travels into the empty
    /// cell: u (towards row 1), d (towards row 3), l (towards column 1), r (towards
    /// column 3).
    Cubic(cubic::SolveArgs),
    /// A rotation-game board: 24 symbols, such as "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".
    #[command(mut_arg("board", |arg| arg.help(rotation::BOARD_HELP)))]
    Rotation(BoardArgs),
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
    #[command(mut_arg("board", |arg| arg.help(fifteen::BOARD_HELP)))]
    Fifteen(fifteen::SolveArgs),
    /// NAME: a puzzle from its definition, by its table's name (`solve 2x2x2 --scramble
    /// "R U R' F2"`, `--pattern FILE`, `--all`, `--children`; `solve NAME --help`).
    #[command(external_subcommand)]
    Definition(Vec<OsString>),
}

#[derive(clap::Args)]
pub struct StatsArgs {
    /// The puzzle, or a defined puzzle's table name (such as 2x2x2).
    #[arg(value_parser = target_parser(true))]
    pub puzzle: Target,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
#[command(after_long_help = gen_definitions_help())]
pub struct GenArgs {
    /// The puzzles whose tables to build, built-in or bundled definitions such as 2x2x2
    /// [default: every built-in puzzle].
    #[arg(value_parser = target_parser(false))]
    pub puzzles: Vec<Target>,
    #[command(flatten)]
    pub definition: definition::GenDefinitionArgs,
    /// Fifteen puzzle: build this partition's pattern databases (7-8: minutes and about
    /// 4 GB of memory) instead of the default 6-6-3.
    #[arg(long, value_parser = fifteen::partition_parser())]
    pub partition: Option<puzzle_tables_query::fifteen::Partition>,
    /// Cube: build the optional large set (676 MB, a minute or so; face-turn solves read it
    /// when present) instead of the default tables.
    #[arg(long)]
    pub large: bool,
    /// Cube: build the optimal solver's tables of this size (tiny: 3 MB, seconds; small:
    /// 673 MB, one to five minutes on two cores and 4 GB of memory; large: 1.96 GB, four to
    /// eight minutes and about 12 GB; levels: 2.49 GB, about five minutes and 12 GB, one table
    /// that bounds the cube and its inverse alike, the fastest; huge: 3.9 GB,
    /// about six minutes and 13 GB; `solve cube --optimal` reads the fastest present: levels, huge, large, small, tiny) instead
    /// of the default tables.
    #[arg(long, value_parser = cube::optimal_size_parser())]
    pub optimal: Option<puzzle_tables_query::cube::optimal::OptimalSize>,
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

/// The subcommands named in `args`, such as `solve eight`, or `usage` when there is none.
pub fn command_path(args: impl Iterator<Item = String>) -> String {
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

/// `completions SHELL`.
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish or powershell.
    #[arg(value_parser = ["bash", "zsh", "fish", "powershell"])]
    pub shell: String,
}

/// `man-pages --out DIR`.
#[derive(clap::Args)]
pub struct ManPagesArgs {
    /// The directory to write the pages into (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Refuses `judge` options that do nothing for the puzzle given, rather than ignoring them.
pub fn check_judge_options(args: &JudgeArgs) -> anyhow::Result<()> {
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
