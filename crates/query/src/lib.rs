//! Answers classic search puzzles (the eight puzzle, the cubic eight-puzzle, the rotation
//! game, the Rubik's cube, the fifteen puzzle) from precomputed tables: every answer is
//! optimal and takes a few lookups (the fifteen puzzle: an IDA* search over pattern
//! databases).
//!
//! This is the library a program depends on. [`Tables`] opens a directory of table files
//! (built by `puzzle-tables gen`, or installed from release artifacts with
//! `puzzle-tables install`) and gives each puzzle's reader; each puzzle's module re-exports
//! its board and move types, with their parsers (`str::parse`) and formatters (`Display`).
//! Opening builds nothing: a missing table is an error that names the file and the command
//! that builds it.
//!
//! ```
//! # let dir = tempfile::tempdir()?;
//! # for puzzle in [puzzle_tables_query::Puzzle::Eight, puzzle_tables_query::Puzzle::Cube] {
//! #     puzzle_tables_generator::write_tables(puzzle, dir.path(), &mut puzzle_tables_generator::Silent)?;
//! # }
//! # let dir = dir.path();
//! use puzzle_tables_query::{cube, eight, Tables};
//!
//! // `Tables::open_default()` opens the directory `puzzle-tables gen` writes into.
//! let tables = Tables::open(dir)?;
//!
//! // The eight puzzle: a shortest sequence of blank moves.
//! let board: eight::Board = "2 3 4 1 5 x 7 6 8".parse()?;
//! let moves = tables.eight()?.optimal_moves(&board)?.expect("the board is solvable");
//! assert_eq!(eight::move_letters(&moves), "ullddrurdllurrdlurd");
//!
//! // Any Rubik's cube, by the two-phase algorithm: its stickers (faces U R F D L B, as
//! // cube solvers write them), or the solved cube after a scramble in standard notation.
//! let solver = tables.cube()?;
//! let from_stickers = cube::Facelets::from_urfdlb(
//!     "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
//! )?
//! .cube()?;
//! let scrambled = cube::Cube::SOLVED.apply_moves(&cube::parse_moves("R U R' U' F2 D L2 B'")?);
//! for cube in [from_stickers, scrambled] {
//!     let moves = solver.solve(&cube, cube::Metric::Htm, 20).expect("every cube within 20 face turns");
//!     assert!(cube.apply_moves(&moves).is_solved());
//!     println!("{}", cube::moves_text(&moves));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The magic cube ([`Tables::magic_cube`]) answers the same cubes exactly in quarter turns
//! up to 12, from one table; each other puzzle's reader is a method of [`Tables`].
//!
//! [`answer::Answerer`] is the one answer path every front end uses (the command line's
//! `solve`, the HTTP server): a board as text in, a typed answer out that serializes to the
//! `solve --json` shape, with the board after every move and every move's outcome on request.
//!
//! **Stability.** [`Tables`], the readers, the re-exported puzzle types and the errors follow
//! semantic versioning; enums that may grow are `#[non_exhaustive]`. The [`format`](mod@format) module
//! (the file layout, shared with the generator that writes it) may change in any minor
//! version before 1.0; each change of it or of a ranking is a new format or ranking version
//! that readers refuse cleanly, so old tables give errors, never wrong answers.
//!
//! Readers read their tables into memory. [`Tables::open_mapped`] memory-maps them
//! instead; it is `unsafe` because the caller promises that the files are not changed in
//! place while they are mapped.
//!
//! [`Table::open`] reads a file and checks its header, sizes and metadata, and never
//! panics, whatever the bytes; [`Table::verify`] reads the whole payload and checks its
//! checksum. Each puzzle's reader (such as [`eight::EightTable`]) opens *and* verifies its
//! tables, so a damaged file is refused before its first answer.
//!
//! This crate never depends on the generator: a program that only answers queries ships
//! without it.
#![deny(missing_docs)]

pub mod answer;
pub mod buckets;
pub mod cube;
pub mod cubic;
pub mod definition;
pub mod eight;
pub mod fifteen;
pub mod format;
pub mod magic_cube;
mod map;
pub mod prng;
pub mod random;
pub mod rotation;
pub mod scramble;
mod table;
mod tables;

/// The cube's two-phase search, by its former path: [`cube::search`].
pub use cube::search as cube_search;
/// The fifteen puzzle's IDA*, by its former path: [`fifteen::search`].
pub use fifteen::search as fifteen_search;
pub use format::{Encoding, Metadata, Puzzle, TableKind, TableSpec};
pub use map::leave_page_cache;
pub use table::{Table, TableError, TableErrorKind};
pub use tables::{default_dir, Tables, TablesDirError, TABLES_ENV};

/// Checks what a checksum cannot: that a table's entries agree where a reader relies on it
/// (the magic cube's records in their buckets, each solving its cube) and, where entries are distances, that they
/// count as the metadata says. `puzzle-tables verify` runs it after the checksum; readers
/// trust the checksum, which the generator computed over entries it had checked.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Rotation, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{check_entries, rotation::RotationTable, Tables};
///
/// check_entries(&Tables::open(dir.path())?.table(&RotationTable::SPEC)?)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_entries(table: &Table) -> Result<(), TableError> {
    match table.spec().kind {
        TableKind::SolutionWithin => magic_cube::check_records(table),
        TableKind::Distance | TableKind::PatternDistance | TableKind::PatternDatabase => check_distance_counts(table),
        TableKind::ParentMove | TableKind::StateDistanceMod4 => Ok(()),
        TableKind::PairDistance if *table.spec() == cube::corner_edge_distance_spec() => {
            check_distance_counts(table).and_then(|()| cube::check_corner_edges(table))
        }
        TableKind::PairDistance => check_distance_counts(table),
        TableKind::SymmetryClass | TableKind::CoordinateMoves => cube::check_coordinates(table),
        TableKind::DistanceMod3 => check_residue_counts(table),
        TableKind::DistanceAbove => check_level_counts(table, cube::optimal::level_above_floor),
        TableKind::DistanceLevels => {
            check_level_counts(table, format::distance_level).and_then(|()| check_line_floors(table))
        }
        TableKind::NearGraph => cube::check_near_graph(table),
        TableKind::DistanceSteps => cube::check_steps(table),
    }
}

/// Counts a distance table's entries per distance from its payload and compares the counts
/// with the metadata's.
fn check_distance_counts(table: &Table) -> Result<(), TableError> {
    compare_counts(table, "distance", &count_entries(table), &table.metadata().depth_counts)
}

/// Counts a distance-modulo-3 table's entries per residue and compares the counts with the
/// metadata's distances, taken modulo 3.
fn check_residue_counts(table: &Table) -> Result<(), TableError> {
    let mut residues = vec![0u64; 3];
    for (distance, count) in table.metadata().depth_counts.iter().enumerate() {
        residues[distance % 3] += count;
    }
    compare_counts(table, "residue", &count_entries(table), &residues)
}

/// Counts a table's entries per level (above a floor, against a base) and compares the
/// counts with the metadata's distances, each taken to its level by `level`.
fn check_level_counts(table: &Table, level: fn(u8) -> u8) -> Result<(), TableError> {
    let mut levels = vec![0u64; 4];
    for (distance, count) in table.metadata().depth_counts.iter().enumerate() {
        levels[usize::from(level(distance as u8))] += count;
    }
    compare_counts(table, "level", &count_entries(table), &levels)
}

/// Checks that each line of a [`TableKind::DistanceLevels`] table bounds its entries at the
/// base by a distance at most the base, and one that the table holds.
fn check_line_floors(table: &Table) -> Result<(), TableError> {
    let depth_counts = &table.metadata().depth_counts;
    let held = |distance: u8| depth_counts.get(usize::from(distance)).is_some_and(|&count| count > 0);
    let lines = table.payload().chunks(64).map(|line| line[0]);
    let Some((line, floor)) = lines.enumerate().find(|&(_, floor)| floor > format::LEVELS_BASE || !held(floor)) else {
        return Ok(());
    };
    let message = format!("line {line} bounds its entries by {floor}, which is above the base or no entry's distance");
    Err(table.error(TableErrorKind::Inconsistent(message)))
}

/// How many entries hold each value (an encoding without small values counts every entry
/// under 255).
fn count_entries(table: &Table) -> Vec<u64> {
    let payload = table.payload();
    let value_at = |index: u64| match table.spec().encoding {
        Encoding::Packed4 => format::packed4_at(payload, index),
        Encoding::Base3 => format::base3_at(payload, index),
        Encoding::Lines2 => format::lines2_at(payload, index).map(|(entry, _)| entry),
        Encoding::Bytes => payload.get(usize::try_from(index).ok()?).copied(),
        Encoding::Packed2
        | Encoding::Packed1
        | Encoding::BucketedRecords12
        | Encoding::U16
        | Encoding::U24
        | Encoding::U32 => None,
    };
    let mut counted: Vec<u64> = Vec::new();
    for index in 0..table.spec().entries {
        let value = usize::from(value_at(index).unwrap_or(u8::MAX));
        if counted.len() <= value {
            counted.resize(value + 1, 0);
        }
        counted[value] += 1;
    }
    counted
}

/// An error naming the first `what` (distance or residue) whose counts differ.
fn compare_counts(table: &Table, what: &str, counted: &[u64], stored: &[u64]) -> Result<(), TableError> {
    let count = |counts: &[u64], value: usize| counts.get(value).copied().unwrap_or(0);
    let differs = |&value: &usize| count(counted, value) != count(stored, value);
    let Some(value) = (0..counted.len().max(stored.len())).find(differs) else { return Ok(()) };
    let message = format!(
        "the payload holds {} entries at {what} {value}, the metadata says {}",
        count(counted, value),
        count(stored, value)
    );
    Err(table.error(TableErrorKind::Inconsistent(message)))
}

/// Every table a puzzle needs, in the order they are built.
///
/// ```
/// use puzzle_tables_query::{tables_of, Puzzle};
///
/// assert_eq!(tables_of(Puzzle::Eight)[0].file_name(), "eight-parent.tbl");
/// assert_eq!(tables_of(Puzzle::Cubic).len(), 6);
/// ```
pub fn tables_of(puzzle: Puzzle) -> Vec<TableSpec> {
    match puzzle {
        Puzzle::Eight => vec![eight::EightTable::SPEC],
        Puzzle::Cubic => puzzle_tables_models::cubic::StartClass::ALL
            .into_iter()
            .flat_map(|class| [cubic::PatternDistances::spec(class), cubic::StateDistancesMod4::spec(class)])
            .collect(),
        Puzzle::Rotation => vec![rotation::RotationTable::SPEC],
        Puzzle::MagicCube => vec![magic_cube::CubeTable::SPEC],
        Puzzle::Fifteen => fifteen::Partition::SixSixThree.specs(),
        Puzzle::Cube => cube::specs(),
        Puzzle::Definition => Vec::new(),
    }
}

/// Tables a puzzle can use but does not build on first use (the fifteen puzzle's 7-8
/// databases, the cube's large set): `verify` checks them when present, `install` accepts
/// them.
///
/// ```
/// use puzzle_tables_query::{fifteen::Partition, optional_tables_of, Puzzle};
///
/// assert_eq!(optional_tables_of(Puzzle::Fifteen), Partition::SevenEight.specs());
/// assert_eq!(optional_tables_of(Puzzle::Cube), puzzle_tables_query::cube::large_specs());
/// assert!(optional_tables_of(Puzzle::Eight).is_empty());
/// ```
pub fn optional_tables_of(puzzle: Puzzle) -> Vec<TableSpec> {
    match puzzle {
        Puzzle::Fifteen => fifteen::Partition::SevenEight.specs(),
        Puzzle::Cube => cube::large_specs(),
        Puzzle::Eight | Puzzle::Cubic | Puzzle::Rotation | Puzzle::MagicCube | Puzzle::Definition => Vec::new(),
    }
}

/// Every table of `puzzle` that is read when present: its [optional tables](optional_tables_of)
/// and, for the cube, the optimal solver's own tables (built only by `gen cube --optimal`,
/// never shipped by `dist`). `verify` checks these when they are there.
pub fn tables_when_present(puzzle: Puzzle) -> Vec<TableSpec> {
    let mut specs = optional_tables_of(puzzle);
    if puzzle == Puzzle::Cube {
        specs.extend(cube::optimal::optimal_specs());
    }
    specs
}
