//! Any Rubik's cube, by Herbert Kociemba's two-phase algorithm over generated tables.
//!
//! Phase 1 brings the cube into G1 = <U, D, R2, L2, F2, B2>, phase 2 solves it there; see
//! [`search`] for the search. The tables ([`specs`]), 62.5 MB in all:
//! - `cube-sym-class-flip-slice.tbl`: what finds the class of any of the 1,013,760 flip-slice
//!   coordinates under the 16 symmetries that keep the U-D axis, and the symmetry that takes
//!   it to the class's representative (module `classes`; 0.37 MB).
//! - `cube-moves-flip-slice-class.tbl`: for each flip-slice class and face turn, the class and symmetry
//!   after the turn of the class's representative (3.5 MB): phase 1 walks on classes.
//! - `cube-distance-mod3-flip-slice-twist-{htm,qtm}.tbl`: for each class and corner twist
//!   (64,430 x 2,187 entries), the distance to G1 in face turns and in quarter turns,
//!   modulo 3, five entries a byte (28 MB each). The search knows the exact distance of the
//!   cube it stands on, and a neighbour's by a turn of the metric differs by at most one, so
//!   the residue gives it.
//! - `cube-near-graph-flip-slice-twist-{htm,qtm}.tbl`: the phase-1 entries within
//!   [`near_g1_radius`] of G1 in face turns and quarter turns, as a graph: each
//!   entry's distance, and the node and symmetry each face turn leads to (module
//!   `near`; 0.5 and 1.3 MB).
//! - `cube-sym-class-{corner,ud-edge}-perm.tbl`: for each corner permutation and
//!   U/D edge permutation, its class under the same symmetries (2,768 classes each) and
//!   the symmetry to the class's representative (two bytes).
//! - `cube-moves-{corner,ud-edge}-perm-class.tbl`: for each corner and U/D edge class
//!   and phase-2 move, the class and symmetry of the representative after the move.
//! - `cube-pair-distance-{corner,ud-edge}-perm-slice-perm-{htm,qtm}.tbl`: phase-2 distances
//!   of corner class x slice permutation and of U/D edge class x slice permutation, in face
//!   turns (four bits each) and in quarter turns (a byte each).
//!
//! Phase 2 works on the classes (module `phase2`), so that its tables stay in the
//! fast caches. Earlier versions' variants (raw-permutation move and pair tables) are left
//! unused in an old tables directory, and `verify` names them (so is the table of every
//! flip-slice coordinate's class, `cube-sym-class.tbl`, 3 MB). A directory from before the
//! class moves lacks them, so the cube's tables are built again.
//!
//! The phase-1 coordinates' move tables are computed at start
//! ([`CoordinateMoves`]).
//!
//! The optional large set ([`large_specs`], `gen cube --large`, 676 MB) is two tables:
//! - `cube-distance-steps-flip-slice-twist-htm.tbl`: each phase-1 entry's exact distance in
//!   face turns and whether each face turn brings it closer (module `steps`, 564 MB). The
//!   face-turn search reads one word per node it stands on instead of a residue per child.
//! - `cube-pair-distance-corner-perm-class-ud-edge-perm-htm.tbl`: for each corner class and
//!   U/D-edge permutation, the fewest phase-2 face turns that solve both (module
//!   `corner_edges`, a byte each, 112 MB): phase 2's bound, with the pair tables'.
//!
//! Each is used when present; the answers are the same.
//!
//! The optimal solver's own tables (`gen cube --optimal SIZE`, [`optimal::optimal_specs`])
//! are optional too, and not the solver's: they bound only `solve_optimal`, so they are
//! opened apart ([`Tables::cube_optimal`](crate::Tables::cube_optimal)), by the first optimal
//! search, and a two-phase search never reads their 673 MB.

mod classes;
mod corner_edges;
mod near;
pub mod optimal;
mod phase2;
pub mod search;
mod steps;
mod threads;

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::cube::{
    moves_from_turns, moves_text, parse_moves, Cube, CubeError, Facelets, Metric, Move, MoveError,
};

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, SLICES, TWISTS};
use puzzle_tables_models::cube::move_tables::CoordinateMoves;
use puzzle_tables_models::cube::symmetry::{twist_conjugates, FLIP_SLICE_CLASSES, PERMUTATION_CLASSES, SYMMETRIES};

pub(crate) use corner_edges::check_corner_edges;
pub use corner_edges::{corner_class_steps, corner_edge_distance_spec};
pub(crate) use near::check_near_graph;
pub use near::{near_g1_radius, near_graph_spec};
pub use phase2::Permutation;
pub(crate) use steps::check_steps;
pub use steps::{phase1_steps_spec, phase1_steps_word, step_distance_of};

use crate::format::{self, Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError};
use classes::{class_finder_spec, class_twist_spec, ClassFinder, FinderShape, SymmetricTurns, FLIP_SLICE_FINDER};
use corner_edges::CornerEdgeDistances;
use near::NearG1;
use phase2::Phase2Tables;
use steps::Phase1Steps;
use threads::SearchThreads;

/// How many image slices the class finder has rows for (a fact of the cube and of the
/// generator's choice of symmetries).
pub const CLASS_FINDER_ROWS: usize = 45;

/// The flip-slice class finder (variant 0 was every coordinate's class): for each of the
/// 495 slices `s`, `row << 15 | c(s) << 4 | σ(s)` (conjugating by σ(s) takes the
/// flip-slices of slice `s` to the image slice whose row is `row`, no flips to flips
/// `c(s)`), then [`CLASS_FINDER_ROWS`] rows of 2,048 words, `class * 16 + symmetry` for each
/// flip of the image slice (module `classes`).
pub const CLASS_FINDER_SPEC: TableSpec = class_finder_spec(3, SLICES, CLASS_FINDER_ROWS);

/// The flip-slice class moves: for each class and face turn (`class * 18 + move`), the
/// representative after the turn as `class * 16 + s`, where conjugating by `s` gives that
/// class's representative; three bytes an entry.
pub const CLASS_MOVES_SPEC: TableSpec = TableSpec {
    puzzle: Puzzle::Cube,
    kind: TableKind::CoordinateMoves,
    variant: 5,
    encoding: Encoding::U24,
    ranking_version: COORDINATE_VERSION,
    entries: (FLIP_SLICE_CLASSES * Move::COUNT) as u64,
};

/// The spec of the phase-1 distances in `metric`, modulo 3, by flip-slice class and twist.
pub fn phase1_spec(metric: Metric) -> TableSpec {
    class_twist_spec(TableKind::DistanceMod3, metric as u32 + 1, Encoding::Base3, FLIP_SLICE_CLASSES)
}

/// Every cube table, in the order the generator builds them.
pub fn specs() -> Vec<TableSpec> {
    let mut specs = vec![CLASS_FINDER_SPEC, CLASS_MOVES_SPEC];
    specs.extend(Metric::ALL.map(phase1_spec));
    specs.extend(Metric::ALL.map(near_graph_spec));
    specs.extend(Permutation::ALL.map(Permutation::classes_spec));
    specs.extend(Permutation::ALL.map(Permutation::moves_spec));
    specs.extend(Metric::ALL.into_iter().flat_map(|m| Permutation::ALL.map(|p| p.distance_spec(m))));
    specs
}

/// The cube's optional large table set: tables the solver uses when present, built only on
/// request (`puzzle-tables gen cube --large`).
pub fn large_specs() -> Vec<TableSpec> {
    vec![phase1_steps_spec(), corner_edge_distance_spec()]
}

/// The table of `spec` opened with `open`, or `None` when it is missing (an optional one).
fn open_optional(
    open: impl Fn(&TableSpec) -> Result<Table, TableError>,
    spec: &TableSpec,
) -> Result<Option<Table>, TableError> {
    match open(spec) {
        Ok(table) => Ok(Some(table)),
        Err(error) if matches!(error.kind(), crate::TableErrorKind::Missing) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Checks that a class or move table's entries are in range (a class below 64,430, a
/// coordinate below its count), so that a file with a valid checksum but foreign entries is
/// refused rather than making the search index out of bounds.
pub fn check_coordinates(table: &Table) -> Result<(), TableError> {
    let spec = table.spec();
    if *spec == CLASS_FINDER_SPEC {
        return ClassFinder::open(table, FLIP_SLICE_FINDER).map(drop);
    }
    let optimal_finder = optimal::OptimalSize::ALL.into_iter().find(|size| size.specs()[0] == *spec);
    if let Some(row) = optimal_finder.and_then(optimal::OptimalSize::flip_row) {
        return ClassFinder::open(table, FinderShape::of(row)).map(drop);
    }
    let (limit, width) = match (spec.kind, spec.variant) {
        (TableKind::CoordinateMoves, 5) => (FLIP_SLICE_CLASSES * 16, 3),
        (TableKind::SymmetryClass | TableKind::CoordinateMoves, _) => (PERMUTATION_CLASSES * 16, 2),
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
/// assert!(solver.file_bytes() > 0 && solver.phase1_table(Metric::Qtm).metadata().max_depth().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TwoPhaseSolver {
    /// The flip-slice class moves ([`CLASS_MOVES_SPEC`]).
    class_moves: Table,
    /// Face turns through symmetries, for walking on classes.
    pub(crate) turns: SymmetricTurns,
    /// Phase-1 distances modulo 3, HTM then QTM.
    pub(crate) phase1: [Table; 2],
    /// Phase 2's tables, on symmetry classes.
    pub(crate) phase2: Phase2Tables,
    pub(crate) coordinate_moves: CoordinateMoves,
    /// The class table's answers from the fast caches.
    pub(crate) class_finder: ClassFinder,
    pub(crate) twist_conjugates: &'static [u16],
    /// The phase-1 entries near G1, as a graph, HTM then QTM.
    near_g1: [NearG1; 2],
    /// The large set's phase-1 steps in face turns, when present.
    pub(crate) phase1_steps: Option<Phase1Steps>,
    /// The large set's phase-2 corner and U/D-edge distances in face turns, when present.
    pub(crate) corner_edges: Option<CornerEdgeDistances>,
    /// How many threads a search may use ([`TwoPhaseSolver::with_threads`]).
    pub(crate) threads: usize,
    /// The two-phase searches' helper threads (`threads - 1`), started by the first search
    /// that has work for them, kept between searches, ended when the solver is dropped.
    helpers: SearchThreads,
}

impl TwoPhaseSolver {
    /// Opens every table with `open`, and the large set's when present. Reading in and
    /// checking the two phase-1 tables (56 MB) takes about as long as computing the small
    /// tables, so a second thread does it.
    pub(crate) fn open_with(open: impl Fn(&TableSpec) -> Result<Table, TableError> + Sync) -> Result<Self, TableError> {
        std::thread::scope(|scope| {
            let phase1 = scope.spawn(|| Ok([open(&phase1_spec(Metric::Htm))?, open(&phase1_spec(Metric::Qtm))?]));
            let phase1_steps = open_optional(&open, &phase1_steps_spec())?.map(Phase1Steps::open).transpose()?;
            let corner_edges =
                open_optional(&open, &corner_edge_distance_spec())?.map(CornerEdgeDistances::open).transpose()?;
            let phase2 = Phase2Tables::open(&open)?;
            let near_g1 = [
                NearG1::open(&open(&near_graph_spec(Metric::Htm))?, Metric::Htm)?,
                NearG1::open(&open(&near_graph_spec(Metric::Qtm))?, Metric::Qtm)?,
            ];
            let class_finder = ClassFinder::open(&open(&CLASS_FINDER_SPEC)?, FLIP_SLICE_FINDER)?;
            let class_moves = open(&CLASS_MOVES_SPEC)?;
            check_coordinates(&class_moves)?;
            let (coordinate_moves, twist_conjugates) = (CoordinateMoves::new(), twist_conjugates());
            Ok(TwoPhaseSolver {
                phase1: phase1.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))?,
                class_moves,
                turns: SymmetricTurns::new(),
                class_finder,
                phase2,
                near_g1,
                phase1_steps,
                corner_edges,
                coordinate_moves,
                twist_conjugates,
                threads: 1,
                helpers: SearchThreads::default(),
            })
        })
    }

    /// The solver with searches on `threads` threads (1, the default, searches on the
    /// caller's thread). The answers are the same whatever the number: each thread takes the
    /// next task (a phase-1 length, direction and first turn) of the single-threaded order,
    /// and the solution of the first in that order that finds one is the answer. The
    /// `threads - 1` helper threads are started by the first search that has work for them,
    /// kept for the next searches (several at once on one solver share them) and ended when
    /// the solver is dropped.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Cube, dir.path(), &mut puzzle_tables_generator::Silent)?;
    /// use puzzle_tables_query::cube::{parse_moves, Cube, Metric};
    ///
    /// let one = puzzle_tables_query::Tables::open(dir.path())?.cube()?;
    /// let two = puzzle_tables_query::Tables::open(dir.path())?.cube()?.with_threads(2);
    /// let cube = Cube::SOLVED.apply_moves(&parse_moves("R U2 F' L D' B2 R' U F2 D L' B")?);
    /// assert_eq!(one.solve(&cube, Metric::Qtm, 26), two.solve(&cube, Metric::Qtm, 26));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_threads(mut self, threads: usize) -> TwoPhaseSolver {
        self.threads = threads.max(1);
        self.helpers = SearchThreads::new(self.threads - 1);
        self
    }

    /// The solver without the large set's tables, as if they were absent (to compare the
    /// two sets in one run; the answers are the same).
    pub fn without_large_tables(mut self) -> TwoPhaseSolver {
        self.phase1_steps = None;
        self.corner_edges = None;
        self
    }

    /// Whether the large set's tables are open (and used for face-turn searches).
    pub fn has_large_tables(&self) -> bool {
        self.phase1_steps.is_some() && self.corner_edges.is_some()
    }

    /// The graph of the phase-1 entries near G1 in `metric`.
    pub(crate) fn near_g1(&self, metric: Metric) -> &NearG1 {
        &self.near_g1[metric as usize]
    }

    /// The phase-1 table of `metric` (for its metadata: entries per distance).
    pub fn phase1_table(&self, metric: Metric) -> &Table {
        &self.phase1[metric as usize]
    }

    /// The total size of the table files, in bytes.
    pub fn file_bytes(&self) -> u64 {
        let graphs: u64 = self.near_g1.iter().map(NearG1::file_len).sum();
        graphs
            + self.class_finder.file_len()
            + std::iter::once(&self.class_moves)
                .chain(&self.phase1)
                .chain(self.phase2.files())
                .chain(self.phase1_steps.iter().map(Phase1Steps::table))
                .chain(self.corner_edges.iter().map(CornerEdgeDistances::table))
                .map(Table::file_len)
                .sum::<u64>()
    }

    /// The entry of the phase-1 tables for the raw coordinates (the flip-slice class, and
    /// the twist seen through the symmetry that takes the flip-slice to its class's
    /// representative), and that symmetry.
    #[inline]
    pub(crate) fn phase1_index(&self, flip_slice: usize, twist: usize) -> (usize, usize) {
        let (class, symmetry) = self.class_finder.find(flip_slice);
        (self.phase1_entry(class, symmetry, twist), symmetry)
    }

    /// The entry of the phase-1 tables for flip-slice class `class` seen through `symmetry`
    /// and the raw twist `twist`.
    #[inline]
    pub(crate) fn phase1_entry(&self, class: usize, symmetry: usize, twist: usize) -> usize {
        class * TWISTS + usize::from(self.twist_conjugates[twist * 16 + symmetry])
    }

    /// The row of flip-slice class `class` in the class moves.
    #[inline]
    pub(crate) fn class_moves(&self, class: usize) -> ClassMoves<'_> {
        ClassMoves(&self.class_moves.payload()[class * Move::COUNT * 3..][..Move::COUNT * 3])
    }

    /// Starts loading the row of flip-slice class `class` in the class moves into the cache.
    #[inline]
    pub(crate) fn prefetch_class_moves(&self, class: usize) {
        let payload = self.class_moves.payload();
        crate::map::prefetch(payload, class * Move::COUNT * 3);
        crate::map::prefetch(payload, (class + 1) * Move::COUNT * 3 - 1);
    }

    /// Starts loading the phase-1 entry `index` of `metric` into the cache.
    #[inline]
    pub(crate) fn prefetch_phase1(&self, metric: Metric, index: usize) {
        crate::map::prefetch(self.phase1[metric as usize].payload(), index / 5);
    }

    /// The phase-1 distance in `metric` of entry `index`, modulo 3.
    #[inline]
    pub(crate) fn phase1_residue(&self, metric: Metric, index: usize) -> u8 {
        let byte = self.phase1[metric as usize].payload()[index / 5];
        format::BASE3_DIGITS[usize::from(byte)][index % 5]
    }
}

/// A flip-slice class's row in the class moves: where each face turn of its representative
/// leads.
#[derive(Clone, Copy)]
pub(crate) struct ClassMoves<'a>(&'a [u8]);

impl ClassMoves<'_> {
    /// The class face turn `m` (by index) leads to, and the symmetry to its representative.
    #[inline]
    pub(crate) fn after(self, m: usize) -> (usize, usize) {
        let bytes = &self.0[m * 3..m * 3 + 3];
        let word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], 0]) as usize;
        (word / SYMMETRIES, word % SYMMETRIES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Metadata;
    use puzzle_tables_models::cube::coords::FLIP_SLICES;

    #[test]
    fn a_move_table_with_an_entry_out_of_range_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let spec = Permutation::UdEdges.moves_spec();
        let mut payload = vec![0u8; spec.payload_len().unwrap() as usize];
        let path = dir.path().join(spec.file_name());
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap();
        let limit = (PERMUTATION_CLASSES * 16) as u16;
        payload[20..22].copy_from_slice(&limit.to_le_bytes());
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        let error = check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap_err();
        assert!(error.to_string().contains("entry 10 is 44288, but every entry is below 44288"), "{error}");
    }

    #[test]
    fn a_class_move_out_of_range_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let spec = CLASS_MOVES_SPEC;
        let mut payload = vec![0u8; spec.payload_len().unwrap() as usize];
        let path = dir.path().join(spec.file_name());
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap();
        let limit = (FLIP_SLICE_CLASSES * 16) as u32;
        payload[3 * 7..3 * 8].copy_from_slice(&limit.to_le_bytes()[..3]);
        std::fs::write(&path, spec.encode_file(&Metadata::default(), &payload)).unwrap();
        let error = check_coordinates(&Table::open_verified(&path, &spec).unwrap()).unwrap_err();
        assert!(error.to_string().contains("entry 7 is 1030880, but every entry is below 1030880"), "{error}");
    }

    /// What the search does away from G1: a node is a class seen through a symmetry, and a
    /// turn is the class move of the conjugated turn. Checked against the raw coordinates'
    /// move tables and conjugation, for every face turn of every 97th flip-slice.
    #[test]
    fn walking_on_classes_follows_the_raw_coordinates() {
        use puzzle_tables_generator::cube::{build_class_moves_table, flip_slice_classes, flip_slice_finder_words};
        use puzzle_tables_models::cube::symmetry::conjugate_flip_slice;
        let classes = flip_slice_classes();
        let class_moves = build_class_moves_table(&classes).payload;
        let finder = ClassFinder::from_words(&flip_slice_finder_words(&classes), FLIP_SLICE_FINDER).unwrap();
        let (moves, turns) = (CoordinateMoves::new(), SymmetricTurns::new());
        for flip_slice in (0..FLIP_SLICES).step_by(97) {
            let (class, s) = finder.find(flip_slice);
            let row = ClassMoves(&class_moves[class * Move::COUNT * 3..][..Move::COUNT * 3]);
            for m in Move::ALL {
                let (next, t) = row.after(turns.conjugated(s, m));
                let (turned, _) = moves.moved(flip_slice, 0, m.index());
                assert_eq!(finder.find(turned).0, next, "flip-slice {flip_slice}, {m}");
                let seen = conjugate_flip_slice(turned as u32, turns.then(t, s));
                assert_eq!(seen, classes.representatives[next], "flip-slice {flip_slice}, {m}");
            }
        }
    }
}
