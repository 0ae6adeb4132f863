//! Coordinate move tables: where each face turn takes each coordinate, so that a search
//! turns coordinates by lookups instead of moving pieces.
//!
//! The phase-1 tables and the slice permutation's are small (under 120 thousand entries in
//! all) and computed at start in about a millisecond; the corner and U/D edge permutations'
//! (40,320 x 10 each) take longer, so the generator writes them as tables.

use super::coords::{
    CornerSplit, CORNER_PERMS, FLIPS, PHASE2_MOVES, SLICES, SLICE_PERMS, SLICE_SEPARATIONS, SORTED_SLICES, TWISTS,
    UD_EDGE_PERMS,
};
use super::cubies::Cube;
use super::notation::Move;

/// The phase-1 coordinates' move tables (all 18 face turns) and the slice permutation's (the
/// 10 phase-2 moves), indexed `coordinate * moves + move`.
#[derive(Clone, Debug)]
pub struct CoordinateMoves {
    /// Corner twist after each face turn.
    pub twist: Vec<u16>,
    /// Edge flip after each face turn.
    pub flip: Vec<u16>,
    /// UD-slice positions after each face turn.
    pub slice: Vec<u16>,
    /// Slice edge permutation after each phase-2 move.
    pub slice_perm: Vec<u8>,
}

impl CoordinateMoves {
    /// The phase-1 coordinates (flip-slice, twist) after the face turn with index `m`.
    #[inline]
    pub fn moved(&self, flip_slice: usize, twist: usize, m: usize) -> (usize, usize) {
        let (flip, slice) = (flip_slice % FLIPS, flip_slice / FLIPS);
        let next = usize::from(self.slice[slice * 18 + m]) * FLIPS + usize::from(self.flip[flip * 18 + m]);
        (next, usize::from(self.twist[twist * 18 + m]))
    }

    /// Computes the tables from the piece model.
    pub fn new() -> CoordinateMoves {
        let flip_cube = |flip: u16| Cube::with_flip_slice(u32::from(flip));
        let slice_cube = |slice: u16| Cube::with_flip_slice(u32::from(slice) * FLIPS as u32);
        CoordinateMoves {
            twist: face_turn_table(TWISTS, Cube::with_twist, |c| c.twist()),
            flip: face_turn_table(FLIPS, flip_cube, |c| c.flip()),
            slice: face_turn_table(SLICES, slice_cube, |c| c.slice()),
            slice_perm: table(SLICE_PERMS, &PHASE2_MOVES, |p| Cube::with_edge_perms(0, p as u8), |c| c.slice_perm()),
        }
    }
}

impl Default for CoordinateMoves {
    fn default() -> CoordinateMoves {
        CoordinateMoves::new()
    }
}

/// For every value `0..count` of a coordinate (a cube made by `make`), its value after each
/// face turn (read by `read`), by [`Move::index`]: the clockwise quarter turns from the
/// piece model, the half and counter-clockwise turns as two and three of them from the
/// table itself (a third of the piece model's work).
fn face_turn_table(count: usize, make: impl Fn(u16) -> Cube, read: impl Fn(&Cube) -> u16) -> Vec<u16> {
    let clockwise: Vec<[u16; 6]> = (0..count as u16)
        .map(|value| {
            let cube = make(value);
            std::array::from_fn(|face| read(&cube.apply_move(Move::ALL[face * 3])))
        })
        .collect();
    let turned = |value: u16, face: usize| clockwise[usize::from(value)][face];
    (0..count as u16)
        .flat_map(|value| {
            (0..6).flat_map(move |face| {
                let once = turned(value, face);
                let twice = turned(once, face);
                [once, twice, turned(twice, face)]
            })
        })
        .collect()
}

/// For every value `0..count` of a coordinate (a cube made by `make`), its value after each
/// of `moves` (read by `read`).
fn table<T>(count: usize, moves: &[Move], make: impl Fn(u16) -> Cube, read: impl Fn(&Cube) -> T) -> Vec<T> {
    (0..count as u16)
        .flat_map(|value| {
            let cube = make(value);
            moves.iter().map(move |&m| cube.apply_move(m)).collect::<Vec<_>>()
        })
        .map(|cube| read(&cube))
        .collect()
}

/// Sorted UD-slice after each face turn, `sorted_slice * 18 + move` (the optimal solver's
/// tables; 11,880 x 18, a few milliseconds).
pub fn sorted_slice_moves() -> Vec<u16> {
    face_turn_table(SORTED_SLICES, |v| Cube::with_flip_sorted_slice(u32::from(v) * FLIPS as u32), |c| c.sorted_slice())
}

/// UD-slice and corner separation of `split` after each face turn, `slice_separation * 18 +
/// move` (the optimal solver's `large` and `huge` tables; 34,650 x 18, a few milliseconds).
pub fn slice_separation_moves(split: CornerSplit) -> Vec<u16> {
    let make = |v: u16| Cube::with_flip_slice_separation(split, u32::from(v) * FLIPS as u32);
    face_turn_table(SLICE_SEPARATIONS, make, |c| c.slice_separation(split))
}

/// Corner permutation after each face turn, `corner_perm * 18 + move` (the optimal solver's
/// corner bound; 40,320 x 18, a few milliseconds).
pub fn corner_perm_face_turns() -> Vec<u16> {
    face_turn_table(CORNER_PERMS, Cube::with_corner_perm, |c| c.corner_perm())
}

/// Corner permutation after each phase-2 move, `corner_perm * 10 + move`.
pub fn corner_perm_moves() -> Vec<u16> {
    table(CORNER_PERMS, &PHASE2_MOVES, Cube::with_corner_perm, |c| c.corner_perm())
}

/// U/D edge permutation after each phase-2 move, `ud_edge_perm * 10 + move`.
pub fn ud_edge_perm_moves() -> Vec<u16> {
    table(UD_EDGE_PERMS, &PHASE2_MOVES, |p| Cube::with_edge_perms(p, 0), |c| c.ud_edge_perm())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_tables_agree_with_the_piece_model() {
        let tables = CoordinateMoves::new();
        let corner_moves = corner_perm_moves();
        let edge_moves = ud_edge_perm_moves();
        let sorted_moves = sorted_slice_moves();
        let splits = [CornerSplit::Tetrads, CornerSplit::Layers];
        let separation_moves = splits.map(slice_separation_moves);
        let corner_turns = corner_perm_face_turns();
        let mut cube = Cube::SOLVED;
        let mut g1 = Cube::SOLVED;
        for (i, step) in Move::ALL.iter().cycle().step_by(7).take(200).enumerate() {
            let m = step.index();
            let next = cube.apply_move(*step);
            assert_eq!(tables.twist[usize::from(cube.twist()) * 18 + m], next.twist());
            assert_eq!(tables.flip[usize::from(cube.flip()) * 18 + m], next.flip());
            assert_eq!(tables.slice[usize::from(cube.slice()) * 18 + m], next.slice());
            assert_eq!(sorted_moves[usize::from(cube.sorted_slice()) * 18 + m], next.sorted_slice());
            for (split, moves) in splits.iter().zip(&separation_moves) {
                let (row, turned) = (cube.slice_separation(*split), next.slice_separation(*split));
                assert_eq!(moves[usize::from(row) * 18 + m], turned, "{split:?}");
            }
            assert_eq!(corner_turns[usize::from(cube.corner_perm()) * 18 + m], next.corner_perm());
            cube = next;
            let k = i % PHASE2_MOVES.len();
            let next = g1.apply_move(PHASE2_MOVES[k]);
            assert_eq!(corner_moves[usize::from(g1.corner_perm()) * 10 + k], next.corner_perm());
            assert_eq!(g1.corner_perm_after(&[PHASE2_MOVES[k], *step]), next.apply_move(*step).corner_perm());
            let within_g1 = [PHASE2_MOVES[k], PHASE2_MOVES[(k + 3) % 10]];
            let after = g1.apply_moves(&within_g1);
            assert_eq!(g1.edge_perms_after(&within_g1), (after.ud_edge_perm(), after.slice_perm()));
            assert_eq!(edge_moves[usize::from(g1.ud_edge_perm()) * 10 + k], next.ud_edge_perm());
            assert_eq!(tables.slice_perm[usize::from(g1.slice_perm()) * 10 + k], next.slice_perm());
            g1 = next;
        }
        // Every entry of the phase-1 tables, the half and counter-clockwise turns included.
        for m in Move::ALL {
            for twist in 0..TWISTS as u16 {
                let turned = Cube::with_twist(twist).apply_move(m).twist();
                assert_eq!(tables.twist[usize::from(twist) * 18 + m.index()], turned, "twist {twist} by {m}");
            }
            for sorted in 0..SORTED_SLICES {
                let turned = Cube::with_flip_sorted_slice((sorted * FLIPS) as u32).apply_move(m).sorted_slice();
                assert_eq!(sorted_moves[sorted * 18 + m.index()], turned, "sorted slice {sorted} by {m}");
            }
            for (&split, moves) in splits.iter().zip(&separation_moves) {
                for row in 0..SLICE_SEPARATIONS {
                    let cube = Cube::with_flip_slice_separation(split, (row * FLIPS) as u32);
                    let turned = cube.apply_move(m).slice_separation(split);
                    assert_eq!(moves[row * 18 + m.index()], turned, "{split:?} slice separation {row} by {m}");
                }
            }
            // Every flip, each with a slice, and so every slice.
            for flip in 0..FLIPS {
                let slice = flip % SLICES;
                let turned = Cube::with_flip_slice((slice * FLIPS + flip) as u32).apply_move(m);
                assert_eq!(tables.flip[flip * 18 + m.index()], turned.flip(), "flip {flip} by {m}");
                assert_eq!(tables.slice[slice * 18 + m.index()], turned.slice(), "slice {slice} by {m}");
            }
        }
    }
}
