//! [`CubeError`]: why stickers do not make a cube that turns can solve, in words.

use std::fmt;

use super::pieces::{CORNER_FACELETS, CORNER_NAMES, EDGE_FACELETS, EDGE_NAMES};
use super::turns::{FACELETS, FACE_LETTERS};

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
