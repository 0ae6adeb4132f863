//! The rotation game for `check` (POJ 2286): the exact two lines, the shortest move string
//! first in dictionary order (or `No moves needed`) and the centre symbol.

use std::io::BufRead;

use puzzle_tables_models::rotation::{self as model, move_letters, Board, Move};
use puzzle_tables_query::rotation::RotationTable;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{shown, AnswerLine, AnswerLines, MAX_LINE_BYTES};
use super::verdict::{cases_as_the_model_reads_them, Checker, Judgement};
use crate::english::plural;
use crate::tables::TablesDir;

/// The judge's first line for a board already solved.
const NO_MOVES: &str = "No moves needed";

/// The rotation game's distance table.
pub struct Rotation {
    table: RotationTable,
}

impl Rotation {
    /// Opens the table.
    pub fn open(tables: &TablesDir) -> anyhow::Result<Rotation> {
        Ok(Rotation { table: tables.open(Puzzle::Rotation, Tables::rotation)? })
    }

    /// Judges the first line: the moves.
    fn judge_moves(&self, board: &Board, line: &AnswerLine) -> anyhow::Result<Result<usize, String>> {
        let solution = self.table.solve(board)?;
        let expected = if solution.moves.is_empty() { NO_MOVES.to_string() } else { move_letters(&solution.moves) };
        if line.cut {
            return Ok(Err(format!("line {} is longer than {MAX_LINE_BYTES} bytes", line.number)));
        }
        if line.text == expected {
            return Ok(Ok(solution.moves.len()));
        }
        if line.text == NO_MOVES {
            return Ok(Err(format!("says no moves are needed, but {} are ({expected})", solution.moves.len())));
        }
        let mut end = *board;
        for (index, letter) in line.text.chars().enumerate() {
            let Some(step) = Move::ALL.into_iter().find(|m| m.letter() == letter) else {
                return Ok(Err(format!("character {} is {letter:?}: not a move (A to H)", index + 1)));
            };
            end = end.apply(step);
        }
        let found = line.text.chars().count();
        let best = solution.moves.len();
        Ok(Err(if end.centre_symbol().is_none() {
            "the moves leave the centre mixed".to_string()
        } else if best == 0 {
            format!("the board is already solved: expected {NO_MOVES:?}")
        } else if found > best {
            format!("too long: {}, the shortest take {best} ({expected})", plural(found, "move"))
        } else {
            format!("shortest, but not the first in dictionary order: expected {expected}")
        }))
    }
}

impl Checker for Rotation {
    cases_as_the_model_reads_them!(Board, model::parse_judge_input);

    fn judge<R: BufRead>(&self, board: &Board, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let Some(first) = output.next_nonblank()? else { return Ok(Judgement::no_answer(output.lines_taken())) };
        let centre = self.table.solve(board)?.centre;
        // A lone symbol is the centre line: the moves line is missing, and reading on from
        // here keeps the next case's lines with the next case.
        if first.text.parse::<u8>().is_ok() {
            return Ok(Judgement::wrong(format!("the moves line is missing (line {} holds a symbol)", first.number)));
        }
        let Some(second) = output.next_nonblank()? else {
            return Ok(Judgement::wrong(format!("cut short: no centre symbol after line {}", first.number)));
        };
        if let Err(problem) = self.judge_moves(board, &first)? {
            return Ok(Judgement::wrong(problem));
        }
        let moves = self.table.solve(board)?.moves.len();
        Ok(if second.text == centre.to_string() {
            Judgement::accepted(format!("{}, symbol {centre} in the centre", plural(moves, "move")))
        } else {
            Judgement::wrong(format!("the centre symbol is {centre}, found {}", shown(&second.text)))
        })
    }
}
