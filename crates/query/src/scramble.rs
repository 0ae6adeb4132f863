//! Fair cube scrambles, as the World Cube Association asks of its official scrambler
//! (regulation 4b3): a state drawn uniformly at random from those that need at least 2
//! moves, given as a move sequence of at most 20 face turns that produces it from solved.
//!
//! The state is drawn as pieces: a key uniform over every permutation and orientation of
//! the corners and edges ([`KEY_SPACE`]: the last corner's twist and the last edge's flip
//! follow from the others), drawn again when the two permutations differ in parity, which
//! no turns reach, or when the state is solved or one face turn from solved. Its scramble is
//! the inverse of the two-phase solver's solution (at most 20 face turns, which every cube
//! meets). `puzzle-tables scramble` and the Python package draw through here.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
//! use puzzle_tables_query::cube::Cube;
//! use puzzle_tables_query::scramble::{scrambles_of, FairStates};
//! use puzzle_tables_query::Tables;
//!
//! let solver = Tables::open(dir.path())?.cube()?;
//! let cubes: Vec<Cube> = (0..3).map({
//!     let mut states = FairStates::new(7);
//!     move |_| states.next_cube()
//! }).collect();
//! for (cube, moves) in cubes.iter().zip(scrambles_of(&solver, &cubes, 2)?) {
//!     assert!(moves.len() <= 20);
//!     assert_eq!(Cube::SOLVED.apply_moves(&moves), *cube);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use puzzle_tables_models::cube::KEY_SPACE;

use crate::cube::{moves_text, Cube, Metric, Move, TwoPhaseSolver};
use crate::prng::Prng;

/// Why a scramble could not be made: the solver's tables are damaged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScrambleError {
    /// The two-phase search found nothing within God's number.
    #[error("the two-phase search found no solution within {0} face turns: {DAMAGED}")]
    NoSolution(u32),
    /// The two-phase solution does not solve the cube.
    #[error("the two-phase solution does not solve the cube: {DAMAGED}")]
    WrongSolution,
}

const DAMAGED: &str = "the cube tables are damaged; rebuild them with `puzzle-tables gen cube`";

/// A stream of cubes uniform over those that need at least 2 moves; the seed alone decides
/// them, on every machine.
pub struct FairStates {
    prng: Prng,
    near_solved: HashSet<Cube>,
}

impl FairStates {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> FairStates {
        FairStates { prng: Prng::new(seed), near_solved: within_one_move() }
    }

    /// The next cube of the stream.
    pub fn next_cube(&mut self) -> Cube {
        fair_state(&mut self.prng, &self.near_solved)
    }
}

/// How many states are drawn, then solved on every core, at a time.
const BATCH: u64 = 1024;

/// What `puzzle-tables scramble` prints for `count` scrambles from `seed` (each cube's
/// facelets before its scramble when `facelets`), 1,024 lines at a time so that a long
/// run is written as it goes. The states are drawn in order from the one stream, so the seed
/// alone decides them.
pub fn scramble_lines(
    solver: &TwoPhaseSolver,
    count: u64,
    seed: u64,
    facelets: bool,
) -> impl Iterator<Item = Result<String, ScrambleError>> + '_ {
    let mut states = FairStates::new(seed);
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let mut left = count;
    std::iter::from_fn(move || {
        let batch: Vec<Cube> = (0..left.min(BATCH)).map(|_| states.next_cube()).collect();
        left -= batch.len() as u64;
        (!batch.is_empty()).then(|| {
            let scrambles = scrambles_of(solver, &batch, workers)?;
            Ok(batch.iter().zip(scrambles).map(|(cube, moves)| scramble_line(cube, &moves, facelets)).collect())
        })
    })
}

/// One line of `puzzle-tables scramble`.
fn scramble_line(cube: &Cube, moves: &[Move], facelets: bool) -> String {
    let moves = moves_text(moves);
    if facelets {
        format!("{} {moves}\n", cube.facelets().to_urfdlb())
    } else {
        format!("{moves}\n")
    }
}

/// The scrambles of `cubes`, in order, solved on `workers` threads.
pub fn scrambles_of(solver: &TwoPhaseSolver, cubes: &[Cube], workers: usize) -> Result<Vec<Vec<Move>>, ScrambleError> {
    let share = cubes.len().div_ceil(workers.max(1)).max(1);
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
pub fn scramble_of(solver: &TwoPhaseSolver, cube: &Cube) -> Result<Vec<Move>, ScrambleError> {
    let limit = Metric::Htm.gods_number();
    let solution = solver.solve(cube, Metric::Htm, limit).ok_or(ScrambleError::NoSolution(limit))?;
    let moves: Vec<Move> = solution.iter().rev().map(|step| step.inverse()).collect();
    if Cube::SOLVED.apply_moves(&moves) != *cube {
        return Err(ScrambleError::WrongSolution);
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
            let mut states = FairStates::new(seed);
            (0..50).map(|_| states.next_cube()).collect::<Vec<_>>()
        };
        assert_eq!(drawn(4), drawn(4));
        assert_ne!(drawn(4), drawn(5));
        assert!(drawn(4).iter().all(|cube| !near.contains(cube)));
        // A state counted as near solved is drawn again: the next state of the stream.
        let mut prng = Prng::new(4);
        assert_eq!(fair_state(&mut prng, &HashSet::from([drawn(4)[0]])), drawn(4)[1]);
    }
}
