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
/// (the magic cube's keys in order). `puzzle-tables verify` runs it after the checksum;
/// readers trust the checksum, which the generator computed over entries it had checked.
pub fn check_entries(table: &Table) -> Result<(), TableError> {
    match table.spec().puzzle {
        Puzzle::MagicCube => magic_cube::check_key_order(table),
        Puzzle::Eight | Puzzle::Cubic | Puzzle::Rotation | Puzzle::Fifteen => Ok(()),
    }
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
