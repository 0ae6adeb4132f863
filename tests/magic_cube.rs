//! The magic cube against an independent search, and through the binary.
//!
//! The search (in `reference/magic_cube.rs`) has its own turn code: stickers as points in
//! space, a face turn as a rotation of the stickers in that face's layer. Nothing is taken
//! from the model's turns; the first test shows that the two agree on every turn, sticker by
//! sticker.

mod common;
#[path = "reference/magic_cube.rs"]
mod reference;

use std::collections::HashSet;
use std::sync::OnceLock;

use common::{binary, run_on, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_models::magic_cube::{Facelets, Turn};
use puzzle_tables_query::magic_cube::{Answer, CubeTable, TABLE_DEPTH};
use puzzle_tables_query::Puzzle;
use reference::{apply, distance_up_to_8, judge_step, Stickers, SOLVED};

fn letters(stickers: &Stickers) -> Facelets {
    // The sample's colours, and a seventh for cubes that should not have it.
    Facelets::new(stickers.map(|face| b"rgbowyx"[usize::from(face)]))
}

fn table() -> &'static CubeTable {
    static TABLE: OnceLock<CubeTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        CubeTable::open(&tables_with(Puzzle::MagicCube).join(CubeTable::SPEC.file_name())).expect("the table opens")
    })
}

fn replay(stickers: Stickers, turns: &[Turn]) -> Stickers {
    turns.iter().fold(stickers, |s, t| apply(&s, 2 * t.face() + usize::from(!t.is_clockwise())))
}

#[test]
fn the_models_turns_move_every_sticker_as_the_turns_in_space_do() {
    let labels: Stickers = std::array::from_fn(|x| x as u8);
    for turn in Turn::ALL {
        let step = 2 * turn.face() + usize::from(turn.dir() == -1);
        assert_eq!(Facelets::new(labels).turn(turn).colours(), apply(&labels, step), "{}", turn.judge_step());
    }
}

fn scramble(rng: &mut fastrand::Rng, length: usize) -> Stickers {
    (0..length).fold(SOLVED, |s, _| apply(&s, rng.usize(..12)))
}

/// Checks the table on one cube at most eight turns away: the exact distance, a solution
/// that solves it (replayed with the turns in space), and "beyond the table" exactly when
/// the search finds nothing within the table's depth.
fn check_against_search(stickers: Stickers) -> usize {
    let distance = distance_up_to_8(stickers).expect("within eight turns");
    let cube = letters(&stickers).cube().expect("a scrambled cube is valid");
    let Answer::Solution(turns) = table().optimal_solution(&cube).unwrap() else {
        panic!("no solution within {} turns for a cube at distance {distance}", 2 * TABLE_DEPTH);
    };
    assert_eq!(turns.len(), distance);
    assert_eq!(replay(stickers, &turns), SOLVED);
    let within = table().solution_within_depth(&cube).unwrap();
    assert_eq!(within.is_some(), distance <= TABLE_DEPTH, "distance {distance}");
    if let Some(within) = within {
        assert_eq!(within.len(), distance);
        assert_eq!(replay(stickers, &within), SOLVED);
    }
    distance
}

#[test]
fn random_scrambles_of_up_to_eight_turns_agree_with_the_search() {
    let mut rng = fastrand::Rng::with_seed(2477);
    let mut seen_distances = HashSet::new();
    for length in 0..=8 {
        let cases = if length < 5 { 40 } else { 15 };
        for _ in 0..cases {
            seen_distances.insert(check_against_search(scramble(&mut rng, length)));
        }
    }
    assert_eq!(seen_distances, (0..=8).collect());
}

#[test]
fn the_table_holds_exactly_the_cubes_within_its_depth_each_at_its_distance() {
    // Every cube within the table's depth, by the reference's own breadth-first search:
    // each layer counted exactly, and each cube answered with a solution of its distance.
    let ball = reference::ball(TABLE_DEPTH as u8);
    let mut counts = vec![0u64; TABLE_DEPTH + 1];
    for (stickers, &distance) in &ball {
        counts[usize::from(distance)] += 1;
        let cube = letters(stickers).cube().expect("a cube near solved is valid");
        let turns = table().solution_within_depth(&cube).unwrap().expect("every cube within the depth is in the table");
        assert_eq!(turns.len(), usize::from(distance));
        assert_eq!(replay(*stickers, &turns), SOLVED);
    }
    assert_eq!(table().table().metadata().depth_counts, counts);
    assert_eq!(table().depth(), TABLE_DEPTH);
}

/// A net with letters separated by spaces, the top and bottom faces indented.
fn net(stickers: &Stickers) -> String {
    letters(stickers).net()
}

fn judge(input: &str) -> std::process::Output {
    run_with_input(binary(tables_with(Puzzle::MagicCube)).args(["judge", "magic-cube"]), input)
}

#[test]
fn judge_answers_the_statement_sample_byte_for_byte() {
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/magic-cube.txt")).unwrap();
    let output = judge(&sample);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "0\n1\n1 1\n");
}

#[test]
fn judge_answers_are_shortest_and_minus_one_beyond_five() {
    let mut rng = fastrand::Rng::with_seed(5);
    let cubes: Vec<Stickers> = (0..60).map(|i| scramble(&mut rng, i % 9)).collect();
    let input: String =
        format!("{}\n", cubes.len()) + &cubes.iter().map(|c| format!("\n{}", net(c))).collect::<String>();
    let output = judge(&input);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let mut lines = text.lines();
    for cube in cubes {
        let distance = distance_up_to_8(cube).unwrap();
        let count: i64 = lines.next().unwrap().parse().unwrap();
        if distance > 5 {
            assert_eq!(count, -1);
            continue;
        }
        assert_eq!(count as usize, distance);
        let steps: Vec<usize> = (0..distance).map(|_| judge_step(lines.next().unwrap())).collect();
        assert_eq!(steps.iter().fold(cube, |c, &s| apply(&c, s)), SOLVED);
    }
    assert_eq!(lines.next(), None);
}

fn with(stickers: &Stickers, changes: &[(usize, u8)]) -> Stickers {
    let mut changed = *stickers;
    changes.iter().for_each(|&(x, face)| changed[x] = face);
    changed
}

fn swapped(stickers: &Stickers, a: usize, b: usize) -> Stickers {
    let mut changed = *stickers;
    changed.swap(a, b);
    changed
}

#[test]
fn judge_reports_each_kind_of_bad_cube_on_its_line_and_answers_the_rest() {
    let one_turn = apply(&SOLVED, judge_step("1 -1"));
    // Stickers named by face, row and column: up-front-right corner 4[2][2] 2[0][0] 1[0][2],
    // up-front edge 4[2][1] 1[0][1], up-right edge 4[1][2] 2[0][1].
    let bad = [
        with(&SOLVED, &[(0, 6)]),                    // a seventh colour
        with(&SOLVED, &[(1, 1)]),                    // ten of colour 1
        with(&SOLVED, &[(22, 0)]),                   // centre of face 2 coloured like face 0
        swapped(&SOLVED, 18, 11),                    // mirror-image corner
        with(&SOLVED, &[(44, 1), (18, 4), (11, 2)]), // twisted corner
        swapped(&SOLVED, 43, 10),                    // flipped edge
        swapped(&SOLVED, 19, 10),                    // two edges swapped
    ];
    let mut input = format!("{}\n\n{}", bad.len() + 3, net(&SOLVED));
    input += "\nw w w\nw w\nw w w\nr r r g g g b b b o o o\nr r r g g g b b b o o o\nr r r g g g b b b o o o\ny y y\ny y y\ny y y\n";
    for cube in &bad {
        input += &format!("\n{}", net(cube));
    }
    input += &format!("\n{}", net(&one_turn));
    let output = judge(&input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "0\n1\n1 1\n");
    let errors = stderr_of(&output);
    let first_lines: Vec<usize> = (0..bad.len()).map(|i| 23 + 10 * i).collect();
    let expected = [
        "line 14: expected 3 letters on this line of the net, found 2".to_string(),
        format!("line {}: colour 'x' appears once but is on no centre", first_lines[0]),
        format!(
            "line {}: each colour must appear 9 times, but 'r' appears 8 times, 'g' appears 10 times",
            first_lines[1]
        ),
        format!("line {}: two centres of one colour: faces L (0) and R (2) both have centre 'r'", first_lines[2]),
        format!(
            "line {}: a piece that cannot exist: the URF corner (facelets 4[2][2] 2[0][0] 1[0][2])",
            first_lines[3]
        ),
        format!("line {}: impossible cube, no turns solve it: a twisted corner", first_lines[4]),
        format!("line {}: impossible cube, no turns solve it: a flipped edge", first_lines[5]),
        format!("line {}: impossible cube, no turns solve it: a parity error", first_lines[6]),
        "8 of 10 cases rejected".to_string(),
    ];
    for message in expected {
        assert!(errors.contains(&message), "missing {message:?} in\n{errors}");
    }
}

#[test]
fn judge_reports_a_wrong_case_count_and_answers_the_cases_present() {
    let output = judge(&format!("3\n\n{}\n{}", net(&SOLVED), net(&apply(&SOLVED, 0))));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "0\n1\n0 -1\n");
    assert!(stderr_of(&output).contains("line 1: the input announces 3 cases but holds 2"), "{}", stderr_of(&output));
}

#[test]
fn judge_survives_random_bytes() {
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..20 {
        let noise: Vec<u8> =
            (0..rng.usize(0..3000)).map(|_| if rng.bool() { b"w y\n "[rng.usize(..5)] } else { rng.u8(..) }).collect();
        let dir = tables_with(Puzzle::MagicCube);
        let path = dir.join(format!("noise-{}.txt", rng.u32(..)));
        std::fs::write(&path, noise).unwrap();
        let output = binary(dir).args(["judge", "magic-cube"]).arg(&path).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
        assert!(stderr_of(&output).contains("rejected input line"));
    }
}

fn solve(args: &[&str]) -> std::process::Output {
    tables_with(Puzzle::Cube);
    binary(tables_with(Puzzle::MagicCube)).args(["solve", "cube"]).args(args).output().unwrap()
}

/// The facelet string of `stickers` (faces U R F D L B), written here from the net order.
fn urfdlb(stickers: &Stickers) -> String {
    [4, 2, 1, 5, 0, 3]
        .iter()
        .flat_map(|&face| &stickers[9 * face..9 * face + 9])
        .map(|&f| "LFRBUD".as_bytes()[usize::from(f)] as char)
        .collect()
}

#[test]
fn solve_prints_the_solution_alone_and_each_net_and_the_judge_steps_only_in_json() {
    let cube = apply(&apply(&SOLVED, judge_step("2 1")), judge_step("4 -1"));
    let output = solve(&[&urfdlb(&cube), "--show"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let expected = format!(
        "2 face turns (2 quarter turns, the fewest possible): U R'\n\nstart\n{}\n1. U\n{}\n2. R'\n{}",
        letters_net(&cube, "LFRBUD"),
        letters_net(&apply(&cube, judge_step("4 1")), "LFRBUD"),
        letters_net(&SOLVED, "LFRBUD"),
    );
    assert_eq!(text, expected);
    let output = solve(&[&urfdlb(&cube), "--json"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["judge_answer"], "2\n4 1\n2 -1\n");
    assert_eq!(answer["judge_steps"], serde_json::json!(["4 1", "2 -1"]));
}

fn letters_net(stickers: &Stickers, names: &str) -> String {
    Facelets::new(stickers.map(|face| names.as_bytes()[usize::from(face)])).net()
}

#[test]
fn solve_reads_the_judges_net_and_any_six_letters() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.txt");
    std::fs::write(&path, letters_net(&apply(&SOLVED, judge_step("5 1")), "abcdef")).unwrap();
    let output = solve(&["--net", path.to_str().unwrap(), "--json"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["distance"], 1);
    assert_eq!(answer["moves"], "D'");
    assert_eq!(answer["judge_answer"], "1\n5 -1\n");
    assert_eq!(answer["judge_steps"], serde_json::json!(["5 -1"]));
}

#[test]
fn solve_finds_exact_answers_beyond_the_table_and_says_what_is_known_past_twice_its_depth() {
    // Seven and eight turns: beyond the table, found by meeting it in the middle.
    let mut rng = fastrand::Rng::with_seed(12);
    for length in [7, 8, 8] {
        let cube = scramble(&mut rng, length);
        let output = solve(&[&urfdlb(&cube), "--json"]);
        let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(answer["distance"], distance_up_to_8(cube).unwrap());
        assert_eq!(answer["optimal_in_quarter_turns"], true);
        let steps = judge_steps_of(answer["moves"].as_str().unwrap());
        assert_eq!(steps.len() as u64, answer["quarter_turns"].as_u64().unwrap());
        assert_eq!(steps.iter().fold(cube, |c, &s| apply(&c, s)), SOLVED);
    }
    // The superflip (every edge flipped in place) needs 24 quarter turns (Reid, 1995): beyond
    // the exact radius, the two-phase solver answers, and the judge's answer is -1.
    let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
    let output = solve(&[superflip, "--json"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["optimal_in_quarter_turns"], false);
    assert_eq!(answer["distance"], serde_json::Value::Null);
    assert_eq!(answer["judge_answer"], "-1\n");
    assert!(answer.get("judge_steps").is_none());
    assert!(answer["face_turns"].as_u64().unwrap() <= 20);
    assert!(distance_up_to_8(letters_from_urfdlb(superflip)).is_none());
    let bound = 2 * TABLE_DEPTH;
    assert!(answer["quarter_turns"].as_u64().unwrap() > bound as u64);
}

/// Standard notation (`R`, `U'`, `F2`) as the judge's quarter-turn steps.
fn judge_steps_of(notation: &str) -> Vec<usize> {
    let mut steps = Vec::new();
    for token in notation.split_whitespace() {
        let face = "LFRBUD".find(&token[..1]).unwrap();
        match &token[1..] {
            "" => steps.push(judge_step(&format!("{face} 1"))),
            "'" => steps.push(judge_step(&format!("{face} -1"))),
            _ => steps.extend([judge_step(&format!("{face} 1")); 2]),
        }
    }
    steps
}

fn letters_from_urfdlb(text: &str) -> Stickers {
    let mut stickers = [0u8; 54];
    for (block, &face) in [4usize, 2, 1, 5, 0, 3].iter().enumerate() {
        for cell in 0..9 {
            stickers[9 * face + cell] = "LFRBUD".find(text.as_bytes()[9 * block + cell] as char).unwrap() as u8;
        }
    }
    stickers
}

#[test]
fn solve_rejects_impossible_cubes_with_their_reason() {
    let flipped = urfdlb(&swapped(&SOLVED, 43, 10));
    let output = solve(&[&flipped]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("a flipped edge"), "{}", stderr_of(&output));
    let output = solve(&["UUUUUUUUURRRRRRRRRFFFFFFFFF"]);
    assert!(stderr_of(&output).contains("expected 54 facelets, found 27"), "{}", stderr_of(&output));
}

#[test]
fn stats_reports_the_table() {
    let output = run_on(Puzzle::MagicCube, "stats", &[]);
    let text = stdout_of(&output);
    assert!(
        text.contains(&format!("the table holds the {} cubes within {TABLE_DEPTH}", CubeTable::SPEC.entries)),
        "{text}"
    );
    assert!(text.contains("       5  93840\n"), "{text}");
}
