//! Phase 2's tables, on the corner and U/D-edge permutations reduced by the 16 symmetries
//! (2,768 classes each, as min2phase does), so that they stay in the fast caches: 0.5 MB
//! where the raw permutations' move and pair tables took 4.5 MB and phase 2 waited on them.
//!
//! A permutation's phase-2 coordinate is `class * 16 + s`, where conjugating by `s` gives
//! the class's representative. A move `m` made on a permutation is the move `S m S^-1` made
//! on its representative, seen back through `s`: the class move table gives the next class
//! and the symmetry to its representative, and [`products`] composes the two symmetries. The
//! pair distances are the same for a cube and its conjugate, so a (permutation, slice
//! permutation) pair is looked up as (representative, slice permutation conjugated by `s`).

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, CORNER_PERMS, PHASE2_MOVES, SLICE_PERMS, UD_EDGE_PERMS};
use puzzle_tables_models::cube::symmetry::{
    conjugate_corner_perm, conjugate_phase2_move, conjugate_slice_perm, conjugate_ud_edge_perm, inverse, products,
    PERMUTATION_CLASSES, SYMMETRIES,
};
use puzzle_tables_models::cube::Metric;

use crate::format::{self, Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError};

/// The phase-2 moves.
const MOVES: usize = PHASE2_MOVES.len();

/// A phase-2 permutation coordinate, reduced by the 16 symmetries to one of
/// [`PERMUTATION_CLASSES`] classes: it has a class table, a move table on its classes (by the
/// phase-2 moves) and pairs with the slice permutation in a distance table by class.
/// Exhaustive: besides the slice permutation, phase 2's permutation coordinates are these two.
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

    /// The value of the conjugate by symmetry `s` of a cube with value `value`.
    pub fn conjugate(self, value: u16, s: usize) -> u16 {
        match self {
            Permutation::Corners => conjugate_corner_perm(value, s),
            Permutation::UdEdges => conjugate_ud_edge_perm(value, s),
        }
    }

    /// Its values grouped into classes under the 16 symmetries, numbered in the order of
    /// their smallest member (the representative): for each value, `class * 16 + s` where
    /// conjugating by `s` gives the representative; and the representatives.
    pub fn classes(self) -> (Vec<u16>, Vec<u16>) {
        let mut class_of = vec![u16::MAX; self.count()];
        let mut representatives = Vec::new();
        for value in 0..self.count() as u16 {
            if class_of[usize::from(value)] != u16::MAX {
                continue;
            }
            let class = representatives.len() as u16;
            representatives.push(value);
            for s in 0..SYMMETRIES {
                let image = usize::from(self.conjugate(value, s));
                if class_of[image] == u16::MAX {
                    class_of[image] = class * SYMMETRIES as u16 + inverse(s) as u16;
                }
            }
        }
        (class_of, representatives)
    }

    fn variant(self) -> u32 {
        match self {
            Permutation::Corners => 1,
            Permutation::UdEdges => 2,
        }
    }

    /// The spec of its class table: for each value, `class * 16 + s`, where conjugating by
    /// `s` gives the class's representative (its smallest value).
    pub fn classes_spec(self) -> TableSpec {
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::SymmetryClass,
            variant: self.variant(),
            encoding: Encoding::U16,
            ranking_version: COORDINATE_VERSION,
            entries: self.count() as u64,
        }
    }

    /// The spec of its move table: for each class and phase-2 move (`class * 10 + move`), the
    /// representative after the move as `class * 16 + s`. (Variants 1 and 2 were move tables
    /// of the raw values, before the classes.)
    pub fn moves_spec(self) -> TableSpec {
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::CoordinateMoves,
            variant: self.variant() + 2,
            encoding: Encoding::U16,
            ranking_version: COORDINATE_VERSION,
            entries: (PERMUTATION_CLASSES * PHASE2_MOVES.len()) as u64,
        }
    }

    /// The spec of its distance table with the slice permutation in `metric`, indexed
    /// `class * 24 + slice_perm` (the class's representative with that slice permutation):
    /// four bits an entry in face turns (at most 14), a byte in quarter turns (up to 22).
    /// (Variants 1 to 6 were other designs' tables.)
    pub fn distance_spec(self, metric: Metric) -> TableSpec {
        let (metric_offset, encoding) = match metric {
            Metric::Htm => (6, Encoding::Packed4),
            Metric::Qtm => (8, Encoding::Bytes),
        };
        TableSpec {
            puzzle: Puzzle::Cube,
            kind: TableKind::PairDistance,
            variant: self.variant() + metric_offset,
            encoding,
            ranking_version: COORDINATE_VERSION,
            entries: (PERMUTATION_CLASSES * SLICE_PERMS) as u64,
        }
    }
}

/// Phase 2's tables: for each permutation its classes, its class moves and its pair
/// distances, read out of their files into plain arrays at start (0.5 MB: the search's
/// innermost loop reads them, and a file's checked view costs more per read), and the
/// symmetries' small tables.
#[derive(Debug)]
pub(crate) struct Phase2Tables {
    /// The table files, for their sizes.
    files: Vec<Table>,
    /// Each permutation's classes (corners, then U/D edges): `class * 16 + s` by raw value.
    classes: [Vec<u16>; 2],
    /// Each permutation's class moves: `class * 16 + s` by `class * 10 + move`.
    moves: [Vec<u16>; 2],
    /// Pair distances by `class * 24 + slice`, HTM then QTM, each corners then U/D edges.
    pairs: [[Vec<u8>; 2]; 2],
    /// For each metric and raw corner permutation, the fewest phase-2 moves that solve the
    /// corners (the least of its 24 pair distances): checked before phase 2 starts.
    corner_bounds: [Vec<u8>; 2],
    /// `conjugated_moves[s * 10 + k]`: phase-2 move `k` conjugated by `s`.
    conjugated_moves: Vec<u8>,
    /// `conjugated_slices[slice * 16 + s]`: a slice permutation conjugated by `s`.
    conjugated_slices: Vec<u8>,
    /// The symmetries' products ([`products`]).
    products: &'static [[u8; SYMMETRIES]; SYMMETRIES],
}

impl Phase2Tables {
    /// Opens the tables with `open` and computes the rest.
    pub(crate) fn open(open: impl Fn(&TableSpec) -> Result<Table, TableError>) -> Result<Phase2Tables, TableError> {
        let both = |spec: &dyn Fn(Permutation) -> TableSpec| -> Result<[Table; 2], TableError> {
            Ok([open(&spec(Permutation::Corners))?, open(&spec(Permutation::UdEdges))?])
        };
        let (class_files, move_files) = (both(&Permutation::classes_spec)?, both(&Permutation::moves_spec)?);
        let pair_files = [both(&|p| p.distance_spec(Metric::Htm))?, both(&|p| p.distance_spec(Metric::Qtm))?];
        let classes = class_files.each_ref().map(u16_entries);
        let pairs = Metric::ALL.map(|metric| pair_files[metric as usize].each_ref().map(|t| pair_entries(metric, t)));
        let corner_bounds = Metric::ALL.map(|metric| {
            let least =
                |class: usize| pairs[metric as usize][0][class * SLICE_PERMS..][..SLICE_PERMS].iter().min().copied();
            classes[0].iter().map(|&c| least(usize::from(c) / SYMMETRIES).unwrap_or(0)).collect()
        });
        let conjugated_moves =
            (0..SYMMETRIES).flat_map(|s| (0..MOVES).map(move |k| conjugate_phase2_move(k, s) as u8)).collect();
        let conjugated_slices = (0..SLICE_PERMS as u8)
            .flat_map(|slice| (0..SYMMETRIES).map(move |s| conjugate_slice_perm(slice, s)))
            .collect();
        Ok(Phase2Tables {
            moves: move_files.each_ref().map(u16_entries),
            files: class_files.into_iter().chain(move_files).chain(pair_files.into_iter().flatten()).collect(),
            classes,
            pairs,
            corner_bounds,
            conjugated_moves,
            conjugated_slices,
            products: products(),
        })
    }

    /// The table files it read.
    pub(crate) fn files(&self) -> impl Iterator<Item = &Table> {
        self.files.iter()
    }

    /// The phase-2 coordinate of `permutation`'s raw value `value`.
    #[inline]
    pub(crate) fn coordinate(&self, permutation: Permutation, value: usize) -> usize {
        usize::from(self.classes[permutation as usize][value])
    }

    /// A phase-2 coordinate of `permutation` after phase-2 move `k`.
    #[inline]
    pub(crate) fn after(&self, permutation: Permutation, coordinate: usize, k: usize) -> usize {
        let (class, s) = (coordinate / SYMMETRIES, coordinate % SYMMETRIES);
        let seen = usize::from(self.conjugated_moves[s * MOVES + k]);
        let next = usize::from(self.moves[permutation as usize][class * MOVES + seen]);
        next / SYMMETRIES * SYMMETRIES + usize::from(self.products[next % SYMMETRIES][s])
    }

    /// The phase-2 lower bound in `metric` of the coordinates: the larger of the two pair
    /// distances.
    #[inline]
    pub(crate) fn bound(&self, metric: Metric, corners: usize, edges: usize, slice: usize) -> u32 {
        let [corner_pairs, edge_pairs] = &self.pairs[metric as usize];
        let corner = corner_pairs[self.pair_index(corners, slice)];
        let edge = edge_pairs[self.pair_index(edges, slice)];
        u32::from(corner.max(edge))
    }

    /// The fewest phase-2 moves in `metric` that solve corners with raw permutation
    /// `corner_perm`, whatever the edges.
    #[inline]
    pub(crate) fn corner_bound(&self, metric: Metric, corner_perm: usize) -> u32 {
        u32::from(self.corner_bounds[metric as usize][corner_perm])
    }

    /// The pair table entry of a permutation's coordinate with a slice permutation.
    #[inline]
    fn pair_index(&self, coordinate: usize, slice: usize) -> usize {
        let (class, s) = (coordinate / SYMMETRIES, coordinate % SYMMETRIES);
        class * SLICE_PERMS + usize::from(self.conjugated_slices[slice * SYMMETRIES + s])
    }
}

/// Whether phase-2 coordinates stand for solved permutations (the identity is a class of its
/// own, class 0, and every symmetry fixes it).
#[inline]
pub(crate) fn is_solved(coordinate: usize) -> bool {
    coordinate < SYMMETRIES
}

/// A two-byte table's entries.
fn u16_entries(table: &Table) -> Vec<u16> {
    table.payload().chunks_exact(2).map(|bytes| u16::from_le_bytes([bytes[0], bytes[1]])).collect()
}

/// A pair-distance table's entries: four bits each in HTM, a byte each in QTM.
fn pair_entries(metric: Metric, table: &Table) -> Vec<u8> {
    match metric {
        Metric::Htm => (0..table.spec().entries).map_while(|i| format::packed4_at(table.payload(), i)).collect(),
        Metric::Qtm => table.payload().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Metadata;
    use puzzle_tables_models::cube::coords::CORNER_PERMS;
    use puzzle_tables_models::cube::move_tables::{corner_perm_moves, ud_edge_perm_moves, CoordinateMoves};
    use puzzle_tables_models::cube::Cube;
    use std::collections::VecDeque;

    /// Each (raw value, slice permutation)'s distance to solved by phase-2 moves in
    /// `metric`: a plain shortest-path search (a half turn costs two in QTM).
    fn raw_pair_distances(moves: &[u16], slice_moves: &[u8], metric: Metric) -> Vec<u8> {
        let mut distance = vec![u8::MAX; CORNER_PERMS * SLICE_PERMS];
        let mut queue = VecDeque::from([(0usize, 0u8)]);
        while let Some((index, d)) = queue.pop_front() {
            if distance[index] <= d {
                continue;
            }
            distance[index] = d;
            let (value, slice) = (index / SLICE_PERMS, index % SLICE_PERMS);
            for (k, m) in PHASE2_MOVES.iter().enumerate() {
                let next =
                    usize::from(moves[value * MOVES + k]) * SLICE_PERMS + usize::from(slice_moves[slice * MOVES + k]);
                // A label-correcting search: a node popped with less than it holds is
                // expanded again, so the distances end exact whatever the order of the pops.
                queue.push_back((next, d + m.cost(metric) as u8));
            }
        }
        distance
    }

    /// The tables of `permutation` written by this test itself: classes from conjugating
    /// every value (the least conjugate is the representative), class moves and pair rows.
    fn write_tables(dir: &std::path::Path, permutation: Permutation, moves: &[u16], raw: [&[u8]; 2]) {
        let least = |value: u16| (0..SYMMETRIES).map(|s| (permutation.conjugate(value, s), s)).min().unwrap();
        let mut representatives: Vec<u16> = (0..permutation.count() as u16).map(|v| least(v).0).collect();
        representatives.sort_unstable();
        representatives.dedup();
        let class_of: Vec<u16> = (0..permutation.count() as u16)
            .map(|v| {
                let (representative, s) = least(v);
                (representatives.binary_search(&representative).unwrap() * SYMMETRIES + s) as u16
            })
            .collect();
        let u16s = |values: &mut dyn Iterator<Item = u16>| values.flat_map(u16::to_le_bytes).collect::<Vec<u8>>();
        let after = representatives.iter().flat_map(|&r| (0..MOVES).map(move |k| moves[usize::from(r) * MOVES + k]));
        let rows = |distances: &[u8]| -> Vec<u8> {
            representatives
                .iter()
                .flat_map(|&r| distances[usize::from(r) * SLICE_PERMS..][..SLICE_PERMS].to_vec())
                .collect()
        };
        let htm: Vec<u8> = rows(raw[0]).chunks(2).map(|pair| pair[0] | pair[1] << 4).collect();
        let files = [
            (permutation.classes_spec(), u16s(&mut class_of.iter().copied())),
            (permutation.moves_spec(), u16s(&mut after.map(|value| class_of[usize::from(value)]))),
            (permutation.distance_spec(Metric::Htm), htm),
            (permutation.distance_spec(Metric::Qtm), rows(raw[1])),
        ];
        for (spec, payload) in files {
            std::fs::write(dir.join(spec.file_name()), spec.encode_file(&Metadata::default(), &payload)).unwrap();
        }
    }

    #[test]
    fn class_coordinates_give_the_raw_permutations_pair_distances() {
        let dir = tempfile::tempdir().unwrap();
        let slice_moves = CoordinateMoves::new().slice_perm;
        let raw_moves = [corner_perm_moves(), ud_edge_perm_moves()];
        let raw =
            Metric::ALL.map(|metric| raw_moves.each_ref().map(|moves| raw_pair_distances(moves, &slice_moves, metric)));
        for permutation in Permutation::ALL {
            let p = permutation as usize;
            write_tables(dir.path(), permutation, &raw_moves[p], [&raw[0][p], &raw[1][p]]);
        }
        let phase2 = Phase2Tables::open(|spec| Table::open_verified(&dir.path().join(spec.file_name()), spec)).unwrap();
        // Every raw value with every slice permutation, through its class.
        for metric in Metric::ALL {
            let [corner_distances, edge_distances] = &raw[metric as usize];
            for value in 0..CORNER_PERMS {
                let (corners, edges) =
                    (phase2.coordinate(Permutation::Corners, value), phase2.coordinate(Permutation::UdEdges, value));
                for slice in 0..SLICE_PERMS {
                    let index = value * SLICE_PERMS + slice;
                    let expected = corner_distances[index].max(edge_distances[index]);
                    assert_eq!(phase2.bound(metric, corners, edges, slice), u32::from(expected));
                }
                let least = corner_distances[value * SLICE_PERMS..][..SLICE_PERMS].iter().min();
                assert_eq!(Some(&(phase2.corner_bound(metric, value) as u8)), least);
            }
        }
        // A walk of phase-2 moves on whole cubes: the coordinates follow the cube.
        let mut cube = Cube::SOLVED;
        let (mut corners, mut edges) = (0, 0);
        for i in 0..5000 {
            let k = (i * 7 + i / 11) % MOVES;
            cube = cube.apply_move(PHASE2_MOVES[k]);
            corners = phase2.after(Permutation::Corners, corners, k);
            edges = phase2.after(Permutation::UdEdges, edges, k);
            let (c, e, slice) =
                (usize::from(cube.corner_perm()), usize::from(cube.ud_edge_perm()), usize::from(cube.slice_perm()));
            assert_eq!(corners / SYMMETRIES, phase2.coordinate(Permutation::Corners, c) / SYMMETRIES, "step {i}");
            assert_eq!(edges / SYMMETRIES, phase2.coordinate(Permutation::UdEdges, e) / SYMMETRIES, "step {i}");
            for metric in Metric::ALL {
                let [corner_distances, edge_distances] = &raw[metric as usize];
                let expected = corner_distances[c * SLICE_PERMS + slice].max(edge_distances[e * SLICE_PERMS + slice]);
                assert_eq!(phase2.bound(metric, corners, edges, slice), u32::from(expected), "step {i}");
            }
            assert_eq!(is_solved(corners) && is_solved(edges), c == 0 && e == 0, "step {i}");
        }
    }
}
