//! The bounds of the optimal solver's larger sizes, all read from [`FlipRowTables`]: each
//! axis's view of the edge flip, a row coordinate and the corner twist ([`FlipRowBound`],
//! `small` and `large`), with the inverse's views too ([`BothSidesBound`], `huge`), or from
//! one table of levels for both ([`LevelsBound`], `levels`).

use puzzle_tables_models::cube::coords::{FLIPS, TWISTS};
use puzzle_tables_models::cube::flip_rows::FlipRow;
use puzzle_tables_models::cube::symmetry::{turn_axes, turn_axes_of_move, SYMMETRIES};

use super::super::table::{CornerTable, FlipRowTables};
use super::{bits, corner_distance, LowerBound};
use crate::cube::search::step_distance;
use crate::cube::{Cube, Move, TwoPhaseSolver};
use crate::Table;

/// The cube along one axis for [`FlipRowBound`]: its raw edge flip, row coordinate (the
/// sorted UD-slice, or the UD-slice and corner separation) and corner twist, and the exact
/// face-turn distance that solves those three.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RowView {
    flip: u16,
    row: u16,
    twist: u16,
    distance: u8,
}

/// Every move, a bit set by [`Move::index`].
const ALL_MOVES: u32 = (1 << Move::COUNT) - 1;

/// For each axis `r`, the moves (bits by [`Move::index`]) that keep the flip, `row` and twist
/// of the solved cube seen along `r` solved.
fn keeps_solved(row: FlipRow) -> [u32; 3] {
    std::array::from_fn(|r| {
        let solved = |m: &Move| {
            let view = turn_axes(m.cube(), r);
            (view.flip(), row.of(&view), view.twist()) == (0, 0, 0)
        };
        Move::ALL.iter().filter(|m| solved(m)).fold(0, |set, m| set | 1 << m.index())
    })
}

/// The flip, row and twist distance along each of the cube's three axes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowAxesNode([RowView; 3]);

/// The bound from the optimal solver's own edge tables (`gen cube --optimal small`, `large`,
/// and `huge` on the cube): the exact face-turn distance that solves the edge flip, the row coordinate and
/// the corner twist, along each axis, the largest of the three. Solving those brings a cube
/// into G1 with its slice edges in place (`small`) or each corner in its layer's (`large`) or
/// its tetrad's positions (`huge`), so the bound is never below [`Phase1Bound`]'s. As there,
/// each view's distance follows from its parent's and its own residue ([`step_distance`]).
///
/// The moves that keep a view's coordinates solved (`keeps`) end no shortest way to solve
/// them: such a move `h` last, `c * w * h` solved, would leave `c * w`'s coordinates solved,
/// shorter. So a view at a child's moves left bars those moves as its last. `small`'s and
/// `large`'s views are kept by the turns of their own axis, the three axes' by every move
/// between them: a cube all three views find exactly as far as its moves left needs one more,
/// as nxopt (Rokicki) counts it. That refuses most of the children the three views admit at
/// their limit, and with it the layers' separation beat the tetrads' (`huge`'s, kept by the
/// half turns along every axis, so never all moves) on `large`'s size (BENCHMARKS.md).
pub(crate) struct FlipRowBound<'a> {
    solver: &'a TwoPhaseSolver,
    tables: &'a FlipRowTables,
    axis_moves: [[u8; Move::COUNT]; 3],
    /// `keeps[r]`: the moves (bits by [`Move::index`]) that keep view `r`'s coordinates
    /// solved. A premove of one keeps the view's coordinates, and no shortest way to solve
    /// those ends with one.
    keeps: [u32; 3],
    /// Whether the three `keeps` hold every move between them, so that views all at a
    /// cube's moves left bar every last move.
    keeps_cover: bool,
    /// `premoves[r][m]`: the premove that move `m` makes of the inverse seen along axis `r`.
    premoves: [[Move; Move::COUNT]; 3],
}

impl<'a> FlipRowBound<'a> {
    pub(crate) fn new(solver: &'a TwoPhaseSolver, tables: &'a FlipRowTables) -> FlipRowBound<'a> {
        let axis_moves = std::array::from_fn(|r| Move::ALL.map(|m| turn_axes_of_move(m, r).index() as u8));
        let keeps = keeps_solved(tables.row);
        let keeps_cover = keeps.iter().fold(0, |all, keeps| all | keeps) == ALL_MOVES;
        let premoves = std::array::from_fn(|r| Move::ALL.map(|m| turn_axes_of_move(m.inverse(), r)));
        FlipRowBound { solver, tables, axis_moves, keeps, keeps_cover, premoves }
    }

    /// The bound of views `views`: their largest distance, one more when the views at it
    /// bar every last move.
    #[inline]
    fn bound(&self, views: &[RowView; 3]) -> u32 {
        let most = views.iter().map(|view| view.distance).max().unwrap_or(0);
        u32::from(most) + u32::from(most > 0 && self.ends_at(views, most))
    }

    /// Whether the views at `distance` or above bar every last move between them.
    #[inline]
    fn ends_at(&self, views: &[RowView; 3], distance: u8) -> bool {
        self.keeps_cover
            && views
                .iter()
                .zip(self.keeps)
                .filter(|(view, _)| view.distance >= distance)
                .fold(0, |all, (_, keeps)| all | keeps)
                == ALL_MOVES
    }

    /// Of the children in `admitted`, those whose views (`views(m)`) do not bar every last
    /// move at their moves left.
    #[inline]
    fn admit_ends(&self, mut admitted: u32, left: &[u32; Move::COUNT], views: impl Fn(usize) -> [RowView; 3]) -> u32 {
        if self.keeps_cover {
            for m in bits(admitted).filter(|&m| left[m] > 0) {
                if self.ends_at(&views(m), left[m] as u8) {
                    admitted &= !(1 << m);
                }
            }
        }
        admitted
    }

    /// The table's entry of raw coordinates.
    #[inline]
    fn entry(&self, flip: u16, row: u16, twist: u16) -> usize {
        let (class, symmetry) = self.tables.class_of(usize::from(row) * FLIPS + usize::from(flip));
        self.class_entry(class, symmetry, twist)
    }

    /// The table's entry of class `class` seen through `symmetry` with raw twist `twist`.
    #[inline]
    fn class_entry(&self, class: usize, symmetry: usize, twist: u16) -> usize {
        class * TWISTS + usize::from(self.solver.twist_conjugates[usize::from(twist) * 16 + symmetry])
    }

    /// The raw coordinates after face turn `m` (by index).
    #[inline]
    fn turned(&self, view: &RowView, m: usize) -> RowView {
        let moves = &self.solver.coordinate_moves;
        RowView {
            flip: moves.flip[usize::from(view.flip) * Move::COUNT + m],
            row: self.tables.row_moves[usize::from(view.row) * Move::COUNT + m],
            twist: moves.twist[usize::from(view.twist) * Move::COUNT + m],
            distance: 0,
        }
    }

    /// Of the children in `admitted`, their raw coordinates in `views`, one face turn from a
    /// view at `parent`, those within `left`, with their distances set in `views`. In three
    /// steps so that the reads of each step overlap: where their classes are (from tables
    /// of the fastest caches) and a hint to load those, their classes and entries and a hint
    /// to load those, then their residues.
    #[inline]
    fn admit(
        &self,
        parent: u8,
        mut admitted: u32,
        left: &[u32; Move::COUNT],
        views: &mut [RowView; Move::COUNT],
    ) -> u32 {
        let entries = self.entries(admitted, views, |entry| self.tables.prefetch_residue(entry));
        for m in bits(admitted) {
            let distance = step_distance(parent, self.tables.residue(entries[m]));
            views[m].distance = distance;
            if u32::from(distance) > left[m] {
                admitted &= !(1 << m);
            }
        }
        admitted
    }

    /// The table entries of the views in `admitted`, each handed to `prefetch` as soon as
    /// it is known: first where their classes are, and a hint to load those, then their
    /// classes and entries.
    #[inline]
    fn entries(&self, admitted: u32, views: &[RowView; Move::COUNT], prefetch: impl Fn(usize)) -> [usize; Move::COUNT] {
        let finder = self.tables.finder();
        let mut entries = [0usize; Move::COUNT];
        for m in bits(admitted) {
            let (word, symmetry) = finder.locate(usize::from(views[m].row) * FLIPS + usize::from(views[m].flip));
            finder.prefetch_row(word);
            entries[m] = word * SYMMETRIES + symmetry;
        }
        for m in bits(admitted) {
            let (class, symmetry) = finder.class_at(entries[m] / SYMMETRIES, entries[m] % SYMMETRIES);
            entries[m] = self.class_entry(class, symmetry, views[m].twist);
            prefetch(entries[m]);
        }
        entries
    }

    /// The raw coordinates of `cube`.
    fn view_of(&self, cube: &Cube) -> RowView {
        RowView { flip: cube.flip(), row: self.tables.row.of(cube), twist: cube.twist(), distance: 0 }
    }

    /// The exact distance of `view`'s coordinates: from the residues alone, by stepping to a
    /// neighbour one closer (its residue one less) until they are solved.
    fn exact_distance(&self, view: RowView) -> u8 {
        let mut here = view;
        let mut distance = 0;
        while (here.flip, here.row, here.twist) != (0, 0, 0) {
            let residue = self.tables.residue(self.entry(here.flip, here.row, here.twist));
            let closer = (0..Move::COUNT)
                .map(|m| self.turned(&here, m))
                .find(|next| self.tables.residue(self.entry(next.flip, next.row, next.twist)) == (residue + 2) % 3);
            here = closer.expect("every coordinate has a neighbour closer to solved");
            distance += 1;
        }
        distance
    }

    /// The node of `cube` on both sides, each view's distance by `distance`.
    fn both_sides_root(&self, cube: &Cube, distance: impl Fn(RowView) -> u8) -> BothSidesNode {
        let inverse = cube.inverse();
        let inverse_views: [Cube; 3] = std::array::from_fn(|r| turn_axes(&inverse, r));
        let side = |views: [Cube; 3]| {
            RowAxesNode(views.map(|view| {
                let raw = self.view_of(&view);
                RowView { distance: distance(raw), ..raw }
            }))
        };
        BothSidesNode {
            cube: side(std::array::from_fn(|r| turn_axes(cube, r))),
            inverse: side(inverse_views),
            inverse_views,
        }
    }

    /// The bound of a node on both sides: the larger of the cube's and its inverse's.
    #[inline]
    fn both_sides_bound(&self, node: &BothSidesNode) -> u32 {
        self.bound(&node.cube.0).max(self.bound(&node.inverse.0))
    }

    /// Of `moves`, the children that their parent's inverse bounds refuse unread: a move
    /// that keeps an axis's coordinates solved, made a premove of the inverse, leaves that
    /// axis's view of the inverse as it was.
    #[inline]
    fn refused_by_inverse(&self, node: &BothSidesNode, moves: u32, left: &[u32; Move::COUNT]) -> u32 {
        node.inverse.0.iter().zip(self.keeps).fold(0, |refused, (parent, keeps)| {
            bits(moves & keeps).filter(|&m| u32::from(parent.distance) > left[m]).fold(refused, |set, m| set | 1 << m)
        })
    }

    /// Of the children in `admitted`, those whose inverses (premoved from `node`'s, set in
    /// `children`) each view may solve within their moves left, by the bound `read` of
    /// their entries (each handed to `prefetch` first), and whose views do not bar every
    /// last move. A view a child's move keeps is its parent's, unread.
    #[inline]
    fn admit_inverses(
        &self,
        node: &BothSidesNode,
        mut admitted: u32,
        left: &[u32; Move::COUNT],
        children: &mut [BothSidesNode; Move::COUNT],
        prefetch: impl Fn(usize),
        read: impl Fn(usize) -> u8,
    ) -> u32 {
        let mut views = [RowView::default(); Move::COUNT];
        for (r, parent) in node.inverse.0.iter().enumerate() {
            let unread = admitted & !self.keeps[r];
            for m in bits(admitted) {
                children[m].inverse_views[r] = node.inverse_views[r].premove(self.premoves[r][m]);
                views[m] = *parent;
            }
            for m in bits(unread) {
                views[m] = self.view_of(&children[m].inverse_views[r]);
            }
            let entries = self.entries(unread, &views, &prefetch);
            for m in bits(unread) {
                views[m].distance = read(entries[m]);
                if u32::from(views[m].distance) > left[m] {
                    admitted &= !(1 << m);
                }
            }
            for m in bits(admitted) {
                children[m].inverse.0[r] = views[m];
            }
        }
        self.admit_ends(admitted, left, |m| children[m].inverse.0)
    }
}

impl LowerBound for FlipRowBound<'_> {
    type Node = RowAxesNode;

    fn root(&self, cube: &Cube) -> RowAxesNode {
        RowAxesNode(std::array::from_fn(|r| {
            let raw = self.view_of(&turn_axes(cube, r));
            RowView { distance: self.exact_distance(raw), ..raw }
        }))
    }

    #[inline]
    fn children_within(
        &self,
        node: &RowAxesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [RowAxesNode; Move::COUNT],
    ) -> u32 {
        let mut admitted = moves;
        let mut views = [RowView::default(); Move::COUNT];
        // Axis by axis: the children still admitted are looked up along the next.
        for (r, view) in node.0.iter().enumerate() {
            for m in bits(admitted) {
                views[m] = self.turned(view, usize::from(self.axis_moves[r][m]));
            }
            admitted = self.admit(view.distance, admitted, left, &mut views);
            for m in bits(admitted) {
                children[m].0[r] = views[m];
            }
        }
        self.admit_ends(admitted, left, |m| children[m].0)
    }

    #[inline]
    fn distance(&self, node: &RowAxesNode) -> u32 {
        self.bound(&node.0)
    }
}

/// [`FlipRowBound`]'s views of a cube and of its inverse (a cube and its inverse are as far
/// from solved), and the inverse seen along each axis, whole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BothSidesNode {
    cube: RowAxesNode,
    /// The inverse's views, each with a lower bound of its distance (exact at the root).
    inverse: RowAxesNode,
    inverse_views: [Cube; 3],
}

/// The bound of `huge`: [`FlipRowBound`] on the cube, then on its inverse for the children
/// that it admits. The inverse of `cube * m` is `m^-1 * cube^-1`, a premove: the inverse's
/// distances cannot follow from their parents' residues (a premove is no edge of the
/// coordinates' graph), so they are read from the table of levels above the floor
/// ([`FlipRowTables::at_least`]). A premove `h` that keeps the coordinates solved (`huge`: every
/// half turn) keeps the coordinates of `h * c` those of `c`: a half turn's child keeps its
/// parent's inverse views and bounds, unread, and those refuse it before the cube's own
/// bounds are read (a third fewer reads at a node's last level above the floor, 5 to 12%
/// less time: BENCHMARKS.md).
///
/// Last, a child with at most [`CORNERS_WITHIN`] moves left is refused when its corners
/// alone need more (`tiny`'s corner table, 3 MB: it stays in the caches). Near the end of a
/// search the six views see least: the cubes of the square group `<U2, D2, R2, L2, F2, B2>`
/// have every coordinate of all six solved, so cubes near it look near solved to them.
pub(crate) struct BothSidesBound<'a> {
    rows: FlipRowBound<'a>,
    /// [`FLIP_SLICE_TETRADS_ABOVE_SPEC`](super::FLIP_SLICE_TETRADS_ABOVE_SPEC).
    above: &'a Table,
    corners: &'a CornerTable,
}

/// The most moves left at which [`BothSidesBound`] reads the corners: the corners need at
/// most 11, so beyond 9 they seldom refuse, and on the two cubes tried 9 was faster than
/// every child or 6 on one and within 5% of the best on the other (BENCHMARKS.md).
pub(crate) const CORNERS_WITHIN: u32 = 9;

impl<'a> BothSidesBound<'a> {
    pub(crate) fn new(
        solver: &'a TwoPhaseSolver,
        tables: &'a FlipRowTables,
        above: &'a Table,
        corners: &'a CornerTable,
    ) -> BothSidesBound<'a> {
        BothSidesBound { rows: FlipRowBound::new(solver, tables), above, corners }
    }
}

impl LowerBound for BothSidesBound<'_> {
    type Node = BothSidesNode;

    fn root(&self, cube: &Cube) -> BothSidesNode {
        self.rows.both_sides_root(cube, |view| self.rows.exact_distance(view))
    }

    #[inline]
    fn children_within(
        &self,
        node: &BothSidesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [BothSidesNode; Move::COUNT],
    ) -> u32 {
        let refused = self.rows.refused_by_inverse(node, moves, left);
        let mut sides = [node.cube; Move::COUNT];
        let admitted = self.rows.children_within(&node.cube, moves & !refused, left, &mut sides);
        let above = self.above;
        let mut admitted = self.rows.admit_inverses(
            node,
            admitted,
            left,
            children,
            |entry| FlipRowTables::prefetch_above(above, entry),
            |entry| FlipRowTables::at_least(above, entry),
        );
        admitted = admit_corners(self.rows.solver, self.corners, admitted, left, children);
        for m in bits(admitted) {
            children[m].cube = sides[m];
        }
        admitted
    }

    #[inline]
    fn distance(&self, node: &BothSidesNode) -> u32 {
        self.rows.both_sides_bound(node)
    }
}

/// The bound of `levels`: one table of levels against a base
/// ([`FlipRowTables::at_least_level`]) read for the cube and for its inverse alike, along
/// each axis, as nxopt (Rokicki) reads its table. A level is a bound of its own, so the
/// cube's views need no exact distances; each is at least its parent's less one (a face
/// turn moves a distance by at most one), which keeps what the parent knew where a level
/// at the base tells less. A child by a move that keeps a view's coordinates solved has
/// its parent's view of the inverse, unread, as in [`BothSidesBound`]. (`tiny`'s corners near
/// the end, as `huge` reads them, saved 1.4% of the nodes and no time over twelve 17-move
/// cubes: BENCHMARKS.md.)
///
/// The tetrads' distances run higher than the layers' (18% of entries at 12 or more against
/// 5%), which outweighs the last-move rule the layers' views would bring on both sides:
/// with the layers' classes, the same table took 1.07 to 1.45 times the nodes and 1.2 to 2.2
/// times the time on three 17-move cubes (BENCHMARKS.md).
pub(crate) struct LevelsBound<'a> {
    rows: FlipRowBound<'a>,
}

impl<'a> LevelsBound<'a> {
    pub(crate) fn new(solver: &'a TwoPhaseSolver, tables: &'a FlipRowTables) -> LevelsBound<'a> {
        LevelsBound { rows: FlipRowBound::new(solver, tables) }
    }

    /// The level bound of `view`'s coordinates.
    fn level_of(&self, view: RowView) -> u8 {
        self.rows.tables.at_least_level(self.rows.entry(view.flip, view.row, view.twist))
    }
}

impl LowerBound for LevelsBound<'_> {
    type Node = BothSidesNode;

    fn root(&self, cube: &Cube) -> BothSidesNode {
        self.rows.both_sides_root(cube, |view| self.level_of(view))
    }

    #[inline]
    fn children_within(
        &self,
        node: &BothSidesNode,
        moves: u32,
        left: &[u32; Move::COUNT],
        children: &mut [BothSidesNode; Move::COUNT],
    ) -> u32 {
        let (rows, tables) = (&self.rows, self.rows.tables);
        let mut admitted = moves & !rows.refused_by_inverse(node, moves, left);
        let mut views = [RowView::default(); Move::COUNT];
        for (r, parent) in node.cube.0.iter().enumerate() {
            for m in bits(admitted) {
                views[m] = rows.turned(parent, usize::from(rows.axis_moves[r][m]));
            }
            let entries = rows.entries(admitted, &views, |entry| tables.prefetch_level(entry));
            for m in bits(admitted) {
                views[m].distance = tables.at_least_level(entries[m]).max(parent.distance.saturating_sub(1));
                if u32::from(views[m].distance) > left[m] {
                    admitted &= !(1 << m);
                }
                children[m].cube.0[r] = views[m];
            }
        }
        let admitted = rows.admit_ends(admitted, left, |m| children[m].cube.0);
        rows.admit_inverses(
            node,
            admitted,
            left,
            children,
            |entry| tables.prefetch_level(entry),
            |entry| tables.at_least_level(entry),
        )
    }

    #[inline]
    fn distance(&self, node: &BothSidesNode) -> u32 {
        self.rows.both_sides_bound(node)
    }
}

/// Of the children in `admitted`, those with more than [`CORNERS_WITHIN`] moves left, and
/// those whose corners `corners` finds within their moves left. The inverse's corners are
/// the cube's, inverted: as far from solved.
#[inline]
fn admit_corners(
    solver: &TwoPhaseSolver,
    corners: &CornerTable,
    mut admitted: u32,
    left: &[u32; Move::COUNT],
    children: &[BothSidesNode; Move::COUNT],
) -> u32 {
    for m in bits(admitted).filter(|&m| left[m] <= CORNERS_WITHIN) {
        let inverse = &children[m].inverse_views[0];
        if u32::from(corner_distance(solver, corners, inverse.corner_perm(), inverse.twist())) > left[m] {
            admitted &= !(1 << m);
        }
    }
    admitted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Metric;
    use puzzle_tables_models::cube::coords::CornerSplit;

    /// The moves of `faces` (`U R F D L B` numbered 0 to 5), a bit set.
    fn turns_of(faces: &[usize]) -> u32 {
        Move::ALL.iter().filter(|m| faces.contains(&m.face())).fold(0, |set, m| set | 1 << m.index())
    }

    /// Each axis's view of `small` and `large` is kept solved by the turns of its own axis
    /// (the first by U and D), so the three bar every last move; `huge`'s by the half turns
    /// alone, along every axis.
    #[test]
    fn the_layers_and_the_sorted_slice_keep_their_axis_turns_and_the_tetrads_the_half_turns() {
        for row in [FlipRow::SortedSlice, FlipRow::SliceSeparation(CornerSplit::Layers)] {
            let mut axes = keeps_solved(row).to_vec();
            axes.sort_unstable();
            let mut expected = vec![turns_of(&[0, 3]), turns_of(&[1, 4]), turns_of(&[2, 5])];
            expected.sort_unstable();
            assert_eq!(axes, expected, "{row:?}");
            assert_eq!(keeps_solved(row)[0], turns_of(&[0, 3]), "{row:?}");
        }
        let half_turns = Move::ALL.iter().filter(|m| m.cost(Metric::Qtm) == 2).fold(0, |set, m| set | 1 << m.index());
        assert_eq!(keeps_solved(FlipRow::SliceSeparation(CornerSplit::Tetrads)), [half_turns; 3]);
    }
}
