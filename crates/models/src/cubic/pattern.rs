//! The cubic puzzle's [`Pattern`]: what the judge asks about (the empty cell and every
//! other cell's top colour), its index, and reading it from text.

use std::fmt;

use super::{Cell, Colour, Orientation, State, CUBE_TOPS};

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
pub(super) fn cells_of(text: &str) -> Result<Vec<Option<Colour>>, PatternError> {
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
pub(super) fn pattern_of(cells: &[Option<Colour>]) -> Result<Pattern, PatternError> {
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
