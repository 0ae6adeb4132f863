//! The two-phase algorithm's coordinates: small integers that say how far a cube is from
//! the subgroup G1 = <U, D, R2, L2, F2, B2> (phase 1) and, inside G1, from solved (phase 2).
//! Every coordinate of the solved cube is 0.
//!
//! Phase 1: corner twist (3^7 = 2,187), edge flip (2^11 = 2,048), and which four positions
//! hold the UD-slice edges FR FL BL BR (C(12,4) = 495). Phase 2, for cubes in G1: corner
//! permutation (8!), the permutation of the eight U and D edges (8!) and of the four slice
//! edges (4!). The optimal solver's tables add the order of the slice edges to their
//! positions: the sorted UD-slice (12 x 11 x 10 x 9 = 11,880), or which corner positions hold
//! four given corners, those of one tetrad or of the D layer ([`CornerSplit`]): the corner
//! separation (C(8,4) = 70), beside the UD-slice.

use super::cubies::{permutation_rank, permutation_unrank, Cube};
use super::notation::Move;

/// Bumped whenever a coordinate's numbering (or [`Move`]'s order) changes; cube tables built
/// with another one are refused.
pub const COORDINATE_VERSION: u32 = 1;

/// Corner twists: the first seven corners' orientations in base 3.
pub const TWISTS: usize = 2_187;
/// Edge flips: the first eleven edges' orientations in base 2.
pub const FLIPS: usize = 2_048;
/// Positions of the four UD-slice edges, `C(12, 4)`.
pub const SLICES: usize = 495;
/// Edge flip and UD-slice positions together: `slice * FLIPS + flip`.
pub const FLIP_SLICES: usize = SLICES * FLIPS;
/// The UD-slice edges' positions and their order there, `slice * 24 + order`: 12 x 11 x 10
/// x 9 (the optimal solver's tables).
pub const SORTED_SLICES: usize = SLICES * 24;
/// Edge flip and sorted UD-slice together: `sorted_slice * FLIPS + flip`.
pub const FLIP_SORTED_SLICES: usize = SORTED_SLICES * FLIPS;
/// Corner separations: which four of the eight corner positions hold the four corners of a
/// [`CornerSplit`], `C(8, 4)`.
pub const SEPARATIONS: usize = 70;
/// UD-slice positions and corner separation together, `slice * SEPARATIONS + separation`
/// (the optimal solver's `large` tables).
pub const SLICE_SEPARATIONS: usize = SLICES * SEPARATIONS;
/// Edge flip, UD-slice and corner separation together: `slice_separation * FLIPS + flip`.
pub const FLIP_SLICE_SEPARATIONS: usize = SLICE_SEPARATIONS * FLIPS;
/// Corner permutations, 8!.
pub const CORNER_PERMS: usize = 40_320;
/// Permutations of the eight U and D edges within their layers, 8!.
pub const UD_EDGE_PERMS: usize = 40_320;
/// Permutations of the four slice edges within the slice, 4!.
pub const SLICE_PERMS: usize = 24;

/// The first of the UD-slice edges (FR); FL, BL and BR follow.
const FIRST_SLICE_EDGE: u8 = 8;

/// Which four corners a corner separation follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CornerSplit {
    /// The tetrad URF ULB DLF DRB (no two of them on one edge; the other tetrad is UFL UBR
    /// DFR DBL), as H48 (nissy) separates the corners: half turns keep each corner in its
    /// tetrad's positions.
    Tetrads,
    /// The D layer's corners DFR DLF DBL DRB, as nxopt separates them: U and D turns keep
    /// each corner in its layer.
    Layers,
}

impl CornerSplit {
    /// The four corners followed.
    const fn corners(self) -> [u8; 4] {
        match self {
            CornerSplit::Tetrads => [0, 2, 5, 7],
            CornerSplit::Layers => [4, 5, 6, 7],
        }
    }

    /// The corner positions in the order the separation reads them: the other four's first,
    /// so that solved ranks 0.
    const fn order(self) -> [usize; 8] {
        match self {
            CornerSplit::Tetrads => [1, 3, 4, 6, 0, 2, 5, 7],
            CornerSplit::Layers => [0, 1, 2, 3, 4, 5, 6, 7],
        }
    }
}

/// The moves of phase 2, the ones that keep a cube in G1: U, U2, U', D, D2, D', R2, F2, L2,
/// B2, in [`Move::index`] order.
pub const PHASE2_MOVES: [Move; 10] = {
    let quarter_and_half = [(0, 1), (0, 2), (0, 3), (1, 2), (2, 2), (3, 1), (3, 2), (3, 3), (4, 2), (5, 2)];
    let mut moves = [Move::ALL[0]; 10];
    let mut i = 0;
    while i < 10 {
        let (face, quarters) = quarter_and_half[i];
        moves[i] = match Move::new(face, quarters) {
            Some(m) => m,
            None => panic!("a face turn"),
        };
        i += 1;
    }
    moves
};

/// `C(n, k)` for the small numbers of the slice coordinate.
const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// The rank of the positions set in `mask` (bit `i` for position `i`) among the combinations
/// of as many of 12 positions, 0 when they are the last ones; a set of 8 positions is ranked
/// as the last 8 of 12 (its mask shifted left by 4), as the ranks count from the end. Read
/// from a table: the optimal search ranks the inverse's slice and separation at every node,
/// and the loop's branches on the positions took 8% of its time.
fn combination_rank(mask: usize) -> usize {
    usize::from(COMBINATION_RANKS[mask])
}

/// [`combination_rank`] of every mask.
static COMBINATION_RANKS: [u16; 1 << 12] = {
    let mut ranks = [0; 1 << 12];
    let mut mask = 0;
    while mask < ranks.len() {
        let (mut rank, mut found, mut position) = (0, 0, 12);
        while position > 0 {
            position -= 1;
            if mask >> position & 1 == 1 {
                found += 1;
                rank += choose(11 - position, found);
            }
        }
        ranks[mask] = rank as u16;
        mask += 1;
    }
    ranks
};

/// The `N` positions with `k` of them set whose [`combination_rank`] is `rank`.
fn combination_unrank<const N: usize>(mut rank: usize, mut k: usize) -> [bool; N] {
    std::array::from_fn(|position| {
        let weight = choose(N - 1 - position, k);
        let set = k > 0 && rank >= weight;
        if set {
            rank -= weight;
            k -= 1;
        }
        set
    })
}

impl Cube {
    /// The corner twist coordinate, `0..TWISTS`.
    pub fn twist(&self) -> u16 {
        self.corner_twists[..7].iter().fold(0, |sum, &t| sum * 3 + u16::from(t))
    }

    /// The edge flip coordinate, `0..FLIPS`.
    pub fn flip(&self) -> u16 {
        self.edge_flips[..11].iter().fold(0, |sum, &f| sum * 2 + u16::from(f))
    }

    /// The UD-slice coordinate, `0..SLICES`: which positions hold the slice edges (in any
    /// order), ranked as a combination; 0 when they are in the slice.
    pub fn slice(&self) -> u16 {
        let mask =
            self.edges.iter().enumerate().fold(0, |mask, (p, &e)| mask | usize::from(e >= FIRST_SLICE_EDGE) << p);
        combination_rank(mask) as u16
    }

    /// The corner separation coordinate, `0..SEPARATIONS`: which positions hold the four
    /// corners of `split` (in any order), ranked as a combination; 0 when they are in their
    /// own positions.
    pub fn separation(&self, split: CornerSplit) -> u8 {
        let followed = split.corners().iter().fold(0u8, |set, &c| set | 1 << c);
        let mask = split
            .order()
            .iter()
            .enumerate()
            .fold(0, |mask, (i, &p)| mask | usize::from(followed >> self.corners[p] & 1) << (i + 4));
        combination_rank(mask) as u8
    }

    /// UD-slice and corner separation together, `0..SLICE_SEPARATIONS`.
    pub fn slice_separation(&self, split: CornerSplit) -> u16 {
        self.slice() * SEPARATIONS as u16 + u16::from(self.separation(split))
    }

    /// Edge flip, UD-slice and corner separation together, `0..FLIP_SLICE_SEPARATIONS`.
    pub fn flip_slice_separation(&self, split: CornerSplit) -> u32 {
        u32::from(self.slice_separation(split)) * FLIPS as u32 + u32::from(self.flip())
    }

    /// The sorted UD-slice coordinate, `0..SORTED_SLICES`: which positions hold the slice
    /// edges ([`Cube::slice`]) x 24 + the rank of the order of the slice edges found there,
    /// position by position; 0 when solved.
    pub fn sorted_slice(&self) -> u16 {
        let mut order = [0u8; 4];
        let found = self.edges.iter().filter(|&&e| e >= FIRST_SLICE_EDGE).map(|&e| e - FIRST_SLICE_EDGE);
        order.iter_mut().zip(found).for_each(|(o, e)| *o = e);
        self.slice() * 24 + permutation_rank(&order) as u16
    }

    /// Edge flip and sorted UD-slice together, `0..FLIP_SORTED_SLICES`.
    pub fn flip_sorted_slice(&self) -> u32 {
        u32::from(self.sorted_slice()) * FLIPS as u32 + u32::from(self.flip())
    }

    /// Edge flip and UD-slice together, `0..FLIP_SLICES`.
    pub fn flip_slice(&self) -> u32 {
        u32::from(self.slice()) * FLIPS as u32 + u32::from(self.flip())
    }

    /// The corner permutation coordinate, `0..CORNER_PERMS`.
    pub fn corner_perm(&self) -> u16 {
        permutation_rank(&self.corners) as u16
    }

    /// The corner permutation coordinate after `moves`: only the corners' places are
    /// followed, which costs a fraction of turning the whole cube.
    pub fn corner_perm_after(&self, moves: &[Move]) -> u16 {
        let corners = moves.iter().fold(self.corners, |corners, m| {
            let step = &m.cube().corners;
            std::array::from_fn(|p| corners[usize::from(step[p])])
        });
        permutation_rank(&corners) as u16
    }

    /// The U/D edge and slice edge permutation coordinates after `moves` ([`Cube::ud_edge_perm`],
    /// [`Cube::slice_perm`]; meaningful when the moves end in G1): only the edges' places are
    /// followed, which costs a fraction of turning the whole cube.
    pub fn edge_perms_after(&self, moves: &[Move]) -> (u16, u8) {
        let edges = moves.iter().fold(self.edges, |edges, m| {
            let step = &m.cube().edges;
            std::array::from_fn(|p| edges[usize::from(step[p])])
        });
        let cube = Cube { edges, ..Cube::SOLVED };
        (cube.ud_edge_perm(), cube.slice_perm())
    }

    /// The permutation of the U and D edges, `0..UD_EDGE_PERMS`; meaningful in G1 (where the
    /// first eight positions hold the first eight edges).
    pub fn ud_edge_perm(&self) -> u16 {
        permutation_rank(&self.edges[..8]) as u16
    }

    /// The permutation of the slice edges within the slice, `0..SLICE_PERMS`; meaningful in
    /// G1.
    pub fn slice_perm(&self) -> u8 {
        let slice: [u8; 4] = std::array::from_fn(|i| self.edges[8 + i].wrapping_sub(FIRST_SLICE_EDGE));
        permutation_rank(&slice) as u8
    }

    /// Whether the cube is in G1: no twist, no flip, the slice edges in the slice.
    pub fn in_g1(&self) -> bool {
        self.twist() == 0 && self.flip() == 0 && self.slice() == 0
    }

    /// A cube with corner twist coordinate `twist` (below [`TWISTS`]) and nothing else moved.
    pub fn with_twist(twist: u16) -> Cube {
        let mut cube = Cube::SOLVED;
        let mut rest = twist;
        for t in cube.corner_twists[..7].iter_mut().rev() {
            *t = (rest % 3) as u8;
            rest /= 3;
        }
        cube.corner_twists[7] = (3 - cube.corner_twists[..7].iter().sum::<u8>() % 3) % 3;
        cube
    }

    /// A cube (pieces not necessarily reachable together) with edge flip coordinate `flip`
    /// and UD-slice coordinate `slice`, the slice edges in order, the others in order.
    pub fn with_flip_slice(flip_slice: u32) -> Cube {
        let (slice, flip) = (flip_slice as usize / FLIPS, flip_slice as usize % FLIPS);
        let mut cube = Cube::SOLVED;
        cube.edges = in_order(combination_unrank::<12>(slice, 4), FIRST_SLICE_EDGE);
        let mut rest = flip;
        for f in cube.edge_flips[..11].iter_mut().rev() {
            *f = (rest % 2) as u8;
            rest /= 2;
        }
        cube.edge_flips[11] = cube.edge_flips[..11].iter().fold(0, |sum, &f| sum ^ f);
        cube
    }

    /// A cube (pieces not necessarily reachable together) with edge flip and sorted
    /// UD-slice coordinate `flip_sorted_slice`, the other edges in order.
    pub fn with_flip_sorted_slice(flip_sorted_slice: u32) -> Cube {
        let (sorted, flip) = (flip_sorted_slice as usize / FLIPS, flip_sorted_slice as usize % FLIPS);
        let mut cube = Cube::with_flip_slice((sorted / 24 * FLIPS + flip) as u32);
        let mut order = permutation_unrank::<4>((sorted % 24) as u64).into_iter();
        for edge in cube.edges.iter_mut().filter(|e| **e >= FIRST_SLICE_EDGE) {
            *edge = FIRST_SLICE_EDGE + order.next().expect("four slice edges");
        }
        cube
    }

    /// A cube (pieces not necessarily reachable together) with edge flip, UD-slice and corner
    /// separation coordinate `flip_slice_separation` of `split`, the slice edges, the other
    /// edges and each four corners of the split each in order.
    pub fn with_flip_slice_separation(split: CornerSplit, flip_slice_separation: u32) -> Cube {
        let (row, flip) = (flip_slice_separation as usize / FLIPS, flip_slice_separation as usize % FLIPS);
        let (slice, separation) = (row / SEPARATIONS, row % SEPARATIONS);
        let mut cube = Cube::with_flip_slice((slice * FLIPS + flip) as u32);
        let marked = combination_unrank::<8>(separation, 4);
        let followed = split.corners();
        let (mut followed_corners, mut others) = (followed.into_iter(), (0..8).filter(|c| !followed.contains(c)));
        for (&position, set) in split.order().iter().zip(marked) {
            let corner = if set { followed_corners.next() } else { others.next() };
            cube.corners[position] = corner.expect("four corners on each side of the split");
        }
        cube
    }

    /// A cube in G1 with corner permutation `corner_perm`, nothing else moved.
    pub fn with_corner_perm(corner_perm: u16) -> Cube {
        Cube { corners: permutation_unrank(u64::from(corner_perm)), ..Cube::SOLVED }
    }

    /// A cube with U and D edge permutation `ud_edge_perm` and slice edge permutation
    /// `slice_perm`, nothing else moved.
    pub fn with_edge_perms(ud_edge_perm: u16, slice_perm: u8) -> Cube {
        let ud: [u8; 8] = permutation_unrank(u64::from(ud_edge_perm));
        let slice: [u8; 4] = permutation_unrank(u64::from(slice_perm));
        let edges = std::array::from_fn(|p| if p < 8 { ud[p] } else { slice[p - 8] + FIRST_SLICE_EDGE });
        Cube { edges, ..Cube::SOLVED }
    }
}

/// The pieces at `N` positions: those set in `marked` get `first`, `first + 1`, ... in
/// order, the others 0, 1, ... in order.
fn in_order<const N: usize>(marked: [bool; N], first: u8) -> [u8; N] {
    let (mut next_marked, mut next_other) = (first, 0);
    marked.map(|set| {
        let next = if set { &mut next_marked } else { &mut next_other };
        *next += 1;
        *next - 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for twist in 0..TWISTS as u16 {
            assert_eq!(Cube::with_twist(twist).twist(), twist);
        }
        for flip_slice in (0..FLIP_SLICES as u32).step_by(7) {
            let cube = Cube::with_flip_slice(flip_slice);
            assert_eq!(cube.flip_slice(), flip_slice);
        }
        for flip_sorted_slice in (0..FLIP_SORTED_SLICES as u32).step_by(97) {
            let cube = Cube::with_flip_sorted_slice(flip_sorted_slice);
            assert_eq!(cube.flip_sorted_slice(), flip_sorted_slice);
            assert_eq!(
                cube.flip_slice(),
                flip_sorted_slice / 24 / FLIPS as u32 * FLIPS as u32 + flip_sorted_slice % FLIPS as u32
            );
        }
        // Corners `c ^ within` stay on the side of the split `c` is on, `c ^ across` not: the
        // tetrads are corners 0 2 5 7 and 1 3 4 6, the layers 0 to 3 and 4 to 7.
        for (split, within, across) in [(CornerSplit::Tetrads, 2, 1), (CornerSplit::Layers, 1, 4)] {
            for flip_slice_separation in (0..FLIP_SLICE_SEPARATIONS as u32).step_by(89) {
                let cube = Cube::with_flip_slice_separation(split, flip_slice_separation);
                assert_eq!(cube.flip_slice_separation(split), flip_slice_separation);
                let (row, flip) = (flip_slice_separation as usize / FLIPS, flip_slice_separation as usize % FLIPS);
                assert_eq!(cube.flip_slice() as usize, row / SEPARATIONS * FLIPS + flip);
            }
            // Every separation; a permutation of the corners within each side keeps it, and
            // swapping corners across changes it.
            for separation in 0..SEPARATIONS {
                let cube = Cube::with_flip_slice_separation(split, (separation * FLIPS) as u32);
                assert_eq!(usize::from(cube.separation(split)), separation);
                let mut shuffled = cube;
                shuffled.corners = cube.corners.map(|c| c ^ within);
                assert_eq!(usize::from(shuffled.separation(split)), separation, "{split:?}");
                shuffled.corners = cube.corners.map(|c| c ^ across);
                assert_ne!(usize::from(shuffled.separation(split)), separation, "{split:?}");
            }
        }
        for corner_perm in (0..CORNER_PERMS as u16).step_by(13) {
            assert_eq!(Cube::with_corner_perm(corner_perm).corner_perm(), corner_perm);
        }
        for (ud, slice) in (0..UD_EDGE_PERMS as u16).step_by(11).zip((0..SLICE_PERMS as u8).cycle()) {
            let cube = Cube::with_edge_perms(ud, slice);
            assert_eq!((cube.ud_edge_perm(), cube.slice_perm()), (ud, slice));
        }
        let solved = Cube::SOLVED;
        assert_eq!(
            [
                solved.twist(),
                solved.flip(),
                solved.slice(),
                solved.sorted_slice(),
                solved.corner_perm(),
                solved.ud_edge_perm(),
                solved.slice_separation(CornerSplit::Tetrads),
                solved.slice_separation(CornerSplit::Layers)
            ],
            [0; 8]
        );
        assert_eq!((choose(12, 4), choose(8, 4)), (SLICES, SEPARATIONS));
    }

    #[test]
    fn phase2_moves_keep_g1_and_the_others_leave_it() {
        for step in Move::ALL {
            assert_eq!(Cube::SOLVED.apply_move(step).in_g1(), PHASE2_MOVES.contains(&step), "{step}");
        }
    }

    /// The tetrads' separation: half turns keep every corner in its tetrad's positions, and a
    /// quarter turn of any face moves corners across.
    #[test]
    fn half_turns_keep_the_tetrads_separation_and_quarter_turns_change_it() {
        let split = CornerSplit::Tetrads;
        let half_turns: Vec<Move> = Move::ALL.into_iter().filter(|m| m.index() % 3 == 1).collect();
        let mut cube = Cube::SOLVED;
        for (i, step) in half_turns.iter().cycle().step_by(5).take(40).enumerate() {
            cube = cube.apply_move(*step);
            assert_eq!(cube.separation(split), 0, "after {} half turns", i + 1);
        }
        for step in Move::ALL.into_iter().filter(|m| m.index() % 3 != 1) {
            assert_ne!(cube.apply_move(step).separation(split), 0, "{step}");
        }
    }

    /// The layers' separation: U and D turns keep every corner in its layer, and every turn
    /// of another face moves corners across.
    #[test]
    fn u_and_d_turns_keep_the_layers_separation_and_the_others_change_it() {
        let split = CornerSplit::Layers;
        let (u_and_d, others): (Vec<Move>, Vec<Move>) = Move::ALL.into_iter().partition(|m| [0, 3].contains(&m.face()));
        let mut cube = Cube::SOLVED;
        for (i, step) in u_and_d.iter().cycle().step_by(5).take(40).enumerate() {
            cube = cube.apply_move(*step);
            assert_eq!(cube.separation(split), 0, "after {} turns", i + 1);
        }
        for step in others {
            assert_ne!(cube.apply_move(step).separation(split), 0, "{step}");
        }
    }
}
