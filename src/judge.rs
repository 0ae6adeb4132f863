//! Running a judge input: every good case answered in order, every bad one reported.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_models::judge::Case;

use crate::english::plural;

/// Reads the whole input from `path`, or from standard input when it is `None` or `-`.
/// Bytes that are not UTF-8 are kept as replacement characters, so they are reported as
/// bad cells of their case rather than failing the whole input.
pub fn read_input(path: Option<&Path>) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        }
        None => {
            io::stdin().lock().read_to_end(&mut bytes).context("cannot read standard input")?;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Answers `cases` in order on standard output, writing each answer with `answer`; each
/// rejected case is reported on standard error, naming its line. Exit status 1 when any
/// case was rejected.
pub fn answer_cases<T>(
    cases: &[Case<T>],
    mut answer: impl FnMut(&T, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut rejected = 0usize;
    for case in cases {
        match case {
            Ok(value) => answer(value, &mut out)?,
            Err(error) => {
                // Keep the answers so far ahead of the message, in the order of the input.
                out.flush()?;
                eprintln!("puzzle-tables: rejected input {error}");
                rejected += 1;
            }
        }
    }
    out.flush()?;
    if rejected > 0 {
        eprintln!("puzzle-tables: {rejected} of {} rejected", plural(cases.len(), "case"));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
