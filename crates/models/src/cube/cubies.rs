//! [`Cube`]: the pieces. Eight corners and twelve edges, each with a permutation and an
//! orientation; centres never move. A cube's turns are the facelet turns, read back as
//! piece moves once ([`Cube::apply`]).
//!
//! Key: [`Cube::key`] ranks the pieces perfectly onto `0..KEY_SPACE`, with
//! `KEY_SPACE = 8! * 3^7 * 12! * 2^11 < 2^67`: corner permutation (Lehmer code), seven corner
//! twists (base 3; the eighth follows), edge permutation (Lehmer code), eleven edge flips
//! (base 2; the twelfth follows), in that order from the most significant. The solvable cubes
//! are half of that space (the two permutations share a parity), 4.3 * 10^19, more than
//! 2^64: a perfect key of a solvable cube needs more than 64 bits, so keys are `u128`.

use std::sync::OnceLock;

use super::errors::CubeError;
use super::facelets::Facelets;
use super::pieces::{CORNER_FACELETS, CORNER_FACES, EDGE_FACELETS, EDGE_FACES};
use super::turns::{Turn, FACELETS, FACE_LETTERS};

/// Bumped whenever [`Cube::key`] (or the piece numbering behind it) changes; tables built
/// with another one are refused.
pub const RANKING_VERSION: u32 = 1;

/// The number of keys, `8! * 3^7 * 12! * 2^11`: [`Cube::key`] is below it.
pub const KEY_SPACE: u128 = 40_320 * 2_187 * 479_001_600 * 2_048;

/// Whether the permutation `items` (of `0..items.len()`) is odd, by counting cycles.
pub(super) fn permutation_is_odd(items: &[u8]) -> bool {
    let mut seen = 0u32;
    let mut transpositions = 0;
    for start in 0..items.len() {
        let mut at = start;
        let mut length = 0;
        while seen & (1 << at) == 0 {
            seen |= 1 << at;
            at = usize::from(items[at]);
            length += 1;
        }
        transpositions += length.max(1) - 1;
    }
    transpositions % 2 == 1
}

/// A cube as pieces: `corners[p]` is the corner piece at position `p` (pieces and positions
/// both numbered as [`CORNER_NAMES`](super::CORNER_NAMES)), `corner_twists[p]` its orientation there; likewise
/// for the edges. Centres never move. Every [`Cube`] is solvable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(crate) corners: [u8; 8],
    pub(crate) corner_twists: [u8; 8],
    pub(crate) edges: [u8; 12],
    pub(crate) edge_flips: [u8; 12],
}

/// The twelve turns as piece moves: the solved cube after each turn, read off the facelets.
fn turn_moves() -> &'static [Cube; 12] {
    static MOVES: OnceLock<[Cube; 12]> = OnceLock::new();
    MOVES.get_or_init(|| {
        Turn::ALL.map(|turn| Facelets::SOLVED.turn(turn).cube().expect("a turn of the solved cube is a cube"))
    })
}

/// Composes two corner orientations, either of which may be mirrored (3 to 5): a twist
/// followed by a twist adds, a reflection reverses the sense of what follows it.
fn add_twists(first: u8, then: u8) -> u8 {
    match (first < 3, then < 3) {
        (true, true) => (first + then) % 3,
        (true, false) => 3 + (first + then - 3) % 3,
        (false, true) => 3 + (first + 3 - then) % 3,
        (false, false) => (first + 3 - then) % 3,
    }
}

const FACTORIAL: [u64; 13] = [1, 1, 2, 6, 24, 120, 720, 5_040, 40_320, 362_880, 3_628_800, 39_916_800, 479_001_600];

/// The Lehmer rank of a permutation of `0..items.len()` (at most 12 items).
pub(crate) fn permutation_rank(items: &[u8]) -> u64 {
    let mut seen = 0u32;
    let mut rank = 0;
    for (position, &item) in items.iter().enumerate() {
        let smaller_before = (seen & ((1 << item) - 1)).count_ones();
        seen |= 1 << item;
        rank += u64::from(u32::from(item) - smaller_before) * FACTORIAL[items.len() - 1 - position];
    }
    rank
}

/// The permutation of `0..N` with Lehmer rank `rank` (below `N!`).
pub(crate) fn permutation_unrank<const N: usize>(mut rank: u64) -> [u8; N] {
    let mut unused = (1u32 << N) - 1;
    std::array::from_fn(|position| {
        let weight = FACTORIAL[N - 1 - position];
        let mut digit = rank / weight;
        rank %= weight;
        let mut mask = unused;
        while digit > 0 {
            mask &= mask - 1;
            digit -= 1;
        }
        let item = mask.trailing_zeros();
        unused &= !(1 << item);
        item as u8
    })
}

impl Cube {
    /// The solved cube.
    pub const SOLVED: Cube = Cube {
        corners: [0, 1, 2, 3, 4, 5, 6, 7],
        corner_twists: [0; 8],
        edges: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        edge_flips: [0; 12],
    };

    /// Whether every piece is home and unturned.
    pub fn is_solved(&self) -> bool {
        *self == Cube::SOLVED
    }

    /// The cube after `turn` (the same move as [`Facelets::turn`], on pieces).
    pub fn apply(&self, turn: Turn) -> Cube {
        self.multiplied(&turn_moves()[usize::from(turn.index())])
    }

    /// The product `self * step`: `step`'s move done after `self`. Corner orientations 3 to 5
    /// are mirror images (a reflection's pieces, for the symmetries); on real cubes the
    /// arithmetic is plain addition mod 3.
    pub(crate) fn multiplied(&self, step: &Cube) -> Cube {
        let corner = |p: usize| usize::from(step.corners[p]);
        let edge = |p: usize| usize::from(step.edges[p]);
        Cube {
            corners: std::array::from_fn(|p| self.corners[corner(p)]),
            corner_twists: std::array::from_fn(|p| add_twists(self.corner_twists[corner(p)], step.corner_twists[p])),
            edges: std::array::from_fn(|p| self.edges[edge(p)]),
            edge_flips: std::array::from_fn(|p| self.edge_flips[edge(p)] ^ step.edge_flips[p]),
        }
    }

    /// The cube that undoes this one: `cube * cube.inverse()` is solved.
    pub fn inverse(&self) -> Cube {
        let mut inverse = Cube::SOLVED;
        for p in 0..8 {
            let piece = usize::from(self.corners[p]);
            inverse.corners[piece] = p as u8;
            inverse.corner_twists[piece] = (3 - self.corner_twists[p]) % 3;
        }
        for p in 0..12 {
            let piece = usize::from(self.edges[p]);
            inverse.edges[piece] = p as u8;
            inverse.edge_flips[piece] = self.edge_flips[p];
        }
        inverse
    }

    /// The cube after each of `turns` in order.
    pub fn apply_all(&self, turns: &[Turn]) -> Cube {
        turns.iter().fold(*self, |cube, &turn| cube.apply(turn))
    }

    /// The stickers, coloured with the standard face letters (`L F R B U D`).
    pub fn facelets(&self) -> Facelets {
        let mut colours = Facelets::SOLVED.colours;
        for position in 0..8 {
            let piece = CORNER_FACES[usize::from(self.corners[position])];
            for (k, &face) in piece.iter().enumerate() {
                let at = CORNER_FACELETS[position][(k + usize::from(self.corner_twists[position])) % 3];
                colours[at] = FACE_LETTERS[usize::from(face)] as u8;
            }
        }
        for position in 0..12 {
            let piece = EDGE_FACES[usize::from(self.edges[position])];
            for (k, &face) in piece.iter().enumerate() {
                let at = EDGE_FACELETS[position][(k + usize::from(self.edge_flips[position])) % 2];
                colours[at] = FACE_LETTERS[usize::from(face)] as u8;
            }
        }
        Facelets { colours }
    }

    /// The perfect key in `0..KEY_SPACE` (see the module documentation).
    pub fn key(&self) -> u128 {
        let twists = self.corner_twists[..7].iter().fold(0u64, |sum, &t| sum * 3 + u64::from(t));
        let flips = self.edge_flips[..11].iter().fold(0u64, |sum, &f| sum * 2 + u64::from(f));
        let corners = u128::from(permutation_rank(&self.corners) * 2_187 + twists);
        let edges = u128::from(permutation_rank(&self.edges) * 2_048 + flips);
        corners * (479_001_600 * 2_048) + edges
    }

    /// The cube with key `key`, or `None` when `key` is outside `0..KEY_SPACE` or names
    /// pieces no turns reach (permutations of different parities).
    pub fn from_key(key: u128) -> Option<Cube> {
        if key >= KEY_SPACE {
            return None;
        }
        let corners = (key / (479_001_600 * 2_048)) as u64;
        let edges = (key % (479_001_600 * 2_048)) as u64;
        let mut corner_twists = [0u8; 8];
        let mut twists = corners % 2_187;
        for twist in corner_twists[..7].iter_mut().rev() {
            *twist = (twists % 3) as u8;
            twists /= 3;
        }
        corner_twists[7] = (3 - corner_twists[..7].iter().sum::<u8>() % 3) % 3;
        let mut edge_flips = [0u8; 12];
        let mut flips = edges % 2_048;
        for flip in edge_flips[..11].iter_mut().rev() {
            *flip = (flips % 2) as u8;
            flips /= 2;
        }
        edge_flips[11] = edge_flips[..11].iter().fold(0, |sum, &f| sum ^ f);
        let cube = Cube {
            corners: permutation_unrank(corners / 2_187),
            corner_twists,
            edges: permutation_unrank(edges / 2_048),
            edge_flips,
        };
        (permutation_is_odd(&cube.corners) == permutation_is_odd(&cube.edges)).then_some(cube)
    }
}
impl Facelets {
    /// The pieces, after checking that this is a real cube that some turns solve: six
    /// distinct centres, nine stickers of each, every piece a real piece present once, and
    /// corner twists, edge flips and permutation parities that turns can undo.
    pub fn cube(&self) -> Result<Cube, CubeError> {
        let faces = self.faces()?;
        let (corners, corner_twists) = read_corners(&faces)?;
        let (edges, edge_flips) = read_edges(&faces)?;
        let cube = Cube { corners, corner_twists, edges, edge_flips };
        let twist = (corner_twists.iter().map(|&t| u32::from(t)).sum::<u32>() % 3) as u8;
        let flip = edge_flips.iter().fold(0, |sum, &f| sum ^ f) == 1;
        let parity = permutation_is_odd(&corners) != permutation_is_odd(&edges);
        if twist != 0 || flip || parity {
            return Err(CubeError::Unsolvable { twist, flip, parity });
        }
        Ok(cube)
    }
}

fn read_corners(faces: &[u8; FACELETS]) -> Result<([u8; 8], [u8; 8]), CubeError> {
    let mut corners = [0u8; 8];
    let mut twists = [0u8; 8];
    let mut found_at = [None; 8];
    for position in 0..8 {
        let seen: [u8; 3] = CORNER_FACELETS[position].map(|x| faces[x]);
        let impossible = |mirrored| CubeError::ImpossibleCorner { position, faces: seen, mirrored };
        let twist = seen.iter().position(|&f| f >= 4).ok_or(impossible(false))?;
        let rotated = [seen[twist], seen[(twist + 1) % 3], seen[(twist + 2) % 3]];
        let Some(piece) = CORNER_FACES.iter().position(|&piece| piece == rotated) else {
            let mirrored = CORNER_FACES.iter().any(|&piece| piece == [rotated[0], rotated[2], rotated[1]]);
            return Err(impossible(mirrored));
        };
        if let Some(first) = found_at[piece].replace(position) {
            return Err(CubeError::RepeatedCorner { piece, positions: (first, position) });
        }
        corners[position] = piece as u8;
        twists[position] = twist as u8;
    }
    Ok((corners, twists))
}

fn read_edges(faces: &[u8; FACELETS]) -> Result<([u8; 12], [u8; 12]), CubeError> {
    let mut edges = [0u8; 12];
    let mut flips = [0u8; 12];
    let mut found_at = [None; 12];
    for position in 0..12 {
        let seen: [u8; 2] = EDGE_FACELETS[position].map(|x| faces[x]);
        let (piece, flip) = match EDGE_FACES.iter().position(|&piece| piece == seen) {
            Some(piece) => (piece, 0),
            None => match EDGE_FACES.iter().position(|&piece| piece == [seen[1], seen[0]]) {
                Some(piece) => (piece, 1),
                None => return Err(CubeError::ImpossibleEdge { position, faces: seen }),
            },
        };
        if let Some(first) = found_at[piece].replace(position) {
            return Err(CubeError::RepeatedEdge { piece, positions: (first, position) });
        }
        edges[position] = piece as u8;
        flips[position] = flip;
    }
    Ok((edges, flips))
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Reads standard notation, `F`, `R'` or `U2` (two quarter turns), as quarter turns.
    fn parse_notation(text: &str) -> Vec<Turn> {
        let mut chars = text.chars();
        let letter = chars.next().unwrap();
        let face = FACE_LETTERS.iter().position(|&l| l == letter).unwrap();
        match chars.as_str() {
            "" => vec![Turn::new(face, true).unwrap()],
            "'" => vec![Turn::new(face, false).unwrap()],
            "2" => vec![Turn::new(face, true).unwrap(); 2],
            other => panic!("not a turn: {other}"),
        }
    }

    /// A published fixture of the Kociemba solvers: this facelet string (U R F D L B) is
    /// solved by this sequence in standard notation. It pins both the facelet string's
    /// mapping onto the net and the turn directions.
    #[test]
    fn a_solver_fixture_in_standard_notation_solves_its_facelet_string() {
        let fixtures = [
            (
                "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD",
                "D2 R' D' F2 B D R2 D2 R' F2 D' F2 U' B2 L2 U2 D R2 U",
            ),
            (
                "FLBUUDFBDBFURRRUBLLULRFFLLFBDRBDLDRDRLUFLDBDURFDBBUFUR",
                "U' D' R' F' R2 U' D2 F U' L U R2 U2 L2 F2 R2 L2 U' F2 D'",
            ),
        ];
        for (string, solution) in fixtures {
            let facelets = Facelets::from_urfdlb(string).unwrap();
            assert_eq!(facelets.to_urfdlb(), string);
            let turns: Vec<Turn> = solution.split(' ').flat_map(parse_notation).collect();
            let solved = turns.iter().fold(facelets, |f, &t| f.turn(t));
            assert!(solved.cube().unwrap().is_solved(), "{string}");
            assert_eq!(facelets.cube().unwrap().apply_all(&turns), Cube::SOLVED);
        }
        let after_r = Facelets::SOLVED.turn(parse_notation("R")[0]);
        assert_eq!(after_r.to_urfdlb(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
    }

    fn random_turns(rng: &mut u64, count: usize) -> Vec<Turn> {
        (0..count)
            .map(|_| {
                *rng ^= *rng << 13;
                *rng ^= *rng >> 7;
                *rng ^= *rng << 17;
                Turn::ALL[(*rng % 12) as usize]
            })
            .collect()
    }

    #[test]
    fn pieces_and_facelets_turn_alike_and_keys_are_perfect() {
        let mut rng = 2477u64;
        for length in 0..60 {
            let turns = random_turns(&mut rng, length);
            let facelets = turns.iter().fold(Facelets::SOLVED, |f, &t| f.turn(t));
            let cube = Cube::SOLVED.apply_all(&turns);
            assert_eq!(facelets.cube(), Ok(cube));
            assert_eq!(cube.facelets(), facelets);
            assert!(cube.key() < KEY_SPACE);
            assert_eq!(Cube::from_key(cube.key()), Some(cube));
        }
        assert_eq!(Cube::SOLVED.key(), 0);
        assert_eq!(Cube::from_key(KEY_SPACE), None);
        assert_eq!(Cube::from_key(KEY_SPACE - 1).map(|c| c.key()), Some(KEY_SPACE - 1));
        // Swapping two corners' ranks alone makes the parities differ.
        assert_eq!(Cube::from_key(2_187 * 479_001_600 * 2_048), None);
    }
}
