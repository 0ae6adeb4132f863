//! The judge's formats (POJ 3131): the input's datasets, each a start cell's coordinates
//! line and three rows of colours, read as the judge reads them, and its answer, the
//! distance or `-1` beyond its cap.

use super::pattern::{cells_of, pattern_of};
use super::{Cell, Pattern, JUDGE_CAP};
use crate::judge::{numbered_lines, Case, InputError};

/// One judge dataset: the initially empty cell and the wanted pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dataset {
    /// The empty cell at the start.
    pub start: Cell,
    /// The wanted top colours and empty cell.
    pub pattern: Pattern,
}

/// Parses a judge input: datasets of a coordinates line `x y` and three rows of colours,
/// until the line `0 0` (anything after it is ignored, as the judge does).
///
/// A bad dataset becomes one error naming its line; reading resumes at the next line that
/// holds two numbers, so one broken dataset does not hide the good ones after it. An input
/// without `0 0` ends in an error at the line after the last.
pub fn parse_judge_input(input: &str) -> Vec<Case<Dataset>> {
    let mut lines = numbered_lines(input).peekable();
    let mut cases = Vec::new();
    let mut last_line = 0;
    while let Some((line, text)) = lines.next() {
        last_line = line;
        let start = match parse_coordinates(text) {
            Ok(None) => return cases,
            Ok(Some(start)) => Ok(start),
            Err(problem) => Err(InputError::new(line, problem)),
        };
        // The rows belong to this dataset even when its coordinates are bad, so that they
        // are not mistaken for datasets of their own.
        let mut rows = Vec::with_capacity(3);
        while rows.len() < 3 {
            let Some(row) = lines.next_if(|(_, text)| !looks_like_coordinates(text)) else { break };
            last_line = row.0;
            rows.push(row);
        }
        cases.push(start.and_then(|start| parse_rows(line, start, &rows).map(|pattern| Dataset { start, pattern })));
    }
    cases.push(Err(InputError::new(last_line + 1, "the input ends without the closing line \"0 0\"")));
    cases
}

/// A line of two whole numbers (good or bad coordinates), which starts a dataset.
fn looks_like_coordinates(text: &str) -> bool {
    let tokens: Vec<&str> = crate::judge::cells(text).collect();
    tokens.len() == 2 && tokens.iter().all(|t| t.parse::<i64>().is_ok())
}

/// The start cell of a coordinates line, `None` for the closing `0 0`.
fn parse_coordinates(text: &str) -> Result<Option<Cell>, String> {
    let numbers: Vec<Option<i64>> = crate::judge::cells(text).map(|t| t.parse().ok()).collect();
    match numbers[..] {
        [Some(0), Some(0)] => Ok(None),
        [Some(x), Some(y)] => {
            let cell = u32::try_from(x).ok().zip(u32::try_from(y).ok()).and_then(|(x, y)| Cell::from_xy(x, y));
            cell.map(Some).ok_or_else(|| format!("the empty cell ({x}, {y}) is off the board (x and y are 1 to 3)"))
        }
        _ => Err(format!(
            "expected the empty cell's coordinates \"x y\" (or \"0 0\" to end), found {}",
            crate::judge::quoted(text)
        )),
    }
}

/// The pattern in the three row lines of the dataset that starts at `line`.
fn parse_rows(line: usize, start: Cell, rows: &[(usize, &str)]) -> Case<Pattern> {
    let in_dataset = format!("in the dataset of line {line} (empty cell {start})");
    if rows.len() < 3 {
        let problem = format!("the dataset has only {} of its 3 rows of colours", rows.len());
        return Err(InputError::new(line, problem));
    }
    let mut cells = Vec::with_capacity(9);
    for (y, &(row_line, text)) in rows.iter().enumerate() {
        let row = cells_of(text).map_err(|e| InputError::new(row_line, format!("{e} {in_dataset}")))?;
        if row.len() != 3 {
            let problem = format!("row y={} has {} cells, expected 3 {in_dataset}", y + 1, row.len());
            return Err(InputError::new(row_line, problem));
        }
        cells.extend(row);
    }
    pattern_of(&cells).map_err(|e| InputError::new(line, e.to_string()))
}

/// The judge's answer for a pattern at `distance` rolls: the distance if at most
/// [`JUDGE_CAP`], else `-1`.
pub fn judge_answer(distance: u8) -> i32 {
    if distance <= JUDGE_CAP {
        i32::from(distance)
    } else {
        -1
    }
}
