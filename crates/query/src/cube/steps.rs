//! The cube's optional large table (`puzzle-tables gen cube --large`, 564 MB): for each
//! phase-1 entry (flip-slice class x twist), its exact distance to G1 in face turns and, for
//! each face turn, whether the turn brings it closer, keeps its distance or takes it further.
//! One read of the node the search stands on then tells every child's distance, where the
//! default tables take a read of the 28 MB residue table per child (rob-twophase's phase-1
//! table holds the same facts; this layout is our own).
//!
//! A word is little-endian, four bytes: the distance in bits 0..8, then a nibble per face
//! (U R F D L B, bits `8 + 4 f ..`). The three turns of one face lead to cubes one turn
//! apart, so their distances differ by at most one: a face's children never hold both a
//! closer and a further one. Bit 3 of the nibble says whether the face's children are at
//! the distance or one further (set) rather than one closer or at the distance (clear); bit
//! `q - 1` says, for the turn of `q` quarter turns, which of the two it is (set: the larger).
//! A child's distance is thus `distance + bit + further - 1`.
//!
//! Only face turns: the quarter-turn search keeps the default tables (a table of the same
//! kind for quarter turns would take the set past 1 GB).

use puzzle_tables_models::cube::symmetry::FLIP_SLICE_CLASSES;
use puzzle_tables_models::cube::{Metric, Move};

use crate::cube::classes::class_twist_spec;
use crate::format::{Encoding, TableKind, TableSpec};
use crate::table::{Table, TableError, TableErrorKind};

/// The spec of the phase-1 steps table in face turns: one word per phase-1 entry.
pub fn phase1_steps_spec() -> TableSpec {
    class_twist_spec(TableKind::DistanceSteps, Metric::Htm as u32 + 1, Encoding::U32, FLIP_SLICE_CLASSES)
}

/// The word of an entry at `distance` whose face turns (by [`Move::index`]) lead to
/// entries at `children`, or `None` when the children are not one step of a metric away
/// (some child differs by more than one, or one face has both a closer and a further child).
///
/// ```
/// use puzzle_tables_query::cube::{phase1_steps_word, step_distance_of};
///
/// let mut children = [4; 18];
/// children[0] = 3; // U brings it closer
/// children[7] = 5; // R2 takes it further
/// let word = phase1_steps_word(4, &children).unwrap();
/// assert!((0..18).all(|m| step_distance_of(word, m) == children[m]));
/// children[8] = 3; // R' closer while R2 is further: not a cube's
/// assert_eq!(phase1_steps_word(4, &children), None);
/// ```
pub fn phase1_steps_word(distance: u8, children: &[u8; Move::COUNT]) -> Option<u32> {
    let mut word = u32::from(distance);
    for (face, turns) in children.chunks_exact(3).enumerate() {
        let steps = turns.iter().map(|&child| i16::from(child) - i16::from(distance));
        if steps.clone().any(|step| step.abs() > 1) || (steps.clone().any(|s| s < 0) && steps.clone().any(|s| s > 0)) {
            return None;
        }
        let further = steps.clone().any(|step| step > 0);
        let nibble = steps.enumerate().fold(u32::from(further) << 3, |nibble, (q, step)| {
            nibble | u32::from(step + 1 - i16::from(further) == 1) << q
        });
        word |= nibble << (8 + 4 * face);
    }
    Some(word)
}

/// The distance of the child by face turn `m` (its index) of an entry whose word is `word`.
#[inline]
pub fn step_distance_of(word: u32, m: usize) -> u8 {
    let nibble = word >> (8 + 4 * (m / 3));
    ((word as u8) + (nibble >> (m % 3) & 1) as u8 + (nibble >> 3 & 1) as u8).wrapping_sub(1)
}

/// The steps table, opened and checked.
#[derive(Debug)]
pub(crate) struct Phase1Steps {
    table: Table,
}

impl Phase1Steps {
    /// The table, its size checked (its words are checked by `verify`, [`check_steps`]).
    pub(crate) fn open(table: Table) -> Result<Phase1Steps, TableError> {
        let expected = phase1_steps_spec().payload_len().unwrap_or(0) as usize;
        if table.payload().len() != expected {
            let message = format!("{} payload bytes, where the steps table has {expected}", table.payload().len());
            return Err(table.error(TableErrorKind::Inconsistent(message)));
        }
        Ok(Phase1Steps { table })
    }

    /// The word of phase-1 entry `entry`.
    #[inline]
    pub(crate) fn word(&self, entry: usize) -> u32 {
        let bytes = &self.table.payload()[entry * 4..entry * 4 + 4];
        u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }

    /// Starts loading the word of entry `entry` into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, entry: usize) {
        crate::map::prefetch(self.table.payload(), entry * 4);
    }

    /// The table it reads.
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }
}

/// Checks every word of a steps table: a distance the metadata counts, no child closer
/// than G1, and as many entries at each distance as the metadata says.
pub(crate) fn check_steps(table: &Table) -> Result<(), TableError> {
    let counts = &table.metadata().depth_counts;
    let mut found = vec![0u64; counts.len()];
    for (entry, bytes) in table.payload().chunks_exact(4).enumerate() {
        let word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let distance = usize::from(word as u8);
        let below_g1 = distance == 0 && (0..Move::COUNT).any(|m| step_distance_of(word, m) == u8::MAX);
        match found.get_mut(distance) {
            Some(count) if !below_g1 => *count += 1,
            _ => {
                let message = format!("entry {entry}'s word {word:#010x} is not a distance and its steps");
                return Err(table.error(TableErrorKind::Inconsistent(message)));
            }
        }
    }
    if found != *counts {
        let message = format!("entries per distance {found:?}, where the metadata says {counts:?}");
        return Err(table.error(TableErrorKind::Inconsistent(message)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a face's three children can lie one step around an entry (closer and
    /// same, or same and further), at every distance, reads back as it was written.
    #[test]
    fn every_face_pattern_reads_back() {
        for distance in 0..=12u8 {
            for pattern in 0..27u32 {
                let steps: Vec<i16> = (0..3).map(|q| (pattern / 3u32.pow(q) % 3) as i16 - 1).collect();
                let children: [u8; Move::COUNT] =
                    std::array::from_fn(|m| (i16::from(distance) + steps[(m + m / 3) % 3]) as u8);
                if distance == 0 && steps.contains(&-1) {
                    continue; // nothing is closer than G1
                }
                let word = phase1_steps_word(distance, &children);
                if steps.contains(&-1) && steps.contains(&1) {
                    assert_eq!(word, None, "distance {distance}, steps {steps:?}");
                    continue;
                }
                let word = word.unwrap();
                assert_eq!(word as u8, distance);
                for (m, &child) in children.iter().enumerate() {
                    assert_eq!(step_distance_of(word, m), child, "distance {distance}, steps {steps:?}, move {m}");
                }
            }
        }
    }
}
