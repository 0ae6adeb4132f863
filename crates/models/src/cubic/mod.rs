//! The cubic eight-puzzle (POJ 3131 "Cubic Eight-Puzzle").
//!
//! Eight identical cubes, painted White, Red and Blue on opposite face pairs, stand on a 3x3
//! board with one empty [`Cell`]. A [`Roll`] tips a cube next to the empty cell over its
//! edge into it; rolls are named by the direction the *cube* travels (`u` towards row 1,
//! `d` towards row 3, `l`, `r`), so the empty cell moves the opposite way. Rolling up or
//! down exchanges the colours seen on top and at the front; rolling left or right exchanges
//! the top and side colours.
//!
//! An [`Orientation`] is one of the 3! assignments of colours to the (top, front, side)
//! axes, numbered `2 * top + (front > side)`; the start orientation (White, Red, Blue) is 0.
//!
//! Ranking ([`State::rank`]): `empty * 6^8 + sum(orientation_k * 6^k)`, where `k` numbers
//! the eight cubes in row-major board order, skipping the empty cell; `9 * 6^8` ranks.
//!
//! Odd cubes: a roll turns one cube by a transposition of its axes, flipping the parity of
//! its orientation (as a permutation), and moves it to a cell of the other chessboard
//! colour. So a cube whose orientation parity differs from its cell's colour (an *odd*
//! cube) stays odd, and since cubes only move, the number of odd cubes
//! ([`State::odd_cubes`]) never changes. At the start the cubes on the edge cells (the
//! cells of colour 1) are the odd ones: four when a corner or the centre is empty, three
//! when an edge is. The generator's walks confirm that this is the only restriction: from
//! a start, every state with its number `k` of odd cubes is reached, `C(8, k)` of the `2^8`
//! states showing each pattern. [`State::orbit_rank`] ranks the states with `k` odd cubes
//! onto `0..orbit_states(k)`: the pattern's index times `C(8, k)` plus the rank of the set
//! of odd cubes among the sets of `k` cubes.
//!
//! A state table stores the states a start reaches only up to the start cell's own
//! symmetries, ranked by [`ReducedRanking`].
//!
//! A [`Pattern`] is what the judge asks for: the empty cell and the top colours of the
//! other eight cells, indexed by [`Pattern::index`] = `empty * 3^8 + sum(top_k * 3^k)`.
//!
//! [`Symmetry`]: the board's eight symmetries. Those that exchange the board's axes also
//! exchange which colour faces front and which faces the side, so they rename Red and Blue;
//! with that renaming every symmetry maps the start orientation to itself, and distances
//! from a start cell equal those of the mapped patterns from the mapped start cell. Each
//! start cell maps onto one of three representatives ([`StartClass`]).
//!
//! The patterns the judge asks about: `pattern.rs`; the board's symmetries and the start
//! classes: `symmetry.rs`; the judge's input and answers (POJ 3131): `poj.rs`.

use std::fmt;

mod pattern;
mod poj;
mod symmetry;

pub use pattern::{Pattern, PatternError};
pub use poj::{judge_answer, parse_judge_input, Dataset};
pub use symmetry::{ReducedRanking, StartClass, Symmetry};

/// Bumped whenever [`State::rank`], [`State::orbit_rank`], [`ReducedRanking`],
/// [`Pattern::index`], the orientation numbering or a start class's representative changes;
/// tables built with another ranking are refused.
pub const RANKING_VERSION: u32 = 1;

/// The number of orientations of one cube, 3!.
pub const ORIENTATIONS: u32 = 6;
/// `6^8`: the orientations of the eight cubes.
pub const CUBE_ORIENTATIONS: u32 = 1_679_616;
/// Every state: nine empty cells times `6^8`, the range of [`State::rank`].
pub const STATES: u32 = 9 * CUBE_ORIENTATIONS;
/// `3^8`: the top colours of the eight cubes.
pub const CUBE_TOPS: u32 = 6561;
/// Every pattern: nine empty cells times `3^8`, the range of [`Pattern::index`].
pub const PATTERNS: u32 = 9 * CUBE_TOPS;
/// The judge's cap: a pattern farther than this many rolls is answered `-1`.
pub const JUDGE_CAP: u8 = 30;

/// `C(8, k)`: the ways to choose which `k` of the eight cubes are odd.
const BINOMIAL_8: [u32; 9] = [1, 8, 28, 56, 70, 56, 28, 8, 1];

/// For each set of cubes (bit `k` for cube `k`), its rank among the sets of as many cubes,
/// in increasing order of the bits.
const SUBSET_RANKS: [u8; 256] = {
    let mut ranks = [0u8; 256];
    let mut counted = [0u8; 9];
    let mut set = 0;
    while set < 256 {
        let size = (set as u32).count_ones() as usize;
        ranks[set] = counted[size];
        counted[size] += 1;
        set += 1;
    }
    ranks
};

/// [`State::orbit_rank`] of the state showing the pattern of index `pattern` whose odd
/// cubes are `odd_cube_set` (see [`State::odd_cube_set`]).
pub fn orbit_rank_of(pattern: u32, odd_cube_set: u8) -> u32 {
    pattern * BINOMIAL_8[odd_cube_set.count_ones() as usize] + u32::from(SUBSET_RANKS[usize::from(odd_cube_set)])
}

/// The number of states with `odd_cubes` odd cubes (the range of [`State::orbit_rank`]),
/// or 0 when there cannot be that many.
pub fn orbit_states(odd_cubes: u32) -> u32 {
    BINOMIAL_8.get(odd_cubes as usize).map_or(0, |&ways| PATTERNS * ways)
}

/// One of the three paint colours. Exhaustive: the puzzle's cubes have these three and no
/// other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// `W`.
    White = 0,
    /// `R`.
    Red = 1,
    /// `B`.
    Blue = 2,
}

impl Colour {
    /// Every colour, by number.
    pub const ALL: [Colour; 3] = [Colour::White, Colour::Red, Colour::Blue];

    /// The judge's letter: `W`, `R` or `B`.
    pub fn letter(self) -> char {
        ['W', 'R', 'B'][self as usize]
    }

    /// The colour of `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_uppercase() {
            'W' => Some(Colour::White),
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            _ => None,
        }
    }

    /// This colour with Red and Blue exchanged: what a symmetry that swaps the board's axes
    /// does to the colour facing front or the side.
    pub fn swap_red_blue(self) -> Colour {
        match self {
            Colour::White => Colour::White,
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }
}

/// How one cube lies: which colour is on top, which faces the front (row 3), which the
/// side (column 3). Numbered `0..6` as `2 * top + (front > side)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orientation(u8);

impl Orientation {
    /// The start orientation: White on top, Red at the front, Blue at the side.
    pub const START: Orientation = Orientation(0);

    /// Every orientation, by number.
    pub const ALL: [Orientation; 6] =
        [Orientation(0), Orientation(1), Orientation(2), Orientation(3), Orientation(4), Orientation(5)];

    /// Its number in `0..6`.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The orientation with these colours on top, at the front and at the side, or `None`
    /// unless they are three different colours.
    pub fn from_colours(top: Colour, front: Colour, side: Colour) -> Option<Orientation> {
        let distinct = top != front && top != side && front != side;
        distinct.then_some(Orientation(2 * top as u8 + u8::from(front > side)))
    }

    /// The colours on top, at the front and at the side.
    pub fn colours(self) -> (Colour, Colour, Colour) {
        let top = Colour::ALL[usize::from(self.0 / 2)];
        let mut others = Colour::ALL.into_iter().filter(|&c| c != top);
        let (low, high) = (others.next().unwrap_or(top), others.next().unwrap_or(top));
        if self.0.is_multiple_of(2) {
            (top, low, high)
        } else {
            (top, high, low)
        }
    }

    /// The colour on top.
    pub fn top(self) -> Colour {
        Colour::ALL[usize::from(self.0 / 2)]
    }

    /// 0 for an even permutation of (White, Red, Blue) over (top, front, side), else 1.
    pub fn parity(self) -> u8 {
        (self.0 / 2 + self.0 % 2) % 2
    }

    /// After a roll towards the front or the back: top and front exchanged.
    pub fn rolled_vertically(self) -> Orientation {
        let (top, front, side) = self.colours();
        Orientation(2 * front as u8 + u8::from(top > side))
    }

    /// After a roll to the left or right: top and side exchanged.
    pub fn rolled_horizontally(self) -> Orientation {
        let (top, front, side) = self.colours();
        Orientation(2 * side as u8 + u8::from(front > top))
    }

    /// Seen in a board whose front and side axes are exchanged, with Red and Blue renamed:
    /// what a [`Symmetry`] that swaps the axes does to a cube.
    pub fn transposed(self) -> Orientation {
        let (top, front, side) = self.colours();
        let (top, front, side) = (top.swap_red_blue(), side.swap_red_blue(), front.swap_red_blue());
        Orientation(2 * top as u8 + u8::from(front > side))
    }
}

/// A board cell, `0..9` in row-major order; the judge writes it `(x, y)`, both `1..=3`,
/// `x` the column from the left and `y` the row from the back (printed first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Every cell in row-major order.
    pub const ALL: [Cell; 9] = [Cell(0), Cell(1), Cell(2), Cell(3), Cell(4), Cell(5), Cell(6), Cell(7), Cell(8)];

    /// The cell numbered `index` in row-major order, if below 9.
    pub fn from_index(index: u8) -> Option<Cell> {
        (index < 9).then_some(Cell(index))
    }

    /// The cell at column `x` and row `y`, both `1..=3`.
    pub fn from_xy(x: u32, y: u32) -> Option<Cell> {
        ((1..=3).contains(&x) && (1..=3).contains(&y)).then(|| Cell((3 * (y - 1) + (x - 1)) as u8))
    }

    /// Its number in row-major order.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its column `x`, `1..=3`.
    pub fn x(self) -> u32 {
        u32::from(self.0 % 3) + 1
    }

    /// Its row `y`, `1..=3`.
    pub fn y(self) -> u32 {
        u32::from(self.0 / 3) + 1
    }

    /// Its chessboard colour: every roll moves the empty cell to a cell of the other one.
    pub fn colour(self) -> u8 {
        (self.0 / 3 + self.0 % 3) % 2
    }

    /// The neighbouring cell a step away in `direction`, if it is on the board.
    pub fn step(self, direction: Roll) -> Option<Cell> {
        let (x, y) = (self.x(), self.y());
        match direction {
            Roll::Up => Cell::from_xy(x, y - 1),
            Roll::Down => Cell::from_xy(x, y + 1),
            Roll::Left => Cell::from_xy(x - 1, y),
            Roll::Right => Cell::from_xy(x + 1, y),
        }
    }
}

impl fmt::Display for Cell {
    /// `(x,y)`, as the judge numbers cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

/// A roll, named by the direction the cube travels into the empty cell. Exhaustive: a grid
/// has these four directions and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Roll {
    /// Towards row 1 (the back); the empty cell moves down.
    Up,
    /// Towards row 3 (the front); the empty cell moves up.
    Down,
    /// Towards column 1; the empty cell moves right.
    Left,
    /// Towards column 3; the empty cell moves left.
    Right,
}

impl Roll {
    /// Every roll.
    pub const ALL: [Roll; 4] = [Roll::Up, Roll::Down, Roll::Left, Roll::Right];

    /// `u`, `d`, `l` or `r`.
    pub fn letter(self) -> char {
        match self {
            Roll::Up => 'u',
            Roll::Down => 'd',
            Roll::Left => 'l',
            Roll::Right => 'r',
        }
    }

    /// The word for it: `up`, `down`, `left` or `right`.
    pub fn word(self) -> &'static str {
        match self {
            Roll::Up => "up",
            Roll::Down => "down",
            Roll::Left => "left",
            Roll::Right => "right",
        }
    }

    /// The roll that undoes this one.
    pub fn inverse(self) -> Roll {
        match self {
            Roll::Up => Roll::Down,
            Roll::Down => Roll::Up,
            Roll::Left => Roll::Right,
            Roll::Right => Roll::Left,
        }
    }

    /// Whether the cube travels along the front/back axis (exchanging top and front).
    pub fn is_vertical(self) -> bool {
        matches!(self, Roll::Up | Roll::Down)
    }
}

/// Writes rolls as letters, `ldru...`.
pub fn roll_letters(rolls: &[Roll]) -> String {
    rolls.iter().map(|r| r.letter()).collect()
}

/// A whole position: the empty cell and every cube's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    empty: Cell,
    /// Indexed by cell; the empty cell's entry is always [`Orientation::START`].
    cubes: [Orientation; 9],
}

impl State {
    /// The start of a game: `empty` empty, every cube in the start orientation.
    pub fn start(empty: Cell) -> State {
        State { empty, cubes: [Orientation::START; 9] }
    }

    /// The state with `empty` empty and the cubes in `cubes` (the entry at `empty` is
    /// ignored).
    pub fn new(empty: Cell, mut cubes: [Orientation; 9]) -> State {
        cubes[empty.index()] = Orientation::START;
        State { empty, cubes }
    }

    /// The empty cell.
    pub fn empty(&self) -> Cell {
        self.empty
    }

    /// The orientation of the cube on `cell`, or `None` for the empty cell.
    pub fn cube(&self, cell: Cell) -> Option<Orientation> {
        (cell != self.empty).then_some(self.cubes[cell.index()])
    }

    /// What is seen from above.
    pub fn pattern(&self) -> Pattern {
        let mut tops = [Colour::White; 9];
        for (top, cube) in tops.iter_mut().zip(self.cubes) {
            *top = cube.top();
        }
        Pattern::new(self.empty, tops)
    }

    /// The state after the cube that can travel in `direction` into the empty cell does
    /// so, or `None` when no cube lies on that side of the empty cell.
    pub fn roll(&self, direction: Roll) -> Option<State> {
        let from = self.empty.step(direction.inverse())?;
        let cube = self.cubes[from.index()];
        let mut cubes = self.cubes;
        cubes[self.empty.index()] =
            if direction.is_vertical() { cube.rolled_vertically() } else { cube.rolled_horizontally() };
        cubes[from.index()] = Orientation::START;
        Some(State { empty: from, cubes })
    }

    /// The rank in `0..STATES` (see the module documentation).
    pub fn rank(&self) -> u32 {
        let mut orientations = 0;
        for cell in Cell::ALL.iter().rev().filter(|&&c| c != self.empty) {
            orientations = orientations * ORIENTATIONS + u32::from(self.cubes[cell.index()].0);
        }
        u32::from(self.empty.0) * CUBE_ORIENTATIONS + orientations
    }

    /// The state of rank `rank`, or `None` when `rank >= STATES`.
    pub fn unrank(rank: u32) -> Option<State> {
        let empty = Cell::from_index(u8::try_from(rank / CUBE_ORIENTATIONS).ok()?)?;
        let mut rest = rank % CUBE_ORIENTATIONS;
        let mut cubes = [Orientation::START; 9];
        for cell in Cell::ALL.iter().filter(|&&c| c != empty) {
            cubes[cell.index()] = Orientation((rest % ORIENTATIONS) as u8);
            rest /= ORIENTATIONS;
        }
        Some(State { empty, cubes })
    }

    /// The odd cubes (see the module documentation): bit `k` for the cube numbered `k` in
    /// board order, skipping the empty cell.
    pub fn odd_cube_set(&self) -> u8 {
        let cubes = Cell::ALL.iter().filter(|&&c| c != self.empty).enumerate();
        cubes.fold(0, |set, (k, cell)| set | (self.cubes[cell.index()].parity() ^ cell.colour()) << k)
    }

    /// The number of odd cubes: no roll changes it.
    pub fn odd_cubes(&self) -> u32 {
        self.odd_cube_set().count_ones()
    }

    /// The rank among the states with as many odd cubes, in
    /// `0..orbit_states(self.odd_cubes())` (see the module documentation).
    pub fn orbit_rank(&self) -> u32 {
        orbit_rank_of(self.pattern().index(), self.odd_cube_set())
    }
}

impl fmt::Display for State {
    /// Each cube as its top, front and side letters (`WRB`), the empty cell as `---`, in
    /// rows separated by ` / `; `{:#}` draws three rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in Cell::ALL {
            if cell.0 > 0 {
                let row_separator = if f.alternate() { "\n" } else { " / " };
                f.write_str(if cell.0 % 3 == 0 { row_separator } else { " " })?;
            }
            match self.cube(cell) {
                Some(cube) => {
                    let (top, front, side) = cube.colours();
                    write!(f, "{}{}{}", top.letter(), front.letter(), side.letter())?;
                }
                None => f.write_str("---")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::InputError;

    #[test]
    fn every_rank_unranks_to_a_state_that_ranks_back() {
        for rank in (0..STATES).step_by(7) {
            let state = State::unrank(rank).unwrap();
            assert_eq!(state.rank(), rank);
        }
        assert_eq!(State::unrank(STATES), None);
    }

    #[test]
    fn orbit_ranks_are_a_bijection_within_each_orbit() {
        let mut seen: Vec<Vec<bool>> = (0..=8).map(|k| vec![false; orbit_states(k) as usize]).collect();
        for rank in 0..STATES {
            let state = State::unrank(rank).unwrap();
            let slot = &mut seen[state.odd_cubes() as usize][state.orbit_rank() as usize];
            assert!(!std::mem::replace(slot, true), "{state}");
        }
        assert!(seen.iter().flatten().all(|&s| s));
        assert_eq!((0..=8).map(orbit_states).sum::<u32>(), STATES);
        assert_eq!(orbit_states(9), 0);
    }

    #[test]
    fn the_cubes_on_edge_cells_start_odd() {
        for cell in Cell::ALL {
            let edge_cubes = Cell::ALL.iter().filter(|&&c| c != cell && StartClass::of(c) == StartClass::Edge).count();
            assert_eq!(State::start(cell).odd_cubes() as usize, edge_cubes);
        }
    }

    #[test]
    fn orientation_numbers_follow_their_colours() {
        for cube in Orientation::ALL {
            let (top, front, side) = cube.colours();
            assert_eq!(Orientation::from_colours(top, front, side), Some(cube));
            assert_eq!(cube.top(), top);
            assert_eq!(cube.rolled_vertically().colours(), (front, top, side));
            assert_eq!(cube.rolled_horizontally().colours(), (side, front, top));
            assert_ne!(cube.rolled_vertically().parity(), cube.parity());
            assert_eq!(cube.transposed().transposed(), cube);
        }
        assert_eq!(Orientation::START.colours(), (Colour::White, Colour::Red, Colour::Blue));
        assert_eq!(Orientation::from_colours(Colour::Red, Colour::Red, Colour::Blue), None);
    }

    #[test]
    fn rolls_keep_the_odd_cubes_and_undo_each_other() {
        for rank in (0..STATES).step_by(101) {
            let state = State::unrank(rank).unwrap();
            for direction in Roll::ALL {
                if let Some(next) = state.roll(direction) {
                    assert_eq!(next.odd_cubes(), state.odd_cubes());
                    assert_eq!(next.roll(direction.inverse()), Some(state));
                }
            }
        }
    }

    #[test]
    fn a_roll_exchanges_the_top_with_the_face_it_rolls_over() {
        let start = State::start(Cell::from_xy(1, 2).unwrap());
        // The cube at (1,1) rolls down (towards the front) into (1,2): Red comes on top.
        let rolled = start.roll(Roll::Down).unwrap();
        assert_eq!(rolled.empty(), Cell::from_xy(1, 1).unwrap());
        let cube = rolled.cube(Cell::from_xy(1, 2).unwrap()).unwrap();
        assert_eq!(cube.colours(), (Colour::Red, Colour::White, Colour::Blue));
        // The cube at (2,2) rolls left into (1,2): Blue comes on top.
        let rolled = start.roll(Roll::Left).unwrap();
        assert_eq!(rolled.cube(Cell::from_xy(1, 2).unwrap()).unwrap().top(), Colour::Blue);
        assert_eq!(start.roll(Roll::Right), None);
    }

    #[test]
    fn patterns_index_and_choose_their_states() {
        for index in (0..PATTERNS).step_by(7) {
            let pattern = Pattern::from_index(index).unwrap();
            assert_eq!(pattern.index(), index);
            let with_four_odd = (0..=255).filter(|&choice| pattern.state(choice).odd_cubes() == 4).count();
            assert_eq!(with_four_odd, 70);
            assert!((0..=255).all(|choice| pattern.state(choice).pattern() == pattern));
        }
    }

    #[test]
    fn patterns_parse_in_either_layout_and_name_what_is_wrong() {
        let pattern: Pattern = "W W W E W W W W W".parse().unwrap();
        assert_eq!(pattern.empty(), Cell::from_xy(1, 2).unwrap());
        assert_eq!("www eww WWW".parse::<Pattern>(), Ok(pattern));
        assert_eq!(pattern.to_string(), "W W W / E W W / W W W");
        assert_eq!("WWW EWW WW".parse::<Pattern>(), Err(PatternError::CellCount(8)));
        assert_eq!("WWW WWW WWW".parse::<Pattern>(), Err(PatternError::NoEmptyCell));
        assert!(matches!("WWE EWW WWW".parse::<Pattern>(), Err(PatternError::SeveralEmptyCells(c)) if c.len() == 2));
        assert_eq!("WWW EWX WWW".parse::<Pattern>(), Err(PatternError::UnknownColour("EWX".into())));
    }

    #[test]
    fn judge_input_reports_bad_datasets_and_resumes_at_the_next() {
        let input = "1 2\nW W W\nE W W\nW W W\n4 1\nW W W\nE W W\nW W W\n2 1\nR B\nR W W\nE W W\n\
                     x y\n1 1\nE W W\nW W W\n2 2\nW W\nE W W\nW W W\n3 3\nW W W\nW W W\nW W W\n1 1\nW W W\nE E W\nW W W\n1 1\nE W W\nW W W\nW Q W\n0 0\n1 1\n";
        let cases = parse_judge_input(input);
        let start = Cell::from_xy(1, 2).unwrap();
        assert_eq!(cases[0], Ok(Dataset { start, pattern: "WWW EWW WWW".parse().unwrap() }));
        let errors: Vec<String> = cases[1..].iter().map(|c| c.as_ref().unwrap_err().to_string()).collect();
        assert_eq!(
            errors,
            [
                "line 5: the empty cell (4, 1) is off the board (x and y are 1 to 3)",
                "line 10: row y=1 has 2 cells, expected 3 in the dataset of line 9 (empty cell (2,1))",
                "line 13: expected the empty cell's coordinates \"x y\" (or \"0 0\" to end), found \"x y\"",
                "line 14: the dataset has only 2 of its 3 rows of colours",
                "line 18: row y=1 has 2 cells, expected 3 in the dataset of line 17 (empty cell (2,2))",
                "line 21: no E: the pattern needs exactly one empty cell",
                "line 25: 2 E cells ((1,2) (2,2)): the pattern needs exactly one empty cell",
                "line 32: unknown colour \"Q\" (colours are W, R, B, and E for the empty cell) in the dataset of \
                 line 29 (empty cell (1,1))",
            ]
        );
        assert_eq!(cases.len(), 9);
        let unterminated = parse_judge_input("1 1\nE W W\nW W W\nW W W\n");
        assert!(unterminated[0].is_ok());
        assert_eq!(unterminated[1], Err(InputError::new(5, "the input ends without the closing line \"0 0\"")));
    }

    #[test]
    fn the_judge_caps_at_thirty() {
        assert_eq!(judge_answer(30), 30);
        assert_eq!(judge_answer(31), -1);
    }
}
