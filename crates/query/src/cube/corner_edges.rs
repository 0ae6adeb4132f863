//! The large set's phase-2 table (`puzzle-tables gen cube --large`, 112 MB): for each
//! corner-permutation class (the 2,768 of [`super::phase2`]) and each U/D-edge permutation,
//! the fewest face turns of phase 2 that solve the corners and the U/D edges together, a
//! byte each (as rob-twophase's corner-class x U/D-edge table). One read bounds a phase-2
//! node far more tightly than the two pair tables, so that most phase-2 searches are
//! refused at the door and the rest go almost straight to a solution.
//!
//! A cube with corner coordinate `class * 16 + s` (conjugating by `s` gives the class's
//! representative) and raw U/D-edge permutation `edges` has the distance of its conjugate
//! by `s`: entry `class * 40,320 + edges conjugated by s`. The search follows the raw edge
//! permutation by its move table (40,320 x 10) for this lookup. When a representative is
//! fixed by several symmetries, each of them is a valid `s`: the generator fills the entries
//! of every such conjugate alike. `verify` checks every entry against its neighbours
//! ([`check_corner_edges`]), which proves the distances exact.

use puzzle_tables_models::cube::coords::{COORDINATE_VERSION, PHASE2_MOVES, UD_EDGE_PERMS};
use puzzle_tables_models::cube::move_tables::{corner_perm_moves, ud_edge_perm_moves};
use puzzle_tables_models::cube::symmetry::{
    conjugate_corner_perm, ud_edge_perm_conjugates, PERMUTATION_CLASSES, SYMMETRIES,
};
use puzzle_tables_models::cube::Metric;

use super::phase2::Permutation;

use crate::format::{Encoding, Puzzle, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// The phase-2 moves.
const MOVES: usize = PHASE2_MOVES.len();

/// The spec of the corner-class x U/D-edge distance table in face turns, indexed
/// `class * 40,320 + edges` (variant 11: variants 7 to 10 are the pair tables with the slice).
pub fn corner_edge_distance_spec() -> TableSpec {
    TableSpec {
        puzzle: Puzzle::Cube,
        kind: TableKind::PairDistance,
        variant: 11,
        encoding: Encoding::Bytes,
        ranking_version: COORDINATE_VERSION,
        entries: (PERMUTATION_CLASSES * UD_EDGE_PERMS) as u64,
    }
}

/// For each corner class and phase-2 move (`class * 10 + move`): the class the move takes the
/// class's representative to, and bit `u` set for each symmetry `u` that takes the moved
/// representative to that class's representative (more than one when that representative
/// is fixed by some symmetries). The generator's search and `verify` walk by it.
pub fn corner_class_steps() -> Vec<(usize, u16)> {
    let (class_of, representatives) = Permutation::Corners.classes();
    let moves = corner_perm_moves();
    let after = representatives.iter().flat_map(|&r| (0..MOVES).map(move |k| (r, k)));
    after
        .map(|(r, k)| {
            let moved = moves[usize::from(r) * MOVES + k];
            let next = usize::from(class_of[usize::from(moved)]) / SYMMETRIES;
            let to_representative = |u: &usize| conjugate_corner_perm(moved, *u) == representatives[next];
            (next, (0..SYMMETRIES).filter(to_representative).fold(0, |mask, u| mask | 1 << u))
        })
        .collect()
}

/// Checks every entry of the table: the solved entry at 0 and no other, each entry's phase-2
/// neighbours at most one away and, away from solved, one of them one closer. Those facts
/// hold of exact distances alone (along a shortest solution the entries rise by at most one
/// a move from 0; from an entry, closer neighbours lead to 0 in as many moves as it says), so
/// a table that passes holds exact distances. A neighbour is read through the first
/// symmetry to its corners' representative; the others' entries are then exact too, being
/// other cubes' own.
pub(crate) fn check_corner_edges(table: &Table) -> Result<(), TableError> {
    let (steps, edge_moves, conjugates) = (corner_class_steps(), ud_edge_perm_moves(), ud_edge_perm_conjugates());
    let distances = table.payload();
    let refuse = |entry: usize, why: &str| {
        let message = format!("entry {entry} ({}): {why}", distances[entry]);
        Err(table.error(TableErrorKind::Inconsistent(message)))
    };
    for (entry, &here) in distances.iter().enumerate() {
        let (class, edges) = (entry / UD_EDGE_PERMS, entry % UD_EDGE_PERMS);
        let mut closer = false;
        for (k, &(next, symmetries)) in steps[class * MOVES..][..MOVES].iter().enumerate() {
            let moved = usize::from(edge_moves[edges * MOVES + k]);
            let seen = usize::from(conjugates[moved * SYMMETRIES + symmetries.trailing_zeros() as usize]);
            let there = distances[next * UD_EDGE_PERMS + seen];
            if here.abs_diff(there) > 1 {
                return refuse(entry, &format!("phase-2 move {k} leads to an entry at {there}"));
            }
            closer |= there.checked_add(1) == Some(here);
        }
        if (entry == 0) != (here == 0) {
            return refuse(entry, "only the solved entry is at 0");
        }
        if here > 0 && !closer {
            return refuse(entry, "no phase-2 move leads closer");
        }
    }
    Ok(())
}

/// The table, opened and checked, with the raw U/D-edge moves and conjugates it is read by./// The table, opened and checked, with the raw U/D-edge moves and conjugates it is read by.
#[derive(Debug)]
pub(crate) struct CornerEdgeDistances {
    table: Table,
    /// `edge_moves[edges * 10 + k]`: the U/D-edge permutation after phase-2 move `k`.
    edge_moves: Vec<u16>,
    /// `edge_conjugates[edges * 16 + s]`: the U/D-edge permutation conjugated by `s`.
    edge_conjugates: &'static [u16],
}

impl CornerEdgeDistances {
    /// The table, its size checked (its entries are checked by `verify`, which counts them
    /// by distance), and the edges' move table computed.
    pub(crate) fn open(table: Table) -> Result<CornerEdgeDistances, TableError> {
        let expected = corner_edge_distance_spec().payload_len().unwrap_or(0) as usize;
        if table.payload().len() != expected {
            let message =
                format!("{} payload bytes, where the corner and U/D-edge table has {expected}", table.payload().len());
            return Err(table.error(TableErrorKind::Inconsistent(message)));
        }
        Ok(CornerEdgeDistances { table, edge_moves: ud_edge_perm_moves(), edge_conjugates: ud_edge_perm_conjugates() })
    }

    /// The raw U/D-edge permutation after phase-2 move `k`.
    #[inline]
    pub(crate) fn edges_after(&self, edges: usize, k: usize) -> usize {
        usize::from(self.edge_moves[edges * MOVES + k])
    }

    /// The fewest face turns of phase 2 that solve corners with phase-2 coordinate `corners`
    /// (`class * 16 + s`) together with the raw U/D-edge permutation `edges`.
    #[inline]
    pub(crate) fn distance(&self, corners: usize, edges: usize) -> u32 {
        let (class, s) = (corners / SYMMETRIES, corners % SYMMETRIES);
        let seen = usize::from(self.edge_conjugates[edges * SYMMETRIES + s]);
        u32::from(self.table.payload()[class * UD_EDGE_PERMS + seen])
    }

    /// The table it reads.
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// The metric of its distances.
    pub(crate) const METRIC: Metric = Metric::Htm;
}
