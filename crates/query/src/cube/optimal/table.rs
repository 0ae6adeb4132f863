//! The optimal solver's own tables (`gen cube --optimal SIZE`), optional and built on
//! request: today one size, `small` (673 MB): the flip and sorted UD-slice coordinate
//! (2,048 x 11,880) reduced by the 16 symmetries that keep the U-D axis to 1,523,864
//! classes, times the corner twist (2,187), each entry's exact face-turn distance to solved
//! (of those coordinates) modulo 3, five entries a byte ([`optimal_specs`]), and the class
//! finder that gives every raw coordinate's class and the symmetry to its representative
//! from a table small enough for the fast caches (module `classes`).

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, FLIPS, SORTED_SLICES, TWISTS};
use puzzle_tables_models::cube::move_tables::sorted_slice_moves;
use puzzle_tables_models::cube::symmetry::FLIP_SORTED_SLICE_CLASSES;

use crate::cube::classes::{ClassFinder, FLIP_SORTED_SLICE_FINDER};
use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// The sizes of the optimal solver's tables that `gen cube --optimal SIZE` builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimalSize {
    /// Flip x sorted UD-slice classes x twist, 673 MB in two files.
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

/// How many image sorted slices the flip and sorted UD-slice class finder has rows for (a
/// fact of the cube and of the generator's choice of symmetries).
pub const FLIP_SORTED_SLICE_FINDER_ROWS: usize = 788;

/// The flip and sorted UD-slice class finder, as the flip-slice one
/// ([`CLASS_FINDER_SPEC`](crate::cube::CLASS_FINDER_SPEC)), by sorted slice: for each of the
/// 11,880 sorted slices `s`, `row << 15 | c(s) << 4 | σ(s)`, then
/// [`FLIP_SORTED_SLICE_FINDER_ROWS`] rows of 2,048 words, `class * 16 + symmetry` for each
/// flip of the image sorted slice. Four bytes a word.
pub const FLIP_SORTED_SLICE_CLASS_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::SymmetryClass,
    variant: 4,
    encoding: Encoding::U32,
    ranking_version: COORDINATE_VERSION,
    entries: (SORTED_SLICES + FLIP_SORTED_SLICE_FINDER_ROWS * FLIPS) as u64,
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

/// The optimal tables of one size, opened and checked ([`Tables::cube_optimal`](crate::Tables::cube_optimal)):
/// what [`TwoPhaseSolver::solve_optimal`](crate::cube::TwoPhaseSolver::solve_optimal) bounds
/// its search with.
#[derive(Debug)]
pub struct OptimalTables {
    /// [`FLIP_SORTED_SLICE_CLASS_SPEC`], read out.
    classes: ClassFinder,
    /// [`FLIP_SORTED_SLICE_TWIST_SPEC`].
    distances: Table,
    /// The sorted UD-slice after each face turn, `sorted_slice * 18 + move`.
    pub(crate) sorted_slice_moves: Vec<u16>,
}

impl OptimalTables {
    /// The biggest size whose tables `open` finds, or `None` when none of them is there; a
    /// table present but damaged is an error, and so is one missing beside the other, rather
    /// than a silently weaker bound.
    pub(crate) fn open(open: impl Fn(&TableSpec) -> Result<Table, TableError>) -> Result<Option<Self>, TableError> {
        let missing = |error: &TableError| matches!(error.kind(), TableErrorKind::Missing);
        let (classes, distances) = match (open(&FLIP_SORTED_SLICE_CLASS_SPEC), open(&FLIP_SORTED_SLICE_TWIST_SPEC)) {
            (Ok(classes), Ok(distances)) => (classes, distances),
            (Err(first), Err(second)) if missing(&first) && missing(&second) => return Ok(None),
            (Err(first), Err(second)) => return Err(if missing(&first) { second } else { first }),
            (Err(error), Ok(_)) | (Ok(_), Err(error)) => return Err(error),
        };
        let classes = ClassFinder::open(&classes, FLIP_SORTED_SLICE_FINDER)?;
        Ok(Some(OptimalTables { classes, distances, sorted_slice_moves: sorted_slice_moves() }))
    }

    /// The class of the flip and sorted UD-slice coordinate `flip_sorted_slice`, and a
    /// symmetry that takes it to its class's representative.
    #[inline]
    pub(crate) fn class_of(&self, flip_sorted_slice: usize) -> (usize, usize) {
        self.classes.find(flip_sorted_slice)
    }

    /// The class finder, for reads in two steps.
    #[inline]
    pub(crate) fn finder(&self) -> &ClassFinder {
        &self.classes
    }

    /// Starts loading the residue of `entry` into the cache.
    #[inline]
    pub(crate) fn prefetch_residue(&self, entry: usize) {
        crate::map::prefetch(self.distances.payload(), entry / 5);
    }

    /// The face-turn distance of entry `entry` (`class * 2,187 + twist`), modulo 3.
    #[inline]
    pub(crate) fn residue(&self, entry: usize) -> u8 {
        crate::format::BASE3_DIGITS[usize::from(self.distances.payload()[entry / 5])][entry % 5]
    }

    /// The total size of the table files, in bytes.
    pub fn file_bytes(&self) -> u64 {
        self.classes.file_len() + self.distances.file_len()
    }
}
