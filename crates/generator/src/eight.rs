//! The eight puzzle's parent table.

use puzzle_tables_models::eight::{Board, Move, SOLVABLE_BOARDS};
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::Metadata;

use crate::bfs::{reverse_bfs, StateSpace};
use crate::{pack2, BuiltTable, Progress};

/// The solvable boards, ranked.
pub struct EightSpace;

impl StateSpace for EightSpace {
    fn state_count(&self) -> u64 {
        u64::from(SOLVABLE_BOARDS)
    }

    fn for_each_predecessor(&self, state: u64, mut visit: impl FnMut(u64, u8)) {
        let board = Board::unrank(state as u32).expect("ranks below the state count unrank");
        for step in Move::ALL {
            // Every move is undone by its inverse, so the predecessors are the neighbours.
            if let Some((_, rank)) = board.apply_ranked(step, state as u32) {
                visit(u64::from(rank), step.inverse().index());
            }
        }
    }
}

/// One walk from the goal over all 181,440 solvable boards, keeping for each the move
/// that takes it one step closer.
pub fn build_parent_table(progress: &mut dyn Progress) -> BuiltTable {
    let goal = u64::from(Board::GOAL.rank().expect("the goal is solvable"));
    let mut parent_move = vec![0u8; SOLVABLE_BOARDS as usize];
    progress.start("eight puzzle", u64::from(SOLVABLE_BOARDS));
    let walk = reverse_bfs(&EightSpace, &[goal], |board, step| parent_move[board as usize] = step, progress);
    BuiltTable {
        spec: EightTable::SPEC,
        metadata: Metadata {
            description: "eight puzzle: for every solvable board, a move one step closer to the goal".into(),
            generated_by: "puzzle-tables gen eight".into(),
            depth_counts: walk.depth_counts,
            parameters: vec![("goal".into(), Board::GOAL.to_string())],
        },
        payload: pack2(&parent_move),
    }
}
