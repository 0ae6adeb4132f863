//! Flip-slice symmetry classes, from tables small enough for the fast caches: the class of
//! any flip-slice coordinate, or the optimal solver's flip and sorted UD-slice, or flip,
//! UD-slice and corner separation coordinate ([`ClassFinder`]), and
//! how the face turns combine with the symmetries ([`SymmetricTurns`]).
//!
//! A finder's table holds just what the symmetries' structure needs: for the flip-slice
//! (`cube-sym-class-flip-slice.tbl`) 0.37 MB where a table of every coordinate's class took
//! 3 MB, for the flip and sorted UD-slice (`cube-sym-class-flip-sorted-slice.tbl`, the optimal
//! solver's) 6.5 MB where it took 97 MB. Below, "slice" is the slice coordinate of either:
//! - a symmetry moves the slice edges' positions whatever the flips, so conjugating by one
//!   symmetry σ(s) takes every flip-slice with slice `s` to one slice `r(s)`, and the slices
//!   fall into a few such images (45 of the 495 slices, 788 of the 11,880 sorted slices);
//! - it changes the flips affinely: flip `f` at slice `s` becomes `L(f) xor c(s)`, where `L`
//!   (linear in `f`'s bits) permutes the edges and `c(s)`, the image of no flips, is what the
//!   quarter turns about the U-D axis do to the slice edges' flips;
//! - so the class of `(s, f)` is that of `(r(s), L(f) xor c(s))`, read from the rows of the
//!   images `r`, and its symmetry is σ(s) followed by that row's.
//!
//! The table holds, for each slice, its image's row, `c(s)` and σ(s), then the rows; `L` is
//! computed at start (16 symmetries x 11 flip bits). In most rows each flip is its own
//! class's representative, the classes numbered in order: those rows' classes are computed
//! rather than read (a random read of `large`'s 19 MB saved on 93% of the coordinates, 7 to
//! 8% less time for the optimal search: BENCHMARKS.md).

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, FLIPS, SLICES, TWISTS};
use puzzle_tables_models::cube::flip_rows::FlipRow;
use puzzle_tables_models::cube::symmetry::{self, conjugate_flip_slice, products, FLIP_SLICE_CLASSES, SYMMETRIES};
use puzzle_tables_models::cube::Move;

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::map::HugeBytes;
use crate::table::{Table, TableError, TableErrorKind};

/// The spec of a class finder's table (variant `variant`) over a coordinate of `slices`
/// slices whose images have `rows` rows: for each slice its image's row, `c(s)` and σ(s),
/// then a word for each flip of each row.
pub(crate) const fn class_finder_spec(variant: u32, slices: usize, rows: usize) -> TableSpec {
    TableSpec {
        puzzle: Puzzle::Cube,
        kind: TableKind::SymmetryClass,
        variant,
        encoding: Encoding::U32,
        ranking_version: COORDINATE_VERSION,
        entries: (slices + rows * FLIPS) as u64,
    }
}

/// The spec of a cube table with an entry for each of `classes` symmetry classes and twist
/// seen through the class's symmetry, `class * 2,187 + twist`.
pub(crate) const fn class_twist_spec(kind: TableKind, variant: u32, encoding: Encoding, classes: usize) -> TableSpec {
    TableSpec {
        puzzle: Puzzle::Cube,
        kind,
        variant,
        encoding,
        ranking_version: COORDINATE_VERSION,
        entries: (classes * TWISTS) as u64,
    }
}

/// Which coordinate a [`ClassFinder`] finds the classes of: how many slices it has (the
/// values of its slice part) and how many classes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FinderShape {
    slices: usize,
    classes: usize,
}

/// The flip-slice coordinate's (the two-phase solver's).
pub(crate) const FLIP_SLICE_FINDER: FinderShape = FinderShape { slices: SLICES, classes: FLIP_SLICE_CLASSES };

impl FinderShape {
    /// The optimal solver's coordinate `row * 2,048 + flip` of `row`.
    pub(crate) fn of(row: FlipRow) -> FinderShape {
        FinderShape { slices: row.count(), classes: row.classes() }
    }
}

/// The class and symmetry of every coordinate of a [`FinderShape`] (`slice * 2,048 + flip`),
/// as [`ClassFinder::find`] gives them.
#[derive(Debug)]
pub(crate) struct ClassFinder {
    /// For each slice `s`: its image's row in `rows` (bits 15 and up), `c(s)` (bits 4 to 14)
    /// and σ(s) (bits 0 to 3).
    slices: Vec<u32>,
    /// `linear[σ * FLIPS + f]`: `L(f)` for symmetry σ.
    linear: Vec<u16>,
    /// The images' rows: `class * 16 + symmetry` for each flip, four bytes little-endian,
    /// on huge pages where offered (the optimal solver's are 6.5 MB, read at random).
    rows: HugeBytes,
    /// For each row whose flips are each its own class's representative, numbered in order
    /// (entry `f` is `(first + f) * 16`), `first`; [`ClassFinder::NOT_IN_ORDER`] for the
    /// others. Most rows are (2,011 of `large`'s 2,349): their classes follow without a read.
    firsts: Vec<u32>,
    /// The symmetries' products ([`products`]).
    products: &'static [[u8; SYMMETRIES]; SYMMETRIES],
    /// The size of the table file it was read from.
    file_len: u64,
}

impl ClassFinder {
    /// Reads the finder of `shape` out of its table, refusing a slice whose row is no row and
    /// a class out of range: the search would index out of bounds.
    pub(crate) fn open(table: &Table, shape: FinderShape) -> Result<ClassFinder, TableError> {
        let words: Vec<u32> =
            table.payload().chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
        let finder =
            ClassFinder::from_words(&words, shape).map_err(|what| table.error(TableErrorKind::Inconsistent(what)))?;
        Ok(ClassFinder { file_len: table.file_len(), ..finder })
    }

    /// The finder of `shape` of the table's words: for each slice, `row << 15 | c(s) << 4 |
    /// σ(s)`, then the rows; or what is wrong with them.
    pub(crate) fn from_words(words: &[u32], shape: FinderShape) -> Result<ClassFinder, String> {
        let (slices, rows) = words.split_at(shape.slices.min(words.len()));
        let row_count = rows.len() / FLIPS;
        if let Some(slice) = slices.iter().position(|&word| (word >> 15) as usize >= row_count) {
            return Err(format!("slice {slice}: its row {} is no row", slices[slice] >> 15));
        }
        if let Some(at) = rows.iter().position(|&word| word as usize >= shape.classes * SYMMETRIES) {
            return Err(format!(
                "row entry {at} is {}, but every entry is below {}",
                rows[at],
                shape.classes * SYMMETRIES
            ));
        }
        let linear = (0..SYMMETRIES)
            .flat_map(|symmetry| {
                let none = conjugate_flip_slice(0, symmetry);
                let bits: [u16; 11] =
                    std::array::from_fn(|bit| (conjugate_flip_slice(1 << bit, symmetry) ^ none) as u16);
                (0..FLIPS)
                    .map(move |flip| (0..11).filter(|bit| flip >> bit & 1 == 1).fold(0, |image, bit| image ^ bits[bit]))
            })
            .collect();
        let mut row_bytes = HugeBytes::zeroed(rows.len() * 4);
        row_bytes.chunks_exact_mut(4).zip(rows).for_each(|(bytes, word)| bytes.copy_from_slice(&word.to_le_bytes()));
        let firsts = rows.chunks_exact(FLIPS).map(ClassFinder::first_in_order).collect();
        Ok(ClassFinder { slices: slices.to_vec(), linear, rows: row_bytes, firsts, products: products(), file_len: 0 })
    }

    /// What [`ClassFinder::firsts`] holds for `row`.
    fn first_in_order(row: &[u32]) -> u32 {
        let first = row[0] / SYMMETRIES as u32;
        let in_order = row.iter().zip(first..).all(|(&entry, class)| entry == class * SYMMETRIES as u32);
        if in_order {
            first
        } else {
            ClassFinder::NOT_IN_ORDER
        }
    }

    /// In [`ClassFinder::firsts`], a row whose classes are read.
    const NOT_IN_ORDER: u32 = u32::MAX;

    /// The size of the table file it was read from.
    pub(crate) fn file_len(&self) -> u64 {
        self.file_len
    }

    /// The class of `flip_slice` (`slice * 2,048 + flip`) and a symmetry that takes it to the
    /// class's representative.
    #[inline]
    pub(crate) fn find(&self, flip_slice: usize) -> (usize, usize) {
        let (word, symmetry) = self.locate(flip_slice);
        self.class_at(word, symmetry)
    }

    /// Where the class of `flip_slice` is read ([`ClassFinder::class_at`]): the word of its
    /// image's row, and σ of its slice. From tables of the fastest caches only.
    #[inline]
    pub(crate) fn locate(&self, flip_slice: usize) -> (usize, usize) {
        let (slice, flip) = (flip_slice / FLIPS, flip_slice % FLIPS);
        let at = self.slices[slice] as usize;
        let symmetry = at % SYMMETRIES;
        let image = usize::from(self.linear[symmetry * FLIPS + flip]) ^ (at >> 4 & (FLIPS - 1));
        ((at >> 15) * FLIPS + image, symmetry)
    }

    /// Starts loading row word `word` into the cache, unless its class follows without it.
    #[inline]
    pub(crate) fn prefetch_row(&self, word: usize) {
        if self.firsts[word / FLIPS] == ClassFinder::NOT_IN_ORDER {
            crate::map::prefetch(&self.rows, word * 4);
        }
    }

    /// The class and symmetry of what [`ClassFinder::locate`] gave `(word, symmetry)`.
    #[inline]
    pub(crate) fn class_at(&self, word: usize, symmetry: usize) -> (usize, usize) {
        let first = self.firsts[word / FLIPS];
        if first != ClassFinder::NOT_IN_ORDER {
            return (first as usize + word % FLIPS, symmetry);
        }
        let bytes = &self.rows[word * 4..word * 4 + 4];
        let entry = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
        (entry / SYMMETRIES, usize::from(self.products[entry % SYMMETRIES][symmetry]))
    }

    /// How many bytes its tables take.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.slices.len() * 4 + self.linear.len() * 2 + self.rows.len() + self.firsts.len() * 4
    }
}

/// Face turns seen through symmetries, and symmetries composed: what walking on classes
/// takes. A node seen through `S` (conjugating its coordinates by `S` gives its class's
/// representative's) turned by `m` is its representative turned by `S m S^-1`; when that
/// leads to coordinates that `T` takes to their class's representative, the child is seen
/// through `T S`.
#[derive(Debug)]
pub(crate) struct SymmetricTurns {
    /// `conjugated[s][m]`: the index of the face turn `S m S^-1`.
    conjugated: [[u8; Move::COUNT]; SYMMETRIES],
    products: &'static [[u8; SYMMETRIES]; SYMMETRIES],
}

impl SymmetricTurns {
    pub(crate) fn new() -> SymmetricTurns {
        SymmetricTurns {
            conjugated: std::array::from_fn(|s| Move::ALL.map(|m| symmetry::conjugate_move(m, s).index() as u8)),
            products: products(),
        }
    }

    /// The index of the face turn `S m S^-1`, for a node seen through symmetry `s`.
    #[inline]
    pub(crate) fn conjugated(&self, s: usize, m: Move) -> usize {
        usize::from(self.conjugated[s][m.index()])
    }

    /// The symmetry a child is seen through: `t`, the one its row gives, after its parent's `s`.
    #[inline]
    pub(crate) fn then(&self, t: usize, s: usize) -> usize {
        usize::from(self.products[t][s])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::optimal::OptimalSize;
    use crate::table::Table;
    use puzzle_tables_generator::class_walk::SymmetryClasses;
    use puzzle_tables_models::cube::coords::CornerSplit;
    use puzzle_tables_models::cube::coords::FLIP_SLICES;

    /// Checks that `finder` gives every coordinate below `count` the generator's class, and a
    /// symmetry that takes it to the representative: the generator's, or that followed by one
    /// of the symmetries that fix the representative (then as good).
    fn check_every_coordinate(finder: &ClassFinder, classes: &SymmetryClasses, count: usize) {
        for value in 0..count {
            let (class, symmetry) = finder.find(value);
            let expected = classes.class_of[value] as usize;
            assert_eq!(class, expected / SYMMETRIES, "coordinate {value}");
            let between = symmetry::product(symmetry, symmetry::inverse(expected % SYMMETRIES));
            assert_eq!(classes.self_symmetries[class] >> between & 1, 1, "coordinate {value}, symmetry {symmetry}");
        }
    }

    #[test]
    fn every_flip_slice_gets_its_class_and_a_symmetry_to_the_representative() {
        let classes = puzzle_tables_generator::cube::flip_slice_classes();
        let words = puzzle_tables_generator::cube::flip_slice_finder_words(&classes);
        let finder = ClassFinder::from_words(&words, FLIP_SLICE_FINDER).unwrap();
        assert!(finder.bytes() < 512 * 1024, "{} bytes", finder.bytes());
        check_every_coordinate(&finder, &classes, FLIP_SLICES);
    }

    /// The optimal solver's finder of `row`, on every coordinate `row * 2,048 + flip` (the
    /// generator's grouping into classes takes most of the time), in at most `bytes`; and
    /// its table file passes `verify`'s check of its entries.
    fn check_flip_row_finder(row: FlipRow, bytes: usize) {
        let classes = puzzle_tables_generator::cube_optimal::flip_row_classes(row);
        let words = puzzle_tables_generator::cube_optimal::flip_row_finder_words(row, &classes);
        let finder = ClassFinder::from_words(&words, FinderShape::of(row)).unwrap();
        assert!(finder.bytes() < bytes, "{} bytes", finder.bytes());
        check_every_coordinate(&finder, &classes, row.with_flips());
        let size = OptimalSize::ALL.into_iter().find(|size| size.flip_row() == Some(row)).expect("a size of the row");
        let spec = size.specs()[0];
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(spec.file_name());
        let payload: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
        std::fs::write(&path, spec.encode_file(&Default::default(), &payload)).expect("the finder's file");
        crate::cube::check_coordinates(&Table::open(&path, &spec).expect("the finder's table")).expect("its entries");
    }

    /// `small`'s, on all 24,330,240 flip and sorted UD-slice coordinates.
    #[test]
    fn every_flip_sorted_slice_gets_its_class_and_a_symmetry_to_the_representative() {
        check_flip_row_finder(FlipRow::SortedSlice, 8 << 20);
    }

    /// `large`'s and `huge`'s, on all 70,963,200 flip, UD-slice and corner separation
    /// coordinates of each split (one test a split, so that the two run side by side).
    #[test]
    fn every_flip_slice_separation_by_layers_gets_its_class_and_a_symmetry_to_the_representative() {
        check_flip_row_finder(FlipRow::SliceSeparation(CornerSplit::Layers), 20 << 20);
    }

    /// As above, the corners split by tetrads.
    #[test]
    fn every_flip_slice_separation_by_tetrads_gets_its_class_and_a_symmetry_to_the_representative() {
        check_flip_row_finder(FlipRow::SliceSeparation(CornerSplit::Tetrads), 20 << 20);
    }

    #[test]
    fn a_finder_with_a_row_or_a_class_out_of_range_is_refused() {
        let classes = puzzle_tables_generator::cube::flip_slice_classes();
        let words = puzzle_tables_generator::cube::flip_slice_finder_words(&classes);
        let mut bad_row = words.clone();
        bad_row[3] |= 45 << 15;
        let error = ClassFinder::from_words(&bad_row, FLIP_SLICE_FINDER).unwrap_err();
        assert!(error.starts_with("slice 3: its row "), "{error}");
        let mut bad_class = words;
        bad_class[SLICES + 5] = (FLIP_SLICE_CLASSES * 16) as u32;
        let error = ClassFinder::from_words(&bad_class, FLIP_SLICE_FINDER).unwrap_err();
        assert_eq!(error, "row entry 5 is 1030880, but every entry is below 1030880");
    }
}
