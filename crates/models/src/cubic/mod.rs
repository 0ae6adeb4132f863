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
//! The judge's input and answers (POJ 3131): `poj.rs`.

use std::fmt;

mod poj;

pub use poj::{judge_answer, parse_judge_input, Dataset};

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
        Pattern { empty: self.empty, tops }
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

/// What the judge asks for: the empty cell and the top colour of every other cell.
///
/// ```
/// use puzzle_tables_models::cubic::{Cell, Pattern};
///
/// let pattern: Pattern = "RBW RWW EWW".parse()?;
/// assert_eq!(pattern.empty(), Cell::from_xy(1, 3).unwrap());
/// assert_eq!(pattern.to_string(), "R B W / R W W / E W W");
/// assert!("WWW WWW WWW".parse::<Pattern>().is_err(), "no empty cell");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    empty: Cell,
    /// Indexed by cell; the empty cell's entry is always White.
    tops: [Colour; 9],
}

impl Pattern {
    /// The pattern with `empty` empty and the top colours `tops` (the entry at `empty` is
    /// ignored).
    pub fn new(empty: Cell, mut tops: [Colour; 9]) -> Pattern {
        tops[empty.index()] = Colour::White;
        Pattern { empty, tops }
    }

    /// The empty cell.
    pub fn empty(&self) -> Cell {
        self.empty
    }

    /// The top colour on `cell`, or `None` for the empty cell.
    pub fn top(&self, cell: Cell) -> Option<Colour> {
        (cell != self.empty).then_some(self.tops[cell.index()])
    }

    /// The index in `0..PATTERNS` (see the module documentation).
    pub fn index(&self) -> u32 {
        let mut tops = 0;
        for cell in Cell::ALL.iter().rev().filter(|&&c| c != self.empty) {
            tops = tops * 3 + self.tops[cell.index()] as u32;
        }
        u32::from(self.empty.0) * CUBE_TOPS + tops
    }

    /// The pattern of index `index`, or `None` when `index >= PATTERNS`.
    pub fn from_index(index: u32) -> Option<Pattern> {
        let empty = Cell::from_index(u8::try_from(index / CUBE_TOPS).ok()?)?;
        let mut rest = index % CUBE_TOPS;
        let mut tops = [Colour::White; 9];
        for cell in Cell::ALL.iter().filter(|&&c| c != empty) {
            tops[cell.index()] = Colour::ALL[(rest % 3) as usize];
            rest /= 3;
        }
        Some(Pattern { empty, tops })
    }

    /// The `2^8` states showing this pattern: each cube's front and side colours either
    /// way round. State `choice` turns the cube numbered `k` (row-major, skipping the empty
    /// cell) the second way round when bit `k` of `choice` is set.
    pub fn state(&self, choice: u8) -> State {
        let mut cubes = [Orientation::START; 9];
        for (k, cell) in Cell::ALL.iter().filter(|&&c| c != self.empty).enumerate() {
            cubes[cell.index()] = Orientation(2 * self.tops[cell.index()] as u8 + (choice >> k & 1));
        }
        State { empty: self.empty, cubes }
    }

    /// The top colours in the judge's layout: three rows of three letters separated by
    /// spaces, `E` for the empty cell, rows separated by `row_separator`.
    pub fn to_rows(&self, row_separator: &str) -> String {
        let mut text = String::new();
        for cell in Cell::ALL {
            if cell.0 > 0 {
                text.push_str(if cell.0 % 3 == 0 { row_separator } else { " " });
            }
            text.push(self.top(cell).map_or('E', Colour::letter));
        }
        text
    }
}

impl fmt::Display for Pattern {
    /// One line, rows separated by ` / `: `W W W / E W W / W W W`; `{:#}` draws three rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_rows(if f.alternate() { "\n" } else { " / " }))
    }
}

/// Why some text is not a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PatternError {
    /// A cell that is not `W`, `R`, `B` or `E`.
    UnknownColour(String),
    /// Not nine cells.
    CellCount(usize),
    /// No `E`.
    NoEmptyCell,
    /// More than one `E`, at these cells.
    SeveralEmptyCells(Vec<Cell>),
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::UnknownColour(c) => {
                write!(f, "unknown colour {} (colours are W, R, B, and E for the empty cell)", crate::judge::quoted(c))
            }
            PatternError::CellCount(n) => write!(f, "expected 9 cells, found {n}"),
            PatternError::NoEmptyCell => f.write_str("no E: the pattern needs exactly one empty cell"),
            PatternError::SeveralEmptyCells(cells) => {
                let cells: Vec<String> = cells.iter().map(Cell::to_string).collect();
                write!(f, "{} E cells ({}): the pattern needs exactly one empty cell", cells.len(), cells.join(" "))
            }
        }
    }
}

impl std::error::Error for PatternError {}

/// The cells written in `text`: colour letters (`W`, `R`, `B`, `E`, either case) separated
/// by white space or written together (`WWW`).
fn cells_of(text: &str) -> Result<Vec<Option<Colour>>, PatternError> {
    let mut cells = Vec::new();
    for token in crate::judge::cells(text) {
        for letter in token.chars() {
            match (letter.to_ascii_uppercase(), Colour::from_letter(letter)) {
                (_, Some(colour)) => cells.push(Some(colour)),
                ('E', None) => cells.push(None),
                _ => return Err(PatternError::UnknownColour(token.to_string())),
            }
        }
    }
    Ok(cells)
}

/// The pattern of nine cells (`None` for `E`), or why they are not one.
fn pattern_of(cells: &[Option<Colour>]) -> Result<Pattern, PatternError> {
    if cells.len() != 9 {
        return Err(PatternError::CellCount(cells.len()));
    }
    let empties: Vec<Cell> = Cell::ALL.into_iter().filter(|c| cells[c.index()].is_none()).collect();
    match empties[..] {
        [] => Err(PatternError::NoEmptyCell),
        [empty] => {
            let mut tops = [Colour::White; 9];
            for (top, cell) in tops.iter_mut().zip(cells) {
                *top = cell.unwrap_or(Colour::White);
            }
            Ok(Pattern::new(empty, tops))
        }
        _ => Err(PatternError::SeveralEmptyCells(empties)),
    }
}

impl std::str::FromStr for Pattern {
    type Err = PatternError;

    /// Nine cells in row-major order, as `W W W E W W W W W` or `WWW EWW WWW`; rows may be
    /// separated by `/`, as [`Pattern`]'s one-line form (which `stats` prints) writes them.
    fn from_str(text: &str) -> Result<Pattern, PatternError> {
        pattern_of(&cells_of(&text.replace('/', " "))?)
    }
}

/// A start cell's class under the board's symmetries; each class's tables are built from
/// its representative start cell only. Exhaustive: the 3x3 board's symmetries split its
/// nine cells into these three classes and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartClass {
    /// The four corners; representative (1,1).
    Corner,
    /// The four edge midpoints; representative (2,1).
    Edge,
    /// The centre (2,2).
    Centre,
}

impl StartClass {
    /// Every class.
    pub const ALL: [StartClass; 3] = [StartClass::Corner, StartClass::Edge, StartClass::Centre];

    /// The start cell whose walk stands for the class.
    pub fn representative(self) -> Cell {
        match self {
            StartClass::Corner => Cell(0),
            StartClass::Edge => Cell(1),
            StartClass::Centre => Cell(4),
        }
    }

    /// The class of start cell `cell`.
    pub fn of(cell: Cell) -> StartClass {
        match cell.0 {
            4 => StartClass::Centre,
            0 | 2 | 6 | 8 => StartClass::Corner,
            _ => StartClass::Edge,
        }
    }

    /// The class's start cells in row-major order.
    pub fn cells(self) -> Vec<Cell> {
        Cell::ALL.into_iter().filter(|&c| StartClass::of(c) == self).collect()
    }

    /// A lowercase name: `corner`, `edge`, `centre`.
    pub fn label(self) -> &'static str {
        match self {
            StartClass::Corner => "corner",
            StartClass::Edge => "edge",
            StartClass::Centre => "centre",
        }
    }

    /// The number of odd cubes of every state the representative start reaches.
    pub fn odd_cubes(self) -> u32 {
        State::start(self.representative()).odd_cubes()
    }

    /// The symmetries that keep the representative start cell in place. With their
    /// renaming they keep the start state too, so every state lies as far from the start as
    /// its images under them.
    pub fn stabilizer(self) -> impl Iterator<Item = Symmetry> {
        let start = self.representative();
        Symmetry::all().into_iter().filter(move |s| s.cell(start) == start)
    }
}

/// The ranking of a state table: the states a class's representative start reaches, up to
/// the start's own symmetries ([`StartClass::stabilizer`]).
///
/// Each orbit of empty cells under the stabilizer is stored once, by its first cell in
/// row-major order: the corner's (1,1) has the diagonal reflection (6 of 9 cells kept),
/// the edge's (2,1) the left-right mirror (6 of 9), the centre all eight (3 of 9). A state
/// whose empty cell is elsewhere is moved onto a stored cell first.
#[derive(Clone, Debug)]
pub struct ReducedRanking {
    /// By empty cell: the stabilizer symmetry that moves it onto a stored cell.
    to_stored: [Symmetry; 9],
    /// By stored empty cell: its position among the stored cells.
    stored_index: [u32; 9],
    /// The states stored per empty cell: every pattern of the other cells, each with
    /// `C(8, k)` sets of odd cubes.
    per_empty_cell: u32,
    stored_cells: u32,
}

impl ReducedRanking {
    /// The ranking of `class`'s state table.
    pub fn of(class: StartClass) -> ReducedRanking {
        let to_stored = Cell::ALL.map(|cell| class.stabilizer().min_by_key(|s| s.cell(cell)).unwrap_or_default());
        let mut stored_index = [0; 9];
        let mut stored_cells = 0;
        for cell in Cell::ALL.into_iter().filter(|&cell| to_stored[cell.index()].cell(cell) == cell) {
            stored_index[cell.index()] = stored_cells;
            stored_cells += 1;
        }
        let per_empty_cell = CUBE_TOPS * BINOMIAL_8[class.odd_cubes() as usize];
        ReducedRanking { to_stored, stored_index, per_empty_cell, stored_cells }
    }

    /// The number of ranks.
    pub fn states(&self) -> u32 {
        self.stored_cells * self.per_empty_cell
    }

    /// Whether states with `empty` empty are stored as they are (not moved first).
    pub fn stores(&self, empty: Cell) -> bool {
        self.to_stored[empty.index()] == Symmetry::IDENTITY
    }

    /// The rank, in `0..self.states()`, of `state`, which the class's start reaches.
    pub fn rank(&self, state: &State) -> u32 {
        let stored = self.to_stored[state.empty.index()].state(state);
        self.rank_stored(stored.empty, stored.orbit_rank())
    }

    /// The rank of the state with `empty` empty (a stored cell) and orbit rank `orbit_rank`.
    pub fn rank_stored(&self, empty: Cell, orbit_rank: u32) -> u32 {
        self.stored_index[empty.index()] * self.per_empty_cell + orbit_rank % self.per_empty_cell
    }
}

/// One of the board's eight symmetries: an exchange of `x` and `y` (when
/// [`Symmetry::swaps_axes`]) followed by mirrors of either axis; see the module
/// documentation for why the axis-swapping ones rename Red and Blue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Symmetry {
    transpose: bool,
    mirror_x: bool,
    mirror_y: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry { transpose: false, mirror_x: false, mirror_y: false };

    /// All eight.
    pub fn all() -> [Symmetry; 8] {
        std::array::from_fn(|i| Symmetry { transpose: i & 4 != 0, mirror_x: i & 2 != 0, mirror_y: i & 1 != 0 })
    }

    /// The symmetry that takes start cell `start` to its class's representative (the first
    /// of [`Symmetry::all`] that does).
    pub fn to_representative(start: Cell) -> Symmetry {
        let target = StartClass::of(start).representative();
        Symmetry::all().into_iter().find(|s| s.cell(start) == target).unwrap_or(Symmetry::IDENTITY)
    }

    /// Whether it exchanges the board's rows and columns (and so Red and Blue).
    pub fn swaps_axes(self) -> bool {
        self.transpose
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        // Mirrors applied after a transposition act on the other axis when undone first.
        if self.transpose {
            Symmetry { transpose: true, mirror_x: self.mirror_y, mirror_y: self.mirror_x }
        } else {
            self
        }
    }

    /// Where `cell` goes.
    pub fn cell(self, cell: Cell) -> Cell {
        let (mut x, mut y) = (cell.x(), cell.y());
        if self.transpose {
            (x, y) = (y, x);
        }
        if self.mirror_x {
            x = 4 - x;
        }
        if self.mirror_y {
            y = 4 - y;
        }
        Cell((3 * (y - 1) + (x - 1)) as u8)
    }

    /// The direction a roll in `direction` travels after the symmetry.
    pub fn roll(self, direction: Roll) -> Roll {
        let mut mapped = direction;
        if self.transpose {
            mapped = match mapped {
                Roll::Up => Roll::Left,
                Roll::Down => Roll::Right,
                Roll::Left => Roll::Up,
                Roll::Right => Roll::Down,
            };
        }
        if (self.mirror_x && !mapped.is_vertical()) || (self.mirror_y && mapped.is_vertical()) {
            mapped = mapped.inverse();
        }
        mapped
    }

    /// The colour seen on top after the symmetry.
    pub fn top_colour(self, colour: Colour) -> Colour {
        if self.transpose {
            colour.swap_red_blue()
        } else {
            colour
        }
    }

    /// The pattern moved by the symmetry.
    pub fn pattern(self, pattern: &Pattern) -> Pattern {
        let mut tops = [Colour::White; 9];
        for cell in Cell::ALL {
            tops[self.cell(cell).index()] = self.top_colour(pattern.tops[cell.index()]);
        }
        Pattern::new(self.cell(pattern.empty), tops)
    }

    /// The state moved by the symmetry.
    pub fn state(self, state: &State) -> State {
        let mut cubes = [Orientation::START; 9];
        for cell in Cell::ALL {
            let cube = state.cubes[cell.index()];
            cubes[self.cell(cell).index()] = if self.transpose { cube.transposed() } else { cube };
        }
        State::new(self.cell(state.empty), cubes)
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
    fn reduced_ranks_are_a_bijection_onto_stored_states_and_their_images() {
        for class in StartClass::ALL {
            let ranking = ReducedRanking::of(class);
            let mut seen = vec![false; ranking.states() as usize];
            let stored = Cell::ALL.into_iter().filter(|&cell| ranking.stores(cell));
            for first in stored.map(|cell| cell.0 as u32 * CUBE_ORIENTATIONS) {
                for rank in first..first + CUBE_ORIENTATIONS {
                    let state = State::unrank(rank).unwrap();
                    if state.odd_cubes() == class.odd_cubes() {
                        assert!(!std::mem::replace(&mut seen[ranking.rank(&state) as usize], true), "{state}");
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{class:?}");
            for rank in (0..STATES).step_by(1009) {
                let state = State::unrank(rank).unwrap();
                if state.odd_cubes() == class.odd_cubes() {
                    // The state shares its rank with an image of it that is stored as it is.
                    let images = class.stabilizer().map(|symmetry| symmetry.state(&state));
                    let mut stored = images.filter(|image| ranking.stores(image.empty()));
                    assert!(stored.any(|image| ranking.rank(&image) == ranking.rank(&state)), "{state}");
                }
            }
        }
        let stored = |class| Cell::ALL.into_iter().filter(|&c| ReducedRanking::of(class).stores(c)).count();
        assert_eq!(StartClass::ALL.map(stored), [6, 6, 3]);
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
    fn symmetries_map_rolls_along_with_cells_and_keep_the_start_orientation() {
        for symmetry in Symmetry::all() {
            assert_eq!(symmetry.inverse().cell(symmetry.cell(Cell(5))), Cell(5));
            for rank in (0..STATES).step_by(997) {
                let state = State::unrank(rank).unwrap();
                let moved = symmetry.state(&state);
                assert_eq!(symmetry.inverse().state(&moved), state);
                assert_eq!(moved.pattern(), symmetry.pattern(&state.pattern()));
                for direction in Roll::ALL {
                    let rolled = state.roll(direction).map(|s| symmetry.state(&s));
                    assert_eq!(rolled, moved.roll(symmetry.roll(direction)));
                }
            }
            for cell in Cell::ALL {
                assert_eq!(symmetry.state(&State::start(cell)), State::start(symmetry.cell(cell)));
            }
        }
        for cell in Cell::ALL {
            let to_representative = Symmetry::to_representative(cell);
            assert_eq!(to_representative.cell(cell), StartClass::of(cell).representative());
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
