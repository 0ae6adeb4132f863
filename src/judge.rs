//! Running a judge input: every good case answered in order in the judge's format, every
//! bad one reported on standard error (naming its line) with no line of output, as a judge
//! would; `--strict` stops at the first bad case.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use puzzle_tables_models::judge::{Case, InputError};

use crate::input::Input;
use crate::writer::{self, errln};

/// Reads the whole input from `path`, or from standard input when it is `None` or `-`,
/// line by line (see [`Input::read`]).
pub fn read_input(path: Option<&Path>) -> anyhow::Result<String> {
    Ok(Input::read(path)?.text)
}

/// A judge input, read, and how to treat its bad cases.
pub struct JudgeInput {
    /// The input.
    pub input: Input,
    /// Stop at the first rejected case (exit status 1).
    pub strict: bool,
}

impl JudgeInput {
    /// The input's text, for the puzzle's parser.
    pub fn text(&self) -> &str {
        &self.input.text
    }

    /// Reports a problem with the input as a whole (a wrong case count); `true` when the
    /// run stops there (`--strict`).
    pub fn reject_whole(&self, problem: &InputError) -> bool {
        errln!("puzzle-tables: rejected input {problem}");
        self.strict
    }

    /// Answers `cases` in order on standard output, writing each answer with `answer`; each
    /// rejected case is reported on standard error, naming its line. Exit status 1 when any
    /// case was rejected.
    pub fn answer_cases<T>(
        &self,
        cases: &[Case<T>],
        mut answer: impl FnMut(&T, &mut dyn Write) -> anyhow::Result<()>,
    ) -> anyhow::Result<ExitCode> {
        let mut out = writer::stdout_buffered();
        let mut rejected = 0usize;
        for case in cases {
            match case {
                Ok(value) => answer(value, &mut out)?,
                Err(error) => {
                    // Keep the answers so far ahead of the message, in the order of the input.
                    out.flush()?;
                    errln!("puzzle-tables: rejected input {}", self.input.explain(error));
                    rejected += 1;
                    if self.strict {
                        errln!("puzzle-tables: stopped at the first rejected case (--strict)");
                        return Ok(ExitCode::from(1));
                    }
                }
            }
        }
        out.flush()?;
        if rejected > 0 {
            errln!("puzzle-tables: {rejected} of {} cases rejected", cases.len());
            return Ok(ExitCode::from(1));
        }
        Ok(ExitCode::SUCCESS)
    }
}
