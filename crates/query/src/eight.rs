//! Eight-puzzle answers from the parent table: for every solvable board, the move that
//! takes it one step closer to the goal, two bits per board.

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::eight::{move_letters, Board, BoardError, Move};

use std::path::Path;

use puzzle_tables_models::eight::{RANKING_VERSION, SOLVABLE_BOARDS};

use crate::format::{packed2_at, Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// The farthest any solvable board lies from the goal; a walk longer than this means the
/// table contradicts itself.
pub const MAX_DISTANCE: usize = 31;

/// The eight puzzle's parent table, verified and ready for queries: opened by
/// [`Tables::eight`](crate::Tables::eight).
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{eight, Tables};
///
/// let table = Tables::open(dir.path())?.eight()?;
/// let board: eight::Board = "1 2 3 x 4 6 7 5 8".parse()?;
/// let moves = table.optimal_moves(&board)?.expect("solvable");
/// assert_eq!(eight::move_letters(&moves), "rdr");
/// // Boards with two tiles swapped cannot be solved.
/// assert_eq!(table.optimal_moves(&"2 1 3 4 5 6 7 8 x".parse()?)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct EightTable {
    table: Table,
}

impl EightTable {
    /// The parent table's spec.
    pub const SPEC: TableSpec = TableSpec {
        puzzle: Puzzle::Eight,
        kind: TableKind::ParentMove,
        variant: 0,
        encoding: Encoding::Packed2,
        ranking_version: RANKING_VERSION,
        entries: SOLVABLE_BOARDS as u64,
    };

    /// Opens and verifies the parent table at `path`.
    pub fn open(path: &Path) -> Result<EightTable, TableError> {
        Table::open_verified(path, &Self::SPEC).map(Self::from_table)
    }

    /// The reader of `table`, opened (and verified) with [`Self::SPEC`].
    pub(crate) fn from_table(table: Table) -> EightTable {
        EightTable { table }
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The move that takes `board` one step closer to the goal, as the table stores it;
    /// `None` for the goal and for unsolvable boards.
    pub fn parent_move(&self, board: &Board) -> Option<Move> {
        let rank = board.rank().filter(|&rank| Some(rank) != Board::GOAL.rank())?;
        packed2_at(self.table.payload(), u64::from(rank)).and_then(Move::from_index)
    }

    /// A shortest move sequence from `board` to the goal, or `None` when `board` is
    /// unsolvable. Fails only if the table's entries contradict each other.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::eight::{move_letters, Board, Move};
    ///
    /// let table = puzzle_tables_query::Tables::open(dir.path())?.eight()?;
    /// let board: Board = "1 2 3 4 5 6 7 x 8".parse()?;
    /// assert_eq!(table.optimal_moves(&board)?.map(|moves| move_letters(&moves)), Some("r".to_string()));
    /// assert_eq!(table.parent_move(&board), Some(Move::Right));
    /// assert_eq!(table.optimal_moves(&"1 2 3 4 5 6 8 7 x".parse()?)?, None, "unsolvable");
    /// assert_eq!(table.optimal_moves(&Board::GOAL)?, Some(Vec::new()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn optimal_moves(&self, board: &Board) -> Result<Option<Vec<Move>>, TableError> {
        let Some(mut rank) = board.rank() else { return Ok(None) };
        let goal = Board::GOAL.rank();
        let mut board = *board;
        let mut moves = Vec::with_capacity(MAX_DISTANCE);
        while Some(rank) != goal {
            let step = packed2_at(self.table.payload(), u64::from(rank)).and_then(Move::from_index);
            let next = step.and_then(|step| Some((step, board.apply_ranked(step, rank)?)));
            let Some((step, (next, next_rank))) = next.filter(|_| moves.len() < MAX_DISTANCE) else {
                let message = format!("the walk from board {board} does not reach the goal");
                return Err(self.table.error(TableErrorKind::Inconsistent(message)));
            };
            moves.push(step);
            (board, rank) = (next, next_rank);
        }
        Ok(Some(moves))
    }
}
