//! The coordinates that the optimal solver's edge tables pair with the edge flip
//! ([`FlipRow`]): each one's count, its value of a cube, its face-turn move table and its
//! conjugates, so that the generator and the search treat the `small` and `large` sizes alike.

use super::coords::{CornerSplit, FLIPS, SLICE_SEPARATIONS, SORTED_SLICES};
use super::cubies::Cube;
use super::move_tables::{slice_separation_moves, sorted_slice_moves};
use super::symmetry::{
    conjugate_flip_slice_separation, conjugate_flip_sorted_slice, FLIP_SLICE_LAYERS_CLASSES,
    FLIP_SLICE_TETRADS_CLASSES, FLIP_SORTED_SLICE_CLASSES,
};

/// The coordinate beside the edge flip (`row * 2,048 + flip`) in an optimal solver's table,
/// whose classes under the 16 symmetries, times the corner twist, the table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipRow {
    /// The sorted UD-slice (11,880), `small`'s.
    SortedSlice,
    /// The UD-slice x a corner separation (34,650): by layers `large`'s, by tetrads `huge`'s.
    SliceSeparation(CornerSplit),
}

/// Every row coordinate.
pub const ALL_ROWS: [FlipRow; 3] = [
    FlipRow::SortedSlice,
    FlipRow::SliceSeparation(CornerSplit::Layers),
    FlipRow::SliceSeparation(CornerSplit::Tetrads),
];

impl FlipRow {
    /// How many values the row coordinate has.
    pub fn count(self) -> usize {
        match self {
            FlipRow::SortedSlice => SORTED_SLICES,
            FlipRow::SliceSeparation(_) => SLICE_SEPARATIONS,
        }
    }

    /// How many classes `row * 2,048 + flip` falls into under the 16 symmetries.
    pub fn classes(self) -> usize {
        match self {
            FlipRow::SortedSlice => FLIP_SORTED_SLICE_CLASSES,
            FlipRow::SliceSeparation(CornerSplit::Tetrads) => FLIP_SLICE_TETRADS_CLASSES,
            FlipRow::SliceSeparation(CornerSplit::Layers) => FLIP_SLICE_LAYERS_CLASSES,
        }
    }

    /// The row coordinate of `cube`.
    pub fn of(self, cube: &Cube) -> u16 {
        match self {
            FlipRow::SortedSlice => cube.sorted_slice(),
            FlipRow::SliceSeparation(split) => cube.slice_separation(split),
        }
    }

    /// The row coordinate after each face turn, `row * 18 + move`.
    pub fn face_turns(self) -> Vec<u16> {
        match self {
            FlipRow::SortedSlice => sorted_slice_moves(),
            FlipRow::SliceSeparation(split) => slice_separation_moves(split),
        }
    }

    /// The coordinate `row * 2,048 + flip` of the conjugate by symmetry `s` of a cube whose
    /// coordinate is `row_flip`.
    pub fn conjugate(self, row_flip: u32, s: usize) -> u32 {
        match self {
            FlipRow::SortedSlice => conjugate_flip_sorted_slice(row_flip, s),
            FlipRow::SliceSeparation(split) => conjugate_flip_slice_separation(split, row_flip, s),
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
        for row in ALL_ROWS {
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

    /// The optimal search follows a cube's inverse by premoves: `(c * m)^-1 = m^-1 * c^-1`,
    /// seen along each axis as the axis's own premove. A premove `h` that keeps a row's
    /// coordinates (flip, twist and row) solved keeps those of `h * c` those of `c`, so the
    /// search keeps a parent's inverse bound after it: for the tetrads' separation every half
    /// turn, for the layers' and the sorted slice every U and D turn. The other premoves
    /// change them.
    #[test]
    fn premoves_follow_the_inverse_and_those_that_keep_solved_keep_the_coordinates() {
        let mut cube = Cube::SOLVED;
        let mut cubes = Vec::new();
        for step in Move::ALL.iter().cycle().step_by(7).take(40) {
            cube = cube.apply_move(*step);
            for m in Move::ALL {
                let inverse = cube.inverse().premove(m.inverse());
                assert_eq!(inverse, cube.apply_move(m).inverse(), "{m}");
                for r in 0..3 {
                    let view = turn_axes(&cube.inverse(), r).premove(turn_axes_of_move(m.inverse(), r));
                    assert_eq!(view, turn_axes(&inverse, r), "{m} along axis {r}");
                }
            }
            cubes.push(cube);
        }
        for row in ALL_ROWS {
            let coordinates = |cube: &Cube| (cube.flip(), cube.twist(), row.of(cube));
            let keeps: fn(Move) -> bool = match row {
                FlipRow::SliceSeparation(CornerSplit::Tetrads) => |m| m.cost(Metric::Qtm) == 2,
                _ => |m| [0, 3].contains(&m.face()),
            };
            let mut changed = 0;
            for m in Move::ALL {
                assert_eq!(coordinates(&Cube::SOLVED.premove(m)) == (0, 0, 0), keeps(m), "{row:?} {m}");
                for cube in &cubes {
                    if keeps(m) {
                        assert_eq!(coordinates(&cube.premove(m)), coordinates(cube), "{row:?} {m}");
                    } else {
                        changed += usize::from(coordinates(&cube.premove(m)) != coordinates(cube));
                    }
                }
            }
            assert!(changed > 400, "{row:?}: {changed} of 480 other premoves changed them");
        }
    }
}
