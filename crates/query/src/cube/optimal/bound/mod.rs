//! Lower bounds of a cube's distance, followed move by move: what the optimal search prunes
//! with ([`LowerBound`]), the one from the phase-1 table ([`Phase1Bound`]), and the ones from
//! the optimal solver's own tables when present: `tiny`'s corner table beside the phase-1
//! table ([`CornerBound`]) and `small`'s and `large`'s flip, row coordinate (the sorted
//! slice, or the slice and the corner separation by layers) and twist ([`FlipRowBound`]),
//! `levels`', the separation by tetrads in its place, one table of levels for the cube and its
//! inverse ([`LevelsBound`]), and `huge`'s, the same coordinates' exact distances on the cube,
//! their levels above a floor on its inverse, and the corners' near the end
//! ([`BothSidesBound`]). The bounds read from the flip-row tables (the last three) are in
//! `rows.rs`.

use puzzle_tables_models::cube::coords::TWISTS;
use puzzle_tables_models::cube::symmetry::{turn_axes, turn_axes_of_move, SYMMETRIES};

use super::table::{CornerTable, OptimalTables, SizeTables};
use crate::cube::search::step_distance;
use crate::cube::{Cube, Metric, Move, Permutation, TwoPhaseSolver};

mod rows;

pub(crate) use rows::{BothSidesBound, FlipRowBound, LevelsBound};

/// A lower bound of the face-turn distance to solved, kept per node of a search and
/// updated by each face turn. A face-turn bound is a quarter-turn bound as well.
pub(crate) trait LowerBound: Sync {
    /// What the bound keeps for a cube.
    type Node: Copy + Send + Sync;

    /// The node of `cube`.
    fn root(&self, cube: &Cube) -> Self::Node;

    /// The children of `node` by the moves whose bit (by [`Move::index`]) is set in `moves`
    /// that may be solved within `left[m]` face turns by the bound: their bits, each child
    /// in `children` (the other entries are left as they are). All at once, so that the
    /// table reads of the children overlap, and a child refuted by one lookup is spared
    /// the others.
    fn children_within(
        &self,
        node: &Self::Node,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [Self::Node; Move::COUNT],
    ) -> u32;

    /// The bound at `node`: the cube needs at least this many face turns.
    fn distance(&self, node: &Self::Node) -> u32;
}

/// The cube along one axis: its flip-slice class and the symmetry it is seen through
/// (`class * 16 + symmetry`), its twist (raw), and its exact face-turn distance to G1.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisView {
    class: u32,
    twist: u16,
    distance: u8,
}

/// The phase-1 distance along each of the cube's three axes: the largest of the three is a
/// lower bound of its distance (solving it brings it into G1 along every axis).
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxesNode([AxisView; 3]);

/// The bound from the phase-1 face-turn table: the table holds each entry's distance
/// modulo 3, and a face turn changes an exact distance by at most one, so each view's
/// distance follows from its parent's and its own residue ([`step_distance`]).
pub(crate) struct Phase1Bound<'a> {
    solver: &'a TwoPhaseSolver,
    /// `axis_moves[r][m]`: the face turn that turn `m` of the cube is in its view along
    /// axis `r` (the cube conjugated `r` times by the URF-diagonal rotation).
    axis_moves: [[u8; Move::COUNT]; 3],
}

impl<'a> Phase1Bound<'a> {
    pub(crate) fn new(solver: &'a TwoPhaseSolver) -> Phase1Bound<'a> {
        let axis_moves = std::array::from_fn(|r| Move::ALL.map(|m| turn_axes_of_move(m, r).index() as u8));
        Phase1Bound { solver, axis_moves }
    }
}

impl Phase1Bound<'_> {
    /// [`LowerBound::children_within`] for any node that holds an [`AxesNode`] (the corner
    /// bound's too).
    #[inline]
    fn axes_within<N: AsMut<AxesNode>>(
        &self,
        node: &AxesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [N; Move::COUNT],
    ) -> u32 {
        let solver = self.solver;
        let mut admitted = moves;
        let mut entries = [0usize; Move::COUNT];
        // Axis by axis: the children still admitted are looked up along the next.
        for (r, view) in node.0.iter().enumerate() {
            let (class, s) = (view.class as usize / SYMMETRIES, view.class as usize % SYMMETRIES);
            let row = solver.class_moves(class);
            for m in bits(admitted) {
                let turned = usize::from(self.axis_moves[r][m]);
                let (next, t) = row.after(solver.turns.conjugated(s, Move::ALL[turned]));
                let symmetry = solver.turns.then(t, s);
                let twist = solver.coordinate_moves.twist[usize::from(view.twist) * Move::COUNT + turned];
                entries[m] = solver.phase1_entry(next, symmetry, usize::from(twist));
                solver.prefetch_phase1(Metric::Htm, entries[m]);
                children[m].as_mut().0[r] =
                    AxisView { class: (next * SYMMETRIES + symmetry) as u32, twist, distance: 0 };
            }
            for m in bits(admitted) {
                let distance = step_distance(view.distance, solver.phase1_residue(Metric::Htm, entries[m]));
                children[m].as_mut().0[r].distance = distance;
                if u32::from(distance) > left[m] {
                    admitted &= !(1 << m);
                }
            }
        }
        admitted
    }
}

impl AsMut<AxesNode> for AxesNode {
    fn as_mut(&mut self) -> &mut AxesNode {
        self
    }
}

impl LowerBound for Phase1Bound<'_> {
    type Node = AxesNode;

    fn root(&self, cube: &Cube) -> AxesNode {
        let solver = self.solver;
        AxesNode(std::array::from_fn(|r| {
            let view = turn_axes(cube, r);
            let (flip_slice, twist) = (view.flip_slice() as usize, usize::from(view.twist()));
            let (entry, symmetry) = solver.phase1_index(flip_slice, twist);
            AxisView {
                class: ((entry / TWISTS) * SYMMETRIES + symmetry) as u32,
                twist: twist as u16,
                distance: solver.phase1_distance(Metric::Htm, flip_slice, twist),
            }
        }))
    }

    #[inline]
    fn children_within(
        &self,
        node: &AxesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [AxesNode; Move::COUNT],
    ) -> u32 {
        self.axes_within(node, moves, left, children)
    }

    #[inline]
    fn distance(&self, node: &AxesNode) -> u32 {
        u32::from(node.0.iter().map(|view| view.distance).max().unwrap_or(0))
    }
}

/// The phase-1 bound ([`AxesNode`]) and the corners: their raw permutation (seen along the
/// first axis, as the first view's twist) and the fewest face turns that solve them (the
/// same along every axis: a cube's conjugate is as far from solved).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CornerAxesNode {
    axes: AxesNode,
    corner_perm: u16,
    corner_distance: u8,
}

impl AsMut<AxesNode> for CornerAxesNode {
    fn as_mut(&mut self) -> &mut AxesNode {
        &mut self.axes
    }
}

/// The bound of the `tiny` size: the larger of [`Phase1Bound`]'s and the exact face-turn
/// distance that solves the corners (the corner table, 3 MB). The corners are read for the
/// children the three axes admit, after them: measured 15% faster than reading them first
/// for every child (BENCHMARKS.md).
pub(crate) struct CornerBound<'a> {
    phase1: Phase1Bound<'a>,
    corners: &'a CornerTable,
}

impl<'a> CornerBound<'a> {
    pub(crate) fn new(solver: &'a TwoPhaseSolver, corners: &'a CornerTable) -> CornerBound<'a> {
        CornerBound { phase1: Phase1Bound::new(solver), corners }
    }

    /// [`corner_distance`] of this bound's corner table.
    #[inline]
    fn corner_distance(&self, corner_perm: u16, twist: u16) -> u8 {
        corner_distance(self.phase1.solver, self.corners, corner_perm, twist)
    }
}

impl OptimalTables {
    /// The fewest face turns that solve `cube`'s corners (its edges left as they fall), from
    /// the corner table of the `tiny` and `huge` sizes; `None` for a size without one.
    pub fn corner_distance(&self, solver: &TwoPhaseSolver, cube: &Cube) -> Option<u8> {
        let corners = match &self.0 {
            SizeTables::Tiny(corners) => corners,
            SizeTables::FlipRow(tables) => tables.corners.as_deref()?,
        };
        Some(corner_distance(solver, corners, cube.corner_perm(), cube.twist()))
    }
}

/// The fewest face turns that solve corners with raw permutation `corner_perm` and twist
/// `twist`: the entry of `corners` of the permutation's class, the twist seen through the
/// class's symmetry.
#[inline]
fn corner_distance(solver: &TwoPhaseSolver, corners: &CornerTable, corner_perm: u16, twist: u16) -> u8 {
    let coordinate = solver.phase2.coordinate(Permutation::Corners, usize::from(corner_perm));
    let (class, symmetry) = (coordinate / SYMMETRIES, coordinate % SYMMETRIES);
    let twist = solver.twist_conjugates[usize::from(twist) * SYMMETRIES + symmetry];
    corners.distance(class * TWISTS + usize::from(twist))
}

impl LowerBound for CornerBound<'_> {
    type Node = CornerAxesNode;

    fn root(&self, cube: &Cube) -> CornerAxesNode {
        let axes = self.phase1.root(cube);
        let corner_perm = turn_axes(cube, 0).corner_perm();
        CornerAxesNode { axes, corner_perm, corner_distance: self.corner_distance(corner_perm, axes.0[0].twist) }
    }

    #[inline]
    fn children_within(
        &self,
        node: &CornerAxesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [CornerAxesNode; Move::COUNT],
    ) -> u32 {
        let mut admitted = self.phase1.axes_within(&node.axes, moves, left, children);
        let twist_moves = &self.phase1.solver.coordinate_moves.twist;
        for m in bits(admitted) {
            let turned = usize::from(self.phase1.axis_moves[0][m]);
            let corner_perm = self.corners.corner_perm_moves[usize::from(node.corner_perm) * Move::COUNT + turned];
            let twist = twist_moves[usize::from(node.axes.0[0].twist) * Move::COUNT + turned];
            let corner_distance = self.corner_distance(corner_perm, twist);
            children[m].corner_perm = corner_perm;
            children[m].corner_distance = corner_distance;
            if u32::from(corner_distance) > left[m] {
                admitted &= !(1 << m);
            }
        }
        admitted
    }

    #[inline]
    fn distance(&self, node: &CornerAxesNode) -> u32 {
        self.phase1.distance(&node.axes).max(u32::from(node.corner_distance))
    }
}

/// The indices of the bits set in `mask`, lowest first.
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
