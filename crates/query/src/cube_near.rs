//! The raw phase-1 coordinates within [`RADIUS`] moves of G1 in one metric, as a small graph:
//! each node's coordinates and exact distance, and the node each face turn leads to while it
//! stays within the radius. The last moves of every phase-1 path are searched here, where
//! a child costs two reads in the fast caches instead of three move-table reads and a random
//! read of the 28 MB phase-1 table; those moves are about half of all the search does.
//!
//! Built at a metric's first search by a breadth-first search over the coordinates' move
//! tables: 7,803 nodes in HTM (2.3 ms), 3,123 in QTM. A file (about 0.5 MB for both) would
//! open faster in HTM.

use puzzle_tables_models::cube::coords::TWISTS;
use puzzle_tables_models::cube::move_tables::CoordinateMoves;
use puzzle_tables_models::cube::{Metric, Move};

/// How far around G1 the graph reaches.
pub(crate) const RADIUS: u8 = 4;

/// No node: the coordinates lie farther than [`RADIUS`] from G1.
pub(crate) const NONE: u32 = u32::MAX;

/// One node: raw phase-1 coordinates within the radius.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NearNode {
    pub(crate) flip_slice: u32,
    pub(crate) twist: u16,
    /// The fewest moves of the metric into G1.
    pub(crate) distance: u8,
    /// The node after each face turn (by [`Move::index`]), or [`NONE`].
    pub(crate) children: [u32; Move::COUNT],
}

/// The graph of one metric; node 0 is G1 itself.
#[derive(Debug)]
pub(crate) struct NearG1 {
    nodes: Vec<NearNode>,
    /// An open-addressing hash table from coordinates to nodes: `(key, node)`, the key
    /// `flip_slice * TWISTS + twist + 1` (0 marks an empty slot).
    slots: Vec<(u32, u32)>,
}

impl NearG1 {
    /// Walks out from G1 by the moves that cost one in `metric` (a quarter turn in QTM, where
    /// a half turn is two steps), then links every node to its neighbours by all 18 turns.
    pub(crate) fn new(moves: &CoordinateMoves, metric: Metric) -> NearG1 {
        let steps: Vec<usize> = Move::ALL.iter().filter(|m| m.cost(metric) == 1).map(|m| m.index()).collect();
        let node = |(flip_slice, twist): (usize, usize), distance| NearNode {
            flip_slice: flip_slice as u32,
            twist: twist as u16,
            distance,
            children: [NONE; Move::COUNT],
        };
        let mut near = NearG1 { nodes: vec![node((0, 0), 0)], slots: vec![(0, 0); 1 << 15] };
        near.insert(0, 0, 0);
        let mut layer_start = 0;
        for distance in 1..=RADIUS {
            let layer_end = near.nodes.len();
            for parent in layer_start..layer_end {
                let (flip_slice, twist) = near.coordinates(parent as u32);
                for &m in &steps {
                    let (next_flip_slice, next_twist) = moves.moved(flip_slice, twist, m);
                    if near.find(next_flip_slice, next_twist) == NONE {
                        let id = near.nodes.len() as u32;
                        near.grow_if_full();
                        near.insert(next_flip_slice, next_twist, id);
                        near.nodes.push(node((next_flip_slice, next_twist), distance));
                    }
                }
            }
            layer_start = layer_end;
        }
        for id in 0..near.nodes.len() {
            let (flip_slice, twist) = near.coordinates(id as u32);
            let children = Move::ALL.map(|m| {
                let (next_flip_slice, next_twist) = moves.moved(flip_slice, twist, m.index());
                near.find(next_flip_slice, next_twist)
            });
            near.nodes[id].children = children;
        }
        near
    }

    /// The node of these coordinates, or [`NONE`] when they lie beyond the radius.
    #[inline]
    pub(crate) fn find(&self, flip_slice: usize, twist: usize) -> u32 {
        let key = key(flip_slice, twist);
        let (found, id) = self.slots[self.probe(key)];
        if found == key {
            id
        } else {
            NONE
        }
    }

    /// Node `id`.
    #[inline]
    pub(crate) fn node(&self, id: u32) -> &NearNode {
        &self.nodes[id as usize]
    }

    /// How many nodes the graph holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    fn coordinates(&self, id: u32) -> (usize, usize) {
        let node = self.node(id);
        (node.flip_slice as usize, usize::from(node.twist))
    }

    fn insert(&mut self, flip_slice: usize, twist: usize, id: u32) {
        let key = key(flip_slice, twist);
        let slot = self.probe(key);
        self.slots[slot] = (key, id);
    }

    /// Keeps the hash table at most half full, so that probes stay short.
    fn grow_if_full(&mut self) {
        if (self.nodes.len() + 1) * 2 > self.slots.len() {
            let larger = vec![(0, 0); self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, larger);
            for (key, id) in old.into_iter().filter(|&(key, _)| key != 0) {
                let slot = self.probe(key);
                self.slots[slot] = (key, id);
            }
        }
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    #[inline]
    fn probe(&self, key: u32) -> usize {
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the product's top bits, as many as the table (a power of two) has.
        let bits = self.slots.len().trailing_zeros();
        let mut slot = (u64::from(key).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize;
        while self.slots[slot].0 != 0 && self.slots[slot].0 != key {
            slot = (slot + 1) & mask;
        }
        slot
    }
}

fn key(flip_slice: usize, twist: usize) -> u32 {
    (flip_slice * TWISTS + twist + 1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::cube::Cube;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn the_graphs_hold_what_a_search_over_whole_cubes_finds() {
        let moves = CoordinateMoves::new();
        for metric in Metric::ALL {
            // Phase-1 coordinates do not change when a G1 move is made first, so a
            // coordinate's distance to G1 is the fewest moves from solved to a cube with it.
            let coordinates = |cube: &Cube| (cube.flip_slice() as usize, usize::from(cube.twist()));
            let mut nearest: HashMap<(usize, usize), u8> = HashMap::from([((0, 0), 0)]);
            let mut layer = vec![Cube::SOLVED];
            let mut seen = HashSet::from([Cube::SOLVED]);
            for depth in 1..=RADIUS {
                layer = layer
                    .iter()
                    .flat_map(|cube| Move::ALL.iter().filter(|m| m.cost(metric) == 1).map(|&m| cube.apply_move(m)))
                    .filter(|cube| seen.insert(*cube))
                    .collect();
                for cube in &layer {
                    nearest.entry(coordinates(cube)).or_insert(depth);
                }
            }
            let near = NearG1::new(&moves, metric);
            assert_eq!(near.len(), nearest.len(), "{metric:?}");
            for (&(flip_slice, twist), &distance) in &nearest {
                let id = near.find(flip_slice, twist);
                assert_ne!(id, NONE, "{metric:?}: ({flip_slice}, {twist})");
                let node = near.node(id);
                assert_eq!(
                    (node.flip_slice as usize, usize::from(node.twist), node.distance),
                    (flip_slice, twist, distance)
                );
                // Each turn leads to the node of the turned coordinates, if they are near.
                for m in Move::ALL {
                    let (next_flip_slice, next_twist) = moves.moved(flip_slice, twist, m.index());
                    let expected = nearest.get(&(next_flip_slice, next_twist));
                    let child = node.children[m.index()];
                    assert_eq!(
                        (child != NONE).then(|| near.node(child).distance),
                        expected.copied(),
                        "{metric:?}: ({flip_slice}, {twist}) by {m}"
                    );
                }
            }
        }
    }
}
