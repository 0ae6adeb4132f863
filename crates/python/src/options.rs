//! What Python passes as keywords, read into the answer path's [`AnswerOptions`], with the
//! command line's words when a value is refused.

use pyo3::PyResult;

use puzzle_tables_query::answer::{registered_label, time_limit, AnswerOptions, CubeInput, RegisteredPuzzle, PUZZLES};
use puzzle_tables_query::cube::Metric;
use puzzle_tables_query::cubic::Cell;
use puzzle_tables_query::Puzzle;

use crate::errors::invalid;

/// The keywords every answer takes; each puzzle reads its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct Keywords<'a> {
    /// Add the puzzle after every move.
    pub steps: bool,
    /// Add every legal move and where it leads.
    pub children: bool,
    /// Cubic: the start cell `(x, y)`, 1 to 3 each.
    pub start: Option<(u32, u32)>,
    /// The cube: the board is a scramble, not a facelet string.
    pub scramble: bool,
    /// The cube: `htm` or `qtm`.
    pub metric: &'a str,
    /// The cube: the longest solution wanted.
    pub max: Option<u32>,
    /// The fifteen puzzle: give up beyond this many moves.
    pub max_moves: Option<usize>,
    /// The cube: a proven-optimal solution.
    pub optimal: bool,
    /// The cube, with `optimal`: give up after this many seconds.
    pub max_seconds: Option<f64>,
}

/// The registry's entry of the puzzle `label` names (`eight`, `cubic`, `rotation`,
/// `magic-cube`, `cube`, `fifteen`).
pub fn registered_puzzle(label: &str) -> PyResult<&'static RegisteredPuzzle> {
    registered_label(label).ok_or_else(|| {
        let labels: Vec<&str> = PUZZLES.iter().map(|entry| entry.puzzle.label()).collect();
        invalid(format!("unknown puzzle {label:?}: expected one of {}", labels.join(", ")))
    })
}

/// The puzzle `label` names (see [`registered_puzzle`]).
pub fn puzzle(label: &str) -> PyResult<Puzzle> {
    Ok(registered_puzzle(label)?.puzzle)
}

/// The cubic start cell `(x, y)`, 1 to 3 each.
pub fn cell((x, y): (u32, u32)) -> PyResult<Cell> {
    Cell::from_xy(x, y).ok_or_else(|| invalid(format!("expected X,Y with X and Y from 1 to 3, found {x},{y}")))
}

/// The answer path's options for `keywords`.
pub fn answer_options(keywords: &Keywords<'_>) -> PyResult<AnswerOptions> {
    let metric = Metric::ALL
        .into_iter()
        .find(|metric| metric.label() == keywords.metric)
        .ok_or_else(|| invalid(format!("unknown metric {:?}: expected htm or qtm", keywords.metric)))?;
    let start = keywords.start.map(cell);
    if keywords.max_seconds.is_some() && !keywords.optimal {
        return Err(invalid("max_seconds goes with optimal=True"));
    }
    let max_time = keywords.max_seconds.map(|seconds| time_limit(&seconds.to_string()).map_err(invalid));
    Ok(AnswerOptions {
        steps: keywords.steps,
        children: keywords.children,
        start: start.transpose()?,
        cube_input: if keywords.scramble { CubeInput::Scramble } else { CubeInput::Facelets },
        metric,
        max: keywords.max,
        max_moves: keywords.max_moves,
        optimal: keywords.optimal,
        max_time: max_time.transpose()?,
        ..AnswerOptions::default()
    })
}
