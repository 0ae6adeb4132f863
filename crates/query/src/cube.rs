//! Any Rubik's cube, by Herbert Kociemba's two-phase algorithm over generated tables.
//!
//! Phase 1 brings the cube into G1 = <U, D, R2, L2, F2, B2>, phase 2 solves it there; see
//! [`crate::cube_search`] for the search. The tables ([`specs`]):
//! - `cube-sym-class.tbl`: for each of the 1,013,760 flip-slice coordinates, its class under
//!   the 16 symmetries that keep the U-D axis and the symmetry that takes it to the class's
//!   representative (`class * 16 + symmetry`, four bytes).
//! - `cube-distance-mod3.tbl`: for each class and corner twist (64,430 x 2,187 entries),
//!   the distance to G1 in face turns, modulo 3, two bits each (35 MB). The search knows the
//!   exact distance of the cube it stands on, and a neighbour's differs by at most one, so
//!   the residue gives it.
//! - `cube-moves-1.tbl`, `cube-moves-2.tbl`: the corner permutation after each face turn and
//!   the U/D edge permutation after each phase-2 move.
//! - `cube-pair-distance-{1,2,3,4}.tbl`: phase-2 distances of corner permutation x slice
//!   permutation and of U/D edge permutation x slice permutation, in face turns (1, 2) and
//!   in quarter turns (3, 4); `cube-pair-distance-{5,6}.tbl`: twist x UD-slice and flip x
//!   UD-slice in quarter turns, which tighten phase 1's bound in QTM.
//!
//! The phase-1 coordinates' move tables are computed at start
//! ([`CoordinateMoves`]).

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::cube::{
    moves_from_turns, moves_text, parse_moves, Cube, CubeError, Facelets, Metric, Move, MoveError,
};

use puzzle_tables_models::cube::coords::{
    COORDINATE_VERSION, CORNER_PERMS, FLIPS, FLIP_SLICES, PHASE2_MOVES, SLICES, SLICE_PERMS, TWISTS, UD_EDGE_PERMS,
};
use puzzle_tables_models::cube::move_tables::CoordinateMoves;
use puzzle_tables_models::cube::symmetry::{twist_conjugates, FLIP_SLICE_CLASSES};

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError};

/// The symmetry classes of the flip-slice coordinate.
pub const CLASSES_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::SymmetryClass,
    variant: 0,
    encoding: Encoding::U32,
    ranking_version: COORDINATE_VERSION,
    entries: FLIP_SLICES as u64,
};

/// Phase-1 distances modulo 3, by flip-slice class and twist.
pub const PHASE1_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::DistanceMod3,
    variant: 0,
    encoding: Encoding::Packed2,
    ranking_version: COORDINATE_VERSION,
    entries: (FLIP_SLICE_CLASSES * TWISTS) as u64,
};

/// A phase-2 permutation coordinate that has its own move table and pairs with the slice
/// permutation in a distance table. Exhaustive: besides the slice permutation, phase 2's
/// permutation coordinates are these two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Permutation {
    /// The eight corners.
    Corners,
    /// The eight edges of the U and D layers.
    UdEdges,
}

impl Permutation {
    /// Both, corners first.
    pub const ALL: [Permutation; 2] = [Permutation::Corners, Permutation::UdEdges];

    /// The number of values.
    pub fn count(self) -> usize {
        match self {
            Permutation::Corners => CORNER_PERMS,
            Permutation::UdEdges => UD_EDGE_PERMS,
        }
    }

    fn variant(self) -> u32 {
        match self {
            Permutation::Corners => 1,
            Permutation::UdEdges => 2,
        }
    }

    /// The moves its table follows: all 18 for the corners (phase 1 follows them too), the
    /// phase-2 moves for the U and D edges.
    pub fn moves(self) -> &'static [Move] {
        match self {
            Permutation::Corners => &Move::ALL,
            Permutation::UdEdges => &PHASE2_MOVES,
        }
    }

    /// The spec of its move table: the value after each of [`Permutation::moves`],
    /// `value * moves + move`.
    pub fn moves_spec(self) -> TableSpec {
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::CoordinateMoves,
            variant: self.variant(),
            encoding: Encoding::U16,
            ranking_version: COORDINATE_VERSION,
            entries: (self.count() * self.moves().len()) as u64,
        }
    }

    /// The spec of its distance table with the slice permutation in `metric`, indexed
    /// `value * 24 + slice_perm`.
    pub fn distance_spec(self, metric: Metric) -> TableSpec {
        let metric_offset = match metric {
            Metric::Htm => 0,
            Metric::Qtm => 2,
        };
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::PairDistance,
            variant: self.variant() + metric_offset,
            encoding: Encoding::Bytes,
            ranking_version: COORDINATE_VERSION,
            entries: (self.count() * SLICE_PERMS) as u64,
        }
    }
}

/// A phase-1 coordinate paired with the UD-slice positions in a quarter-turn distance table:
/// in QTM the face-turn distance of the phase-1 table is a weak bound, and these tighten it.
/// Exhaustive: phase 1's coordinates besides the slice are the twist and the flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase1Pair {
    /// Corner twist x UD-slice positions.
    TwistSlice,
    /// Edge flip x UD-slice positions.
    FlipSlice,
}

impl Phase1Pair {
    /// Both, twist first.
    pub const ALL: [Phase1Pair; 2] = [Phase1Pair::TwistSlice, Phase1Pair::FlipSlice];

    /// The number of values of the coordinate paired with the slice.
    pub fn count(self) -> usize {
        match self {
            Phase1Pair::TwistSlice => TWISTS,
            Phase1Pair::FlipSlice => FLIPS,
        }
    }

    /// The spec of its quarter-turn distance table, indexed `value * 495 + slice`.
    pub fn spec(self) -> TableSpec {
        let variant = match self {
            Phase1Pair::TwistSlice => 5,
            Phase1Pair::FlipSlice => 6,
        };
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::PairDistance,
            variant,
            encoding: Encoding::Bytes,
            ranking_version: COORDINATE_VERSION,
            entries: (self.count() * SLICES) as u64,
        }
    }
}

/// Every cube table, in the order the generator builds them.
pub fn specs() -> Vec<TableSpec> {
    let mut specs = vec![CLASSES_SPEC, PHASE1_SPEC];
    specs.extend(Permutation::ALL.map(Permutation::moves_spec));
    specs.extend(Metric::ALL.into_iter().flat_map(|m| Permutation::ALL.map(|p| p.distance_spec(m))));
    specs.extend(Phase1Pair::ALL.map(Phase1Pair::spec));
    specs
}

/// Checks that a class or move table's entries are in range (a class below 64,430, a
/// coordinate below its count), so that a file with a valid checksum but foreign entries is
/// refused by `verify` rather than making the search index out of bounds.
pub fn check_coordinates(table: &Table) -> Result<(), TableError> {
    let spec = table.spec();
    let (limit, width) = match (spec.kind, spec.variant) {
        (TableKind::SymmetryClass, _) => (FLIP_SLICE_CLASSES * 16, 4),
        (TableKind::CoordinateMoves, 1) => (CORNER_PERMS, 2),
        (TableKind::CoordinateMoves, _) => (UD_EDGE_PERMS, 2),
        _ => return Ok(()),
    };
    let value = |bytes: &[u8]| bytes.iter().rev().fold(0usize, |v, &b| v << 8 | usize::from(b));
    match table.payload().chunks(width).position(|bytes| value(bytes) >= limit) {
        None => Ok(()),
        Some(index) => {
            let message = format!(
                "entry {index} is {}, but every entry is below {limit}",
                value(&table.payload()[index * width..][..width])
            );
            Err(table.error(crate::TableErrorKind::Inconsistent(message)))
        }
    }
}

/// The two-phase solver: its tables, opened and verified, and the move tables computed at
/// start. Open it with [`Tables::cube`](crate::Tables::cube); solve with
/// [`TwoPhaseSolver::solve`].
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::cube::{parse_moves, Cube, Metric};
///
/// let solver = puzzle_tables_query::Tables::open(dir.path())?.cube()?;
/// let cube = Cube::SOLVED.apply_moves(&parse_moves("F2 U'")?);
/// let moves = solver.solve(&cube, Metric::Qtm, 3).expect("three quarter turns suffice");
/// assert_eq!(Metric::Qtm.length(&moves), 3);
/// assert!(cube.apply_moves(&moves).is_solved());
/// assert!(solver.file_bytes() > 0 && solver.phase1_table().metadata().max_depth().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TwoPhaseSolver {
    pub(crate) classes: Table,
    pub(crate) phase1: Table,
    pub(crate) corner_moves: Table,
    pub(crate) edge_moves: Table,
    /// Corner x slice and edge x slice distances, HTM then QTM.
    pub(crate) pair_distances: [[Table; 2]; 2],
    /// Twist x slice and flip x slice quarter-turn distances, for QTM's phase 1.
    pub(crate) phase1_pairs: [Table; 2],
    /// For each corner permutation and metric, the fewest phase-2 moves that solve the
    /// corners (the least over the slice permutations): checked before phase 2 starts.
    pub(crate) corner_bounds: [Vec<u8>; 2],
    pub(crate) coordinate_moves: CoordinateMoves,
    pub(crate) twist_conjugates: &'static [u16],
}

impl TwoPhaseSolver {
    /// Opens every table with `open`.
    pub(crate) fn open_with(mut open: impl FnMut(&TableSpec) -> Result<Table, TableError>) -> Result<Self, TableError> {
        let mut pair = |metric| -> Result<[Table; 2], TableError> {
            Ok([open(&Permutation::Corners.distance_spec(metric))?, open(&Permutation::UdEdges.distance_spec(metric))?])
        };
        let pair_distances = [pair(Metric::Htm)?, pair(Metric::Qtm)?];
        let corner_bounds = pair_distances.each_ref().map(|[corners, _]| {
            corners.payload().chunks(SLICE_PERMS).map(|row| row.iter().copied().min().unwrap_or(0)).collect()
        });
        Ok(TwoPhaseSolver {
            phase1_pairs: [open(&Phase1Pair::TwistSlice.spec())?, open(&Phase1Pair::FlipSlice.spec())?],
            corner_bounds,
            classes: open(&CLASSES_SPEC)?,
            phase1: open(&PHASE1_SPEC)?,
            corner_moves: open(&Permutation::Corners.moves_spec())?,
            edge_moves: open(&Permutation::UdEdges.moves_spec())?,
            pair_distances,
            coordinate_moves: CoordinateMoves::new(),
            twist_conjugates: twist_conjugates(),
        })
    }

    /// The phase-1 table (for its metadata: entries per distance).
    pub fn phase1_table(&self) -> &Table {
        &self.phase1
    }

    /// The total size of the table files, in bytes.
    pub fn file_bytes(&self) -> u64 {
        let pairs = self.pair_distances.iter().flatten().chain(&self.phase1_pairs);
        [&self.classes, &self.phase1, &self.corner_moves, &self.edge_moves]
            .into_iter()
            .chain(pairs)
            .map(Table::file_len)
            .sum()
    }

    /// The entry of the phase-1 table for the raw coordinates: the flip-slice class, and the
    /// twist seen through the symmetry that takes the flip-slice to its representative.
    #[inline]
    pub(crate) fn phase1_index(&self, flip_slice: usize, twist: usize) -> usize {
        let at = flip_slice * 4;
        let bytes = &self.classes.payload()[at..at + 4];
        let class_sym = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
        (class_sym >> 4) * TWISTS + usize::from(self.twist_conjugates[twist * 16 + (class_sym & 15)])
    }

    /// The phase-1 distance of entry `index`, modulo 3.
    #[inline]
    pub(crate) fn phase1_residue(&self, index: usize) -> u8 {
        (self.phase1.payload()[index / 4] >> ((index % 4) * 2)) & 3
    }

    /// The quarter-turn lower bound of phase 1 from the twist and flip paired with the slice.
    #[inline]
    pub(crate) fn phase1_qtm_bound(&self, flip: usize, slice: usize, twist: usize) -> u8 {
        let [twist_slice, flip_slice] = &self.phase1_pairs;
        twist_slice.payload()[twist * SLICES + slice].max(flip_slice.payload()[flip * SLICES + slice])
    }

    /// A permutation's value after move `k` of its table's moves (`width` of them).
    #[inline]
    pub(crate) fn permutation_after(table: &Table, width: usize, value: usize, k: usize) -> usize {
        let at = (value * width + k) * 2;
        let bytes = &table.payload()[at..at + 2];
        usize::from(u16::from_le_bytes([bytes[0], bytes[1]]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Metadata;

    #[test]
    fn a_move_table_with_an_entry_out_of_range_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let spec = Permutation::UdEdges.moves_spec();
        let mut payload = vec![0u8; spec.payload_len().unwrap() as usize];
        let path = dir.path().join(spec.file_name());
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap();
        payload[20..22].copy_from_slice(&(UD_EDGE_PERMS as u16).to_le_bytes());
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        let error = check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap_err();
        assert!(error.to_string().contains("entry 10 is 40320, but every entry is below 40320"), "{error}");
    }
}
