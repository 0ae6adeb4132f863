//! `check --protocol` run the way each judge system runs a checker: testlib's `checker input
//! output answer` with its exit statuses and its comment on standard error, the Kattis
//! output validator's `validator input judge_answer feedback_dir < team_output` with 42 and
//! 43 and its feedback files, CMS's `checker input correct_output contestant_output` with a
//! score on standard output. Each on accepted, wrong, malformed and judge-error cases.

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;

/// Two eight-puzzle cases (one unsolvable) and answers of every kind for them.
const INPUT: &str = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n";
const ACCEPTED: &str = "ullddrurdllurrdlurd\nunsolvable\n";
const WRONG: &str = "ull\nunsolvable\n";
/// The output ends before the second answer: malformed, not wrong.
const CUT_SHORT: &str = "ullddrurdllurrdlurd\n";
/// Output after the last answer: malformed too.
const EXTRA: &str = "ullddrurdllurrdlurd\nunsolvable\nud\n";

/// The files of one call: the judge input, the jury's answer, the contestant's output, and
/// a feedback directory.
struct Call {
    puzzle: Puzzle,
    dir: tempfile::TempDir,
}

impl Call {
    fn new(input: &str, jury: &str, contestant: &str) -> Call {
        Call::of(Puzzle::Eight, input, jury, contestant)
    }

    fn of(puzzle: Puzzle, input: &str, jury: &str, contestant: &str) -> Call {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("input.in"), input).unwrap();
        std::fs::write(dir.path().join("jury.ans"), jury).unwrap();
        std::fs::write(dir.path().join("contestant.out"), contestant).unwrap();
        std::fs::create_dir(dir.path().join("feedback")).unwrap();
        Call { puzzle, dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn feedback(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.path("feedback").join(name)).ok()
    }
}

/// What the system sees: the exit status, standard output and standard error.
struct Seen {
    status: i32,
    out: String,
    err: String,
}

fn run(tables: &Path, (puzzle, protocol): (Puzzle, &str), args: &[PathBuf], stdin: Option<PathBuf>) -> Seen {
    let mut command = binary(tables);
    command.args(["check", puzzle.label(), "--protocol", protocol]).args(args);
    command.stdin(match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).unwrap()),
        None => Stdio::null(),
    });
    let output = command.output().unwrap();
    let seen = Seen { status: output.status.code().unwrap_or(-1), out: stdout_of(&output), err: stderr_of(&output) };
    assert!(!seen.err.contains("panicked"), "{}", seen.err);
    seen
}

/// testlib: `checker input output answer`.
fn testlib(tables: &Path, call: &Call) -> Seen {
    let args = [call.path("input.in"), call.path("contestant.out"), call.path("jury.ans")];
    run(tables, (call.puzzle, "testlib"), &args, None)
}

/// Kattis: `validator input judge_answer feedback_dir [arguments] < team_output`.
fn kattis(tables: &Path, call: &Call) -> Seen {
    let args = [call.path("input.in"), call.path("jury.ans"), call.path("feedback"), "case_sensitive".into()];
    run(tables, (call.puzzle, "kattis"), &args, Some(call.path("contestant.out")))
}

/// CMS: `checker input correct_output contestant_output`.
fn cms(tables: &Path, call: &Call) -> Seen {
    let args = [call.path("input.in"), call.path("jury.ans"), call.path("contestant.out")];
    run(tables, (call.puzzle, "cms"), &args, None)
}

fn eight_tables() -> &'static Path {
    tables_with(Puzzle::Eight)
}

/// A tables directory whose eight-puzzle table has one payload byte changed.
fn damaged_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read(eight_tables().join("eight-parent.tbl")).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(dir.path().join("eight-parent.tbl"), bytes).unwrap();
    dir
}

#[test]
fn testlib_exit_statuses_and_comments() {
    let tables = eight_tables();
    let accepted = testlib(tables, &Call::new(INPUT, ACCEPTED, ACCEPTED));
    assert_eq!(accepted.status, 0, "{}", accepted.err);
    assert_eq!(accepted.err, "ok eight: 2 cases: 2 accepted (1 of them shortest), 0 wrong answer, 0 no answer\n");
    assert_eq!(accepted.out, "");
    let wrong = testlib(tables, &Call::new(INPUT, ACCEPTED, WRONG));
    assert_eq!(wrong.status, 1);
    assert_eq!(wrong.err, "wrong answer case 1: the moves leave 4 tiles out of place\n");
    let cut_short = testlib(tables, &Call::new(INPUT, ACCEPTED, CUT_SHORT));
    assert_eq!(cut_short.status, 2);
    assert_eq!(cut_short.err, "wrong output format case 2: the output ends after line 1\n");
    let extra = testlib(tables, &Call::new(INPUT, ACCEPTED, EXTRA));
    assert_eq!(extra.status, 2);
    assert_eq!(extra.err, "wrong output format extra output: line 3 comes after the last case's answer\n");
}

#[test]
fn testlib_judge_failures_are_fail_never_wrong_answer() {
    let tables = eight_tables();
    let wrong_jury = testlib(tables, &Call::new(INPUT, WRONG, ACCEPTED));
    assert_eq!(wrong_jury.status, 3);
    assert!(wrong_jury.err.starts_with("FAIL judge failure: the jury's answer "), "{}", wrong_jury.err);
    assert!(wrong_jury.err.contains("is not accepted: case 1: wrong answer: the moves leave"), "{}", wrong_jury.err);
    let malformed_input = testlib(tables, &Call::new("1 2 3 4 5 6 7 8 x\n1 2 3\n", "\n", "\n"));
    assert_eq!(malformed_input.status, 3);
    assert!(malformed_input.err.contains("line 2: expected 9 cells, found 3"), "{}", malformed_input.err);
    let damaged = damaged_tables();
    let failed = testlib(damaged.path(), &Call::new(INPUT, ACCEPTED, WRONG));
    assert_eq!(failed.status, 3);
    assert!(failed.err.starts_with("FAIL judge failure: ") && failed.err.contains("damaged payload"), "{}", failed.err);
    let missing = run(tables, (Puzzle::Eight, "testlib"), &["none.in".into(), "x".into()], None);
    assert_eq!(missing.status, 3, "{}", missing.err);
    assert!(missing.err.contains("the third is missing"), "{}", missing.err);
}

#[test]
fn kattis_exit_statuses_and_feedback_files() {
    let tables = eight_tables();
    let call = Call::new(INPUT, ACCEPTED, ACCEPTED);
    let accepted = kattis(tables, &call);
    assert_eq!(accepted.status, 42, "{}", accepted.err);
    let judge_message = call.feedback("judgemessage.txt").unwrap();
    assert!(judge_message.starts_with("case 1: accepted: 19 moves, shortest\ncase 2: accepted: unsolvable\n"));
    assert!(judge_message.ends_with("\naccepted\n"), "{judge_message}");
    assert_eq!(call.feedback("teammessage.txt"), None);

    let call = Call::new(INPUT, ACCEPTED, WRONG);
    assert_eq!(kattis(tables, &call).status, 43);
    let judge_message = call.feedback("judgemessage.txt").unwrap();
    assert!(judge_message.contains("case 1: wrong answer: the moves leave 4 tiles out of place\n"), "{judge_message}");
    assert!(judge_message.ends_with("\nnot accepted\n"), "{judge_message}");
    // The team learns which case, not what the answer should have been.
    assert_eq!(call.feedback("teammessage.txt").unwrap(), "case 1: wrong answer\n");

    let call = Call::new(INPUT, ACCEPTED, CUT_SHORT);
    assert_eq!(kattis(tables, &call).status, 43);
    assert_eq!(call.feedback("teammessage.txt").unwrap(), "case 2: no answer\n");
    let call = Call::new(INPUT, ACCEPTED, EXTRA);
    assert_eq!(kattis(tables, &call).status, 43);
    assert_eq!(call.feedback("teammessage.txt").unwrap(), "extra output after the last case's answer\n");
}

#[test]
fn kattis_judge_errors_are_neither_42_nor_43() {
    let (tables, damaged) = (eight_tables(), damaged_tables());
    for (tables, call) in [
        (tables, Call::new(INPUT, WRONG, ACCEPTED)),
        (tables, Call::new("1 2 3\n", "\n", "\n")),
        (damaged.path(), Call::new(INPUT, ACCEPTED, ACCEPTED)),
    ] {
        let seen = kattis(tables, &call);
        assert_eq!(seen.status, 2, "{}", seen.err);
        let judge_message = call.feedback("judgemessage.txt").unwrap();
        assert!(judge_message.starts_with("judge failure: "), "{judge_message}");
        assert_eq!(call.feedback("teammessage.txt"), None);
    }
}

#[test]
fn cms_scores_on_standard_output_and_messages_on_standard_error() {
    let tables = eight_tables();
    let accepted = cms(tables, &Call::new(INPUT, ACCEPTED, ACCEPTED));
    assert_eq!((accepted.status, accepted.out.as_str()), (0, "1.0\n"), "{}", accepted.err);
    assert!(accepted.err.starts_with("eight: 2 cases: 2 accepted"), "{}", accepted.err);
    for (contestant, message) in
        [(WRONG, "case 1: wrong answer\n"), (CUT_SHORT, "case 2: no answer\n"), ("", "case 1: no answer\n")]
    {
        let seen = cms(tables, &Call::new(INPUT, ACCEPTED, contestant));
        assert_eq!((seen.status, seen.out.as_str(), seen.err.as_str()), (0, "0.0\n", message));
    }
    let damaged = damaged_tables();
    for (tables, call) in [
        (damaged.path(), Call::new(INPUT, ACCEPTED, ACCEPTED)),
        (tables, Call::new(INPUT, CUT_SHORT, ACCEPTED)),
        (tables, Call::new("x x x\n", ACCEPTED, ACCEPTED)),
    ] {
        let seen = cms(tables, &call);
        assert_eq!((seen.status, seen.out.as_str()), (2, ""), "a judge failure has no score: {}", seen.err);
        assert!(seen.err.starts_with("judge failure: "), "{}", seen.err);
    }
}

#[test]
fn every_protocol_judges_other_puzzles_alike() {
    // The magic cube's answers span lines; the rule is the same whatever the protocol.
    let tables = tables_with(Puzzle::MagicCube);
    let input = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/magic-cube.txt")).unwrap();
    let judged = binary(tables).args(["judge", "magic-cube", "examples/magic-cube.txt"]).output().unwrap();
    let answers = stdout_of(&judged);
    // The second cube turned the wrong way.
    let wrong = answers.replace("\n1 1\n", "\n1 -1\n");
    assert_ne!(wrong, answers);
    let call = |contestant: &str| Call::of(Puzzle::MagicCube, &input, &answers, contestant);
    assert_eq!(testlib(tables, &call(&answers)).status, 0);
    assert_eq!(testlib(tables, &call(&wrong)).status, 1);
    assert_eq!(kattis(tables, &call(&answers)).status, 42);
    assert_eq!(kattis(tables, &call(&wrong)).status, 43);
    assert_eq!(cms(tables, &call(&answers)).out, "1.0\n");
    assert_eq!(cms(tables, &call(&wrong)).out, "0.0\n");
}
