//! The eight puzzle's answer: one walk down the parent-move table, and one per child.

use serde::Serialize;

use super::{steps_and_walk, walk, AnswerError, AnswerOptions, Answerer, Child, InputError, Step, Walk};
use crate::eight::{move_letters, Board, Move};

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
    /// The board after every move, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<Step>>,
    /// Every legal move and where it leads, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<Child>>,
    /// The walk drawn, with `steps` and `walk`.
    #[serde(skip)]
    pub walk: Option<Walk>,
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
        steps: None,
        children: None,
        walk: None,
    };
    if let (Some(moves), true) = (&moves, options.steps) {
        let after = walk(board, moves, |b, m| b.apply(m).expect("the table's moves are legal"));
        let (steps, drawn) =
            steps_and_walk(&board, moves.iter().map(|m| m.letter().to_string()).zip(after), options.walk);
        (answer.steps, answer.walk) = (Some(steps), drawn);
    }
    if options.children {
        let parent = distance.map(|d| d as u32);
        let mut children = Vec::new();
        for (step, next) in Move::ALL.into_iter().filter_map(|m| Some((m, board.apply(m)?))) {
            let (name, written) = (step.letter().to_string(), next.to_string());
            children.push(match table.optimal_moves(&next)? {
                Some(moves) => Child::exact(name, written, moves.len() as u32, parent),
                None => Child::unsolvable(name, written),
            });
        }
        answer.children = Some(children);
    }
    Ok(answer)
}
