//! `puzzle-tables`: answers classic search puzzles from exhaustive precomputed tables.
//!
//! The binary is thin: it parses arguments ([`cli`]), finds (or builds) the tables and hands
//! each puzzle's command to its module; nothing imports it back. Exit statuses: 0 when everything was answered, 1 when
//! some input case (or, for `verify`, some table) was rejected, 2 on any other error.

#![deny(missing_docs)]

mod batch;
mod cli;
mod cube;
mod cubic;
mod definition;
mod distributed;
mod eight;
mod english;
mod fifteen;
mod generate;
mod input;
mod judge;
mod magic_cube;
mod options;
mod report;
mod rotation;
mod serve;
mod setter;
mod shell;
mod solve;
mod tables;
mod writer;

use std::process::ExitCode;

use clap::Parser;
use puzzle_tables_query::Puzzle;

use crate::cli::{check_judge_options, command_path, Cli, Command, SolveCommand, StatsArgs};
use crate::judge::JudgeInput;
use crate::options::Target;
use crate::tables::TablesDir;
use crate::writer::errln;

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
        Command::Stats(StatsArgs { puzzle: Target::Puzzle(puzzle), json }) => report::stats(&tables, puzzle, json),
        Command::Gen(args) => generate::run(&tables, args),
        Command::Distributed(args) => distributed::build(&tables, &args),
        Command::Merge(args) => distributed::merge(&tables, &args),
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
