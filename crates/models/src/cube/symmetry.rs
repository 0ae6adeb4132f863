//! The 16 symmetries of the cube that keep the U-D axis: rotations about it by quarter
//! turns, the half turn about the F-B axis, and the left-right reflection, in every
//! combination. Conjugating by one maps G1 onto itself and the move set onto itself, so
//! it keeps every phase-1 distance: the phase-1 pruning table stores one entry per class.
//!
//! Symmetry `s` is the cube `F2^f * U4^u * LR2^m` with `s = 8f + 2u + m`; conjugation is
//! `S * c * S^-1`.

use std::sync::OnceLock;

use super::coords::{CornerSplit, PHASE2_MOVES, TWISTS, UD_EDGE_PERMS};
use super::cubies::Cube;
use super::notation::Move;

/// The number of symmetries that keep the U-D axis.
pub const SYMMETRIES: usize = 16;

/// The number of classes of flip-slice coordinates under the symmetries (counted by the
/// generator, which checks its count against this).
pub const FLIP_SLICE_CLASSES: usize = 64_430;

/// The number of classes of flip and sorted UD-slice coordinates under the symmetries (the
/// optimal solver's tables; counted by the generator, which checks its count against this).
pub const FLIP_SORTED_SLICE_CLASSES: usize = 1_523_864;

/// The number of classes of flip, UD-slice and corner separation coordinates under the
/// symmetries, the separation by tetrads (the optimal solver's `huge` tables; counted by the
/// generator, which checks its count against this).
pub const FLIP_SLICE_TETRADS_CLASSES: usize = 4_450_362;

/// The same, the separation by layers (the optimal solver's `large` tables).
pub const FLIP_SLICE_LAYERS_CLASSES: usize = 4_446_602;

/// The number of classes of corner permutations under the symmetries, and of U/D-edge
/// permutations (counted by the generator, which checks its counts against this).
pub const PERMUTATION_CLASSES: usize = 2_768;

/// The half turn of the whole cube about the F-B axis.
const F2: Cube = Cube {
    corners: [5, 4, 7, 6, 1, 0, 3, 2],
    corner_twists: [0; 8],
    edges: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    edge_flips: [0; 12],
};

/// A quarter turn of the whole cube about the U-D axis.
const U4: Cube = Cube {
    corners: [3, 0, 1, 2, 7, 4, 5, 6],
    corner_twists: [0; 8],
    edges: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    edge_flips: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};

/// The reflection through the plane between the L and R faces.
const LR2: Cube = Cube {
    corners: [1, 0, 3, 2, 5, 4, 7, 6],
    corner_twists: [3; 8],
    edges: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    edge_flips: [0; 12],
};

/// A third of a turn of the whole cube about the URF-DBL diagonal: not one of
/// the 16, but it turns the U-D axis into the others, so a search can look at a cube along
/// each of the three axes.
const URF3: Cube = Cube {
    corners: [0, 4, 5, 1, 3, 7, 6, 2],
    corner_twists: [1, 2, 1, 2, 2, 1, 2, 1],
    edges: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    edge_flips: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};

/// `URF3^r * cube * URF3^-r`: the cube seen with its axes turned `r` thirds about the
/// URF-DBL diagonal (`r` in `0..3`).
pub fn turn_axes(cube: &Cube, r: usize) -> Cube {
    (0..r % 3).fold(*cube, |c, _| URF3.multiplied(&c).multiplied(&URF3).multiplied(&URF3))
}

/// The face turn that [`turn_axes`] by `r` makes of `step`.
pub fn turn_axes_of_move(step: Move, r: usize) -> Move {
    static TABLE: OnceLock<[[Move; 18]; 3]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|r| {
            Move::ALL.map(|m| {
                let image = turn_axes(m.cube(), r);
                *Move::ALL.iter().find(|n| *n.cube() == image).expect("turning the axes maps face turns to face turns")
            })
        })
    })[r % 3][step.index()]
}

/// The number of symmetries of the whole cube: the [`SYMMETRIES`] that keep the U-D axis,
/// each followed by the [`turn_axes`] rotations (which take the U-D axis to each of the
/// three axes).
pub const CUBE_SYMMETRIES: usize = 3 * SYMMETRIES;

/// The conjugate of `cube` by cube symmetry `s` (in `0..CUBE_SYMMETRIES`): by symmetry
/// `s % 16` ([`conjugate`]), then with the axes turned `s / 16` times ([`turn_axes`]).
pub fn conjugate_by_cube_symmetry(cube: &Cube, s: usize) -> Cube {
    turn_axes(&conjugate(cube, s % SYMMETRIES), s / SYMMETRIES)
}

/// The face turn that [`conjugate_by_cube_symmetry`] by `s` makes of `step`: a sequence
/// that solves a cube, each move so mapped, solves its conjugate.
pub fn cube_symmetry_of_move(step: Move, s: usize) -> Move {
    static TABLE: OnceLock<[[Move; 18]; CUBE_SYMMETRIES]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|s| Move::ALL.map(|m| turn_axes_of_move(conjugate_move(m, s % SYMMETRIES), s / SYMMETRIES)))
    })[s][step.index()]
}

/// The cube symmetries that leave `cube` as it is (`S c S^-1 = c`), as a bit set over
/// `0..CUBE_SYMMETRIES`: bit 0 (the identity) always. A cube solved by `w` is solved by each
/// conjugate of `w` by these.
pub fn stabilizer(cube: &Cube) -> u64 {
    (0..CUBE_SYMMETRIES).filter(|&s| conjugate_by_cube_symmetry(cube, s) == *cube).fold(0, |set, s| set | 1 << s)
}

/// The symmetries as cubes, and each one's inverse.
struct Symmetries {
    cubes: [Cube; SYMMETRIES],
    inverse: [usize; SYMMETRIES],
}

fn symmetries() -> &'static Symmetries {
    static SYMMETRIES_: OnceLock<Symmetries> = OnceLock::new();
    SYMMETRIES_.get_or_init(|| {
        let power = |cube: &Cube, n: usize| (0..n).fold(Cube::SOLVED, |p, _| p.multiplied(cube));
        let cubes: [Cube; SYMMETRIES] = std::array::from_fn(|s| {
            power(&F2, s / 8).multiplied(&power(&U4, s / 2 % 4)).multiplied(&power(&LR2, s % 2))
        });
        let inverse = std::array::from_fn(|s| {
            (0..SYMMETRIES).find(|&t| cubes[s].multiplied(&cubes[t]) == Cube::SOLVED).expect("a group")
        });
        Symmetries { cubes, inverse }
    })
}

/// The symmetry that undoes symmetry `s`.
pub fn inverse(s: usize) -> usize {
    symmetries().inverse[s]
}

/// The symmetry whose conjugation is conjugating by `s` and then by `t` (`T * S`).
pub fn product(t: usize, s: usize) -> usize {
    usize::from(products()[t][s])
}

/// `products()[t][s]` is [`product`]`(t, s)`: the table, for a search's inner loop.
pub fn products() -> &'static [[u8; SYMMETRIES]; SYMMETRIES] {
    static TABLE: OnceLock<[[u8; SYMMETRIES]; SYMMETRIES]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all = symmetries();
        std::array::from_fn(|t| {
            std::array::from_fn(|s| {
                let cube = all.cubes[t].multiplied(&all.cubes[s]);
                (0..SYMMETRIES).find(|&u| all.cubes[u] == cube).expect("the symmetries are a group") as u8
            })
        })
    })
}

/// `S * cube * S^-1` for symmetry `s`.
pub fn conjugate(cube: &Cube, s: usize) -> Cube {
    let all = symmetries();
    all.cubes[s].multiplied(cube).multiplied(&all.cubes[all.inverse[s]])
}

/// The flip-slice coordinate of the conjugate by `s` of a cube with flip-slice `flip_slice`
/// (well defined: the symmetries keep the slice, so the conjugate's flips depend on where the
/// slice edges are, not on which is which).
pub fn conjugate_flip_slice(flip_slice: u32, s: usize) -> u32 {
    conjugate(&Cube::with_flip_slice(flip_slice), s).flip_slice()
}

/// The flip and sorted UD-slice coordinate of the conjugate by `s` of a cube with
/// `flip_sorted_slice` (well defined as [`conjugate_flip_slice`] is: the symmetries take
/// slice edges to slice edges).
pub fn conjugate_flip_sorted_slice(flip_sorted_slice: u32, s: usize) -> u32 {
    conjugate(&Cube::with_flip_sorted_slice(flip_sorted_slice), s).flip_sorted_slice()
}

/// The flip, UD-slice and corner separation coordinate of `split` of the conjugate by `s` of
/// a cube with `flip_slice_separation` (well defined: the symmetries take slice edges to
/// slice edges, and the positions of each side of the split to one side's, the same or, for
/// those that swap the sides, the other, where the other side's corners then are).
pub fn conjugate_flip_slice_separation(split: CornerSplit, flip_slice_separation: u32, s: usize) -> u32 {
    conjugate(&Cube::with_flip_slice_separation(split, flip_slice_separation), s).flip_slice_separation(split)
}

/// The corner permutation of the conjugate by `s` of a cube with corner permutation
/// `corners`.
pub fn conjugate_corner_perm(corners: u16, s: usize) -> u16 {
    conjugate(&Cube::with_corner_perm(corners), s).corner_perm()
}

/// The U/D-edge permutation of the conjugate by `s` of a cube with U/D-edge permutation
/// `edges` (well defined: the symmetries keep the U and D layers' edges among themselves).
pub fn conjugate_ud_edge_perm(edges: u16, s: usize) -> u16 {
    conjugate(&Cube::with_edge_perms(edges, 0), s).ud_edge_perm()
}

/// The slice permutation of the conjugate by `s` of a cube in G1 with slice permutation
/// `slice`.
pub fn conjugate_slice_perm(slice: u8, s: usize) -> u8 {
    conjugate(&Cube::with_edge_perms(0, slice), s).slice_perm()
}

/// The face turn `S m S^-1` for symmetry `s`: the symmetries map faces to faces (the mirror
/// one turns clockwise into counter-clockwise).
pub fn conjugate_move(m: Move, s: usize) -> Move {
    let image = conjugate(m.cube(), s);
    Move::ALL.into_iter().find(|n| *n.cube() == image).expect("a symmetry maps face turns to face turns")
}

/// The phase-2 move (an index into [`PHASE2_MOVES`]) that conjugating phase-2 move `k` by
/// `s` gives: the symmetries map G1 onto itself.
pub fn conjugate_phase2_move(k: usize, s: usize) -> usize {
    let image = conjugate_move(PHASE2_MOVES[k], s);
    PHASE2_MOVES.iter().position(|&m| m == image).expect("a symmetry maps phase-2 moves to phase-2 moves")
}

/// `twist_conjugates()[twist * 16 + s]`: the twist of the conjugate by `s` of a cube with
/// twist `twist`, composed from three symmetries' conjugates (6,561 conjugations, a fraction
/// of a millisecond).
pub fn twist_conjugates() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| conjugates_by_generators(TWISTS, |twist, s| conjugate(&Cube::with_twist(twist), s).twist()))
}

/// `ud_edge_perm_conjugates()[edges * 16 + s]`: [`conjugate_ud_edge_perm`]`(edges, s)` for
/// every U/D-edge permutation, composed from three symmetries' conjugates (120,960
/// conjugations of whole cubes where each pair alone would take 645,120).
pub fn ud_edge_perm_conjugates() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| conjugates_by_generators(UD_EDGE_PERMS, conjugate_ud_edge_perm))
}

/// `table[value * 16 + s]`: the conjugate by `s` of each of `count` values of a coordinate
/// whose conjugate is `conjugate(value, s)`. Conjugating by `s = 8f + 2u + m` is conjugating
/// by the mirror `m` times, then by the U-D quarter turn `u` times, then by the F-B half turn
/// `f` times, so the table is composed from those three's.
fn conjugates_by_generators(count: usize, conjugate: impl Fn(u16, usize) -> u16) -> Vec<u16> {
    let by = |s: usize| -> Vec<u16> { (0..count as u16).map(|value| conjugate(value, s)).collect() };
    let (mirror, quarter, half) = (by(1), by(2), by(8));
    (0..count)
        .flat_map(|value| {
            let (mirror, quarter, half) = (&mirror, &quarter, &half);
            (0..SYMMETRIES).map(move |s| {
                let mirrored = if s % 2 == 1 { mirror[value] } else { value as u16 };
                let turned = (0..s / 2 % 4).fold(mirrored, |v, _| quarter[usize::from(v)]);
                if s >= 8 {
                    half[usize::from(turned)]
                } else {
                    turned
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::coords::FLIP_SLICES;

    #[test]
    fn the_symmetries_are_sixteen_distinct_and_map_moves_to_moves() {
        let all = symmetries();
        for s in 0..SYMMETRIES {
            assert_eq!(all.cubes[all.inverse[s]].multiplied(&all.cubes[s]), Cube::SOLVED);
            assert!((0..s).all(|t| all.cubes[t] != all.cubes[s]), "symmetry {s} repeats");
            for step in Move::ALL {
                let image = conjugate_move(step, s);
                assert_eq!(*image.cube(), conjugate(step.cube(), s), "symmetry {s} on {step}");
                assert_eq!(conjugate_move(image, inverse(s)), step);
                // A quarter turn stays a quarter turn (of either sense), a half turn a half turn.
                assert_eq!(image.quarters() == 2, step.quarters() == 2, "symmetry {s} on {step}");
            }
        }
    }

    #[test]
    fn turning_the_axes_thrice_is_nothing_and_maps_solutions_back() {
        let scramble: Vec<Move> = Move::ALL.iter().copied().cycle().step_by(5).take(25).collect();
        let cube = Cube::SOLVED.apply_moves(&scramble);
        assert_eq!(turn_axes(&turn_axes(&turn_axes(&cube, 1), 1), 1), cube);
        for r in 0..3 {
            // The turned cube's solution, each move turned back, solves the cube.
            let turned = turn_axes(&cube, r);
            let solution: Vec<Move> = scramble.iter().rev().map(|m| turn_axes_of_move(m.inverse(), r)).collect();
            assert!(turned.apply_moves(&solution).is_solved(), "axes turned {r}");
            let back: Vec<Move> = solution.iter().map(|&m| turn_axes_of_move(m, 3 - r)).collect();
            assert!(cube.apply_moves(&back).is_solved());
        }
        assert_eq!(turn_axes_of_move(Move::ALL[0], 1).to_string(), "F");
        // The mirror (symmetry 1) takes R to L'.
        assert_eq!(conjugate_move("R".parse().unwrap(), 1).to_string(), "L'");
    }

    #[test]
    fn the_cube_symmetries_are_48_distinct_and_map_solutions_to_solutions() {
        let scramble: Vec<Move> = Move::ALL.iter().copied().cycle().step_by(7).take(23).collect();
        let cube = Cube::SOLVED.apply_moves(&scramble);
        let images: Vec<Cube> = (0..CUBE_SYMMETRIES).map(|s| conjugate_by_cube_symmetry(&cube, s)).collect();
        assert!((0..CUBE_SYMMETRIES).all(|s| (0..s).all(|t| images[t] != images[s])), "48 distinct conjugates");
        for (s, image) in images.iter().enumerate() {
            let solution: Vec<Move> = scramble.iter().rev().map(|m| cube_symmetry_of_move(m.inverse(), s)).collect();
            assert!(image.apply_moves(&solution).is_solved(), "symmetry {s}");
            for step in Move::ALL {
                let expected = conjugate_by_cube_symmetry(step.cube(), s);
                assert_eq!(*cube_symmetry_of_move(step, s).cube(), expected, "symmetry {s} on {step}");
            }
        }
        assert_eq!(stabilizer(&cube), 1);
        assert_eq!(stabilizer(&Cube::SOLVED), (1 << CUBE_SYMMETRIES) - 1);
    }

    #[test]
    fn the_twist_conjugates_are_the_conjugates_twists() {
        for twist in 0..TWISTS as u16 {
            for s in 0..SYMMETRIES {
                let expected = conjugate(&Cube::with_twist(twist), s).twist();
                assert_eq!(twist_conjugates()[usize::from(twist) * 16 + s], expected, "twist {twist}, symmetry {s}");
            }
        }
    }

    #[test]
    fn the_ud_edge_perm_conjugates_are_the_conjugates_edges() {
        for edges in (0..UD_EDGE_PERMS as u16).step_by(7) {
            for s in 0..SYMMETRIES {
                let expected = conjugate_ud_edge_perm(edges, s);
                assert_eq!(
                    ud_edge_perm_conjugates()[usize::from(edges) * 16 + s],
                    expected,
                    "edges {edges}, symmetry {s}"
                );
            }
        }
    }

    #[test]
    fn conjugation_commutes_with_moves_on_the_phase1_coordinates() {
        // S (c m) S^-1 = (S c S^-1)(S m S^-1): the coordinates of a conjugate follow moves.
        let mut cube = Cube::SOLVED;
        for (i, step) in Move::ALL.iter().cycle().step_by(5).take(40).enumerate() {
            cube = cube.apply_move(*step);
            let s = i % SYMMETRIES;
            let conjugated = conjugate(&cube, s);
            assert_eq!(conjugated.flip_slice(), conjugate_flip_slice(cube.flip_slice(), s));
            assert_eq!(conjugated.flip_sorted_slice(), conjugate_flip_sorted_slice(cube.flip_sorted_slice(), s));
            for split in [CornerSplit::Tetrads, CornerSplit::Layers] {
                assert_eq!(
                    conjugated.flip_slice_separation(split),
                    conjugate_flip_slice_separation(split, cube.flip_slice_separation(split), s)
                );
            }
            assert_eq!(conjugated.twist(), twist_conjugates()[usize::from(cube.twist()) * 16 + s]);
            assert_eq!(conjugate(&conjugated, inverse(s)), cube);
            let t = (i * 7 + 3) % SYMMETRIES;
            assert_eq!(conjugate(&conjugated, t), conjugate(&cube, product(t, s)));
            if let Some(k) = PHASE2_MOVES.iter().position(|m| m == step) {
                let g1 = Cube::SOLVED.apply_moves(&PHASE2_MOVES[k..]);
                let image = conjugate(&g1, s);
                assert_eq!(image.corner_perm(), conjugate_corner_perm(g1.corner_perm(), s));
                assert_eq!(image.ud_edge_perm(), conjugate_ud_edge_perm(g1.ud_edge_perm(), s));
                assert_eq!(image.slice_perm(), conjugate_slice_perm(g1.slice_perm(), s));
                assert_eq!(conjugate(step.cube(), s), *PHASE2_MOVES[conjugate_phase2_move(k, s)].cube());
            }
        }
        assert!((0..SYMMETRIES).all(|s| conjugate_flip_slice(0, s) == 0));
        assert!(conjugate_flip_slice(FLIP_SLICES as u32 - 1, 3) < FLIP_SLICES as u32);
    }
}
