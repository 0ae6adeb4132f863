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
    use crate::cube::notation::{Metric, Move};
    use crate::cube::symmetry::{conjugate, turn_axes, turn_axes_of_move, SYMMETRIES};

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

    /// The optimal search follows a cube's inverse by premoves, and skips reading the
    /// inverse after a half turn: `(c * m)^-1 = m^-1 * c^-1`, seen along each axis as the
    /// axis's own premove, and a premove `h` that keeps `large`'s coordinates (flip, twist,
    /// slice and corner separation) solved, as every half turn does, keeps those of `h * c`
    /// those of `c`, so a quarter turn's premove gives its opposite's. Quarter turns are no
    /// such premove: they change some of them. (The sorted slice is not kept by half turns.)
    #[test]
    fn premoves_follow_the_inverse_and_half_turns_keep_the_coordinates() {
        let coordinates = |cube: &Cube| (cube.flip(), cube.twist(), FlipRow::SliceSeparation.of(cube));
        let mut cube = Cube::SOLVED;
        let mut quarter_turns_changed = 0;
        for step in Move::ALL.iter().cycle().step_by(7).take(40) {
            cube = cube.apply_move(*step);
            for m in Move::ALL {
                let inverse = cube.inverse().premove(m.inverse());
                assert_eq!(inverse, cube.apply_move(m).inverse(), "{m}");
                for r in 0..3 {
                    let view = turn_axes(&cube.inverse(), r).premove(turn_axes_of_move(m.inverse(), r));
                    assert_eq!(view, turn_axes(&inverse, r), "{m} along axis {r}");
                }
                let before = coordinates(&cube);
                if m.cost(Metric::Qtm) == 2 {
                    assert_eq!(coordinates(&cube.premove(m)), before, "{m}");
                } else {
                    assert_eq!(coordinates(&cube.premove(m)), coordinates(&cube.premove(m.inverse())), "{m}");
                    quarter_turns_changed += usize::from(coordinates(&cube.premove(m)) != before);
                }
            }
        }
        assert!(quarter_turns_changed > 400, "{quarter_turns_changed} of 480 quarter-turn premoves changed them");
    }
}
