//! `check PUZZLE INPUT ANSWERS`: a special judge. The input is read as the judge reads it;
//! the contestant's output is hostile (see [`super::answers`]); each puzzle's
//! [`Checker`] gives every case a verdict under its judge's rule, with the tables as the
//! referee. One line per case, then a summary (or one JSON document); exit status 0 when
//! every case is accepted, 1 when some is not, 2 when the input cannot be read.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;
use serde_json::json;

use super::protocol::{self, Protocol};
use super::verdict::{judge_output, read_cases, Checker};
use crate::report::write_json;
use crate::writer;

/// `check PUZZLE INPUT ANSWERS`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The puzzle whose judge format the input and the answers are in, or a defined
    /// puzzle's table name (its input a scramble a line, its output a solution a line).
    #[arg(value_parser = crate::options::target_parser(true))]
    pub puzzle: crate::options::Target,
    /// The judge input the answers are for ("-" for standard input).
    pub input: PathBuf,
    /// The contestant's output to check ("-" for standard input); with --protocol, the
    /// system's second argument (testlib: the contestant's output; kattis: the judge's
    /// answer; cms: the correct output).
    #[arg(value_name = "OUTPUT")]
    pub answers: PathBuf,
    /// With --protocol: the system's further arguments (testlib: the jury's answer, then
    /// any it does not use; kattis: the feedback directory, then any it does not use; cms:
    /// the contestant's output).
    #[arg(value_name = "ARG", allow_hyphen_values = true)]
    pub more: Vec<PathBuf>,
    /// Print the verdicts and the summary as one JSON document.
    #[arg(long, conflicts_with = "protocol")]
    pub json: bool,
    /// Answer as a judge system calls a checker: testlib (`check PUZZLE --protocol testlib
    /// INPUT OUTPUT ANSWER`: exit status 0 accepted, 1 wrong answer, 2 presentation error,
    /// 3 judge failure, the comment on standard error), kattis (the output validator of
    /// Kattis, DOMjudge and problem packages: `INPUT JUDGE_ANSWER FEEDBACK_DIR <
    /// TEAM_OUTPUT`, exit status 42 accepted, 43 wrong answer, the verdicts in
    /// FEEDBACK_DIR/judgemessage.txt) or cms (`INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`: the
    /// score 1.0 or 0.0 on standard output, the message on standard error). The jury's
    /// answer must be accepted itself; a judge failure (an unreadable input, a damaged
    /// table, a jury answer that is wrong) is never a wrong answer.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub protocol: Option<Protocol>,
    /// eight, fifteen (UVa): also reject answers that solve the board in more moves than the
    /// fewest (the judge itself accepts any answer that solves it).
    #[arg(long)]
    pub shortest: bool,
    /// fifteen: judge LightOJ 1121 (`Case k:`, the fewest moves first in dictionary order,
    /// not solvable beyond 35 moves) instead of UVa 10181 (any answer of at most 50 moves).
    #[arg(long)]
    pub lightoj: bool,
}

/// Runs `checker` over the files named in `args` and prints the verdicts (or answers as
/// the judge system of `--protocol` asks).
pub fn run<C: Checker>(checker: &C, args: &CheckArgs) -> anyhow::Result<ExitCode> {
    if let Some(protocol) = args.protocol {
        return protocol::run(checker, args.puzzle.label(), protocol, &args.input, &args.answers, &args.more);
    }
    if let Some(extra) = args.more.first() {
        bail!("{} is one argument too many: more files are for --protocol", extra.display());
    }
    if args.input == Path::new("-") && args.answers == Path::new("-") {
        bail!("the input and the answers cannot both be standard input");
    }
    let label = args.puzzle.label();
    let cases = read_cases(checker, label, &args.input)?;
    let mut out = writer::stdout_buffered();
    let mut verdicts = Vec::new();
    let report = judge_output(checker, &cases, &args.answers, |verdict| {
        if args.json {
            verdicts.push(verdict.to_json());
        } else {
            writeln!(out, "{verdict}")?;
        }
        Ok(())
    })?;
    if args.json {
        let document = json!({
            "puzzle": label,
            "accepted": report.accepted(),
            "cases": verdicts,
            "summary": report.summary.to_json(report.cases, report.extra_from),
        });
        write_json(&mut out, &document)?;
    } else {
        report.write_summary(&mut out, label)?;
    }
    out.flush()?;
    Ok(if report.accepted() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
