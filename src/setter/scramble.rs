//! `scramble cube [--count N] [--seed S] [--facelets]`: fair scrambles, as the World Cube
//! Association asks of its official scrambler (regulation 4b3): a state drawn uniformly at
//! random from those that need at least 2 moves, given as a move sequence of at most 20
//! face turns that produces it from solved.
//!
//! How the states are drawn and their scrambles made and written is the library's
//! ([`puzzle_tables_query::scramble`]), shared with the server and the Python package; this
//! module reads the arguments and prints. Fifteen-puzzle boards come from `random fifteen`.

use std::io::Write;
use std::process::ExitCode;

use puzzle_tables_query::random::clock_seed;
use puzzle_tables_query::scramble::scramble_lines;

use crate::tables::TablesDir;
use crate::writer::{self, errln};

/// `scramble cube`.
#[derive(clap::Args)]
pub struct ScrambleArgs {
    /// The puzzle: cube (fifteen-puzzle boards come from `random fifteen`).
    #[arg(value_parser = ["cube"])]
    pub puzzle: String,
    /// How many scrambles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The seed: the same seed gives the same scrambles on every machine [default: from
    /// the clock, printed on standard error].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Print each scrambled cube's 54-letter facelet string (faces U R F D L B) before its
    /// scramble.
    #[arg(long)]
    pub facelets: bool,
}

/// The long help of `scramble`.
pub const FAIRNESS: &str = "\
Prints scrambles of Rubik's cube, one per line, as WCA regulation 4b3 asks of an official \
scrambler: each is a state drawn uniformly at random from all states that need at least 2 \
moves, written as the moves (standard notation, at most 20 face turns) that produce it from \
solved. The state is drawn as pieces (corner and edge permutations and orientations, every \
legal combination equally likely, from SplitMix64 seeded by --seed), and its moves are the \
inverse of the two-phase solver's solution. The same seed gives the same scrambles on every \
machine.";

/// `scramble cube`: `args.count` scrambles, one per line, written as they are made.
pub fn run(tables: &TablesDir, args: &ScrambleArgs) -> anyhow::Result<ExitCode> {
    let solver = crate::cube::two_phase_solver(tables, None)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        errln!("puzzle-tables: scramble {}: --seed {seed}", args.puzzle);
    }
    let mut out = writer::stdout_buffered();
    for lines in scramble_lines(&solver, args.count, seed, args.facelets) {
        out.write_all(lines?.as_bytes())?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
