//! Fifteen-puzzle pattern databases, by a 0-1 breadth-first search over placements and the
//! blank.
//!
//! A state of the abstract space is a placement of the pattern's tiles and the blank's
//! cell; the other tiles are indistinct. Moving a pattern tile costs 1, moving any other
//! tile costs 0, so from a placement the blank reaches its whole region of free cells for
//! free. The search keeps, for each placement, a 16-bit set of the blank cells reached so
//! far; a layer is the set of (placement, blank cells) first reached at one cost, always
//! whole regions, closed by a flood fill. The stored entry drops the blank: a placement's
//! value is the cost at which any blank cell of it is first reached.
//!
//! Memory: three 16-bit sets and one byte per placement, 3.6 GB for eight tiles. Layers
//! are found by sweeping the current set, so no list of states is kept.

use puzzle_tables_models::fifteen::{placement_rank, placement_unrank, placements, Board, CELLS};
use puzzle_tables_query::fifteen::{pattern_spec, Partition};
use puzzle_tables_query::Metadata;

use crate::{BuiltTable, Progress};

/// A placement's value before the search reaches it.
const UNREACHED: u8 = u8::MAX;

/// Cells in the first column and in the last, as bit sets.
const FIRST_COLUMN: u32 = 0x1111;
const LAST_COLUMN: u32 = 0x8888;
const ALL_CELLS: u32 = 0xffff;

/// The cells next to each cell in `cells` (not `cells` themselves unless adjacent).
fn neighbours(cells: u32) -> u32 {
    ((cells << 4) | (cells >> 4) | ((cells << 1) & !FIRST_COLUMN) | ((cells >> 1) & !LAST_COLUMN)) & ALL_CELLS
}

/// The region of `free` cells connected to `start` (which must be free).
fn region(start: u32, free: u32) -> u32 {
    let mut region = start;
    loop {
        let grown = region | (neighbours(region) & free);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Builds every database of `partition`.
pub fn build_partition(partition: Partition, progress: &mut dyn Progress) -> Vec<BuiltTable> {
    partition.patterns().iter().map(|tiles| build_pattern_database(partition, tiles, progress)).collect()
}

/// The database of `tiles` (one of `partition`'s patterns): for every placement, the fewest
/// moves of these tiles that bring them home with the blank in its goal region.
///
/// # Panics
/// If some placement were unreachable or 255 moves away: every placement is reachable
/// (the blank can always be brought next to any tile), and no pattern needs 80 moves.
pub fn build_pattern_database(partition: Partition, tiles: &[u8], progress: &mut dyn Progress) -> BuiltTable {
    let count = placements(tiles.len());
    let total = usize::try_from(count).expect("a placement count fits in memory");
    progress.start(&format!("fifteen puzzle, pattern {tiles:?}"), count);
    let mut value = vec![UNREACHED; total];
    let mut seen = vec![0u16; total];
    let mut current = vec![0u16; total];
    let mut next = vec![0u16; total];

    let goal = Board::GOAL.cells();
    let home: Vec<u8> = tiles.iter().map(|&t| goal.iter().position(|&c| c == t).expect("a tile") as u8).collect();
    let home_occupied = home.iter().fold(0u32, |set, &cell| set | 1 << cell);
    let goal_rank = placement_rank(&home) as usize;
    let goal_region = region(1 << Board::GOAL.blank_cell(), !home_occupied & ALL_CELLS) as u16;
    value[goal_rank] = 0;
    seen[goal_rank] = goal_region;
    current[goal_rank] = goal_region;

    let mut depth_counts = vec![1u64];
    let mut reached = 1u64;
    let mut cells = vec![0u8; tiles.len()];
    loop {
        let cost = u8::try_from(depth_counts.len()).ok().filter(|&c| c != UNREACHED).expect("values fit a byte");
        let mut new_placements = 0u64;
        let mut layer_grew = false;
        for (rank, blank_set) in current.iter_mut().enumerate() {
            let blank_cells = u32::from(std::mem::take(blank_set));
            if blank_cells == 0 {
                continue;
            }
            placement_unrank(rank as u64, &mut cells);
            let occupied = cells.iter().fold(0u32, |set, &cell| set | 1 << cell);
            for i in 0..cells.len() {
                let from = cells[i];
                // The tile moves into a blank cell next to it; the blank takes its place.
                let mut targets = neighbours(1 << from) & blank_cells;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    cells[i] = to;
                    let moved = placement_rank(&cells) as usize;
                    cells[i] = from;
                    if u32::from(seen[moved]) & 1 << from != 0 {
                        continue;
                    }
                    let free = !(occupied ^ 1 << from ^ 1 << to) & ALL_CELLS;
                    let blank_region = region(1 << from, free) as u16;
                    seen[moved] |= blank_region;
                    next[moved] |= blank_region;
                    layer_grew = true;
                    if value[moved] == UNREACHED {
                        value[moved] = cost;
                        new_placements += 1;
                    }
                }
            }
        }
        if !layer_grew {
            break;
        }
        depth_counts.push(new_placements);
        reached += new_placements;
        progress.advance(reached);
        std::mem::swap(&mut current, &mut next);
    }
    while depth_counts.last() == Some(&0) {
        depth_counts.pop();
    }
    assert_eq!(reached, count, "every placement of {tiles:?} is reached");
    let tile_list: Vec<String> = tiles.iter().map(u8::to_string).collect();
    let generated_by = match partition {
        Partition::SixSixThree => "puzzle-tables gen fifteen".to_string(),
        other => format!("puzzle-tables gen fifteen --partition {}", other.label()),
    };
    BuiltTable {
        spec: pattern_spec(tiles),
        metadata: Metadata {
            description: format!(
                "fifteen puzzle: for every placement of tiles {}, the fewest moves of those tiles that bring them \
                 to their goal cells (an additive pattern database)",
                tile_list.join(" ")
            ),
            generated_by,
            depth_counts,
            parameters: vec![
                ("partition".into(), partition.label().into()),
                ("tiles".into(), tile_list.join(" ")),
                ("goal".into(), Board::GOAL.to_string()),
            ],
        },
        payload: value,
    }
}

/// The number of cells, for the assertion that a bit set of cells fits 16 bits.
const _: () = assert!(CELLS == 16);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Silent;

    #[test]
    fn regions_stop_at_occupied_cells_and_the_frame() {
        // Column 1 occupied: the first column is cut off from the rest.
        let free = ALL_CELLS & !0x2222;
        assert_eq!(region(1, free), FIRST_COLUMN);
        assert_eq!(region(1 << 15, free), free & !FIRST_COLUMN);
        assert_eq!(neighbours(1 << 3), 1 << 2 | 1 << 7);
    }

    #[test]
    fn a_single_tile_needs_its_manhattan_distance() {
        let built = build_pattern_database(Partition::SixSixThree, &[6], &mut Silent);
        let home = 5i32;
        for cell in 0..16i32 {
            let manhattan = (cell / 4 - home / 4).abs() + (cell % 4 - home % 4).abs();
            assert_eq!(i32::from(built.payload[cell as usize]), manhattan, "tile 6 at cell {cell}");
        }
    }
}
