//! The coordinates that the optimal solver's edge tables pair with the edge flip
//! ([`FlipRow`]): each one's count, its value of a cube, its face-turn move table and its
//! conjugates, so that the generator and the search treat the `small` and `large` sizes alike.

use super::coords::{FLIPS, SLICE_SEPARATIONS, SORTED_SLICES};
use super::cubies::Cube;
use super::move_tables::{slice_separation_moves, sorted_slice_moves};
use super::symmetry::{
    conjugate_flip_slice_separation, conjugate_flip_sorted_slice, FLIP_SLICE_SEPARATION_CLASSES,
    FLIP_SORTED_SLICE_CLASSES,
};

/// The coordinate beside the edge flip (`row * 2,048 + flip`) in an optimal solver's table,
/// whose classes under the 16 symmetries, times the corner twist, the table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipRow {
    /// The sorted UD-slice (11,880), `small`'s.
    SortedSlice,
    /// The UD-slice x the corner separation into tetrads (34,650), `large`'s.
    SliceSeparation,
}

impl FlipRow {
    /// How many values the row coordinate has.
    pub fn count(self) -> usize {
        match self {
            FlipRow::SortedSlice => SORTED_SLICES,
            FlipRow::SliceSeparation => SLICE_SEPARATIONS,
        }
    }

    /// How many classes `row * 2,048 + flip` falls into under the 16 symmetries.
    pub fn classes(self) -> usize {
        match self {
            FlipRow::SortedSlice => FLIP_SORTED_SLICE_CLASSES,
            FlipRow::SliceSeparation => FLIP_SLICE_SEPARATION_CLASSES,
        }
    }

    /// The row coordinate of `cube`.
    pub fn of(self, cube: &Cube) -> u16 {
        match self {
            FlipRow::SortedSlice => cube.sorted_slice(),
            FlipRow::SliceSeparation => cube.slice_separation(),
        }
    }

    /// The row coordinate after each face turn, `row * 18 + move`.
    pub fn face_turns(self) -> Vec<u16> {
        match self {
            FlipRow::SortedSlice => sorted_slice_moves(),
            FlipRow::SliceSeparation => slice_separation_moves(),
        }
    }

    /// The coordinate `row * 2,048 + flip` of the conjugate by symmetry `s` of a cube whose
    /// coordinate is `row_flip`.
    pub fn conjugate(self, row_flip: u32, s: usize) -> u32 {
        match self {
            FlipRow::SortedSlice => conjugate_flip_sorted_slice(row_flip, s),
            FlipRow::SliceSeparation => conjugate_flip_slice_separation(row_flip, s),
        }
    }

    /// How many values `row * 2,048 + flip` has.
    pub fn with_flips(self) -> usize {
        self.count() * FLIPS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::Move;
    use crate::cube::symmetry::{conjugate, SYMMETRIES};

    /// Each row's value, move table and conjugates agree with the piece model along a
    /// scramble.
    #[test]
    fn each_row_follows_the_piece_model() {
        for row in [FlipRow::SortedSlice, FlipRow::SliceSeparation] {
            let moves = row.face_turns();
            let mut cube = Cube::SOLVED;
            assert_eq!(row.of(&cube), 0);
            for (i, step) in Move::ALL.iter().cycle().step_by(5).take(60).enumerate() {
                let next = cube.apply_move(*step);
                assert_eq!(moves[usize::from(row.of(&cube)) * 18 + step.index()], row.of(&next), "{row:?}");
                cube = next;
                let value = u32::from(row.of(&cube)) * FLIPS as u32 + u32::from(cube.flip());
                let s = i % SYMMETRIES;
                let image = conjugate(&cube, s);
                let expected = u32::from(row.of(&image)) * FLIPS as u32 + u32::from(image.flip());
                assert_eq!(row.conjugate(value, s), expected, "{row:?}, symmetry {s}");
                assert!((row.of(&cube) as usize) < row.count());
            }
        }
    }
}
