//! `solve cube --optimal` through the real binary, checked against an independent search in
//! the test code (`reference/cube.rs`: its own facelet model and turns, a breadth-first ball
//! of six face turns around solved met by the sequences from the cube), never the solver's
//! crates: every answer replayed on the model, its length the model's exact distance.
//!
//! The ball (8.2 million cubes, about 300 MB) is built once and shared by the tests of this
//! binary. Cubes come from random face-turn and quarter-turn scrambles, most within ten
//! face turns (the model's search from the cube is cheap there), a few at eleven and twelve.

mod common;
#[path = "reference/cube.rs"]
mod reference;

use std::collections::HashMap;
use std::path::Path;
use std::process::Output;
use std::sync::OnceLock;

use common::{binary, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_generator::{write_table, Silent};
use puzzle_tables_query::cube::optimal::OptimalSize;
use puzzle_tables_query::Puzzle;
use reference::{
    apply_all, face_turn_ball, face_turn_distance, parse_turns, quarter_length, quarter_turn_ball,
    quarter_turn_distance, random_cube, random_turns, to_text, Facelets, SplitMix64, Turn, SOLVED,
};

/// The ball's radius in face turns: with six more from the cube, the model knows the exact
/// distance of every cube within twelve.
const BALL_RADIUS: u8 = 6;

/// The two-phase tables (the optimal search's bound) and the magic cube's exact table,
/// built once per test binary.
fn tables() -> &'static Path {
    tables_with(Puzzle::MagicCube);
    tables_with(Puzzle::Cube)
}

fn face_turn_ball_of_six() -> &'static HashMap<u128, u8> {
    static BALL: OnceLock<HashMap<u128, u8>> = OnceLock::new();
    BALL.get_or_init(|| face_turn_ball(BALL_RADIUS))
}

/// The exact face-turn distance of a cube within twelve face turns, by the model.
fn face_turns_away(cube: &Facelets) -> usize {
    face_turn_distance(cube, face_turn_ball_of_six(), usize::from(BALL_RADIUS)).expect("within twelve face turns")
}

/// `solve cube --optimal ARGS` with `input` on standard input.
fn solve_optimal(args: &[&str], input: &str) -> Output {
    run_with_input(binary(tables()).args(["solve", "cube", "--optimal"]).args(args), input)
}

fn lines_of(cubes: &[Facelets]) -> String {
    cubes.iter().map(|cube| to_text(cube) + "\n").collect()
}

/// The JSON answers, one a line, after checking that the run succeeded with nothing on
/// standard error.
fn json_answers(output: &Output) -> Vec<serde_json::Value> {
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(output));
    assert_eq!(stderr_of(output), "");
    stdout_of(output).lines().map(|line| serde_json::from_str(line).expect("a JSON object a line")).collect()
}

/// The answer's moves, checked on the model to solve `cube`.
fn solving_turns(cube: &Facelets, answer: &serde_json::Value) -> Vec<Turn> {
    let text = answer["moves"].as_str().expect("moves as text");
    let turns = parse_turns(text).unwrap_or_else(|| panic!("not standard notation: {text:?}"));
    assert!(reference::is_solved(&apply_all(cube, &turns)), "{text:?} does not solve {}", to_text(cube));
    turns
}

/// `count` cubes for each scramble length of `lengths`, by random face turns.
fn face_turn_scrambles(seed: u64, lengths: std::ops::RangeInclusive<usize>, count: usize) -> Vec<Facelets> {
    let mut rng = SplitMix64(seed);
    lengths
        .flat_map(|length| std::iter::repeat_n(length, count))
        .map(|n| apply_all(&SOLVED, &random_turns(&mut rng, n)))
        .collect()
}

#[test]
fn optimal_face_turn_answers_have_the_independent_searchs_exact_length() {
    let mut cubes = face_turn_scrambles(27, 1..=10, 25);
    cubes.extend(face_turn_scrambles(28, 11..=12, 4));
    let answers = json_answers(&solve_optimal(&["--json", "-"], &lines_of(&cubes)));
    assert_eq!(answers.len(), cubes.len());
    let mut seen = Vec::new();
    for (cube, answer) in cubes.iter().zip(&answers) {
        let distance = face_turns_away(cube);
        let turns = solving_turns(cube, answer);
        assert_eq!(turns.len(), distance, "{answer} for {} at {distance} face turns", to_text(cube));
        assert_eq!(answer["length"], distance, "{answer}");
        assert_eq!(answer["optimal"], true, "{answer}");
        assert!(answer.get("at_least").is_none(), "{answer}");
        assert_eq!(answer["symmetries"], reference::symmetries(cube), "{answer}");
        seen.push(distance);
    }
    assert!(seen.contains(&11) && seen.contains(&12), "the far end is tested: {seen:?}");
}

/// Patterns people ask optimal solutions for, each with symmetries: checkerboards, spots,
/// crosses (most within the model's reach of twelve face turns with a few more turns).
const PATTERNS: [&str; 8] = [
    "U2 D2 R2 L2 F2 B2",
    "U D' R L' F B' U D'",
    "U2 R2 L2 U2 R2 L2",
    "F2 B2 U D' R2 L2 U D'",
    "R L' U D' F B' R L'",
    "U2 D2 R2 L2",
    "R2 L2 U D'",
    "U D' F2 B2",
];

/// Cubes with symmetries (fixed by a rotation or reflection of the whole cube, by the
/// model's count): every such cube within three face turns, and the patterns each with such
/// a cube before or after, those that keep a symmetry.
fn symmetric_cubes() -> Vec<Facelets> {
    let mut near: Vec<(Facelets, Vec<Turn>)> = vec![(SOLVED, Vec::new())];
    for _ in 0..3 {
        let longer = near.iter().flat_map(|(cube, turns)| {
            Turn::all().map(|turn| (reference::apply(cube, turn), [turns.as_slice(), &[turn]].concat()))
        });
        near = near.iter().cloned().chain(longer.collect::<Vec<_>>()).collect();
    }
    let mut seen = std::collections::HashSet::new();
    near.retain(|(cube, _)| seen.insert(*cube) && reference::symmetries(cube) > 1);
    let mut cubes: Vec<Facelets> = near.iter().map(|(cube, _)| *cube).collect();
    for pattern in PATTERNS.map(|text| parse_turns(text).expect("notation")) {
        for (cube, turns) in &near {
            cubes.push(apply_all(cube, &pattern));
            cubes.push(apply_all(&apply_all(&SOLVED, &pattern), turns));
        }
    }
    cubes.retain(|cube| !reference::is_solved(cube) && reference::symmetries(cube) > 1);
    let mut seen = std::collections::HashSet::new();
    cubes.retain(|cube| seen.insert(*cube));
    cubes
}

#[test]
fn symmetric_cubes_searched_once_per_orbit_have_the_independent_searchs_exact_length() {
    let cubes = symmetric_cubes();
    let answers = json_answers(&solve_optimal(&["--json", "-"], &lines_of(&cubes)));
    let (mut distances, mut symmetries) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
    for (cube, answer) in cubes.iter().zip(&answers) {
        let distance = face_turns_away(cube);
        assert_eq!(solving_turns(cube, answer).len(), distance, "{answer} for {}", to_text(cube));
        assert_eq!(answer["optimal"], true, "{answer}");
        assert_eq!(answer["symmetries"], reference::symmetries(cube), "{answer}");
        distances.insert(distance);
        symmetries.insert(reference::symmetries(cube));
    }
    assert!(distances.contains(&1) && distances.last() >= Some(&10), "{distances:?}");
    assert!(symmetries.len() >= 4 && symmetries.contains(&48), "{symmetries:?}");
}

#[test]
fn optimal_quarter_turn_answers_agree_with_the_model_and_the_magic_cube_table() {
    let mut rng = SplitMix64(29);
    let quarters: Vec<Turn> = Turn::quarters().collect();
    let cubes: Vec<Facelets> = (1..=12)
        .flat_map(|length| std::iter::repeat_n(length, 6))
        .map(|length| {
            let turns: Vec<Turn> = (0..length).map(|_| quarters[rng.below(12) as usize]).collect();
            apply_all(&SOLVED, &turns)
        })
        .collect();
    let ball = quarter_turn_ball(6);
    let optimal = json_answers(&solve_optimal(&["--json", "--metric", "qtm", "-"], &lines_of(&cubes)));
    // The magic cube's exact table (met in the middle within twelve quarter turns) answers
    // the same cubes without --optimal.
    let table = json_answers(&run_with_input(
        binary(tables()).args(["solve", "cube", "--json", "--metric", "qtm", "-"]),
        &lines_of(&cubes),
    ));
    for ((cube, answer), by_table) in cubes.iter().zip(&optimal).zip(&table) {
        let distance = quarter_turn_distance(cube, &ball, 6).expect("within twelve quarter turns");
        let length = quarter_length(&solving_turns(cube, answer));
        assert_eq!(length, distance, "{answer} for {}", to_text(cube));
        assert_eq!((&answer["optimal"], &answer["distance"]), (&serde_json::json!(true), &serde_json::json!(distance)));
        assert_eq!(by_table["distance"], answer["length"], "the table's {by_table} against {answer}");
    }
}

#[test]
fn the_answers_are_the_same_on_one_and_two_threads() {
    let cubes = face_turn_scrambles(30, 8..=11, 3);
    let one = json_answers(&solve_optimal(&["--json", "--threads", "1", "-"], &lines_of(&cubes)));
    let two = json_answers(&solve_optimal(&["--json", "--threads", "2", "-"], &lines_of(&cubes)));
    let moves = |answers: &[serde_json::Value]| answers.iter().map(|a| a["moves"].clone()).collect::<Vec<_>>();
    assert_eq!(moves(&one), moves(&two));
}

#[test]
fn a_search_out_of_time_prints_a_valid_solution_and_a_true_lower_bound() {
    // Cubes whose distance the model knows, and uniformly random ones (at most 20, God's
    // number), each given a hundredth of a second: far too little to finish.
    let mut cubes = face_turn_scrambles(31, 12..=12, 3);
    let mut rng = SplitMix64(32);
    cubes.extend((0..3).map(|_| random_cube(&mut rng)));
    let answers = json_answers(&solve_optimal(&["--json", "--max-seconds", "0.01", "-"], &lines_of(&cubes)));
    let mut gave_up = 0;
    for (i, (cube, answer)) in cubes.iter().zip(&answers).enumerate() {
        let length = solving_turns(cube, answer).len() as u64;
        // The model's distance, or for a random cube God's number, a bound of it.
        let (distance, known) = if i < 3 { (face_turns_away(cube) as u64, true) } else { (20, false) };
        if answer["optimal"] == false {
            gave_up += 1;
            let at_least = answer["at_least"].as_u64().expect("a lower bound");
            assert!(at_least <= distance.min(length), "{answer}: the distance is at most {distance}");
            assert!(!known || distance <= length, "{answer}: the distance is {distance}");
        } else {
            assert!(i < 3 && length == distance, "{answer}: the distance is {distance}");
        }
    }
    assert!(gave_up >= 3, "the random cubes are not solved optimally in a hundredth of a second");
    // The text says so, and says when it is optimal.
    let text = |cube: &Facelets, args: &[&str]| {
        let output =
            run_with_input(binary(tables()).args(["solve", "cube", "--optimal"]).args(args).arg(to_text(cube)), "");
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        stdout_of(&output)
    };
    let far = text(&cubes[5], &["--max-seconds", "0.01"]);
    assert!(far.contains(" (the best found; not proven optimal: every solution has at least "), "{far}");
    let near = text(&apply_all(&SOLVED, &parse_turns("R U F").expect("notation")), &[]);
    assert_eq!(near, "3 face turns, optimal: F' U' R'\n");
}

#[test]
fn a_bad_time_limit_or_cube_is_refused_with_what_and_why() {
    let cube = to_text(&apply_all(&SOLVED, &parse_turns("R U").expect("notation")));
    for (args, expected) in [
        (vec!["--optimal", "--max-seconds", "0"], "expected a positive number of seconds, found \"0\""),
        (vec!["--optimal", "--max-seconds", "soon"], "expected a positive number of seconds, found \"soon\""),
        (vec!["--max-seconds", "5"], "--optimal"),
    ] {
        let output = run_with_input(binary(tables()).args(["solve", "cube"]).args(&args).arg(&cube), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr_of(&output).contains(expected), "{args:?}: {}", stderr_of(&output));
    }
    let swapped = cube.replacen('U', "R", 1);
    let output = run_with_input(binary(tables()).args(["solve", "cube", "--optimal", &swapped]), "");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr_of(&output);
    assert!(message.contains("not a cube that turns can solve: each colour must appear 9 times"), "{message}");
}

/// The superflip (every edge flipped in place), 20 face turns (Reid, 1995).
const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

/// The environment variable naming a folder that holds the optimal solver's own tables
/// (`gen cube --optimal small`, `large`, `levels` or `huge`, minutes and gigabytes: never built
/// by the tests).
const OPTIMAL_TABLES_ENV: &str = "PUZZLE_TABLES_OPTIMAL_DIR";

/// The fastest optimal size whose tables are all in `folder`.
fn complete_size(folder: &Path) -> OptimalSize {
    let complete = |size: &OptimalSize| size.specs().iter().all(|spec| folder.join(spec.file_name()).is_file());
    OptimalSize::PREFERRED.into_iter().find(complete).unwrap_or_else(|| {
        panic!("${OPTIMAL_TABLES_ENV} names {}, which holds no complete size of optimal tables", folder.display())
    })
}

/// A tables directory with the tests' tables and, linked beside them, the optimal tables of
/// the fastest size complete in `$PUZZLE_TABLES_OPTIMAL_DIR`; `None` when the variable is
/// unset.
fn tables_with_optimal() -> Option<tempfile::TempDir> {
    let folder = std::path::PathBuf::from(std::env::var_os(OPTIMAL_TABLES_ENV)?);
    let dir = linked_tables();
    for spec in complete_size(&folder).specs() {
        std::os::unix::fs::symlink(folder.join(spec.file_name()), dir.path().join(spec.file_name())).expect("a link");
    }
    Some(dir)
}

/// A new tables directory with a link to each of the tests' tables.
fn linked_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for entry in std::fs::read_dir(tables()).expect("the tests' tables") {
        let path = entry.expect("a directory entry").path();
        std::os::unix::fs::symlink(&path, dir.path().join(path.file_name().expect("a file"))).expect("a link");
    }
    dir
}

/// A tables directory with the tests' tables and the `tiny` optimal table, built here (the
/// corner table: a second or so).
fn tables_with_tiny() -> tempfile::TempDir {
    let dir = linked_tables();
    for table in puzzle_tables_generator::cube_optimal::build_optimal_tables(OptimalSize::Tiny, &mut Silent) {
        write_table(&dir.path().join(table.spec.file_name()), &table.file_bytes()).expect("the table is written");
    }
    dir
}

/// The `tiny` size bounds by the corners beside the phase-1 table: the independent search's
/// distances in both metrics, the same answers as the phase-1 bound alone (an admissible
/// bound prunes no solution, so the first in the search's order is the same), and on one
/// thread never more nodes, and fewer in all (so the corner table is read).
#[test]
fn the_tiny_table_gives_the_independent_distances_and_the_phase_1_answers_in_fewer_nodes() {
    let dir = tables_with_tiny();
    let mut cubes = face_turn_scrambles(33, 1..=10, 8);
    cubes.extend(face_turn_scrambles(34, 11..=12, 3));
    let solve = |tables: &Path, metric: &str, cubes: &[Facelets]| {
        json_answers(&run_with_input(
            binary(tables).args(["solve", "cube", "--optimal", "--json", "--threads", "1", "--metric", metric, "-"]),
            &lines_of(cubes),
        ))
    };
    let nodes = |answer: &serde_json::Value| answer["nodes"].as_u64().expect("nodes");
    let (mut tiny_nodes, mut phase1_nodes) = (0, 0);
    let (tiny, phase1) = (solve(dir.path(), "htm", &cubes), solve(tables(), "htm", &cubes));
    for ((cube, answer), by_phase1) in cubes.iter().zip(&tiny).zip(&phase1) {
        let distance = face_turns_away(cube);
        assert_eq!(solving_turns(cube, answer).len(), distance, "{answer} for {}", to_text(cube));
        assert_eq!(answer["optimal"], true, "{answer}");
        assert_eq!(answer["moves"], by_phase1["moves"], "{answer} against the phase-1 bound's {by_phase1}");
        assert!(nodes(answer) <= nodes(by_phase1), "{answer} against the phase-1 bound's {by_phase1}");
        (tiny_nodes, phase1_nodes) = (tiny_nodes + nodes(answer), phase1_nodes + nodes(by_phase1));
    }
    assert!(tiny_nodes < phase1_nodes, "the corners prune nothing: {tiny_nodes} nodes against {phase1_nodes}");

    let mut rng = SplitMix64(35);
    let quarters: Vec<Turn> = Turn::quarters().collect();
    let cubes: Vec<Facelets> = (1..=12)
        .map(|length| apply_all(&SOLVED, &(0..length).map(|_| quarters[rng.below(12) as usize]).collect::<Vec<_>>()))
        .collect();
    let ball = quarter_turn_ball(6);
    let (tiny, phase1) = (solve(dir.path(), "qtm", &cubes), solve(tables(), "qtm", &cubes));
    for ((cube, answer), by_phase1) in cubes.iter().zip(&tiny).zip(&phase1) {
        let distance = quarter_turn_distance(cube, &ball, 6).expect("within twelve quarter turns");
        assert_eq!(quarter_length(&solving_turns(cube, answer)), distance, "{answer} for {}", to_text(cube));
        assert_eq!(answer["moves"], by_phase1["moves"], "{answer} against the phase-1 bound's {by_phase1}");
    }
}

/// A damaged `tiny` table stops the optimal search (rather than a silently weaker bound),
/// naming it and the command that builds it again.
#[test]
fn a_damaged_tiny_table_is_refused_naming_it() {
    let dir = linked_tables();
    let spec = OptimalSize::Tiny.specs()[0];
    std::fs::write(dir.path().join(spec.file_name()), [b'x'; 256]).expect("a file");
    let output = run_with_input(binary(dir.path()).args(["solve", "cube", "--optimal", "--scramble", "R U F"]), "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout_of(&output));
    let errors = stderr_of(&output);
    assert!(errors.contains(&spec.file_name()) && errors.contains("gen cube --optimal tiny"), "{errors}");
}

/// The command line maps the optimal tables and still checks their checksum: one payload
/// byte changed in a whole `tiny` table stops the optimal search.
#[test]
fn a_tiny_table_with_a_changed_payload_byte_is_refused() {
    let dir = tables_with_tiny();
    let path = dir.path().join(OptimalSize::Tiny.specs()[0].file_name());
    let mut bytes = std::fs::read(&path).expect("the tiny table");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).expect("the changed table");
    let output = run_with_input(binary(dir.path()).args(["solve", "cube", "--optimal", "--scramble", "R U F"]), "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout_of(&output));
    assert!(stderr_of(&output).contains("checksum"), "{}", stderr_of(&output));
}

/// The optimal tables are the optimal search's alone: a two-phase answer never opens them
/// (they are most of a gigabyte), and an optimal search refuses them damaged, naming them.
#[test]
fn damaged_optimal_tables_stop_only_the_optimal_search() {
    let dir = linked_tables();
    let specs = puzzle_tables_query::cube::optimal::optimal_specs();
    for spec in &specs {
        std::fs::write(dir.path().join(spec.file_name()), [b'x'; 256]).expect("a file");
    }
    // Beyond the magic cube's table, so that the two-phase solver answers.
    let cube = to_text(&apply_all(&SOLVED, &parse_turns(SUPERFLIP).expect("notation")));
    let output = run_with_input(binary(dir.path()).args(["solve", "cube", &cube]), "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(stdout_of(&output).starts_with("20 face turns"), "{}", stdout_of(&output));
    let output = run_with_input(binary(dir.path()).args(["solve", "cube", "--optimal", &cube]), "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout_of(&output));
    let errors = stderr_of(&output);
    assert!(specs.iter().any(|spec| errors.contains(&spec.file_name())), "{errors}");
    assert!(errors.contains("wrong magic bytes"), "{errors}");
    // No release holds them (`dist` does not ship them), so only building them is offered;
    // the fastest size is opened first, and its first file, the class finder it shares with
    // `huge`, is rebuilt by the smallest size that holds it.
    let levels_first = OptimalSize::Levels.specs()[0].file_name();
    assert!(errors.contains(&levels_first) && errors.contains("gen cube --optimal levels"), "{errors}");
    assert!(!errors.contains("install --from"), "{errors}");
}

#[test]
fn the_optimal_tables_when_present_give_the_independent_distances_and_the_same_answers() {
    let Some(dir) = tables_with_optimal() else {
        eprintln!("${OPTIMAL_TABLES_ENV} is unset: the search on the optimal tables is not run");
        return;
    };
    let mut cubes = face_turn_scrambles(27, 1..=10, 25);
    cubes.extend(face_turn_scrambles(28, 11..=12, 4));
    let solve = |tables: &Path| {
        json_answers(&run_with_input(
            binary(tables).args(["solve", "cube", "--optimal", "--json", "--threads", "2", "-"]),
            &lines_of(&cubes),
        ))
    };
    let (with, without) = (solve(dir.path()), solve(tables()));
    for ((cube, answer), by_phase1) in cubes.iter().zip(&with).zip(&without) {
        let distance = face_turns_away(cube);
        assert_eq!(solving_turns(cube, answer).len(), distance, "{answer} for {}", to_text(cube));
        assert_eq!(answer["optimal"], true, "{answer}");
        // An admissible bound prunes no solution, so the first in the search's order is the same.
        assert_eq!(answer["moves"], by_phase1["moves"], "{answer} against the phase-1 bound's {by_phase1}");
    }
    // The superflip: every edge flipped in place, 20 face turns (Reid, 1995). Proving it
    // takes the optimal tables longer than a test may (21 minutes on a loaded machine, even
    // searched once per orbit of its 48 symmetries: the ignored test below), so it is given
    // a minute: its answer is 20 face turns, and the search proves at least 15 (done within a
    // thousandth of a second), never more.
    let superflip = apply_all(&SOLVED, &parse_turns(SUPERFLIP).unwrap());
    let answer = &json_answers(&solve_optimal_in(dir.path(), &to_text(&superflip)))[0];
    assert_eq!(solving_turns(&superflip, answer).len(), 20, "{answer}");
    let proven = if answer["optimal"] == true { answer["length"].as_u64() } else { answer["at_least"].as_u64() };
    assert!(proven.is_some_and(|at_least| (15..=20).contains(&at_least)), "{answer}");
}

/// The superflip (every edge flipped in place, fixed by all 48 symmetries of the cube) is 20
/// face turns (Reid, 1995), proven here by the search on the optimal tables of
/// `$PUZZLE_TABLES_OPTIMAL_DIR`, which takes minutes (BENCHMARKS.md), so not in CI:
/// `PUZZLE_TABLES_OPTIMAL_DIR=DIR cargo test --test cube_optimal -- --ignored`.
#[test]
#[ignore = "minutes of search on the optimal tables (PUZZLE_TABLES_OPTIMAL_DIR)"]
fn the_superflip_is_proven_twenty_face_turns() {
    let dir = tables_with_optimal().unwrap_or_else(|| panic!("${OPTIMAL_TABLES_ENV} names no optimal tables"));
    let superflip = apply_all(&SOLVED, &parse_turns(SUPERFLIP).expect("notation"));
    let output = run_with_input(
        binary(dir.path()).args(["solve", "cube", "--optimal", "--json", "--threads", "2", "-"]),
        &format!("{}\n", to_text(&superflip)),
    );
    let answer = &json_answers(&output)[0];
    assert_eq!(solving_turns(&superflip, answer).len(), 20, "{answer}");
    assert_eq!((&answer["optimal"], &answer["symmetries"]), (&serde_json::json!(true), &serde_json::json!(48)));
}

/// A set of optimal tables with one missing (built before that table existed, say) is
/// refused, naming it, rather than searched with the weaker phase-1 bound.
#[test]
fn an_incomplete_set_of_optimal_tables_is_refused_naming_the_missing_one() {
    let Some(folder) = std::env::var_os(OPTIMAL_TABLES_ENV).map(std::path::PathBuf::from) else {
        eprintln!("${OPTIMAL_TABLES_ENV} is unset: an incomplete set is not tried");
        return;
    };
    let dir = linked_tables();
    let size = complete_size(&folder);
    let specs = size.specs();
    // The first (a class finder): `huge` without its last file would be `large`, complete.
    let (missing, present) = specs.split_first().expect("optimal tables");
    for spec in present {
        std::os::unix::fs::symlink(folder.join(spec.file_name()), dir.path().join(spec.file_name())).expect("a link");
    }
    let output = run_with_input(binary(dir.path()).args(["solve", "cube", "--optimal", "--scramble", "R U F"]), "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout_of(&output));
    let errors = stderr_of(&output);
    // The smallest size that holds the missing file builds it.
    let owner = OptimalSize::ALL.into_iter().find(|size| size.specs().contains(missing)).expect("a size holds it");
    let command = format!("gen cube --optimal {}", owner.label());
    assert!(errors.contains(&missing.file_name()) && errors.contains(&command), "{errors}");
}

/// `solve cube --optimal --json --max-seconds 60 -` of `cube` in `tables`, on two threads.
fn solve_optimal_in(tables: &Path, cube: &str) -> Output {
    let args = ["solve", "cube", "--optimal", "--json", "--threads", "2", "--max-seconds", "60", "-"];
    run_with_input(binary(tables).args(args), &format!("{cube}\n"))
}

/// Every size of optimal tables complete in `$PUZZLE_TABLES_OPTIMAL_DIR` (not only the
/// fastest), each opened alone, with its label.
fn optimal_sizes_present() -> Vec<(OptimalSize, puzzle_tables_query::cube::optimal::OptimalTables)> {
    let Some(folder) = std::env::var_os(OPTIMAL_TABLES_ENV).map(std::path::PathBuf::from) else { return Vec::new() };
    let complete = |size: &OptimalSize| size.specs().iter().all(|spec| folder.join(spec.file_name()).is_file());
    let mut sizes = Vec::new();
    for size in OptimalSize::PREFERRED.into_iter().filter(complete) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        for spec in size.specs() {
            std::os::unix::fs::symlink(folder.join(spec.file_name()), dir.path().join(spec.file_name()))
                .expect("a link");
        }
        let tables = puzzle_tables_query::Tables::open(dir.path()).expect("a tables directory");
        sizes.push((size, tables.cube_optimal().expect("the optimal tables open").expect("a complete size")));
    }
    sizes
}

/// No size's bound ever exceeds the exact face-turn distance: an overestimate would make the
/// search print a longer answer marked optimal. Every cube within six face turns (the test's
/// own ball) and 2,000 cubes 7 or 8 random turns out (their distance by meeting the ball in
/// the middle: each a search of at most two turns from the cube), under the phase-1 bound, `tiny`'s, and every size complete in
/// `$PUZZLE_TABLES_OPTIMAL_DIR`. Minutes: `.ci/run` runs it once, on the `levels` tables it
/// builds, with `--include-ignored`.
#[test]
#[ignore = "minutes: .ci/run runs it once, on the levels tables (PUZZLE_TABLES_OPTIMAL_DIR)"]
fn no_size_bound_ever_exceeds_the_exact_distance() {
    let tiny_dir = tables_with_tiny();
    let tiny = puzzle_tables_query::Tables::open(tiny_dir.path()).unwrap().cube_optimal().unwrap();
    let solver = puzzle_tables_query::Tables::open(tables()).unwrap().cube().unwrap();
    let present = optimal_sizes_present();
    let mut bounds: Vec<(&str, Option<&puzzle_tables_query::cube::optimal::OptimalTables>)> =
        vec![("phase 1", None), ("tiny", tiny.as_ref())];
    bounds.extend(present.iter().map(|(size, tables)| (size.label(), Some(tables))));
    let check = |cube: &Facelets, distance: usize| {
        let parsed = puzzle_tables_query::cube::Facelets::from_urfdlb(&to_text(cube)).unwrap().cube().unwrap();
        for (label, tables) in &bounds {
            let bound = solver.optimal_lower_bound(&parsed, *tables);
            assert!(bound as usize <= distance, "{label}: bound {bound} above {distance} for {}", to_text(cube));
        }
    };
    let ball = face_turn_ball_of_six();
    for (&key, &distance) in ball {
        check(&reference::from_compact_key(key), usize::from(distance));
    }
    assert_eq!(ball.len(), 8_240_087, "every cube within six face turns");
    let mut rng = SplitMix64(57);
    let mut far = 0;
    while far < 2000 {
        let length = 7 + rng.below(2) as usize;
        let cube = apply_all(&SOLVED, &random_turns(&mut rng, length));
        if let Some(distance) = face_turn_distance(&cube, ball, usize::from(BALL_RADIUS)) {
            check(&cube, distance);
            far += usize::from(distance > 6);
        }
    }
    eprintln!("bounds checked: {}", bounds.iter().map(|(label, _)| *label).collect::<Vec<_>>().join(", "));
}
