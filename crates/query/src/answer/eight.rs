//! The eight puzzle's answer: one walk down the parent-move table, and one distance a child; and
//! the table's stats.

use serde::Serialize;
use serde_json::json;

use super::{
    plural, steps_and_walk, walk, Answer, AnswerError, AnswerOptions, Answerer, Child, DepthReport, Details,
    InputError, PuzzleAnswer, RegisteredPuzzle, Stats,
};
use crate::eight::{move_letters, Board, Move};
use crate::random::{drawn, DrawRequest, EightBoards};
use crate::Puzzle;

/// An eight-puzzle board's answer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EightAnswer {
    /// `"eight"`.
    pub puzzle: &'static str,
    /// The board, its nine cells with 0 for the blank: `234150768`.
    pub board: String,
    /// Whether any sequence of moves solves it.
    pub solvable: bool,
    /// The fewest moves; `null` when unsolvable.
    pub distance: Option<usize>,
    /// A shortest sequence, the blank's moves `u d l r`; `null` when unsolvable.
    pub moves: Option<String>,
    /// The steps, children and walk, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

/// The eight puzzle's entry in the registry.
pub(super) const REGISTERED: RegisteredPuzzle = RegisteredPuzzle::lookup(
    Puzzle::Eight,
    |answerer, text, options| answer(answerer, text, options).map(Answer::Eight),
    |answerer, request: &DrawRequest| Ok(drawn(&EightBoards::new(answerer.eight()?), request)?),
    stats,
);

impl PuzzleAnswer for EightAnswer {
    /// The moves, or `unsolvable`.
    fn line(&self) -> String {
        self.moves.clone().unwrap_or_else(|| "unsolvable".to_string())
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// The answer for `text`.
pub(super) fn answer(answerer: &Answerer, text: &str, options: &AnswerOptions) -> Result<EightAnswer, AnswerError> {
    let board: Board = text.parse().map_err(|why| InputError::new("not an eight-puzzle board", why))?;
    let table = answerer.eight()?;
    let moves = table.optimal_moves(&board)?;
    let distance = moves.as_ref().map(Vec::len);
    let mut answer = EightAnswer {
        puzzle: "eight",
        board: board.to_string(),
        solvable: moves.is_some(),
        distance,
        moves: moves.as_deref().map(move_letters),
        details: Details::default(),
    };
    if let (Some(moves), true) = (&moves, options.steps) {
        let after = walk(board, moves, |b, m| b.apply(m).expect("the table's moves are legal"));
        steps_and_walk(
            &mut answer.details,
            &board,
            moves.iter().map(|m| m.letter().to_string()).zip(after),
            options.walk,
        );
    }
    if options.children {
        let parent = distance.map(|d| d as u32);
        let mut children = Vec::new();
        for (step, next) in Move::ALL.into_iter().filter_map(|m| Some((m, board.apply(m)?))) {
            let (name, written) = (step.letter().to_string(), next.to_string());
            children.push(match table.distance(&next)? {
                Some(distance) => Child::exact(name, written, u32::from(distance), parent),
                None => Child::unsolvable(name, written),
            });
        }
        answer.details.children = Some(children);
    }
    Ok(answer)
}

/// Boards, the farthest distance and boards per distance, from the table's metadata.
fn stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let metadata = answerer.eight()?.table().metadata();
    let mut report = DepthReport::new("eight", "boards", metadata);
    let (boards, max) = (report.total(), report.max_distance());
    report.headline = vec![
        format!("eight puzzle: {boards} solvable boards (and as many unsolvable ones)"),
        format!("farthest from the goal: {}", plural(max, "move")),
    ];
    report.extra = json!({ "unsolvable_boards": boards });
    Ok(report.stats())
}
