//! The cubic eight-puzzle against independent searches (`reference/cubic.rs`), and through
//! the binary.
//!
//! The searches share nothing with the tables or the model's rolls. One breadth-first walk
//! per start cell over its ~4 million states takes a fraction of a second, so every pattern
//! from every start cell is checked, the far ones included; the bidirectional search the
//! benchmarks time is checked on a few dozen cases.

mod common;
#[path = "reference/cubic.rs"]
mod reference;

use std::sync::OnceLock;

use common::{binary, refusal_of, run_on, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_models::cubic::{Cell, Colour, Pattern, Roll, StartClass, Symmetry, PATTERNS};
use puzzle_tables_query::cubic::{CubicSolver, PatternDistances, StateDistancesMod4};
use puzzle_tables_query::{Puzzle, Tables};
use reference::{bfs, bidirectional_distance, replay, start_state, tops_key, Walk, EMPTY_TOP, NOT_SEEN};

/// The pattern's key in the reference's numbering ([`reference::tops_key`]).
fn pattern_key(pattern: &Pattern) -> usize {
    Cell::ALL.iter().rev().fold(0, |key, &cell| key * 4 + pattern.top(cell).map_or(EMPTY_TOP, |c| c as usize))
}

fn walk_from(cell: Cell) -> &'static Walk {
    static WALKS: [OnceLock<Walk>; 9] = [const { OnceLock::new() }; 9];
    WALKS[cell.index()].get_or_init(|| bfs(cell.index()))
}

fn solver() -> &'static CubicSolver {
    static SOLVER: OnceLock<CubicSolver> = OnceLock::new();
    SOLVER.get_or_init(|| {
        let tables = Tables::open(tables_with(Puzzle::Cubic)).expect("the tables directory exists");
        tables.cubic().expect("the cubic tables open")
    })
}

fn all_patterns() -> impl Iterator<Item = Pattern> {
    (0..PATTERNS).map(|index| Pattern::from_index(index).expect("an index below PATTERNS"))
}

fn check_every_pattern_from(class: StartClass) {
    for start in class.cells() {
        let walk = walk_from(start);
        for pattern in all_patterns() {
            let expected = walk.pattern_distance[pattern_key(&pattern)];
            assert_ne!(expected, NOT_SEEN, "every pattern is reachable; {pattern} from {start} is not");
            assert_eq!(solver().distances().distance(start, &pattern), expected, "{pattern} from {start}");
        }
    }
}

#[test]
fn every_pattern_from_every_corner_agrees_with_bfs() {
    check_every_pattern_from(StartClass::Corner);
}

#[test]
fn every_pattern_from_every_edge_agrees_with_bfs() {
    check_every_pattern_from(StartClass::Edge);
}

#[test]
fn every_pattern_from_the_centre_agrees_with_bfs() {
    check_every_pattern_from(StartClass::Centre);
}

#[test]
fn the_bidirectional_search_agrees_with_the_tables_near_and_far() {
    // From every start cell: a few random patterns and the farthest one, beyond the judge's
    // cap from every cell but the corners, where it is 32.
    let mut rng = fastrand::Rng::with_seed(31);
    let mut beyond_cap = 0;
    for start in Cell::ALL {
        let distance = |pattern: &Pattern| solver().distances().distance(start, pattern);
        let farthest = all_patterns().max_by_key(distance).expect("patterns");
        let random = (0..3).map(|_| Pattern::from_index(rng.u32(..PATTERNS)).expect("an index below PATTERNS"));
        for pattern in random.chain([farthest]) {
            let expected = distance(&pattern);
            beyond_cap += usize::from(expected > 30);
            let found = bidirectional_distance(start.index(), pattern_key(&pattern));
            assert_eq!(found, Some(expected), "{pattern} from {start}");
        }
    }
    assert!(beyond_cap >= 9, "only {beyond_cap} cases beyond the cap");
}

#[test]
fn a_symmetry_with_red_and_blue_renamed_keeps_every_distance() {
    // The reasoning the tables rest on, checked on the independent walks alone.
    for start in Cell::ALL {
        let symmetry = Symmetry::to_representative(start);
        let (walk, representative) = (walk_from(start), walk_from(StartClass::of(start).representative()));
        for pattern in all_patterns() {
            let mapped = symmetry.pattern(&pattern);
            assert_eq!(
                walk.pattern_distance[pattern_key(&pattern)],
                representative.pattern_distance[pattern_key(&mapped)]
            );
        }
    }
}

#[test]
fn the_metadata_counts_states_and_patterns_per_distance() {
    for class in StartClass::ALL {
        let walk = walk_from(class.representative());
        let states = solver().states_of_class(class).table().metadata();
        assert_eq!(states.depth_counts, walk.states_per_distance, "{class:?}");
        let mut patterns = vec![0u64; walk.states_per_distance.len()];
        all_patterns().for_each(|p| patterns[usize::from(walk.pattern_distance[pattern_key(&p)])] += 1);
        while patterns.last() == Some(&0) {
            patterns.pop();
        }
        assert_eq!(solver().distances().of_class(class).table().metadata().depth_counts, patterns, "{class:?}");
    }
}

/// Checks an optimal roll sequence from `start` to `pattern`: replayed with the rolls
/// above, it shows the pattern, and it is as long as the walk's distance.
fn check_rolls(start: Cell, pattern: &Pattern, letters: &str) {
    let expected = walk_from(start).pattern_distance[pattern_key(pattern)];
    assert_eq!(letters.len(), usize::from(expected), "length of {letters} for {pattern} from {start}");
    let end = replay(start_state(start.index()), letters).expect("every roll is possible");
    assert_eq!(tops_key(end), pattern_key(pattern), "{letters} from {start} to {pattern}");
}

fn letters(rolls: &[Roll]) -> String {
    rolls.iter().map(|r| r.letter()).collect()
}

#[test]
fn optimal_rolls_from_every_start_cell_replay_to_the_pattern() {
    let mut rng = fastrand::Rng::with_seed(3131);
    for start in Cell::ALL {
        let walk = walk_from(start);
        // Random patterns, and every pattern farther than the judge's cap.
        let far = all_patterns().filter(|p| walk.pattern_distance[pattern_key(p)] > 30);
        let random = (0..150).map(|_| Pattern::from_index(rng.u32(..PATTERNS)).expect("an index below PATTERNS"));
        let start_pattern = Pattern::new(start, [Colour::White; 9]);
        for pattern in far.chain(random).chain([start_pattern]) {
            let rolls = solver().optimal_rolls(start, &pattern).expect("the tables are consistent");
            check_rolls(start, &pattern, &letters(&rolls));
        }
    }
}

const SAMPLE: &str = include_str!("../examples/cubic.txt");

#[test]
fn judge_answers_the_statement_sample_byte_for_byte() {
    let output = run_with_input(binary(tables_with(Puzzle::Cubic)).args(["judge", "cubic"]), SAMPLE);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "0\n3\n13\n23\n29\n30\n-1\n-1\n");
}

#[test]
fn judge_exact_answers_beyond_the_cap() {
    let output = run_with_input(binary(tables_with(Puzzle::Cubic)).args(["judge", "cubic", "--exact"]), SAMPLE);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answers: Vec<u8> = stdout_of(&output).lines().map(|l| l.parse().expect("a number")).collect();
    let datasets = puzzle_tables_models::cubic::parse_judge_input(SAMPLE);
    let expected: Vec<u8> = datasets
        .iter()
        .map(|d| d.as_ref().expect("the sample is good"))
        .map(|d| walk_from(d.start).pattern_distance[pattern_key(&d.pattern)])
        .collect();
    assert_eq!(answers, expected);
    assert!(answers.iter().any(|&a| a > 30));
}

#[test]
fn judge_reports_bad_datasets_and_still_answers_the_rest_in_order() {
    let input = "1 2\nW W W\nE W W\nW W W\n\
                 2 1\nR B W\nR W X\nE W W\n\
                 3 3\nW B W\nB R E\nR B R\n\
                 4 1\nW W W\nE W W\nW W W\n\
                 1 1\nW W W\nW W W\nW W W\n\
                 1 one\nE W W\nW W W\nW W W\n\
                 3 2\nR R R\nW E W\nR R R\n\
                 2 2\nE W W\nW E W\nW W W\n\
                 1 1\nE W\nW W W\nW W W\n\
                 2 1\nR R R\nB W B\n";
    let output = run_with_input(binary(tables_with(Puzzle::Cubic)).args(["judge", "cubic"]), input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "0\n13\n-1\n");
    let errors = stderr_of(&output);
    for expected in [
        "line 7: unknown colour \"X\"",
        "in the dataset of line 5",
        "line 13: the empty cell (4, 1) is off the board",
        "line 17: no E",
        "line 21: expected the empty cell's coordinates",
        "line 29: 2 E cells ((1,1) (2,2))",
        "line 34: row y=1 has 2 cells, expected 3",
        "line 37: the dataset has only 2 of its 3 rows",
        "line 40: the input ends without the closing line \"0 0\"",
        "8 of 11 cases rejected",
    ] {
        assert!(errors.contains(expected), "{expected:?} not in:\n{errors}");
    }
}

#[test]
fn judge_survives_random_bytes() {
    let dir = tables_with(Puzzle::Cubic);
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..20 {
        let noise: Vec<u8> = (0..2048).map(|_| rng.u8(..)).collect();
        let path = dir.join("cubic-noise.txt");
        std::fs::write(&path, &noise).unwrap();
        let output = binary(dir).args(["judge", "cubic"]).arg(&path).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
        assert!(stderr_of(&output).contains("rejected input line"));
    }
}

#[test]
fn solve_prints_an_optimal_sequence_and_draws_each_roll() {
    let output =
        binary(tables_with(Puzzle::Cubic)).args(["solve", "cubic", "--start", "2,1", "RBW RWW EWW", "--show"]).output();
    let output = output.unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let (first, drawings) = text.split_once('\n').unwrap();
    let rolls = first.strip_prefix("3 rolls: ").expect(first);
    let start = Cell::from_xy(2, 1).unwrap();
    check_rolls(start, &"RBW RWW EWW".parse().unwrap(), rolls);
    // Each drawing after the start is the pattern after one more roll.
    let blocks: Vec<&str> = drawings.trim().split("\n\n").collect();
    assert_eq!(blocks.len(), 4);
    assert_eq!(blocks[0], "start, (2,1) empty:\nW E W\nW W W\nW W W");
    for (step, block) in blocks[1..].iter().enumerate() {
        let state = replay(start_state(start.index()), &rolls[..=step]).unwrap();
        let drawn: Pattern = block.split_once(":\n").unwrap().1.parse().unwrap();
        assert_eq!(pattern_key(&drawn), tops_key(state), "{block}");
    }
}

#[test]
fn solve_json_gives_the_exact_distance_beyond_the_cap() {
    let args = ["solve", "cubic", "--start", "3,2", "R R R", "W E W", "R R R", "--json"];
    let output = binary(tables_with(Puzzle::Cubic)).args(args).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let pattern: Pattern = "RRR WEW RRR".parse().unwrap();
    let start = Cell::from_xy(3, 2).unwrap();
    assert_eq!(answer["distance"], u64::from(walk_from(start).pattern_distance[pattern_key(&pattern)]));
    assert_eq!(answer["judge_answer"], -1);
    check_rolls(start, &pattern, answer["moves"].as_str().unwrap());
}

#[test]
fn solve_rejects_a_bad_pattern_or_start_with_its_reason() {
    let errors = refusal_of(Puzzle::Cubic, "solve", &["--start", "1,1", "WWW WWW WWW"]);
    assert!(errors.contains("no E"), "{errors}");
    let errors = refusal_of(Puzzle::Cubic, "solve", &["--start", "0,1", "EWW WWW WWW"]);
    assert!(errors.contains("X and Y from 1 to 3"), "{errors}");
}

#[test]
fn stats_reports_each_class_from_the_tables() {
    let output = run_on(Puzzle::Cubic, "stats", &[]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    for class in StartClass::ALL {
        let walk = walk_from(class.representative());
        let reachable: u64 = walk.states_per_distance.iter().sum();
        assert!(text.contains(&format!("reachable states: {reachable} of 15116544")), "{text}");
        let beyond = all_patterns().filter(|p| walk.pattern_distance[pattern_key(p)] > 30).count();
        assert!(text.contains(&format!("patterns beyond the judge's 30 rolls: {beyond} of 59049")), "{text}");
        let farthest = walk.states_per_distance.len() - 1;
        assert!(text.contains(&format!("farthest states: {farthest} rolls")), "{text}");
    }
    let output = run_on(Puzzle::Cubic, "stats", &["--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(stats["start_classes"].as_array().map(Vec::len), Some(3));
}

#[test]
fn a_state_table_that_contradicts_itself_is_reported_not_followed() {
    // A table with a valid checksum whose bits are all zero: every walk soon finds no
    // nearer neighbour, or no state of the pattern at its distance.
    let (source, dir) = (tables_with(Puzzle::Cubic), tempfile::tempdir().unwrap());
    for class in StartClass::ALL {
        let name = PatternDistances::spec(class).file_name();
        std::fs::copy(source.join(&name), dir.path().join(&name)).unwrap();
        let spec = StateDistancesMod4::spec(class);
        let metadata = solver().states_of_class(class).table().metadata();
        let zeros = vec![0u8; spec.payload_len().unwrap() as usize];
        std::fs::write(dir.path().join(spec.file_name()), spec.encode_file(metadata, &zeros)).unwrap();
    }
    for pattern in ["R B W R W W E W W", "R R R W E W R R R", "B W R B W R B E R"] {
        let output = binary(dir.path()).args(["solve", "cubic", "--start", "2,1", pattern]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{pattern}: {}", stdout_of(&output));
        assert!(stderr_of(&output).contains("inconsistent entries"), "{}", stderr_of(&output));
        // Found while answering, not at the open: still named with its rebuild command.
        assert!(stderr_of(&output).contains("gen cubic`"), "{}", stderr_of(&output));
    }
}
