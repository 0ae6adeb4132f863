//! Face turns in standard notation (`U`, `R'`, `F2`), the two metrics that count them, and
//! scrambles in the notation cubers write (slice turns, wide turns, whole-cube rotations).
//!
//! A [`Move`] turns one of the faces U R F D L B (the solvers' facelet-string order) by one,
//! two or three quarter turns clockwise; its piece move is read off the judge's quarter
//! turns ([`Turn`]), which are defined once, from the statement. [`parse_moves`] reads the
//! richer notation and writes it as face turns of the cube seen with its U centre up and its
//! F centre in front: a slice turn is its two faces turned the other way and a rotation, a
//! wide turn the opposite face and a rotation, and a rotation only renames the faces that
//! later turns name.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use super::cubies::Cube;
use super::turns::{Turn, URFDLB};

/// The face letters in the order of [`Move::face`]: U R F D L B.
pub const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// A face turn: face U R F D L B (0..6) turned clockwise by one, two or three quarter turns.
///
/// ```
/// use puzzle_tables_models::cube::{Metric, Move};
///
/// let turn: Move = "R'".parse()?;
/// assert_eq!((turn.face(), turn.quarters()), (1, 3));
/// assert_eq!(turn.inverse().to_string(), "R");
/// assert_eq!(("F2".parse::<Move>()?.cost(Metric::Htm), "F2".parse::<Move>()?.cost(Metric::Qtm)), (1, 2));
/// assert!("X".parse::<Move>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    index: u8,
}

impl Move {
    /// The number of face turns.
    pub const COUNT: usize = 18;

    /// Every face turn, in the order of [`Move::index`]: `U U2 U' R R2 R' F ...`.
    pub const ALL: [Move; 18] = {
        let mut all = [Move { index: 0 }; 18];
        let mut index = 0;
        while index < 18 {
            all[index] = Move { index: index as u8 };
            index += 1;
        }
        all
    };

    /// The turn of `face` (0..6 for U R F D L B) by `quarters` (1..=3) clockwise quarter turns.
    pub const fn new(face: usize, quarters: usize) -> Option<Move> {
        if face < 6 && quarters >= 1 && quarters <= 3 {
            Some(Move { index: (face * 3 + quarters - 1) as u8 })
        } else {
            None
        }
    }

    /// The move with this [`Move::index`].
    pub fn from_index(index: usize) -> Option<Move> {
        (index < Move::COUNT).then_some(Move { index: index as u8 })
    }

    /// A number in `0..18`: `3 * face + quarters - 1`.
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// The face, 0..6 for U R F D L B.
    pub const fn face(self) -> usize {
        self.index as usize / 3
    }

    /// Clockwise quarter turns: 1, 2 (a half turn) or 3 (one counter-clockwise).
    pub const fn quarters(self) -> usize {
        self.index as usize % 3 + 1
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        Move { index: (self.face() * 3 + 3 - self.quarters()) as u8 }
    }

    /// What the move costs in `metric`.
    pub const fn cost(self, metric: Metric) -> u32 {
        match metric {
            Metric::Htm => 1,
            Metric::Qtm if self.quarters() == 2 => 2,
            Metric::Qtm => 1,
        }
    }

    /// The same move as quarter turns of the judge (one, two, or one counter-clockwise).
    pub fn quarter_turns(self) -> impl Iterator<Item = Turn> {
        let face = URFDLB[self.face()];
        let (clockwise, count) = if self.quarters() == 3 { (false, 1) } else { (true, self.quarters()) };
        let turn = Turn::new(face, clockwise).expect("URFDLB holds net faces");
        std::iter::repeat_n(turn, count)
    }

    /// The piece move of this face turn, as a cube (the solved cube after it).
    pub fn cube(self) -> &'static Cube {
        static MOVES: OnceLock<[Cube; 18]> = OnceLock::new();
        &MOVES.get_or_init(|| Move::ALL.map(|m| Cube::SOLVED.apply_all(&m.quarter_turns().collect::<Vec<_>>())))
            [self.index()]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][self.quarters() - 1];
        write!(f, "{}{suffix}", FACES[self.face()])
    }
}

/// A token that is not a move in the notation that was being read.
///
/// ```
/// use puzzle_tables_models::cube::parse_moves;
///
/// let error = parse_moves("R U X2").unwrap_err();
/// assert_eq!(error.token(), "X2");
/// assert!(error.to_string().starts_with("\"X2\" is not a move (face turns U R F D L B"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    token: String,
    accepted: &'static str,
}

/// What [`Move`]'s `from_str` accepts.
const FACE_TURNS: &str = "a face turn (U R F D L B, each alone or followed by ' or 2, or Singmaster's 1 2 3)";

/// What [`parse_moves`] accepts.
const NOTATION: &str = "a move (face turns U R F D L B, slice turns M E S, wide turns Rw or r for any face, \
                        rotations x y z; each alone or followed by ' or 2, or Singmaster's 1 2 3)";

impl MoveError {
    /// The token, as written.
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not {}", self.token, self.accepted)
    }
}

impl std::error::Error for MoveError {}

/// Clockwise quarter turns a suffix asks for: none or `1` one, `2` two, `'` or `3` three
/// (and `2'`, `’` as some tools write them).
fn suffix_quarters(suffix: &str) -> Option<usize> {
    match suffix {
        "" | "1" => Some(1),
        "2" | "2'" | "2’" => Some(2),
        "'" | "’" | "3" => Some(3),
        _ => None,
    }
}

impl FromStr for Move {
    type Err = MoveError;

    /// `U`, `U2`, `U'`, and Singmaster's `U1 U2 U3` (and `U2'`, `U’` as some tools write them).
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let error = || MoveError { token: text.to_string(), accepted: FACE_TURNS };
        let mut chars = text.chars();
        let face = chars.next().and_then(|c| FACES.iter().position(|&f| f == c)).ok_or_else(error)?;
        let quarters = suffix_quarters(chars.as_str()).ok_or_else(error)?;
        Move::new(face, quarters).ok_or_else(error)
    }
}

/// One token of cube notation, before the faces it names are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layers {
    /// The outer layer of a face (`R`).
    Face(usize),
    /// The outer and middle layers of a face (`Rw`, `r`).
    Wide(usize),
    /// The middle layer, turned as the face says (`M` as L, `E` as D, `S` as F).
    Slice(usize),
    /// The whole cube, turned as the face says (`x` as R, `y` as U, `z` as F).
    Rotation(usize),
}

/// The face opposite `face` (U R F D L B are 0..6, so opposite faces are 3 apart).
const fn opposite(face: usize) -> usize {
    (face + 3) % 6
}

/// Reads one token: its layers and how many clockwise quarter turns.
fn token_layers(token: &str) -> Option<(Layers, usize)> {
    let mut chars = token.chars();
    let letter = chars.next()?;
    let face_of = |letters: &str| letters.chars().position(|c| c == letter);
    let rest = chars.as_str();
    let (layers, suffix) = if let Some(face) = face_of("URFDLB") {
        match rest.strip_prefix('w') {
            Some(suffix) => (Layers::Wide(face), suffix),
            None => (Layers::Face(face), rest),
        }
    } else if let Some(face) = face_of("urfdlb") {
        (Layers::Wide(face), rest)
    } else if let Some(axis) = face_of("EMS") {
        (Layers::Slice([3, 4, 2][axis]), rest)
    } else {
        (Layers::Rotation([1, 0, 2][face_of("xyz")?]), rest)
    };
    Some((layers, suffix_quarters(suffix)?))
}

/// For each face, the four faces around it in the order a clockwise quarter turn of the
/// whole cube about it carries them (about U: F goes where L was, L where B was, ...).
const AROUND: [[usize; 4]; 6] = [
    [2, 4, 5, 1], // U: F L B R
    [2, 0, 5, 3], // R: F U B D
    [0, 1, 3, 4], // F: U R D L
    [2, 1, 5, 4], // D: F R B L
    [2, 3, 5, 0], // L: F D B U
    [0, 4, 3, 1], // B: U L D R
];

/// Which centre is where, as a cube is turned whole: `centre[place]` is the face (by its
/// centre, as the cube was held at the start) now at `place`.
struct Orientation {
    centre: [usize; 6],
}

impl Orientation {
    /// Turns the whole cube clockwise about the face now at `place`, `quarters` times.
    fn rotate(&mut self, place: usize, quarters: usize) {
        let ring = AROUND[place];
        for _ in 0..quarters {
            let before = self.centre;
            for k in 0..4 {
                self.centre[ring[(k + 1) % 4]] = before[ring[k]];
            }
        }
    }

    /// The face turn of the layer now at `place`, named by its centre.
    fn turn(&self, place: usize, quarters: usize) -> Move {
        Move::new(self.centre[place], quarters).expect("a face and 1..=3 quarter turns")
    }

    /// Makes the token's turns, as face turns of the cube held as at the start.
    fn apply(&mut self, layers: Layers, quarters: usize, moves: &mut Vec<Move>) {
        match layers {
            Layers::Face(place) => moves.push(self.turn(place, quarters)),
            Layers::Wide(place) => {
                moves.push(self.turn(opposite(place), quarters));
                self.rotate(place, quarters);
            }
            Layers::Slice(place) => {
                moves.push(self.turn(place, 4 - quarters));
                moves.push(self.turn(opposite(place), quarters));
                self.rotate(place, quarters);
            }
            Layers::Rotation(place) => self.rotate(place, quarters),
        }
    }
}

/// Reads a sequence of moves separated by white space, such as `R U R' U2`, as face turns.
///
/// Besides face turns it reads what cubers write: slice turns `M E S` (the middle layer,
/// turned as L, D and F), wide turns `Rw` or `r` (a face's two outer layers), whole-cube
/// rotations `x y z` (turned as R, U and F), each followed by nothing, `'` or `2`, and
/// Singmaster's `R1 R2 R3`. A sequence that moves the centres describes the cube seen with
/// its U centre up and its F centre in front, as other tools do: the face turns returned
/// make that cube.
///
/// ```
/// use puzzle_tables_models::cube::{moves_text, parse_moves, Cube};
///
/// let moves = parse_moves("R U R' U'")?;
/// assert_eq!(moves.len(), 4);
/// assert_eq!(moves_text(&moves), "R U R' U'");
/// // Six times the sexy move is the identity.
/// assert!(Cube::SOLVED.apply_moves(&moves.repeat(6)).is_solved());
/// // A slice turn is its two faces turned; a rotation turns nothing, but renames the faces.
/// assert_eq!(moves_text(&parse_moves("M2 x U r1")?), "L2 R2 B L");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveError> {
    let mut orientation = Orientation { centre: std::array::from_fn(|face| face) };
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let (layers, quarters) =
            token_layers(token).ok_or_else(|| MoveError { token: token.to_string(), accepted: NOTATION })?;
        orientation.apply(layers, quarters, &mut moves);
    }
    Ok(moves)
}

/// Writes face turns in standard notation, separated by single spaces.
///
/// ```
/// use puzzle_tables_models::cube::{moves_text, Move};
///
/// assert_eq!(moves_text(&Move::ALL[..3]), "U U2 U'");
/// assert_eq!(moves_text(&[]), "");
/// ```
pub fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

/// Quarter turns of the judge written as face turns: two equal quarter turns in a row
/// become one half turn (`R R` is `R2`), as solutions are written.
pub fn moves_from_turns(turns: &[Turn]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::with_capacity(turns.len());
    for turn in turns {
        let face = URFDLB.iter().position(|&f| f == turn.face()).expect("URFDLB names every net face");
        let quarters = if turn.is_clockwise() { 1 } else { 3 };
        match moves.last_mut() {
            Some(last) if last.face() == face => {
                let total = (last.quarters() + quarters) % 4;
                match Move::new(face, total) {
                    Some(merged) => *last = merged,
                    None => {
                        moves.pop();
                    }
                }
            }
            _ => moves.push(Move::new(face, quarters).expect("a face turn")),
        }
    }
    moves
}

/// How solutions are counted. Kept exhaustive: each metric has its own distance tables
/// and search bounds, so adding one (the slice-turn metric, say) changes the table set and
/// is a breaking release whatever the enum says, and callers can match on both.
///
/// ```
/// use puzzle_tables_models::cube::{parse_moves, Metric};
///
/// let moves = parse_moves("R2 U F'")?;
/// assert_eq!((Metric::Htm.length(&moves), Metric::Qtm.length(&moves)), (3, 4));
/// assert_eq!((Metric::Htm.gods_number(), Metric::Qtm.label()), (20, "qtm"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Half-turn metric: every face turn counts 1.
    Htm,
    /// Quarter-turn metric: a half turn counts 2.
    Qtm,
}

impl Metric {
    /// Both metrics.
    pub const ALL: [Metric; 2] = [Metric::Htm, Metric::Qtm];

    /// `htm` or `qtm`.
    pub fn label(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }

    /// God's number in this metric: every cube is solved within it (20 HTM, Rokicki,
    /// Kociemba, Davidson and Dethridge 2010; 26 QTM, Rokicki and Davidson 2014).
    pub fn gods_number(self) -> u32 {
        match self {
            Metric::Htm => 20,
            Metric::Qtm => 26,
        }
    }

    /// The length of `moves` in this metric.
    pub fn length(self, moves: &[Move]) -> u32 {
        moves.iter().map(|m| m.cost(self)).sum()
    }
}

impl Cube {
    /// The cube after the face turn `step`.
    pub fn apply_move(&self, step: Move) -> Cube {
        self.multiplied(step.cube())
    }

    /// The cube `step * self`: `step` done before this cube's moves (a premove). The inverse
    /// of `cube.apply_move(m)` is `cube.inverse().premove(m.inverse())`.
    pub fn premove(&self, step: Move) -> Cube {
        step.cube().multiplied(self)
    }

    /// The cube after each of `moves` in order.
    pub fn apply_moves(&self, moves: &[Move]) -> Cube {
        moves.iter().fold(*self, |cube, &step| cube.apply_move(step))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Facelets;

    #[test]
    fn moves_print_and_parse_back() {
        for step in Move::ALL {
            assert_eq!(step.to_string().parse::<Move>(), Ok(step));
            assert_eq!(Cube::SOLVED.apply_move(step).apply_move(step.inverse()), Cube::SOLVED);
        }
        assert_eq!(moves_text(&parse_moves("R U R' U2  F2").unwrap()), "R U R' U2 F2");
        assert!(parse_moves("R X").unwrap_err().to_string().starts_with("\"X\" is not a move"));
        assert!("M".parse::<Move>().unwrap_err().to_string().starts_with("\"M\" is not a face turn"));
        assert_eq!(parse_moves("R1 U3 F2").unwrap(), parse_moves("R U' F2").unwrap());
        assert_eq!(Metric::Qtm.length(&parse_moves("R U2 D'").unwrap()), 4);
        assert_eq!(Metric::Htm.length(&parse_moves("R U2 D'").unwrap()), 3);
    }

    #[test]
    fn quarter_turns_merge_into_face_turns() {
        let turns: Vec<Turn> = parse_moves("R2 U' F").unwrap().iter().flat_map(|m| m.quarter_turns()).collect();
        assert_eq!(turns.len(), 4);
        assert_eq!(moves_text(&moves_from_turns(&turns)), "R2 U' F");
        let r = Turn::new(URFDLB[1], true).unwrap();
        assert!(moves_from_turns(&[r, r.inverse()]).is_empty());
    }

    #[test]
    fn r_turns_the_solved_cube_as_the_problem_file_says() {
        let after_r = Cube::SOLVED.apply_move("R".parse().unwrap()).facelets();
        assert_eq!(after_r.to_urfdlb(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
        let checkerboard = Cube::SOLVED.apply_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
        let facelets = Facelets::from_urfdlb(&checkerboard.facelets().to_urfdlb()).unwrap();
        assert_eq!(facelets.cube(), Ok(checkerboard));
    }
}
