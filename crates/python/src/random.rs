//! `random`: boards drawn by the query crate's drawers, the ones `puzzle-tables random`
//! draws through (the same seed gives the same boards), each as the text `random` prints
//! and as a row of the layout batches read (`batch.rs`).

use numpy::ndarray::Array2;
use numpy::{PyArray2, ToPyArray};
use pyo3::prelude::*;

use puzzle_tables_query::answer::Answerer;
use puzzle_tables_query::cubic::{Cell, Pattern};
use puzzle_tables_query::random::{
    draw_boards, needs_databases, CubicPatterns, DrawError, Drawer, EightBoards, FifteenBoards, MagicCubes,
    RotationBoards,
};
use puzzle_tables_query::{eight, fifteen, magic_cube, rotation, Puzzle};

use crate::errors;

/// A drawn board as a batch row.
trait Row {
    /// The row's numbers.
    fn row(&self) -> Vec<i64>;
}

/// The indices in `alphabet` of the letters of `text` (which are all in it).
fn letter_indices(text: &str, alphabet: &str) -> Vec<i64> {
    text.chars().filter_map(|letter| alphabet.find(letter)).map(|index| index as i64).collect()
}

impl Row for eight::Board {
    fn row(&self) -> Vec<i64> {
        self.cells().map(i64::from).to_vec()
    }
}

impl Row for fifteen::Board {
    fn row(&self) -> Vec<i64> {
        self.cells().map(i64::from).to_vec()
    }
}

impl Row for rotation::Board {
    fn row(&self) -> Vec<i64> {
        self.cells().map(i64::from).to_vec()
    }
}

impl Row for magic_cube::Cube {
    fn row(&self) -> Vec<i64> {
        letter_indices(&self.facelets().to_urfdlb(), "URFDLB")
    }
}

/// A cubic pattern's row is its top colours; the start cell is the batch's `start`.
impl Row for (Cell, Pattern) {
    fn row(&self) -> Vec<i64> {
        letter_indices(&self.1.to_rows(""), "EWRB")
    }
}

/// What a draw gives: each board's text and row.
type Drawn = (Vec<String>, Vec<Vec<i64>>);

/// `count` boards of `drawer` at `distance`, from the stream of `seed`.
fn drawn<D: Drawer>(drawer: &D, distance: Option<u32>, count: u64, seed: u64) -> Result<Drawn, DrawError>
where
    D::Board: Row,
{
    let boards = draw_boards(drawer, distance, count, seed)?;
    Ok((boards.iter().map(|board| drawer.board_text(board)).collect(), boards.iter().map(Row::row).collect()))
}

/// The exception for a draw's error: a refused request is `InvalidBoard`, the rest
/// `TableError`.
fn draw_error(error: DrawError) -> PyErr {
    match error {
        DrawError::Refused(why) => errors::invalid(why),
        other => errors::TableError::new_err(other.to_string()),
    }
}

/// What `random` asks for.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// Only boards exactly this far from the goal (any solvable board when `None`).
    pub distance: Option<u32>,
    /// How many distinct boards.
    pub count: u64,
    /// The stream's seed.
    pub seed: u64,
    /// Cubic: only patterns from this start cell.
    pub start: Option<Cell>,
}

/// Draws from the drawer of `puzzle` over the answerer's tables.
fn draw(answerer: &Answerer, puzzle: Puzzle, request: Request) -> PyResult<Drawn> {
    let Request { distance, count, seed, start } = request;
    let drawn = match puzzle {
        Puzzle::Eight => {
            drawn(&EightBoards::new(answerer.eight().map_err(errors::from_answer)?), distance, count, seed)
        }
        Puzzle::Cubic => {
            let distances = answerer.cubic().map_err(errors::from_answer)?.distances();
            drawn(&CubicPatterns::new(distances, start), distance, count, seed)
        }
        Puzzle::Rotation => {
            drawn(&RotationBoards::new(answerer.rotation().map_err(errors::from_answer)?), distance, count, seed)
        }
        Puzzle::MagicCube => {
            drawn(&MagicCubes::new(answerer.magic_cube().map_err(errors::from_answer)?), distance, count, seed)
        }
        Puzzle::Fifteen => {
            let databases = if needs_databases(distance) {
                let partition = answerer.fifteen_partition(None);
                Some(answerer.fifteen(partition).map_err(errors::from_answer)?)
            } else {
                None
            };
            drawn(&FifteenBoards::new(databases), distance, count, seed)
        }
        other => {
            return Err(errors::invalid(format!("random draws no {other} boards here (the cube's are fair_cubes)")))
        }
    };
    drawn.map_err(draw_error)
}

/// `count` boards of `puzzle` (see `Tables.random`): each one's text and the rows as an
/// array. Call with the GIL; it is released while drawing.
pub fn random<'py>(
    py: Python<'py>,
    answerer: &Answerer,
    puzzle: Puzzle,
    request: Request,
) -> PyResult<(Vec<String>, Bound<'py, PyArray2<i64>>)> {
    let (texts, rows) = py.detach(|| draw(answerer, puzzle, request))?;
    let columns = rows.first().map_or(0, Vec::len);
    let array = Array2::from_shape_vec((rows.len(), columns), rows.concat())
        .map_err(|error| errors::TableError::new_err(format!("drawn rows of unequal length: {error}")))?;
    Ok((texts, array.to_pyarray(py)))
}
