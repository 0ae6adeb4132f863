//! What every puzzle's commands share, checked across all of them: a solved start reads the
//! same everywhere, `--show --json` has one shape, counts are English, every error has one
//! style (`puzzle-tables: <what>: <why>`) and names the command that rebuilds a table it
//! names, an unterminated judge input is treated alike, and options that would do nothing
//! are refused rather than ignored.

mod common;

use std::path::Path;
use std::process::Output;

use common::{binary, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;
use serde_json::Value;

/// A tables directory holding every puzzle's tables.
fn all_tables() -> &'static Path {
    for &puzzle in Puzzle::BUILT_IN {
        tables_with(puzzle);
    }
    tables_with(Puzzle::Eight)
}

fn run(args: &[&str]) -> Output {
    binary(all_tables()).args(args).output().expect("the binary runs")
}

/// The rotation board whose centre holds eight 1s, and 2s and 3s around it.
const SOLVED_ROTATION: &str = "2 2 2 2 2 2 1 1 1 2 2 1 1 3 3 1 1 1 3 3 3 3 3 3";
const SOLVED_CUBE: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// Each puzzle's `solve` arguments for a solved start, and the noun its answers count.
fn solved_starts() -> [(Vec<&'static str>, &'static str); 5] {
    [
        (vec!["eight", "1 2 3 4 5 6 7 8 x"], "move"),
        (vec!["cubic", "--start", "2,2", "WWW WEW WWW"], "roll"),
        (vec!["rotation", SOLVED_ROTATION], "move"),
        (vec!["cube", SOLVED_CUBE], "face turn"),
        (vec!["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"], "move"),
    ]
}

/// Each puzzle's `solve` arguments for a start one move from solved, and its first line.
fn one_move_starts() -> [(Vec<&'static str>, &'static str); 5] {
    [
        (vec!["eight", "1 2 3 4 5 6 7 x 8"], "1 move: r"),
        (vec!["cubic", "--start", "2,1", "EBW WWW WWW"], "1 roll: r"),
        (vec!["rotation", "3 1 3 3 3 1 3 2 2 2 1 2 2 1 3 2 2 2 1 3 1 1 3 1"], "1 move: H"),
        (
            vec!["cube", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"],
            "1 face turn (1 quarter turn, the fewest possible): R'",
        ),
        (vec!["fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"], "1 move: R"),
    ]
}

fn solve(args: &[&str]) -> Output {
    let output = run(&[&["solve"], args].concat());
    assert!(output.status.success(), "{args:?}: {}", stderr_of(&output));
    output
}

fn solve_json(args: &[&str]) -> Value {
    serde_json::from_slice(&solve(&[args, &["--show", "--json"]].concat()).stdout).expect("JSON")
}

#[test]
fn a_solved_start_is_already_solved_in_every_solve() {
    for (args, noun) in solved_starts() {
        let text = stdout_of(&solve(&args));
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(first, format!("0 {noun}s: already solved"), "{args:?}");
        let answer = solve_json(&args);
        assert_eq!(answer["distance"], 0, "{args:?}");
        assert_eq!(answer["moves"], "", "{args:?}");
        assert_eq!(answer["steps"], serde_json::json!([]), "{args:?}");
    }
}

#[test]
fn a_solved_board_is_an_empty_line_where_the_judge_answers_with_moves() {
    let eight = run_with_input(binary(all_tables()).args(["judge", "eight"]), "1 2 3 4 5 6 7 8 x\n");
    assert_eq!(stdout_of(&eight), "\n");
    let fifteen_input = "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";
    let fifteen = run_with_input(binary(all_tables()).args(["judge", "fifteen"]), fifteen_input);
    assert_eq!(stdout_of(&fifteen), "\n");
    // Where the judge's answer is a count or a sentence, the judge's own words.
    let rotation = run_with_input(binary(all_tables()).args(["judge", "rotation"]), &format!("{SOLVED_ROTATION}\n0\n"));
    assert_eq!(stdout_of(&rotation), "No moves needed\n1\n");
    let cubic = run_with_input(binary(all_tables()).args(["judge", "cubic"]), "2 2\nWWW\nWEW\nWWW\n0 0\n");
    assert_eq!(stdout_of(&cubic), "0\n");
}

#[test]
fn counts_of_one_are_singular_in_every_solve() {
    for (args, first_line) in one_move_starts() {
        let text = stdout_of(&solve(&args));
        assert_eq!(text.lines().next(), Some(first_line), "{args:?}");
    }
}

/// The one `--show --json` shape: the common fields, and one `{"move", "state"}` per move
/// whose moves spell `"moves"`.
fn assert_common_shape(args: &[&str], answer: &Value) {
    let puzzle = answer["puzzle"].as_str().unwrap_or_else(|| panic!("{args:?}: no puzzle in {answer}"));
    let moves = answer["moves"].as_str().unwrap_or_else(|| panic!("{args:?}: no moves in {answer}"));
    let steps = answer["steps"].as_array().unwrap_or_else(|| panic!("{args:?}: no steps in {answer}"));
    assert_eq!(answer["distance"], steps.len(), "{args:?}");
    for step in steps {
        let fields: Vec<&str> = step.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(fields, ["move", "state"], "{args:?}");
        assert!(step["move"].is_string() && step["state"].is_string(), "{args:?}: {step}");
    }
    let step_moves: Vec<&str> = steps.iter().map(|step| step["move"].as_str().unwrap()).collect();
    let separator = if puzzle == "cube" { " " } else { "" };
    assert_eq!(step_moves.join(separator), moves, "{args:?}");
}

#[test]
fn show_json_has_one_shape_in_every_puzzle() {
    let cases: [&[&str]; 5] = [
        &["eight", "2 3 4 1 5 x 7 6 8"],
        &["cubic", "--start", "2,1", "RBW RWW EWW"],
        &["rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"],
        &["cube", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"],
        &["fifteen", "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15"],
    ];
    for args in cases {
        let answer = solve_json(args);
        assert_common_shape(args, &answer);
        let steps = answer["steps"].as_array().unwrap();
        assert!(!steps.is_empty(), "{args:?}");
        let last = steps.last().unwrap()["state"].as_str().unwrap();
        if args[0] == "cubic" {
            // The rolls lead from the start to the pattern asked for.
            assert_eq!(last, answer["pattern"], "{args:?}");
        } else {
            // The state is written as the input is: read back, it is the solved start.
            let mut again = vec![args[0], last];
            again.push("--json");
            let solved: Value = serde_json::from_slice(&solve(&again).stdout).unwrap();
            assert_eq!(solved["distance"], 0, "{args:?}: {last}");
        }
    }
}

#[test]
fn no_answer_is_null_distance_and_moves() {
    for args in [&["eight", "2 1 3 4 5 6 7 8 x"][..], &["fifteen", "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0"]] {
        let answer = solve_json(args);
        assert_eq!(answer["solvable"], false, "{args:?}");
        assert!(answer["distance"].is_null() && answer["moves"].is_null(), "{args:?}: {answer}");
    }
}

#[test]
fn rotation_and_cubic_judges_treat_a_missing_terminator_alike() {
    let rotation = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n";
    let cubic = "2 1\nR B W\nR W W\nE W W\n";
    for (puzzle, input, answers, closing) in
        [("rotation", rotation, "AC\n2\n", "\"0\""), ("cubic", cubic, "3\n", "\"0 0\"")]
    {
        let output = run_with_input(binary(all_tables()).args(["judge", puzzle]), input);
        assert_eq!(stdout_of(&output), answers, "{puzzle}: every case is still answered");
        assert_eq!(output.status.code(), Some(1), "{puzzle}: {}", stderr_of(&output));
        let expected = format!("line {}: the input ends without the closing line {closing}", input.lines().count() + 1);
        assert!(stderr_of(&output).contains(&expected), "{puzzle}: {}", stderr_of(&output));
    }
}

/// Every line of `output`'s standard error is in the one style, and it is not empty.
fn assert_error_style(output: &Output) {
    let errors = stderr_of(output);
    assert!(!errors.is_empty());
    let first = errors.lines().next().unwrap();
    assert!(first.starts_with("puzzle-tables: "), "{errors}");
    assert!(!first.contains("error:"), "{errors}");
    let what_and_why = first.strip_prefix("puzzle-tables: ").unwrap();
    assert!(what_and_why.contains(": "), "no <what>: <why> in {errors}");
}

#[test]
fn every_error_has_one_style() {
    let missing = all_tables().join("no-such-input.txt");
    let failing: [&[&str]; 5] = [
        &["solve", "eight", "1 2 3"],
        &["stats", "tetris"],
        &["judge", "eight", missing.to_str().unwrap()],
        &["judge", "magic-cube", "--exact"],
        &["solve", "cubic", "--start", "4,4", "WWW WEW WWW"],
    ];
    for args in failing {
        let output = run_with_input(binary(all_tables()).args(args), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_error_style(&output);
    }
    // The example of docs/command-line.md (Bad input), word for word.
    let output = run(&["solve", "eight", "1 2 3"]);
    assert_eq!(
        stderr_of(&output),
        "puzzle-tables: solve eight: not an eight-puzzle board: expected 9 cells, found 3\n"
    );
}

#[test]
fn rubik_points_at_cube_in_stats_judge_and_gen() {
    for command in ["stats", "judge", "gen"] {
        let output = run_with_input(binary(all_tables()).args([command, "rubik"]), "");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let errors = stderr_of(&output);
        assert!(errors.contains("a similar value exists: 'cube'"), "{command}: {errors}");
        assert!(!errors.contains("'cubic'"), "{command}: {errors}");
        assert_error_style(&output);
    }
}

#[test]
fn judge_options_that_would_do_nothing_are_refused() {
    for (puzzle, option) in [("magic-cube", "--exact"), ("eight", "--exact"), ("eight", "--lightoj")] {
        let output = run_with_input(binary(all_tables()).args(["judge", puzzle, option]), "1 2 3 4 5 6 7 8 x\n");
        assert_eq!(output.status.code(), Some(2), "{puzzle} {option}");
        assert_eq!(stdout_of(&output), "", "{puzzle} {option}: nothing answered");
        assert!(stderr_of(&output).contains(&format!("{option} is for")), "{}", stderr_of(&output));
    }
    let help = stdout_of(&run(&["judge", "--help"]));
    assert!(help.contains("Cubic only") && help.contains("Fifteen only"), "{help}");
}

#[test]
fn an_error_about_a_table_names_the_command_that_rebuilds_it() {
    // A table refused at its first use, in a directory of its own.
    let dir = tempfile::tempdir().unwrap();
    for spec in puzzle_tables_query::tables_of(Puzzle::Rotation) {
        let bytes = std::fs::read(all_tables().join(spec.file_name())).unwrap();
        std::fs::write(dir.path().join(spec.file_name()), &bytes[..bytes.len() / 2]).unwrap();
    }
    let output = binary(dir.path()).args(["solve", "rotation", SOLVED_ROTATION]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_error_style(&output);
    let hint = format!("puzzle-tables --tables {} gen rotation", dir.path().display());
    assert!(stderr_of(&output).contains(&hint), "{}", stderr_of(&output));
}
