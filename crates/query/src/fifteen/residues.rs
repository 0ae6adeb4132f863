//! A pattern database as residues over its tiles' Manhattan distance: the form a release
//! ships it in, because it compresses far better than the values.
//!
//! Each move of a pattern tile changes that tile's Manhattan distance from its goal cell by
//! one, so a placement's value is at least the sum of its tiles' distances and of the same
//! parity: `(value - manhattan) / 2` is a small number, and the transform is exactly
//! reversible. Both directions walk the placements in rank order carrying the distance
//! (one addition a tile placed, no ranking), on one thread per core, each taking whole
//! blocks of ranks that share the first tile's cell.

use puzzle_tables_models::fifteen::{placements, Board, CELLS};

use super::walk_in_rank_order;

/// Why a database cannot be turned into residues, or residues back into a database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResidueError {
    /// The tiles are not a pattern: one to fifteen distinct tiles, each from 1 to 15.
    #[error("tiles {0:?} are not a pattern: one to fifteen distinct tiles, each from 1 to 15")]
    Tiles(Vec<u8>),
    /// The entries are not one per placement of the tiles.
    #[error("{found} entries, but a pattern of {tiles} tiles has {expected} placements")]
    Length {
        /// How many tiles.
        tiles: usize,
        /// Their placements.
        expected: u64,
        /// The entries given.
        found: u64,
    },
    /// A value below its placement's Manhattan distance, or of the other parity: not a
    /// pattern database of these tiles.
    #[error("placement {rank}: value {value} is not its Manhattan distance {manhattan} plus an even number")]
    Value {
        /// The placement's rank.
        rank: u64,
        /// Its value.
        value: u8,
        /// Its tiles' Manhattan distance.
        manhattan: u8,
    },
    /// A residue whose value would not fit a byte: not residues of a pattern database.
    #[error("placement {rank}: residue {residue} over Manhattan distance {manhattan} gives a value past 255")]
    Residue {
        /// The placement's rank.
        rank: u64,
        /// Its residue.
        residue: u8,
        /// Its tiles' Manhattan distance.
        manhattan: u8,
    },
}

/// Replaces each value of the database of `tiles` (`values[rank]`, one per placement in
/// rank order) by its residue `(value - manhattan) / 2`. On an error some entries may
/// already be replaced.
pub fn to_residues(tiles: &[u8], values: &mut [u8]) -> Result<(), ResidueError> {
    map_entries(tiles, values, |rank, value, manhattan| match value.checked_sub(manhattan) {
        Some(excess) if excess % 2 == 0 => Ok(excess / 2),
        _ => Err(ResidueError::Value { rank, value, manhattan }),
    })
}

/// The inverse of [`to_residues`]: replaces each residue by `manhattan + 2 * residue`. On
/// an error some entries may already be replaced.
pub fn from_residues(tiles: &[u8], residues: &mut [u8]) -> Result<(), ResidueError> {
    map_entries(tiles, residues, |rank, residue, manhattan| {
        residue.checked_mul(2).and_then(|twice| twice.checked_add(manhattan)).ok_or(ResidueError::Residue {
            rank,
            residue,
            manhattan,
        })
    })
}

/// Replaces each entry by `map(rank, entry, manhattan)`, walking the placements of `tiles`.
fn map_entries(
    tiles: &[u8],
    entries: &mut [u8],
    map: impl Fn(u64, u8, u8) -> Result<u8, ResidueError> + Sync,
) -> Result<(), ResidueError> {
    let distances = distances_from_home(tiles)?;
    let expected = placements(tiles.len());
    if entries.len() as u64 != expected {
        return Err(ResidueError::Length { tiles: tiles.len(), expected, found: entries.len() as u64 });
    }
    // The placements whose first tile is on one cell are a block of consecutive ranks.
    let block = entries.len() / CELLS;
    let workers = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    let mut shares: Vec<Vec<(usize, &mut [u8])>> = (0..workers).map(|_| Vec::new()).collect();
    for (cell, entries) in entries.chunks_mut(block).enumerate() {
        shares[cell % workers].push((cell, entries));
    }
    let (distances, map) = (&distances, &map);
    std::thread::scope(|scope| {
        let running: Vec<_> = shares
            .into_iter()
            .map(|share| {
                scope.spawn(move || {
                    share.into_iter().try_for_each(|(cell, entries)| map_block(distances, cell, entries, block, map))
                })
            })
            .collect();
        running.into_iter().try_for_each(|worker| worker.join().expect("a residue worker never panics"))
    })
}

/// [`map_entries`] over the block of placements whose first tile is on `cell`.
fn map_block(
    distances: &[[u8; CELLS]],
    cell: usize,
    entries: &mut [u8],
    block: usize,
    map: &impl Fn(u64, u8, u8) -> Result<u8, ResidueError>,
) -> Result<(), ResidueError> {
    let first_rank = (cell * block) as u64;
    let mut entries = entries.iter_mut().enumerate();
    let place = |manhattan: u8, tile: usize, cell: usize| manhattan + distances[tile][cell];
    let mut replace = |manhattan: u8| {
        let (offset, entry) = entries.next().expect("one entry per placement");
        *entry = map(first_rank + offset as u64, *entry, manhattan)?;
        Ok(())
    };
    walk_in_rank_order(distances.len() - 1, 1, 1 << cell, distances[0][cell], &place, &mut replace)
}

/// For each of `tiles`, its Manhattan distance from each cell to its goal cell.
fn distances_from_home(tiles: &[u8]) -> Result<Vec<[u8; CELLS]>, ResidueError> {
    let goal = Board::GOAL.cells();
    let mut seen = 0u32;
    let mut distances = Vec::with_capacity(tiles.len());
    for &tile in tiles {
        let home = goal.iter().position(|&t| t == tile).filter(|_| tile != 0 && seen & (1 << tile) == 0);
        let home = home.ok_or_else(|| ResidueError::Tiles(tiles.to_vec()))?;
        seen |= 1 << tile;
        distances.push(std::array::from_fn(|cell| manhattan(cell, home)));
    }
    if distances.is_empty() {
        return Err(ResidueError::Tiles(tiles.to_vec()));
    }
    Ok(distances)
}

/// The moves between two cells of the 4 x 4 board, ignoring the other tiles.
fn manhattan(a: usize, b: usize) -> u8 {
    const SIDE: usize = 4;
    ((a / SIDE).abs_diff(b / SIDE) + (a % SIDE).abs_diff(b % SIDE)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::fifteen::placement_unrank;

    /// Each placement's Manhattan distance plus twice a varying residue, by unranking.
    fn database_over_manhattan(tiles: &[u8]) -> Vec<u8> {
        let mut cells = vec![0u8; tiles.len()];
        (0..placements(tiles.len()))
            .map(|rank| {
                placement_unrank(rank, &mut cells);
                let manhattan: usize = tiles
                    .iter()
                    .zip(&cells)
                    .map(|(&tile, &cell)| {
                        let (home, cell) = (usize::from(tile) - 1, usize::from(cell));
                        (home / 4).abs_diff(cell / 4) + (home % 4).abs_diff(cell % 4)
                    })
                    .sum();
                (manhattan + 2 * (rank as usize % 5)) as u8
            })
            .collect()
    }

    #[test]
    fn residues_are_the_excess_over_manhattan_halved_and_come_back() {
        for tiles in [&[6u8][..], &[3, 7, 12], &[15, 1, 8, 4]] {
            let values = database_over_manhattan(tiles);
            let mut entries = values.clone();
            to_residues(tiles, &mut entries).unwrap();
            let expected: Vec<u8> = (0..values.len()).map(|rank| (rank % 5) as u8).collect();
            assert_eq!(entries, expected, "{tiles:?}");
            from_residues(tiles, &mut entries).unwrap();
            assert_eq!(entries, values, "{tiles:?}");
        }
    }

    #[test]
    fn a_value_below_or_off_the_parity_of_manhattan_is_refused_naming_it() {
        let tiles = [3u8, 7, 12];
        let mut values = database_over_manhattan(&tiles);
        values[1000] += 1;
        let manhattan = values[1000] - 1; // rank 1000 has residue 0
        let error = to_residues(&tiles, &mut values).unwrap_err();
        assert_eq!(error, ResidueError::Value { rank: 1000, value: values[1000], manhattan });
        let mut residues = vec![200u8; placements(3) as usize];
        let error = from_residues(&tiles, &mut residues).unwrap_err().to_string();
        assert!(error.contains("residue 200 over Manhattan distance"), "{error}");
    }

    #[test]
    fn bad_tiles_or_lengths_are_refused() {
        for tiles in [&[][..], &[0u8], &[16], &[2, 2]] {
            assert_eq!(to_residues(tiles, &mut [0; 16]), Err(ResidueError::Tiles(tiles.to_vec())));
        }
        let error = from_residues(&[1, 2], &mut [0; 16]).unwrap_err();
        assert_eq!(error, ResidueError::Length { tiles: 2, expected: 240, found: 16 });
    }
}
