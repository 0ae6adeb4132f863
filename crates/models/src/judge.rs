//! What every judge format shares: cases that carry the input line they came from, and
//! errors that name that line.

use std::fmt;

/// A problem with one case of a judge input, at a 1-based input line.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The lines of `input` that hold something, numbered from 1, with surrounding blanks
/// trimmed. Blank lines are skipped, so their numbers are simply never yielded.
pub fn numbered_lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
    input.lines().enumerate().map(|(index, line)| (index + 1, line.trim())).filter(|(_, line)| !line.is_empty())
}
