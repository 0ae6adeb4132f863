//! Tools for problem setters and puzzlers: `check` (a special judge that referees a
//! contestant's output with the tables, also as a judge system calls it: [`protocol`]), `random` (boards drawn uniformly at an exact
//! distance) and `scramble` (fair cube scrambles, [`scramble`]).
//!
//! Each puzzle is one module here implementing the two small interfaces,
//! [`check::Checker`] and [`random::Drawer`], and opening its tables in one place; adding a
//! puzzle is one more module and one match arm in [`check_command`] and [`random_command`].

mod answers;
pub mod check;
mod cubic;
mod eight;
mod fifteen;
mod magic_cube;
pub mod package;
pub mod protocol;
use puzzle_tables_query::prng;
pub mod random;
mod rotation;
pub mod scramble;

use std::process::ExitCode;

use anyhow::bail;
use puzzle_tables_query::Puzzle;

use crate::tables::TablesDir;

/// `check PUZZLE INPUT ANSWERS`; under `--protocol`, any error is the system's judge
/// failure.
pub fn check_command(tables: &TablesDir, args: &check::CheckArgs) -> anyhow::Result<ExitCode> {
    let checked = check_with(tables, args);
    match (args.protocol, checked) {
        (Some(protocol), Err(error)) => Ok(protocol.judge_failure(args, &error)),
        (_, checked) => checked,
    }
}

fn check_with(tables: &TablesDir, args: &check::CheckArgs) -> anyhow::Result<ExitCode> {
    if args.lightoj && args.puzzle != Puzzle::Fifteen {
        bail!("--lightoj picks the fifteen puzzle's other judge; {} has only one", args.puzzle);
    }
    let accepts_any = args.puzzle == Puzzle::Eight || (args.puzzle == Puzzle::Fifteen && !args.lightoj);
    if args.shortest && !accepts_any {
        let judge = if args.lightoj { "LightOJ" } else { args.puzzle.label() };
        bail!(
            "--shortest is for eight and fifteen (UVa), whose judges accept any solution; {judge} answers are exact \
             already"
        );
    }
    match args.puzzle {
        Puzzle::Eight => check::run(&eight::Eight::open(tables, args.shortest)?, args),
        Puzzle::Cubic => check::run(&cubic::Cubic::open(tables)?, args),
        Puzzle::Rotation => check::run(&rotation::Rotation::open(tables)?, args),
        Puzzle::MagicCube => check::run(&magic_cube::MagicCube::open(tables)?, args),
        Puzzle::Fifteen => check::run(&fifteen::Fifteen::open(tables, args.lightoj, args.shortest)?, args),
        Puzzle::Cube => bail!("check does not know the cube yet (the magic cube's judge is `check magic-cube`)"),
        unknown => bail!("unknown puzzle {unknown}: this build of check does not know it"),
    }
}

/// `random PUZZLE [--distance D] [--count N] [--seed S] [--judge-input]`.
pub fn random_command(tables: &TablesDir, args: &random::RandomArgs) -> anyhow::Result<ExitCode> {
    let mut out = crate::writer::stdout_buffered();
    random_to(tables, args, &mut out)
}

/// What `random` prints, as text (the server's `random`).
pub fn random_into(tables: &TablesDir, args: &random::RandomArgs) -> anyhow::Result<String> {
    let mut out = Vec::new();
    random_to(tables, args, &mut out)?;
    Ok(String::from_utf8(out)?)
}

/// `random`, written to `out`.
fn random_to(tables: &TablesDir, args: &random::RandomArgs, out: &mut dyn std::io::Write) -> anyhow::Result<ExitCode> {
    if args.start.is_some() && args.puzzle != Puzzle::Cubic {
        bail!("--start is the cubic puzzle's start cell; {} has none", args.puzzle);
    }
    match args.puzzle {
        Puzzle::Eight => random::run(&eight::Eight::open(tables, false)?, args, out),
        Puzzle::Cubic => random::run(&cubic::Cubic::open(tables)?.with_start(args.start), args, out),
        Puzzle::Rotation => random::run(&rotation::Rotation::open(tables)?, args, out),
        Puzzle::MagicCube => random::run(&magic_cube::MagicCube::open(tables)?, args, out),
        Puzzle::Fifteen => random::run(&fifteen::FifteenBoards::new(tables), args, out),
        Puzzle::Cube => bail!("random does not know the cube yet (the magic cube's is `random magic-cube`)"),
        unknown => bail!("unknown puzzle {unknown}: this build of random does not know it"),
    }
}
