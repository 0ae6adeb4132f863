//! The judging every front end of `check` shares: a puzzle's [`Checker`] reads the judge
//! input and gives each case's answer a [`Judgement`]; [`judge_output`] runs it over a whole
//! output (hostile, see [`super::answers`]) into [`Verdict`]s and a [`Report`]. The plain
//! `check` ([`super::check`]) and the judge systems' protocols ([`super::protocol`]) differ
//! only in how they answer.

use std::io::{self, BufRead, Write};
use std::path::Path;

use anyhow::Context;
use puzzle_tables_models::judge::InputError;
use serde_json::json;

use super::answers::AnswerLines;
use crate::english::plural;
use crate::judge::read_input;

/// One puzzle's judging rule: how its input is read and how one case's answer is judged.
/// Its name in messages is the one `check` was given ([`Target::label`](crate::options::Target::label)).
pub trait Checker {
    /// One case of the judge input.
    type Case;

    /// The cases of a judge input, or the first problem that makes it unreadable.
    fn cases(&self, input: &str) -> Result<Vec<Self::Case>, InputError>;

    /// Reads one case's answer from `output` and judges it.
    fn judge<R: BufRead>(&self, case: &Self::Case, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement>;
}

/// A [`Checker`]'s cases as its puzzle model reads the judge input (`parse`, giving each
/// case or why it was rejected, with or without a count line): every case, or the first
/// problem. The checkers whose input is the model's alone differ only in these names.
macro_rules! cases_as_the_model_reads_them {
    ($case:ty, $parse:path) => {
        type Case = $case;

        fn cases(&self, input: &str) -> Result<Vec<$case>, puzzle_tables_models::judge::InputError> {
            puzzle_tables_models::judge::CountedInput::from($parse(input)).into_cases()
        }
    };
}

pub(super) use cases_as_the_model_reads_them;

/// How a case's answer fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The answer is right.
    Accepted,
    /// The answer is there and wrong.
    WrongAnswer,
    /// The output ended before the case's answer.
    NoAnswer,
}

impl Outcome {
    /// The outcome in words: `accepted`, `wrong answer`, `no answer`.
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Accepted => "accepted",
            Outcome::WrongAnswer => "wrong answer",
            Outcome::NoAnswer => "no answer",
        }
    }
}

/// A case's verdict from its puzzle's rule.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// Accepted or not, and why not.
    pub outcome: Outcome,
    /// What was found, in words.
    pub detail: String,
    /// For puzzles where any solution is accepted: whether this one is shortest.
    pub shortest: Option<bool>,
}

impl Judgement {
    /// An accepted answer.
    pub fn accepted(detail: impl Into<String>) -> Judgement {
        Judgement { outcome: Outcome::Accepted, detail: detail.into(), shortest: None }
    }

    /// A wrong answer.
    pub fn wrong(detail: impl Into<String>) -> Judgement {
        Judgement { outcome: Outcome::WrongAnswer, detail: detail.into(), shortest: None }
    }

    /// No answer: the output ended after `lines` lines.
    pub fn no_answer(lines: usize) -> Judgement {
        let detail = match lines {
            0 => "the output is empty".to_string(),
            n => format!("the output ends after line {n}"),
        };
        Judgement { outcome: Outcome::NoAnswer, detail, shortest: None }
    }

    /// The verdict when the output has no line left for a board whose answer is a move
    /// string: the goal's answer is an empty line, and a last one without its line end reads
    /// as nothing at all, which a lenient judge forgives; any other board has no answer.
    pub fn missing_move_line(is_goal: bool, lines: usize) -> Judgement {
        if is_goal {
            Judgement::accepted("0 moves (the empty answer, missing at the end of the output), shortest")
                .with_shortest(true)
        } else {
            Judgement::no_answer(lines)
        }
    }

    /// The same judgement, saying whether the answer is shortest.
    pub fn with_shortest(self, shortest: bool) -> Judgement {
        Judgement { shortest: Some(shortest), ..self }
    }
}

/// The cases of the judge input in `path`, read as the judge of `label` reads them.
pub fn read_cases<C: Checker>(checker: &C, label: &str, path: &Path) -> anyhow::Result<Vec<C::Case>> {
    let input = read_input(Some(path))?;
    checker.cases(&input).with_context(|| format!("{}: not a judge input for {label}", path.display()))
}

/// Judges the output in `path` ("-" for standard input) for `cases`, handing each case's
/// verdict to `on_verdict` as it is given.
pub fn judge_output<C: Checker>(
    checker: &C,
    cases: &[C::Case],
    path: &Path,
    mut on_verdict: impl FnMut(&Verdict) -> anyhow::Result<()>,
) -> anyhow::Result<Report> {
    let cannot_read = || format!("cannot read {}", path.display());
    let mut output = AnswerLines::new(crate::input::open(Some(path))?);
    let mut report = Report { cases: cases.len(), summary: Summary::default(), extra_from: None, first_rejected: None };
    for (index, case) in cases.iter().enumerate() {
        let before = output.lines_taken();
        let judgement = checker.judge(case, &mut output).with_context(cannot_read)?;
        let verdict = Verdict {
            case: index + 1,
            lines: (before + 1..=output.lines_taken()),
            notes: output.take_notes(),
            judgement,
        };
        report.summary.count(&verdict.judgement);
        on_verdict(&verdict)?;
        if verdict.judgement.outcome != Outcome::Accepted && report.first_rejected.is_none() {
            report.first_rejected = Some(verdict);
        }
    }
    report.extra_from = first_extra_line(&mut output).with_context(cannot_read)?;
    Ok(report)
}

/// What a whole output earned: the counts, the first case not accepted, extra output.
pub struct Report {
    /// The number of cases in the input.
    pub cases: usize,
    pub(super) summary: Summary,
    /// The first non-blank line after the last case's answer.
    pub extra_from: Option<usize>,
    /// The first case whose answer was not accepted.
    pub first_rejected: Option<Verdict>,
}

impl Report {
    /// Whether every case was accepted and nothing follows the last answer.
    pub fn accepted(&self) -> bool {
        self.summary.accepted == self.cases && self.extra_from.is_none()
    }

    /// The summary lines of the text output: the counts, extra output, the last word.
    pub fn write_summary(&self, out: &mut impl Write, label: &str) -> io::Result<()> {
        self.summary.write(out, label, self.cases, self.extra_from)
    }

    /// The counts in one line (`eight: 3 cases: 3 accepted (3 of them shortest), ...`).
    pub fn counts(&self, label: &str) -> String {
        let mut text = Vec::new();
        self.write_summary(&mut text, label).expect("writing to memory does not fail");
        String::from_utf8_lossy(&text).lines().next().unwrap_or_default().to_string()
    }
}

/// The first non-blank line after the last case's answer, if any (blank lines at the end
/// are forgiven); reading stops there, so a long tail costs nothing.
fn first_extra_line<R: BufRead>(output: &mut AnswerLines<R>) -> io::Result<Option<usize>> {
    let line = output.next_nonblank()?;
    Ok(line.map(|line| line.number))
}

/// One case's verdict, with the output lines it read and what was forgiven there.
pub struct Verdict {
    /// The case's number, from 1.
    pub case: usize,
    lines: std::ops::RangeInclusive<usize>,
    notes: Vec<String>,
    /// The verdict.
    pub judgement: Judgement,
}

impl Verdict {
    pub(super) fn to_json(&self) -> serde_json::Value {
        let lines = (!self.lines.is_empty()).then(|| [*self.lines.start(), *self.lines.end()]);
        let mut value = json!({
            "case": self.case,
            "verdict": self.judgement.outcome.label(),
            "detail": self.judgement.detail,
            "output_lines": lines,
            "notes": self.notes,
        });
        if let Some(shortest) = self.judgement.shortest {
            value["shortest"] = shortest.into();
        }
        value
    }
}

impl std::fmt::Display for Verdict {
    /// `case 3: wrong answer: the moves leave 2 tiles out of place`, then what was
    /// forgiven in brackets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "case {}: {}: {}", self.case, self.judgement.outcome.label(), self.judgement.detail)?;
        if !self.notes.is_empty() {
            write!(f, " [{}]", self.notes.join("; "))?;
        }
        Ok(())
    }
}

/// Counts of each outcome.
#[derive(Default)]
pub(super) struct Summary {
    accepted: usize,
    wrong_answer: usize,
    no_answer: usize,
    /// Accepted answers that say whether they are shortest, and how many are.
    rated: usize,
    shortest: usize,
}

impl Summary {
    fn count(&mut self, judgement: &Judgement) {
        match judgement.outcome {
            Outcome::Accepted => self.accepted += 1,
            Outcome::WrongAnswer => self.wrong_answer += 1,
            Outcome::NoAnswer => self.no_answer += 1,
        }
        if let (Outcome::Accepted, Some(shortest)) = (judgement.outcome, judgement.shortest) {
            self.rated += 1;
            self.shortest += usize::from(shortest);
        }
    }

    fn write(&self, out: &mut impl Write, label: &str, cases: usize, extra_from: Option<usize>) -> io::Result<()> {
        let shortest = if self.rated > 0 { format!(" ({} of them shortest)", self.shortest) } else { String::new() };
        writeln!(
            out,
            "{label}: {}: {} accepted{shortest}, {} wrong answer, {} no answer",
            plural(cases, "case"),
            self.accepted,
            self.wrong_answer,
            self.no_answer
        )?;
        if let Some(line) = extra_from {
            writeln!(out, "extra output: line {line} comes after the last case's answer")?;
        }
        let all = self.accepted == cases && extra_from.is_none();
        writeln!(out, "{}", if all { "accepted" } else { "not accepted" })
    }

    pub(super) fn to_json(&self, cases: usize, extra_from: Option<usize>) -> serde_json::Value {
        json!({
            "cases": cases,
            "accepted": self.accepted,
            "wrong_answer": self.wrong_answer,
            "no_answer": self.no_answer,
            "shortest": (self.rated > 0).then_some(self.shortest),
            "extra_output_from_line": extra_from,
        })
    }
}
