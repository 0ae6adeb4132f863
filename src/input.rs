//! Reading input, line by line with a length cap, so that a hostile input (a 100 MB line)
//! costs bounded memory and a short error rather than the whole line in memory and in the
//! message. A UTF-8 byte-order mark at the start is skipped, a CR before the LF dropped,
//! bytes that are not UTF-8 kept as replacement characters (reported as bad cells of their
//! case), and `-` names standard input wherever a file is read.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::Context;
use puzzle_tables_models::judge::{quoted_start, InputError};

/// The longest line kept: far beyond any case of any judge format, and a bound on the memory
/// one line costs. A longer line is rejected without being kept.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// What takes the place of a line over [`MAX_LINE_BYTES`] in the text given to a parser: one
/// cell no format accepts, so the parser rejects the case at that line and the reader's
/// own message replaces the parser's.
const CUT_LINE: &str = "\u{2026}";

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// How long a line read was.
struct LineLength {
    /// For a line over the cap, cut: its length in characters.
    cut_at_chars: Option<usize>,
}

/// `path` opened for reading, or standard input when it is `None` or `-`.
pub fn open(path: Option<&Path>) -> anyhow::Result<Box<dyn BufRead>> {
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
        }
        None => Ok(Box::new(io::stdin().lock())),
    }
}

/// The largest whole file [`read_whole`] reads (a definition or a pattern).
const MAX_WHOLE: u64 = 16 << 20;

/// The whole text of `path` (`-`: standard input), at most 16 MiB of UTF-8.
pub fn read_whole(path: &Path) -> anyhow::Result<String> {
    let mut text = String::new();
    let name = path.display();
    open(Some(path))?
        .take(MAX_WHOLE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {name} as UTF-8 text"))?;
    if text.len() as u64 > MAX_WHOLE {
        anyhow::bail!("{name} is larger than 16 MiB");
    }
    Ok(text)
}

/// The lines of a reader, numbered from 1, each kept up to a cap (the rest skipped without
/// being kept): the one capped line reader, for inputs ([`Lines::next_line`]) and for a
/// contestant's output (`setter::answers`, through [`Lines::next_raw`]).
pub struct Lines<R> {
    reader: R,
    number: usize,
    bytes: Vec<u8>,
    cap: usize,
}

/// One line, read: its number, and its text or why it is rejected.
pub type Line<'a> = (usize, Result<Cow<'a, str>, InputError>);

/// One line as read, before any judgement: its number, its bytes without the line end
/// (at most the cap), whether a CR before the LF was dropped, and how long a cut line was.
pub struct RawLine<'a> {
    /// The line's number, from 1.
    pub number: usize,
    /// Its bytes, without `\n` and without a `\r` before it.
    pub bytes: &'a [u8],
    /// Whether a `\r` was dropped before the `\n`.
    pub crlf: bool,
    /// For a line over the cap, cut: its length in characters.
    pub cut_at_chars: Option<usize>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`, each kept up to [`MAX_LINE_BYTES`].
    pub fn new(reader: R) -> Lines<R> {
        Lines::with_cap(reader, MAX_LINE_BYTES)
    }

    /// The lines of `reader`, each kept up to `cap` bytes.
    pub fn with_cap(reader: R, cap: usize) -> Lines<R> {
        Lines { reader, number: 0, bytes: Vec::new(), cap }
    }

    /// How many lines have been read.
    pub fn lines_read(&self) -> usize {
        self.number
    }

    /// The next line as read, `None` at the end of the input. The bytes borrow a buffer
    /// that the next call reuses.
    pub fn next_raw(&mut self) -> io::Result<Option<RawLine<'_>>> {
        self.bytes.clear();
        let Some(length) = read_capped(&mut self.reader, &mut self.bytes, self.cap)? else { return Ok(None) };
        self.number += 1;
        let crlf = length.cut_at_chars.is_none() && self.bytes.last() == Some(&b'\r');
        if crlf {
            self.bytes.pop();
        }
        Ok(Some(RawLine { number: self.number, bytes: &self.bytes, crlf, cut_at_chars: length.cut_at_chars }))
    }

    /// The next line, `None` at the end of the input: its text, a byte-order mark at the
    /// start of the input skipped, or why it is rejected. The text borrows a buffer that the
    /// next call reuses.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        let cap = self.cap;
        let Some(raw) = self.next_raw()? else { return Ok(None) };
        let number = raw.number;
        let bytes = if number == 1 { raw.bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(raw.bytes) } else { raw.bytes };
        if let Some(chars) = raw.cut_at_chars {
            let start = String::from_utf8_lossy(bytes);
            let problem = format!("the line is longer than {cap} bytes: {}", quoted_start(&start, chars));
            return Ok(Some((number, Err(InputError::new(number, problem)))));
        }
        Ok(Some((number, Ok(String::from_utf8_lossy(bytes)))))
    }
}

/// Reads one line (without its `\n`) from `reader` onto `bytes`, keeping at most `cap` bytes
/// of it (the rest is skipped without being kept): `None` at the end of the input.
fn read_capped(reader: &mut impl BufRead, bytes: &mut Vec<u8>, cap: usize) -> io::Result<Option<LineLength>> {
    let (mut any, mut chars, mut cut) = (false, 0usize, false);
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(any.then_some(LineLength { cut_at_chars: cut.then_some(chars) }));
        }
        any = true;
        let (chunk, used) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], end + 1),
            None => (buffer, buffer.len()),
        };
        let room = cap.saturating_sub(bytes.len());
        cut |= chunk.len() > room;
        // Characters, not bytes: the bytes that do not continue a UTF-8 sequence.
        chars += chunk.iter().filter(|&&byte| byte & 0xC0 != 0x80).count();
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let ended = used > chunk.len();
        reader.consume(used);
        if ended {
            return Ok(Some(LineLength { cut_at_chars: cut.then_some(chars) }));
        }
    }
}

/// A whole input for a judge format's parser: its text, with each line over
/// [`MAX_LINE_BYTES`] replaced by a cell no format accepts, and why those lines are rejected.
pub struct Input {
    /// The text, line by line as read (line ends are LF).
    pub text: String,
    /// The lines over the cap, each rejected.
    cut_lines: Vec<InputError>,
}

impl Input {
    /// Reads `path` (standard input when it is `None` or `-`) line by line.
    pub fn read(path: Option<&Path>) -> anyhow::Result<Input> {
        let what =
            || path.filter(|p| p.as_os_str() != "-").map_or("standard input".into(), |p| p.display().to_string());
        let mut lines = Lines::new(open(path)?);
        let mut input = Input { text: String::new(), cut_lines: Vec::new() };
        while let Some((_, line)) = lines.next_line().with_context(|| format!("cannot read {}", what()))? {
            match line {
                Ok(text) => input.text.push_str(&text),
                Err(error) => {
                    input.text.push_str(CUT_LINE);
                    input.cut_lines.push(error);
                }
            }
            input.text.push('\n');
        }
        Ok(input)
    }

    /// The parser's `error`, or the reader's own when its line was over the cap.
    pub fn explain<'a>(&'a self, error: &'a InputError) -> &'a InputError {
        match self.cut_lines.binary_search_by_key(&error.line, |cut| cut.line) {
            Ok(index) => &self.cut_lines[index],
            Err(_) => error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8]) -> Vec<(usize, Result<String, String>)> {
        let mut lines = Lines::new(BufReader::with_capacity(16, input));
        let mut found = Vec::new();
        while let Some((number, line)) = lines.next_line().unwrap() {
            found.push((number, line.map(|text| text.into_owned()).map_err(|e| e.problem)));
        }
        found
    }

    #[test]
    fn a_byte_order_mark_and_line_ends_are_dropped() {
        let lines = all_lines(b"\xEF\xBB\xBF1 2\r\n\xEF\xBB\xBF3\n\n4");
        let expected = [(1, Ok("1 2")), (2, Ok("\u{FEFF}3")), (3, Ok("")), (4, Ok("4"))];
        assert_eq!(lines, expected.map(|(n, text)| (n, text.map(String::from))));
    }

    #[test]
    fn a_line_over_the_cap_is_rejected_with_its_start_and_length_and_the_next_is_read() {
        let mut input = "é".repeat(MAX_LINE_BYTES);
        input.push_str("\nnext\n");
        let lines = all_lines(input.as_bytes());
        assert_eq!(MAX_LINE_BYTES, 65_536, "the count below is written for this cap");
        let problem = format!("the line is longer than 65536 bytes: {:?}... (65,536 characters)", "é".repeat(80));
        assert_eq!(lines, [(1, Err(problem)), (2, Ok("next".to_string()))]);
    }
}
