//! A closed pipe never panics nor prints an error (`puzzle-tables gen | head`): every
//! command whose standard output is a pipe with its read end already closed ends quietly
//! with exit status 0, and a judge whose standard error is closed still answers every good
//! case and exits 1 for the bad ones.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{binary, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;

/// A pipe whose read end is closed before the child starts, so every write to it fails.
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

/// Runs `command` with `input` as a file on standard input and `stdout` and `stderr` as given.
fn run(command: &mut Command, input: &Path, stdout: Stdio, stderr: Stdio) -> Output {
    let stdin = std::fs::File::open(input).expect("the input file opens");
    command.stdin(stdin).stdout(stdout).stderr(stderr).output().expect("the binary runs")
}

/// The binary with `tables` and `args`.
fn command(tables: &Path, args: &[&str]) -> Command {
    let mut command = binary(tables);
    command.args(args);
    command
}

fn input_file(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the input is written");
    path
}

#[test]
fn every_command_ends_quietly_when_its_output_pipe_is_closed() {
    let tables = tables_with(Puzzle::Eight);
    let scratch = tempfile::tempdir().unwrap();
    let boards = "2 3 4 1 5 x 7 6 8\n".repeat(20_000);
    let boards_file = input_file(scratch.path(), "boards.txt", &boards);
    let answers = input_file(scratch.path(), "answers.txt", &"ullddrurdllurrdlurd\n".repeat(20_000));
    let gen_dir = scratch.path().join("gen");
    let commands: Vec<(&str, Command)> = vec![
        ("gen eight", command(&gen_dir, &["gen", "eight"])),
        ("verify", command(tables, &["verify"])),
        ("stats eight", command(tables, &["stats", "eight"])),
        ("stats eight --json", command(tables, &["stats", "eight", "--json"])),
        ("judge eight", command(tables, &["judge", "eight"])),
        ("solve eight -", command(tables, &["solve", "eight", "-"])),
        ("solve eight --show", command(tables, &["solve", "eight", "2 3 4 1 5 x 7 6 8", "--show"])),
        ("random eight", command(tables, &["random", "eight", "--count", "20000", "--seed", "1"])),
        ("check eight", {
            let mut command = command(tables, &["check", "eight"]);
            command.arg(&boards_file).arg(&answers);
            command
        }),
        ("completions bash", command(tables, &["completions", "bash"])),
    ];
    for (name, mut command) in commands {
        let output = run(&mut command, &boards_file, closed_pipe().into(), Stdio::piped());
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{name} | (closed): {errors}");
        assert!(errors.is_empty(), "{name} | (closed) printed: {errors}");
    }
}

#[test]
fn a_judge_whose_standard_error_is_closed_answers_every_good_case() {
    let tables = tables_with(Puzzle::Eight);
    let scratch = tempfile::tempdir().unwrap();
    let input: String = (0..20_000).map(|i| if i % 2 == 0 { "2 3 4 1 5 x 7 6 8\n" } else { "not a board\n" }).collect();
    let input = input_file(scratch.path(), "input.txt", &input);
    let output = run(binary(tables).args(["judge", "eight"]), &input, Stdio::piped(), closed_pipe().into());
    assert_eq!(output.status.code(), Some(1), "rejected cases give exit status 1, not a panic");
    assert_eq!(stdout_of(&output), "ullddrurdllurrdlurd\n".repeat(10_000));
    let output = run(binary(tables).args(["solve", "eight", "-"]), &input, Stdio::piped(), closed_pipe().into());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output).lines().count(), 20_000, "one output line per input line");
}
