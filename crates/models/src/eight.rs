//! The eight puzzle (HDU 1043 "Eight", POJ 1077).
//!
//! A board is nine cells in row-major order; tiles are `1..=8` and the blank is `0` (the
//! judge writes it `x`). A [`Move`] is named by the direction the blank travels.
//!
//! Ranking: only solvable boards are ranked, perfectly, onto `0..SOLVABLE_BOARDS`:
//! `blank_cell * 20_160 + lehmer(tiles) / 2`, where `tiles` are the eight tiles read in
//! row-major order skipping the blank. A board is solvable exactly when that tile sequence
//! is an even permutation (on a board of odd width, moves never change its parity), and
//! halving the Lehmer code of an even permutation of eight is a bijection onto
//! `0..8!/2` because only the last free digit, of weight 1, is fixed by the parity.

use std::fmt;

use crate::judge::{cells, quoted, Case, InputError};

/// Bumped whenever [`Board::rank`] changes; tables built with another ranking are refused.
pub const RANKING_VERSION: u32 = 1;

/// The number of solvable boards, 9!/2: the size of the ranked space.
pub const SOLVABLE_BOARDS: u32 = 181_440;

const EVEN_TILE_ORDERS: u32 = 20_160;

/// The blank's value in [`Board::cells`].
pub const BLANK: u8 = 0;

/// A direction the blank travels; sliding the neighbouring tile into the blank. Exhaustive:
/// a grid has these four directions and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The blank moves up a row.
    Up,
    /// The blank moves down a row.
    Down,
    /// The blank moves left a column.
    Left,
    /// The blank moves right a column.
    Right,
}

impl Move {
    /// Every move, in the order of [`Move::index`].
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The judge's letter: `u`, `d`, `l` or `r`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'u',
            Move::Down => 'd',
            Move::Left => 'l',
            Move::Right => 'r',
        }
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// A number in `0..4`, the position in [`Move::ALL`]; tables store moves this way.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The move with this [`Move::index`].
    #[inline]
    pub fn from_index(index: u8) -> Option<Move> {
        Move::ALL.get(usize::from(index)).copied()
    }
}

/// A board: nine cells in row-major order, holding each of `0..=8` once (`0` is the blank).
///
/// ```
/// use puzzle_tables_models::eight::{move_letters, Board, Move};
///
/// let board: Board = "1 2 3 4 5 6 7 x 8".parse()?;
/// assert_eq!(board.apply(Move::Right), Some(Board::GOAL));
/// assert_eq!(board.to_string(), "1 2 3 4 5 6 7 x 8");
/// assert_eq!(move_letters(&[Move::Right]), "r");
/// assert!("1 2 3".parse::<Board>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; 9],
    /// Where the blank is: kept, because every move and every rank starts from it.
    blank: u8,
}

/// Why nine cells do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// Not nine cells.
    CellCount(usize),
    /// A cell that is neither `1`..`8` nor `x`.
    UnknownTile(String),
    /// A tile (or the blank) given twice.
    RepeatedTile(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::CellCount(n) => write!(f, "expected 9 cells, found {n}"),
            BoardError::UnknownTile(t) => {
                write!(f, "unknown tile {} (tiles are 1 to 8, and x or 0 the blank)", quoted(t))
            }
            BoardError::RepeatedTile(t) => write!(f, "tile {t} appears more than once"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// The goal: `1 2 3 / 4 5 6 / 7 8 x`.
    pub const GOAL: Board = Board { cells: [1, 2, 3, 4, 5, 6, 7, 8, BLANK], blank: 8 };

    /// A board from nine cells, each of `0..=8` exactly once.
    pub fn from_cells(cells: [u8; 9]) -> Result<Board, BoardError> {
        let mut seen = 0u16;
        for &cell in &cells {
            if cell > 8 {
                return Err(BoardError::UnknownTile(cell.to_string()));
            }
            if seen & (1 << cell) != 0 {
                return Err(BoardError::RepeatedTile(tile_name(cell).to_string()));
            }
            seen |= 1 << cell;
        }
        let blank = cells.iter().position(|&c| c == BLANK).unwrap_or(0) as u8;
        Ok(Board { cells, blank })
    }

    /// The nine cells in row-major order (`0` is the blank).
    pub fn cells(&self) -> [u8; 9] {
        self.cells
    }

    /// The blank's cell, `0..9` in row-major order.
    pub fn blank_cell(&self) -> usize {
        usize::from(self.blank)
    }

    /// Whether some sequence of moves reaches [`Board::GOAL`].
    pub fn is_solvable(&self) -> bool {
        self.rank().is_some()
    }

    /// The board after `step`, or `None` when the blank would leave the frame.
    #[inline]
    pub fn apply(&self, step: Move) -> Option<Board> {
        let blank = self.blank_cell();
        let target = match step {
            Move::Up if blank >= 3 => blank - 3,
            Move::Down if blank < 6 => blank + 3,
            Move::Left if !blank.is_multiple_of(3) => blank - 1,
            Move::Right if blank % 3 < 2 => blank + 1,
            _ => return None,
        };
        let mut cells = self.cells;
        cells.swap(blank, target);
        Some(Board { cells, blank: target as u8 })
    }

    /// [`Board::apply`] for a board whose rank is `rank` (it must be), with the new board's rank. A move
    /// left or right keeps the tiles' row-major order, so only the blank's part of the rank
    /// changes; the table walk relies on this to rank half its boards for free.
    #[inline]
    pub fn apply_ranked(&self, step: Move, rank: u32) -> Option<(Board, u32)> {
        let next = self.apply(step)?;
        let next_rank = match step {
            Move::Left => rank - EVEN_TILE_ORDERS,
            Move::Right => rank + EVEN_TILE_ORDERS,
            Move::Up | Move::Down => next.rank()?,
        };
        Some((next, next_rank))
    }

    /// The rank in `0..SOLVABLE_BOARDS`, or `None` for an unsolvable board.
    #[inline]
    pub fn rank(&self) -> Option<u32> {
        let mut blank = 0;
        let mut seen_tiles = 0u32;
        let mut lehmer = 0u32;
        let mut parity = 0u32;
        let mut position = 0u32;
        for (cell, &tile) in self.cells.iter().enumerate() {
            if tile == BLANK {
                blank = cell as u32;
                continue;
            }
            let value = u32::from(tile - 1);
            let smaller_before = u32::from(BITS_SET[(seen_tiles & ((1 << value) - 1)) as usize]);
            let smaller_after = value - smaller_before;
            seen_tiles |= 1 << value;
            lehmer += smaller_after * FACTORIAL[7 - position as usize];
            parity += smaller_after;
            position += 1;
        }
        parity.is_multiple_of(2).then_some(blank * EVEN_TILE_ORDERS + lehmer / 2)
    }

    /// The solvable board of rank `rank`, or `None` when `rank >= SOLVABLE_BOARDS`.
    pub fn unrank(rank: u32) -> Option<Board> {
        if rank >= SOLVABLE_BOARDS {
            return None;
        }
        let blank = (rank / EVEN_TILE_ORDERS) as usize;
        let mut rest = (rank % EVEN_TILE_ORDERS) * 2;
        let mut digits = [0u32; 8];
        for (position, digit) in digits.iter_mut().enumerate() {
            let weight = FACTORIAL[7 - position];
            *digit = rest / weight;
            rest %= weight;
        }
        // Halving dropped the digit of weight 1; the even parity puts it back.
        digits[6] = digits[..6].iter().sum::<u32>() % 2;
        let mut unused = 0xffu32;
        let mut cells = [BLANK; 9];
        let mut tiles = digits.iter().map(|&digit| {
            let mut mask = unused;
            for _ in 0..digit {
                mask &= mask - 1;
            }
            let value = mask.trailing_zeros();
            unused &= !(1 << value);
            value as u8 + 1
        });
        for (cell, slot) in cells.iter_mut().enumerate() {
            if cell != blank {
                *slot = tiles.next().unwrap_or(BLANK);
            }
        }
        Some(Board { cells, blank: blank as u8 })
    }
}

const FACTORIAL: [u32; 8] = [1, 1, 2, 6, 24, 120, 720, 5040];

/// The number of bits set in each byte: the default x86-64 target has no popcount
/// instruction, and ranking (the hot path of every walk) counts bits of an 8-bit set.
static BITS_SET: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u32).count_ones() as u8;
        byte += 1;
    }
    table
};

/// A tile as the judge writes it: its digit, `x` for the blank.
fn tile_name(tile: u8) -> char {
    if tile == BLANK {
        'x'
    } else {
        char::from(b'0' + tile)
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// Nine cells separated by white space or commas, `x` (or `0`) for the blank:
    /// `2 3 4 1 5 x 7 6 8`. Nine cells written together (`23415x768`) are read the same way.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        // Collected into an array, not a Vec: parsing is a large part of a judge batch.
        let mut tokens = [""; 9];
        let mut count = 0;
        for token in cells(text) {
            if let Some(slot) = tokens.get_mut(count) {
                *slot = token;
            }
            count += 1;
        }
        if count == 1 && tokens[0].len() == 9 && tokens[0].is_ascii() {
            let word = tokens[0];
            tokens = std::array::from_fn(|i| &word[i..i + 1]);
            count = 9;
        }
        if count != 9 {
            return Err(BoardError::CellCount(count));
        }
        let mut cells = [BLANK; 9];
        for (slot, token) in cells.iter_mut().zip(&tokens) {
            *slot = match *token {
                "x" | "X" | "0" => BLANK,
                digit => match digit.parse::<u8>() {
                    Ok(tile @ 1..=8) => tile,
                    _ => return Err(BoardError::UnknownTile(digit.to_string())),
                },
            };
        }
        Board::from_cells(cells)
    }
}

impl fmt::Display for Board {
    /// The judge's one-line form, `2 3 4 1 5 x 7 6 8`; `{:#}` draws three rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written in one piece: a server writes a board for every step and child it answers.
        let mut text = [b' '; 17];
        for (cell, &tile) in self.cells.iter().enumerate() {
            text[2 * cell] = tile_name(tile) as u8;
            if f.alternate() && cell % 3 == 2 && cell < 8 {
                text[2 * cell + 1] = b'\n';
            }
        }
        f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// Parses a judge input: one board per non-blank line, until the end of the input.
pub fn parse_judge_input(input: &str) -> Vec<Case<Board>> {
    input.lines().enumerate().filter_map(|(index, text)| parse_judge_line(index + 1, text)).collect()
}

/// Parses line `line` of a judge input, `text`: `None` when it is blank, else its board or
/// why it is not one. A batch can read its input line by line with this.
pub fn parse_judge_line(line: usize, text: &str) -> Option<Case<Board>> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.parse().map_err(|e: BoardError| InputError::new(line, e.to_string())))
}

/// Writes moves as the judge's letters, `ullddr...`.
pub fn move_letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_unranks_to_a_board_that_ranks_back() {
        let mut seen = vec![false; SOLVABLE_BOARDS as usize];
        for rank in 0..SOLVABLE_BOARDS {
            let board = Board::unrank(rank).unwrap();
            assert_eq!(Board::from_cells(board.cells()), Ok(board));
            assert_eq!(board.rank(), Some(rank));
            assert!(!std::mem::replace(&mut seen[rank as usize], true));
        }
        assert_eq!(Board::unrank(SOLVABLE_BOARDS), None);
    }

    #[test]
    fn ranking_splits_all_nine_factorial_boards_into_halves() {
        let mut solvable = vec![false; SOLVABLE_BOARDS as usize];
        let mut unsolvable = 0;
        let mut cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        for_each_permutation(&mut cells, 0, &mut |cells| {
            let board = Board::from_cells(*cells).unwrap();
            match board.rank() {
                Some(rank) => assert!(!std::mem::replace(&mut solvable[rank as usize], true)),
                None => unsolvable += 1,
            }
        });
        assert!(solvable.iter().all(|&s| s));
        assert_eq!(unsolvable, SOLVABLE_BOARDS);
    }

    fn for_each_permutation(cells: &mut [u8; 9], from: usize, visit: &mut dyn FnMut(&[u8; 9])) {
        if from == cells.len() {
            return visit(cells);
        }
        for i in from..cells.len() {
            cells.swap(from, i);
            for_each_permutation(cells, from + 1, visit);
            cells.swap(from, i);
        }
    }

    #[test]
    fn moves_keep_solvability_and_undo_each_other() {
        for rank in (0..SOLVABLE_BOARDS).step_by(97) {
            let board = Board::unrank(rank).unwrap();
            for step in Move::ALL {
                if let Some(next) = board.apply(step) {
                    assert!(next.is_solvable());
                    assert_eq!(next.apply(step.inverse()), Some(board));
                    assert_eq!(board.apply_ranked(step, rank), Some((next, next.rank().unwrap())));
                }
            }
        }
    }

    #[test]
    fn parses_the_judge_form_and_names_what_is_wrong() {
        let board: Board = "2 3 4 1 5 x 7 6 8".parse().unwrap();
        assert_eq!(board.to_string(), "2 3 4 1 5 x 7 6 8");
        assert_eq!("234 15x768".parse::<Board>(), Err(BoardError::CellCount(2)));
        assert_eq!("23415x768".parse::<Board>(), Ok(board));
        assert_eq!("2 3 4 1 5 0 7 6 8".parse::<Board>(), Ok(board));
        assert_eq!("234150768".parse::<Board>(), Ok(board));
        assert_eq!("2,3,4, 1,5,x, 7,6,8".parse::<Board>(), Ok(board));
        assert_eq!("1 2 3 4 5 6 7 x 0".parse::<Board>(), Err(BoardError::RepeatedTile("x".into())));
        assert_eq!("1 2 3 4 5 6 7 8".parse::<Board>(), Err(BoardError::CellCount(8)));
        assert_eq!("1 2 3 4 5 6 7 8 9".parse::<Board>(), Err(BoardError::UnknownTile("9".into())));
        assert_eq!("1 2 3 4 5 6 7 7 x".parse::<Board>(), Err(BoardError::RepeatedTile("7".into())));
        assert_eq!("1 2 3 4 5 6 7 x x".parse::<Board>(), Err(BoardError::RepeatedTile("x".into())));
    }

    #[test]
    fn judge_input_keeps_line_numbers_across_blank_lines() {
        let cases = parse_judge_input("1 2 3 4 5 6 7 8 x\n\n1 2 3\n");
        assert_eq!(cases[0], Ok(Board::GOAL));
        assert_eq!(cases[1], Err(InputError::new(3, "expected 9 cells, found 3")));
    }
}
