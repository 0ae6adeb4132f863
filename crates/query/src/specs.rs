//! Which tables each puzzle reads: the ones it needs ([`tables_of`], built on first use), the
//! optional ones ([`optional_tables_of`]) and every one read when present
//! ([`tables_when_present`]).

use crate::format::{Puzzle, TableSpec};
use crate::{cube, cubic, eight, fifteen, magic_cube, rotation};

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
