//! [`check_entries`]: what a checksum cannot check, that a table's entries agree where a
//! reader relies on it and count as its metadata says (`puzzle-tables verify` runs it after
//! the checksum).

use crate::format::{self, Encoding, TableKind};
use crate::table::{compare_counts, Table, TableError, TableErrorKind};
use crate::{cube, magic_cube};

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
