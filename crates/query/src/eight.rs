//! Eight-puzzle answers from the parent table: for every solvable board, the move that
//! takes it one step closer to the goal, two bits per board. A board's distance alone (the
//! batches' question) comes from a byte per board derived from the parent moves once, on
//! first use, so it takes one lookup instead of a walk of up to 31 steps.

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::eight::{move_letters, Board, BoardError, Move};

use std::path::Path;
use std::sync::OnceLock;

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
    /// Every board's distance by rank (derived on first use), or why the parent moves give
    /// none.
    distances: OnceLock<Result<Box<[u8]>, String>>,
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
        EightTable { table, distances: OnceLock::new() }
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

    /// The fewest moves from `board` to the goal (the length of
    /// [`optimal_moves`](Self::optimal_moves)), or `None` when `board` is unsolvable: one
    /// lookup in a byte per board derived from the parent moves the first time it is asked
    /// (about 180 KB, in milliseconds). Fails only if the table's entries contradict each
    /// other.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// let table = puzzle_tables_query::Tables::open(dir.path())?.eight()?;
    /// assert_eq!(table.distance(&"2 3 4 1 5 x 7 6 8".parse()?)?, Some(19));
    /// assert_eq!(table.distance(&"1 2 3 4 5 6 8 7 x".parse()?)?, None, "unsolvable");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(&self, board: &Board) -> Result<Option<u8>, TableError> {
        let Some(rank) = board.rank() else { return Ok(None) };
        match self.distances.get_or_init(|| self.derive_distances()) {
            Ok(distances) => Ok(distances.get(rank as usize).copied()),
            Err(message) => Err(self.table.error(TableErrorKind::Inconsistent(message.clone()))),
        }
    }

    /// Every board's distance by rank: each board's walk down the parent moves stops at the
    /// first board whose distance is known, and the boards on the way get theirs counting
    /// back, so every entry is read once or twice. A walk longer than [`MAX_DISTANCE`] or
    /// off the board means the table contradicts itself.
    fn derive_distances(&self) -> Result<Box<[u8]>, String> {
        const UNKNOWN: u8 = u8::MAX;
        let mut distances = vec![UNKNOWN; SOLVABLE_BOARDS as usize].into_boxed_slice();
        let goal = Board::GOAL.rank().ok_or("the goal has no rank")?;
        distances[goal as usize] = 0;
        let mut path = Vec::with_capacity(MAX_DISTANCE + 1);
        for start in 0..SOLVABLE_BOARDS {
            let (mut rank, mut board) = (start, Board::unrank(start).ok_or("a rank has no board")?);
            path.clear();
            while distances[rank as usize] == UNKNOWN {
                path.push(rank);
                let step = packed2_at(self.table.payload(), u64::from(rank)).and_then(Move::from_index);
                let next = step.and_then(|step| board.apply_ranked(step, rank));
                let Some((next, next_rank)) = next.filter(|_| path.len() <= MAX_DISTANCE) else {
                    return Err(format!("the walk from board {board} does not reach the goal"));
                };
                (board, rank) = (next, next_rank);
            }
            let mut distance = distances[rank as usize];
            for &on_path in path.iter().rev() {
                distance += 1;
                if usize::from(distance) > MAX_DISTANCE {
                    return Err(format!("a walk down the parent moves is longer than {MAX_DISTANCE}"));
                }
                distances[on_path as usize] = distance;
            }
        }
        Ok(distances)
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
