//! `random`: boards drawn through the query crate's registry, as `puzzle-tables random` and
//! the server draw them (the same seed gives the same boards), each as the text `random`
//! prints and as a row of the layout batches read (`batch.rs`).

use numpy::ndarray::Array2;
use numpy::{PyArray2, ToPyArray};
use pyo3::prelude::*;

use puzzle_tables_query::answer::{registered, AnswerError, Answerer};
use puzzle_tables_query::random::{DrawError, DrawRequest, DrawnBoards};
use puzzle_tables_query::Puzzle;

use crate::errors;

/// The exception for a draw's error: a refused request is `InvalidBoard`, the rest as
/// every answer's.
fn draw_error(error: AnswerError) -> PyErr {
    match error {
        AnswerError::Draw(DrawError::Refused(why)) => errors::invalid(why),
        other => errors::from_answer(other),
    }
}

/// Draws `request`'s boards of `puzzle` over the answerer's tables; a start cell is for the
/// puzzles whose cases have one, and left out for the others.
fn draw(answerer: &Answerer, puzzle: Puzzle, request: DrawRequest) -> PyResult<DrawnBoards> {
    let entry = registered(puzzle).ok_or_else(|| errors::invalid(format!("random draws no {puzzle} boards here")))?;
    let request = DrawRequest { start: request.start.filter(|_| entry.needs_start), ..request };
    entry.draw(answerer, &request).map_err(draw_error)
}

/// `count` boards of `puzzle` (see `Tables.random`): each one's text and the rows as an
/// array. Call with the GIL; it is released while drawing.
pub fn random<'py>(
    py: Python<'py>,
    answerer: &Answerer,
    puzzle: Puzzle,
    request: DrawRequest,
) -> PyResult<(Vec<String>, Bound<'py, PyArray2<i64>>)> {
    let DrawnBoards { boards, rows, .. } = py.detach(|| draw(answerer, puzzle, request))?;
    let columns = rows.first().map_or(0, Vec::len);
    let array = Array2::from_shape_vec((rows.len(), columns), rows.concat())
        .map_err(|error| errors::TableError::new_err(format!("drawn rows of unequal length: {error}")))?;
    Ok((boards, array.to_pyarray(py)))
}
