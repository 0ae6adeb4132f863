//! The fifteen puzzle (UVa 10181 "15-Puzzle Problem", LightOJ 1121 "15-Puzzle").
//!
//! A board is sixteen cells in row-major order; tiles are `1..=15` and the blank is `0`.
//! The goal is `1 2 ... 15 0`. A [`Move`] is named by the direction the blank travels, as
//! the judges write it: `U`, `D`, `L`, `R`.
//!
//! The state space (16!/2 boards) is too large to rank whole; pattern databases rank
//! *placements*: where each tile of a pattern stands, the others ignored
//! ([`placement_rank`]). A placement of `k` tiles is a sequence of `k` distinct cells,
//! ranked as a mixed-radix number whose `i`-th digit is the cell of the `i`-th tile counted
//! among the cells the earlier tiles leave free (radix `16 - i`), onto
//! `0..placements(k)` = `0..16!/(16-k)!`.

use std::fmt;

use crate::judge::{parse_counted_input, Case, CountedInput, InputError};

/// Bumped whenever [`placement_rank`] changes; tables built with another ranking are refused.
pub const RANKING_VERSION: u32 = 1;

/// The number of cells.
pub const CELLS: usize = 16;
/// The blank's value in [`Board::cells`].
pub const BLANK: u8 = 0;
/// The longest optimal answer any board needs (Brüngger et al. 1999; Korf 2008).
pub const MAX_DISTANCE: usize = 80;

/// A direction the blank travels, sliding the neighbouring tile into the blank's cell.
/// Exhaustive: a grid has these four directions and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves down a row.
    Down,
    /// The blank moves left a column.
    Left,
    /// The blank moves right a column.
    Right,
    /// The blank moves up a row.
    Up,
}

impl Move {
    /// Every move, in dictionary order of its letter (`D L R U`): the order a search tries
    /// them in, so that its first optimal answer is the first in dictionary order.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The judges' letter: `D`, `L`, `R` or `U`.
    pub fn letter(self) -> char {
        match self {
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
            Move::Up => 'U',
        }
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        match self {
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
        }
    }

    /// The blank's cell after this move from `blank`, or `None` at the frame.
    pub fn target(self, blank: usize) -> Option<usize> {
        match self {
            Move::Down if blank < 12 => Some(blank + 4),
            Move::Left if !blank.is_multiple_of(4) => Some(blank - 1),
            Move::Right if blank % 4 < 3 => Some(blank + 1),
            Move::Up if blank >= 4 => Some(blank - 4),
            _ => None,
        }
    }
}

/// A board: sixteen cells in row-major order, holding each of `0..=15` once (`0` the blank).
///
/// ```
/// use puzzle_tables_models::fifteen::{move_letters, Board, Move};
///
/// let board: Board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse()?;
/// assert_eq!(board.apply(Move::Right), Some(Board::GOAL));
/// assert_eq!(move_letters(&[Move::Right]), "R");
/// assert!("1 2 3".parse::<Board>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

/// Why sixteen numbers do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// Not sixteen numbers.
    CellCount(usize),
    /// Something other than a number from 0 to 15.
    UnknownTile(String),
    /// A tile (or the blank) given twice.
    RepeatedTile(u8),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::CellCount(n) => write!(f, "expected 16 numbers, found {n}"),
            BoardError::UnknownTile(t) => {
                write!(f, "unknown tile {} (tiles are 1 to 15, and 0 the blank)", crate::judge::quoted(t))
            }
            BoardError::RepeatedTile(BLANK) => write!(f, "the blank (0) appears more than once"),
            BoardError::RepeatedTile(t) => write!(f, "tile {t} appears more than once"),
        }
    }
}

impl std::error::Error for BoardError {}

/// The cell a cell goes to when the board is reflected about its main diagonal.
pub const TRANSPOSED_CELL: [u8; CELLS] = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15];

impl Board {
    /// The goal: `1 2 ... 15 0`.
    pub const GOAL: Board = Board { cells: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, BLANK] };

    /// A board from sixteen cells, each of `0..=15` exactly once.
    pub fn from_cells(cells: [u8; CELLS]) -> Result<Board, BoardError> {
        let mut seen = 0u32;
        for &cell in &cells {
            if usize::from(cell) >= CELLS {
                return Err(BoardError::UnknownTile(cell.to_string()));
            }
            if seen & (1 << cell) != 0 {
                return Err(BoardError::RepeatedTile(cell));
            }
            seen |= 1 << cell;
        }
        Ok(Board { cells })
    }

    /// The sixteen cells in row-major order (`0` is the blank).
    pub fn cells(&self) -> [u8; CELLS] {
        self.cells
    }

    /// The blank's cell, `0..16` in row-major order.
    pub fn blank_cell(&self) -> usize {
        self.cells.iter().position(|&c| c == BLANK).unwrap_or(0)
    }

    /// Whether some sequence of moves reaches [`Board::GOAL`]: exactly when the inversions
    /// among the tiles plus the blank's row counted from the bottom (1 to 4) is odd. A move
    /// left or right changes neither; a move up or down passes the moved tile over three
    /// others (an odd change of inversions) and changes the row by one.
    pub fn is_solvable(&self) -> bool {
        let tiles: Vec<u8> = self.cells.iter().copied().filter(|&c| c != BLANK).collect();
        let inversions: usize =
            (0..tiles.len()).map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count()).sum();
        let row_from_bottom = 4 - self.blank_cell() / 4;
        (inversions + row_from_bottom) % 2 == 1
    }

    /// The board after `step`, or `None` when the blank would leave the frame.
    pub fn apply(&self, step: Move) -> Option<Board> {
        let blank = self.blank_cell();
        let target = step.target(blank)?;
        let mut cells = self.cells;
        cells.swap(blank, target);
        Some(Board { cells })
    }

    /// The board reflected about its main diagonal, tiles renamed to match: tile `t` becomes
    /// the tile whose goal cell is the reflection of `t`'s. The goal is its own reflection, a
    /// board and its reflection need the same number of moves, and a lower bound on either
    /// is a lower bound on both.
    pub fn reflected(&self) -> Board {
        let mut cells = [BLANK; CELLS];
        for (cell, &tile) in self.cells.iter().enumerate() {
            cells[usize::from(TRANSPOSED_CELL[cell])] = reflected_tile(tile);
        }
        Board { cells }
    }
}

/// The name tile `tile` takes on the reflected board (the blank stays the blank).
pub fn reflected_tile(tile: u8) -> u8 {
    if tile == BLANK {
        BLANK
    } else {
        TRANSPOSED_CELL[usize::from(tile - 1)] + 1
    }
}

/// The number of placements of `k` distinct tiles on the sixteen cells, `16!/(16-k)!`.
pub const fn placements(k: usize) -> u64 {
    let mut count = 1u64;
    let mut i = 0;
    while i < k {
        count *= (CELLS - i) as u64;
        i += 1;
    }
    count
}

/// The rank of a placement (`cells[i]` holds the pattern's `i`-th tile; at most 16 tiles,
/// all cells distinct and below 16) in `0..placements(cells.len())`; see the module
/// documentation.
pub fn placement_rank(cells: &[u8]) -> u64 {
    let mut occupied = 0u32;
    let mut rank = 0u64;
    for (i, &cell) in cells.iter().enumerate() {
        let free_before = u32::from(cell) - (occupied & ((1 << cell) - 1)).count_ones();
        rank = rank * (CELLS - i) as u64 + u64::from(free_before);
        occupied |= 1 << cell;
    }
    rank
}

/// The placement of rank `rank` for `cells.len()` tiles, written into `cells`: the inverse
/// of [`placement_rank`]. `rank` must be below `placements(cells.len())`.
pub fn placement_unrank(mut rank: u64, cells: &mut [u8]) {
    let k = cells.len();
    let mut digits = [0u32; CELLS];
    for i in (0..k).rev() {
        let radix = (CELLS - i) as u64;
        digits[i] = (rank % radix) as u32;
        rank /= radix;
    }
    let mut free = (1u32 << CELLS) - 1;
    for (slot, &digit) in cells.iter_mut().zip(&digits) {
        let mut candidates = free;
        for _ in 0..digit {
            candidates &= candidates - 1;
        }
        let cell = candidates.trailing_zeros();
        free &= !(1 << cell);
        *slot = cell as u8;
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// Sixteen numbers row by row, separated by white space or commas, `0` the blank.
    /// Sixteen hexadecimal digits written together (`123456789abcdef0`) are read the same way.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let tokens: Vec<&str> = crate::judge::cells(text).collect();
        if let [word] = tokens[..] {
            if word.len() == CELLS && word.chars().all(|c| c.is_ascii_hexdigit()) {
                let mut cells = [BLANK; CELLS];
                for (slot, digit) in cells.iter_mut().zip(word.chars()) {
                    *slot = digit.to_digit(16).expect("checked to be a hexadecimal digit") as u8;
                }
                return Board::from_cells(cells);
            }
        }
        if tokens.len() != CELLS {
            return Err(BoardError::CellCount(tokens.len()));
        }
        let mut cells = [BLANK; CELLS];
        for (slot, token) in cells.iter_mut().zip(&tokens) {
            *slot = match token.parse::<u8>() {
                Ok(tile) if usize::from(tile) < CELLS => tile,
                _ => return Err(BoardError::UnknownTile(token.to_string())),
            };
        }
        Board::from_cells(cells)
    }
}

impl fmt::Display for Board {
    /// One line, `1 2 3 ... 15 0`; `{:#}` draws four rows, numbers right-aligned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (cell, &tile) in self.cells.iter().enumerate() {
            if f.alternate() {
                let separator = if cell == 0 {
                    ""
                } else if cell % 4 == 0 {
                    "\n"
                } else {
                    " "
                };
                write!(f, "{separator}{tile:>2}")?;
            } else {
                let separator = if cell == 0 { "" } else { " " };
                write!(f, "{separator}{tile}")?;
            }
        }
        Ok(())
    }
}

/// Writes moves as the judges' letters, `LLLDRDRDR`.
pub fn move_letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// A judge input: the boards in order, and what is wrong with the announced count, if
/// anything.
pub type JudgeInput = CountedInput<Board>;

/// Parses a judge input of either judge: the number of boards, then each board as four
/// lines of four numbers (UVa 10181 writes them back to back, LightOJ 1121 puts a blank
/// line before each). Lines are read in blocks separated by blank lines, four lines to a
/// board, so one bad board never shifts the ones after it into the wrong lines.
pub fn parse_judge_input(input: &str) -> JudgeInput {
    parse_counted_input(input, "board", parse_boards)
}

fn parse_boards(blocks: &[Vec<(usize, &str)>]) -> Vec<Case<Board>> {
    let mut cases = Vec::new();
    for block in blocks {
        if block.len() % 4 != 0 {
            let (first, last) = (block[0].0, block[block.len() - 1].0);
            let problem =
                format!("a board is four lines of four numbers, but lines {first} to {last} are {} lines", block.len());
            cases.push(Err(InputError::new(first, problem)));
            continue;
        }
        cases.extend(block.chunks(4).map(read_board));
    }
    cases
}

fn read_board(lines: &[(usize, &str)]) -> Case<Board> {
    for &(line, text) in lines {
        let numbers = crate::judge::cells(text).count();
        if numbers != 4 {
            return Err(InputError::new(line, format!("a board row is four numbers, found {numbers}")));
        }
    }
    let text: Vec<&str> = lines.iter().map(|&(_, text)| text).collect();
    text.join(" ").parse().map_err(|e: BoardError| InputError::new(lines[0].0, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_rank_onto_a_dense_range_and_unrank_back() {
        for k in [1usize, 2, 3] {
            let mut seen = vec![false; placements(k) as usize];
            let mut cells = vec![0u8; k];
            for rank in 0..placements(k) {
                placement_unrank(rank, &mut cells);
                let mut distinct = cells.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), k);
                assert_eq!(placement_rank(&cells), rank);
                assert!(!std::mem::replace(&mut seen[rank as usize], true));
            }
        }
        let mut cells = [0u8; 8];
        for rank in (0..placements(8)).step_by(1_000_003) {
            placement_unrank(rank, &mut cells);
            assert_eq!(placement_rank(&cells), rank);
        }
        assert_eq!(placements(8), 518_918_400);
    }

    /// FNV-1a over the ranks of a fixed sample of placements of 3, 6, 7 and 8 tiles.
    fn sampled_ranks_hash() -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut state = 2026u64;
        for k in [3usize, 6, 7, 8] {
            for _ in 0..1000 {
                let mut cells: Vec<u8> = (0..16).collect();
                for i in (1..16).rev() {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    cells.swap(i, (state >> 33) as usize % (i + 1));
                }
                for byte in placement_rank(&cells[..k]).to_le_bytes() {
                    hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
                }
            }
        }
        hash
    }

    #[test]
    fn the_ranking_is_pinned() {
        assert_eq!(
            sampled_ranks_hash(),
            PINNED_RANKS_HASH,
            "placement_rank changed: bump RANKING_VERSION (tables built with the old ranking must be refused), then \
             update PINNED_RANKS_HASH"
        );
    }

    const PINNED_RANKS_HASH: u64 = 5_190_889_926_513_728_651;

    #[test]
    fn random_walks_stay_solvable_and_swapped_tiles_are_not() {
        let mut board = Board::GOAL;
        let mut state = 12345u32;
        for _ in 0..2000 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            if let Some(next) = board.apply(Move::ALL[(state >> 16) as usize % 4]) {
                board = next;
            }
            assert!(board.is_solvable(), "{board}");
            let mut cells = board.cells();
            let (a, b) = if cells[0] != BLANK && cells[1] != BLANK { (0, 1) } else { (2, 3) };
            cells.swap(a, b);
            assert!(!Board::from_cells(cells).unwrap().is_solvable(), "{board} with two tiles swapped");
            assert!(board.reflected().is_solvable());
            assert_eq!(board.reflected().reflected(), board);
        }
        assert_eq!(Board::GOAL.reflected(), Board::GOAL);
    }

    #[test]
    fn parses_boards_and_names_what_is_wrong() {
        let board: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse().unwrap();
        assert_eq!(board.to_string(), "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15");
        assert_eq!(format!("{:#}", Board::GOAL).lines().next(), Some(" 1  2  3  4"));
        assert_eq!("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0".parse(), Ok(Board::GOAL));
        assert_eq!("1 2 3".parse::<Board>(), Err(BoardError::CellCount(3)));
        let spaced: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse().unwrap();
        assert_eq!("2340157896ACDEBF".parse::<Board>(), Ok(spaced));
        assert_eq!("2340157896acdebf".parse::<Board>(), Ok(spaced));
        assert_eq!("2340157896ACDEBB".parse::<Board>(), Err(BoardError::RepeatedTile(11)));
        assert_eq!(
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16".parse::<Board>(),
            Err(BoardError::UnknownTile("16".into()))
        );
        assert_eq!("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 0".parse::<Board>(), Err(BoardError::UnknownTile("x".into())));
        assert_eq!("1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0".parse::<Board>(), Err(BoardError::RepeatedTile(14)));
    }

    #[test]
    fn judge_input_in_both_layouts_keeps_line_numbers() {
        let uva = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";
        let parsed = parse_judge_input(uva);
        assert_eq!(parsed.count_problem, None);
        assert_eq!(parsed.cases.len(), 2);
        let lightoj = "2\n\n1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 0\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
        let parsed = parse_judge_input(lightoj);
        assert_eq!(parsed.cases[0], Err(InputError::new(4, "a board row is four numbers, found 3")));
        assert!(parsed.cases[1].is_ok());
        let parsed = parse_judge_input("3\n1 2 3 4\n5 6 7 8\n9 10 11 12\n");
        assert_eq!(parsed.cases[0].as_ref().unwrap_err().line, 2);
        assert_eq!(parsed.count_problem.map(|p| p.line), Some(1));
    }
}
