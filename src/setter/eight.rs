//! The eight puzzle for `check` and `random` (HDU 1043 / POJ 1077): any move string that
//! solves the board is accepted, and `unsolvable` exactly when none does; boards are drawn
//! from the layers of the table's tree of parent moves.

use std::io::{self, BufRead, Write};

use anyhow::{anyhow, bail};
use puzzle_tables_models::eight::{self as model, Board, Move, SOLVABLE_BOARDS};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{AnswerLines, MAX_LINE_BYTES};
use super::check::{Checker, Judgement};
use super::random::{Drawer, Population};
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

    /// Every board exactly `distance` moves from the goal, in breadth-first order: the
    /// boards of one layer are the neighbours of the layer before whose parent move (from
    /// the table) leads back to it, so every board is found once, through its parent.
    fn layer(&self, distance: u32) -> Vec<Board> {
        let mut layer = vec![Board::GOAL];
        for _ in 0..distance {
            layer = layer
                .iter()
                .flat_map(|board| Move::ALL.into_iter().filter_map(move |step| Some((step, board.apply(step)?))))
                .filter(|(step, next)| self.table.parent_move(next) == Some(step.inverse()))
                .map(|(_, next)| next)
                .collect();
        }
        layer
    }
}

fn tiles_out_of_place(board: &Board) -> usize {
    let goal = Board::GOAL.cells();
    board.cells().iter().zip(goal).filter(|&(&tile, home)| tile != model::BLANK && tile != home).count()
}

impl Checker for Eight {
    type Case = Board;

    fn label(&self) -> &'static str {
        "eight"
    }

    fn cases(&self, input: &str) -> Result<Vec<Board>, InputError> {
        model::parse_judge_input(input).into_iter().collect()
    }

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

impl Drawer for Eight {
    type Board = Board;

    fn label(&self) -> &'static str {
        "eight"
    }

    fn population(&self, distance: Option<u32>) -> anyhow::Result<(String, Population<'_, Board>)> {
        let unrank = |rank: u32| Board::unrank(rank).ok_or_else(|| anyhow!("rank {rank} has no board"));
        let Some(distance) = distance else {
            let population = Population::Listed {
                size: u64::from(SOLVABLE_BOARDS),
                unrank: Box::new(move |index| unrank(index as u32)),
            };
            return Ok(("solvable boards".to_string(), population));
        };
        let counts = &self.table.table().metadata().depth_counts;
        let Some(&size) = counts.get(distance as usize).filter(|&&count| count > 0) else {
            bail!("no eight-puzzle board is {distance} moves from the goal (the farthest are {})", counts.len() - 1);
        };
        let layer = self.layer(distance);
        if layer.len() as u64 != size {
            bail!("the table counts {size} boards at distance {distance} but its parent moves lead to {}", layer.len());
        }
        let population = Population::Listed { size, unrank: Box::new(move |index| Ok(layer[index as usize])) };
        Ok((format!("boards at distance {distance}"), population))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], _judge_input: bool) -> io::Result<()> {
        // HDU 1043 reads boards to the end of the input: nothing to add.
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))
    }
}
