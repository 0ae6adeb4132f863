//! The optimal solver's own tables (`gen cube --optimal SIZE`), optional and built on
//! request: today one size, `small` (763 MB): the flip and sorted UD-slice coordinate
//! (2,048 x 11,880) reduced by the 16 symmetries that keep the U-D axis to 1,523,864
//! classes, times the corner twist (2,187), each entry's exact face-turn distance to solved
//! (of those coordinates) modulo 3, five entries a byte ([`optimal_specs`]), and the class
//! of every raw coordinate with the symmetry to its representative.

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, FLIP_SORTED_SLICES, TWISTS};
use puzzle_tables_models::cube::symmetry::FLIP_SORTED_SLICE_CLASSES;

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};

/// The sizes of the optimal solver's tables that `gen cube --optimal SIZE` builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimalSize {
    /// Flip x sorted UD-slice classes x twist, 763 MB in two files.
    Small,
}

impl OptimalSize {
    /// Every size, smallest first.
    pub const ALL: [OptimalSize; 1] = [OptimalSize::Small];

    /// The size's name on the command line.
    pub fn label(self) -> &'static str {
        match self {
            OptimalSize::Small => "small",
        }
    }

    /// The size named `label` on the command line.
    pub fn from_label(label: &str) -> Option<OptimalSize> {
        OptimalSize::ALL.into_iter().find(|size| size.label() == label)
    }

    /// The size's tables, in the order the generator builds them.
    pub fn specs(self) -> Vec<TableSpec> {
        match self {
            OptimalSize::Small => vec![FLIP_SORTED_SLICE_CLASS_SPEC, FLIP_SORTED_SLICE_TWIST_SPEC],
        }
    }
}

/// Every flip and sorted UD-slice coordinate's class (`sorted_slice * 2,048 + flip`): `class
/// * 16 + s`, where conjugating by `s` gives the class's representative; four bytes each.
pub const FLIP_SORTED_SLICE_CLASS_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::SymmetryClass,
    variant: 4,
    encoding: Encoding::U32,
    ranking_version: COORDINATE_VERSION,
    entries: FLIP_SORTED_SLICES as u64,
};

/// For each flip and sorted UD-slice class and twist (seen through the class's symmetry),
/// `class * 2,187 + twist`, the fewest face turns that solve those coordinates, modulo 3.
pub const FLIP_SORTED_SLICE_TWIST_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::DistanceMod3,
    variant: 3,
    encoding: Encoding::Base3,
    ranking_version: COORDINATE_VERSION,
    entries: (FLIP_SORTED_SLICE_CLASSES * TWISTS) as u64,
};

/// Every optimal table of every size, smallest size first (the search uses the biggest
/// present).
pub fn optimal_specs() -> Vec<TableSpec> {
    OptimalSize::ALL.iter().flat_map(|size| size.specs()).collect()
}
