//! Batches: one board a row of a NumPy array of integers, answered on every core (rayon)
//! through the same answer path as one board, so a batch equals one-at-a-time answers.
//!
//! A row is written as the puzzle's `solve` reads it: the eight and fifteen puzzles' tiles
//! (0 for the blank) and the rotation game's symbols (1 to 3) as numbers; a cubic pattern's
//! top colours as `E W R B` from 0 to 3; a cube's 54 stickers (faces U R F D L B) as
//! `U R F D L B` from 0 to 5. A number with no letter is written as itself, so the parser
//! refuses it with the command line's words; so is a row of the wrong length (the package
//! checks the array's shape and dtype first).

use std::sync::atomic::Ordering::Relaxed;

use numpy::ndarray::{ArrayView1, ArrayView2};
use pyo3::PyResult;
use rayon::prelude::*;

use puzzle_tables_query::answer::{Answer, AnswerError, AnswerOptions, Answerer, RegisteredPuzzle};
use puzzle_tables_query::eight::{Board, BoardError};
use puzzle_tables_query::Puzzle;

use crate::errors;

/// A row written as the puzzle's `solve` reads it: by its registry entry's letters, each
/// number its letter and no spaces, or its numbers with spaces between.
fn row_text(puzzle: &RegisteredPuzzle, row: ArrayView1<'_, i64>) -> String {
    let letter = |value: i64| {
        let letters = puzzle.row_letters?;
        usize::try_from(value).ok().and_then(|index| letters.get(index)).map(|&byte| char::from(byte))
    };
    let words: Vec<String> = row.iter().map(|&value| letter(value).map_or(value.to_string(), String::from)).collect();
    if puzzle.row_letters.is_some() {
        words.concat()
    } else {
        words.join(" ")
    }
}

/// An eight-puzzle row as a board, with no text between (the fast path of the eight
/// puzzle's batches): `None` when a number is not a byte, `Some(Err)` when the cells are no
/// board; either row is then answered from its text, for the command line's words.
fn eight_board(row: ArrayView1<'_, i64>) -> Option<Result<Board, BoardError>> {
    let mut cells = [0u8; 9];
    for (cell, &value) in cells.iter_mut().zip(row.iter()) {
        *cell = u8::try_from(value).ok()?;
    }
    Some(Board::from_cells(cells))
}

/// A board's distance from the answerer's eight-puzzle table (one lookup: the length of
/// the walk its answer takes).
fn eight_distance(answerer: &Answerer, board: &Board) -> Result<i64, AnswerError> {
    Ok(answerer.eight()?.distance(board)?.map_or(-1, i64::from))
}

/// The number a batch gives for `answer`: the distance, or for the cube the solution's
/// length in the metric; -1 when there is none.
fn number(answer: &Answer) -> i64 {
    let known = match answer {
        Answer::Cube(cube) => Some(cube.length),
        other => other.distance(),
    };
    known.map_or(-1, i64::from)
}

/// The number of every row of `rows` (see [`number`]), in order; the first refused row is
/// an `InvalidBoard` naming its index. Call without the GIL. Optimal cube searches (each
/// on every core already) run one row after another, none once `options.stop` is set.
pub fn distances(
    answerer: &Answerer,
    puzzle: &RegisteredPuzzle,
    rows: ArrayView2<'_, i64>,
    options: &AnswerOptions,
) -> PyResult<Vec<i64>> {
    let answer_row = |index: usize| {
        let row = rows.row(index);
        if let (Puzzle::Eight, Some(Ok(board))) = (puzzle.puzzle, eight_board(row)) {
            return eight_distance(answerer, &board);
        }
        (puzzle.answer)(answerer, &row_text(puzzle, row), options).map(|answer| number(&answer))
    };
    let answered: Vec<Result<i64, AnswerError>> = if options.optimal {
        let stopped = || options.stop.as_ref().is_some_and(|stop| stop.load(Relaxed));
        (0..rows.nrows()).take_while(|_| !stopped()).map(answer_row).collect()
    } else {
        (0..rows.nrows()).into_par_iter().map(answer_row).collect()
    };
    answered
        .into_iter()
        .enumerate()
        .map(|(index, answer)| {
            answer.map_err(|error| match error {
                AnswerError::Input(input) => errors::invalid(format!("row {index}: {input}")),
                other => errors::from_answer(other),
            })
        })
        .collect()
}
