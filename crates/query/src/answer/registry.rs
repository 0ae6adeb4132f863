//! The registry of puzzles: [`PUZZLES`](super::PUZZLES), one entry a puzzle, which every front end (the
//! command line, the server, the Python package) iterates, and [`PuzzleAnswer`], what each
//! front end needs of an answer beyond its JSON.
//!
//! An entry holds what a front end would otherwise decide by matching on the puzzle: how to
//! answer a case, how to draw random cases, what its tables hold (`stats`), whether
//! answering is a search, how its cases are written. Each puzzle's
//! entry is defined in its own answer file, so adding a puzzle is its files and one line
//! of [`PUZZLES`](super::PUZZLES) (in the folder's `mod.rs`, which declares the puzzles' files:
//! listed here, the entries would make an import loop with them).

use serde::Serialize;

use super::{Answer, AnswerError, AnswerOptions, Answerer, Details, Stats};
use crate::random::{DrawError, DrawRequest, DrawnBoards};
use crate::Puzzle;

/// What every front end needs of a puzzle's answer: its JSON (serde), its one line of text
/// and what it adds on request.
pub trait PuzzleAnswer: Serialize {
    /// The answer on one line, as `puzzle-tables solve PUZZLE -` prints it.
    fn line(&self) -> String;
    /// The steps, children and walk asked for.
    fn details(&self) -> &Details;
}

/// Answers a case, written as `solve` reads it.
type AnswerCase = fn(&Answerer, &str, &AnswerOptions) -> Result<Answer, AnswerError>;

/// Draws random cases over the answerer's tables.
type DrawCases = fn(&Answerer, &DrawRequest) -> Result<DrawnBoards, AnswerError>;

/// Describes the puzzle's tables, opened by the answerer.
type DescribeTables = fn(&Answerer) -> Result<Stats, AnswerError>;

/// A puzzle as the front ends see it: one entry of [`PUZZLES`](super::PUZZLES).
#[derive(Clone, Copy, Debug)]
pub struct RegisteredPuzzle {
    /// The puzzle; its label names it in commands, paths and Python.
    pub puzzle: Puzzle,
    /// Answers a case, written as `solve` reads it.
    pub answer: AnswerCase,
    /// Draws random cases (`puzzle-tables random`, the server's and Python's `random`);
    /// call it through [`RegisteredPuzzle::draw`], which checks the request first.
    pub draws: DrawCases,
    /// What its tables hold, as `puzzle-tables stats` prints it.
    pub stats: DescribeTables,
    /// Whether answering a case is a search (up to seconds) rather than a few lookups.
    pub searches: bool,
    /// Whether its cases are cubes, written as a facelet string or as a scramble.
    pub cubes: bool,
    /// Whether a case needs a start cell ([`AnswerOptions::start`]).
    pub needs_start: bool,
    /// Whether it has a proven-optimal search ([`AnswerOptions::optimal`]) beside its
    /// usual answer; every other puzzle's answer is optimal already.
    pub optimal_search: bool,
    /// The letters a number stands for in a batch row (each number its letter, the row
    /// written without spaces), or `None` where a row's numbers are written as numbers.
    pub row_letters: Option<&'static [u8]>,
}

impl RegisteredPuzzle {
    /// The entry of a puzzle answered by `answer` in a few lookups, drawn by `draws` and
    /// described by `stats`, whose cases are written as numbers and need nothing more; each
    /// entry changes what differs.
    pub const fn lookup(puzzle: Puzzle, answer: AnswerCase, draws: DrawCases, stats: DescribeTables) -> Self {
        RegisteredPuzzle {
            puzzle,
            answer,
            draws,
            stats,
            searches: false,
            cubes: false,
            needs_start: false,
            optimal_search: false,
            row_letters: None,
        }
    }

    /// `request`'s random cases, drawn over `answerer`'s tables; a start cell only for a
    /// puzzle whose cases have one.
    pub fn draw(&self, answerer: &Answerer, request: &DrawRequest) -> Result<DrawnBoards, AnswerError> {
        if request.start.is_some() && !self.needs_start {
            let why = format!("--start is the cubic puzzle's start cell; {} has none", self.puzzle);
            return Err(DrawError::Refused(why).into());
        }
        (self.draws)(answerer, request)
    }
}

impl From<DrawError> for AnswerError {
    /// A table's error stays one, so that it names its file wherever it surfaces.
    fn from(error: DrawError) -> AnswerError {
        match error {
            DrawError::Table(error) => AnswerError::Table(error),
            other => AnswerError::Draw(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::PUZZLES;
    use super::*;

    #[test]
    fn the_registry_holds_each_built_in_puzzle_once_in_order() {
        let registered: Vec<Puzzle> = PUZZLES.iter().map(|entry| entry.puzzle).collect();
        assert_eq!(registered, Puzzle::BUILT_IN);
    }
}
