//! The generator side of puzzle-tables: walks a puzzle's whole state space once, by reverse
//! breadth-first search from the goal, and writes the table files the query crate reads.
//!
//! [`bfs::reverse_bfs`] is generic over any ranked [`bfs::StateSpace`]; each puzzle module
//! turns one walk into table payloads. [`build`] makes any table the query crate names, and
//! [`write_table`] puts it on disk atomically.
#![deny(missing_docs)]

pub mod bfs;
pub mod class_walk;
pub mod cube;
pub mod cube_optimal;
pub mod cubic;
pub mod definition;
pub mod eight;
pub mod fifteen;
pub mod magic_cube;
mod pack;
pub mod rotation;
#[cfg(feature = "terminal-bar")]
mod terminal_bar;
mod write;

pub use pack::{pack1, pack2, pack4};
#[cfg(feature = "terminal-bar")]
pub use terminal_bar::TerminalBar;
pub use write::{write_table, write_table_file, write_table_parts};

use std::io;
use std::path::Path;

use puzzle_tables_query::{Metadata, Puzzle, TableSpec};

/// A generated table: its spec, its metadata and its payload, ready to be written.
#[derive(Clone, Debug)]
pub struct BuiltTable {
    /// What it is.
    pub spec: TableSpec,
    /// How it was made.
    pub metadata: Metadata,
    /// The entries, encoded as `spec.encoding` says.
    pub payload: Vec<u8>,
}

impl BuiltTable {
    /// The whole file's bytes.
    pub fn file_bytes(&self) -> Vec<u8> {
        self.spec.encode_file(&self.metadata, &self.payload)
    }

    /// Writes the table to `path` ([`write_table_file`]: atomically, and without a second
    /// copy of its payload).
    pub fn write(&self, path: &Path) -> io::Result<()> {
        write_table_file(path, &self.spec, &self.metadata, &self.payload)
    }
}

/// Told how a long generation is going; the command line draws it as a progress bar.
pub trait Progress {
    /// A walk over `total` states begins.
    fn start(&mut self, what: &str, total: u64);
    /// `done` of the `total` states are reached.
    fn advance(&mut self, done: u64);
}

/// A [`Progress`] that shows nothing.
pub struct Silent;

impl Progress for Silent {
    fn start(&mut self, _: &str, _: u64) {}
    fn advance(&mut self, _: u64) {}
}

/// A puzzle this generator cannot build: [`Puzzle`] is `#[non_exhaustive]`, and a newer
/// query crate may name puzzles that this generator predates.
#[derive(Debug, thiserror::Error)]
#[error("this generator cannot build tables for the puzzle `{puzzle}`: update puzzle-tables-generator")]
pub struct UnknownPuzzle {
    puzzle: Puzzle,
}

impl UnknownPuzzle {
    /// The puzzle.
    pub fn puzzle(&self) -> Puzzle {
        self.puzzle
    }
}

/// Builds every table `puzzle` needs (see [`puzzle_tables_query::tables_of`]).
///
/// ```
/// use puzzle_tables_generator::{build, Silent};
/// use puzzle_tables_query::{tables_of, Puzzle};
///
/// let built = build(Puzzle::Eight, &mut Silent)?;
/// assert_eq!(built[0].spec, tables_of(Puzzle::Eight)[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn build(puzzle: Puzzle, progress: &mut dyn Progress) -> Result<Vec<BuiltTable>, UnknownPuzzle> {
    Ok(match puzzle {
        Puzzle::Eight => vec![eight::build_parent_table(progress)],
        Puzzle::Cubic => cubic::build_tables(progress),
        Puzzle::Rotation => vec![rotation::build_distance_table(progress)],
        Puzzle::MagicCube => vec![magic_cube::build_within_table(progress)],
        Puzzle::Fifteen => fifteen::build_partition(puzzle_tables_query::fifteen::Partition::SixSixThree, progress),
        Puzzle::Cube => cube::build_tables(progress),
        _ => return Err(UnknownPuzzle { puzzle }),
    })
}

/// Builds every table of `puzzle` and writes each into `dir` (created when missing)
/// atomically: what `puzzle-tables gen PUZZLE` does, for a program.
///
/// ```
/// use puzzle_tables_generator::{write_tables, Silent};
/// use puzzle_tables_query::{Puzzle, Tables};
///
/// let dir = tempfile::tempdir()?;
/// write_tables(Puzzle::Eight, dir.path(), &mut Silent)?;
/// let board = "1 2 3 4 5 6 7 x 8".parse()?;
/// assert_eq!(Tables::open(dir.path())?.eight()?.optimal_moves(&board)?.map(|moves| moves.len()), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_tables(puzzle: Puzzle, dir: &Path, progress: &mut dyn Progress) -> io::Result<()> {
    let built_tables =
        build(puzzle, progress).map_err(|unknown| io::Error::new(io::ErrorKind::Unsupported, unknown))?;
    for built in built_tables {
        built.write(&dir.join(built.spec.file_name()))?;
    }
    Ok(())
}
