//! The eight puzzle's boards (HDU 1043 / POJ 1077): any solvable board by its rank, or the
//! boards of one layer of the table's tree of parent moves.

use std::io::{self, Write};

use puzzle_tables_models::eight::{Board, Move, SOLVABLE_BOARDS};

use super::{inconsistent, refused, DrawError, Drawer, Population};
use crate::eight::EightTable;
use crate::Puzzle;

/// The eight puzzle's boards, listed through its parent-move table.
pub struct EightBoards<'a> {
    table: &'a EightTable,
}

impl EightBoards<'_> {
    /// Draws from the layers of `table`.
    pub fn new(table: &EightTable) -> EightBoards<'_> {
        EightBoards { table }
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

impl Drawer for EightBoards<'_> {
    type Board = Board;

    const PUZZLE: Puzzle = Puzzle::Eight;

    fn every_board(&self) -> (String, Population<'_, Board>) {
        let unrank = |rank: u32| Board::unrank(rank).ok_or_else(|| inconsistent(format!("rank {rank} has no board")));
        let population = Population::Listed {
            size: u64::from(SOLVABLE_BOARDS),
            unrank: Box::new(move |index| unrank(index as u32)),
        };
        ("solvable boards".to_string(), population)
    }

    fn at_distance(&self, distance: u32) -> Result<(String, Population<'_, Board>), DrawError> {
        let counts = &self.table.table().metadata().depth_counts;
        let Some(&size) = counts.get(distance as usize).filter(|&&count| count > 0) else {
            return Err(refused(format!(
                "no eight-puzzle board is {distance} moves from the goal (the farthest are {})",
                counts.len() - 1
            )));
        };
        let layer = self.layer(distance);
        if layer.len() as u64 != size {
            return Err(inconsistent(format!(
                "the table counts {size} boards at distance {distance} but its parent moves lead to {}",
                layer.len()
            )));
        }
        let population = Population::Listed { size, unrank: Box::new(move |index| Ok(layer[index as usize])) };
        Ok((format!("boards at distance {distance}"), population))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], _judge_input: bool) -> io::Result<()> {
        // HDU 1043 reads boards to the end of the input: nothing to add.
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))
    }

    fn row(&self, board: &Board) -> Vec<i64> {
        board.cells().map(i64::from).to_vec()
    }
}
