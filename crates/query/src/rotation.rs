//! Rotation-game answers from the distance table: for every placement of one symbol's
//! eight blocks, the fewest moves that bring them to the centre, four bits each.
//!
//! A board's distance is the least of its three symbols' distances. The answer the judge
//! wants, the shortest sequence smallest in dictionary order, is walked one move at a time:
//! at each step the first move (A before B ... before H) that brings some symbol still on a
//! shortest path one step closer, keeping only the symbols it brings closer.

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::rotation::{judge_answer, move_letters, Board, BoardError, Move, Placement};

use std::path::Path;

use puzzle_tables_models::rotation::{PLACEMENTS, RANKING_VERSION, SYMBOLS};

use crate::format::{packed4_at, Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// The farthest any placement lies from the centre, so also the most moves any board needs;
/// distances fit in four bits.
pub const MAX_DISTANCE: u8 = 14;

/// The rotation game's distance table, verified and ready for queries: opened by
/// [`Tables::rotation`](crate::Tables::rotation).
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Rotation, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{rotation, Tables};
///
/// let table = Tables::open(dir.path())?.rotation()?;
/// let board: rotation::Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// let solution = table.solve(&board)?;
/// assert_eq!(rotation::judge_answer(&solution.moves, solution.centre), "AC\n2\n");
/// assert_eq!(table.symbol_distances(&board)?.iter().min(), Some(&2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RotationTable {
    table: Table,
}

/// A board's answer: the shortest move sequence smallest in dictionary order, and the
/// symbol it brings to the centre. `#[non_exhaustive]`: its fields are for reading, and
/// more may be added.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Rotation, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::rotation::{judge_answer, move_letters, Board};
///
/// let table = puzzle_tables_query::Tables::open(dir.path())?.rotation()?;
/// let board: Board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3".parse()?;
/// let solution = table.solve(&board)?;
/// assert_eq!((solution.moves.len(), solution.centre), (2, 2));
/// assert_eq!(table.symbol_distances(&board)?[1], 2, "symbol 2 is two moves from the centre");
/// // The judge's two lines: the moves (or `No moves needed`), then the centre symbol.
/// assert_eq!(judge_answer(&solution.moves, solution.centre), format!("{}\n2\n", move_letters(&solution.moves)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solution {
    /// The moves; empty when the board is already a goal.
    pub moves: Vec<Move>,
    /// The symbol on the eight centre positions after the moves.
    pub centre: u8,
}

impl RotationTable {
    /// The distance table's spec.
    pub const SPEC: TableSpec = TableSpec {
        puzzle: Puzzle::Rotation,
        kind: TableKind::Distance,
        variant: 0,
        encoding: Encoding::Packed4,
        ranking_version: RANKING_VERSION,
        entries: PLACEMENTS as u64,
    };

    /// Opens and verifies the distance table at `path`.
    pub fn open(path: &Path) -> Result<RotationTable, TableError> {
        Table::open_verified(path, &Self::SPEC).map(Self::from_table)
    }

    /// The reader of `table`, opened (and verified) with [`Self::SPEC`].
    pub(crate) fn from_table(table: Table) -> RotationTable {
        RotationTable { table }
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The fewest moves that bring the eight blocks at `placement` to the centre.
    pub fn distance(&self, placement: Placement) -> Result<u8, TableError> {
        match packed4_at(self.table.payload(), u64::from(placement.rank())) {
            Some(distance) if distance <= MAX_DISTANCE => Ok(distance),
            _ => Err(self.inconsistent(format!("no distance within {MAX_DISTANCE} for placement {placement:?}"))),
        }
    }

    /// For symbols 1, 2 and 3, the fewest moves that bring that symbol to the centre.
    pub fn symbol_distances(&self, board: &Board) -> Result<[u8; 3], TableError> {
        let [ones, twos, threes] = board.placements();
        Ok([self.distance(ones)?, self.distance(twos)?, self.distance(threes)?])
    }

    /// The shortest move sequence from `board` to a goal, smallest in dictionary order
    /// among all shortest ones, and the symbol it brings to the centre. Fails only if the
    /// table's entries contradict each other; the walk takes at most [`MAX_DISTANCE`] steps.
    pub fn solve(&self, board: &Board) -> Result<Solution, TableError> {
        let distances = self.symbol_distances(board)?;
        let shortest = distances.iter().copied().min().unwrap_or(0);
        let mut placements = board.placements();
        let mut on_path = distances.map(|distance| distance == shortest);
        let mut moves = Vec::with_capacity(usize::from(shortest));
        for remaining in (0..shortest).rev() {
            let step = self.first_step_closer(&mut placements, &mut on_path, remaining)?;
            moves.push(step);
        }
        let centre = (0..3).find(|&s| on_path[s] && placements[s] == Placement::GOAL);
        match centre {
            Some(s) => Ok(Solution { moves, centre: SYMBOLS[s] }),
            None => Err(self.inconsistent(format!("the walk from board {board} ends off the goal"))),
        }
    }

    /// Finds the first move that brings some symbol still `on_path` to distance `remaining`,
    /// applies it to those symbols and keeps only them on the path.
    fn first_step_closer(
        &self,
        placements: &mut [Placement; 3],
        on_path: &mut [bool; 3],
        remaining: u8,
    ) -> Result<Move, TableError> {
        for step in Move::ALL {
            let mut closer = [false; 3];
            for s in (0..3).filter(|&s| on_path[s]) {
                closer[s] = self.distance(placements[s].apply(step))? == remaining;
            }
            if closer.contains(&true) {
                for s in (0..3).filter(|&s| closer[s]) {
                    placements[s] = placements[s].apply(step);
                }
                *on_path = closer;
                return Ok(step);
            }
        }
        Err(self.inconsistent(format!("no move brings any symbol to distance {remaining}")))
    }

    fn inconsistent(&self, message: String) -> TableError {
        self.table.error(TableErrorKind::Inconsistent(message))
    }
}
