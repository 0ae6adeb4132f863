//! The magic cube's `within` table: every cube within a few quarter turns of solved.
//!
//! The cube's space (4.3 * 10^19 positions) cannot be ranked densely, so this is not a
//! [`crate::bfs::reverse_bfs`] walk: it is a breadth-first search from solved whose layers
//! are sorted vectors of records `key << 28 | solution`, a shortest solution as the query
//! crate stores it ([`prepend_turn`]). Each layer is the previous one's neighbours, sorted,
//! with repeated keys dropped (keeping the smallest record, so the output does not depend on
//! the order of expansion) and the cubes of the two layers before removed. Quarter turns are odd permutations of the
//! 54 facelets, so a neighbour of layer `d` lies in layer `d - 1` or `d + 1`; removing both
//! neighbouring layers is enough. Sorting keeps memory to 16 bytes a record. The table
//! stores the records in hash buckets ([`buckets::encode`]), so a lookup is a few cache
//! misses.

use puzzle_tables_models::magic_cube::{Cube, Turn};
use puzzle_tables_query::buckets::{self, BucketedRecords, VALUE_BITS, VALUE_MASK};
use puzzle_tables_query::magic_cube::{prepend_turn, CubeTable, SOLVED_VALUE, TABLE_DEPTH};
use puzzle_tables_query::Metadata;

use crate::{BuiltTable, Progress};

/// The table this build answers from: every cube within [`TABLE_DEPTH`] quarter turns.
pub fn build_within_table(progress: &mut dyn Progress) -> BuiltTable {
    build_within_depth(TABLE_DEPTH, progress)
}

/// The table of every cube within `depth` quarter turns of solved, each with a shortest
/// solution.
///
/// # Panics
/// If `depth` has no known position count ([`POSITIONS_WITHIN`](puzzle_tables_models::magic_cube::POSITIONS_WITHIN)), or the search finds
/// another count (the model would be wrong).
pub fn build_within_depth(depth: usize, progress: &mut dyn Progress) -> BuiltTable {
    let spec = CubeTable::spec(depth).expect("a depth with a known position count");
    progress.start(&format!("magic cube, within {depth} quarter turns"), spec.entries);
    let mut layers: Vec<Vec<u128>> = vec![vec![record(&Cube::SOLVED, SOLVED_VALUE)]];
    let mut reached = 1;
    while layers.len() <= depth {
        let next = next_layer(&layers);
        reached += next.len() as u64;
        progress.advance(reached);
        layers.push(next);
    }
    let depth_counts: Vec<u64> = layers.iter().map(|layer| layer.len() as u64).collect();
    assert_eq!(reached, spec.entries, "cubes within {depth} quarter turns, by layer {depth_counts:?}");
    let payload = buckets::encode(layers.concat());
    drop(layers);
    // Readers trust the checksum computed over these records.
    assert_eq!(BucketedRecords::new(&payload, spec.entries).check(), Ok(()), "each cube once, in its bucket");
    BuiltTable {
        spec,
        metadata: Metadata {
            description: format!(
                "magic cube: every cube within {depth} quarter turns of solved, in hash buckets, \
                 each with a shortest solution"
            ),
            generated_by: "puzzle-tables gen magic-cube".into(),
            depth_counts,
            parameters: vec![
                ("depth".into(), depth.to_string()),
                ("metric".into(), "quarter turns".into()),
                (
                    "record".into(),
                    "12 bytes, little-endian: key << 28 | solution (turn indices, 4 bits each, the first lowest, \
                     then 15s)"
                        .into(),
                ),
                (
                    "layout".into(),
                    format!("{} hash buckets of records, behind an index", buckets::bucket_count(spec.entries)),
                ),
            ],
        },
        payload,
    }
}

fn record(cube: &Cube, solution: u32) -> u128 {
    cube.key() << VALUE_BITS | u128::from(solution)
}

/// The cubes one turn beyond the last layer, each with a shortest solution, sorted by key.
fn next_layer(layers: &[Vec<u128>]) -> Vec<u128> {
    let current = &layers[layers.len() - 1];
    let mut next = Vec::with_capacity(current.len() * 11);
    for &parent in current {
        let cube = Cube::from_key(parent >> VALUE_BITS).expect("table keys are keys of cubes");
        let solution = (parent & VALUE_MASK) as u32;
        // The first turn of the parent's solution leads into the previous layer; skip it
        // before computing its key.
        let back = (solution & 0xf) as u8;
        for turn in Turn::ALL {
            if turn.index() != back {
                next.push(record(&cube.apply(turn), prepend_turn(turn.inverse(), solution)));
            }
        }
    }
    next.sort_unstable();
    next.dedup_by(|later, earlier| *later >> VALUE_BITS == *earlier >> VALUE_BITS);
    let previous = layers.len().checked_sub(2).map_or(&[][..], |d| &layers[d][..]);
    retain_absent(&mut next, previous);
    retain_absent(&mut next, current);
    next
}

/// Drops from `records` those whose key is in `sorted` (both sorted by key).
fn retain_absent(records: &mut Vec<u128>, sorted: &[u128]) {
    let mut others = sorted.iter().map(|r| r >> VALUE_BITS).peekable();
    records.retain(|r| {
        let key = r >> VALUE_BITS;
        while others.next_if(|&other| other < key).is_some() {}
        others.peek() != Some(&key)
    });
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::Entry;
    use std::collections::HashMap;

    use super::*;
    use crate::Silent;

    /// Each cube within `depth` turns of solved, with its distance, by a plain BFS over cubes.
    fn distances_within(depth: usize) -> HashMap<Cube, usize> {
        let mut distances = HashMap::from([(Cube::SOLVED, 0)]);
        let mut layer = vec![Cube::SOLVED];
        for distance in 1..=depth {
            let mut next = Vec::new();
            for cube in &layer {
                for turn in Turn::ALL {
                    let neighbour = cube.apply(turn);
                    if let Entry::Vacant(entry) = distances.entry(neighbour) {
                        entry.insert(distance);
                        next.push(neighbour);
                    }
                }
            }
            layer = next;
        }
        distances
    }

    #[test]
    fn the_layers_match_the_known_counts_and_every_turn_leads_closer() {
        let built = build_within_depth(4, &mut Silent);
        assert_eq!(built.metadata.depth_counts, [1, 12, 114, 1_068, 10_011]);
        let distances = distances_within(4);
        let records: Vec<u128> = BucketedRecords::new(&built.payload, built.spec.entries).records().collect();
        assert_eq!(records.len(), distances.len());
        for &record in &records {
            let mut cube = Cube::from_key(record >> VALUE_BITS).unwrap();
            let mut solution = (record & VALUE_MASK) as u32;
            let mut distance = distances[&cube];
            let turns = distance;
            while distance > 0 {
                let turn = Turn::from_index((solution & 0xf) as u8).expect("a turn until solved");
                cube = cube.apply(turn);
                assert_eq!(distances[&cube], distance - 1, "each turn leads one step closer");
                (solution, distance) = (solution >> 4, distance - 1);
            }
            assert_eq!(solution, SOLVED_VALUE >> (4 * turns), "no turn after the last");
        }
    }

    #[test]
    fn retain_absent_drops_exactly_the_shared_keys() {
        let key = |key: u128| key << VALUE_BITS;
        let mut records = vec![key(1), key(2) | 3, key(5), key(9) | 1];
        retain_absent(&mut records, &[key(2) | 7, key(3), key(9)]);
        assert_eq!(records, vec![key(1), key(5)]);
    }
}
