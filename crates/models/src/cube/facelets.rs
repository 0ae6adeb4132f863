//! [`Facelets`]: the 54 stickers in the judge's net order, the facelet string of cube
//! solvers, and the checks of the colours (six centres, nine stickers of each). Reading the
//! pieces off the stickers is [`Facelets::cube`], beside the pieces in [`cubies`](super::cubies).
//!
//! Colours are relative to the centres: the centre of face `k` names that face's colour, so
//! any six distinct letters will do.

use super::errors::CubeError;
use super::turns::{facelet, Turn, FACELETS, FACE_LETTERS, TURN_PERMUTATIONS, URFDLB};

/// The 54 stickers of a cube in the judge's net order, as colour bytes. Any bytes: a
/// [`Facelets`] becomes a [`Cube`](super::Cube) only through the checks of [`Facelets::cube`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facelets {
    pub(super) colours: [u8; FACELETS],
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

    /// Each sticker's face (the face whose centre has its colour), after checking the
    /// centres and the colour counts.
    pub(super) fn faces(&self) -> Result<[u8; FACELETS], CubeError> {
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

pub(super) fn colour_byte(letter: char) -> Result<u8, CubeError> {
    u8::try_from(letter).ok().filter(u8::is_ascii_graphic).ok_or(CubeError::BadColour(letter))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::pieces::{CORNER_FACELETS, EDGE_FACELETS};

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
}
