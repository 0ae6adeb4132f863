//! Fifteen-puzzle pattern databases: the partitions of the tiles, their table specs, and the
//! opened databases a search reads.
//!
//! A pattern database holds, for every placement of its tiles (ranked by
//! [`placement_rank`]), the fewest moves *of those tiles* that bring them to their goal
//! cells, whatever the other tiles do. The patterns of a partition are disjoint, so the sum
//! of their values never exceeds the board's distance: an admissible heuristic for
//! [`search`].

pub mod residues;
pub mod search;

/// The puzzle's types, parsers and formatters, from `puzzle-tables-models`.
pub use puzzle_tables_models::fifteen::{move_letters, Board, BoardError, Move};

use std::path::Path;
use std::sync::OnceLock;

use puzzle_tables_models::fifteen::{placement_rank, placements, CELLS, RANKING_VERSION};

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::map::HugeBytes;
use crate::table::{Table, TableError};

/// A disjoint partition of the fifteen tiles into patterns, one database each. Other
/// partitions may be added, so a `match` on it needs a wildcard arm.
///
/// ```
/// use puzzle_tables_query::fifteen::Partition;
///
/// assert_eq!(Partition::from_label("7-8"), Some(Partition::SevenEight));
/// assert_eq!(Partition::SixSixThree.label(), "6-6-3");
/// // One database per pattern; the patterns split the fifteen tiles.
/// let tiles: usize = Partition::SixSixThree.patterns().iter().map(|pattern| pattern.len()).sum();
/// assert_eq!((Partition::SixSixThree.specs().len(), tiles), (3, 15));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
    /// Two patterns of six tiles and one of three, 11.5 MB in all: the default, built on
    /// first use in a few seconds.
    SixSixThree,
    /// Seven tiles and eight, 577 MB: the fastest answers, built on request
    /// (`gen fifteen --partition 7-8`) or installed from a release.
    SevenEight,
}

impl Partition {
    /// Every partition, the default first.
    pub const ALL: [Partition; 2] = [Partition::SixSixThree, Partition::SevenEight];

    /// The name users write: `6-6-3` or `7-8`.
    pub fn label(self) -> &'static str {
        match self {
            Partition::SixSixThree => "6-6-3",
            Partition::SevenEight => "7-8",
        }
    }

    /// The partition named `label`.
    pub fn from_label(label: &str) -> Option<Partition> {
        Partition::ALL.into_iter().find(|p| p.label() == label)
    }

    /// The patterns, each a list of tiles in the order their cells are ranked.
    ///
    /// 6-6-3: a six-tile block on the left, another on the right and the rest of the top
    /// row, chosen by measurement: on Korf's 100 instances it generates 575 thousand nodes
    /// per instance, where the left and right halves of the top three rows with the bottom
    /// row (the anchor's split) generate 1.17 million, and four other splits 0.96 to 1.86
    /// million (`cargo xtask bench-fifteen` measures the one in use). 7-8: the bottom two
    /// rows less the blank and the top two, as Korf and Felner (2002) used them (their goal
    /// turned 180 degrees). The search also reads every pattern over the board's reflection
    /// about the main diagonal.
    pub fn patterns(self) -> &'static [&'static [u8]] {
        match self {
            Partition::SixSixThree => &[&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]],
            Partition::SevenEight => &[&[9, 10, 11, 12, 13, 14, 15], &[1, 2, 3, 4, 5, 6, 7, 8]],
        }
    }

    /// The tables of this partition, one per pattern.
    pub fn specs(self) -> Vec<TableSpec> {
        self.patterns().iter().map(|tiles| pattern_spec(tiles)).collect()
    }
}

/// The spec of the database of `tiles`: its variant is the set of tiles, bit `t` for tile
/// `t`, so a file is never read as another pattern's database.
pub fn pattern_spec(tiles: &[u8]) -> TableSpec {
    TableSpec {
        puzzle: Puzzle::Fifteen,
        kind: TableKind::PatternDatabase,
        variant: tiles.iter().fold(0u32, |set, &tile| set | 1 << tile),
        encoding: Encoding::Bytes,
        ranking_version: RANKING_VERSION,
        entries: placements(tiles.len()),
    }
}

/// Patterns of at most this many tiles are searched through a copy of their database by
/// cells in base 16 (`16^k` bytes: 16.8 MB for six tiles, where seven would take 268 MB).
pub(crate) const BY_CELLS_MAX_TILES: usize = 6;

/// One pattern database, verified: a byte per placement of its tiles.
#[derive(Debug)]
pub struct PatternDatabase {
    table: Table,
    tiles: Vec<u8>,
    /// The copy by cells, made on first use.
    by_cells: OnceLock<HugeBytes>,
}

impl PatternDatabase {
    /// Opens and verifies the database of `tiles` at `path`.
    pub fn open(path: &Path, tiles: &[u8]) -> Result<PatternDatabase, TableError> {
        Table::open_verified(path, &pattern_spec(tiles)).map(|table| PatternDatabase::from_table(table, tiles))
    }

    /// The reader of `table`, opened (and verified) with the [`pattern_spec`] of `tiles`.
    pub(crate) fn from_table(table: Table, tiles: &[u8]) -> PatternDatabase {
        PatternDatabase { table, tiles: tiles.to_vec(), by_cells: OnceLock::new() }
    }

    /// The pattern's tiles, in ranking order.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The underlying table (for its metadata).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The fewest moves of the pattern's tiles from the placement `cells` (`cells[i]` holds
    /// the pattern's `i`-th tile) to their goal cells.
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.table.payload()[placement_rank(cells) as usize]
    }

    /// The database by cells in base 16, made on first call; `None` past
    /// [`BY_CELLS_MAX_TILES`] tiles. The value of the placement `cells` is at
    /// `sum(cells[i] * 16^(k-1-i))`, so moving the `i`-th tile from cell `a` to `b` adds
    /// `(b - a) * 16^(k-1-i)` to the index. Indices that name a cell twice hold 0 and are
    /// never read.
    pub(crate) fn by_cells(&self) -> Option<&[u8]> {
        let k = self.tiles.len();
        (k <= BY_CELLS_MAX_TILES).then(|| &**self.by_cells.get_or_init(|| spread_by_cells(self.table.payload(), k)))
    }
}

/// The copy by cells of the database `by_rank` of `k` tiles (see [`PatternDatabase::by_cells`]).
fn spread_by_cells(by_rank: &[u8], k: usize) -> HugeBytes {
    let mut by_cells = HugeBytes::zeroed(1 << (4 * k));
    let mut entries = by_rank.iter();
    let place = |index: usize, _tile: usize, cell: usize| index * CELLS + cell;
    let mut copy = |index: usize| -> Result<(), std::convert::Infallible> {
        by_cells[index] = *entries.next().expect("one entry per placement");
        Ok(())
    };
    let Ok(()) = walk_in_rank_order(k, 0, 0, 0usize, &place, &mut copy);
    by_cells
}

/// Visits every placement of the `left` tiles after the first `placed` on the cells
/// `occupied` leaves free, in the order of their ranks, carrying a value along: placing the
/// `i`-th tile on `cell` turns `value` into `place(value, i, cell)`, and `visit` gets the
/// value of each whole placement. Each tile in turn goes on every free cell from the lowest,
/// and each digit of a rank counts the free cells below its tile's, so the visits come in
/// rank order. The first error `visit` returns ends the walk.
pub(crate) fn walk_in_rank_order<V: Copy, E>(
    left: usize,
    placed: usize,
    occupied: u32,
    value: V,
    place: &impl Fn(V, usize, usize) -> V,
    visit: &mut impl FnMut(V) -> Result<(), E>,
) -> Result<(), E> {
    if left == 0 {
        return visit(value);
    }
    let mut free = !occupied & ((1 << CELLS) - 1);
    while free != 0 {
        let cell = free.trailing_zeros() as usize;
        free &= free - 1;
        let value = place(value, placed, cell);
        // The last tile's placements are visited here, not through one more call each.
        if left == 1 {
            visit(value)?;
        } else {
            walk_in_rank_order(left - 1, placed + 1, occupied | (1 << cell), value, place, visit)?;
        }
    }
    Ok(())
}

/// The databases of one partition, opened and checked to cover every tile once.
#[derive(Debug)]
pub struct PatternDatabases {
    partition: Partition,
    databases: Vec<PatternDatabase>,
}

impl PatternDatabases {
    /// Opens every database of `partition` with `open` (given each spec and its tiles).
    pub(crate) fn open_with<E>(
        partition: Partition,
        mut open: impl FnMut(&TableSpec, &[u8]) -> Result<PatternDatabase, E>,
    ) -> Result<PatternDatabases, E> {
        let databases = partition
            .patterns()
            .iter()
            .map(|tiles| open(&pattern_spec(tiles), tiles))
            .collect::<Result<Vec<_>, E>>()?;
        Ok(PatternDatabases { partition, databases })
    }

    /// Opens every database of `partition` from the directory `dir`.
    pub fn open_dir(partition: Partition, dir: &Path) -> Result<PatternDatabases, TableError> {
        PatternDatabases::open_with(partition, |spec, tiles| PatternDatabase::open(&dir.join(spec.file_name()), tiles))
    }

    /// The partition.
    pub fn partition(&self) -> Partition {
        self.partition
    }

    /// The databases, in the partition's order.
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.databases
    }

    /// The total size of the database files, in bytes.
    pub fn file_bytes(&self) -> u64 {
        self.databases.iter().map(|db| db.table.file_len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_partition_covers_each_tile_once() {
        for partition in Partition::ALL {
            let mut tiles: Vec<u8> = partition.patterns().iter().flat_map(|p| p.iter().copied()).collect();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..CELLS as u8).collect::<Vec<_>>(), "{}", partition.label());
        }
    }

    #[test]
    fn specs_name_their_tiles() {
        let spec = pattern_spec(&[13, 14, 15]);
        assert_eq!(spec.variant, 0b1110_0000_0000_0000);
        assert_eq!(spec.entries, 16 * 15 * 14);
        assert_eq!(spec.file_name(), "fifteen-pattern-tiles-13-14-15.tbl");
    }
}
