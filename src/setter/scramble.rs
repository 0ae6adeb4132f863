//! `scramble cube [--count N] [--seed S] [--facelets]`: fair scrambles, as the World Cube
//! Association asks of its official scrambler (regulation 4b3): a state drawn uniformly at
//! random from those that need at least 2 moves, given as a move sequence of at most 20
//! face turns that produces it from solved.
//!
//! The state is drawn as pieces: a key uniform over every permutation and orientation of
//! the corners and edges ([`KEY_SPACE`]: the last corner's twist and the last edge's flip
//! follow from the others), drawn again when the two permutations differ in parity, which
//! no turns reach, or when the state is solved or one face turn from solved. Its scramble is
//! the inverse of the two-phase solver's solution (at most 20 face turns, which every cube
//! meets). Fifteen-puzzle boards come from `random fifteen`.

use std::collections::HashSet;
use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use puzzle_tables_models::cube::KEY_SPACE;
use puzzle_tables_query::cube::{moves_text, Cube, Metric, Move, TwoPhaseSolver};

use super::prng::Prng;
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
    let mut prng = Prng::new(seed);
    let near_solved = within_one_move();
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let mut left = args.count;
    while left > 0 {
        // The states are drawn in order from the one stream, so the seed alone decides them.
        let batch: Vec<Cube> = (0..left.min(BATCH)).map(|_| fair_state(&mut prng, &near_solved)).collect();
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

/// The scrambles of `cubes`, in order, solved on `workers` threads.
fn scrambles_of(solver: &TwoPhaseSolver, cubes: &[Cube], workers: usize) -> anyhow::Result<Vec<Vec<Move>>> {
    let share = cubes.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let threads: Vec<_> = cubes
            .chunks(share)
            .map(|part| scope.spawn(move || part.iter().map(|cube| scramble_of(solver, cube)).collect::<Vec<_>>()))
            .collect();
        threads.into_iter().flat_map(|thread| thread.join().expect("a scramble thread does not panic")).collect()
    })
}

/// The solved cube and the 18 cubes one face turn from it.
fn within_one_move() -> HashSet<Cube> {
    std::iter::once(Cube::SOLVED).chain(Move::ALL.map(|step| Cube::SOLVED.apply_move(step))).collect()
}

/// A cube uniform over those that need at least 2 moves (not in `near_solved`).
fn fair_state(prng: &mut Prng, near_solved: &HashSet<Cube>) -> Cube {
    loop {
        // Half the keys pair permutations of unequal parity, which no turns reach.
        if let Some(cube) = Cube::from_key(prng.below_u128(KEY_SPACE)) {
            if !near_solved.contains(&cube) {
                return cube;
            }
        }
    }
}

/// Moves of at most 20 face turns that make `cube` from solved: a solution, reversed and
/// each turn undone.
fn scramble_of(solver: &TwoPhaseSolver, cube: &Cube) -> anyhow::Result<Vec<Move>> {
    let limit = Metric::Htm.gods_number();
    const DAMAGED: &str = "the cube tables are damaged; rebuild them with `puzzle-tables gen cube`";
    let Some(solution) = solver.solve(cube, Metric::Htm, limit) else {
        bail!("the two-phase search found no solution within {limit} face turns: {DAMAGED}");
    };
    let moves: Vec<Move> = solution.iter().rev().map(|step| step.inverse()).collect();
    if Cube::SOLVED.apply_moves(&moves) != *cube {
        bail!("the two-phase solution does not solve the cube: {DAMAGED}");
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_solved_cube_and_single_turns_are_near_solved() {
        let near = within_one_move();
        assert_eq!(near.len(), 19);
        for first in Move::ALL {
            for second in Move::ALL.into_iter().filter(|second| second.face() != first.face()) {
                assert!(!near.contains(&Cube::SOLVED.apply_moves(&[first, second])));
            }
        }
    }

    #[test]
    fn fair_states_skip_the_near_solved_and_follow_the_seed() {
        let near = within_one_move();
        let drawn = |seed| {
            let mut prng = Prng::new(seed);
            (0..50).map(|_| fair_state(&mut prng, &near)).collect::<Vec<_>>()
        };
        assert_eq!(drawn(4), drawn(4));
        assert_ne!(drawn(4), drawn(5));
        assert!(drawn(4).iter().all(|cube| !near.contains(cube)));
        // A state counted as near solved is drawn again: the next state of the stream.
        let mut prng = Prng::new(4);
        assert_eq!(fair_state(&mut prng, &HashSet::from([drawn(4)[0]])), drawn(4)[1]);
    }
}
