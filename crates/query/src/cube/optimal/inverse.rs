//! The optimal tables looked up for the inverse cube too ([`InverseBound`]): a cube and its
//! inverse are equally far from solved, so a bound of the inverse's distance bounds the
//! cube's.
//!
//! The inverse of `cube * m` is `m^-1 * cube^-1`: the inverse moves by a turn done before
//! it, which a coordinate of the pieces' places does not follow by one step (its distance
//! may change by more than one), so the inverse's exact distance cannot be followed from its
//! parent's by residues as the cube's is. Instead each inverse entry is bounded on its own:
//! the least distance of its class's group of twists (`L`, a byte for 81 twists) and its
//! residue `d mod 3` give `L + ((d - L) mod 3)`, the least value at or above `L` with the
//! residue, which is at most `d` (and equal to it for about 91% of random entries). The
//! inverse is kept whole along the path (a cube per axis, each turned before by the axis's
//! image of `m^-1`), and looked up only for the children that the cube's own bounds admit.

use puzzle_tables_models::cube::coords::FLIPS;
use puzzle_tables_models::cube::symmetry::{turn_axes, turn_axes_of_move};

use super::bound::{bits, LowerBound, SortedAxesNode, SortedSliceBound};
use super::table::OptimalTables;
use crate::cube::{Cube, Move};

/// A node of [`InverseBound`]: the cube's own views, and its inverse seen along each of the
/// three axes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct InverseNode {
    forward: SortedAxesNode,
    inverse: [Cube; 3],
}

/// [`SortedSliceBound`] along the cube's three axes, then the same tables along the three
/// axes of its inverse, each looked up only for the children the ones before admit.
pub(crate) struct InverseBound<'a> {
    forward: SortedSliceBound<'a>,
    tables: &'a OptimalTables,
    /// `inverse_turns[r][m]`: the turn done before the inverse seen along axis `r` when the
    /// cube is turned by `m` (the image of `m^-1` along that axis).
    inverse_turns: [[Move; Move::COUNT]; 3],
}

impl<'a> InverseBound<'a> {
    pub(crate) fn new(forward: SortedSliceBound<'a>, tables: &'a OptimalTables) -> InverseBound<'a> {
        InverseBound { forward, tables, inverse_turns: inverse_turns() }
    }

    /// The bound of an entry from its group's least distance and its residue: the least
    /// distance at or above the group's least with that residue.
    #[inline]
    fn entry_bound(&self, entry: usize) -> u32 {
        let least = self.tables.least_distance(entry);
        let residue = self.tables.residue(entry);
        u32::from(least) + u32::from((residue + 3 - least % 3) % 3)
    }
}

/// The inverse of `cube` seen along each axis.
pub(crate) fn inverse_views(cube: &Cube) -> [Cube; 3] {
    let inverse = cube.inverse();
    std::array::from_fn(|r| turn_axes(&inverse, r))
}

/// For each axis `r` and turn `m` of the cube, the turn done before its inverse seen along
/// `r`: the image of `m^-1` along that axis.
fn inverse_turns() -> [[Move; Move::COUNT]; 3] {
    std::array::from_fn(|r| Move::ALL.map(|m| turn_axes_of_move(m.inverse(), r)))
}

impl LowerBound for InverseBound<'_> {
    type Node = InverseNode;

    fn root(&self, cube: &Cube) -> InverseNode {
        InverseNode { forward: self.forward.root(cube), inverse: inverse_views(cube) }
    }

    #[inline]
    fn children_within(
        &self,
        node: &InverseNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [InverseNode; Move::COUNT],
    ) -> u32 {
        let mut forward = [node.forward; Move::COUNT];
        let mut admitted = self.forward.children_within(&node.forward, moves, left, &mut forward);
        for m in bits(admitted) {
            children[m].forward = forward[m];
        }
        let mut entries = [0usize; Move::COUNT];
        // Axis by axis, as the cube's own: the children still admitted are turned and looked
        // up along the next; the class reads of all of them first, then the residue and least
        // reads, so that each kind overlaps.
        for r in 0..3 {
            let mut coordinates = [(0u16, 0u16, 0u16); Move::COUNT];
            for m in bits(admitted) {
                let view = node.inverse[r].preceded_by(self.inverse_turns[r][m]);
                coordinates[m] = (view.flip(), view.sorted_slice(), view.twist());
                children[m].inverse[r] = view;
                let (flip, sorted_slice, _) = coordinates[m];
                self.tables.prefetch_class(usize::from(sorted_slice) * FLIPS + usize::from(flip));
            }
            for m in bits(admitted) {
                let (flip, sorted_slice, twist) = coordinates[m];
                entries[m] = self.forward.entry(flip, sorted_slice, twist);
                self.tables.prefetch_residue(entries[m]);
                self.tables.prefetch_least(entries[m]);
            }
            for m in bits(admitted) {
                if self.entry_bound(entries[m]) > left[m] {
                    admitted &= !(1 << m);
                }
            }
        }
        admitted
    }

    #[inline]
    fn distance(&self, node: &InverseNode) -> u32 {
        self.forward.distance(&node.forward)
    }
}

#[cfg(test)]
#[path = "../../../../../tests/reference/cube.rs"]
mod reference;

#[cfg(test)]
mod tests {
    use super::reference::{apply_all, random_turns, to_text, SplitMix64, SOLVED};
    use super::*;
    use crate::cube::Facelets;

    /// The inverse kept along a path, turn by turn as the search keeps it, is the inverse of
    /// the cube turned by the path: the path's turns undone in reverse order on the tests'
    /// own facelet model (and along the other two axes, that cube's views).
    #[test]
    fn the_inverse_kept_along_a_path_is_the_inverse_of_the_turned_cube() {
        let inverse_turns = inverse_turns();
        let mut rng = SplitMix64(27);
        for length in 1..=24 {
            let turns = random_turns(&mut rng, length);
            let moves = crate::cube::parse_moves(&super::reference::notation(&turns)).expect("notation");
            // As the search keeps it: each axis's view turned before by its image of `m^-1`.
            let kept = moves.iter().fold(inverse_views(&Cube::SOLVED), |views: [Cube; 3], m| {
                std::array::from_fn(|r| views[r].preceded_by(inverse_turns[r][m.index()]))
            });
            let undone: Vec<_> = turns.iter().rev().map(|turn| turn.inverse()).collect();
            let expected = Facelets::from_urfdlb(&to_text(&apply_all(&SOLVED, &undone))).unwrap().cube().unwrap();
            assert_eq!(kept[0], expected, "after {}", super::reference::notation(&turns));
            for (r, view) in kept.iter().enumerate().skip(1) {
                assert_eq!(*view, turn_axes(&expected, r), "axis {r} after {}", super::reference::notation(&turns));
            }
        }
    }
}
