//! The fifteen puzzle's answer: the parity rule first (no table opened), then IDA* over
//! the pattern databases within the budget, and one bounded search per child; and the
//! databases' stats.

use std::fmt::Write;

use serde::Serialize;
use serde_json::json;

use super::stats::write_counts;
use super::{
    plural, steps_and_walk, walk, Answer, AnswerError, AnswerOptions, Answerer, Child, Details, InputError,
    PuzzleAnswer, RegisteredPuzzle, SearchHook, Stats,
};
use crate::fifteen::search::{solve_within, GaveUp, Outcome, SearchProgress};
use crate::fifteen::{move_letters, Board, Move, PatternDatabases};
use crate::random::{drawn, needs_databases, DrawRequest, DrawnBoards, FifteenBoards};
use crate::Puzzle;
use puzzle_tables_models::fifteen::MAX_DISTANCE;

/// A fifteen-puzzle board's answer.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FifteenAnswer {
    /// `"fifteen"`.
    pub puzzle: &'static str,
    /// The board: sixteen hexadecimal digits, 0 for the blank.
    pub board: String,
    /// Whether any sequence of moves solves it.
    pub solvable: bool,
    /// The fewest moves; `null` when unsolvable or not found within the limits.
    pub distance: Option<usize>,
    /// The first shortest sequence in dictionary order, the blank's moves `U D L R`.
    pub moves: Option<String>,
    /// The pattern databases searched (`6-6-3` or `7-8`).
    pub partition: &'static str,
    /// Nodes the search generated.
    pub nodes: u64,
    /// Beyond the move limit: every solution has more moves than this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more_than: Option<usize>,
    /// The search stopped at its node budget: the distance is at least this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<usize>,
    /// Whether the search stopped at its node budget before it could answer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub budget_exhausted: bool,
    /// The steps, children and walk, when asked for.
    #[serde(flatten)]
    pub details: Details,
}

/// What one search found, within what budget was left.
enum Found {
    Outcome(Outcome),
    GaveUp { at_least: usize },
}

/// What one answer's searches share: the budget left, the nodes used, whom to tell.
struct Searches<'a> {
    databases: &'a PatternDatabases,
    budget: u64,
    nodes: u64,
    hook: Option<&'a SearchHook>,
}

impl Searches<'_> {
    /// Searches `board` within `max_moves` and what is left of the budget.
    fn search(&mut self, board: &Board, max_moves: usize) -> Found {
        let mut bound = 0;
        let written = board.to_string();
        let mut progress = |now: SearchProgress| {
            bound = now.bound;
            if let Some(SearchHook(hook)) = self.hook {
                hook(&written, now);
            }
        };
        let (found, used) = match solve_within(self.databases, board, max_moves, self.budget, &mut progress) {
            Ok(search) => (Found::Outcome(search.outcome), search.nodes),
            Err(GaveUp { nodes, .. }) => (Found::GaveUp { at_least: bound }, nodes),
        };
        self.budget = self.budget.saturating_sub(used);
        self.nodes += used;
        found
    }
}

/// The fifteen puzzle's entry in the registry.
pub(super) const REGISTERED: RegisteredPuzzle = RegisteredPuzzle {
    searches: true,
    ..RegisteredPuzzle::lookup(
        Puzzle::Fifteen,
        |answerer, text, options| answer(answerer, text, options).map(Answer::Fifteen),
        draw,
        stats,
    )
};

/// Per database of the partition in use: its tiles, placements and placements per value.
fn stats(answerer: &Answerer) -> Result<Stats, AnswerError> {
    let databases = answerer.fifteen(answerer.fifteen_partition(None))?;
    let reports: Vec<serde_json::Value> = databases
        .databases()
        .iter()
        .map(|db| {
            let counts = &db.table().metadata().depth_counts;
            json!({
                "tiles": db.tiles(),
                "placements": counts.iter().sum::<u64>(),
                "max_value": counts.len().saturating_sub(1),
                "bytes": db.table().file_len(),
                "placements_per_value": counts,
            })
        })
        .collect();
    let partition = databases.partition().label();
    let json = json!({ "puzzle": "fifteen", "partition": partition, "databases": reports });
    Ok(Stats::new(json, |out| {
        writeln!(
            out,
            "fifteen puzzle: 16!/2 boards, answered by IDA* over the {partition} pattern databases ({} bytes)",
            databases.file_bytes()
        )?;
        for (db, report) in databases.databases().iter().zip(&reports) {
            let tiles: Vec<String> = db.tiles().iter().map(u8::to_string).collect();
            let (placements, max_value) = (&report["placements"], &report["max_value"]);
            writeln!(out, "\ntiles {}: {placements} placements, values up to {max_value}", tiles.join(" "))?;
            write_counts(out, "value", "placements", &db.table().metadata().depth_counts)?;
        }
        Ok(())
    }))
}

/// Random boards; the pattern databases are opened only for the deep layers that need them.
fn draw(answerer: &Answerer, request: &DrawRequest) -> Result<DrawnBoards, AnswerError> {
    let databases = if needs_databases(request.distance) {
        Some(answerer.fifteen(answerer.fifteen_partition(None))?)
    } else {
        None
    };
    Ok(drawn(&FifteenBoards::new(databases), request)?)
}

impl PuzzleAnswer for FifteenAnswer {
    /// The moves, `more than N moves` beyond the limit, or `unsolvable`.
    fn line(&self) -> String {
        match (&self.moves, self.more_than) {
            (Some(moves), _) => moves.clone(),
            (None, Some(limit)) => format!("more than {}", plural(limit, "move")),
            (None, None) => "unsolvable".to_string(),
        }
    }

    fn details(&self) -> &Details {
        &self.details
    }
}

/// The answer for `text`.
pub(super) fn answer(answerer: &Answerer, text: &str, options: &AnswerOptions) -> Result<FifteenAnswer, AnswerError> {
    let board: Board = text.parse().map_err(|why| InputError::new("not a fifteen-puzzle board", why))?;
    let partition = answerer.fifteen_partition(options.partition);
    let mut answer = FifteenAnswer {
        puzzle: "fifteen",
        board: board.to_string(),
        solvable: board.is_solvable(),
        distance: None,
        moves: None,
        partition: partition.label(),
        nodes: 0,
        more_than: None,
        at_least: None,
        budget_exhausted: false,
        details: Details::default(),
    };
    if !answer.solvable {
        // The parity rule answers before any database is opened.
        if options.children {
            let children =
                legal_moves(&board).map(|(m, next)| Child::unsolvable(m.letter().to_string(), next.to_string()));
            answer.details.children = Some(children.collect());
        }
        return Ok(answer);
    }
    let mut searches = Searches {
        databases: answerer.fifteen(partition)?,
        budget: options.max_nodes.unwrap_or(u64::MAX),
        nodes: 0,
        hook: options.progress.as_ref(),
    };
    let found = searches.search(&board, options.max_moves.unwrap_or(MAX_DISTANCE));
    answer.nodes = searches.nodes;
    let moves = match found {
        Found::Outcome(Outcome::Solved(moves)) => moves,
        Found::Outcome(Outcome::BeyondLimit(limit)) => {
            answer.more_than = Some(limit);
            answer.details.children = options.children.then(|| bounded_children(&board, limit as u32));
            return Ok(answer);
        }
        Found::GaveUp { at_least } => {
            (answer.at_least, answer.budget_exhausted) = (Some(at_least), true);
            answer.details.children =
                options.children.then(|| bounded_children(&board, (at_least as u32).saturating_sub(1)));
            return Ok(answer);
        }
        Found::Outcome(Outcome::Unsolvable) => unreachable!("the parity rule found the board solvable"),
    };
    (answer.distance, answer.moves) = (Some(moves.len()), Some(move_letters(&moves)));
    if options.steps {
        let after = walk(board, &moves, |b, m| b.apply(m).expect("the search's moves are legal"));
        steps_and_walk(
            &mut answer.details,
            &board,
            moves.iter().map(|m| m.letter().to_string()).zip(after),
            options.walk,
        );
    }
    if options.children {
        answer.details.children = Some(children(&mut searches, &board, &moves));
        answer.nodes = searches.nodes;
    }
    Ok(answer)
}

/// Each legal move from a board whose distance is only bounded below: one move changes the
/// distance by one, so each child is at least `at_least`.
fn bounded_children(board: &Board, at_least: u32) -> Vec<Child> {
    legal_moves(board)
        .map(|(step, next)| Child {
            step: step.letter().to_string(),
            board: next.to_string(),
            distance: None,
            at_least: Some(at_least),
            at_most: None,
            optimal: false,
        })
        .collect()
}

/// The legal moves from `board` in dictionary order, and the boards after them.
fn legal_moves(board: &Board) -> impl Iterator<Item = (Move, Board)> + '_ {
    Move::ALL.into_iter().filter_map(move |m| Some((m, board.apply(m)?)))
}

/// Each legal move from a board at distance `moves.len()`: the first of `moves` is one
/// nearer; any other is one nearer if a search of one move less finds a solution, else one
/// farther (every move changes the distance by exactly one). Past the budget, the bounds.
fn children(searches: &mut Searches, board: &Board, moves: &[Move]) -> Vec<Child> {
    let distance = moves.len() as u32;
    legal_moves(board)
        .map(|(step, next)| {
            let (name, written) = (step.letter().to_string(), next.to_string());
            if moves.first() == Some(&step) {
                return Child::exact(name, written, distance - 1, Some(distance));
            }
            let nearer = distance.saturating_sub(1) as usize;
            match searches.search(&next, nearer) {
                Found::Outcome(Outcome::Solved(found)) => {
                    Child::exact(name, written, found.len() as u32, Some(distance))
                }
                Found::Outcome(_) => Child::exact(name, written, distance + 1, Some(distance)),
                Found::GaveUp { .. } => Child {
                    step: name,
                    board: written,
                    distance: None,
                    at_least: Some(distance.saturating_sub(1)),
                    at_most: Some(distance + 1),
                    optimal: false,
                },
            }
        })
        .collect()
}
