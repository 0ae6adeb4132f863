//! `scramble cube [--count N] [--seed S] [--facelets]`: fair scrambles, as the World Cube
//! Association asks of its official scrambler (regulation 4b3): a state drawn uniformly at
//! random from those that need at least 2 moves, given as a move sequence of at most 20
//! face turns that produces it from solved.
//!
//! How the states are drawn and their scrambles made is the library's
//! ([`puzzle_tables_query::scramble`]), shared with the Python package; this module reads the
//! arguments and prints. Fifteen-puzzle boards come from `random fifteen`.

use std::io::Write;
use std::process::ExitCode;

use puzzle_tables_query::cube::{moves_text, Cube};
use puzzle_tables_query::scramble::{scrambles_of, FairStates};

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

/// `scramble cube`: `args.count` scrambles, one per line.
pub fn run(tables: &TablesDir, args: &ScrambleArgs) -> anyhow::Result<ExitCode> {
    write_scrambles(tables, args, &mut writer::stdout_buffered())
}

/// What `scramble` prints, as text (the server's `scramble`).
pub fn scrambles_into(tables: &TablesDir, args: &ScrambleArgs) -> anyhow::Result<String> {
    let mut out = Vec::new();
    write_scrambles(tables, args, &mut out)?;
    Ok(String::from_utf8(out)?)
}

/// `scramble`, written to `out`.
fn write_scrambles(tables: &TablesDir, args: &ScrambleArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let solver = crate::cube::two_phase_solver(tables, None)?;
    let seed = args.seed.unwrap_or_else(super::random::clock_seed);
    if args.seed.is_none() {
        errln!("puzzle-tables: scramble {}: --seed {seed}", args.puzzle);
    }
    let mut states = FairStates::new(seed);
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let mut left = args.count;
    while left > 0 {
        // The states are drawn in order from the one stream, so the seed alone decides them.
        let batch: Vec<Cube> = (0..left.min(BATCH)).map(|_| states.next_cube()).collect();
        left -= batch.len() as u64;
        for (cube, moves) in batch.iter().zip(scrambles_of(&solver, &batch, workers)?) {
            if args.facelets {
                write!(out, "{} ", cube.facelets().to_urfdlb())?;
            }
            writeln!(out, "{}", moves_text(&moves))?;
        }
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// How many states are drawn, then solved on every core, at a time.
const BATCH: u64 = 1024;
