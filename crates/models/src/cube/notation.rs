//! Face turns in standard notation (`U`, `R'`, `F2`), the two metrics that count them, and
//! scrambles.
//!
//! A [`Move`] turns one of the faces U R F D L B (the solvers' facelet-string order) by one,
//! two or three quarter turns clockwise; its piece move is read off the judge's quarter
//! turns ([`Turn`]), which are defined once, from the statement.

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

/// A token that is not a face turn in standard notation.
///
/// ```
/// use puzzle_tables_models::cube::parse_moves;
///
/// let error = parse_moves("R U X2").unwrap_err();
/// assert_eq!(error.token(), "X2");
/// assert!(error.to_string().starts_with("\"X2\" is not a face turn"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(String);

impl MoveError {
    /// The token, as written.
    pub fn token(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a face turn (U R F D L B, each alone or followed by ' or 2)", self.0)
    }
}

impl std::error::Error for MoveError {}

impl FromStr for Move {
    type Err = MoveError;

    /// `U`, `U2`, `U'` (and `U2'`, `U3`, `U’` as some tools write them).
    fn from_str(text: &str) -> Result<Move, MoveError> {
        let error = || MoveError(text.to_string());
        let mut chars = text.chars();
        let face = chars.next().and_then(|c| FACES.iter().position(|&f| f == c)).ok_or_else(error)?;
        let quarters = match chars.as_str() {
            "" => 1,
            "2" | "2'" | "2’" => 2,
            "'" | "’" | "3" => 3,
            _ => return Err(error()),
        };
        Move::new(face, quarters).ok_or_else(error)
    }
}

/// Reads a sequence of face turns separated by white space, such as `R U R' U2`.
///
/// ```
/// use puzzle_tables_models::cube::{moves_text, parse_moves, Cube};
///
/// let moves = parse_moves("R U R' U'")?;
/// assert_eq!(moves.len(), 4);
/// assert_eq!(moves_text(&moves), "R U R' U'");
/// // Six times the sexy move is the identity.
/// assert!(Cube::SOLVED.apply_moves(&moves.repeat(6)).is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveError> {
    text.split_whitespace().map(str::parse).collect()
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
        assert!(parse_moves("R X").unwrap_err().to_string().starts_with("\"X\" is not a face turn"));
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
