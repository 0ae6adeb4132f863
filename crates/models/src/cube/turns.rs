//! Quarter turns of the net faces, defined once, literally from the judge's statement.
//!
//! Face `k` (0 left, 1 front, 2 right, 3 back, 4 up, 5 down), row `r`, column `c`, read from
//! the net exactly as printed, is facelet `9k + 3r + c`. The twelve quarter turns are the
//! facelet permutations built from [`CLOCKWISE_STRIPS`]; every other view of a turn (piece
//! moves, coordinates, standard notation) is read off these.

/// The number of facelets.
pub const FACELETS: usize = 54;

/// Each net face's letter in standard notation: 0 L, 1 F, 2 R, 3 B, 4 U, 5 D.
pub const FACE_LETTERS: [char; 6] = ['L', 'F', 'R', 'B', 'U', 'D'];

/// The net faces in the order of the solvers' facelet string: U R F D L B.
pub const URFDLB: [usize; 6] = [4, 2, 1, 5, 0, 3];

/// The facelet of face `face`, row `row`, column `col` of the net.
pub const fn facelet(face: usize, row: usize, col: usize) -> usize {
    face * 9 + row * 3 + col
}

/// One index of a strip in the statement's conventions: a constant, `i` or `2-i`.
/// Exhaustive: a strip of three runs one way, the other way, or stays on one line.
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
pub(super) const TURN_PERMUTATIONS: [Permutation; 12] = {
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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::*;

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
}
