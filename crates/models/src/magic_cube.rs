//! The magic cube (ZOJ 2477): a 3x3x3 Rubik's cube, given as the judge's unfolded net.
//!
//! Two views of one cube:
//! - [`Facelets`]: the 54 stickers in the judge's net order. Face `k` (0 left, 1 front,
//!   2 right, 3 back, 4 up, 5 down), row `r`, column `c`, read from the net exactly as printed,
//!   is facelet `9k + 3r + c`. The twelve quarter turns are defined here and only here,
//!   literally from the statement's conventions ([`CLOCKWISE_STRIPS`]). Facelets hold any
//!   bytes, so a net of 54 distinct labels shows every sticker's path.
//! - [`Cube`]: the pieces. Eight corners and twelve edges, each with a permutation and an
//!   orientation; centres never move. [`Facelets::cube`] reads the pieces off the stickers and
//!   is where validation lives; a cube's turns are the facelet turns, read back as piece
//!   moves once ([`Cube::apply`]).
//!
//! Colours are relative to the centres: the centre of face `k` names that face's colour, so
//! any six distinct letters will do.
//!
//! Key: [`Cube::key`] ranks the pieces perfectly onto `0..KEY_SPACE`, with
//! `KEY_SPACE = 8! * 3^7 * 12! * 2^11 < 2^67`: corner permutation (Lehmer code), seven corner
//! twists (base 3; the eighth follows), edge permutation (Lehmer code), eleven edge flips
//! (base 2; the twelfth follows), in that order from the most significant. The solvable cubes
//! are half of that space (the two permutations share a parity), 4.3 * 10^19, more than
//! 2^64: a perfect key of a solvable cube needs more than 64 bits, so keys are `u128`.

use std::fmt;
use std::sync::OnceLock;

use crate::judge::{Case, InputError};

/// Bumped whenever [`Cube::key`] (or the piece numbering behind it) changes; tables built
/// with another one are refused.
pub const RANKING_VERSION: u32 = 1;

/// The number of facelets.
pub const FACELETS: usize = 54;

/// The judge's limit: a cube that needs more quarter turns than this is answered `-1`.
pub const JUDGE_LIMIT: usize = 5;

/// The number of keys, `8! * 3^7 * 12! * 2^11`: [`Cube::key`] is below it.
pub const KEY_SPACE: u128 = 40_320 * 2_187 * 479_001_600 * 2_048;

/// `POSITIONS_WITHIN[n]`: how many cubes are within `n` quarter turns of solved (counted by
/// breadth-first search; the generator checks its walk against these).
pub const POSITIONS_WITHIN: [u64; 8] = [1, 13, 127, 1_195, 11_206, 105_046, 983_926, 9_205_558];

/// Each net face's letter in standard notation: 0 L, 1 F, 2 R, 3 B, 4 U, 5 D.
pub const FACE_LETTERS: [char; 6] = ['L', 'F', 'R', 'B', 'U', 'D'];

/// The net faces in the order of the solvers' facelet string: U R F D L B.
pub const URFDLB: [usize; 6] = [4, 2, 1, 5, 0, 3];

/// The facelet of face `face`, row `row`, column `col` of the net.
pub const fn facelet(face: usize, row: usize, col: usize) -> usize {
    face * 9 + row * 3 + col
}

/// One index of a strip in the statement's conventions: a constant, `i` or `2-i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StripIndex {
    /// A fixed row or column.
    At(usize),
    /// `i` (the statement's `*` means the same).
    I,
    /// `2-i`.
    TwoMinusI,
}

impl StripIndex {
    const fn at(self, i: usize) -> usize {
        match self {
            StripIndex::At(n) => n,
            StripIndex::I => i,
            StripIndex::TwoMinusI => 2 - i,
        }
    }
}

/// Three facelets of one face, `face[row][col]` for `i` in `0..3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strip {
    /// The net face.
    pub face: usize,
    /// The row, as a function of `i`.
    pub row: StripIndex,
    /// The column, as a function of `i`.
    pub col: StripIndex,
}

impl Strip {
    /// The facelet at step `i` of the strip.
    pub const fn facelet(self, i: usize) -> usize {
        facelet(self.face, self.row.at(i), self.col.at(i))
    }
}

const fn strip(face: usize, row: StripIndex, col: StripIndex) -> Strip {
    Strip { face, row, col }
}

use StripIndex::{At, TwoMinusI, I};

/// The statement's strips, copied line by line: for a clockwise turn of face `k`, strip
/// `CLOCKWISE_STRIPS[k][j]` takes what strip `j + 1` held (and the last takes the first's
/// old facelets). For face 0 the statement reads `4[i][0] <- 3[2-i][2] ; 3[2-i][2] <- 5[i][0]
/// ; 5[i][0] <- 1[i][0] ; 1[i][0] <- old 4[i][0]`, hence `[4[i][0], 3[2-i][2], 5[i][0],
/// 1[i][0]]`; every face's line has this shape.
pub const CLOCKWISE_STRIPS: [[Strip; 4]; 6] = [
    [strip(4, I, At(0)), strip(3, TwoMinusI, At(2)), strip(5, I, At(0)), strip(1, I, At(0))],
    [strip(4, At(2), I), strip(0, TwoMinusI, At(2)), strip(5, At(0), TwoMinusI), strip(2, I, At(0))],
    [strip(4, I, At(2)), strip(1, I, At(2)), strip(5, I, At(2)), strip(3, TwoMinusI, At(0))],
    [strip(4, At(0), I), strip(2, I, At(2)), strip(5, At(2), TwoMinusI), strip(0, TwoMinusI, At(0))],
    [strip(3, At(0), I), strip(0, At(0), I), strip(1, At(0), I), strip(2, At(0), I)],
    [strip(1, At(2), I), strip(0, At(2), I), strip(3, At(2), I), strip(2, At(2), I)],
];

/// A facelet permutation: after the turn, facelet `x` holds what facelet `source[x]` held.
type Permutation = [u8; FACELETS];

/// The clockwise turn of `face`, built from the statement: the face's own grid rotated
/// clockwise (`f[0][0] <- f[2][0] <- f[2][2] <- f[0][2] <- f[0][0]`, that is
/// `f[r][c] <- f[2-c][r]`), then the four strips cycled.
const fn clockwise_permutation(face: usize) -> Permutation {
    let mut source = [0u8; FACELETS];
    let mut x = 0;
    while x < FACELETS {
        source[x] = x as u8;
        x += 1;
    }
    let mut cell = 0;
    while cell < 9 {
        let (row, col) = (cell / 3, cell % 3);
        source[facelet(face, row, col)] = facelet(face, 2 - col, row) as u8;
        cell += 1;
    }
    let strips = CLOCKWISE_STRIPS[face];
    let mut j = 0;
    while j < 4 {
        let mut i = 0;
        while i < 3 {
            source[strips[j].facelet(i)] = strips[(j + 1) % 4].facelet(i) as u8;
            i += 1;
        }
        j += 1;
    }
    source
}

const fn inverse_permutation(source: &Permutation) -> Permutation {
    let mut inverse = [0u8; FACELETS];
    let mut x = 0;
    while x < FACELETS {
        inverse[source[x] as usize] = x as u8;
        x += 1;
    }
    inverse
}

/// `TURN_PERMUTATIONS[turn.index()]`: the facelet permutation of every turn.
const TURN_PERMUTATIONS: [Permutation; 12] = {
    let mut all = [[0u8; FACELETS]; 12];
    let mut face = 0;
    while face < 6 {
        all[2 * face] = clockwise_permutation(face);
        all[2 * face + 1] = inverse_permutation(&all[2 * face]);
        face += 1;
    }
    all
};

/// A quarter turn: a net face, clockwise (`dir 1`) or counter-clockwise (`dir -1`) as seen
/// from outside the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    index: u8,
}

impl Turn {
    /// Every turn, in the order of [`Turn::index`]: face 0 clockwise, face 0
    /// counter-clockwise, face 1 clockwise, ...
    pub const ALL: [Turn; 12] = {
        let mut all = [Turn { index: 0 }; 12];
        let mut index = 0;
        while index < 12 {
            all[index] = Turn { index: index as u8 };
            index += 1;
        }
        all
    };

    /// The turn of net face `face` (0..6), clockwise or not.
    pub fn new(face: usize, clockwise: bool) -> Option<Turn> {
        (face < 6).then(|| Turn { index: (2 * face + usize::from(!clockwise)) as u8 })
    }

    /// The net face turned, 0..6.
    pub fn face(self) -> usize {
        usize::from(self.index / 2)
    }

    /// Whether it turns clockwise (seen from outside).
    pub fn is_clockwise(self) -> bool {
        self.index.is_multiple_of(2)
    }

    /// The judge's direction: `1` clockwise, `-1` counter-clockwise.
    pub fn dir(self) -> i8 {
        if self.is_clockwise() {
            1
        } else {
            -1
        }
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> Turn {
        Turn { index: self.index ^ 1 }
    }

    /// A number in `0..12`, the position in [`Turn::ALL`]; tables store turns this way.
    pub fn index(self) -> u8 {
        self.index
    }

    /// The turn with this [`Turn::index`].
    pub fn from_index(index: u8) -> Option<Turn> {
        (index < 12).then_some(Turn { index })
    }

    /// The judge's step, `face dir`: `1 1`, `4 -1`.
    pub fn judge_step(self) -> String {
        format!("{} {}", self.face(), self.dir())
    }

    /// Standard notation: `F`, `R'`.
    pub fn notation(self) -> String {
        let prime = if self.is_clockwise() { "" } else { "'" };
        format!("{}{prime}", FACE_LETTERS[self.face()])
    }
}

/// Writes turns in standard notation, separated by spaces.
pub fn notation(turns: &[Turn]) -> String {
    turns.iter().map(|t| t.notation()).collect::<Vec<_>>().join(" ")
}

/// The judge's answer for a shortest solution (`None`: more than [`JUDGE_LIMIT`] turns, or
/// unknown beyond it): the count and one `face dir` line per step, or `-1`.
pub fn judge_answer(solution: Option<&[Turn]>) -> String {
    match solution.filter(|turns| turns.len() <= JUDGE_LIMIT) {
        Some(turns) => std::iter::once(turns.len().to_string())
            .chain(turns.iter().map(|t| t.judge_step()))
            .map(|line| line + "\n")
            .collect(),
        None => "-1\n".to_string(),
    }
}

/// The 54 stickers of a cube in the judge's net order, as colour bytes. Any bytes: a
/// [`Facelets`] becomes a [`Cube`] only through the checks of [`Facelets::cube`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facelets {
    colours: [u8; FACELETS],
}

impl Facelets {
    /// The solved cube, each face coloured with its standard letter (`L F R B U D`).
    pub const SOLVED: Facelets = {
        let mut colours = [0u8; FACELETS];
        let mut x = 0;
        while x < FACELETS {
            colours[x] = FACE_LETTERS[x / 9] as u8;
            x += 1;
        }
        Facelets { colours }
    };

    /// Stickers from 54 colour bytes in net order.
    pub fn new(colours: [u8; FACELETS]) -> Facelets {
        Facelets { colours }
    }

    /// The colour bytes in net order.
    pub fn colours(&self) -> [u8; FACELETS] {
        self.colours
    }

    /// The stickers after `turn`, moved exactly as the statement says.
    pub fn turn(&self, turn: Turn) -> Facelets {
        let source = &TURN_PERMUTATIONS[usize::from(turn.index())];
        Facelets { colours: std::array::from_fn(|x| self.colours[usize::from(source[x])]) }
    }

    /// Reads the 54-letter facelet string of Rubik's cube solvers: faces in the order
    /// U R F D L B, each read row by row as in the judge's net. White space is ignored.
    pub fn from_urfdlb(text: &str) -> Result<Facelets, CubeError> {
        let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if letters.len() != FACELETS {
            return Err(CubeError::FaceletCount(letters.len()));
        }
        let mut colours = [0u8; FACELETS];
        for (block, &face) in URFDLB.iter().enumerate() {
            for cell in 0..9 {
                colours[face * 9 + cell] = colour_byte(letters[block * 9 + cell])?;
            }
        }
        Ok(Facelets { colours })
    }

    /// The facelet string of Rubik's cube solvers (faces U R F D L B, row by row).
    pub fn to_urfdlb(&self) -> String {
        URFDLB.iter().flat_map(|&face| &self.colours[face * 9..face * 9 + 9]).map(|&b| char::from(b)).collect()
    }

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

    /// Each sticker's face (the face whose centre has its colour), after checking the
    /// centres and the colour counts.
    fn faces(&self) -> Result<[u8; FACELETS], CubeError> {
        let centres: [u8; 6] = std::array::from_fn(|face| self.colours[facelet(face, 1, 1)]);
        for first in 0..6 {
            if let Some(second) = (first + 1..6).find(|&other| centres[other] == centres[first]) {
                return Err(CubeError::SharedCentre { colour: char::from(centres[first]), faces: (first, second) });
            }
        }
        let mut counts = [0usize; 256];
        self.colours.iter().for_each(|&c| counts[usize::from(c)] += 1);
        if let Some(stray) = self.colours.iter().find(|c| !centres.contains(c)) {
            let count = counts[usize::from(*stray)];
            return Err(CubeError::StrayColour { colour: char::from(*stray), count });
        }
        let miscounted: Vec<(char, usize)> =
            centres.iter().map(|&c| (char::from(c), counts[usize::from(c)])).filter(|&(_, count)| count != 9).collect();
        if !miscounted.is_empty() {
            return Err(CubeError::ColourCounts(miscounted));
        }
        let face_of = |colour: u8| centres.iter().position(|&c| c == colour).unwrap_or(0) as u8;
        Ok(std::array::from_fn(|x| face_of(self.colours[x])))
    }

    /// The net, drawn as the judge prints it (letters separated by spaces, the top and
    /// bottom faces indented), nine lines each ending in a newline.
    pub fn net(&self) -> String {
        let letter = |face: usize, row: usize, col: usize| char::from(self.colours[facelet(face, row, col)]);
        let mut net = String::new();
        for (faces, indent) in [(&[4][..], "      "), (&[0, 1, 2, 3][..], ""), (&[5][..], "      ")] {
            for row in 0..3 {
                let letters: Vec<String> =
                    faces.iter().flat_map(|&face| (0..3).map(move |col| letter(face, row, col).to_string())).collect();
                net.push_str(indent);
                net.push_str(&letters.join(" "));
                net.push('\n');
            }
        }
        net
    }
}

fn colour_byte(letter: char) -> Result<u8, CubeError> {
    u8::try_from(letter).ok().filter(u8::is_ascii_graphic).ok_or(CubeError::BadColour(letter))
}

/// Whether the permutation `items` (of `0..items.len()`) is odd, by counting cycles.
fn permutation_is_odd(items: &[u8]) -> bool {
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

/// The corner positions, in the usual order, as names.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// The edge positions, in the usual order, as names.
pub const EDGE_NAMES: [&str; 12] = ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"];

/// Each corner position's facelets: the up or down one first, then the others clockwise
/// as seen from outside that corner. The orientation of a corner is the place, in its
/// position's list, of the facelet showing its up or down colour.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [facelet(4, 2, 2), facelet(2, 0, 0), facelet(1, 0, 2)],
    [facelet(4, 2, 0), facelet(1, 0, 0), facelet(0, 0, 2)],
    [facelet(4, 0, 0), facelet(0, 0, 0), facelet(3, 0, 2)],
    [facelet(4, 0, 2), facelet(3, 0, 0), facelet(2, 0, 2)],
    [facelet(5, 0, 2), facelet(1, 2, 2), facelet(2, 2, 0)],
    [facelet(5, 0, 0), facelet(0, 2, 2), facelet(1, 2, 0)],
    [facelet(5, 2, 0), facelet(3, 2, 2), facelet(0, 2, 0)],
    [facelet(5, 2, 2), facelet(2, 2, 2), facelet(3, 2, 0)],
];

/// Each edge position's facelets: the up or down one first, else the front or back one.
/// An edge is flipped when its first colour is not on its position's first facelet.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [facelet(4, 1, 2), facelet(2, 0, 1)],
    [facelet(4, 2, 1), facelet(1, 0, 1)],
    [facelet(4, 1, 0), facelet(0, 0, 1)],
    [facelet(4, 0, 1), facelet(3, 0, 1)],
    [facelet(5, 1, 2), facelet(2, 2, 1)],
    [facelet(5, 0, 1), facelet(1, 2, 1)],
    [facelet(5, 1, 0), facelet(0, 2, 1)],
    [facelet(5, 2, 1), facelet(3, 2, 1)],
    [facelet(1, 1, 2), facelet(2, 1, 0)],
    [facelet(1, 1, 0), facelet(0, 1, 2)],
    [facelet(3, 1, 2), facelet(0, 1, 0)],
    [facelet(3, 1, 0), facelet(2, 1, 2)],
];

const fn face_of(x: usize) -> u8 {
    (x / 9) as u8
}

/// The faces (colours) of each corner piece, in its facelet order.
const CORNER_FACES: [[u8; 3]; 8] = {
    let mut faces = [[0u8; 3]; 8];
    let mut corner = 0;
    while corner < 8 {
        let mut k = 0;
        while k < 3 {
            faces[corner][k] = face_of(CORNER_FACELETS[corner][k]);
            k += 1;
        }
        corner += 1;
    }
    faces
};

/// The faces (colours) of each edge piece, in its facelet order.
const EDGE_FACES: [[u8; 2]; 12] = {
    let mut faces = [[0u8; 2]; 12];
    let mut edge = 0;
    while edge < 12 {
        faces[edge] = [face_of(EDGE_FACELETS[edge][0]), face_of(EDGE_FACELETS[edge][1])];
        edge += 1;
    }
    faces
};

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

/// Why stickers do not make a cube that turns can solve. Faces are named by their net
/// number and standard letter; colours by the letters given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeError {
    /// Not 54 facelets.
    FaceletCount(usize),
    /// A colour that is not one printable ASCII character.
    BadColour(char),
    /// Two faces have centres of one colour.
    SharedCentre {
        /// The colour.
        colour: char,
        /// The two net faces.
        faces: (usize, usize),
    },
    /// A colour that is on no centre.
    StrayColour {
        /// The colour.
        colour: char,
        /// How many stickers have it.
        count: usize,
    },
    /// Centre colours on other than nine stickers each: each such colour and its count.
    ColourCounts(Vec<(char, usize)>),
    /// A corner position whose three colours are those of no corner piece (given as the net
    /// faces whose centres have them, in the position's facelet order).
    ImpossibleCorner {
        /// The position, an index into [`CORNER_NAMES`].
        position: usize,
        /// The faces its colours belong to.
        faces: [u8; 3],
        /// Whether they are a real corner's colours in mirror-image order.
        mirrored: bool,
    },
    /// An edge position whose two colours are those of no edge piece.
    ImpossibleEdge {
        /// The position, an index into [`EDGE_NAMES`].
        position: usize,
        /// The faces its colours belong to.
        faces: [u8; 2],
    },
    /// One corner piece in two positions.
    RepeatedCorner {
        /// The piece, an index into [`CORNER_NAMES`] (its home).
        piece: usize,
        /// The two positions.
        positions: (usize, usize),
    },
    /// One edge piece in two positions.
    RepeatedEdge {
        /// The piece, an index into [`EDGE_NAMES`] (its home).
        piece: usize,
        /// The two positions.
        positions: (usize, usize),
    },
    /// Real pieces, each once, in an arrangement no sequence of turns reaches.
    Unsolvable {
        /// The corners' twists summed, mod 3 (0 when fine).
        twist: u8,
        /// Whether the edges' flips sum to an odd number.
        flip: bool,
        /// Whether the corners and the edges are permuted with different parities.
        parity: bool,
    },
}

fn times(count: usize) -> String {
    if count == 1 {
        "once".to_string()
    } else {
        format!("{count} times")
    }
}

/// `U (4)`: a net face's letter and number.
fn face_name(face: u8) -> String {
    format!("{} ({face})", FACE_LETTERS[usize::from(face)])
}

fn facelet_names(facelets: &[usize]) -> String {
    facelets.iter().map(|&x| format!("{}[{}][{}]", x / 9, x % 9 / 3, x % 3)).collect::<Vec<_>>().join(" ")
}

fn colour_names(faces: &[u8]) -> String {
    faces.iter().map(|&f| FACE_LETTERS[usize::from(f)].to_string()).collect::<Vec<_>>().join("")
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeError::FaceletCount(n) => write!(f, "expected {FACELETS} facelets, found {n}"),
            CubeError::BadColour(c) => write!(f, "colour {c:?} is not a printable ASCII character"),
            CubeError::SharedCentre { colour, faces: (a, b) } => write!(
                f,
                "two centres of one colour: faces {} and {} both have centre {colour:?}",
                face_name(*a as u8),
                face_name(*b as u8)
            ),
            CubeError::StrayColour { colour, count } => {
                write!(
                    f,
                    "colour {colour:?} appears {} but is on no centre (each colour appears 9 times)",
                    times(*count)
                )
            }
            CubeError::ColourCounts(miscounted) => {
                let counts: Vec<String> =
                    miscounted.iter().map(|(colour, count)| format!("{colour:?} appears {}", times(*count))).collect();
                write!(f, "each colour must appear 9 times, but {}", counts.join(", "))
            }
            CubeError::ImpossibleCorner { position, faces, mirrored } => {
                write!(
                    f,
                    "a piece that cannot exist: the {} corner (facelets {}) has the colours of faces {}, ",
                    CORNER_NAMES[*position],
                    facelet_names(&CORNER_FACELETS[*position]),
                    colour_names(faces)
                )?;
                if *mirrored {
                    write!(f, "a mirror image of a real corner (two of its stickers are swapped)")
                } else {
                    write!(f, "which no corner has")
                }
            }
            CubeError::ImpossibleEdge { position, faces } => write!(
                f,
                "a piece that cannot exist: the {} edge (facelets {}) has the colours of faces {}, which no edge has",
                EDGE_NAMES[*position],
                facelet_names(&EDGE_FACELETS[*position]),
                colour_names(faces)
            ),
            CubeError::RepeatedCorner { piece, positions: (a, b) } => write!(
                f,
                "a piece that cannot exist: the {} corner appears twice, at {} and at {}",
                CORNER_NAMES[*piece], CORNER_NAMES[*a], CORNER_NAMES[*b]
            ),
            CubeError::RepeatedEdge { piece, positions: (a, b) } => write!(
                f,
                "a piece that cannot exist: the {} edge appears twice, at {} and at {}",
                EDGE_NAMES[*piece], EDGE_NAMES[*a], EDGE_NAMES[*b]
            ),
            CubeError::Unsolvable { twist, flip, parity } => {
                let mut reasons = Vec::new();
                if *twist != 0 {
                    reasons.push(format!("a twisted corner (the corner twists add up to {twist}/3 of a turn)"));
                }
                if *flip {
                    reasons.push("a flipped edge (the edge flips add up to an odd number)".to_string());
                }
                if *parity {
                    reasons.push(
                        "a parity error (corners and edges are permuted with different parities: two pieces are swapped)"
                            .to_string(),
                    );
                }
                write!(f, "impossible cube, no turns solve it: {}", reasons.join("; "))
            }
        }
    }
}

impl std::error::Error for CubeError {}

/// A cube as pieces: `corners[p]` is the corner piece at position `p` (pieces and positions
/// both numbered as [`CORNER_NAMES`]), `corner_twists[p]` its orientation there; likewise
/// for the edges. Centres never move. Every [`Cube`] is solvable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    corners: [u8; 8],
    corner_twists: [u8; 8],
    edges: [u8; 12],
    edge_flips: [u8; 12],
}

/// The twelve turns as piece moves: the solved cube after each turn, read off the facelets.
fn turn_moves() -> &'static [Cube; 12] {
    static MOVES: OnceLock<[Cube; 12]> = OnceLock::new();
    MOVES.get_or_init(|| {
        Turn::ALL.map(|turn| Facelets::SOLVED.turn(turn).cube().expect("a turn of the solved cube is a cube"))
    })
}

const FACTORIAL: [u64; 13] = [1, 1, 2, 6, 24, 120, 720, 5_040, 40_320, 362_880, 3_628_800, 39_916_800, 479_001_600];

/// The Lehmer rank of a permutation of `0..items.len()` (at most 12 items).
fn permutation_rank(items: &[u8]) -> u64 {
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
fn permutation_unrank<const N: usize>(mut rank: u64) -> [u8; N] {
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
        let step = &turn_moves()[usize::from(turn.index())];
        let corner = |p: usize| usize::from(step.corners[p]);
        let edge = |p: usize| usize::from(step.edges[p]);
        Cube {
            corners: std::array::from_fn(|p| self.corners[corner(p)]),
            corner_twists: std::array::from_fn(|p| (self.corner_twists[corner(p)] + step.corner_twists[p]) % 3),
            edges: std::array::from_fn(|p| self.edges[edge(p)]),
            edge_flips: std::array::from_fn(|p| self.edge_flips[edge(p)] ^ step.edge_flips[p]),
        }
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

/// A judge input: the cases in order, and what is wrong with the case count line, if
/// anything (a missing count, or one that disagrees with the cases present; every case
/// present is answered either way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeInput {
    /// Each case, or why it was rejected.
    pub cases: Vec<Case<Cube>>,
    /// A problem with the first line, the number of cases.
    pub count_problem: Option<InputError>,
}

/// Parses a judge input: the number of cases, then for each case an empty line and the
/// nine lines of the net. Cases are the blocks of non-blank lines; a block of 18, 27, ...
/// lines (cases without the empty line between them) holds several cases.
pub fn parse_judge_input(input: &str) -> JudgeInput {
    let mut blocks = line_blocks(input);
    let Some(&(count_line, first)) = blocks.first().and_then(|block| block.first()) else {
        let problem = InputError::new(1, "empty input: expected the number of cases");
        return JudgeInput { cases: Vec::new(), count_problem: Some(problem) };
    };
    let Ok(count) = first.parse::<usize>() else {
        // No count: every line may be a case, and each is answered.
        let problem =
            InputError::new(count_line, format!("expected the number of cases, found {}", crate::judge::quoted(first)));
        return JudgeInput { cases: parse_cases(&blocks), count_problem: Some(problem) };
    };
    blocks[0].remove(0);
    let cases = parse_cases(&blocks);
    let count_problem = (cases.len() != count).then(|| {
        let present = cases.len();
        let problem = format!("the input announces {count} cases but holds {present}; answering the {present} present");
        InputError::new(count_line, problem)
    });
    JudgeInput { cases, count_problem }
}

/// The non-blank lines of `input`, numbered from 1 and trimmed, in blocks separated by
/// blank lines.
fn line_blocks(input: &str) -> Vec<Vec<(usize, &str)>> {
    let mut blocks: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (index, line) in input.lines().enumerate() {
        let line = line.trim();
        match blocks.last_mut() {
            Some(block) if !line.is_empty() => block.push((index + 1, line)),
            Some(block) if !block.is_empty() => blocks.push(Vec::new()),
            _ => {}
        }
    }
    blocks.retain(|block| !block.is_empty());
    blocks
}

fn parse_cases(blocks: &[Vec<(usize, &str)>]) -> Vec<Case<Cube>> {
    let mut cases = Vec::new();
    for block in blocks.iter().filter(|block| !block.is_empty()) {
        if block.len() % 9 != 0 {
            let problem = format!(
                "a case is the nine lines of the net, but lines {} to {} are {} lines",
                block[0].0,
                block[block.len() - 1].0,
                block.len()
            );
            cases.push(Err(InputError::new(block[0].0, problem)));
            continue;
        }
        for lines in block.chunks(9) {
            let first_line = lines[0].0;
            cases.push(
                read_net(lines)
                    .and_then(|facelets| facelets.cube().map_err(|e| InputError::new(first_line, e.to_string()))),
            );
        }
    }
    cases
}

/// Reads one net, the nine non-blank lines of `text` (as in a judge case), into stickers.
/// Errors name lines of `text` (1-based). The pieces are not checked: see [`Facelets::cube`].
pub fn parse_net(text: &str) -> Result<Facelets, InputError> {
    let lines: Vec<(usize, &str)> = crate::judge::numbered_lines(text).collect();
    if lines.len() != 9 {
        let line = lines.get(9).or(lines.last()).map_or(1, |l| l.0);
        return Err(InputError::new(line, format!("a net is nine lines, found {}", lines.len())));
    }
    read_net(&lines)
}

/// The nine numbered lines of a net: three rows of the up face, three rows of left, front,
/// right and back, three rows of the down face.
fn read_net(lines: &[(usize, &str)]) -> Result<Facelets, InputError> {
    let mut colours = [0u8; FACELETS];
    for (row_index, &(line, text)) in lines.iter().enumerate() {
        let faces: &[usize] = match row_index / 3 {
            0 => &[4],
            1 => &[0, 1, 2, 3],
            _ => &[5],
        };
        let letters = row_letters(text, faces.len() * 3).map_err(|problem| InputError::new(line, problem))?;
        for (k, &letter) in letters.iter().enumerate() {
            colours[facelet(faces[k / 3], row_index % 3, k % 3)] = letter;
        }
    }
    Ok(Facelets { colours })
}

/// The letters of one net row: `expected` single letters separated by spaces (or written
/// together).
fn row_letters(text: &str, expected: usize) -> Result<Vec<u8>, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let together = tokens.len() == 1 && tokens[0].chars().count() == expected && expected > 1;
    let letters: Vec<char> = if together {
        tokens[0].chars().collect()
    } else {
        let mut letters = Vec::new();
        for token in &tokens {
            let mut chars = token.chars();
            match (chars.next(), chars.next()) {
                (Some(letter), None) => letters.push(letter),
                _ => {
                    return Err(format!(
                        "expected single letters separated by spaces, found {}",
                        crate::judge::quoted(token)
                    ))
                }
            }
        }
        letters
    };
    if letters.len() != expected {
        return Err(format!("expected {expected} letters on this line of the net, found {}", letters.len()));
    }
    letters.into_iter().map(|letter| colour_byte(letter).map_err(|e| e.to_string())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stickers labelled `0..54` by their own position, so a turn shows where each went.
    fn labelled() -> Facelets {
        Facelets::new(std::array::from_fn(|x| x as u8))
    }

    /// The statement's conventions, verbatim.
    const STATEMENT: &str = "\
- face 0: 4[i][0] <- 3[2-i][2] ; 3[2-i][2] <- 5[i][0] ; 5[i][0] <- 1[i][0] ; 1[i][0] <- old 4[i][0]
- face 1: 4[2][i] <- 0[2-i][2] ; 0[2-i][2] <- 5[0][2-i] ; 5[0][2-i] <- 2[i][0] ; 2[i][0] <- old 4[2][i]
- face 2: 4[i][2] <- 1[i][2] ; 1[i][2] <- 5[i][2] ; 5[i][2] <- 3[2-i][0] ; 3[2-i][0] <- old 4[i][2]
- face 3: 4[0][i] <- 2[i][2] ; 2[i][2] <- 5[2][2-i] ; 5[2][2-i] <- 0[2-i][0] ; 0[2-i][0] <- old 4[0][i]
- face 4: 3[0][*] <- 0[0][*] ; 0[0][*] <- 1[0][*] ; 1[0][*] <- 2[0][*] ; 2[0][*] <- old 3[0][*]
- face 5: 1[2][*] <- 0[2][*] ; 0[2][*] <- 3[2][*] ; 3[2][*] <- 2[2][*] ; 2[2][*] <- old 1[2][*]";

    /// Reads `k[row][col]` of the statement at step `i`.
    fn statement_facelet(text: &str, i: usize) -> usize {
        let text = text.trim().trim_start_matches("old ");
        let index = |part: &str| match part {
            "i" | "*" => i,
            "2-i" => 2 - i,
            n => n.parse().unwrap(),
        };
        let parts: Vec<&str> = text.split(['[', ']']).filter(|p| !p.is_empty()).collect();
        facelet(parts[0].parse().unwrap(), index(parts[1]), index(parts[2]))
    }

    #[test]
    fn each_clockwise_turn_moves_every_facelet_as_the_statement_says() {
        for line in STATEMENT.lines() {
            let (face, rules) = line.trim_start_matches("- face ").split_once(": ").unwrap();
            let face: usize = face.parse().unwrap();
            // Where each facelet's sticker comes from, per the statement: itself unless moved.
            let mut expected: [usize; FACELETS] = std::array::from_fn(|x| x);
            for (row, col) in (0..3).flat_map(|r| (0..3).map(move |c| (r, c))) {
                expected[facelet(face, row, col)] = facelet(face, 2 - col, row);
            }
            for rule in rules.split(" ; ") {
                let (to, from) = rule.split_once(" <- ").unwrap();
                for i in 0..3 {
                    expected[statement_facelet(to, i)] = statement_facelet(from, i);
                }
            }
            let turned = labelled().turn(Turn::new(face, true).unwrap());
            assert_eq!(turned.colours().map(usize::from), expected, "face {face}");
        }
    }

    #[test]
    fn a_turn_four_times_is_nothing_and_its_inverse_undoes_it() {
        for turn in Turn::ALL {
            let start = labelled();
            let four = (0..4).fold(start, |f, _| f.turn(turn));
            assert_eq!(four, start, "{turn:?}");
            assert_ne!(start.turn(turn), start);
            assert_eq!(start.turn(turn).turn(turn.inverse()), start);
            assert_eq!(start.turn(turn.inverse()), start.turn(turn).turn(turn).turn(turn));
            for centre in 0..6 {
                assert_eq!(start.turn(turn).colours()[facelet(centre, 1, 1)], facelet(centre, 1, 1) as u8);
            }
        }
    }

    #[test]
    fn turns_move_pieces_as_rigid_bodies() {
        // Each corner's stickers land together on one corner, in the same cyclic order.
        for turn in Turn::ALL {
            let turned = labelled().turn(turn).colours();
            let position_of = |label: usize| turned.iter().position(|&l| usize::from(l) == label).unwrap();
            for corner in CORNER_FACELETS {
                let moved = corner.map(position_of);
                let lands = CORNER_FACELETS
                    .iter()
                    .any(|&target| (0..3).any(|shift| (0..3).all(|k| target[(k + shift) % 3] == moved[k])));
                assert!(lands, "{turn:?} breaks corner {corner:?} into {moved:?}");
            }
            for edge in EDGE_FACELETS {
                let moved = edge.map(position_of);
                assert!(EDGE_FACELETS.iter().any(|t| *t == moved || *t == [moved[1], moved[0]]));
            }
        }
    }

    #[test]
    fn the_second_sample_is_solved_by_turning_face_1_clockwise() {
        let net = "w w w\nw w w\nb b b\nr r w g g g y b b o o o\nr r w g g g y b b o o o\nr r w g g g y b b o o o\nr r r\ny y y\ny y y\n";
        let facelets = parse_net(net).unwrap();
        let turned = facelets.turn(Turn::new(1, true).unwrap());
        assert!(turned.cube().unwrap().is_solved());
        assert_eq!(facelets.cube().unwrap().apply(Turn::new(1, true).unwrap()), Cube::SOLVED);
    }

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

    fn with(facelets: Facelets, changes: &[(usize, u8)]) -> Facelets {
        let mut colours = facelets.colours();
        changes.iter().for_each(|&(x, c)| colours[x] = c);
        Facelets::new(colours)
    }

    fn swap(facelets: Facelets, a: usize, b: usize) -> Facelets {
        let mut colours = facelets.colours();
        colours.swap(a, b);
        Facelets::new(colours)
    }

    #[test]
    fn every_kind_of_bad_cube_gets_its_message() {
        let solved = Facelets::SOLVED;
        let message = |f: Facelets| f.cube().unwrap_err().to_string();
        assert_eq!(Facelets::from_urfdlb("UUU").unwrap_err().to_string(), "expected 54 facelets, found 3");
        let shared = with(solved, &[(facelet(2, 1, 1), b'L')]);
        assert!(message(shared).starts_with("two centres of one colour: faces L (0) and R (2) both have centre 'L'"));
        let stray = with(solved, &[(facelet(4, 0, 0), b'x')]);
        assert_eq!(message(stray), "colour 'x' appears once but is on no centre (each colour appears 9 times)");
        let ten = with(solved, &[(facelet(4, 0, 1), b'F')]);
        assert_eq!(message(ten), "each colour must appear 9 times, but 'F' appears 10 times, 'U' appears 8 times");
        let [u, r, f] = CORNER_FACELETS[0];
        let mirrored = swap(solved, r, f);
        assert!(message(mirrored).contains(
            "the URF corner (facelets 4[2][2] 2[0][0] 1[0][2]) has the colours of faces UFR, a mirror image"
        ));
        let opposite = swap(solved, EDGE_FACELETS[1][1], EDGE_FACELETS[5][0]);
        assert!(message(opposite)
            .contains("the UF edge (facelets 4[2][1] 1[0][1]) has the colours of faces UD, which no edge"));
        let twisted = with(solved, &[(u, b'F'), (r, b'U'), (f, b'R')]);
        assert_eq!(
            message(twisted),
            "impossible cube, no turns solve it: a twisted corner (the corner twists add up to 1/3 of a turn)"
        );
        let [e1, e2] = EDGE_FACELETS[0];
        let flipped = swap(solved, e1, e2);
        assert!(message(flipped).ends_with("a flipped edge (the edge flips add up to an odd number)"));
        let [a1, a2] = EDGE_FACELETS[0];
        let [b1, b2] = EDGE_FACELETS[1];
        let swapped = swap(swap(solved, a1, b1), a2, b2);
        assert!(message(swapped).contains("a parity error"), "{}", message(swapped));
        // Two UF edges and no UR edge: each colour still appears nine times.
        let repeated = with(solved, &[(a2, b'F'), (EDGE_FACELETS[8][0], b'R')]);
        assert_eq!(message(repeated), "a piece that cannot exist: the UF edge appears twice, at UR and at UF");
    }

    #[test]
    fn judge_input_reads_cases_and_reports_the_count_and_bad_lines() {
        let solved = Facelets::SOLVED.net();
        let input = format!("3\n\n{solved}\nw w\n{}\n{solved}", &solved[solved.find('\n').unwrap() + 1..]);
        let parsed = parse_judge_input(&input);
        assert_eq!(parsed.cases.len(), 3);
        assert_eq!(parsed.cases[0], Ok(Cube::SOLVED));
        assert_eq!(parsed.cases[1], Err(InputError::new(13, "expected 3 letters on this line of the net, found 2")));
        assert_eq!(parsed.cases[2], Ok(Cube::SOLVED));
        assert_eq!(parsed.count_problem, None);
        let short = parse_judge_input(&format!("2\n\n{solved}"));
        assert_eq!(short.cases, vec![Ok(Cube::SOLVED)]);
        assert_eq!(
            short.count_problem.unwrap().to_string(),
            "line 1: the input announces 2 cases but holds 1; answering the 1 present"
        );
        let uncounted = parse_judge_input(&solved);
        assert_eq!(uncounted.cases, vec![Ok(Cube::SOLVED)]);
        assert_eq!(uncounted.count_problem.unwrap().line, 1);
        let eight = parse_judge_input(&format!("1\n\n{}", &solved[..solved.rfind("      ").unwrap()]));
        assert!(eight.cases[0].as_ref().unwrap_err().problem.contains("are 8 lines"));
    }
}
