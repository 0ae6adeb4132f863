//! One case per line: `solve PUZZLE -` reads cases from standard input and writes one
//! answer line per input line, so output line i always belongs to input line i.
//!
//! A rejected line is named on standard error and still yields its output line:
//! `error: line N: WHY` as text, `{"line": N, "error": WHY}` with `--json`. With `--strict`
//! the run stops after the first rejected line, exit status 1.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_query::answer::{AnswerError, PuzzleAnswer};
use serde_json::json;

use crate::input::Lines;
use crate::options::SolveOptions;
use crate::tables::answer_error;
use crate::writer::{self, errln};

/// One line's answer: its text line, and the same answer as a JSON object.
pub struct LineAnswer {
    /// The answer as one line of text, without the newline.
    pub text: String,
    /// The answer as a JSON object, written compactly on one line.
    pub json: serde_json::Value,
}

/// Answers every line of standard input by `answer` (the library's answer path): the
/// answer's line ([`PuzzleAnswer::line`]), or its JSON; a refused board is the line's
/// rejection, any other error ends the run.
pub fn answer_lines_by<A: PuzzleAnswer>(
    options: &SolveOptions,
    mut answer: impl FnMut(&str) -> Result<A, AnswerError>,
) -> anyhow::Result<ExitCode> {
    answer_lines(options, |line| match answer(line) {
        Ok(answered) => Ok(Ok(LineAnswer { text: answered.line(), json: serde_json::to_value(&answered)? })),
        Err(AnswerError::Input(refused)) => Ok(Err(refused.why)),
        Err(error) => Err(answer_error(error)),
    })
}

/// A line's case was rejected, for the reason given.
pub type Rejection = String;

/// Answers every line of standard input with `answer`, in order, on standard output, as
/// text or as JSON (`options.json`). `answer` returns `Ok(Err(why))` for a line it rejects
/// and `Err` only when nothing more can be answered (a damaged table). Exit status 1 when
/// any line was rejected.
pub fn answer_lines(
    options: &SolveOptions,
    mut answer: impl FnMut(&str) -> anyhow::Result<Result<LineAnswer, Rejection>>,
) -> anyhow::Result<ExitCode> {
    let mut lines = Lines::new(io::stdin().lock());
    let mut out = writer::stdout_buffered();
    let mut rejected = 0usize;
    while let Some((number, line)) = lines.next_line().context("cannot read standard input")? {
        let answered = match line {
            Ok(text) => answer(&text)?,
            Err(error) => Err(error.problem),
        };
        match answered {
            Ok(answered) if options.json => writeln!(out, "{}", answered.json)?,
            Ok(answered) => writeln!(out, "{}", answered.text)?,
            Err(why) => {
                rejected += 1;
                out.flush()?;
                errln!("puzzle-tables: rejected input line {number}: {why}");
                if options.json {
                    writeln!(out, "{}", json!({ "line": number, "error": why }))?;
                } else {
                    writeln!(out, "error: line {number}: {why}")?;
                }
                if options.strict {
                    break;
                }
            }
        }
    }
    out.flush()?;
    Ok(if rejected > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
