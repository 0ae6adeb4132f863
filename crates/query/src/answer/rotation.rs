//! The rotation game's answer: the three symbols' distances, the table's walk, and each
//! child's distances; and the table's stats.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{
    plural, steps_and_walk, walk, Answer, AnswerError, AnswerOptions, Answerer, Child, DepthReport, Details,
    InputError, PuzzleAnswer, RegisteredPuzzle, Stats,
};
use crate::random::{drawn, DrawRequest, RotationBoards};
use crate::rotation::{move_letters, Board, Move, RotationTable};
use crate::Puzzle;
use puzzle_tables_models::rotation::{NO_MOVES_NEEDED, SYMBOLS};

/// A rotation-game board's answer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RotationAnswer {
    /// `"rotation"`.
    pub puzzle: &'static str,
    /// The board, its 24 symbols in order.
    pub board: String,
    /// The fewest moves that fill the centre with one symbol.
    pub distance: usize,
    /// The shortest sequence smallest in dictionary order, moves `A` to `H`.
    pub moves: String,
    /// The symbol in the centre at the end.
    pub centre: u8,
    /// For each symbol, the fewest moves that bring it to the centre.
    pub symbol_distances: BTreeMap<String, u8>,
    /// The steps, children and walk, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

/// The rotation game's entry in the registry.
pub(super) const REGISTERED: RegisteredPuzzle = RegisteredPuzzle::lookup(
    Puzzle::Rotation,
    |answerer, text, options| answer(answerer, text, options).map(Answer::Rotation),
    |answerer, request: &DrawRequest| Ok(drawn(&RotationBoards::new(answerer.rotation()?), request)?),
    stats,
);

impl PuzzleAnswer for RotationAnswer {
    /// The judge's two lines on one: the moves (or `No moves needed`) and the centre.
    fn line(&self) -> String {
        let moves = if self.moves.is_empty() { NO_MOVES_NEEDED } else { &self.moves };
        format!("{moves} {}", self.centre)
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// The answer for `text`.
pub(super) fn answer(answerer: &Answerer, text: &str, options: &AnswerOptions) -> Result<RotationAnswer, AnswerError> {
    let board: Board = text.parse().map_err(|why| InputError::new("not a rotation-game board", why))?;
    let table = answerer.rotation()?;
    let solution = table.solve(&board)?;
    let symbol_distances = table.symbol_distances(&board)?;
    let distance = solution.moves.len();
    let mut answer = RotationAnswer {
        puzzle: "rotation",
        board: board.to_string(),
        distance,
        moves: move_letters(&solution.moves),
        centre: solution.centre,
        symbol_distances: SYMBOLS.iter().zip(symbol_distances).map(|(s, d)| (s.to_string(), d)).collect(),
        details: Details::default(),
    };
    if options.steps {
        let after = walk(board, &solution.moves, |b, m| b.apply(m));
        let names = solution.moves.iter().map(|m| m.letter().to_string());
        steps_and_walk(&mut answer.details, &board, names.zip(after), options.walk);
    }
    if options.children {
        answer.details.children = Some(children(table, &board, distance as u32)?);
    }
    Ok(answer)
}

/// Each of the eight moves, with the distance after it: the least of its symbols'.
fn children(table: &RotationTable, board: &Board, parent: u32) -> Result<Vec<Child>, AnswerError> {
    let mut children = Vec::with_capacity(Move::ALL.len());
    for step in Move::ALL {
        let next = board.apply(step);
        let distance = table.symbol_distances(&next)?.into_iter().min().unwrap_or(0);
        children.push(Child::exact(step.letter().to_string(), next.to_string(), u32::from(distance), Some(parent)));
    }
    Ok(children)
}

/// Placements, the farthest distance and placements per distance, from the table's metadata.
fn stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let metadata = answerer.rotation()?.table().metadata();
    let mut report = DepthReport::new("rotation", "placements", metadata);
    let (placements, max) = (report.total(), report.max_distance());
    report.headline = vec![
        format!("rotation game: {placements} placements of one symbol's eight blocks"),
        format!("farthest placement from the centre: {}", plural(max, "move")),
    ];
    Ok(report.stats())
}
