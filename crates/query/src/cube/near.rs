//! The phase-1 entries near G1 as a graph on symmetry classes (tables
//! `cube-near-graph-{1,2}.tbl`): every entry of the phase-1 table (a flip-slice class and a
//! twist) within [`near_g1_radius`] moves of G1, its exact distance, and the node and
//! symmetry each face turn leads to. The last moves of every phase-1 path are searched here:
//! a child costs one read of the node's row and one of a small array, where away from G1 it
//! costs three move-table reads, the class finder and a read of the 28 MB phase-1 table.
//!
//! A node stands for a cube's phase-1 coordinates seen through a symmetry `S` (the conjugate
//! `S c S^-1` has the node's entry). A face turn `m` on the cube is the turn `S m S^-1` on
//! that conjugate; the row gives the node it leads to and the symmetry `T` to that node's
//! entry, so the child is seen through `T S` ([`SymmetricTurns`]).
//!
//! A node's record is [`RECORD`] words: its entry, its distance, and for each face turn (by
//! [`Move::index`]) the child `node << 4 | T`, or [`NONE`] beyond the radius. Node 0 is G1
//! itself; nodes are in the order of their entries.

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, PHASE2_MOVES, TWISTS};
use puzzle_tables_models::cube::symmetry::FLIP_SLICE_CLASSES;
use puzzle_tables_models::cube::{Metric, Move};

use std::sync::OnceLock;

use super::classes::SymmetricTurns;
use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// No node: the entry lies beyond the radius.
pub(crate) const NONE: u32 = u32::MAX;

/// Words per node: its entry, its distance and its 18 children.
pub(crate) const RECORD: usize = 2 + Move::COUNT;

/// How far around G1 the near-G1 graph of `metric` reaches: 5 face turns, 6 quarter turns
/// (the next radius would hold 74,743 and 146,587 nodes, 6 and 12 MB).
pub fn near_g1_radius(metric: Metric) -> u8 {
    match metric {
        Metric::Htm => 5,
        Metric::Qtm => 6,
    }
}

/// The spec of the near-G1 graph of `metric`: for each phase-1 entry within
/// [`near_g1_radius`] (6,379 in HTM, 16,555 in QTM, facts of the cube), a record of 20
/// words: the entry, its distance, and for each face turn (made on the class's
/// representative) `node << 4 | s`, the node it leads to and the symmetry to that node's
/// entry, or `u32::MAX` beyond the radius.
pub fn near_graph_spec(metric: Metric) -> TableSpec {
    let nodes = match metric {
        Metric::Htm => 6_379,
        Metric::Qtm => 16_555,
    };
    TableSpec {
        puzzle: Puzzle::Cube,
        kind: TableKind::NearGraph,
        variant: metric as u32 + 1,
        encoding: Encoding::U32,
        ranking_version: COORDINATE_VERSION,
        entries: (nodes * RECORD) as u64,
    }
}

/// The graph of one metric, read out of its table into plain arrays (the search's inner
/// loop reads them), with a hash table from entries to nodes.
#[derive(Debug)]
pub(crate) struct NearG1 {
    /// How far around G1 the graph reaches.
    radius: u8,
    distances: Vec<u8>,
    /// The lengths in which phase 1 can end from each node, computed at the metric's first
    /// search, so that opening the solver stays quick.
    ends: OnceLock<Ends>,
    metric: Metric,
    /// As read from the table: `node << 4 | symmetry`, or [`NONE`].
    children: Vec<[u32; Move::COUNT]>,
    /// Open addressing: `(entry + 1, node)`, 0 marking an empty slot; at most half full.
    slots: Vec<(u32, u32)>,
    turns: SymmetricTurns,
    /// The size of the table file it was read from.
    file_len: u64,
}

/// The lengths in which phase 1 can end from the graph's nodes (bit `t` for `t` up to the
/// radius + 1, [`ends_of_exact_lengths`]).
#[derive(Debug)]
struct Ends {
    /// For each node and face of the last turn (seen from its representative).
    by_face: Vec<u8>,
    /// The children's rows with, in each child's top byte, the lengths from that child after
    /// that turn: one read of the row the search reads anyway.
    rows: Vec<[u32; Move::COUNT]>,
}

/// Where the search stands in the graph: a node and the symmetry it is seen through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NearNode {
    pub(crate) id: u32,
    pub(crate) symmetry: u8,
}

impl NearNode {
    /// No node.
    pub(crate) const NONE: NearNode = NearNode { id: NONE, symmetry: 0 };
}

impl NearG1 {
    /// Reads the graph of `metric` out of its table. What could send the search out of
    /// bounds (a child that is no node) is refused here; `verify` checks the rest
    /// ([`check_near_graph`]).
    pub(crate) fn open(table: &Table, metric: Metric) -> Result<NearG1, TableError> {
        let records = table.payload().chunks_exact(RECORD * 4);
        let nodes = records.len();
        let mut near = NearG1 {
            radius: near_g1_radius(metric),
            distances: Vec::with_capacity(nodes),
            ends: OnceLock::new(),
            metric,
            children: Vec::with_capacity(nodes),
            slots: vec![(0, 0); (nodes * 2).next_power_of_two()],
            turns: SymmetricTurns::new(),
            file_len: table.file_len(),
        };
        for (id, record) in records.enumerate() {
            let word = |i: usize| word(record, i);
            let children: [u32; Move::COUNT] = std::array::from_fn(|m| word(2 + m));
            if let Some(m) = children.iter().position(|&child| child != NONE && (child >> 4) as usize >= nodes) {
                let message = format!("node {id}: its child by {} ({:#x}) is no node", Move::ALL[m], children[m]);
                return Err(table.error(TableErrorKind::Inconsistent(message)));
            }
            near.distances.push(word(1) as u8);
            near.children.push(children);
            let key = word(0) + 1;
            let slot = near.probe(key);
            near.slots[slot] = (key, id as u32);
        }
        Ok(near)
    }

    /// The size of the table file it was read from.
    pub(crate) fn file_len(&self) -> u64 {
        self.file_len
    }

    /// How far around G1 the graph reaches.
    #[inline]
    pub(crate) fn radius(&self) -> u8 {
        self.radius
    }

    /// The node of phase-1 table entry `entry` seen through `symmetry`, or [`NearNode::NONE`]
    /// when the entry lies beyond the radius.
    #[inline]
    pub(crate) fn find(&self, entry: usize, symmetry: usize) -> NearNode {
        let key = entry as u32 + 1;
        match self.slots[self.probe(key)] {
            (found, id) if found == key => NearNode { id, symmetry: symmetry as u8 },
            _ => NearNode::NONE,
        }
    }

    /// The fewest moves from node `id` into G1.
    #[inline]
    pub(crate) fn distance(&self, id: u32) -> u8 {
        self.distances[id as usize]
    }

    /// Whether phase 1 can end exactly `rest` after move `m` led to `child` (`rest` at most
    /// the radius + 1): a child for which this fails leads to no end of phase 1 at the
    /// search's length, however the search goes on from it.
    #[inline]
    pub(crate) fn ends_in(&self, child: NearNode, rest: u32, m: Move) -> bool {
        let last = self.turns.conjugated(usize::from(child.symmetry), m) / 3;
        ends_within(self.ends().by_face[child.id as usize * LAST_FACES + last], rest, m)
    }

    /// The lengths phase 1 can end in from the nodes.
    #[inline]
    fn ends(&self) -> &Ends {
        self.ends.get_or_init(|| {
            let by_face = ends_of_exact_lengths(self.metric, &self.distances, &self.children, &self.turns);
            let rows = self
                .children
                .iter()
                .map(|row| {
                    std::array::from_fn(|m| match row[m] {
                        NONE => NONE,
                        child => {
                            let last = self.turns.conjugated((child & 15) as usize, Move::ALL[m]) / 3;
                            u32::from(by_face[(child >> 4) as usize * LAST_FACES + last]) << 24 | child
                        }
                    })
                })
                .collect();
            Ends { by_face, rows }
        })
    }

    /// Starts loading node `id`'s row into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, id: u32) {
        crate::map::prefetch(&self.ends().rows, id as usize);
    }

    /// The node a face turn leads to from `at` (or [`NearNode::NONE`] beyond the radius),
    /// and the lengths phase 1 can end in from it after that turn ([`ends_within`]).
    #[inline]
    pub(crate) fn child(&self, at: NearNode, m: Move) -> (NearNode, u8) {
        let s = usize::from(at.symmetry);
        match self.ends().rows[at.id as usize][self.turns.conjugated(s, m)] {
            NONE => (NearNode::NONE, 0),
            word => {
                let (id, t) = (word >> 4 & 0xf_ffff, (word & 15) as usize);
                (NearNode { id, symmetry: self.turns.then(t, s) as u8 }, (word >> 24) as u8)
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

/// Whether `lengths` (of a node reached by `m`, [`ends_of_exact_lengths`]) let phase 1 end in
/// exactly `rest` (at most the radius + 1) from there.
#[inline]
pub(crate) fn ends_within(lengths: u8, rest: u32, m: Move) -> bool {
    lengths >> rest & 1 == 1 && (rest > 0 || !PHASE2_MOVES.contains(&m))
}

/// Whether phase 1 leaves out move `m` from a node at `distance` with `togo` left: in G1 with
/// fewer than 5 left, a phase-2 move would only end phase 1 with a phase-2 move, and phase 2
/// makes those moves itself.
#[inline]
pub(crate) fn is_pointless_in_g1(distance: u8, togo: u32, m: Move) -> bool {
    distance == 0 && togo < 5 && PHASE2_MOVES.contains(&m)
}

/// After a turn of which face (by the node's representative; 6: none) [`NearG1::ends`]
/// holds a node's lengths.
const LAST_FACES: usize = 7;

/// For each node of a graph of `metric` (its distances and children) and each face of the
/// last turn (seen from the node's representative, [`LAST_FACES`]), bit `t` for each `t` up
/// to the radius + 1 when some path of moves costing exactly `t` leads from the node into G1
/// by a last move that is not a phase-2 move (bit 0: the node is G1), never turning the
/// same face twice in a row nor, in G1 with less than 5 left, making a phase-2 move: the ends
/// of phase 1 the search accepts, without its order of opposite faces (so never fewer). Such
/// a path stays within the radius, its nodes being no farther than what is left. Symmetries
/// keep move costs, phase-2 moves and faces' sameness, so a node's representative stands for
/// every entry of it.
pub(crate) fn ends_of_exact_lengths(
    metric: Metric,
    distances: &[u8],
    children: &[[u32; Move::COUNT]],
    turns: &SymmetricTurns,
) -> Vec<u8> {
    let mut ends: Vec<u8> = distances.iter().flat_map(|&d| [u8::from(d == 0); LAST_FACES]).collect();
    for t in 1..=u32::from(near_g1_radius(metric)) + 1 {
        for node in (0..distances.len()).filter(|&node| u32::from(distances[node]) <= t) {
            // The faces whose turns start such a path; two of them serve every last face.
            let mut faces = 0u8;
            for m in Move::ALL {
                let (child, cost) = (children[node][m.index()], m.cost(metric));
                let pointless = is_pointless_in_g1(distances[node], t, m);
                if child == NONE || cost > t || pointless || faces >> m.face() & 1 == 1 {
                    continue;
                }
                let rest = t - cost;
                let face_seen_from_child = turns.conjugated((child & 15) as usize, m) / 3;
                if ends_within(ends[(child >> 4) as usize * LAST_FACES + face_seen_from_child], rest, m) {
                    faces |= 1 << m.face();
                    if faces.count_ones() == 2 {
                        break;
                    }
                }
            }
            for last in (0..LAST_FACES).filter(|&last| faces & !(1 << last) != 0) {
                ends[node * LAST_FACES + last] |= 1 << t;
            }
        }
    }
    ends
}

/// Word `i` of `bytes` (little-endian).
fn word(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]])
}

fn words(table: &Table) -> Vec<u32> {
    (0..table.payload().len() / 4).map(|i| word(table.payload(), i)).collect()
}

/// Checks a graph table's records for `verify` (opening one checks only that every child is
/// a node): node 0 is G1 (entry 0, distance 0); entries rise and lie in the phase-1 table;
/// distances are within the radius and counted as the metadata says; each child is a node,
/// whose distance differs by at most the move's cost.
pub(crate) fn check_near_graph(table: &Table) -> Result<(), TableError> {
    let metric = if table.spec() == &near_graph_spec(Metric::Qtm) { Metric::Qtm } else { Metric::Htm };
    let records = words(table);
    let inconsistent =
        |node: usize, what: String| Err(table.error(TableErrorKind::Inconsistent(format!("node {node}: {what}"))));
    let nodes = records.len() / RECORD;
    let entry = |id: usize| records[id * RECORD] as usize;
    let distance = |id: usize| records[id * RECORD + 1];
    if nodes == 0 || entry(0) != 0 || distance(0) != 0 {
        return inconsistent(0, "the first node is not G1".into());
    }
    let mut counts = vec![0u64; usize::from(near_g1_radius(metric)) + 1];
    for id in 0..nodes {
        if entry(id) >= FLIP_SLICE_CLASSES * TWISTS || (id > 0 && entry(id) <= entry(id - 1)) {
            return inconsistent(id, format!("entry {} is out of order or range", entry(id)));
        }
        if distance(id) >= counts.len() as u32 || (id > 0 && distance(id) == 0) {
            return inconsistent(id, format!("distance {} is out of range", distance(id)));
        }
        counts[distance(id) as usize] += 1;
        for m in Move::ALL {
            let child = records[id * RECORD + 2 + m.index()];
            if child == NONE {
                continue;
            }
            let to = (child >> 4) as usize;
            if to >= nodes || distance(to).abs_diff(distance(id)) > m.cost(metric) {
                return inconsistent(id, format!("its child by {m} ({child:#x}) is not a neighbour"));
            }
        }
    }
    crate::table::compare_counts(table, "distance", &counts, &table.metadata().depth_counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Metadata;
    use puzzle_tables_generator::cube::{build_near_graph_table, flip_slice_classes, phase1_distances};
    use puzzle_tables_models::cube::move_tables::CoordinateMoves;
    use puzzle_tables_models::cube::symmetry::twist_conjugates;

    /// Phase 1 on the raw coordinates (flip-slice and twist, no symmetries), pruned by the
    /// exact distances of their entries.
    struct RawPhase1<'a> {
        metric: Metric,
        class_of: &'a [u32],
        distances: &'a [u8],
        moves: CoordinateMoves,
    }

    impl RawPhase1<'_> {
        fn distance(&self, flip_slice: usize, twist: usize) -> u32 {
            let (class, s) = (self.class_of[flip_slice] as usize / 16, self.class_of[flip_slice] as usize % 16);
            u32::from(self.distances[class * TWISTS + usize::from(twist_conjugates()[twist * 16 + s])])
        }

        /// Whether some path costing exactly `t` leads from these coordinates into G1 by a
        /// last move that is not a phase-2 move, never turning the same face twice in a row
        /// (the first not `last`'s), nor making a phase-2 move in G1 with less than 5 left.
        fn ends_exactly(&self, flip_slice: usize, twist: usize, t: u32, last: usize) -> bool {
            let here = self.distance(flip_slice, twist);
            if t == 0 {
                return here == 0;
            }
            Move::ALL.into_iter().any(|m| {
                let cost = m.cost(self.metric);
                if m.face() == last || cost > t || (here == 0 && t < 5 && PHASE2_MOVES.contains(&m)) {
                    return false;
                }
                let (next, next_twist) = self.moves.moved(flip_slice, twist, m.index());
                let rest = t - cost;
                self.distance(next, next_twist) <= rest
                    && (rest > 0 || !PHASE2_MOVES.contains(&m))
                    && self.ends_exactly(next, next_twist, rest, m.face())
            })
        }
    }

    /// Which lengths phase 1 can end in from a node, after a turn of each face, are those
    /// found by walking every path on the raw coordinates from its representative (every
    /// 29th node of each metric's graph, built from the generator's distances), and so are
    /// those the search reads beside each child (every 116th node's children).
    #[test]
    fn the_lengths_phase_1_can_end_in_are_those_of_the_paths_on_raw_coordinates() {
        let classes = flip_slice_classes();
        let dir = tempfile::tempdir().unwrap();
        for metric in Metric::ALL {
            let (distances, _) = phase1_distances(&classes, metric, &mut puzzle_tables_generator::Silent);
            let built = build_near_graph_table(metric, &classes, &distances);
            // The generator's types are those of another build of this crate: the spec is
            // this crate's, the payload and counts the generator's.
            let (spec, counts) = (near_graph_spec(metric), built.metadata.depth_counts);
            let path = dir.path().join(spec.file_name());
            let metadata = Metadata { depth_counts: counts, ..Metadata::default() };
            std::fs::write(&path, spec.encode_file(&metadata, &built.payload)).unwrap();
            let table = Table::open_verified(&path, &spec).unwrap();
            let near = NearG1::open(&table, metric).unwrap();
            let raw =
                RawPhase1 { metric, class_of: &classes.class_of, distances: &distances, moves: CoordinateMoves::new() };
            for id in (0..near.distances.len()).step_by(29) {
                let entry = word(table.payload(), id * RECORD) as usize;
                let (flip_slice, twist) = (classes.representatives[entry / TWISTS] as usize, entry % TWISTS);
                for last in 0..LAST_FACES {
                    for t in 0..=u32::from(near.radius()) + 1 {
                        let expected = raw.ends_exactly(flip_slice, twist, t, last);
                        let found = near.ends().by_face[id * LAST_FACES + last] >> t & 1 == 1;
                        assert_eq!(found, expected, "{metric:?}, node {id}, after face {last}, length {t}");
                    }
                }
                // The lengths the search reads beside each child, every 4th node of these.
                if id % 4 != 0 {
                    continue;
                }
                for m in Move::ALL {
                    let (child, lengths) = near.child(NearNode { id: id as u32, symmetry: 0 }, m);
                    if child == NearNode::NONE {
                        continue;
                    }
                    let (next, next_twist) = raw.moves.moved(flip_slice, twist, m.index());
                    for t in 0..=u32::from(near.radius()) + 1 {
                        let expected = raw.ends_exactly(next, next_twist, t, m.face());
                        assert_eq!(lengths >> t & 1 == 1, expected, "{metric:?}, node {id}, child by {m}, length {t}");
                    }
                }
            }
        }
    }

    /// A graph table of `metric` whose node `i` has entry `i`, distance 1 or 2 (by the
    /// parity of `i`; G1 0) and children from `child(node, move)`, in `dir`.
    fn graph(dir: &std::path::Path, metric: Metric, child: impl Fn(usize, Move) -> u32) -> Result<Table, TableError> {
        let spec = near_graph_spec(metric);
        let nodes = spec.entries as usize / RECORD;
        let distance = |i: usize| if i == 0 { 0 } else { 1 + i as u32 % 2 };
        let words = (0..nodes).flat_map(|i| [i as u32, distance(i)].into_iter().chain(Move::ALL.map(|m| child(i, m))));
        let payload: Vec<u8> = words.flat_map(u32::to_le_bytes).collect();
        let counts = (0..3).map(|d| (0..nodes).filter(|&i| distance(i) == d).count() as u64).collect();
        let metadata = Metadata { depth_counts: counts, ..Metadata::default() };
        let path = dir.join(spec.file_name());
        std::fs::write(&path, spec.encode_file(&metadata, &payload)).unwrap();
        Table::open_verified(&path, &spec)
    }

    /// The graph table of [`graph`], checked as `verify` checks it.
    fn checked(metric: Metric, child: impl Fn(usize, Move) -> u32) -> Result<(), TableError> {
        let dir = tempfile::tempdir().unwrap();
        check_near_graph(&graph(dir.path(), metric, child)?)
    }

    #[test]
    fn a_graph_with_a_child_out_of_range_or_too_far_is_refused() {
        checked(Metric::Htm, |i, m| if i > 0 && m.quarters() == 1 { 2 << 4 | 5 } else { NONE }).unwrap();
        let nodes = near_graph_spec(Metric::Htm).entries as u32 / RECORD as u32;
        let error = checked(Metric::Htm, |i, _| if i == 3 { nodes << 4 } else { NONE }).unwrap_err();
        assert!(error.to_string().contains("node 3: its child by U"), "{error}");
        // Opening the graph for a search refuses it too: the search would index out of bounds.
        let dir = tempfile::tempdir().unwrap();
        let table = graph(dir.path(), Metric::Htm, |i, _| if i == 3 { nodes << 4 } else { NONE }).unwrap();
        let error = NearG1::open(&table, Metric::Htm).unwrap_err();
        assert!(error.to_string().contains("node 3: its child by U (0x18eb0) is no node"), "{error}");
        // Node 1 is two quarter turns from G1: a half turn can lead there, a quarter turn not.
        checked(Metric::Qtm, |i, m| if i == 0 && m.quarters() == 2 { 1 << 4 } else { NONE }).unwrap();
        let error = checked(Metric::Qtm, |i, m| if i == 0 && m.quarters() == 1 { 1 << 4 } else { NONE }).unwrap_err();
        assert!(error.to_string().contains("node 0: its child by U (0x10)"), "{error}");
    }
}
