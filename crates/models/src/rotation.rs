//! The rotation game (POJ 2286, UVa 1343).
//!
//! A '#'-shaped board of 24 positions, numbered row by row:
//!
//! ```text
//!       00    01
//!       02    03
//! 04 05 06 07 08 09 10
//!       11    12
//! 13 14 15 16 17 18 19
//!       20    21
//!       22    23
//! ```
//!
//! It holds eight blocks of each symbol 1, 2 and 3. A [`Move`] rotates one of the four
//! lines of seven by one place; the goal is one symbol on all eight [`CENTRE`] positions.
//!
//! Whether a symbol reaches the centre depends only on where its own eight blocks are, so
//! the ranked states are [`Placement`]s: sets of eight positions, as 24-bit masks. Ranking
//! is the combinatorial number system: a placement with positions `c1 < c2 < ... < c8`
//! has rank `C(c1, 1) + C(c2, 2) + ... + C(c8, 8)`, a bijection onto `0..C(24, 8)`. That
//! rank is also the placement's index in the increasing order of the masks, so a
//! generator may list all placements in rank order by counting up through masks.

use std::fmt;

use crate::judge::{numbered_lines, Case, InputError};

/// Bumped whenever [`Placement::rank`] changes; tables built with another ranking are refused.
pub const RANKING_VERSION: u32 = 1;

/// The board's positions.
pub const POSITIONS: usize = 24;

/// How many blocks of each symbol a board holds.
pub const BLOCKS_PER_SYMBOL: usize = 8;

/// The number of placements, C(24, 8): the size of the ranked space.
pub const PLACEMENTS: u32 = 735_471;

/// The symbols, in the order [`Board::placements`] lists them.
pub const SYMBOLS: [u8; 3] = [1, 2, 3];

/// The eight centre positions; the goal is one symbol on all of them.
pub const CENTRE: [usize; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The four lines of seven, each listed so that its forward move (A, B, C, D) carries every
/// block one place towards the front, and the front block to the back.
const LINES: [[usize; 7]; 4] =
    [[0, 2, 6, 11, 15, 20, 22], [1, 3, 8, 12, 17, 21, 23], [10, 9, 8, 7, 6, 5, 4], [19, 18, 17, 16, 15, 14, 13]];

/// One of the eight rotations, named as the judge names them. Exhaustive: the board's four
/// lines each turn two ways, and the puzzle has no other move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Column 00..22 moves up.
    A,
    /// Column 01..23 moves up.
    B,
    /// Row 04..10 moves right.
    C,
    /// Row 13..19 moves right.
    D,
    /// Column 01..23 moves down.
    E,
    /// Column 00..22 moves down.
    F,
    /// Row 13..19 moves left.
    G,
    /// Row 04..10 moves left.
    H,
}

impl Move {
    /// Every move, in dictionary order (the order of [`Move::index`]).
    pub const ALL: [Move; 8] = [Move::A, Move::B, Move::C, Move::D, Move::E, Move::F, Move::G, Move::H];

    /// The judge's letter, `A` to `H`.
    pub fn letter(self) -> char {
        char::from(b'A' + self as u8)
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::A => Move::F,
            Move::B => Move::E,
            Move::C => Move::H,
            Move::D => Move::G,
            Move::E => Move::B,
            Move::F => Move::A,
            Move::G => Move::D,
            Move::H => Move::C,
        }
    }

    /// A number in `0..8`, the position in [`Move::ALL`].
    pub fn index(self) -> u8 {
        self as u8
    }

    /// Where the block at each position goes.
    fn destinations(self) -> &'static [u8; POSITIONS] {
        &DESTINATIONS[self as usize]
    }
}

/// `DESTINATIONS[move][position]`: where the move sends the block at `position`.
static DESTINATIONS: [[u8; POSITIONS]; 8] = {
    let mut table = [[0u8; POSITIONS]; 8];
    let mut m = 0;
    while m < 8 {
        let mut position = 0;
        while position < POSITIONS {
            table[m][position] = position as u8;
            position += 1;
        }
        // Moves 0..4 are the forward moves of lines A, B, C, D; moves 4..8 (E, F, G, H)
        // are the backward moves of lines B, A, D, C.
        let (line, forward) = match m {
            0..=3 => (m, true),
            4 => (1, false),
            5 => (0, false),
            6 => (3, false),
            _ => (2, false),
        };
        let cells = LINES[line];
        let mut i = 0;
        while i < 7 {
            let (from, to) = if forward { ((i + 1) % 7, i) } else { (i, (i + 1) % 7) };
            table[m][cells[from]] = cells[to] as u8;
            i += 1;
        }
        m += 1;
    }
    table
};

/// `BINOMIAL[n][k]` = C(n, k) for the ranking, `n < 24`, `k <= 8`.
static BINOMIAL: [[u32; BLOCKS_PER_SYMBOL + 1]; POSITIONS] = {
    let mut table = [[0u32; BLOCKS_PER_SYMBOL + 1]; POSITIONS];
    let mut n = 0;
    while n < POSITIONS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= BLOCKS_PER_SYMBOL && n > 0 {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// The positions of one symbol's eight blocks, as a 24-bit mask (bit `p` for position `p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    mask: u32,
}

impl Placement {
    /// All eight centre positions: the goal.
    pub const GOAL: Placement = {
        let mut mask = 0;
        let mut i = 0;
        while i < CENTRE.len() {
            mask |= 1 << CENTRE[i];
            i += 1;
        }
        Placement { mask }
    };

    /// The placement with these positions, or `None` unless `mask` has exactly eight bits
    /// set, all below bit 24.
    pub fn from_mask(mask: u32) -> Option<Placement> {
        (mask >> POSITIONS == 0 && mask.count_ones() as usize == BLOCKS_PER_SYMBOL).then_some(Placement { mask })
    }

    /// The positions as a mask, bit `p` for position `p`.
    pub fn mask(self) -> u32 {
        self.mask
    }

    /// The rank in `0..PLACEMENTS` (see the module documentation).
    pub fn rank(self) -> u32 {
        let mut rest = self.mask;
        (1..=BLOCKS_PER_SYMBOL)
            .map(|k| {
                let position = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                BINOMIAL[position][k]
            })
            .sum()
    }

    /// The placement of rank `rank`, or `None` when `rank >= PLACEMENTS`.
    pub fn unrank(rank: u32) -> Option<Placement> {
        if rank >= PLACEMENTS {
            return None;
        }
        let mut rest = rank;
        let mut mask = 0;
        let mut position = POSITIONS;
        // The greedy inverse: the highest position is the largest c with C(c, 8) <= rank,
        // and so on down, each term smaller than the next binomial.
        for k in (1..=BLOCKS_PER_SYMBOL).rev() {
            position -= 1;
            while BINOMIAL[position][k] > rest {
                position -= 1;
            }
            rest -= BINOMIAL[position][k];
            mask |= 1 << position;
        }
        Some(Placement { mask })
    }

    /// The placement after `step` moved its blocks.
    pub fn apply(self, step: Move) -> Placement {
        let destinations = step.destinations();
        let mut rest = self.mask;
        let mut mask = 0;
        while rest != 0 {
            mask |= 1 << destinations[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        Placement { mask }
    }
}

/// A board: the symbol (1, 2 or 3) at each of the 24 positions, eight of each.
///
/// ```
/// use puzzle_tables_models::rotation::{move_letters, Board, Move};
///
/// // Eight 1s in the centre: solved.
/// let board: Board = "2 2 2 2 2 2 1 1 1 2 2 1 1 3 3 1 1 1 3 3 3 3 3 3".parse()?;
/// assert_eq!(board.centre_symbol(), Some(1));
/// assert_eq!(board.apply(Move::A).centre_symbol(), None);
/// assert_eq!(move_letters(&[Move::A, Move::C]), "AC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; POSITIONS],
}

/// Why some text or cells do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// Not 24 numbers.
    CellCount(usize),
    /// Something other than 1, 2 or 3 at a position.
    UnknownSymbol {
        /// The position, `0..24`.
        position: usize,
        /// What stands there.
        found: String,
    },
    /// A symbol that does not appear exactly eight times.
    SymbolCount {
        /// The symbol.
        symbol: u8,
        /// How often it appears.
        count: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::CellCount(n) => write!(f, "expected 24 numbers, found {n}"),
            BoardError::UnknownSymbol { position, found } => {
                write!(f, "position {position:02} holds {}; symbols are 1, 2 and 3", crate::judge::quoted(found))
            }
            BoardError::SymbolCount { symbol, count } => {
                let times = if *count == 1 { "once".to_string() } else { format!("{count} times") };
                write!(f, "symbol {symbol} appears {times}; each of 1, 2 and 3 must appear 8 times")
            }
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// A board from 24 symbols, each of 1, 2 and 3 exactly eight times.
    pub fn from_cells(cells: [u8; POSITIONS]) -> Result<Board, BoardError> {
        if let Some(position) = cells.iter().position(|cell| !SYMBOLS.contains(cell)) {
            return Err(BoardError::UnknownSymbol { position, found: cells[position].to_string() });
        }
        for symbol in SYMBOLS {
            let count = cells.iter().filter(|&&cell| cell == symbol).count();
            if count != BLOCKS_PER_SYMBOL {
                return Err(BoardError::SymbolCount { symbol, count });
            }
        }
        Ok(Board { cells })
    }

    /// The symbols at positions `0..24`.
    pub fn cells(&self) -> [u8; POSITIONS] {
        self.cells
    }

    /// The board after `step`.
    pub fn apply(&self, step: Move) -> Board {
        let mut cells = self.cells;
        for (&symbol, &to) in self.cells.iter().zip(step.destinations()) {
            cells[usize::from(to)] = symbol;
        }
        Board { cells }
    }

    /// Where the blocks of symbol 1, 2 and 3 are, in that order.
    pub fn placements(&self) -> [Placement; 3] {
        let mut masks = [0u32; 3];
        for (position, &symbol) in self.cells.iter().enumerate() {
            masks[usize::from(symbol - 1)] |= 1 << position;
        }
        masks.map(|mask| Placement { mask })
    }

    /// The symbol on all eight centre positions, or `None` when the board is not a goal.
    pub fn centre_symbol(&self) -> Option<u8> {
        let symbol = self.cells[CENTRE[0]];
        CENTRE.iter().all(|&position| self.cells[position] == symbol).then_some(symbol)
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// 24 symbols separated by white space or commas: `1 1 1 1 3 2 3 2 ...`. 24 digits
    /// written together (`111132323...`) are read the same way.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let mut tokens: Vec<&str> = crate::judge::cells(text).collect();
        if tokens.len() == 1 && tokens[0].len() == POSITIONS && tokens[0].is_ascii() {
            let word = tokens[0];
            tokens = (0..POSITIONS).map(|i| &word[i..i + 1]).collect();
        }
        if tokens.len() != POSITIONS {
            return Err(BoardError::CellCount(tokens.len()));
        }
        let mut cells = [0u8; POSITIONS];
        for (position, (slot, token)) in cells.iter_mut().zip(&tokens).enumerate() {
            *slot = match token.parse::<u8>() {
                Ok(symbol @ 1..=3) => symbol,
                _ => return Err(BoardError::UnknownSymbol { position, found: token.to_string() }),
            };
        }
        Board::from_cells(cells)
    }
}

impl fmt::Display for Board {
    /// The judge's one-line form, `1 1 1 1 3 2 ...`; `{:#}` draws the '#' shape:
    ///
    /// ```text
    ///     1   1
    ///     1   1
    /// 3 2 3 2 3 1 3
    ///     2   2
    /// 3 1 2 2 2 3 1
    ///     2   1
    ///     3   3
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            // Written in one piece: a server writes a board for every step and child it answers.
            let mut text = [b' '; 2 * POSITIONS - 1];
            for (position, &symbol) in self.cells.iter().enumerate() {
                text[2 * position] = b'0' + symbol;
            }
            return f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?);
        }
        let c = |position: usize| self.cells[position];
        let row = |from: usize| (from..from + 7).map(|p| c(p).to_string()).collect::<Vec<_>>().join(" ");
        let column_pair = |left: usize, right: usize| format!("    {}   {}", c(left), c(right));
        let lines = [
            column_pair(0, 1),
            column_pair(2, 3),
            row(4),
            column_pair(11, 12),
            row(13),
            column_pair(20, 21),
            column_pair(22, 23),
        ];
        f.write_str(&lines.join("\n"))
    }
}

/// Parses a judge input: one board per non-blank line, up to a line holding a single `0`.
/// Whatever follows that line is ignored, as judges do. An input that ends without it keeps
/// every board before, and ends in an error for the missing line (as the cubic puzzle's
/// input does without its `0 0`).
pub fn parse_judge_input(input: &str) -> Vec<Case<Board>> {
    let mut cases = Vec::new();
    let mut last_line = 0;
    for (line, text) in numbered_lines(input) {
        if text == "0" {
            return cases;
        }
        last_line = line;
        cases.push(text.parse().map_err(|e: BoardError| InputError::new(line, e.to_string())));
    }
    cases.push(Err(InputError::new(last_line + 1, "the input ends without the closing line \"0\"")));
    cases
}

/// Writes moves as the judge's letters, `AC`.
pub fn move_letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// The judge's first line for a board whose centre is filled already.
pub const NO_MOVES_NEEDED: &str = "No moves needed";

/// The judge's two lines for one case: the moves (or [`NO_MOVES_NEEDED`]) and the symbol in
/// the centre after them, each ending in a newline.
pub fn judge_answer(moves: &[Move], centre: u8) -> String {
    let first = if moves.is_empty() { NO_MOVES_NEEDED.to_string() } else { move_letters(moves) };
    format!("{first}\n{centre}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

    #[test]
    fn every_rank_unranks_to_a_placement_that_ranks_back() {
        for rank in 0..PLACEMENTS {
            let placement = Placement::unrank(rank).unwrap();
            assert_eq!(Placement::from_mask(placement.mask()), Some(placement));
            assert_eq!(placement.rank(), rank);
        }
        assert_eq!(Placement::unrank(PLACEMENTS), None);
    }

    #[test]
    fn ranks_follow_the_increasing_order_of_all_eight_bit_masks() {
        // Every mask below 2^24 with eight bits, in increasing order, ranks 0, 1, 2, ...:
        // so the ranking is onto, one to one, and listing masks upwards lists ranks.
        let masks = (0u32..1 << POSITIONS).filter(|m| m.count_ones() == 8);
        let mut count = 0;
        for (expected, mask) in masks.enumerate() {
            assert_eq!(Placement::from_mask(mask).unwrap().rank(), expected as u32);
            count += 1;
        }
        assert_eq!(count, PLACEMENTS);
    }

    #[test]
    fn from_mask_refuses_other_bit_counts_and_high_bits() {
        assert_eq!(Placement::from_mask(0x7f), None);
        assert_eq!(Placement::from_mask(0x1ff), None);
        assert_eq!(Placement::from_mask(0x7f | 1 << 24), None);
        assert_eq!(Placement::GOAL.mask().count_ones(), 8);
    }

    #[test]
    fn each_move_is_a_rotation_of_its_line_as_the_statement_describes() {
        let up_a = [(2, 0), (6, 2), (11, 6), (15, 11), (20, 15), (22, 20), (0, 22)];
        let right_c = [(4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 4)];
        for (from, to) in up_a {
            assert_eq!(Move::A.destinations()[from], to);
        }
        for (from, to) in right_c {
            assert_eq!(Move::C.destinations()[from], to);
        }
        for step in Move::ALL {
            let moved = (0..POSITIONS).filter(|&p| step.destinations()[p] as usize != p).count();
            assert_eq!(moved, 7, "{step:?} moves one line");
        }
    }

    #[test]
    fn moves_undo_each_other_on_boards_and_placements() {
        let board: Board = SAMPLE.parse().unwrap();
        for step in Move::ALL {
            assert_eq!(board.apply(step).apply(step.inverse()), board);
            assert_ne!(board.apply(step), board);
            let [ones, twos, threes] = board.placements();
            let moved = board.apply(step).placements();
            assert_eq!(moved, [ones.apply(step), twos.apply(step), threes.apply(step)]);
        }
    }

    #[test]
    fn the_sample_is_solved_by_its_answers() {
        let board: Board = SAMPLE.parse().unwrap();
        assert_eq!(board.apply(Move::A).apply(Move::C).centre_symbol(), Some(2));
        let sorted: Board = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3".parse().unwrap();
        let end = [Move::D, Move::D, Move::H, Move::H].iter().fold(sorted, |b, &m| b.apply(m));
        assert_eq!(end.centre_symbol(), Some(2));
        assert_eq!(end.placements()[1], Placement::GOAL);
    }

    #[test]
    fn parses_and_draws_the_judge_form() {
        let board: Board = SAMPLE.parse().unwrap();
        assert_eq!(board.to_string(), SAMPLE);
        assert_eq!(SAMPLE.replace(' ', "").parse::<Board>(), Ok(board));
        assert_eq!(SAMPLE.replace(' ', ",").parse::<Board>(), Ok(board));
        let drawn = format!("{board:#}");
        assert_eq!(drawn, "    1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3");
    }

    #[test]
    fn bad_boards_say_what_is_wrong() {
        assert_eq!("1 2 3".parse::<Board>(), Err(BoardError::CellCount(3)));
        let with = |position: usize, token: &str| {
            let mut tokens: Vec<&str> = SAMPLE.split(' ').collect();
            tokens[position] = token;
            tokens.join(" ").parse::<Board>()
        };
        assert_eq!(with(5, "4"), Err(BoardError::UnknownSymbol { position: 5, found: "4".into() }));
        assert_eq!(with(0, "x"), Err(BoardError::UnknownSymbol { position: 0, found: "x".into() }));
        assert_eq!(with(4, "1"), Err(BoardError::SymbolCount { symbol: 1, count: 9 }));
        let message = with(23, "0").unwrap_err().to_string();
        assert_eq!(message, "position 23 holds \"0\"; symbols are 1, 2 and 3");
    }

    #[test]
    fn judge_input_stops_at_the_single_zero_and_keeps_line_numbers() {
        let input = format!("{SAMPLE}\n\n1 2 3\n0\n1 2 3\n");
        let cases = parse_judge_input(&input);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0], Ok(SAMPLE.parse().unwrap()));
        assert_eq!(cases[1], Err(InputError::new(3, "expected 24 numbers, found 3")));
        assert!(parse_judge_input("0\n").is_empty());
    }

    #[test]
    fn an_input_without_its_closing_zero_keeps_its_boards_and_names_the_missing_line() {
        let unterminated = parse_judge_input(&format!("{SAMPLE}\n"));
        assert_eq!(unterminated[0], Ok(SAMPLE.parse().unwrap()));
        assert_eq!(unterminated[1], Err(InputError::new(2, "the input ends without the closing line \"0\"")));
        assert_eq!(parse_judge_input(""), [Err(InputError::new(1, "the input ends without the closing line \"0\""))]);
    }

    #[test]
    fn judge_answers_have_two_lines() {
        assert_eq!(judge_answer(&[Move::A, Move::C], 2), "AC\n2\n");
        assert_eq!(judge_answer(&[], 3), "No moves needed\n3\n");
    }
}
