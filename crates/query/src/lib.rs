//! The query side of puzzle-tables: opens table files, checks them, memory-maps them and
//! answers puzzles from them.
//!
//! [`Table::open`] checks a file's header, sizes and metadata in constant time and never
//! panics, whatever the bytes; [`Table::verify`] reads the whole payload and checks its
//! checksum. Each puzzle's reader (such as [`eight::EightTable`]) opens *and* verifies its
//! tables, so a damaged file is refused before its first answer.
//!
//! This crate never depends on the generator: a program that only answers queries ships
//! without it.
#![deny(missing_docs)]

pub mod buckets;
pub mod cubic;
pub mod eight;
pub mod fifteen;
pub mod fifteen_search;
pub mod format;
pub mod magic_cube;
mod map;
pub mod rotation;
mod table;

pub use format::{Encoding, Metadata, Puzzle, TableKind, TableSpec};
pub use table::{Table, TableError, TableErrorKind};

/// Checks what a checksum cannot: that a table's entries agree where a reader relies on it
/// (the magic cube's records in their buckets, each solving its cube) and, where entries are distances, that they
/// count as the metadata says. `puzzle-tables verify` runs it after the checksum; readers
/// trust the checksum, which the generator computed over entries it had checked.
pub fn check_entries(table: &Table) -> Result<(), TableError> {
    match table.spec().kind {
        TableKind::SolutionWithin => magic_cube::check_records(table),
        TableKind::Distance | TableKind::PatternDistance | TableKind::PatternDatabase => check_distance_counts(table),
        TableKind::ParentMove | TableKind::StateDistanceMod4 => Ok(()),
    }
}

/// Counts a distance table's entries per distance from its payload and compares the counts
/// with the metadata's.
fn check_distance_counts(table: &Table) -> Result<(), TableError> {
    let payload = table.payload();
    let distance_at = |index: u64| match table.spec().encoding {
        Encoding::Packed4 => format::packed4_at(payload, index),
        Encoding::Bytes => payload.get(usize::try_from(index).ok()?).copied(),
        Encoding::Packed2 | Encoding::Packed1 | Encoding::BucketedRecords12 => None,
    };
    let mut counted: Vec<u64> = Vec::new();
    for index in 0..table.spec().entries {
        let distance = usize::from(distance_at(index).unwrap_or(u8::MAX));
        if counted.len() <= distance {
            counted.resize(distance + 1, 0);
        }
        counted[distance] += 1;
    }
    let stored = &table.metadata().depth_counts;
    let count = |counts: &[u64], distance: usize| counts.get(distance).copied().unwrap_or(0);
    let differs = |&distance: &usize| count(&counted, distance) != count(stored, distance);
    let Some(distance) = (0..counted.len().max(stored.len())).find(differs) else { return Ok(()) };
    let message = format!(
        "the payload holds {} entries at distance {distance}, the metadata says {}",
        count(&counted, distance),
        count(stored, distance)
    );
    Err(table.error(TableErrorKind::Inconsistent(message)))
}

/// Every table a puzzle needs, in the order they are built.
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
    }
}

/// Tables a puzzle can use but does not build on first use (the fifteen puzzle's 7-8
/// databases): `verify` checks them when present, `install` accepts them.
pub fn optional_tables_of(puzzle: Puzzle) -> Vec<TableSpec> {
    match puzzle {
        Puzzle::Fifteen => fifteen::Partition::SevenEight.specs(),
        Puzzle::Eight | Puzzle::Cubic | Puzzle::Rotation | Puzzle::MagicCube => Vec::new(),
    }
}
