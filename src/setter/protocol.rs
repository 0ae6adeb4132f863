//! `check --protocol testlib|kattis|cms`: the same verdicts as `check`, given the way a
//! judge system calls a checker: its arguments in that system's order, its exit codes, its
//! messages and files. One test file of the system is one judge input, all its cases.
//!
//! The protocol layer is thin: the cases are judged by [`super::verdict::judge_output`], once
//! for the jury's answer (which must be accepted, or the judge's files are broken) and once
//! for the contestant's; only the answer to the system differs. A judge failure (an
//! unreadable input, a damaged table, a wrong jury answer) gets the system's "judge error",
//! never "wrong answer".

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};

use super::verdict::{judge_output, read_cases, Checker, Outcome, Report};
use crate::writer::{self, errln};

/// A judge system's way of calling a checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Protocol {
    /// testlib (Codeforces Polygon and many others): `INPUT OUTPUT ANSWER`.
    Testlib,
    /// Kattis problem packages, DOMjudge, problemtools: `INPUT JUDGE_ANSWER FEEDBACK_DIR
    /// < TEAM_OUTPUT`.
    Kattis,
    /// CMS: `INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT`.
    Cms,
}

/// testlib's exit statuses.
const TESTLIB_WRONG_ANSWER: u8 = 1;
const TESTLIB_PRESENTATION_ERROR: u8 = 2;
const TESTLIB_FAIL: u8 = 3;
/// Kattis's exit statuses; any other is a judge error.
const KATTIS_ACCEPTED: u8 = 42;
const KATTIS_WRONG_ANSWER: u8 = 43;
/// The exit status of a judge error where the system takes any status but its own.
const JUDGE_ERROR: u8 = 2;

/// The files of one call, named by what they are.
struct Files {
    input: PathBuf,
    jury: PathBuf,
    /// The contestant's output; "-" is standard input (Kattis).
    contestant: PathBuf,
    /// Kattis: where the messages go.
    feedback_dir: Option<PathBuf>,
}

impl Files {
    /// The arguments of `check` (`input`, `answers`, then `more`) in `protocol`'s order.
    fn of(protocol: Protocol, input: &Path, answers: &Path, more: &[PathBuf]) -> anyhow::Result<Files> {
        let usage = match protocol {
            Protocol::Testlib => "INPUT OUTPUT ANSWER",
            Protocol::Kattis => "INPUT JUDGE_ANSWER FEEDBACK_DIR < TEAM_OUTPUT",
            Protocol::Cms => "INPUT CORRECT_OUTPUT CONTESTANT_OUTPUT",
        };
        let Some(third) = more.first().cloned() else {
            bail!("--protocol {} takes {usage}: the third is missing", protocol.name());
        };
        let input = input.to_path_buf();
        Ok(match protocol {
            Protocol::Testlib => Files { input, jury: third, contestant: answers.to_path_buf(), feedback_dir: None },
            Protocol::Kattis => {
                Files { input, jury: answers.to_path_buf(), contestant: "-".into(), feedback_dir: Some(third) }
            }
            Protocol::Cms => Files { input, jury: answers.to_path_buf(), contestant: third, feedback_dir: None },
        })
    }
}

impl Protocol {
    /// The name `--protocol` takes.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Testlib => "testlib",
            Protocol::Kattis => "kattis",
            Protocol::Cms => "cms",
        }
    }

    /// Answers a judge failure the system's way: `error` says what failed; `more` are the
    /// further arguments of `check` (Kattis: the feedback directory first).
    pub fn judge_failure(self, more: &[PathBuf], error: &anyhow::Error) -> ExitCode {
        let message = format!("judge failure: {error:#}");
        match self {
            Protocol::Testlib => {
                errln!("FAIL {message}");
                ExitCode::from(TESTLIB_FAIL)
            }
            Protocol::Kattis => {
                errln!("puzzle-tables: check: {message}");
                if let Some(dir) = more.first() {
                    // Where the directory cannot be written, standard error has said it.
                    let _ = write_feedback(dir, "judgemessage.txt", &format!("{message}\n"));
                }
                ExitCode::from(JUDGE_ERROR)
            }
            Protocol::Cms => {
                errln!("{message}");
                ExitCode::from(JUDGE_ERROR)
            }
        }
    }
}

/// Judges the contestant's output of one call of `protocol`, after the jury's answer: the
/// files are `check`'s arguments `input`, `answers` and `more`, in the system's order;
/// `label` names the puzzle in the summary.
pub fn run<C: Checker>(
    checker: &C,
    label: &str,
    protocol: Protocol,
    input: &Path,
    answers: &Path,
    more: &[PathBuf],
) -> anyhow::Result<ExitCode> {
    let files = Files::of(protocol, input, answers, more)?;
    let cases = read_cases(checker, label, &files.input)?;
    let jury = judge_output(checker, &cases, &files.jury, |_| Ok(()))?;
    if !jury.accepted() {
        bail!("the jury's answer {} is not accepted: {}", files.jury.display(), first_problem(&jury));
    }
    let mut verdicts = String::new();
    let report = judge_output(checker, &cases, &files.contestant, |verdict| {
        verdicts.push_str(&format!("{verdict}\n"));
        Ok(())
    })?;
    let mut summary = Vec::new();
    report.write_summary(&mut summary, label)?;
    verdicts.push_str(&String::from_utf8_lossy(&summary));
    let counts = report.counts(label);
    match protocol {
        Protocol::Testlib => Ok(testlib(&report, &counts)),
        Protocol::Kattis => kattis(&report, files.feedback_dir.as_deref(), &verdicts),
        Protocol::Cms => cms(&report, &counts),
    }
}

/// What is wrong first, in words: the first case not accepted, or the extra output.
fn first_problem(report: &Report) -> String {
    match (&report.first_rejected, report.extra_from) {
        (Some(verdict), _) => verdict.to_string(),
        (None, Some(line)) => format!("extra output: line {line} comes after the last case's answer"),
        (None, None) => "nothing".to_string(),
    }
}

/// The first problem without its detail, for the contestant: `case 2: wrong answer`.
fn team_message(report: &Report) -> String {
    match (&report.first_rejected, report.extra_from) {
        (Some(verdict), _) => format!("case {}: {}", verdict.case, verdict.judgement.outcome.label()),
        (None, Some(_)) => "extra output after the last case's answer".to_string(),
        (None, None) => "accepted".to_string(),
    }
}

/// testlib: `ok ...`, `wrong answer ...` or `wrong output format ...` (an answer missing,
/// output after the last answer) on standard error, by the first problem in the output.
fn testlib(report: &Report, counts: &str) -> ExitCode {
    if report.accepted() {
        errln!("ok {counts}");
        return ExitCode::SUCCESS;
    }
    let presentation = report.first_rejected.as_ref().is_none_or(|v| v.judgement.outcome == Outcome::NoAnswer);
    let (comment, code) = if presentation {
        ("wrong output format", TESTLIB_PRESENTATION_ERROR)
    } else {
        ("wrong answer", TESTLIB_WRONG_ANSWER)
    };
    let problem = match &report.first_rejected {
        Some(verdict) => format!("case {}: {}", verdict.case, verdict.judgement.detail),
        None => first_problem(report),
    };
    errln!("{comment} {problem}");
    ExitCode::from(code)
}

/// Kattis: every verdict and the summary in `judgemessage.txt`, the first problem's case
/// and outcome (no detail, which may tell the expected answer) in `teammessage.txt`.
fn kattis(report: &Report, feedback_dir: Option<&Path>, verdicts: &str) -> anyhow::Result<ExitCode> {
    let dir = feedback_dir.context("kattis needs a feedback directory")?;
    write_feedback(dir, "judgemessage.txt", verdicts)?;
    if report.accepted() {
        return Ok(ExitCode::from(KATTIS_ACCEPTED));
    }
    write_feedback(dir, "teammessage.txt", &format!("{}\n", team_message(report)))?;
    Ok(ExitCode::from(KATTIS_WRONG_ANSWER))
}

/// CMS: the score on standard output, the message for the contestant on standard error.
fn cms(report: &Report, counts: &str) -> anyhow::Result<ExitCode> {
    use std::io::Write;
    let (score, message) = if report.accepted() { ("1.0", counts.to_string()) } else { ("0.0", team_message(report)) };
    let mut out = writer::stdout();
    writeln!(out, "{score}")?;
    errln!("{message}");
    Ok(ExitCode::SUCCESS)
}

fn write_feedback(dir: &Path, name: &str, text: &str) -> anyhow::Result<()> {
    let path = dir.join(name);
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}
