//! The optimal solver's own tables (`gen cube --optimal SIZE`), optional and built on
//! request, in five sizes ([`optimal_specs`]). `tiny` (3 MB): the corner table, the corner
//! permutation's 2,768 classes (phase 2's) times the twist, each entry's exact face-turn
//! distance that solves the corners, four bits an entry; the search takes the larger of
//! it and the phase-1 bound. `small` (673 MB): the flip and sorted UD-slice coordinate
//! (2,048 x 11,880) reduced by the 16 symmetries that keep the U-D axis to 1,523,864
//! classes, times the corner twist (2,187), each entry's exact face-turn distance to solved
//! (of those coordinates) modulo 3, five entries a byte, and the class finder that gives
//! every raw coordinate's class and the symmetry to its representative from a table small
//! enough for the fast caches (module `classes`). `large` (1.96 GB): the same with the
//! UD-slice and the corner separation (which four corner positions hold the D layer's
//! corners, as nxopt's) beside the flip: 2,048 x 495 x 70 reduced to 4,446,602 classes, times
//! the twist. `levels` (2.49 GB): the tetrads' separation in place of the layers' (which four
//! positions hold the tetrad URF ULB DLF DRB, as H48's; 4,450,362 classes), each entry's
//! distance against a base of 9 in two bits (10, 11, 12 or more), in cache lines that each
//! hold the least distance at or below the base of their entries, as nxopt's (Rokicki):
//! one read a bound, for the cube and its inverse alike. `huge` (3.9 GB): `levels`' classes
//! with their distances modulo 3; for the same entries, where each distance lies against a
//! floor (at or below 10, 11, or more), which bounds the cube's inverse; and `tiny`'s
//! corner table, read near the end of a search.

use puzzle_tables_models::cube::coords::{CornerSplit, SLICE_SEPARATIONS, SORTED_SLICES};
use puzzle_tables_models::cube::flip_rows::FlipRow;
use puzzle_tables_models::cube::move_tables::corner_perm_face_turns;
use puzzle_tables_models::cube::symmetry::{
    FLIP_SLICE_LAYERS_CLASSES, FLIP_SLICE_TETRADS_CLASSES, FLIP_SORTED_SLICE_CLASSES, PERMUTATION_CLASSES,
};

use crate::cube::classes::{class_finder_spec, class_twist_spec, ClassFinder, FinderShape};
use crate::format::{Encoding, TableKind, TableSpec, LEVELS_BASE};

/// [`crate::format::LINE_ENTRIES`], to index in memory.
const LINE_ENTRIES: usize = crate::format::LINE_ENTRIES as usize;
use crate::table::{Table, TableError, TableErrorKind};

/// The sizes of the optimal solver's tables that `gen cube --optimal SIZE` builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimalSize {
    /// Corner permutation classes x twist, 3 MB in one file, beside the phase-1 table.
    Tiny,
    /// Flip x sorted UD-slice classes x twist, 673 MB in two files.
    Small,
    /// Flip x UD-slice x corner separation by layers classes x twist, 1.96 GB in two files.
    Large,
    /// Flip x UD-slice x corner separation by tetrads classes x twist, each entry's distance
    /// against a base in two bits, which bound the cube and its inverse alike, 2.49 GB in two
    /// files.
    Levels,
    /// `large`'s two with the separation by tetrads (the class finder `levels`'), where each
    /// entry's distance lies against a floor, which bounds the cube's inverse too, and `tiny`'s
    /// corner table, 3.9 GB in four files.
    Huge,
}

impl OptimalSize {
    /// Every size, smallest first.
    pub const ALL: [OptimalSize; 5] =
        [OptimalSize::Tiny, OptimalSize::Small, OptimalSize::Large, OptimalSize::Levels, OptimalSize::Huge];

    /// Every size, the fastest first: the order in which the search looks for them. `levels`
    /// leads `huge` in time as in memory (BENCHMARKS.md), so it comes first though smaller.
    pub const PREFERRED: [OptimalSize; 5] =
        [OptimalSize::Levels, OptimalSize::Huge, OptimalSize::Large, OptimalSize::Small, OptimalSize::Tiny];

    /// The size's name on the command line.
    pub fn label(self) -> &'static str {
        match self {
            OptimalSize::Tiny => "tiny",
            OptimalSize::Small => "small",
            OptimalSize::Large => "large",
            OptimalSize::Levels => "levels",
            OptimalSize::Huge => "huge",
        }
    }

    /// The size named `label` on the command line.
    pub fn from_label(label: &str) -> Option<OptimalSize> {
        OptimalSize::ALL.into_iter().find(|size| size.label() == label)
    }

    /// The size's tables, in the order the generator builds them.
    pub fn specs(self) -> Vec<TableSpec> {
        match self {
            OptimalSize::Tiny => vec![CORNER_TWIST_SPEC],
            OptimalSize::Small => vec![FLIP_SORTED_SLICE_CLASS_SPEC, FLIP_SORTED_SLICE_TWIST_SPEC],
            OptimalSize::Large => vec![FLIP_SLICE_LAYERS_CLASS_SPEC, FLIP_SLICE_LAYERS_TWIST_SPEC],
            OptimalSize::Levels => vec![FLIP_SLICE_TETRADS_CLASS_SPEC, FLIP_SLICE_TETRADS_LEVELS_SPEC],
            OptimalSize::Huge => vec![
                FLIP_SLICE_TETRADS_CLASS_SPEC,
                FLIP_SLICE_TETRADS_TWIST_SPEC,
                FLIP_SLICE_TETRADS_ABOVE_SPEC,
                CORNER_TWIST_SPEC,
            ],
        }
    }

    /// The coordinate beside the flip in the size's edge tables (its class finder, then the
    /// distances of its classes x twist), `None` for `tiny` (the corners).
    pub fn flip_row(self) -> Option<FlipRow> {
        match self {
            OptimalSize::Tiny => None,
            OptimalSize::Small => Some(FlipRow::SortedSlice),
            OptimalSize::Large => Some(FlipRow::SliceSeparation(CornerSplit::Layers)),
            OptimalSize::Levels | OptimalSize::Huge => Some(FlipRow::SliceSeparation(CornerSplit::Tetrads)),
        }
    }
}

/// How many image rows the class finder of `row` and the flip has (a fact of the cube and
/// of the generator's choice of symmetries).
pub fn finder_rows(row: FlipRow) -> usize {
    match row {
        FlipRow::SortedSlice => FLIP_SORTED_SLICE_FINDER_ROWS,
        FlipRow::SliceSeparation(CornerSplit::Layers) => FLIP_SLICE_LAYERS_FINDER_ROWS,
        FlipRow::SliceSeparation(CornerSplit::Tetrads) => FLIP_SLICE_TETRADS_FINDER_ROWS,
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
pub const FLIP_SORTED_SLICE_CLASS_SPEC: TableSpec = class_finder_spec(4, SORTED_SLICES, FLIP_SORTED_SLICE_FINDER_ROWS);

/// For each flip and sorted UD-slice class and twist (seen through the class's symmetry),
/// `class * 2,187 + twist`, the fewest face turns that solve those coordinates, modulo 3.
pub const FLIP_SORTED_SLICE_TWIST_SPEC: TableSpec =
    class_twist_spec(TableKind::DistanceMod3, 3, Encoding::Base3, FLIP_SORTED_SLICE_CLASSES);

/// How many image rows the flip, UD-slice and corner separation by layers class finder has.
pub const FLIP_SLICE_LAYERS_FINDER_ROWS: usize = 2_329;

/// The flip, UD-slice and corner separation by layers class finder, as
/// [`FLIP_SORTED_SLICE_CLASS_SPEC`] with the 34,650 values `slice * 70 + separation` in
/// place of the sorted slices.
pub const FLIP_SLICE_LAYERS_CLASS_SPEC: TableSpec =
    class_finder_spec(7, SLICE_SEPARATIONS, FLIP_SLICE_LAYERS_FINDER_ROWS);

/// For each flip, UD-slice and corner separation by layers class and twist (seen through
/// the class's symmetry), `class * 2,187 + twist`, the fewest face turns that solve those
/// coordinates, modulo 3.
pub const FLIP_SLICE_LAYERS_TWIST_SPEC: TableSpec =
    class_twist_spec(TableKind::DistanceMod3, 6, Encoding::Base3, FLIP_SLICE_LAYERS_CLASSES);

/// How many image rows the flip, UD-slice and corner separation by tetrads class finder has.
pub const FLIP_SLICE_TETRADS_FINDER_ROWS: usize = 2_349;

/// The flip, UD-slice and corner separation by tetrads class finder, as
/// [`FLIP_SLICE_LAYERS_CLASS_SPEC`].
pub const FLIP_SLICE_TETRADS_CLASS_SPEC: TableSpec =
    class_finder_spec(6, SLICE_SEPARATIONS, FLIP_SLICE_TETRADS_FINDER_ROWS);

/// As [`FLIP_SLICE_LAYERS_TWIST_SPEC`], the separation by tetrads.
pub const FLIP_SLICE_TETRADS_TWIST_SPEC: TableSpec =
    class_twist_spec(TableKind::DistanceMod3, 5, Encoding::Base3, FLIP_SLICE_TETRADS_CLASSES);

/// For each flip, UD-slice and corner separation by tetrads class and twist (seen through
/// the class's symmetry), `class * 2,187 + twist`, where the fewest face turns that solve
/// those coordinates lie against [`LEVELS_BASE`](crate::format::LEVELS_BASE), in lines that
/// each bound their entries at the base ([`TableKind::DistanceLevels`]).
pub const FLIP_SLICE_TETRADS_LEVELS_SPEC: TableSpec =
    class_twist_spec(TableKind::DistanceLevels, 1, Encoding::Lines2, FLIP_SLICE_TETRADS_CLASSES);

/// The floor of [`FLIP_SLICE_TETRADS_ABOVE_SPEC`]: the distance it tells nothing at or
/// below. Chosen by node counts (BENCHMARKS.md): most entries lie above it, and a search
/// prunes most of its nodes at fewer moves to go.
pub const DISTANCE_FLOOR: u8 = 10;

/// For each entry of [`FLIP_SLICE_TETRADS_TWIST_SPEC`], where its distance lies against
/// [`DISTANCE_FLOOR`]: 0 at or below it, 1 one above, 2 further. The search reads it for the
/// cube's inverse, whose distances it cannot follow move by move as it does the cube's.
pub const FLIP_SLICE_TETRADS_ABOVE_SPEC: TableSpec =
    class_twist_spec(TableKind::DistanceAbove, 1, Encoding::Base3, FLIP_SLICE_TETRADS_CLASSES);

/// Where `distance` lies against [`DISTANCE_FLOOR`], as [`FLIP_SLICE_TETRADS_ABOVE_SPEC`]
/// stores it.
pub fn level_above_floor(distance: u8) -> u8 {
    distance.saturating_sub(DISTANCE_FLOOR).min(2)
}

/// For each corner permutation class (phase 2's, [`Permutation::Corners`](crate::cube::Permutation::Corners))
/// and twist seen through the class's symmetry, `class * 2,187 + twist`, the fewest face
/// turns that solve the corners (at most 11), four bits an entry.
pub const CORNER_TWIST_SPEC: TableSpec =
    class_twist_spec(TableKind::Distance, 1, Encoding::Packed4, PERMUTATION_CLASSES);

/// Every optimal table of every size, smallest size first (the search uses the fastest
/// present), each once (`huge` holds `tiny`'s).
pub fn optimal_specs() -> Vec<TableSpec> {
    let mut specs: Vec<TableSpec> = Vec::new();
    for spec in OptimalSize::ALL.iter().flat_map(|size| size.specs()) {
        if !specs.contains(&spec) {
            specs.push(spec);
        }
    }
    specs
}

/// The optimal tables of one size, opened and checked ([`Tables::cube_optimal`](crate::Tables::cube_optimal)):
/// what [`TwoPhaseSolver::solve_optimal`](crate::cube::TwoPhaseSolver::solve_optimal) bounds
/// its search with.
#[derive(Debug)]
pub struct OptimalTables(pub(crate) SizeTables);

/// The tables of each size.
#[derive(Debug)]
pub(crate) enum SizeTables {
    Tiny(CornerTable),
    /// `small`, `large`, `levels` or `huge`, by the tables' row coordinate and kind of
    /// distances and `huge`'s own tables.
    FlipRow(FlipRowTables),
}

impl OptimalTables {
    /// The fastest size whose tables `open` finds ([`open_preferred_size`]), read out, or
    /// `None` when no size is there.
    pub(crate) fn open(open: impl Fn(&TableSpec) -> Result<Table, TableError>) -> Result<Option<Self>, TableError> {
        let Some((size, files)) = open_preferred_size(open)? else { return Ok(None) };
        let mut files = files.into_iter();
        let mut next = || files.next().expect("open_size gives a table for each spec");
        Ok(Some(OptimalTables(match size {
            OptimalSize::Tiny => SizeTables::Tiny(CornerTable::new(next())),
            OptimalSize::Small | OptimalSize::Large | OptimalSize::Levels | OptimalSize::Huge => {
                let row = size.flip_row().expect("the edge table sizes have a row coordinate");
                let classes = ClassFinder::open(&next(), FinderShape::of(row))?;
                let distances = next();
                let above = (size == OptimalSize::Huge).then(|| Box::new(next()));
                let corners = (size == OptimalSize::Huge).then(|| Box::new(CornerTable::new(next())));
                let row_moves = row.face_turns();
                SizeTables::FlipRow(FlipRowTables { row, classes, distances, above, corners, row_moves })
            }
        })))
    }

    /// The size these tables are.
    pub fn size(&self) -> OptimalSize {
        match self.0 {
            SizeTables::Tiny(_) => OptimalSize::Tiny,
            SizeTables::FlipRow(ref tables) => match (tables.row, &tables.above) {
                (FlipRow::SortedSlice, _) => OptimalSize::Small,
                (FlipRow::SliceSeparation(_), None) if tables.holds_levels() => OptimalSize::Levels,
                (FlipRow::SliceSeparation(_), None) => OptimalSize::Large,
                (FlipRow::SliceSeparation(_), Some(_)) => OptimalSize::Huge,
            },
        }
    }

    /// Whether the tables are memory-mapped (from [`Tables::open_mapped`](crate::Tables::open_mapped))
    /// rather than read into memory.
    pub fn is_mapped(&self) -> bool {
        match &self.0 {
            SizeTables::Tiny(corners) => corners.corners.is_mapped(),
            SizeTables::FlipRow(edges) => edges.distances.is_mapped(),
        }
    }

    /// The total size of the table files, in bytes.
    pub fn file_bytes(&self) -> u64 {
        match &self.0 {
            SizeTables::Tiny(corners) => corners.corners.file_len(),
            SizeTables::FlipRow(edges) => {
                let above = edges.above.as_ref().map_or(0, |above| above.file_len());
                let corners = edges.corners.as_ref().map_or(0, |corners| corners.corners.file_len());
                edges.classes.file_len() + edges.distances.file_len() + above + corners
            }
        }
    }
}

/// The first size of [`OptimalSize::PREFERRED`] with any of its own tables present, and its
/// tables as `open` gives them, in the order of its specs; `None` when no size is there.
/// That size's table damaged, or missing beside the others of its size, is an error rather
/// than a silently weaker bound. Later sizes are not opened: reading and checking `small`'s
/// 673 MB beside `large`'s only to drop it cost a command-line search seconds and 0.6 GB
/// (`verify` still checks every table).
fn open_preferred_size<T>(
    open: impl Fn(&TableSpec) -> Result<T, TableError>,
) -> Result<Option<(OptimalSize, Vec<T>)>, TableError> {
    for size in OptimalSize::PREFERRED {
        if let Some(tables) = open_size(size, &open)? {
            return Ok(Some((size, tables)));
        }
    }
    Ok(None)
}

/// The tables of `size` in the order of its specs, `None` when none of its own is there
/// (those no later size of [`OptimalSize::PREFERRED`] has: `levels` is there by its table of
/// levels, not by the class finder it shares with `huge`, and `huge` by any of its first
/// three); an error when one is damaged or missing beside the others.
fn open_size<T>(
    size: OptimalSize,
    open: &impl Fn(&TableSpec) -> Result<T, TableError>,
) -> Result<Option<Vec<T>>, TableError> {
    let missing = |error: &TableError| matches!(error.kind(), TableErrorKind::Missing);
    let later: Vec<TableSpec> = OptimalSize::PREFERRED
        .into_iter()
        .skip_while(|&other| other != size)
        .skip(1)
        .flat_map(OptimalSize::specs)
        .collect();
    let files: Vec<_> = size.specs().iter().map(|spec| (later.contains(spec), open(spec))).collect();
    if files.iter().all(|(shared, file)| *shared || file.as_ref().is_err_and(missing)) {
        return Ok(None);
    }
    let files = files.into_iter().map(|(_, file)| file);
    let mut errors: Vec<TableError> = Vec::new();
    let mut tables = Vec::new();
    for file in files {
        match file {
            Ok(table) => tables.push(table),
            Err(error) => errors.push(error),
        }
    }
    errors.sort_by_key(|error| missing(error));
    errors.into_iter().next().map_or(Ok(Some(tables)), Err)
}

/// The `tiny` size: [`CORNER_TWIST_SPEC`], and how a face turn moves a corner permutation.
#[derive(Debug)]
pub(crate) struct CornerTable {
    /// [`CORNER_TWIST_SPEC`].
    corners: Table,
    /// The corner permutation after each face turn, `corner_perm * 18 + move`.
    pub(crate) corner_perm_moves: Vec<u16>,
}

impl CornerTable {
    fn new(corners: Table) -> CornerTable {
        CornerTable { corners, corner_perm_moves: corner_perm_face_turns() }
    }

    /// The fewest face turns that solve the corners, of entry `entry` (`class * 2,187 +
    /// twist`).
    #[inline]
    pub(crate) fn distance(&self, entry: usize) -> u8 {
        self.corners.payload()[entry / 2] >> (entry % 2 * 4) & 0b1111
    }
}

/// The `small`, `large` or `huge` size: the class finder of its row coordinate and the flip
/// ([`FLIP_SORTED_SLICE_CLASS_SPEC`], [`FLIP_SLICE_LAYERS_CLASS_SPEC`],
/// [`FLIP_SLICE_TETRADS_CLASS_SPEC`]) read out, and the distances of its classes x twist
/// ([`FLIP_SORTED_SLICE_TWIST_SPEC`], [`FLIP_SLICE_LAYERS_TWIST_SPEC`],
/// [`FLIP_SLICE_TETRADS_TWIST_SPEC`]).
#[derive(Debug)]
pub(crate) struct FlipRowTables {
    /// The coordinate beside the flip.
    pub(crate) row: FlipRow,
    /// The class finder, read out.
    classes: ClassFinder,
    /// The distances modulo 3, or (`levels`) against a base.
    distances: Table,
    /// `huge`'s [`FLIP_SLICE_TETRADS_ABOVE_SPEC`].
    pub(crate) above: Option<Box<Table>>,
    /// `huge`'s last: `tiny`'s corner table.
    pub(crate) corners: Option<Box<CornerTable>>,
    /// The row coordinate after each face turn, `row * 18 + move`.
    pub(crate) row_moves: Vec<u16>,
}

impl FlipRowTables {
    /// The class of the coordinate `row * 2,048 + flip`, and a symmetry that takes it to its
    /// class's representative.
    #[inline]
    pub(crate) fn class_of(&self, row_flip: usize) -> (usize, usize) {
        self.classes.find(row_flip)
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

    /// Starts loading the level above the floor of `entry` (in `above`) into the cache.
    #[inline]
    pub(crate) fn prefetch_above(above: &Table, entry: usize) {
        crate::map::prefetch(above.payload(), entry / 5);
    }

    /// The lower bound of entry `entry`'s distance that `above` tells: the floor and its
    /// level above it, 0 at or below the floor.
    #[inline]
    pub(crate) fn at_least(above: &Table, entry: usize) -> u8 {
        match crate::format::BASE3_DIGITS[usize::from(above.payload()[entry / 5])][entry % 5] {
            0 => 0,
            level => DISTANCE_FLOOR + level,
        }
    }

    /// Whether the distances are levels against a base ([`FLIP_SLICE_TETRADS_LEVELS_SPEC`])
    /// rather than residues.
    pub(crate) fn holds_levels(&self) -> bool {
        self.distances.spec().kind == TableKind::DistanceLevels
    }

    /// Starts loading the line of `entry`'s level into the cache.
    #[inline]
    pub(crate) fn prefetch_level(&self, entry: usize) {
        crate::map::prefetch(self.distances.payload(), entry / LINE_ENTRIES * 64);
    }

    /// The lower bound of entry `entry`'s distance that its level tells: the base and its
    /// level above it, or its line's byte at the base.
    #[inline]
    pub(crate) fn at_least_level(&self, entry: usize) -> u8 {
        let line = &self.distances.payload()[entry / LINE_ENTRIES * 64..][..64];
        let k = entry % LINE_ENTRIES;
        match line[1 + k / 4] >> (k % 4 * 2) & 0b11 {
            0 => line[0],
            level => LEVELS_BASE + level,
        }
    }

    /// The face-turn distance of entry `entry` (`class * 2,187 + twist`), modulo 3.
    #[inline]
    pub(crate) fn residue(&self, entry: usize) -> u8 {
        crate::format::BASE3_DIGITS[usize::from(self.distances.payload()[entry / 5])][entry % 5]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::path::PathBuf;

    /// [`open_preferred_size`] where the tables of `present` are found (what they hold does not
    /// matter here) and the others are missing files: the size chosen or the file of its
    /// error, and the tables asked for, in order.
    fn choose_among(present: &[TableSpec]) -> (Result<Option<OptimalSize>, PathBuf>, Vec<TableSpec>) {
        let dir = tempfile::tempdir().expect("a folder");
        let asked = RefCell::new(Vec::new());
        let chosen = open_preferred_size(|spec| {
            asked.borrow_mut().push(*spec);
            let path = dir.path().join(spec.file_name());
            if present.contains(spec) {
                Ok(())
            } else {
                Table::open(&path, spec).map(drop)
            }
        });
        let chosen = chosen.map(|found| found.map(|(size, _)| size)).map_err(|error| error.path().to_path_buf());
        (chosen, asked.into_inner())
    }

    #[test]
    fn the_fastest_size_present_is_chosen_and_later_ones_are_not_opened() {
        let specs = |size: OptimalSize| size.specs();
        let [tiny, small, large, levels, huge] = OptimalSize::ALL.map(specs);
        // `levels` before `huge`, though smaller; not there by the class finder they share.
        let every = [tiny.clone(), small.clone(), large.clone(), levels.clone(), huge.clone()].concat();
        assert_eq!(choose_among(&every), (Ok(Some(OptimalSize::Levels)), levels.clone()));
        let (chosen, asked) = choose_among(&[tiny.clone(), small.clone(), huge.clone()].concat());
        assert_eq!((chosen, asked), (Ok(Some(OptimalSize::Huge)), [levels.clone(), huge.clone()].concat()));
        let (chosen, asked) = choose_among(&[large.clone(), levels.clone()].concat());
        assert_eq!((chosen, asked), (Ok(Some(OptimalSize::Levels)), levels.clone()));
        let (chosen, asked) = choose_among(&[tiny.clone(), small.clone(), large.clone()].concat());
        let above_large = [levels.clone(), huge.clone()].concat();
        assert_eq!((chosen, asked), (Ok(Some(OptimalSize::Large)), [above_large.clone(), large.clone()].concat()));
        let (chosen, asked) = choose_among(&[tiny.clone(), small.clone()].concat());
        assert_eq!(
            (chosen, asked),
            (Ok(Some(OptimalSize::Small)), [above_large.clone(), large.clone(), small.clone()].concat())
        );
        // A size's table missing beside the others is an error, whatever the smaller sizes hold.
        let (chosen, asked) = choose_among(&[tiny.clone(), small.clone(), vec![large[0]]].concat());
        assert!(chosen.is_err_and(|path| path.ends_with(large[1].file_name())));
        assert_eq!(asked, [above_large, large.clone()].concat());
        let (chosen, _) = choose_among(&[vec![huge[2]], tiny.clone()].concat());
        assert!(chosen.is_err_and(|path| path.ends_with(huge[0].file_name())), "one of huge's own files alone");
        // Its last is `tiny`'s corner table: `huge` without it is refused, naming it.
        let (chosen, _) = choose_among(&[small.clone(), huge[..3].to_vec()].concat());
        assert!(chosen.is_err_and(|path| path.ends_with(tiny[0].file_name())), "huge without the corners");
        let (chosen, asked) = choose_among(&[]);
        assert_eq!(chosen, Ok(None));
        assert_eq!(asked, [levels, huge, large, small, tiny].concat(), "every size, the fastest first");
    }

    #[test]
    fn every_optimal_table_is_listed_once() {
        let specs = optimal_specs();
        assert!(specs.iter().enumerate().all(|(i, spec)| !specs[..i].contains(spec)), "{specs:?}");
        assert!(OptimalSize::ALL.iter().flat_map(|size| size.specs()).all(|spec| specs.contains(&spec)));
    }

    #[test]
    fn the_levels_above_the_floor_bound_the_distance() {
        let levels: Vec<u8> = (0..=20).map(level_above_floor).collect();
        assert_eq!(levels[..=usize::from(DISTANCE_FLOOR)], [0; DISTANCE_FLOOR as usize + 1]);
        assert_eq!(levels[usize::from(DISTANCE_FLOOR) + 1..], [1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    }
}
