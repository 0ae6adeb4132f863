//! Running a judge input: every good case answered in order in the judge's format, every
//! bad one reported on standard error (naming its line) with no line of output, as a judge
//! would; `--strict` stops at the first bad case.
//!
//! A format with one case per line is answered as it is read ([`JudgeInput::answer_each_line`]),
//! so memory stays small whatever the input's size; the others are read whole first.

use std::io::{BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_models::judge::{Case, CountedInput, InputError};

use crate::english::plural;
use crate::input::{self, Input, Lines};
use crate::writer::{self, errln};

/// Reads the whole input from `path`, or from standard input when it is `None` or `-`,
/// line by line (see [`Input::read`]).
pub fn read_input(path: Option<&Path>) -> anyhow::Result<String> {
    Ok(Input::read(path)?.text)
}

/// Where a judge input comes from, and how to treat its bad cases.
pub struct JudgeInput {
    /// The file, or standard input when it is `None` or `-`.
    path: Option<PathBuf>,
    /// Stop at the first rejected case (exit status 1).
    strict: bool,
}

impl JudgeInput {
    /// The input in `path` (standard input when it is `None` or `-`); with `strict`, the
    /// run stops at the first rejected case.
    pub fn new(path: Option<PathBuf>, strict: bool) -> JudgeInput {
        JudgeInput { path, strict }
    }

    /// Reports a problem with the input as a whole (a wrong case count); `true` when the
    /// run stops there (`--strict`).
    fn reject_whole(&self, problem: &InputError) -> bool {
        errln!("puzzle-tables: rejected input {problem}");
        self.strict
    }

    /// Reads the whole input (a format whose cases span lines), parses it with `parse` and
    /// answers its cases in order on standard output with `answer`. A format that announces
    /// its number of cases has a wrong count reported first (`--strict` stops there), and it
    /// makes the exit status 1 even when every case is answered; so does a rejected case.
    pub fn answer_parsed<T, Parsed: Into<CountedInput<T>>>(
        &self,
        parse: impl FnOnce(&str) -> Parsed,
        mut answer: impl FnMut(&T, &mut dyn Write) -> anyhow::Result<()>,
    ) -> anyhow::Result<ExitCode> {
        let input = Input::read(self.path.as_deref())?;
        let parsed: CountedInput<T> = parse(&input.text).into();
        if parsed.count_problem.as_ref().is_some_and(|problem| self.reject_whole(problem)) {
            return Ok(ExitCode::from(1));
        }
        let mut tally = Tally::new(self.strict);
        for case in &parsed.cases {
            let go_on = match case {
                Ok(value) => tally.answer(value, &mut answer)?,
                Err(error) => tally.reject(input.explain(error))?,
            };
            if !go_on {
                break;
            }
        }
        let code = tally.finish()?;
        Ok(if parsed.count_problem.is_some() { ExitCode::from(1) } else { code })
    }

    /// Answers a format with one case per line as it reads: `parse` makes line `N`'s text
    /// into its case (`None` for a line that holds none), `answer` writes the answer.
    /// Exit status 1 when any case was rejected.
    pub fn answer_each_line<T>(
        &self,
        parse: impl Fn(usize, &str) -> Option<Case<T>>,
        mut answer: impl FnMut(&T, &mut dyn Write) -> anyhow::Result<()>,
    ) -> anyhow::Result<ExitCode> {
        let mut lines = Lines::new(input::open(self.path.as_deref())?);
        let mut tally = Tally::new(self.strict);
        while let Some((number, line)) = lines.next_line().context("cannot read the input")? {
            let go_on = match line.map(|text| parse(number, &text)) {
                Ok(None) => true,
                Ok(Some(Ok(value))) => tally.answer(&value, &mut answer)?,
                Ok(Some(Err(error))) | Err(error) => tally.reject(&error)?,
            };
            if !go_on {
                break;
            }
        }
        tally.finish()
    }
}

/// The answers written and the cases rejected so far.
struct Tally {
    out: BufWriter<StdoutLock<'static>>,
    strict: bool,
    cases: usize,
    rejected: usize,
}

impl Tally {
    fn new(strict: bool) -> Tally {
        Tally { out: writer::stdout_buffered(), strict, cases: 0, rejected: 0 }
    }

    /// Writes `value`'s answer; always goes on.
    fn answer<T>(
        &mut self,
        value: &T,
        answer: &mut impl FnMut(&T, &mut dyn Write) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        self.cases += 1;
        answer(value, &mut self.out)?;
        Ok(true)
    }

    /// Reports a rejected case on standard error; whether the run goes on.
    fn reject(&mut self, error: &InputError) -> anyhow::Result<bool> {
        self.cases += 1;
        self.rejected += 1;
        // Keep the answers so far ahead of the message, in the order of the input.
        self.out.flush()?;
        errln!("puzzle-tables: rejected input {error}");
        if self.strict {
            errln!("puzzle-tables: stopped at the first rejected case (--strict)");
        }
        Ok(!self.strict)
    }

    /// Flushes the answers; exit status 1 when any case was rejected.
    fn finish(mut self) -> anyhow::Result<ExitCode> {
        self.out.flush()?;
        if self.rejected == 0 {
            return Ok(ExitCode::SUCCESS);
        }
        if !self.strict {
            errln!("puzzle-tables: {} of {} rejected", self.rejected, plural(self.cases, "case"));
        }
        Ok(ExitCode::from(1))
    }
}
