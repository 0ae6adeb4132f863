//! One case per line: `solve PUZZLE -` reads cases from standard input and writes one
//! answer line per input line, so output line i always belongs to input line i.
//!
//! A rejected line is named on standard error and still yields its output line:
//! `error: line N: WHY` as text, `{"line": N, "error": WHY}` with `--json`.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use serde_json::json;

/// One line's answer: its text line, and the same answer as a JSON object.
pub struct LineAnswer {
    /// The answer as one line of text, without the newline.
    pub text: String,
    /// The answer as a JSON object, written compactly on one line.
    pub json: serde_json::Value,
}

/// A line's case was rejected, for the reason given.
pub type Rejection = String;

/// Answers every line of `input` with `answer`, in order, on standard output. `answer`
/// returns `Ok(Err(why))` for a line it rejects and `Err` only when nothing more can be
/// answered (a damaged table). Exit status 1 when any line was rejected.
pub fn answer_lines(
    input: impl BufRead,
    as_json: bool,
    mut answer: impl FnMut(&str) -> anyhow::Result<Result<LineAnswer, Rejection>>,
) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut rejected = 0usize;
    for (index, line) in input.lines().enumerate() {
        let number = index + 1;
        match answer(line?.trim_end_matches('\r'))? {
            Ok(answered) if as_json => writeln!(out, "{}", answered.json)?,
            Ok(answered) => writeln!(out, "{}", answered.text)?,
            Err(why) => {
                rejected += 1;
                out.flush()?;
                eprintln!("puzzle-tables: rejected input line {number}: {why}");
                if as_json {
                    writeln!(out, "{}", json!({ "line": number, "error": why }))?;
                } else {
                    writeln!(out, "error: line {number}: {why}")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if rejected > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
