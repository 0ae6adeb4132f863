//! The eight puzzle for `check` (HDU 1043 / POJ 1077): any move string that solves the
//! board is accepted, and `unsolvable` exactly when none does.

use std::io::BufRead;

use puzzle_tables_models::eight::{self as model, Board, Move};
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{AnswerLines, MAX_LINE_BYTES};
use super::verdict::{cases_as_the_model_reads_them, Checker, Judgement};
use crate::english::plural;
use crate::tables::TablesDir;

/// The eight puzzle's table, and whether `check` insists on shortest answers.
pub struct Eight {
    table: EightTable,
    shortest_only: bool,
}

impl Eight {
    /// Opens the table; `shortest_only` rejects answers longer than the fewest moves.
    pub fn open(tables: &TablesDir, shortest_only: bool) -> anyhow::Result<Eight> {
        Ok(Eight { table: tables.open(Puzzle::Eight, Tables::eight)?, shortest_only })
    }
}

fn tiles_out_of_place(board: &Board) -> usize {
    let goal = Board::GOAL.cells();
    board.cells().iter().zip(goal).filter(|&(&tile, home)| tile != model::BLANK && tile != home).count()
}

impl Checker for Eight {
    cases_as_the_model_reads_them!(Board, model::parse_judge_input);

    fn judge<R: BufRead>(&self, board: &Board, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let optimal = self.table.optimal_moves(board)?;
        let Some(line) = output.next_line()? else {
            return Ok(Judgement::missing_move_line(*board == Board::GOAL, output.lines_taken()));
        };
        if line.cut {
            return Ok(Judgement::wrong(format!("line {} is longer than {MAX_LINE_BYTES} bytes", line.number)));
        }
        if line.text == "unsolvable" {
            return Ok(match optimal {
                None => Judgement::accepted("unsolvable"),
                Some(moves) => {
                    Judgement::wrong(format!("says unsolvable, but it is solved in {}", plural(moves.len(), "move")))
                }
            });
        }
        let mut end = *board;
        let mut count = 0;
        for (index, letter) in line.text.chars().enumerate() {
            let Some(step) = Move::ALL.into_iter().find(|m| m.letter() == letter) else {
                let problem =
                    format!("character {} is {letter:?}: not a move (u, d, l, r), nor \"unsolvable\"", index + 1);
                return Ok(Judgement::wrong(problem));
            };
            let Some(next) = end.apply(step) else {
                return Ok(Judgement::wrong(format!("move {} ({letter}) pushes the blank off the board", index + 1)));
            };
            (end, count) = (next, count + 1);
        }
        let Some(best) = optimal.map(|moves| moves.len()) else {
            return Ok(Judgement::wrong("the board is unsolvable (the answer is \"unsolvable\")"));
        };
        if end != Board::GOAL {
            let left = tiles_out_of_place(&end);
            return Ok(Judgement::wrong(format!("the moves leave {} out of place", plural(left, "tile"))));
        }
        Ok(if count == best {
            Judgement::accepted(format!("{}, shortest", plural(count, "move"))).with_shortest(true)
        } else if self.shortest_only {
            Judgement::wrong(format!("too long: {}, the shortest takes {best}", plural(count, "move")))
                .with_shortest(false)
        } else {
            Judgement::accepted(format!("{}, not shortest ({best} is)", plural(count, "move"))).with_shortest(false)
        })
    }
}
