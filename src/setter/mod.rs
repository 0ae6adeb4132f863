//! Tools for problem setters and puzzlers: `check` (a special judge that referees a
//! contestant's output with the tables, also as a judge system calls it: [`protocol`]), `random` (boards drawn uniformly at an exact
//! distance) and `scramble` (fair cube scrambles, [`scramble`]).
//!
//! Each puzzle is one module here implementing [`verdict::Checker`] and opening its tables in
//! one place. `random` draws through the query crate's registry
//! ([`RegisteredPuzzle::draw`](puzzle_tables_query::answer::RegisteredPuzzle::draw)), as the
//! server does; a package's tests through the query crate's drawers
//! ([`puzzle_tables_query::random`]), over tables opened by [`with_drawer`]. Adding a puzzle
//! is one more module and one match arm in [`check_command`] and [`with_drawer`].

mod answers;
pub mod check;
mod cubic;
mod definition;
mod eight;
mod fifteen;
mod magic_cube;
pub mod package;
pub mod protocol;
pub mod random;
mod rotation;
pub mod scramble;
pub mod verdict;

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use puzzle_tables_models::cubic::Cell;
use puzzle_tables_query::answer::registered;
use puzzle_tables_query::random::{
    CubicPatterns, DrawRequest, Drawer, EightBoards, FifteenBoards, MagicCubes, RotationBoards,
};
use puzzle_tables_query::{Puzzle, Tables};

use crate::tables::{answer_error, TablesDir};

/// `check PUZZLE INPUT ANSWERS`; under `--protocol`, any error is the system's judge
/// failure.
pub fn check_command(tables: &TablesDir, args: &check::CheckArgs) -> anyhow::Result<ExitCode> {
    let checked = check_with(tables, args);
    match (args.protocol, checked) {
        (Some(protocol), Err(error)) => Ok(protocol.judge_failure(&args.more, &error)),
        (_, checked) => checked,
    }
}

fn check_with(tables: &TablesDir, args: &check::CheckArgs) -> anyhow::Result<ExitCode> {
    let puzzle = match &args.puzzle {
        crate::options::Target::Puzzle(puzzle) => *puzzle,
        crate::options::Target::Definition(name) => {
            if args.lightoj || args.shortest {
                bail!(
                    "--lightoj and --shortest are for the fifteen and eight puzzles' judges; {name} answers are exact"
                );
            }
            return check::run(&definition::Defined::open(tables, name)?, args);
        }
    };
    if args.lightoj && puzzle != Puzzle::Fifteen {
        bail!("--lightoj picks the fifteen puzzle's other judge; {puzzle} has only one");
    }
    let accepts_any = puzzle == Puzzle::Eight || (puzzle == Puzzle::Fifteen && !args.lightoj);
    if args.shortest && !accepts_any {
        let judge = if args.lightoj { "LightOJ" } else { puzzle.label() };
        bail!(
            "--shortest is for eight and fifteen (UVa), whose judges accept any solution; {judge} answers are exact \
             already"
        );
    }
    match puzzle {
        Puzzle::Eight => check::run(&eight::Eight::open(tables, args.shortest)?, args),
        Puzzle::Cubic => check::run(&cubic::Cubic::open(tables)?, args),
        Puzzle::Rotation => check::run(&rotation::Rotation::open(tables)?, args),
        Puzzle::MagicCube => check::run(&magic_cube::MagicCube::open(tables)?, args),
        Puzzle::Fifteen => check::run(&fifteen::Fifteen::open(tables, args.lightoj, args.shortest)?, args),
        Puzzle::Cube => bail!("check does not know the cube yet (the magic cube's judge is `check magic-cube`)"),
        unknown => bail!("unknown puzzle {unknown}: this build of check does not know it"),
    }
}

/// `random PUZZLE [--distance D] [--count N] [--seed S] [--judge-input]`: the registry's
/// drawing, over this directory's tables (built first when missing).
pub fn random_command(tables: &TablesDir, args: &random::RandomArgs) -> anyhow::Result<ExitCode> {
    let mut out = crate::writer::stdout_buffered();
    let puzzle = match &args.puzzle {
        crate::options::Target::Puzzle(puzzle) => *puzzle,
        crate::options::Target::Definition(name) => return crate::definition::random(tables, name, args, &mut out),
    };
    let entry = registered(puzzle)
        .with_context(|| format!("unknown puzzle {puzzle}: this build of random does not know it"))?;
    let request = DrawRequest {
        distance: args.distance,
        count: args.count,
        seed: random::seed_of(args, puzzle.label()),
        start: args.start,
        judge_input: args.judge_input,
    };
    let drawn = entry.draw(&tables.answerer()?, &request).map_err(answer_error)?;
    out.write_all(drawn.text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Work done with a puzzle's drawer, whatever its boards' type.
pub trait WithDrawer {
    /// What the work gives.
    type Output;

    /// Does the work with `drawer`.
    fn with<D: Drawer>(self, drawer: &D) -> anyhow::Result<Self::Output>;
}

/// Does `work` with the drawer of `puzzle` over its tables, opened here (built first when
/// missing): cubic patterns from `start` (all start cells when `None`); the fifteen
/// puzzle's pattern databases only when `fifteen_databases` (its deep layers need them).
pub fn with_drawer<W: WithDrawer>(
    tables: &TablesDir,
    puzzle: Puzzle,
    start: Option<Cell>,
    fifteen_databases: bool,
    work: W,
) -> anyhow::Result<W::Output> {
    match puzzle {
        Puzzle::Eight => work.with(&EightBoards::new(&tables.open(Puzzle::Eight, Tables::eight)?)),
        Puzzle::Cubic => {
            let distances = tables.open(Puzzle::Cubic, Tables::cubic_distances)?;
            work.with(&CubicPatterns::new(&distances, start))
        }
        Puzzle::Rotation => work.with(&RotationBoards::new(&tables.open(Puzzle::Rotation, Tables::rotation)?)),
        Puzzle::MagicCube => work.with(&MagicCubes::new(&tables.open(Puzzle::MagicCube, Tables::magic_cube)?)),
        Puzzle::Fifteen => {
            let databases = if fifteen_databases { Some(crate::fifteen::open(tables, None)?) } else { None };
            work.with(&FifteenBoards::new(databases.as_ref()))
        }
        Puzzle::Cube => bail!("random does not know the cube yet (the magic cube's is `random magic-cube`)"),
        unknown => bail!("unknown puzzle {unknown}: this build of random does not know it"),
    }
}
