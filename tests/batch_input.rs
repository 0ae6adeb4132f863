//! How the binary reads input (issue 14, items 7, 12 and 13): answers keep their place
//! (`solve PUZZLE -` gives one line per input line for every puzzle, `--strict` stops at the
//! first bad case), hostile lines cost bounded memory and a short message, and what the
//! judges allow is forgiven (a byte-order mark, `0` as the blank, commas, compact boards,
//! `-` for standard input).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{binary, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;

/// Each puzzle's `solve ... -` arguments and one good line for it.
fn line_modes() -> Vec<(Puzzle, Vec<&'static str>, &'static str)> {
    vec![
        (Puzzle::Eight, vec!["solve", "eight", "-"], "2 3 4 1 5 x 7 6 8"),
        (Puzzle::Cubic, vec!["solve", "cubic", "--start", "2,1", "-"], "RBW RWW EWW"),
        (Puzzle::Rotation, vec!["solve", "rotation", "-"], "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"),
        (Puzzle::MagicCube, vec!["solve", "cube", "-"], "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"),
        (Puzzle::Fifteen, vec!["solve", "fifteen", "-"], "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"),
    ]
}

#[test]
fn every_solve_dash_gives_each_input_line_its_output_line() {
    for (puzzle, args, good) in line_modes() {
        let dir = tables_with(puzzle);
        let input = format!("{good}\nnot a case\n\n{good}\n");
        let output = run_with_input(binary(dir).args(&args), &input);
        assert_eq!(output.status.code(), Some(1), "{puzzle}: {}", stderr_of(&output));
        let text = stdout_of(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{puzzle}: {text}");
        assert_eq!(lines[0], lines[3], "{puzzle}");
        assert!(lines[1].starts_with("error: line 2: ") && lines[2].starts_with("error: line 3: "), "{puzzle}: {text}");
        assert!(stderr_of(&output).contains("rejected input line 2: "), "{puzzle}");

        let output = run_with_input(binary(dir).args(&args).arg("--json"), &input);
        assert_eq!(output.status.code(), Some(1));
        let values: Vec<serde_json::Value> = stdout_of(&output)
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
            .collect();
        assert_eq!(values.len(), 4, "{puzzle}");
        assert_eq!((values[1]["line"].as_u64(), values[2]["line"].as_u64()), (Some(2), Some(3)), "{puzzle}");
        assert!(values[1]["error"].is_string() && values[0]["error"].is_null(), "{puzzle}: {values:?}");
        assert_eq!(values[0], values[3]);

        let output = run_with_input(binary(dir).args(&args).arg("--strict"), &input);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(stdout_of(&output).lines().count(), 2, "{puzzle}: --strict stops after the first bad line");
    }
}

#[test]
fn judge_strict_stops_at_the_first_bad_case_and_help_says_rejected_cases_get_no_line() {
    let dir = tables_with(Puzzle::Eight);
    let input = "1 2 3 4 5 6 7 x 8\nnot a board\n1 2 3 4 5 6 x 7 8\n";
    let output = run_with_input(binary(dir).args(["judge", "eight"]), input);
    assert_eq!((output.status.code(), stdout_of(&output).as_str()), (Some(1), "r\nrr\n"));
    let output = run_with_input(binary(dir).args(["judge", "eight", "--strict"]), input);
    assert_eq!((output.status.code(), stdout_of(&output).as_str()), (Some(1), "r\n"));
    assert!(stderr_of(&output).contains("line 2: expected 9 cells, found 3"), "{}", stderr_of(&output));
    let help = binary(dir).args(["judge", "--help"]).output().unwrap();
    assert!(stdout_of(&help).contains("a rejected case yields no output line"), "{}", stdout_of(&help));
    assert!(stdout_of(&help).contains("--strict"));
}

#[test]
fn a_ten_megabyte_line_is_quoted_by_its_start_and_length() {
    let dir = tables_with(Puzzle::Eight);
    let long = "1 ".repeat(5 * 1024 * 1024);
    for args in [vec!["judge", "eight"], vec!["solve", "eight", "-"]] {
        let input = format!("{long}\n1 2 3 4 5 6 7 x 8\n");
        let output = run_with_input(binary(dir).args(&args), &input);
        assert_eq!(output.status.code(), Some(1));
        assert!(stdout_of(&output).ends_with("r\n"), "the next line is answered");
        let errors = stderr_of(&output);
        let quoted = format!("{:?}... (10,485,760 characters)", "1 ".repeat(40));
        assert!(errors.contains(&format!("line 1: the line is longer than 65536 bytes: {quoted}")), "{errors}");
        assert!(errors.lines().all(|line| line.len() < 300), "{errors}");
    }
    // A long line under the cap is quoted the same way by the parser's message.
    let wide = format!("1 2 3 4 5 6 7 8 {}", "9".repeat(1000));
    let output = run_with_input(binary(dir).args(["judge", "eight"]), &wide);
    let errors = stderr_of(&output);
    assert!(errors.contains(&format!("{:?}... (1,000 characters)", "9".repeat(80))), "{errors}");
}

#[test]
fn a_line_over_the_cap_inside_a_multi_line_case_rejects_that_case_with_the_readers_message() {
    let dir = tables_with(Puzzle::Cubic);
    let input = format!("1 2\n{}\nWEW\nWWW\n2 1\nRBW\nRWW\nEWW\n0 0\n", "W".repeat(100_000));
    let output = run_with_input(binary(dir).args(["judge", "cubic"]), &input);
    assert_eq!((output.status.code(), stdout_of(&output).as_str()), (Some(1), "3\n"));
    let errors = stderr_of(&output);
    let quoted = format!("{:?}... (100,000 characters)", "W".repeat(80));
    assert!(errors.contains(&format!("line 2: the line is longer than 65536 bytes: {quoted}")), "{errors}");
}

/// The peak resident memory of a running process, in KiB (`VmHWM` in `/proc/PID/status`).
fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("Linux /proc");
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).expect("a VmHWM line");
    line.split_whitespace().nth(1).and_then(|kib| kib.parse().ok()).expect("VmHWM in kB")
}

#[test]
fn a_hundred_megabyte_single_line_is_read_in_bounded_memory() {
    let dir = tables_with(Puzzle::Eight);
    for args in [vec!["judge", "eight"], vec!["solve", "eight", "-"]] {
        let mut child: std::process::Child = binary(dir)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().unwrap();
        let chunk = "1 ".repeat(1 << 19); // 1 MiB
        for _ in 0..100 {
            stdin.write_all(chunk.as_bytes()).unwrap();
        }
        // The line is not over yet, so the process is still reading it.
        let peak = peak_memory_kib(child.id());
        stdin.write_all(b"\n1 2 3 4 5 6 7 x 8\n").unwrap();
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert!(peak < 32 * 1024, "{args:?}: peak resident memory {peak} KiB while reading a 100 MB line");
        assert_eq!(output.status.code(), Some(1));
        assert!(stdout_of(&output).ends_with("r\n"));
        assert!(stderr_of(&output).contains("(104,857,600 characters)"), "{}", stderr_of(&output));
    }
}

/// The standard output of `args` with `input` on standard input, which must succeed.
fn answer(command: &mut Command, input: &str) -> String {
    let output = run_with_input(command, input);
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
}

#[test]
fn byte_order_marks_zero_blanks_commas_and_compact_boards_are_read_as_the_judges_allow() {
    let eight = tables_with(Puzzle::Eight);
    let plain = answer(binary(eight).args(["judge", "eight"]), "2 3 4 1 5 x 7 6 8\n");
    for forgiven in ["\u{FEFF}2 3 4 1 5 x 7 6 8\r\n", "2,3,4,1,5,0,7,6,8\n", "2, 3, 4, 1, 5, x, 7, 6, 8\n"] {
        assert_eq!(answer(binary(eight).args(["judge", "eight"]), forgiven), plain, "{forgiven:?}");
        assert_eq!(answer(binary(eight).args(["judge", "eight", "-"]), forgiven), plain, "{forgiven:?}");
    }
    let solve = |board: &str| answer(binary(eight).args(["solve", "eight", board]), "");
    assert_eq!(solve("234150768"), solve("2 3 4 1 5 x 7 6 8"));

    let rotation = tables_with(Puzzle::Rotation);
    let board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";
    let judged = answer(binary(rotation).args(["judge", "rotation"]), &format!("{board}\n0\n"));
    let with_mark =
        answer(binary(rotation).args(["judge", "rotation"]), &format!("\u{FEFF}{}\n0\n", board.replace(' ', ",")));
    assert_eq!(with_mark, judged);
    let solve = |board: &str| answer(binary(rotation).args(["solve", "rotation", board]), "");
    assert_eq!(solve(&board.replace(' ', "")), solve(board));

    let cubic = tables_with(Puzzle::Cubic);
    let solve = |pattern: &str| answer(binary(cubic).args(["solve", "cubic", "--start", "2,1", pattern]), "");
    assert_eq!(solve("RBWRWWEWW"), solve("R B W R W W E W W"));
    assert_eq!(solve("R,B,W,R,W,W,E,W,W"), solve("R B W R W W E W W"));

    let fifteen = tables_with(Puzzle::Fifteen);
    let solve = |board: &str| answer(binary(fifteen).args(["solve", "fifteen", board]), "");
    assert_eq!(solve("2340157896ACDEBF"), solve("2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"));
    let judged = answer(binary(fifteen).args(["judge", "fifteen"]), "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n");
    let with_mark = answer(
        binary(fifteen).args(["judge", "fifteen", "-"]),
        "\u{FEFF}1\n2,3,4,0\n1,5,7,8\n9,6,10,12\n13,14,11,15\n",
    );
    assert_eq!(with_mark, judged);
}
