//! A contestant's output, read as hostile input: line by line, each line cut at
//! [`MAX_LINE_BYTES`] (the rest is skipped without being kept), any bytes accepted, and
//! what a lenient judge forgives (CRLF line ends, white space around an answer, blank lines
//! between answers) noted so the verdict can name it.

use std::io::{self, BufRead};

use crate::input::Lines;

/// The longest answer line kept; a longer line is cut here and rejected as too long. An
/// eight-puzzle answer need not be shortest, so this leaves room for long ones.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// `text` quoted for a verdict, cut after 40 characters so a hostile line stays short.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{:?}...", &text[..end]),
        None => format!("{text:?}"),
    }
}

/// One line of output: its 1-based number and its text, trimmed.
#[derive(Clone, Debug)]
pub struct AnswerLine {
    /// The line's number in the output, from 1.
    pub number: usize,
    /// The text without its line end and the white space around it.
    pub text: String,
    /// Whether the line was longer than [`MAX_LINE_BYTES`] and cut.
    pub cut: bool,
}

/// The output being checked, read one line at a time.
pub struct AnswerLines<R> {
    lines: Lines<R>,
    /// A line read ahead by [`AnswerLines::next_nonblank_if`] and not taken.
    ahead: Option<AnswerLine>,
    /// What was forgiven since [`AnswerLines::take_notes`] was last called.
    notes: Vec<String>,
}

impl<R: BufRead> AnswerLines<R> {
    /// Reads output from `reader`.
    pub fn new(reader: R) -> AnswerLines<R> {
        AnswerLines { lines: Lines::with_cap(reader, MAX_LINE_BYTES), ahead: None, notes: Vec::new() }
    }

    /// The number of the last line taken (a line read ahead and left is not taken).
    pub fn lines_taken(&self) -> usize {
        self.lines.lines_read() - usize::from(self.ahead.is_some())
    }

    /// The next line as it is (blank or not), `None` at the end of the output.
    pub fn next_line(&mut self) -> io::Result<Option<AnswerLine>> {
        if let Some(line) = self.ahead.take() {
            return Ok(Some(line));
        }
        let Some(raw) = self.lines.next_raw()? else { return Ok(None) };
        let (number, cut) = (raw.number, raw.cut_at_chars.is_some());
        if raw.crlf {
            self.notes.push(format!("line {number}: CRLF line end read as LF"));
        }
        let text = String::from_utf8_lossy(raw.bytes);
        let trimmed = text.trim();
        if !trimmed.is_empty() && trimmed.len() != text.len() {
            let side = match (text.starts_with(char::is_whitespace), text.ends_with(char::is_whitespace)) {
                (true, true) => "leading and trailing",
                (true, false) => "leading",
                _ => "trailing",
            };
            self.notes.push(format!("line {number}: {side} white space ignored"));
        }
        Ok(Some(AnswerLine { number, text: trimmed.to_string(), cut }))
    }

    /// The next line that is not blank, noting the blank lines skipped on the way.
    pub fn next_nonblank(&mut self) -> io::Result<Option<AnswerLine>> {
        self.next_nonblank_if(|_| true)
    }

    /// The next non-blank line if `wanted` accepts it; otherwise it stays to be read next.
    pub fn next_nonblank_if(&mut self, wanted: impl Fn(&AnswerLine) -> bool) -> io::Result<Option<AnswerLine>> {
        loop {
            let Some(line) = self.next_line()? else { return Ok(None) };
            if line.text.is_empty() && !line.cut {
                self.notes.push(format!("line {}: blank line skipped", line.number));
                continue;
            }
            if wanted(&line) {
                return Ok(Some(line));
            }
            self.ahead = Some(line);
            return Ok(None);
        }
    }

    /// What was forgiven since the last call, oldest first.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8]) -> AnswerLines<&[u8]> {
        AnswerLines::new(text)
    }

    #[test]
    fn line_ends_and_white_space_are_forgiven_and_noted() {
        let mut output = lines(b"ab \r\n\r\n  cd\nef");
        let first = output.next_line().unwrap().unwrap();
        assert_eq!((first.number, first.text.as_str()), (1, "ab"));
        assert_eq!(output.take_notes(), ["line 1: CRLF line end read as LF", "line 1: trailing white space ignored"]);
        let third = output.next_nonblank().unwrap().unwrap();
        assert_eq!((third.number, third.text.as_str()), (3, "cd"));
        let notes = output.take_notes();
        assert_eq!(
            notes,
            ["line 2: CRLF line end read as LF", "line 2: blank line skipped", "line 3: leading white space ignored"]
        );
        assert_eq!(output.next_line().unwrap().unwrap().text, "ef");
        assert!(output.next_line().unwrap().is_none());
    }

    #[test]
    fn a_line_longer_than_the_cap_is_cut_and_the_next_line_still_read() {
        let mut text = vec![b'u'; MAX_LINE_BYTES + 10];
        text.extend_from_slice(b"\nnext\n");
        let mut output = AnswerLines::new(io::BufReader::with_capacity(4096, &text[..]));
        let long = output.next_line().unwrap().unwrap();
        assert!(long.cut);
        assert_eq!(long.text.len(), MAX_LINE_BYTES);
        assert_eq!(output.next_line().unwrap().unwrap().text, "next");
    }

    #[test]
    fn a_line_not_taken_is_read_next() {
        let mut output = lines(b"1 1\n2\n");
        assert!(output.next_nonblank_if(|line| line.text == "1 1").unwrap().is_some());
        assert!(output.next_nonblank_if(|line| line.text == "1 1").unwrap().is_none());
        assert_eq!(output.next_nonblank().unwrap().unwrap().number, 2);
    }
}
