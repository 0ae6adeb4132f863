//! What every judge format shares: cases that carry the input line they came from, and
//! errors that name that line.

use std::fmt;

/// A problem with one case of a judge input, at a 1-based input line. `#[non_exhaustive]`:
/// its fields are for reading (build one with [`InputError::new`]), and more may be added.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputError {
    /// The input line (1-based) where the problem was found.
    pub line: usize,
    /// What is wrong, in words.
    pub problem: String,
}

impl InputError {
    /// An error at `line` saying `problem`.
    pub fn new(line: usize, problem: impl Into<String>) -> InputError {
        InputError { line, problem: problem.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for InputError {}

/// One parsed case, or why it was rejected; a judge input becomes a list of these, in order.
pub type Case<T> = Result<T, InputError>;

/// A judge input that announces its number of cases: the cases in order, and what is wrong
/// with the count line, if anything (a missing count, or one that disagrees with the cases
/// present; every case present is answered either way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedInput<T> {
    /// Each case, or why it was rejected.
    pub cases: Vec<Case<T>>,
    /// A missing count, or one that differs from the cases present.
    pub count_problem: Option<InputError>,
}

/// A format without a count line: no count, so nothing wrong with one.
impl<T> From<Vec<Case<T>>> for CountedInput<T> {
    fn from(cases: Vec<Case<T>>) -> CountedInput<T> {
        CountedInput { cases, count_problem: None }
    }
}

impl<T> CountedInput<T> {
    /// Each case with its number in the input, from 1, rejected cases counted too (as
    /// LightOJ numbers them).
    pub fn numbered(self) -> CountedInput<(usize, T)> {
        let cases = self.cases.into_iter().enumerate().map(|(index, case)| case.map(|c| (index + 1, c))).collect();
        CountedInput { cases, count_problem: self.count_problem }
    }

    /// Every case, or the first problem: the count's, else the first rejected case's.
    pub fn into_cases(self) -> Result<Vec<T>, InputError> {
        match self.count_problem {
            Some(problem) => Err(problem),
            None => self.cases.into_iter().collect(),
        }
    }
}

/// Parses a judge input whose first line is the number of cases (each a `noun`, as the
/// messages name them), and whose cases `parse_cases` reads from the blocks of lines
/// ([`line_blocks`]) after it; without a count, every block is read as cases.
pub fn parse_counted_input<T>(
    input: &str,
    noun: &str,
    parse_cases: impl Fn(&[Vec<(usize, &str)>]) -> Vec<Case<T>>,
) -> CountedInput<T> {
    let mut blocks = line_blocks(input);
    let Some(&(count_line, first)) = blocks.first().and_then(|block| block.first()) else {
        let problem = InputError::new(1, format!("empty input: expected the number of {noun}s"));
        return CountedInput { cases: Vec::new(), count_problem: Some(problem) };
    };
    let Ok(count) = first.parse::<usize>() else {
        let problem = InputError::new(count_line, format!("expected the number of {noun}s, found {}", quoted(first)));
        return CountedInput { cases: parse_cases(&blocks), count_problem: Some(problem) };
    };
    blocks[0].remove(0);
    let cases = parse_cases(&blocks);
    let count_problem = (cases.len() != count).then(|| {
        let present = cases.len();
        let announced = if count == 1 { noun.to_string() } else { format!("{noun}s") };
        let problem =
            format!("the input announces {count} {announced} but holds {present}; answering the {present} present");
        InputError::new(count_line, problem)
    });
    CountedInput { cases, count_problem }
}

/// The non-blank lines of `input`, numbered from 1 and trimmed, in blocks separated by
/// blank lines (a judge format whose cases are blocks of lines).
pub fn line_blocks(input: &str) -> Vec<Vec<(usize, &str)>> {
    let mut blocks: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (index, line) in input.lines().enumerate() {
        let line = line.trim();
        match blocks.last_mut() {
            Some(block) if !line.is_empty() => block.push((index + 1, line)),
            Some(block) if !block.is_empty() => blocks.push(Vec::new()),
            _ => {}
        }
    }
    blocks.retain(|block| !block.is_empty());
    blocks
}

/// The lines of `input` that hold something, numbered from 1, with surrounding blanks
/// trimmed. Blank lines are skipped, so their numbers are simply never yielded.
pub fn numbered_lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
    input.lines().enumerate().map(|(index, line)| (index + 1, line.trim())).filter(|(_, line)| !line.is_empty())
}

/// The cells of a line: separated by white space or commas (`2,3,4,1,5,x,7,6,8`).
pub fn cells(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|cell| !cell.is_empty())
}

/// The most characters of an input an error message quotes.
pub const QUOTED_CHARS: usize = 80;

/// `text` quoted for an error message: whole when it is short, else its first
/// [`QUOTED_CHARS`] characters and its length, `"1 1 1 ..."... (10,485,760 characters)`.
pub fn quoted(text: &str) -> String {
    quoted_start(text, text.chars().count())
}

/// [`quoted`] for a text of `chars` characters of which only the start, `start`, is kept.
pub fn quoted_start(start: &str, chars: usize) -> String {
    match start.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{:?}... ({} characters)", &start[..end], thousands(chars)),
        None if chars > start.chars().count() => format!("{start:?}... ({} characters)", thousands(chars)),
        None => format!("{start:?}"),
    }
}

/// `10485760` as `10,485,760`.
fn thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_quoted_by_their_start_and_length() {
        assert_eq!(quoted("1 2 x"), "\"1 2 x\"");
        let long = "1".repeat(10_485_760);
        assert_eq!(quoted(&long), format!("{:?}... (10,485,760 characters)", "1".repeat(80)));
        assert_eq!(quoted(&"é".repeat(81)), format!("{:?}... (81 characters)", "é".repeat(80)));
        assert_eq!(quoted(&"é".repeat(80)), format!("{:?}", "é".repeat(80)));
        assert_eq!(quoted_start("abc", 1_000), "\"abc\"... (1,000 characters)");
    }

    #[test]
    fn commas_separate_cells_like_white_space() {
        assert_eq!(cells(" 2,3 ,4\t, x ").collect::<Vec<_>>(), ["2", "3", "4", "x"]);
    }
}
