//! `check` through the binary: it accepts what `judge` writes for every style of input,
//! rejects with the right verdict what is too long, does not solve, is cut short or names a
//! wrong count, survives hostile output, and never accepts a wrong answer: answers mutated
//! at random are judged again by the independent searches of `tests/reference/`.

#[path = "setter/boards.rs"]
mod boards;
mod common;
#[path = "setter/references.rs"]
mod references;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::Puzzle;
use references::{cubic_reference, eight_reference, fifteen_reference, magic_cube_reference, rotation_reference};
use serde_json::Value;

/// What `check` said: its standard output, standard error and exit status.
struct Checked {
    out: String,
    err: String,
    status: i32,
}

/// Runs `check PUZZLE INPUT ANSWERS EXTRA...` on the given texts (as bytes: hostile output
/// need not be UTF-8).
fn check(puzzle: Puzzle, input: &str, answers: &[u8], extra: &[&str]) -> Checked {
    let dir = tempfile::tempdir().unwrap();
    let (input_path, answers_path) = (dir.path().join("input.txt"), dir.path().join("answers.txt"));
    std::fs::write(&input_path, input).unwrap();
    std::fs::write(&answers_path, answers).unwrap();
    check_files(puzzle, &input_path, &answers_path, extra)
}

fn check_files(puzzle: Puzzle, input: &Path, answers: &Path, extra: &[&str]) -> Checked {
    let output =
        binary(tables_with(puzzle)).arg("check").arg(puzzle.label()).arg(input).arg(answers).args(extra).output();
    let output = output.unwrap();
    let checked =
        Checked { out: stdout_of(&output), err: stderr_of(&output), status: output.status.code().unwrap_or(-1) };
    assert!(!checked.err.contains("panicked"), "check panicked: {}", checked.err);
    checked
}

/// The verdicts of `check --json EXTRA...`, one per case.
fn verdicts(puzzle: Puzzle, input: &str, answers: &str, extra: &[&str]) -> Vec<Value> {
    let checked = check(puzzle, input, answers.as_bytes(), &[&["--json"], extra].concat());
    let document: Value = serde_json::from_str(&checked.out).unwrap_or_else(|e| panic!("{e}: {}", checked.out));
    document["cases"].as_array().unwrap().clone()
}

fn judge(puzzle: Puzzle, input: &str) -> String {
    judge_with(puzzle, input, &[])
}

/// `judge PUZZLE EXTRA...`'s answers for `input`.
fn judge_with(puzzle: Puzzle, input: &str, extra: &[&str]) -> String {
    let output = common::run_with_input(binary(tables_with(puzzle)).args(["judge", puzzle.label()]).args(extra), input);
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
}

fn random(puzzle: Puzzle, args: &[&str]) -> String {
    let output = binary(tables_with(puzzle)).arg("random").arg(puzzle.label()).args(args).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
}

fn example(puzzle: Puzzle) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{}.txt", puzzle.label())))
        .unwrap()
}

/// A puzzle `check` referees (all but the cube, whose judge format is the magic cube's), with
/// what its judge inputs of every style need.
struct Judged {
    puzzle: Puzzle,
    /// A distance deep in the puzzle's space that `random` draws boards at.
    deep: &'static str,
    /// An input in the odd layouts its judge allows.
    odd_layouts: fn() -> String,
}

const JUDGED: &[Judged] = &[
    Judged {
        puzzle: Puzzle::Eight,
        deep: "31",
        // Blank lines between boards, unsolvable boards, cells written together.
        odd_layouts: || "\n1 2 3 4 5 6 8 7 x\n\n12345678x\n  2 3 4 1 5 x 7 6 8  \n".to_string(),
    },
    Judged {
        puzzle: Puzzle::Cubic,
        deep: "33",
        // Anything after the closing line is ignored.
        odd_layouts: || "2 2\nW W W\nW E W\nW W W\n0 0\n1 1\n".to_string(),
    },
    Judged {
        puzzle: Puzzle::Rotation,
        deep: "12",
        odd_layouts: || "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\n0\n".to_string(),
    },
    Judged {
        puzzle: Puzzle::MagicCube,
        deep: "6",
        // Two nets with no blank line between them.
        odd_layouts: || {
            let nets = random(Puzzle::MagicCube, &["--distance", "2", "--count", "2", "--seed", "3"]);
            format!("2\n{}", nets.lines().filter(|line| !line.is_empty()).collect::<Vec<_>>().join("\n"))
        },
    },
    Judged {
        puzzle: Puzzle::Fifteen,
        deep: "22",
        // LightOJ's layout (a blank line before each board), an unsolvable board, spaces.
        odd_layouts: || {
            [
                "3",
                "",
                "1 2 3 4",
                "5 6 7 8",
                "9 10 11 12",
                "13 15 14 0",
                "",
                " 1  2 3 4 ",
                "5 6 7 8",
                "9 10 11 12",
                "13 14 0 15",
                "",
                "2 1 3 4",
                "5 6 7 8",
                "9 10 11 12",
                "13 14 0 15\n",
            ]
            .join("\n")
        },
    },
];

/// Judge inputs of every style a hidden test might use.
fn inputs_of_every_style(judged: &Judged) -> Vec<String> {
    let puzzle = judged.puzzle;
    let mut inputs = vec![example(puzzle), example(puzzle).replace('\n', "\r\n")];
    inputs.push(random(puzzle, &["--distance", judged.deep, "--count", "2", "--seed", "1", "--judge-input"]));
    inputs.push(random(puzzle, &["--distance", "0", "--count", "1", "--seed", "1", "--judge-input"]));
    // A random fifteen-puzzle board needs about 53 moves, more than UVa accepts: its boards
    // come from a layer instead.
    inputs.push(match puzzle {
        Puzzle::Fifteen => random(puzzle, &["--distance", "17", "--count", "40", "--seed", "2", "--judge-input"]),
        _ => random(puzzle, &["--count", "40", "--seed", "2", "--judge-input"]),
    });
    inputs.push((judged.odd_layouts)());
    inputs
}

#[test]
fn check_accepts_what_judge_writes_for_every_style_of_input() {
    for judged in JUDGED {
        let puzzle = judged.puzzle;
        for input in inputs_of_every_style(judged) {
            let answers = judge(puzzle, &input);
            let checked = check(puzzle, &input, answers.as_bytes(), &[]);
            assert_eq!(checked.status, 0, "{}:\n{input}\n{}{}", puzzle.label(), checked.out, checked.err);
            assert!(checked.out.lines().filter(|l| l.starts_with("case ")).all(|l| l.contains(": accepted: ")));
            assert!(checked.out.ends_with("\naccepted\n"), "{}", checked.out);
            // The same answers with CRLF line ends and trailing blanks are forgiven, and named.
            let lenient = answers.replace('\n', " \r\n");
            let checked = check(puzzle, &input, lenient.as_bytes(), &[]);
            assert_eq!(checked.status, 0, "{}: {}", puzzle.label(), checked.out);
            if !answers.is_empty() {
                assert!(checked.out.contains("CRLF line end read as LF"), "{}", checked.out);
            }
        }
    }
}

/// Boards past each judge's limit, in its judge input: unsolvable eight boards, cubic
/// patterns beyond 30 rolls, magic cubes beyond 5 turns (uniform ones are), fifteen boards
/// that need more than 50 moves (uniform ones mostly do) or are unsolvable.
fn beyond_the_limits(puzzle: Puzzle) -> String {
    match puzzle {
        Puzzle::Eight => "2 1 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n".to_string(),
        Puzzle::Cubic => random(puzzle, &["--distance", "33", "--count", "5", "--seed", "24", "--judge-input"]),
        Puzzle::MagicCube => random(puzzle, &["--distance", "6", "--count", "5", "--seed", "24"]),
        Puzzle::Fifteen => boards::fifteen_input(&[[2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]]),
        _ => String::new(),
    }
}

/// The answers of `judge` that say a board is past the judge's limit.
fn says_beyond(puzzle: Puzzle, answers: &str) -> usize {
    let beyond = match puzzle {
        Puzzle::Eight => "unsolvable",
        Puzzle::Cubic | Puzzle::MagicCube => "-1",
        _ => NOT_SOLVABLE,
    };
    answers.lines().filter(|line| *line == beyond).count()
}

#[test]
fn check_accepts_judge_output_for_uniform_boards_of_every_puzzle_beyond_the_limits_too() {
    for judged in JUDGED {
        let puzzle = judged.puzzle;
        let count = if puzzle == Puzzle::Fifteen { "6" } else { "30" };
        let uniform = random(puzzle, &["--count", count, "--seed", "23"]);
        let beyond = beyond_the_limits(puzzle);
        let input = match puzzle {
            Puzzle::Eight => format!("{uniform}{beyond}"),
            Puzzle::Cubic => format!("{uniform}{beyond}"),
            Puzzle::Rotation => format!("{uniform}0\n"),
            Puzzle::MagicCube => format!("35\n\n{uniform}\n{beyond}"),
            _ => {
                let mut boards = boards::fifteen_boards(&format!("6\n{uniform}"));
                boards.extend(boards::fifteen_boards(&beyond));
                boards::fifteen_input(&boards)
            }
        };
        let answers = judge(puzzle, &input);
        if puzzle != Puzzle::Rotation {
            assert!(says_beyond(puzzle, &answers) >= 2, "{}: {answers}", puzzle.label());
        }
        let checked = check(puzzle, &input, answers.as_bytes(), &[]);
        assert_eq!(checked.status, 0, "{}:\n{input}\n{}{}", puzzle.label(), checked.out, checked.err);
        assert!(checked.out.ends_with("\naccepted\n"), "{}", checked.out);
    }
}

/// The verdict line of case `case` in `check`'s text output.
fn verdict_line(checked: &Checked, case: usize) -> String {
    let prefix = format!("case {case}: ");
    checked.out.lines().find(|line| line.starts_with(&prefix)).unwrap_or_else(|| panic!("{}", checked.out)).to_string()
}

#[test]
fn eight_rejections_name_what_is_wrong() {
    let input = "2 3 4 1 5 x 7 6 8\n2 3 4 1 5 x 7 6 8\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 8 x\n";
    let answers = "ullddrurdllurrdlurd\nullddrurdllurrdlurdud\nullddrurd\nul\nunsolvable\n";
    let checked = check(Puzzle::Eight, input, answers.as_bytes(), &[]);
    assert_eq!(checked.status, 1);
    assert_eq!(verdict_line(&checked, 1), "case 1: accepted: 19 moves, shortest");
    assert_eq!(verdict_line(&checked, 2), "case 2: accepted: 21 moves, not shortest (19 is)");
    assert!(verdict_line(&checked, 3).starts_with("case 3: wrong answer: the moves leave "), "{}", checked.out);
    assert_eq!(
        verdict_line(&checked, 4),
        "case 4: wrong answer: the board is unsolvable (the answer is \"unsolvable\")"
    );
    assert_eq!(verdict_line(&checked, 5), "case 5: wrong answer: says unsolvable, but it is solved in 0 moves");
    let shortest = check(Puzzle::Eight, input, answers.as_bytes(), &["--shortest"]);
    assert_eq!(verdict_line(&shortest, 2), "case 2: wrong answer: too long: 21 moves, the shortest takes 19");
    let cut_short = check(Puzzle::Eight, input, b"ullddrurdllurrdlurd\n", &[]);
    assert_eq!(verdict_line(&cut_short, 2), "case 2: no answer: the output ends after line 1");
    // The goal's answer is an empty line, which an output that ends has, leniently.
    assert_eq!(verdict_line(&cut_short, 4), "case 4: no answer: the output ends after line 1");
    assert!(cut_short.out.contains("eight: 5 cases: 2 accepted (2 of them shortest), 0 wrong answer, 3 no answer"));
    let off_board = check(Puzzle::Eight, "1 2 3 4 5 6 7 8 x\n", b"d\n", &[]);
    assert_eq!(verdict_line(&off_board, 1), "case 1: wrong answer: move 1 (d) pushes the blank off the board");
    let extra = check(Puzzle::Eight, "1 2 3 4 5 6 7 x 8\n", b"r\n\nr\n", &[]);
    assert_eq!(extra.status, 1);
    assert!(extra.out.contains("extra output: line 3 comes after the last case's answer"), "{}", extra.out);
}

#[test]
fn cubic_rejections_name_what_is_wrong() {
    let input = "1 2\nW W W\nE W W\nW W W\n3 3\nW B W\nB R E\nR B R\n1 1\nW W W\nW W W\nW W E\n0 0\n";
    let checked = check(Puzzle::Cubic, input, b"0\n-1\n", &[]);
    assert_eq!(verdict_line(&checked, 1), "case 1: accepted: 0");
    assert!(verdict_line(&checked, 2).starts_with("case 2: wrong answer: expected 13, found -1"), "{}", checked.out);
    assert_eq!(verdict_line(&checked, 3), "case 3: no answer: the output ends after line 2");
    let far = random(Puzzle::Cubic, &["--distance", "31", "--count", "1", "--seed", "4", "--judge-input"]);
    let checked = check(Puzzle::Cubic, &far, b"31\n", &[]);
    assert_eq!(verdict_line(&checked, 1), "case 1: wrong answer: expected -1 (the pattern is 31 rolls away), found 31");
}

#[test]
fn rotation_rejections_name_what_is_wrong() {
    let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n".repeat(5) + "0\n";
    let answers = "AC\n2\nACAF\n2\nCA\n2\nAC\n3\nAB\n2\n";
    let checked = check(Puzzle::Rotation, &input, answers.as_bytes(), &[]);
    // BG and GB both bring symbol 3 to the centre of this board; BG comes first.
    let two_ways = check(Puzzle::Rotation, "2 1 2 1 2 1 3 3 2 2 1 3 3 2 1 2 3 3 3 1 2 3 1 1\n0\n", b"GB\n3\n", &[]);
    assert_eq!(
        verdict_line(&two_ways, 1),
        "case 1: wrong answer: shortest, but not the first in dictionary order: expected BG"
    );
    assert_eq!(verdict_line(&checked, 1), "case 1: accepted: 2 moves, symbol 2 in the centre");
    assert_eq!(verdict_line(&checked, 2), "case 2: wrong answer: too long: 4 moves, the shortest take 2 (AC)");
    assert_eq!(verdict_line(&checked, 3), "case 3: wrong answer: the moves leave the centre mixed");
    assert_eq!(verdict_line(&checked, 4), "case 4: wrong answer: the centre symbol is 2, found \"3\"");
    assert_eq!(verdict_line(&checked, 5), "case 5: wrong answer: the moves leave the centre mixed");
    assert!(checked.out.contains("rotation: 5 cases: 1 accepted, 4 wrong answer, 0 no answer"), "{}", checked.out);
    let missing = check(Puzzle::Rotation, &input, b"2\nAC\n2\nAC\n", &[]);
    assert_eq!(verdict_line(&missing, 1), "case 1: wrong answer: the moves line is missing (line 1 holds a symbol)");
    assert_eq!(verdict_line(&missing, 3), "case 3: wrong answer: cut short: no centre symbol after line 4");
    assert!(verdict_line(&missing, 4).starts_with("case 4: no answer"));
}

#[test]
fn magic_cube_rejections_name_what_is_wrong() {
    // One quarter turn from solved: face 0 turned counter-clockwise undoes it.
    let net = random(Puzzle::MagicCube, &["--distance", "1", "--count", "1", "--seed", "8"]);
    let answer = judge(Puzzle::MagicCube, &format!("1\n\n{net}"));
    let step = answer.lines().nth(1).unwrap().to_string();
    let (face, dir) = step.split_once(' ').unwrap();
    let undo = format!("{face} {}", if dir == "1" { "-1" } else { "1" });
    let input = format!("5\n\n{}", [net.as_str()].repeat(5).join("\n"));
    let answers = format!("1\n{step}\n3\n{step}\n{step}\n{undo}\n1\n{undo}\n2\n{step}\n-1\n");
    let checked = check(Puzzle::MagicCube, &input, answers.as_bytes(), &[]);
    assert_eq!(verdict_line(&checked, 1), "case 1: accepted: 1 step, the minimum");
    assert_eq!(verdict_line(&checked, 2), "case 2: wrong answer: too long: 3 steps, the minimum is 1");
    assert!(verdict_line(&checked, 3).starts_with("case 3: wrong answer: the steps leave "), "{}", checked.out);
    assert_eq!(
        verdict_line(&checked, 4),
        "case 4: wrong answer: cut short or overlong: the count says 2, found 1 step"
    );
    assert_eq!(verdict_line(&checked, 5), "case 5: wrong answer: says -1, but the minimum is 1 quarter turn");
    let far = random(Puzzle::MagicCube, &["--count", "1", "--seed", "5", "--judge-input"]);
    assert_eq!(
        verdict_line(&check(Puzzle::MagicCube, &far, b"-1\n", &[]), 1),
        "case 1: accepted: -1 (more than 5 quarter turns are needed)"
    );
}

#[test]
fn an_unreadable_input_is_status_2_and_names_its_line() {
    let checked = check(Puzzle::Eight, "1 2 3 4 5 6 7 8 x\n1 2 3\n", b"\n", &[]);
    assert_eq!(checked.status, 2);
    assert!(checked.err.contains("line 2: expected 9 cells, found 3"), "{}", checked.err);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("input.txt"), "1 2 3 4 5 6 7 8 x\n").unwrap();
    let missing = check_files(Puzzle::Eight, &dir.path().join("input.txt"), &dir.path().join("none.txt"), &[]);
    assert_eq!(missing.status, 2);
    assert!(missing.err.contains("none.txt"), "{}", missing.err);
}

#[test]
fn hostile_output_is_judged_in_bounded_time_and_memory() {
    let input = "1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 x 8\n";
    let mut huge = vec![b'r'; 100 << 20];
    huge.extend_from_slice(b"\nr\n");
    let checked = check(Puzzle::Eight, input, &huge, &[]);
    assert_eq!(checked.status, 1);
    assert_eq!(verdict_line(&checked, 1), "case 1: wrong answer: line 1 is longer than 1048576 bytes");
    assert_eq!(verdict_line(&checked, 2), "case 2: accepted: 1 move, shortest");
    let garbage: Vec<u8> = (0..=255u8).cycle().take(100_000).collect();
    for puzzle in JUDGED.iter().map(|judged| judged.puzzle) {
        let checked = check(puzzle, &example(puzzle), &garbage, &["--json"]);
        assert_eq!(checked.status, 1, "{}", checked.err);
        serde_json::from_str::<Value>(&checked.out).unwrap();
    }
    let count = check(Puzzle::MagicCube, &example(Puzzle::MagicCube), b"99999999999999999999999\n0 1\n", &[]);
    assert_eq!(count.status, 1);
}

// ---- the property: mutated answers are judged as the independent searches judge them ----

/// Changes one answer at random in a way that keeps its lines its own: letters deleted,
/// inserted, replaced or swapped, numbers changed. A line that held something never
/// becomes blank (a lenient judge skips blank lines, which would move later answers).
fn mutate(rng: &mut fastrand::Rng, lines: &mut [String], alphabet: &[char]) {
    let line = &mut lines[rng.usize(..lines.len())];
    let was_blank = line.trim().is_empty();
    let mut chars: Vec<char> = line.chars().collect();
    match rng.u8(..6) {
        0 if !chars.is_empty() => drop(chars.remove(rng.usize(..chars.len()))),
        1 => chars.insert(rng.usize(..=chars.len()), alphabet[rng.usize(..alphabet.len())]),
        2 if !chars.is_empty() => {
            let at = rng.usize(..chars.len());
            chars[at] = alphabet[rng.usize(..alphabet.len())];
        }
        3 if chars.len() >= 2 => {
            let at = rng.usize(..chars.len() - 1);
            chars.swap(at, at + 1);
        }
        4 => chars.truncate(chars.len() / 2),
        _ => {
            if let Ok(number) = line.parse::<i64>() {
                chars = (number + [-2, -1, 1, 2][rng.usize(..4)]).to_string().chars().collect();
            }
        }
    }
    *line = chars.into_iter().collect();
    if line.trim().is_empty() && !was_blank {
        *line = "?".to_string();
    }
}

/// Mutates about two answers in three, checks them all in one run (`check PUZZLE
/// EXTRA...`), and compares each case's verdict with `right(case, its answer lines)`;
/// returns each verdict with the answer lines it judged.
fn mutated_answers_agree(
    (puzzle, extra): (Puzzle, &[&str]),
    input: &str,
    blocks: Vec<Vec<String>>,
    seed: u64,
    mutate_block: impl Fn(&mut fastrand::Rng, &mut Vec<String>),
    right: impl Fn(usize, &[String]) -> bool,
) -> Vec<(Value, Vec<String>)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut blocks = blocks;
    for block in &mut blocks {
        if rng.u8(..3) != 0 {
            mutate_block(&mut rng, block);
        }
    }
    let answers: String = blocks.iter().flatten().map(|line| format!("{line}\n")).collect();
    let verdicts = verdicts(puzzle, input, &answers, extra);
    assert_eq!(verdicts.len(), blocks.len());
    let mut wrong_seen = 0;
    for (case, (verdict, block)) in verdicts.iter().zip(&blocks).enumerate() {
        let accepted = verdict["verdict"] == "accepted";
        let expected = right(case, block);
        assert_eq!(accepted, expected, "{} case {}: {block:?}: {verdict}", puzzle.label(), case + 1);
        wrong_seen += usize::from(!expected);
    }
    assert!(wrong_seen > blocks.len() / 4, "the mutations make wrong answers: {wrong_seen}");
    verdicts.into_iter().zip(blocks).collect()
}

/// The interpreter behind `python3`, found once: a version manager's `python3` is often a
/// shell script that costs a third of a second a call, and the validators run hundreds of
/// times. They are called isolated and without site packages (`-I -S`), as they need only
/// the standard library.
fn python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let found = std::process::Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs");
        PathBuf::from(String::from_utf8(found.stdout).expect("a UTF-8 path").trim())
    })
}

/// The standalone output validator of `package PUZZLE` judges each case alone, called as
/// Kattis calls it (`validate.py input judge_answer feedback_dir < team_output`, the judge's
/// answer as `judge` wrote it), and agrees with `check`'s verdict on every mutated answer.
fn package_validator_agrees(
    puzzle: Puzzle,
    case_inputs: &[String],
    answers: &[Vec<String>],
    judged: &[(Value, Vec<String>)],
) {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("problem");
    let made =
        binary(tables_with(puzzle)).args(["package", puzzle.label()]).arg(&package).args(["--tests", "1"]).output();
    let made = made.unwrap();
    assert!(made.status.success(), "{}", stderr_of(&made));
    let validator = package.join("output_validators/validate/validate.py");
    let lines = |block: &[String]| block.iter().map(|line| format!("{line}\n")).collect::<String>();
    for (case, ((verdict, team), answer)) in judged.iter().zip(answers).enumerate() {
        let files = dir.path().join(format!("case{case}"));
        std::fs::create_dir(&files).unwrap();
        std::fs::write(files.join("input.in"), &case_inputs[case]).unwrap();
        std::fs::write(files.join("judge.ans"), lines(answer)).unwrap();
        let team_path = files.join("team.out");
        std::fs::write(&team_path, lines(team)).unwrap();
        let run = std::process::Command::new(python())
            .args(["-I", "-S"])
            .arg(&validator)
            .args([files.join("input.in"), files.join("judge.ans"), files.clone()])
            .stdin(std::fs::File::open(&team_path).unwrap())
            .output()
            .expect("python3 runs the validator");
        let message = std::fs::read_to_string(files.join("judgemessage.txt")).unwrap_or_default();
        let accepted = match run.status.code() {
            Some(42) => true,
            Some(43) => false,
            other => panic!("{}: validator exit {other:?}: {}", puzzle.label(), stderr_of(&run)),
        };
        assert_eq!(
            accepted,
            verdict["verdict"] == "accepted",
            "{} case {}: {team:?}: check says {verdict}, the validator {message}",
            puzzle.label(),
            case + 1
        );
    }
}

fn eight_distances() -> &'static HashMap<eight_reference::Cells, u8> {
    static DISTANCES: OnceLock<HashMap<eight_reference::Cells, u8>> = OnceLock::new();
    DISTANCES.get_or_init(eight_reference::bfs_distances)
}

#[test]
fn mutated_eight_answers_are_accepted_exactly_when_they_solve() {
    let mut input = random(Puzzle::Eight, &["--count", "300", "--seed", "11"]);
    // Unsolvable boards: two tiles of a solvable board swapped.
    input.push_str("2 1 3 4 5 6 7 8 x\n6 8 7 2 5 4 x 3 1\n");
    let boards: Vec<[u8; 9]> = input.lines().map(boards::eight_cells).collect();
    let blocks: Vec<Vec<String>> = judge(Puzzle::Eight, &input).lines().map(|line| vec![line.to_string()]).collect();
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| match rng.u8(..8) {
        0 => block[0] = "unsolvable".to_string(),
        1 => block[0].push_str(["ud", "du", "lr", "rl"][rng.usize(..4)]),
        _ => mutate(rng, block, &['u', 'd', 'l', 'r', 'x']),
    };
    let right = |case: usize, block: &[String]| {
        let cells = boards[case];
        match block[0].as_str() {
            "unsolvable" => !eight_distances().contains_key(&cells),
            moves => eight_reference::replay(cells, moves) == Some(eight_reference::GOAL),
        }
    };
    let answers = blocks.clone();
    let judged = mutated_answers_agree((Puzzle::Eight, &[]), &input, blocks, 13, mutate_block, right);
    let case_inputs: Vec<String> = input.lines().map(|line| format!("{line}\n")).collect();
    package_validator_agrees(Puzzle::Eight, &case_inputs, &answers, &judged);
}

#[test]
fn mutated_cubic_answers_are_accepted_exactly_when_they_name_the_judge_answer() {
    let mut input = random(Puzzle::Cubic, &["--count", "40", "--seed", "12"]);
    input.push_str(&random(Puzzle::Cubic, &["--distance", "30", "--count", "10", "--seed", "13", "--judge-input"]));
    let expected: Vec<String> = boards::cubic_datasets(&input)
        .into_iter()
        .map(|(empty, key)| match cubic_reference::bidirectional_distance(empty, key) {
            Some(d) if d <= 30 => d.to_string(),
            _ => "-1".to_string(),
        })
        .collect();
    let blocks: Vec<Vec<String>> = judge(Puzzle::Cubic, &input).lines().map(|line| vec![line.to_string()]).collect();
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| mutate(rng, block, &['1', '3', '-', 'a']);
    // The judge reads a whole number.
    let right = |case: usize, block: &[String]| block[0].trim().parse::<i64>().ok() == expected[case].parse().ok();
    mutated_answers_agree((Puzzle::Cubic, &[]), &input, blocks, 14, mutate_block, right);
}

#[test]
fn mutated_rotation_answers_are_accepted_exactly_when_both_lines_are_the_judge_answer() {
    let input = random(Puzzle::Rotation, &["--count", "200", "--seed", "15", "--judge-input"]);
    let expected: Vec<String> = boards::rotation_boards(&input).iter().map(rotation_reference::bfs_answer).collect();
    let judged = judge(Puzzle::Rotation, &input);
    let lines: Vec<String> = judged.lines().map(str::to_string).collect();
    let blocks: Vec<Vec<String>> = lines.chunks(2).map(<[String]>::to_vec).collect();
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| match rng.u8(..6) {
        0 => block[0] = "No moves needed".to_string(),
        1 => block[1] = rng.u8(1..4).to_string(),
        _ => mutate(rng, &mut block[..1], &['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']),
    };
    let right = |case: usize, block: &[String]| format!("{}\n{}\n", block[0], block[1]) == expected[case];
    mutated_answers_agree((Puzzle::Rotation, &[]), &input, blocks, 16, mutate_block, right);
}

#[test]
fn mutated_magic_cube_answers_are_accepted_exactly_when_minimal_and_solving() {
    let mut nets = Vec::new();
    for distance in 0..=6 {
        let count = if distance == 0 { "1" } else { "8" };
        let d = distance.to_string();
        nets.push(random(Puzzle::MagicCube, &["--distance", &d, "--count", count, "--seed", &d]));
    }
    nets.push(random(Puzzle::MagicCube, &["--count", "4", "--seed", "17"]));
    let nets: Vec<String> = nets.join("\n").split("\n\n").map(str::to_string).collect();
    let input = format!("{}\n\n{}", nets.len(), nets.join("\n\n"));
    let stickers: Vec<_> = boards::cube_nets(&input)
        .iter()
        .map(|colours| magic_cube_reference::stickers_from_colours(colours).unwrap())
        .collect();
    let mut blocks: Vec<Vec<String>> = Vec::new();
    for line in judge(Puzzle::MagicCube, &input).lines() {
        match line.parse::<i64>() {
            Ok(_) => blocks.push(vec![line.to_string()]),
            Err(_) => blocks.last_mut().unwrap().push(line.to_string()),
        }
    }
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| match rng.u8(..5) {
        0 => block[0] = "-1".to_string(),
        1 => {
            // Two turns that cancel, and a count that says so: solves, but too long.
            let face = rng.u8(..6);
            block.extend([format!("{face} 1"), format!("{face} -1")]);
            block[0] = (block.len() - 1).to_string();
        }
        2 if block.len() > 1 => {
            block.pop();
            block[0] = (block.len() - 1).to_string();
        }
        _ => loop {
            // Keep the shape (a count alone, steps of two numbers), which is how the checker
            // tells one case's lines from the next.
            let mut mutated = block.clone();
            mutate(rng, &mut mutated, &['0', '3', '5', '6', '-', ' ']);
            let tokens = |line: &String| line.split_whitespace().count();
            if tokens(&mutated[0]) == 1 && mutated[1..].iter().all(|step| tokens(step) == 2) {
                *block = mutated;
                break;
            }
        },
    };
    // The judge reads whole numbers: white space around them is free, and so are leading
    // zeros and a plus sign.
    let right = |case: usize, block: &[String]| {
        let distance = magic_cube_reference::distance_up_to_8(stickers[case]).filter(|&d| d <= 5);
        let count = block[0].trim().parse::<i64>();
        let steps: Option<Vec<usize>> = block[1..]
            .iter()
            .map(|step| {
                let numbers: Vec<i64> = step.split_whitespace().map(|t| t.parse().ok()).collect::<Option<_>>()?;
                match numbers[..] {
                    [face @ 0..=5, dir @ (1 | -1)] => Some(magic_cube_reference::judge_step(&format!("{face} {dir}"))),
                    _ => None,
                }
            })
            .collect();
        match (count, steps) {
            (Ok(-1), Some(steps)) => steps.is_empty() && distance.is_none(),
            (Ok(count), Some(steps)) if usize::try_from(count) == Ok(steps.len()) => {
                let end = steps.iter().fold(stickers[case], |s, &step| magic_cube_reference::apply(&s, step));
                end == magic_cube_reference::SOLVED && distance == Some(steps.len())
            }
            _ => false,
        }
    };
    let answers = blocks.clone();
    let judged = mutated_answers_agree((Puzzle::MagicCube, &[]), &input, blocks, 18, mutate_block, right);
    let case_inputs: Vec<String> = nets.iter().map(|net| format!("1\n\n{}\n", net.trim_end())).collect();
    package_validator_agrees(Puzzle::MagicCube, &case_inputs, &answers, &judged);
}

/// Both judges' answer for a board with no answer.
const NOT_SOLVABLE: &str = "This puzzle is not solvable.";

#[test]
fn lightoj_check_accepts_what_judge_lightoj_writes_for_every_style_of_input() {
    let fifteen = JUDGED.iter().find(|judged| judged.puzzle == Puzzle::Fifteen).expect("the fifteen puzzle is judged");
    for input in inputs_of_every_style(fifteen) {
        let answers = judge_with(Puzzle::Fifteen, &input, &["--lightoj"]);
        let checked = check(Puzzle::Fifteen, &input, answers.as_bytes(), &["--lightoj"]);
        assert_eq!(checked.status, 0, "{input}\n{}{}", checked.out, checked.err);
        assert!(checked.out.ends_with("\naccepted\n"), "{}", checked.out);
    }
}

#[test]
fn fifteen_rejections_name_what_is_wrong() {
    let sample = example(Puzzle::Fifteen);
    let solvable = sample.lines().skip(1).take(4).collect::<Vec<_>>().join("\n");
    let unsolvable = sample.lines().skip(5).collect::<Vec<_>>().join("\n");
    let goal = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0";
    let input = format!("7\n{solvable}\n{solvable}\n{solvable}\n{solvable}\n{unsolvable}\n{goal}\n{solvable}\n");
    let padding = "LR".repeat(21);
    let answers =
        format!("LLLDRDRDR\nLLLDRDRDRUD\nLLLD\nLLLDRDRDR{padding}\n{NOT_SOLVABLE}\n{NOT_SOLVABLE}\nLLLDRDRDx\n");
    let checked = check(Puzzle::Fifteen, &input, answers.as_bytes(), &[]);
    assert_eq!(checked.status, 1);
    assert_eq!(verdict_line(&checked, 1), "case 1: accepted: 9 moves, shortest");
    assert_eq!(verdict_line(&checked, 2), "case 2: accepted: 11 moves, not shortest (9 is)");
    assert!(verdict_line(&checked, 3).starts_with("case 3: wrong answer: the moves leave "), "{}", checked.out);
    assert_eq!(
        verdict_line(&checked, 4),
        "case 4: wrong answer: too long: 51 moves solve it, the judge accepts at most 50"
    );
    assert_eq!(verdict_line(&checked, 5), "case 5: accepted: not solvable");
    assert_eq!(verdict_line(&checked, 6), "case 6: wrong answer: says not solvable, but 0 moves solve it ()");
    assert_eq!(
        verdict_line(&checked, 7),
        "case 7: wrong answer: character 9 is 'x': not a move (U, D, L, R), nor \"This puzzle is not solvable.\""
    );
    let shortest = check(Puzzle::Fifteen, &input, answers.as_bytes(), &["--shortest"]);
    assert_eq!(verdict_line(&shortest, 2), "case 2: wrong answer: too long: 11 moves solve it, the shortest takes 9");
    let moves_on_unsolvable = check(Puzzle::Fifteen, &sample, b"LLLDRDRDR\nL\n", &[]);
    assert_eq!(
        verdict_line(&moves_on_unsolvable, 2),
        "case 2: wrong answer: the board is unsolvable (the answer is \"This puzzle is not solvable.\")"
    );
    // The goal's answer is an empty line, which an output that ends has, leniently.
    let goal_last = check(Puzzle::Fifteen, &format!("2\n{solvable}\n{goal}\n"), b"LLLDRDRDR\n", &[]);
    assert_eq!(goal_last.status, 0, "{}", goal_last.out);
    // A count that the boards do not match is an input the judge cannot read.
    let miscounted = check(Puzzle::Fifteen, &format!("3\n{solvable}\n{goal}\n"), b"LLLDRDRDR\n\n", &[]);
    assert_eq!(miscounted.status, 2);
    assert!(miscounted.err.contains("line 1: the input announces 3 boards but holds 2"), "{}", miscounted.err);

    // LightOJ: the fewest moves, first in dictionary order, and nothing beyond 35 moves.
    let (_, length, korf_first) = fifteen_reference::korf_instances()[0];
    let korf = boards::fifteen_input(&[korf_first]).trim_start_matches("1\n").trim_end().to_string();
    let one_line = korf.split_whitespace().collect::<Vec<_>>().join(" ");
    let solved =
        common::run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["solve", "fifteen", "-"]), &one_line);
    let korf_moves = stdout_of(&solved);
    assert_eq!(korf_moves.trim().len(), length);
    // UVa accepts at most 50 moves: its answer for this board is that it is not solvable.
    let uva = judge(Puzzle::Fifteen, &format!("1\n{korf}\n"));
    assert_eq!(uva, format!("{NOT_SOLVABLE}\n"));
    assert_eq!(
        verdict_line(&check(Puzzle::Fifteen, &format!("1\n{korf}\n"), uva.as_bytes(), &[]), 1),
        "case 1: accepted: not solvable (more than 50 moves are needed, and the judge accepts at most 50)"
    );
    let too_long = check(Puzzle::Fifteen, &format!("1\n{korf}\n"), korf_moves.as_bytes(), &[]);
    assert_eq!(
        verdict_line(&too_long, 1),
        "case 1: wrong answer: too long: 57 moves solve it, the judge accepts at most 50"
    );
    let input = format!("6\n{solvable}\n{solvable}\n{solvable}\n{unsolvable}\n{korf}\n{korf}\n");
    let answers = [
        "Case 1: LLLDRDRDR".to_string(),
        "Case 2: LLLDRDRDRLR".to_string(),
        "Case 4: LLLDRDRDR".to_string(),
        format!("Case 4:{NOT_SOLVABLE}"),
        format!("Case 5: {NOT_SOLVABLE}"),
        format!("Case 6: {}", korf_moves.trim()),
    ]
    .join("\n");
    let lightoj = check(Puzzle::Fifteen, &input, answers.as_bytes(), &["--lightoj"]);
    assert_eq!(verdict_line(&lightoj, 1), "case 1: accepted: 9 moves, shortest, first in dictionary order");
    assert_eq!(verdict_line(&lightoj, 2), "case 2: wrong answer: too long: 11 moves, the shortest take 9 (LLLDRDRDR)");
    assert_eq!(
        verdict_line(&lightoj, 3),
        "case 3: wrong answer: expected \"Case 3: \" first, found \"Case 4: LLLDRDRDR\""
    );
    assert!(verdict_line(&lightoj, 4).starts_with("case 4: wrong answer: expected \"Case 4: \" first"));
    assert_eq!(verdict_line(&lightoj, 5), "case 5: accepted: not solvable (more than 35 moves are needed)");
    assert_eq!(
        verdict_line(&lightoj, 6),
        format!(
            "case 6: wrong answer: {length} moves solve it, but more than 35 are needed: expected \"This puzzle is not \
             solvable.\""
        )
    );
    // DRULDR and RDLURD both solve this board in the fewest moves; the judge wants the first.
    let two_ways = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 15, 13, 14, 12, 11];
    let first = fifteen_reference::ida_manhattan(two_ways);
    let later = "RDLURD";
    assert!(first.as_str() < later && first.len() == later.len());
    assert_eq!(fifteen_reference::replay(two_ways, later), Some(fifteen_reference::GOAL));
    let input = boards::fifteen_input(&[two_ways]);
    let not_first = check(Puzzle::Fifteen, &input, format!("Case 1: {later}\n").as_bytes(), &["--lightoj"]);
    assert_eq!(
        verdict_line(&not_first, 1),
        format!("case 1: wrong answer: shortest, but not the first in dictionary order: expected {first}")
    );
    let refused = check(Puzzle::Fifteen, &input, b"", &["--lightoj", "--shortest"]);
    assert!(refused.status == 2 && refused.err.contains("LightOJ answers are exact already"), "{}", refused.err);
}

/// Boards for the fifteen-puzzle properties: layers drawn by `random`, random walks from the
/// goal, and unsolvable boards (two tiles of a walk swapped, which the independent parity
/// rule must call unsolvable).
fn fifteen_cases(seed: u64, distances: &[&str]) -> Vec<fifteen_reference::Cells> {
    let mut boards = Vec::new();
    for distance in distances {
        let drawn =
            random(Puzzle::Fifteen, &["--distance", distance, "--count", "100", "--seed", distance, "--judge-input"]);
        boards.extend(boards::fifteen_boards(&drawn));
    }
    let mut rng = fastrand::Rng::with_seed(seed);
    for steps in 1..60 {
        let walk = fifteen_reference::random_walk(&mut rng, steps);
        if walk != fifteen_reference::GOAL {
            boards.push(walk);
        }
    }
    for steps in [5, 30, 80] {
        let mut swapped = fifteen_reference::random_walk(&mut rng, steps);
        let tiles: Vec<usize> = (0..16).filter(|&cell| swapped[cell] != 0).take(2).collect();
        swapped.swap(tiles[0], tiles[1]);
        assert!(!fifteen_reference::solvable(&swapped), "{swapped:?}");
        boards.push(swapped);
    }
    assert!(boards.iter().filter(|cells| fifteen_reference::solvable(cells)).count() + 3 == boards.len());
    boards
}

#[test]
fn mutated_fifteen_answers_are_accepted_exactly_when_they_solve_within_50_moves() {
    let boards = fifteen_cases(19, &["8", "14", "20"]);
    let input = boards::fifteen_input(&boards);
    let blocks: Vec<Vec<String>> = judge(Puzzle::Fifteen, &input).lines().map(|line| vec![line.to_string()]).collect();
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| match rng.u8(..8) {
        0 => block[0] = NOT_SOLVABLE.to_string(),
        // Moves that come back to the goal: still solving, longer, perhaps beyond 50.
        1 => block[0].push_str(&["UD", "LR"][rng.usize(..2)].repeat(rng.usize(1..20))),
        _ => mutate(rng, block, &['U', 'D', 'L', 'R', 'x']),
    };
    // Not solvable is UVa's answer for a board that needs more than the 50 moves it accepts.
    let right = |case: usize, block: &[String]| match block[0].as_str() {
        NOT_SOLVABLE => {
            !fifteen_reference::solvable(&boards[case]) || fifteen_reference::ida_manhattan(boards[case]).len() > 50
        }
        moves => moves.len() <= 50 && fifteen_reference::replay(boards[case], moves) == Some(fifteen_reference::GOAL),
    };
    let answers = blocks.clone();
    let judged = mutated_answers_agree((Puzzle::Fifteen, &[]), &input, blocks, 20, mutate_block, right);
    let case_inputs: Vec<String> = boards.iter().map(|cells| boards::fifteen_input(&[*cells])).collect();
    package_validator_agrees(Puzzle::Fifteen, &case_inputs, &answers, &judged);
    // Whether an accepted answer is shortest, against the reference's IDA*.
    for (case, (verdict, block)) in judged.iter().enumerate() {
        if verdict["verdict"] == "accepted" && block[0] != NOT_SOLVABLE {
            let fewest = fifteen_reference::ida_manhattan(boards[case]).len();
            assert_eq!(verdict["shortest"], block[0].len() == fewest, "case {}: {verdict}", case + 1);
        }
    }
}

#[test]
fn mutated_lightoj_answers_are_accepted_exactly_when_they_are_the_judge_answer() {
    let mut boards = fifteen_cases(21, &["6", "14", "22"]);
    let korf = fifteen_reference::korf_instances();
    boards.extend([korf[0].2, korf[1].2]);
    let expected: Vec<String> = boards
        .iter()
        .map(|cells| {
            let beyond_35 = korf.iter().any(|&(_, _, far)| far == *cells);
            if !fifteen_reference::solvable(cells) || beyond_35 {
                return NOT_SOLVABLE.to_string();
            }
            let moves = fifteen_reference::ida_manhattan(*cells);
            if moves.len() > 35 {
                NOT_SOLVABLE.to_string()
            } else {
                moves
            }
        })
        .collect();
    let input = boards::fifteen_input(&boards);
    let judged = judge_with(Puzzle::Fifteen, &input, &["--lightoj"]);
    let blocks: Vec<Vec<String>> = judged.lines().map(|line| vec![line.to_string()]).collect();
    let mutate_block = |rng: &mut fastrand::Rng, block: &mut Vec<String>| match rng.u8(..6) {
        0 => {
            let (case, _) = block[0].split_once(": ").unwrap();
            block[0] = format!("{case}: {NOT_SOLVABLE}");
        }
        1 => block[0].push_str(["UD", "LR"][rng.usize(..2)]),
        _ => mutate(rng, block, &['U', 'D', 'L', 'R', 'C', '1', ':']),
    };
    let right =
        |case: usize, block: &[String]| block[0].trim() == format!("Case {}: {}", case + 1, expected[case]).trim();
    mutated_answers_agree((Puzzle::Fifteen, &["--lightoj"]), &input, blocks, 22, mutate_block, right);
}
