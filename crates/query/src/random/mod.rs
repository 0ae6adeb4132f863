//! Boards drawn uniformly at random, without replacement, from all boards whose answer is
//! exactly D moves (or from all solvable boards), with the seeded [`Prng`]: the one copy
//! that `puzzle-tables random`, the server's `random` and the Python package draw through,
//! so the same seed gives the same boards from each.
//!
//! Each puzzle's [`Drawer`] (one module here) describes its boards as a [`Population`]: a
//! list it can unrank by index (its size counted from the tables), drawn from by a partial
//! Fisher-Yates shuffle over the indices; or, where no such list is at hand, a source of
//! tries that each give a uniform board or nothing (rejection sampling), with repeats
//! dropped. A drawer borrows the readers it needs, opened by its caller.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
//! use puzzle_tables_query::random::{draw_boards, EightBoards};
//! use puzzle_tables_query::Tables;
//!
//! let table = Tables::open(dir.path())?.eight()?;
//! let boards = draw_boards(&EightBoards::new(&table), Some(31), 2, 9)?;
//! assert_eq!(boards.len(), 2);
//! assert!(boards.iter().all(|board| table.optimal_moves(board).unwrap().unwrap().len() == 31));
//! // Only two boards lie 31 moves from the goal.
//! let error = draw_boards(&EightBoards::new(&table), Some(31), 3, 9).unwrap_err();
//! assert_eq!(error.to_string(), "asked for 3 boards, but there are only 2 eight boards at distance 31");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cubic;
mod eight;
mod fifteen;
mod magic_cube;
mod rotation;

pub use cubic::CubicPatterns;
pub use eight::EightBoards;
pub use fifteen::{needs_databases, FifteenBoards, MAX_LISTED_DISTANCE, MAX_SAMPLED_DISTANCE, MIN_SAMPLED_DISTANCE};
pub use magic_cube::MagicCubes;
pub use rotation::RotationBoards;

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::io::{self, Write};

use crate::cubic::Cell;
use crate::prng::Prng;
use crate::table::TableError;
use crate::Puzzle;

/// Why no boards were drawn.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DrawError {
    /// What was asked for cannot be drawn: no board lies at that distance, or fewer boards
    /// than asked for; the message says which, and how many there are.
    #[error("{0}")]
    Refused(String),
    /// A table could not be read, or contradicts itself or the puzzle's model.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The tables and the model disagree about a board drawn.
    #[error("{0}")]
    Inconsistent(String),
}

/// A [`DrawError::Refused`] saying `why`.
fn refused(why: impl Into<String>) -> DrawError {
    DrawError::Refused(why.into())
}

/// A [`DrawError::Inconsistent`] saying `why`.
fn inconsistent(why: impl std::fmt::Display) -> DrawError {
    DrawError::Inconsistent(why.to_string())
}

/// One try of a [`Population::Sampled`]: a uniform board of the population, or `None`.
pub type Try<'a, B> = Box<dyn Fn(&mut Prng) -> Result<Option<B>, DrawError> + 'a>;

/// The board of an index of a [`Population::Listed`].
pub type Unrank<'a, B> = Box<dyn Fn(u64) -> Result<B, DrawError> + 'a>;

/// The boards a draw picks from.
pub enum Population<'a, B> {
    /// `size` boards; `unrank(i)` is the board of index `i` in `0..size`.
    Listed {
        /// How many boards there are.
        size: u64,
        /// The board of an index.
        unrank: Unrank<'a, B>,
    },
    /// Boards of unknown number, drawn by `draw`, which returns a board uniform over the
    /// population, or `None` for a rejected try.
    Sampled {
        /// One try.
        draw: Try<'a, B>,
        /// How many tries before giving up.
        attempts: u64,
    },
}

/// One puzzle's boards: what to draw from, and how the judge's input writes them.
pub trait Drawer {
    /// A board of the judge's input.
    type Board: Clone + Eq + Hash;

    /// The puzzle whose boards it draws; its label begins the errors' names of boards.
    const PUZZLE: Puzzle;

    /// Every solvable board, described for an error message (`solvable boards`).
    fn every_board(&self) -> (String, Population<'_, Self::Board>);

    /// The boards whose answer is exactly `distance`, described for an error message
    /// (`boards at distance 31`), or why there are none.
    fn at_distance(&self, distance: u32) -> Result<(String, Population<'_, Self::Board>), DrawError>;

    /// The boards whose answer is exactly `distance`, every solvable board when `None`.
    fn population(&self, distance: Option<u32>) -> Result<(String, Population<'_, Self::Board>), DrawError> {
        match distance {
            Some(distance) => self.at_distance(distance),
            None => Ok(self.every_board()),
        }
    }

    /// Writes `boards` in the judge's input format; `judge_input` adds the header or
    /// terminator the judge needs.
    fn write_boards(&self, out: &mut dyn Write, boards: &[Self::Board], judge_input: bool) -> io::Result<()>;

    /// One board as a batch row (the Python package's arrays): its numbers, or the indices
    /// of its letters in the puzzle's row letters
    /// ([`RegisteredPuzzle::row_letters`](crate::answer::RegisteredPuzzle::row_letters)).
    fn row(&self, board: &Self::Board) -> Vec<i64>;

    /// One board as `puzzle-tables random` prints it, without the line break after it.
    fn board_text(&self, board: &Self::Board) -> String {
        let mut text = Vec::new();
        self.write_boards(&mut text, std::slice::from_ref(board), false).expect("a Vec takes every write");
        String::from_utf8_lossy(&text).trim_end().to_string()
    }
}

/// What a front end asks `random` for.
#[derive(Clone, Debug)]
pub struct DrawRequest {
    /// Only boards whose answer is exactly this many moves (any solvable board when `None`).
    pub distance: Option<u32>,
    /// How many distinct boards.
    pub count: u64,
    /// The seed of the stream they are drawn from.
    pub seed: u64,
    /// The cubic puzzle's start cell, whose patterns are drawn (every start cell when `None`).
    pub start: Option<Cell>,
    /// Whether the text adds what the judge's input needs around the boards.
    pub judge_input: bool,
}

/// Boards drawn, as each front end takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnBoards {
    /// As `puzzle-tables random` prints them (the judge's additions when asked for).
    pub text: String,
    /// Each board's own text ([`Drawer::board_text`]).
    pub boards: Vec<String>,
    /// Each board as a batch row ([`Drawer::row`]).
    pub rows: Vec<Vec<i64>>,
}

/// `request`'s boards drawn with `drawer`.
pub fn drawn<D: Drawer>(drawer: &D, request: &DrawRequest) -> Result<DrawnBoards, DrawError> {
    let boards = draw_boards(drawer, request.distance, request.count, request.seed)?;
    let mut text = Vec::new();
    drawer.write_boards(&mut text, &boards, request.judge_input).expect("a Vec takes every write");
    Ok(DrawnBoards {
        text: String::from_utf8_lossy(&text).into_owned(),
        boards: boards.iter().map(|board| drawer.board_text(board)).collect(),
        rows: boards.iter().map(|board| drawer.row(board)).collect(),
    })
}

/// The indices in `alphabet` of the letters of `text` (which are all in it).
fn letter_indices(text: &str, alphabet: &str) -> Vec<i64> {
    text.chars().filter_map(|letter| alphabet.find(letter)).map(|index| index as i64).collect()
}

/// A seed from the clock, for a drawing asked for without one.
pub fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_secs() ^ u64::from(now.subsec_nanos()) << 32
}

/// `count` distinct boards of `drawer` at `distance` (any solvable board when `None`),
/// from the stream of `seed`: what `puzzle-tables random --seed SEED` prints.
pub fn draw_boards<D: Drawer>(
    drawer: &D,
    distance: Option<u32>,
    count: u64,
    seed: u64,
) -> Result<Vec<D::Board>, DrawError> {
    let (name, population) = drawer.population(distance)?;
    draw(population, count, &mut Prng::new(seed), &format!("{} {name}", D::PUZZLE.label()))
}

/// `count` distinct boards of `population` (called `name` in errors), in the order drawn.
pub fn draw<B: Clone + Eq + Hash>(
    population: Population<'_, B>,
    count: u64,
    prng: &mut Prng,
    name: &str,
) -> Result<Vec<B>, DrawError> {
    match population {
        Population::Listed { size, unrank } => {
            if count > size {
                return Err(refused(format!("asked for {count} boards, but there are only {size} {name}")));
            }
            distinct_indices(size, count, prng).into_iter().map(unrank).collect()
        }
        Population::Sampled { draw, attempts } => {
            let mut seen = HashSet::new();
            let mut boards = Vec::new();
            for _ in 0..attempts {
                if boards.len() as u64 == count {
                    break;
                }
                if let Some(board) = draw(prng)? {
                    if seen.insert(board.clone()) {
                        boards.push(board);
                    }
                }
            }
            if (boards.len() as u64) < count {
                let found = boards.len();
                return Err(refused(format!(
                    "asked for {count} boards, but {attempts} random draws found only {found} distinct {name}"
                )));
            }
            Ok(boards)
        }
    }
}

/// `count` distinct indices uniform in `0..size`, in a uniformly random order: the first
/// `count` steps of a Fisher-Yates shuffle of `0..size`, with only the moved slots stored.
fn distinct_indices(size: u64, count: u64, prng: &mut Prng) -> Vec<u64> {
    let mut moved: HashMap<u64, u64> = HashMap::new();
    // Capped: a huge count fails later, when drawing, not here for want of memory.
    let mut picked = Vec::with_capacity(usize::try_from(count.min(1 << 16)).unwrap_or(0));
    for i in 0..count {
        let j = i + prng.below(size - i);
        let at_j = moved.get(&j).copied().unwrap_or(j);
        let at_i = moved.get(&i).copied().unwrap_or(i);
        moved.insert(j, at_i);
        picked.push(at_j);
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_distinct_and_cover_a_small_population() {
        let mut prng = Prng::new(5);
        let mut all = distinct_indices(50, 50, &mut prng);
        all.sort_unstable();
        assert_eq!(all, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn asking_for_more_than_a_population_holds_names_its_size() {
        let population = Population::Listed { size: 2, unrank: Box::new(Ok) };
        let error = draw(population, 3, &mut Prng::new(1), "boards at distance 31").unwrap_err();
        assert_eq!(error.to_string(), "asked for 3 boards, but there are only 2 boards at distance 31");
    }
}
