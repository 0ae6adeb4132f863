//! Rubik's cube, any position: `solve cube` through the real binary, every answer checked by
//! an independent model (`reference/cube.rs`, its own turn code from the geometry of the
//! cube), never by the solver's own crates.
//!
//! Random cubes are drawn uniformly from all cubes (random pieces under the twist, flip and
//! parity laws), not from short scrambles. Each answer is replayed on the model and must
//! solve the cube within God's numbers (20 face turns, 26 quarter turns), counted by the
//! model. Within 12 quarter turns the solver must be exactly optimal in quarter turns: checked
//! against the model's own meet-in-the-middle search and against the judge's table. The
//! library's solver is called directly where the binary cannot show a property: searches at
//! the same time on one solver, and its helper threads' end.

mod common;
#[path = "reference/cube.rs"]
mod reference;

use std::collections::HashMap;
use std::path::Path;
use std::process::Output;
use std::sync::{mpsc, Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use common::{binary, run_with_input, stderr_of, stdout_of, tables_with, verify_refusing};
use puzzle_tables_query::cube::{self, Cube, Metric};
use puzzle_tables_query::{Puzzle, Tables};
use reference::{
    apply_all, from_text, net, parse_turns, quarter_length, quarter_turn_ball, quarter_turn_distance, random_cube,
    random_turns, replay, replay_layers, to_text, Facelets, Pieces, SplitMix64, Turn, SOLVED,
};

/// God's numbers: every cube is solved in at most 20 face turns and at most 26 quarter turns.
const MOST_FACE_TURNS: usize = 20;
const MOST_QUARTER_TURNS: usize = 26;

const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
/// A 20-move sequence that makes the superflip (checked in `reference/cube.rs`).
const SUPERFLIP_TURNS: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
/// Four-spot: U and D solved, each side face's centre surrounded by its opposite colour.
const FOUR_SPOT_TURNS: &str = "F2 B2 U D' R2 L2 U D'";
const CHECKERBOARD_TURNS: &str = "U2 D2 F2 B2 L2 R2";

/// The tables directory: the judge's exact table and the two-phase tables, built once per
/// test run.
fn tables() -> &'static Path {
    tables_with(Puzzle::MagicCube);
    tables_with(Puzzle::Cube)
}

/// `solve cube ARGS` with `input` on standard input.
fn solve(args: &[&str], input: &str) -> Output {
    run_with_input(binary(tables()).args(["solve", "cube"]).args(args), input)
}

/// One cube per line, as facelet strings.
fn lines_of(cubes: &[Facelets]) -> String {
    cubes.iter().map(|cube| to_text(cube) + "\n").collect()
}

/// The output lines, after checking that the run succeeded with nothing on standard error.
fn answers(output: &Output) -> Vec<String> {
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(output));
    assert_eq!(stderr_of(output), "");
    stdout_of(output).lines().map(str::to_string).collect()
}

/// Checks that `answer` is moves in standard notation separated by single spaces (nothing
/// for none) that solve `cube`; returns them.
fn solving_turns(cube: &Facelets, answer: &str) -> Vec<Turn> {
    let turns = parse_turns(answer).unwrap_or_else(|| panic!("not standard notation: {answer:?}"));
    assert_eq!(answer, reference::notation(&turns), "moves are separated by single spaces");
    assert!(reference::is_solved(&apply_all(cube, &turns)), "{answer:?} does not solve {}", to_text(cube));
    turns
}

fn random_cubes(seed: u64, count: usize) -> Vec<Facelets> {
    let mut rng = SplitMix64(seed);
    (0..count).map(|_| random_cube(&mut rng)).collect()
}

#[test]
fn random_cubes_are_solved_within_twenty_face_turns() {
    let cubes = random_cubes(1, 1000);
    let answers = answers(&solve(&["-"], &lines_of(&cubes)));
    assert_eq!(answers.len(), cubes.len());
    for (cube, answer) in cubes.iter().zip(&answers) {
        let turns = solving_turns(cube, answer);
        assert!(turns.len() <= MOST_FACE_TURNS, "{} face turns for {}", turns.len(), to_text(cube));
    }
}

#[test]
fn random_cubes_are_solved_within_twenty_six_quarter_turns() {
    let cubes = random_cubes(2, 100);
    let answers = answers(&solve(&["--metric", "qtm", "-"], &lines_of(&cubes)));
    assert_eq!(answers.len(), cubes.len());
    for (cube, answer) in cubes.iter().zip(&answers) {
        let length = quarter_length(&solving_turns(cube, answer));
        assert!(length <= MOST_QUARTER_TURNS, "{length} quarter turns for {}", to_text(cube));
    }
}

#[test]
fn the_answers_are_the_same_on_any_number_of_threads() {
    let input = lines_of(&random_cubes(4, 40));
    for metric in ["htm", "qtm"] {
        let one = answers(&solve(&["--metric", metric, "--threads", "1", "-"], &input));
        let three = answers(&solve(&["--metric", metric, "--threads", "3", "-"], &input));
        assert_eq!(one, three, "{metric}");
        assert_eq!(one.len(), 40);
    }
    let refused = solve(&["--threads", "0", "-"], &input);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr_of(&refused));
}

/// The library's searches that start helper threads (named `cube-search-N`) run one test at
/// a time, so that counting those threads sees only the running test's.
static HELPER_THREADS: Mutex<()> = Mutex::new(());

/// The threads of this process that are two-phase solvers' helpers, by their names.
fn helper_threads() -> usize {
    let tasks = std::fs::read_dir("/proc/self/task").expect("Linux lists a process's threads");
    let names = tasks.map(|task| std::fs::read_to_string(task.expect("a thread's entry").path().join("comm")));
    names.filter(|name| name.as_ref().is_ok_and(|name| name.starts_with("cube-search"))).count()
}

/// Waits up to ten seconds for `done` to hold (a pool's threads are named once they run,
/// and leave once it is dropped, neither at once); whether it held.
fn soon(done: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    done()
}

/// `cubes` as the library's cubes.
fn library_cubes(cubes: &[Facelets]) -> Vec<Cube> {
    cubes.iter().map(|cube| cube::Facelets::from_urfdlb(&to_text(cube)).unwrap().cube().unwrap()).collect()
}

/// The server and the Python package call one solver from several requests at once: four
/// callers solving at the same time on one solver with three threads (whose helpers they
/// share) each get the answers that one thread alone gives, and none waits on another for
/// ever.
#[test]
fn searches_at_the_same_time_on_one_solver_give_the_one_thread_answers() {
    let _alone = HELPER_THREADS.lock().unwrap_or_else(PoisonError::into_inner);
    let cubes = library_cubes(&random_cubes(6, 12));
    let one = Tables::open(tables()).unwrap().cube().unwrap();
    let metrics = [(Metric::Htm, 20), (Metric::Qtm, 26)];
    let expected: Vec<_> = metrics.iter().flat_map(|&(m, max)| cubes.iter().map(move |c| (*c, m, max))).collect();
    let expected: Vec<_> =
        expected.into_iter().map(|(cube, m, max)| (cube, m, max, one.solve(&cube, m, max))).collect();
    let shared = Arc::new(Tables::open(tables()).unwrap().cube().unwrap().with_threads(3));
    let (finished, callers_done) = mpsc::channel();
    for caller in 0..4 {
        let (shared, expected, finished) = (Arc::clone(&shared), expected.clone(), finished.clone());
        std::thread::spawn(move || {
            // Each caller its own order, so that different searches overlap.
            for (cube, metric, max, answer) in expected.iter().cycle().skip(caller * 5).take(expected.len()) {
                assert_eq!(&shared.solve(cube, *metric, *max), answer, "caller {caller}");
            }
            finished.send(caller).unwrap();
        });
    }
    for _ in 0..4 {
        // A caller that panicked drops its sender without sending: its panic is printed above.
        callers_done.recv_timeout(Duration::from_secs(120)).expect("every caller finishes, with the right answers");
    }
}

/// The helper threads are started by the first search, kept for the next ones (no more are
/// started) and end when their solver is dropped: a solver opened per request leaves no
/// threads behind. A one-thread solver starts none.
#[test]
fn the_helper_threads_end_with_their_solver() {
    let _alone = HELPER_THREADS.lock().unwrap_or_else(PoisonError::into_inner);
    assert!(soon(|| helper_threads() == 0), "an earlier test's helpers ended");
    let solver = Tables::open(tables()).unwrap().cube().unwrap().with_threads(3);
    assert_eq!(helper_threads(), 0, "none before the first search");
    for cube in library_cubes(&random_cubes(8, 3)) {
        assert!(solver.solve(&cube, Metric::Htm, 20).is_some());
        // A thread takes its name once it runs: soon after it starts, not at once.
        let kept = soon(|| helper_threads() == 2);
        assert!(kept, "{} helpers, where the two beside the caller are kept between searches", helper_threads());
    }
    drop(solver);
    assert!(soon(|| helper_threads() == 0), "{} helpers left after the solver was dropped", helper_threads());
    let one = Tables::open(tables()).unwrap().cube().unwrap().with_threads(1);
    assert!(one.solve(&library_cubes(&random_cubes(8, 1))[0], Metric::Htm, 20).is_some());
    // A thread would have named itself by then (it names itself first thing).
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(helper_threads(), 0, "a one-thread solver starts no helper");
}

/// A tables directory with the test run's default cube tables (and the magic cube's, which
/// `solve cube` consults first) and the large set of the
/// default tables directory (`$PUZZLE_TABLES_DIR`, else the per-user one), linked, when the
/// large set is there: `cargo test` cannot build it in its time (`gen cube --large`).
fn tables_with_the_large_set() -> Option<tempfile::TempDir> {
    let large = puzzle_tables_query::optional_tables_of(Puzzle::Cube);
    let installed = puzzle_tables_query::default_dir()?;
    if !large.iter().all(|spec| installed.join(spec.file_name()).is_file()) {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let tables_of = |puzzle| puzzle_tables_query::tables_of(puzzle);
    for spec in [Puzzle::Cube, Puzzle::MagicCube].into_iter().flat_map(tables_of) {
        std::os::unix::fs::symlink(tables().join(spec.file_name()), dir.path().join(spec.file_name())).unwrap();
    }
    for spec in large {
        std::os::unix::fs::symlink(installed.join(spec.file_name()), dir.path().join(spec.file_name())).unwrap();
    }
    Some(dir)
}

#[test]
fn the_large_set_when_present_is_used_and_gives_the_same_answers() {
    let Some(large) = tables_with_the_large_set() else {
        eprintln!("no large cube set in the default tables directory: the search with it is not run");
        return;
    };
    let solver = puzzle_tables_query::Tables::open(large.path()).unwrap().cube().unwrap();
    assert!(solver.has_large_tables(), "present, so used");
    let cubes = random_cubes(25, 200);
    let input = lines_of(&cubes);
    let without = answers(&solve(&["--threads", "1", "-"], &input));
    for threads in ["1", "3"] {
        let args = ["--threads", threads, "-"];
        let with = answers(&run_with_input(binary(large.path()).args(["solve", "cube"]).args(args), &input));
        assert_eq!(with, without, "{threads} threads");
    }
    for (cube, answer) in cubes.iter().zip(&without) {
        assert!(solving_turns(cube, answer).len() <= MOST_FACE_TURNS, "{answer}");
    }
    // Quarter turns keep the default tables, the large set present or not.
    let input = lines_of(&cubes[..40]);
    let without = answers(&solve(&["--metric", "qtm", "--threads", "1", "-"], &input));
    for threads in ["1", "3"] {
        let args = ["--metric", "qtm", "--threads", threads, "-"];
        let with = answers(&run_with_input(binary(large.path()).args(["solve", "cube"]).args(args), &input));
        assert_eq!(with, without, "quarter turns, {threads} threads");
    }
}

#[test]
fn verify_refuses_the_large_sets_phase2_table_with_one_entry_two_off() {
    let Some(large) = tables_with_the_large_set() else {
        eprintln!("no large cube set in the default tables directory: its phase-2 table's check is not run");
        return;
    };
    let spec = puzzle_tables_query::cube::corner_edge_distance_spec();
    let good = puzzle_tables_query::Table::open_verified(&large.path().join(spec.file_name()), &spec).unwrap();
    let (mut payload, mut metadata) = (good.payload().to_vec(), good.metadata().clone());
    // One entry two further: still counted as the metadata says, under a valid checksum.
    let entry = 54_321_987;
    let distance = usize::from(payload[entry]);
    payload[entry] += 2;
    let counts = &mut metadata.depth_counts;
    counts.resize(counts.len().max(distance + 3), 0);
    counts[distance] -= 1;
    counts[distance + 2] += 1;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(spec.file_name()), spec.encode_file(&metadata, &payload)).unwrap();
    let report = verify_refusing(dir.path());
    let expected = format!("{}: inconsistent entries: entry ", spec.file_name());
    assert!(report.contains(&expected), "{report}");
}

#[test]
fn htm_is_the_default_metric() {
    let cubes = random_cubes(3, 20);
    let default = answers(&solve(&["-"], &lines_of(&cubes)));
    let htm = answers(&solve(&["--metric", "htm", "-"], &lines_of(&cubes)));
    assert_eq!(default, htm);
}

#[test]
fn every_single_turn_is_undone_by_its_inverse() {
    let turns: Vec<Turn> = Turn::all().collect();
    let cubes: Vec<Facelets> = turns.iter().map(|&turn| apply_all(&SOLVED, &[turn])).collect();
    let htm = answers(&solve(&["-"], &lines_of(&cubes)));
    let qtm = answers(&solve(&["--metric", "qtm", "-"], &lines_of(&cubes)));
    for (i, turn) in turns.iter().enumerate() {
        assert_eq!(htm[i], turn.inverse().notation(), "after {}", turn.notation());
        let undo = solving_turns(&cubes[i], &qtm[i]);
        assert_eq!(quarter_length(&undo), turn.quarter_length(), "after {}: {}", turn.notation(), qtm[i]);
    }
}

#[test]
fn the_solved_cube_gets_an_empty_line_in_its_place() {
    let r = replay(&SOLVED, "R").unwrap();
    let input = lines_of(&[SOLVED, r, SOLVED]);
    assert_eq!(answers(&solve(&["-"], &input)), ["", "R'", ""]);
    assert_eq!(answers(&solve(&["--metric", "qtm", "-"], &input)), ["", "R'", ""]);
}

#[test]
fn any_six_letters_may_name_the_colours() {
    let cube = random_cubes(4, 1)[0];
    let recoloured: String =
        to_text(&cube).chars().map(|c| "wrgyob".chars().nth("URFDLB".find(c).unwrap()).unwrap()).collect();
    let answer = answers(&solve(&["-"], &(recoloured.clone() + "\n")));
    solving_turns(&from_text(&recoloured).unwrap(), &answer[0]);
}

#[test]
fn the_positions_of_the_problem_file_are_solved_within_their_known_distances() {
    let superflip = from_text(SUPERFLIP).unwrap();
    let superflip_four_spot = replay(&superflip, FOUR_SPOT_TURNS).unwrap();
    let checkerboard = replay(&SOLVED, CHECKERBOARD_TURNS).unwrap();
    let cubes = [superflip, superflip_four_spot, checkerboard];
    let htm = answers(&solve(&["-"], &lines_of(&cubes)));
    let face_turns: Vec<usize> =
        cubes.iter().zip(&htm).map(|(cube, answer)| solving_turns(cube, answer).len()).collect();
    // The superflip needs exactly 20 face turns; the checkerboard 6, which is within the
    // default bound; the superflip with four-spot at most 20.
    assert_eq!(face_turns[0], 20, "superflip: {}", htm[0]);
    assert!(face_turns[1] <= MOST_FACE_TURNS, "superflip with four-spot: {}", htm[1]);
    assert!((6..=MOST_FACE_TURNS).contains(&face_turns[2]), "checkerboard: {}", htm[2]);
    let qtm = answers(&solve(&["--metric", "qtm", "-"], &lines_of(&cubes)));
    let quarters: Vec<usize> =
        cubes.iter().zip(&qtm).map(|(cube, answer)| quarter_length(&solving_turns(cube, answer))).collect();
    // The superflip needs 24 quarter turns, the superflip with four-spot 26 (Reid), so the
    // latter's answer is exactly 26; the checkerboard is within the exact table's reach: 12.
    assert!((24..=MOST_QUARTER_TURNS).contains(&quarters[0]), "superflip: {}", qtm[0]);
    assert_eq!(quarters[1], 26, "superflip with four-spot: {}", qtm[1]);
    assert_eq!(quarters[2], 12, "checkerboard: {}", qtm[2]);
}

#[test]
fn four_spot_and_superflip_are_the_patterns_their_names_say() {
    let four_spot = replay(&SOLVED, FOUR_SPOT_TURNS).unwrap();
    for face in 0..6usize {
        let expected = |cell: usize| if face % 3 == 0 || cell == 4 { face } else { (face + 3) % 6 };
        assert!((0..9).all(|cell| usize::from(four_spot[9 * face + cell]) == expected(cell)), "face {face}");
    }
    assert_eq!(to_text(&replay(&SOLVED, SUPERFLIP_TURNS).unwrap()), SUPERFLIP);
}

#[test]
fn max_bounds_the_answer() {
    let checkerboard = replay(&SOLVED, CHECKERBOARD_TURNS).unwrap();
    let answer = answers(&solve(&["--max", "6", "-"], &lines_of(&[checkerboard])));
    assert_eq!(solving_turns(&checkerboard, &answer[0]).len(), 6);
    let cubes = random_cubes(5, 10);
    for answer in answers(&solve(&["--max", "19", "-"], &lines_of(&cubes))).iter().zip(&cubes) {
        assert!(solving_turns(answer.1, answer.0).len() <= 19);
    }
}

/// `count` cubes from random quarter-turn scrambles of each length in `lengths`, no face
/// turned twice in a row (so most are as far as their length).
fn quarter_turn_scrambles(seed: u64, lengths: std::ops::RangeInclusive<usize>, count: usize) -> Vec<Facelets> {
    let mut rng = SplitMix64(seed);
    let quarters: Vec<Turn> = Turn::quarters().collect();
    let scramble = |rng: &mut SplitMix64, length: usize| {
        let mut turns: Vec<Turn> = Vec::new();
        while turns.len() < length {
            let turn = quarters[rng.below(12) as usize];
            if turns.last().is_none_or(|last| last.face != turn.face) {
                turns.push(turn);
            }
        }
        apply_all(&SOLVED, &turns)
    };
    lengths.flat_map(|length| std::iter::repeat_n(length, count)).map(|length| scramble(&mut rng, length)).collect()
}

/// Every cube within six quarter turns of solved, built once: with a search of six more from
/// a cube, the model knows the exact distance of every cube within twelve.
fn ball_of_six() -> &'static HashMap<Facelets, u8> {
    static BALL: OnceLock<HashMap<Facelets, u8>> = OnceLock::new();
    BALL.get_or_init(|| quarter_turn_ball(6))
}

#[test]
fn within_twelve_quarter_turns_qtm_answers_are_exactly_optimal() {
    // Every cube up to twelve quarter turns away, the existing exact table's reach: the
    // model's own breadth-first search from the cube meets a ball of six turns around solved.
    let ball = ball_of_six();
    let cubes = quarter_turn_scrambles(6, 1..=12, 3);
    let answers = answers(&solve(&["--metric", "qtm", "-"], &lines_of(&cubes)));
    let mut distances = Vec::new();
    for (cube, answer) in cubes.iter().zip(&answers) {
        let distance = quarter_turn_distance(cube, ball, 6).expect("within twelve quarter turns");
        let length = quarter_length(&solving_turns(cube, answer));
        assert_eq!(length, distance, "{answer:?} for {} at distance {distance}", to_text(cube));
        distances.push(distance);
    }
    assert!(distances.contains(&11) && distances.contains(&12), "the far end is tested: {distances:?}");
}

#[test]
fn qtm_lengths_agree_with_the_judges_exact_table() {
    // The judge answers from the existing exact table: the fewest quarter turns up to five,
    // -1 beyond.
    let cubes = quarter_turn_scrambles(7, 1..=8, 6);
    let judge_input = format!("{}\n", cubes.len()) + &cubes.iter().map(|c| format!("\n{}", net(c))).collect::<String>();
    let judged = run_with_input(binary(tables()).args(["judge", "magic-cube"]), &judge_input);
    let judged = answers(&judged);
    let answers = answers(&solve(&["--metric", "qtm", "-"], &lines_of(&cubes)));
    let mut judge_lines = judged.iter();
    for (cube, answer) in cubes.iter().zip(&answers) {
        let length = quarter_length(&solving_turns(cube, answer));
        let count: i64 = judge_lines.next().expect("an answer per case").parse().expect("a count");
        if count < 0 {
            assert!(length > 5, "the judge needs more than 5 for {}, the solver {length}", to_text(cube));
        } else {
            assert_eq!(length, count as usize, "{answer:?} for {}", to_text(cube));
            judge_lines.nth(count as usize - 1);
        }
    }
}

/// A facelet string with its facelets `a` and `b` swapped.
fn swapped(text: &str, a: usize, b: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    bytes.swap(a, b);
    String::from_utf8(bytes).unwrap()
}

fn pieces_text(edit: impl Fn(&mut Pieces)) -> String {
    let mut pieces = reference::random_pieces(&mut SplitMix64(8));
    edit(&mut pieces);
    to_text(&pieces.facelets())
}

#[test]
fn impossible_cubes_are_refused_on_their_line_and_the_others_answered_in_order() {
    let good = random_cubes(9, 3);
    let solved = to_text(&SOLVED);
    let bad: [(String, &str); 7] = [
        (pieces_text(|p| p.twists[2] = (p.twists[2] + 1) % 3), "twisted corner"),
        (pieces_text(|p| p.flips[7] ^= 1), "flipped edge"),
        (pieces_text(|p| p.corners.swap(1, 4)), "parity"),
        // U9 and R1 swapped: the URF corner is its own mirror image.
        (swapped(&solved, 8, 9), "cannot exist"),
        // U1 and D1 swapped: a corner with U and D stickers.
        (swapped(&solved, 0, 27), "cannot exist"),
        (solved.replacen('R', "U", 1), "9 times"),
        (solved[..53].to_string(), "54"),
    ];
    // Good and bad lines alternate: line 2i + 1 good, line 2i + 2 bad.
    let input: String =
        bad.iter().enumerate().map(|(i, (text, _))| format!("{}\n{text}\n", to_text(&good[i % 3]))).collect();
    let output = solve(&["-"], &input);
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2 * bad.len(), "one output line per input line: {stdout}");
    let stderr = stderr_of(&output);
    for (i, (_, reason)) in bad.iter().enumerate() {
        solving_turns(&good[i % 3], lines[2 * i]);
        let line = 2 * i + 2;
        assert!(lines[line - 1].starts_with(&format!("error: line {line}: ")), "{}", lines[line - 1]);
        let message = stderr.lines().find(|m| m.contains(&format!("line {line}:")));
        let message = message.unwrap_or_else(|| panic!("no message names line {line}: {stderr}"));
        assert!(message.contains(reason), "line {line} should say {reason:?}: {message}");
    }
}

#[test]
fn scrambles_are_read_in_standard_notation() {
    let mut rng = SplitMix64(10);
    let scrambles: Vec<Vec<Turn>> = (0..100).map(|i| random_turns(&mut rng, i % 30)).collect();
    let input: String = scrambles.iter().map(|s| reference::notation(s) + "\n").collect();
    let answers = answers(&solve(&["--scramble", "-"], &input));
    assert_eq!(answers.len(), scrambles.len());
    for (scramble, answer) in scrambles.iter().zip(&answers) {
        let turns = solving_turns(&apply_all(&SOLVED, scramble), answer);
        assert!(turns.len() <= MOST_FACE_TURNS, "{answer:?} for {}", reference::notation(scramble));
    }
    // One scramble as an argument.
    let output = binary(tables()).args(["solve", "cube", "--json", "--scramble", "R U R' U'"]).output().unwrap();
    let answer = json_moves(&serde_json::from_slice(&output.stdout).expect("JSON"));
    assert_eq!(solving_turns(&replay(&SOLVED, "R U R' U'").unwrap(), &answer).len(), 4);
}

#[test]
fn a_scramble_that_is_not_notation_is_refused_on_its_line() {
    let output = solve(&["--scramble", "-"], "R U\nR X2 U\nF\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!((lines.len(), lines[0], lines[2]), (3, "U' R'", "F'"), "{stdout}");
    assert!(lines[1].starts_with("error: line 2: "), "{stdout}");
    assert!(stderr_of(&output).contains("line 2:"), "{}", stderr_of(&output));
}

/// `solve cube --json --scramble SCRAMBLE ARGS`: the answer's object.
fn scramble_json(scramble: &str, args: &[&str]) -> serde_json::Value {
    let output = solve(&[&["--json", "--scramble", scramble], args].concat(), "");
    serde_json::from_str(&answers(&output).concat()).expect("JSON")
}

/// The cube of a JSON answer, checked to be `cube`; its moves, checked to solve it.
fn answer_for(answer: &serde_json::Value, cube: &Facelets) -> Vec<Turn> {
    assert_eq!(answer["facelets"].as_str(), Some(to_text(cube).as_str()), "{answer}");
    solving_turns(cube, &json_moves(answer))
}

#[test]
fn slice_wide_turns_rotations_and_singmasters_numbers_are_read_as_cubers_write_them() {
    // The checkerboard: 6 face turns, and no fewer, since its 12 quarter turns are the fewest.
    let checkerboard = replay(&SOLVED, CHECKERBOARD_TURNS).unwrap();
    assert_eq!(replay_layers(&SOLVED, "M2 E2 S2"), Some(checkerboard));
    assert_eq!(answer_for(&scramble_json("M2 E2 S2", &["--max", "6"]), &checkerboard).len(), 6);
    let in_quarter_turns = scramble_json("M2 E2 S2", &["--metric", "qtm"]);
    assert_eq!(in_quarter_turns["optimal_in_quarter_turns"], true, "{in_quarter_turns}");
    assert_eq!(quarter_length(&answer_for(&in_quarter_turns, &checkerboard)), 12);
    // Rotations turn nothing; a wide turn is a face turn of the cube held upright.
    assert!(answer_for(&scramble_json("x y z", &[]), &SOLVED).is_empty());
    assert_eq!(answer_for(&scramble_json("r", &[]), &replay_layers(&SOLVED, "r").unwrap()).len(), 1);
    assert_eq!(answer_for(&scramble_json("Rw'", &[]), &replay(&SOLVED, "L'").unwrap()).len(), 1);
    // Singmaster's numbers: R1 U3 is R U'.
    assert_eq!(json_moves(&scramble_json("R1 U3", &[])), "U R'");
}

/// A random sequence of every kind of move cubers write, with every suffix.
fn random_cubers_moves(rng: &mut SplitMix64, length: usize) -> String {
    let letters = ["U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw"]
        .into_iter()
        .chain(["u", "r", "f", "d", "l", "b", "M", "E", "S", "x", "y", "z"]);
    let letters: Vec<&str> = letters.collect();
    let suffixes = ["", "'", "2", "1", "3"];
    let mut token = || {
        let letter = letters[rng.below(letters.len() as u64) as usize];
        letter.to_string() + suffixes[rng.below(suffixes.len() as u64) as usize]
    };
    (0..length).map(|_| token()).collect::<Vec<_>>().join(" ")
}

#[test]
fn random_sequences_of_slices_wide_turns_and_rotations_make_the_cube_the_model_makes() {
    let mut rng = SplitMix64(29);
    let scrambles: Vec<String> = (0..200).map(|i| random_cubers_moves(&mut rng, i % 25)).collect();
    let input: String = scrambles.iter().map(|s| s.clone() + "\n").collect();
    let output = solve(&["--json", "--scramble", "-"], &input);
    let answers = answers(&output);
    assert_eq!(answers.len(), scrambles.len());
    for (scramble, answer) in scrambles.iter().zip(&answers) {
        let cube = replay_layers(&SOLVED, scramble).unwrap();
        let turns = answer_for(&serde_json::from_str(answer).expect("JSON"), &cube);
        assert!(turns.len() <= MOST_FACE_TURNS, "{answer} for {scramble}");
    }
}

#[test]
fn a_move_cubers_do_not_write_is_refused_with_what_is_accepted() {
    for token in ["Q", "R4", "Mw", "X", "rw", "x2'2"] {
        let output = solve(&["--scramble", &format!("R {token} U")], "");
        assert_eq!(output.status.code(), Some(2), "a bad argument: {token}");
        let stderr = stderr_of(&output);
        assert!(stderr.contains(&format!("{token:?} is not a move")), "{token}: {stderr}");
        assert!(stderr.contains("slice turns M E S, wide turns Rw or r"), "{token}: {stderr}");
    }
}

/// The moves of a JSON answer.
fn json_moves(answer: &serde_json::Value) -> String {
    answer["moves"].as_str().unwrap_or_else(|| panic!("no moves in {answer}")).to_string()
}

#[test]
fn json_answers_one_object_per_line_in_order() {
    let cubes = random_cubes(11, 20);
    let output = solve(&["--json", "-"], &lines_of(&cubes));
    let lines = answers(&output);
    assert_eq!(lines.len(), cubes.len());
    for (cube, line) in cubes.iter().zip(&lines) {
        let answer: serde_json::Value = serde_json::from_str(line).expect("a JSON object per line");
        let turns = solving_turns(cube, &json_moves(&answer));
        assert!(turns.len() <= MOST_FACE_TURNS);
    }
}

#[test]
fn json_lengths_and_claims_of_optimality_are_true() {
    let cubes = quarter_turn_scrambles(14, 1..=12, 2);
    for metric in ["htm", "qtm"] {
        let lines = answers(&solve(&["--json", "--metric", metric, "-"], &lines_of(&cubes)));
        for (cube, line) in cubes.iter().zip(&lines) {
            let answer: serde_json::Value = serde_json::from_str(line).expect("a JSON object per line");
            let turns = solving_turns(cube, &json_moves(&answer));
            let quarter_turns = quarter_length(&turns);
            assert_eq!(answer["face_turns"], turns.len(), "{answer}");
            assert_eq!(answer["quarter_turns"], quarter_turns, "{answer}");
            assert_eq!(answer["length"], if metric == "qtm" { quarter_turns } else { turns.len() }, "{answer}");
            // Every cube here is within twelve quarter turns: each must carry the claim, and
            // the claim must be true.
            let distance = quarter_turn_distance(cube, ball_of_six(), 6).expect("within twelve quarter turns");
            assert_eq!(answer["optimal_in_quarter_turns"], true, "{metric}, distance {distance}: {answer}");
            assert_eq!((quarter_turns, &answer["distance"]), (distance, &serde_json::json!(distance)), "{answer}");
        }
    }
    // Far cubes make no claim.
    let far = random_cubes(15, 5);
    for line in answers(&solve(&["--json", "-"], &lines_of(&far))) {
        let answer: serde_json::Value = serde_json::from_str(&line).expect("a JSON object per line");
        assert_eq!(answer["optimal_in_quarter_turns"], false, "{answer}");
    }
}

#[test]
fn judge_cube_answers_each_line_as_solve_does_and_names_bad_lines() {
    let cubes = random_cubes(16, 12);
    let mut input = lines_of(&cubes[..6]);
    input += &format!("{}\n\n", swapped(&to_text(&cubes[6]), 0, 9));
    input += &lines_of(&cubes[6..]);
    let output = run_with_input(binary(tables()).args(["judge", "cube"]), &input);
    assert_eq!(output.status.code(), Some(1), "a rejected line makes the exit status 1");
    assert!(stderr_of(&output).contains("line 7:"), "{}", stderr_of(&output));
    let judged: Vec<String> = stdout_of(&output).lines().map(str::to_string).collect();
    assert_eq!(judged.len(), cubes.len(), "one line per good cube: {judged:?}");
    for (cube, answer) in cubes.iter().zip(&judged) {
        assert!(solving_turns(cube, answer).len() <= MOST_FACE_TURNS, "{answer}");
    }
    assert_eq!(judged, answers(&solve(&["-"], &lines_of(&cubes))), "the same moves as solve cube");
}

#[test]
fn stats_cube_counts_every_phase_one_entry_in_both_metrics() {
    let dir = tables_with(Puzzle::Cube);
    let output = binary(dir).args(["stats", "cube", "--json"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stats: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    // 64,430 flip-slice classes under the 16 symmetries that keep the U-D axis, times the
    // 2,187 corner twists (the problem statement's figures).
    let entries = 64_430u64 * 2_187;
    let counts = |key: &str| -> Vec<u64> {
        stats[key]
            .as_array()
            .unwrap_or_else(|| panic!("no {key} in {stats}"))
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect()
    };
    let face_turns = counts("entries_per_distance");
    let quarter_turns = counts("entries_per_quarter_turn_distance");
    assert_eq!(face_turns.iter().sum::<u64>(), entries, "{face_turns:?}");
    assert_eq!(quarter_turns.iter().sum::<u64>(), entries, "{quarter_turns:?}");
    // Phase 1 needs at most 12 face turns (Kociemba); the solved class and twist alone are in G1.
    assert_eq!((face_turns.len(), face_turns[0], quarter_turns[0]), (13, 1, 1), "{face_turns:?} {quarter_turns:?}");
    // A half turn is two quarter turns: some entries need more quarter turns than face turns
    // (the two counts are the two metrics' tables, not one table twice).
    assert!(quarter_turns.len() > face_turns.len(), "{face_turns:?} {quarter_turns:?}");
    // Every entry two quarter turns out is two face turns out, and F R2 is two face turns
    // but three quarter turns out.
    assert!(face_turns[2] > quarter_turns[2], "{face_turns:?} {quarter_turns:?}");
    let files: u64 = puzzle_tables_query::tables_of(Puzzle::Cube)
        .iter()
        .map(|spec| std::fs::metadata(dir.join(spec.file_name())).unwrap().len())
        .sum();
    assert_eq!(stats["table_bytes"], files, "every file of the cube's tables is counted");
    let text = stdout_of(&binary(dir).args(["stats", "cube"]).output().unwrap());
    assert!(text.contains(&format!("{entries} entries")), "{text}");
}

#[test]
fn the_judges_net_is_read() {
    let cube = random_cubes(12, 1)[0];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.txt");
    std::fs::write(&path, net(&cube)).unwrap();
    let output = binary(tables()).args(["solve", "cube", "--json", "--net"]).arg(&path).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert!(solving_turns(&cube, &json_moves(&answer)).len() <= MOST_FACE_TURNS);
}

#[test]
fn one_cube_as_an_argument_is_answered() {
    let cube = random_cubes(13, 1)[0];
    let output = binary(tables()).args(["solve", "cube", "--json", &to_text(&cube)]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert!(solving_turns(&cube, &json_moves(&answer)).len() <= MOST_FACE_TURNS);
}
