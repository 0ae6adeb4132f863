//! The fifteen puzzle against an independent IDA* (Manhattan distance), Korf's published
//! optimal lengths and an independent pattern-database BFS, and through the binary.

mod common;
#[path = "reference/fifteen.rs"]
mod reference;

use std::sync::OnceLock;

use common::{binary, run_on, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_generator::fifteen::build_pattern_database;
use puzzle_tables_generator::Silent;
use puzzle_tables_models::fifteen::{move_letters, placement_unrank, placements, Board};
use puzzle_tables_query::fifteen::search::{solve, solve_within, Outcome};
use puzzle_tables_query::fifteen::{Partition, PatternDatabases};
use puzzle_tables_query::Puzzle;
use reference::{
    board_text, ida_manhattan, korf_instances, pattern_values, pattern_values_by_cells, random_walk, replay, Cells,
    GOAL,
};

fn databases() -> &'static PatternDatabases {
    static DATABASES: OnceLock<PatternDatabases> = OnceLock::new();
    DATABASES.get_or_init(|| {
        PatternDatabases::open_dir(Partition::SixSixThree, tables_with(Puzzle::Fifteen)).expect("the databases open")
    })
}

fn answer(cells: Cells, max_moves: usize) -> Outcome {
    solve(databases(), &Board::from_cells(cells).unwrap(), max_moves, &mut |_| {}).outcome
}

fn answer_with(databases: &PatternDatabases, cells: Cells) -> Outcome {
    solve(databases, &Board::from_cells(cells).unwrap(), 80, &mut |_| {}).outcome
}

fn moves_of(cells: Cells) -> String {
    match answer(cells, 80) {
        Outcome::Solved(moves) => move_letters(&moves),
        other => panic!("{cells:?}: {other:?}"),
    }
}

#[test]
fn random_walks_agree_with_manhattan_ida_move_for_move() {
    let mut rng = fastrand::Rng::with_seed(10181);
    for case in 0..400 {
        let cells = random_walk(&mut rng, case % 41);
        let expected = ida_manhattan(cells);
        assert_eq!(moves_of(cells), expected, "{cells:?}");
        assert_eq!(replay(cells, &expected), Some(GOAL));
    }
}

#[test]
fn a_search_within_a_budget_stops_soon_after_it_and_otherwise_answers_as_without() {
    let (_, length, cells) = korf_instances()[0];
    let board = Board::from_cells(cells).unwrap();
    let gave_up = solve_within(databases(), &board, 80, 1000, &mut |_| {}).unwrap_err();
    // Past the budget each call returns at once; the callers above finish their few moves.
    assert!((1001..=1000 + 4 * 80).contains(&gave_up.nodes), "{gave_up:?}");
    let unbounded = solve(databases(), &board, 80, &mut |_| {});
    let within = solve_within(databases(), &board, 80, unbounded.nodes, &mut |_| {}).unwrap();
    assert_eq!(within, unbounded);
    assert!(matches!(&within.outcome, Outcome::Solved(moves) if moves.len() == length));
}

#[test]
fn korf_instances_need_their_published_optimal_lengths() {
    let instances = korf_instances();
    assert_eq!(instances.len(), 100);
    assert_eq!(instances.iter().map(|&(_, length, _)| length).sum::<usize>(), 5305);
    // The quickest few on the default databases, and Korf's first instance.
    for number in [1, 16, 42, 55, 79] {
        let (_, length, cells) = instances[number - 1];
        let moves = moves_of(cells);
        assert_eq!(moves.len(), length, "Korf instance {number}");
        assert_eq!(replay(cells, &moves), Some(GOAL), "Korf instance {number}");
    }
}

#[test]
fn swapping_two_tiles_makes_a_board_unsolvable() {
    let mut rng = fastrand::Rng::with_seed(1121);
    for case in 0..200 {
        let mut cells = random_walk(&mut rng, case);
        let tiles: Vec<usize> = (0..16).filter(|&c| cells[c] != 0).collect();
        let (a, b) = (tiles[rng.usize(..15)], tiles[rng.usize(..15)]);
        if a == b {
            continue;
        }
        cells.swap(a, b);
        assert_eq!(answer(cells, 80), Outcome::Unsolvable, "{cells:?}");
    }
    assert_eq!(answer(GOAL, 80), Outcome::Solved(vec![]));
}

#[test]
fn the_three_tile_database_matches_an_independent_bfs() {
    let db = &databases().databases()[2];
    assert_eq!(db.tiles(), [2, 3, 4]);
    let expected = pattern_values(db.tiles());
    assert_eq!(expected.len(), 16 * 15 * 14);
    let mut cells = [0u8; 3];
    for rank in 0..16 * 15 * 14 {
        placement_unrank(rank, &mut cells);
        assert_eq!(db.value(&cells), expected[&cells.to_vec()], "tiles 2 3 4 at {cells:?}");
    }
    let mut counts = vec![0u64; 1 + usize::from(*expected.values().max().unwrap())];
    expected.values().for_each(|&v| counts[usize::from(v)] += 1);
    assert_eq!(db.table().metadata().depth_counts, counts);
}

#[test]
fn every_six_tile_value_matches_an_independent_bfs() {
    let db = &databases().databases()[0];
    assert_eq!(db.tiles(), [1, 5, 6, 9, 10, 13]);
    let expected = pattern_values_by_cells(db.tiles());
    let mut cells = [0u8; 6];
    let mut wrong = Vec::new();
    for rank in 0..placements(6) {
        placement_unrank(rank, &mut cells);
        let index = cells.iter().fold(0usize, |index, &cell| index * 16 + usize::from(cell));
        if db.value(&cells) != expected[index] {
            wrong.push((cells, db.value(&cells), expected[index]));
        }
    }
    assert!(wrong.is_empty(), "{} placements differ, first (cells, ours, expected): {:?}", wrong.len(), wrong[0]);
    let mut counts = vec![0u64; 1 + usize::from(*expected.iter().filter(|&&v| v != u8::MAX).max().unwrap())];
    expected.iter().filter(|&&v| v != u8::MAX).for_each(|&v| counts[usize::from(v)] += 1);
    assert_eq!(db.table().metadata().depth_counts, counts);
}

#[test]
fn the_region_bfs_agrees_with_the_plain_0_1_bfs() {
    let tiles = [3, 7, 8, 12];
    let plain = pattern_values(&tiles);
    let by_cells = pattern_values_by_cells(&tiles);
    for (cells, value) in &plain {
        assert_eq!(by_cells[cells.iter().fold(0usize, |index, &c| index * 16 + usize::from(c))], *value, "{cells:?}");
    }
    assert_eq!(by_cells.iter().filter(|&&v| v != u8::MAX).count(), plain.len());
}

#[test]
fn the_seven_eight_builder_is_exact_on_parts_of_its_patterns() {
    // The 7-8 databases take minutes to build; the same builder, called as for 7-8, on
    // four tiles of each of its patterns.
    for tiles in [&[9u8, 10, 13, 14][..], &[1, 2, 5, 6]] {
        let built = build_pattern_database(Partition::SevenEight, tiles, &mut Silent);
        assert_eq!(built.metadata.generated_by, "puzzle-tables gen fifteen --partition 7-8");
        let expected = pattern_values(tiles);
        let mut cells = [0u8; 4];
        for rank in 0..placements(4) {
            placement_unrank(rank, &mut cells);
            assert_eq!(built.payload[rank as usize], expected[&cells.to_vec()], "tiles {tiles:?} at {cells:?}");
        }
    }
}

/// The 7-8 databases of the default tables directory (`$PUZZLE_TABLES_DIR`, else the
/// per-user one), when they are there: `cargo test` cannot build them in its time.
fn installed_seven_eight() -> Option<PatternDatabases> {
    let dir = puzzle_tables_query::default_dir()?;
    PatternDatabases::open_dir(Partition::SevenEight, &dir).ok()
}

#[test]
fn the_seven_eight_databases_when_present_give_the_same_answers() {
    let Some(large) = installed_seven_eight() else {
        eprintln!("no 7-8 databases in the default tables directory: the 7-8 search is not run");
        return;
    };
    let mut rng = fastrand::Rng::with_seed(78);
    let walks = (0..100).map(|case| random_walk(&mut rng, case % 60));
    let korf = [1, 16, 42, 55, 79].map(|number| korf_instances()[number - 1].2);
    for cells in walks.chain(korf) {
        let board = Board::from_cells(cells).unwrap();
        let answer = solve(&large, &board, 80, &mut |_| {}).outcome;
        assert_eq!(answer, answer_with(databases(), cells), "{cells:?}");
    }
}

const UVA_SAMPLE: &str = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";

#[test]
fn judge_answers_the_uva_sample_optimally() {
    let output = run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["judge", "fifteen"]), UVA_SAMPLE);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let first: Cells = [2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15];
    assert_eq!(stdout_of(&output), format!("{}\nThis puzzle is not solvable.\n", ida_manhattan(first)));
    assert_eq!(stderr_of(&output), "", "no progress or messages on a pipe");
}

#[test]
fn judge_answers_lightoj_with_case_numbers_and_the_35_move_cap() {
    let korf_55 = korf_instances()[54].2;
    let input = format!(
        "3\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n\n{}\n",
        korf_55
            .chunks(4)
            .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let output = run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["judge", "fifteen", "--lightoj"]), &input);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let first: Cells = [2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15];
    assert_eq!(
        stdout_of(&output),
        format!(
            "Case 1: {}\nCase 2: This puzzle is not solvable.\nCase 3: This puzzle is not solvable.\n",
            ida_manhattan(first)
        ),
        "Korf's instance 55 needs 41 moves, past LightOJ's 35"
    );
}

#[test]
fn judge_names_bad_boards_and_answers_the_rest() {
    let input = "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n\n1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 0\n\n\
                 1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 14 0\n\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    let output = run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["judge", "fifteen"]), input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "\nR\n");
    let errors = stderr_of(&output);
    assert!(errors.contains("line 8: a board row is four numbers, found 3"), "{errors}");
    assert!(errors.contains("line 12: tile 14 appears more than once"), "{errors}");
}

#[test]
fn solve_prints_the_moves_and_each_board() {
    let output = run_on(Puzzle::Fifteen, "solve", &["1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "--show"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    assert!(text.starts_with("1 move: R\n\nstart\n 1  2  3  4\n"), "{text}");
    assert!(text.ends_with("1. R\n 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0\n"), "{text}");
}

#[test]
fn solve_json_gives_up_past_max_moves_and_says_so() {
    let korf_1 = board_text(&korf_instances()[0].2);
    let output = run_on(Puzzle::Fifteen, "solve", &[&korf_1, "--json", "--max-moves", "50"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["more_than"], 50);
    assert_eq!(answer["distance"], serde_json::Value::Null);
    let output = run_on(Puzzle::Fifteen, "solve", &[&korf_1, "--json"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["distance"], 57);
    assert_eq!(answer["partition"], "6-6-3");
}

#[test]
fn solve_dash_answers_one_board_per_line_in_place() {
    let input = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n1 2 3\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n\
                 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    let output = run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["solve", "fifteen", "-"]), input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "R\nerror: line 2: expected 16 numbers, found 3\nunsolvable\n\n");
    assert!(stderr_of(&output).contains("rejected input line 2: expected 16 numbers, found 3"));

    let input = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 0\n\
                 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n";
    let output = run_with_input(binary(tables_with(Puzzle::Fifteen)).args(["solve", "fifteen", "-"]), input);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<String> = stdout_of(&output).lines().map(str::to_string).collect();
    assert_eq!(
        lines,
        [
            "error: line 1: expected 16 numbers, found 15",
            "error: line 2: expected 16 numbers, found 17",
            "error: line 3: unknown tile \"x\" (tiles are 1 to 15, and 0 the blank)",
            "R"
        ]
    );
}

#[test]
fn stats_counts_placements_per_value_in_each_database() {
    let output = run_on(Puzzle::Fifteen, "stats", &["--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(stats["partition"], "6-6-3");
    let placements: Vec<u64> =
        stats["databases"].as_array().unwrap().iter().map(|db| db["placements"].as_u64().unwrap()).collect();
    assert_eq!(placements, [5_765_760, 5_765_760, 3360]);
}

#[test]
fn a_missing_seven_eight_partition_is_an_error_that_says_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    let output = binary(dir.path())
        .args(["solve", "fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "--partition", "7-8"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("gen fifteen --partition 7-8"), "{}", stderr_of(&output));
}

#[test]
fn a_damaged_database_is_refused_with_its_name() {
    let dir = tempfile::tempdir().unwrap();
    for spec in Partition::SixSixThree.specs() {
        let mut bytes = std::fs::read(tables_with(Puzzle::Fifteen).join(spec.file_name())).unwrap();
        if spec.entries == 3360 {
            let last = bytes.len() - 1;
            bytes[last] ^= 1;
        }
        std::fs::write(dir.path().join(spec.file_name()), bytes).unwrap();
    }
    let output = run_with_input(binary(dir.path()).args(["judge", "fifteen"]), UVA_SAMPLE);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_of(&output), "");
    assert!(stderr_of(&output).contains("fifteen-pattern-tiles-2-3-4.tbl: damaged payload"), "{}", stderr_of(&output));
}

#[test]
fn gen_with_a_partition_writes_the_same_tables_and_verify_checks_them() {
    // The 7-8 partition takes minutes and 4 GB, so the tests build 6-6-3 through the same
    // command and code path; the 7-8 build is measured by `cargo xtask bench-fifteen`.
    let dir = tempfile::tempdir().unwrap();
    let output = binary(dir.path()).args(["gen", "fifteen", "--partition", "6-6-3"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(stdout_of(&output).contains("fifteen 6-6-3: built in"), "{}", stdout_of(&output));
    for spec in Partition::SixSixThree.specs() {
        let built = std::fs::read(dir.path().join(spec.file_name())).unwrap();
        assert!(built == std::fs::read(tables_with(Puzzle::Fifteen).join(spec.file_name())).unwrap());
    }
    let output = binary(dir.path()).arg("verify").output().unwrap();
    let report = stdout_of(&output);
    assert!(report.contains("ok       ") && report.contains("fifteen-pattern-tiles-2-3-4.tbl"), "{report}");
    assert!(
        Partition::SevenEight.specs().iter().all(|spec| !report.contains(&spec.file_name())),
        "optional tables are skipped: {report}"
    );

    let output = binary(dir.path()).args(["gen", "eight", "--partition", "7-8"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("--partition is for `gen fifteen` alone"), "{}", stderr_of(&output));
}

#[test]
fn a_long_search_shows_its_bound_on_a_terminal_and_never_on_a_pipe() {
    // Two moves into one of the 80-move boards (Brüngger et al. 1999, turned to this goal):
    // 1.7 s of processor time on the 6-6-3 databases in a release build, 2.6 s in the
    // tests' build: past the one-second quiet time.
    let board = "15 12 10 13 7 11 14 9 0 8 6 2 4 3 5 1";
    let dir = tables_with(Puzzle::Fifteen);
    let output = binary(dir).args(["solve", "fifteen", board]).output().unwrap();
    assert!(stdout_of(&output).starts_with("78 moves: "), "{}", stdout_of(&output));
    assert_eq!(stderr_of(&output), "", "nothing on a pipe");

    // `script` (util-linux) runs the command on a pseudo-terminal.
    let command = format!("{} --tables {} solve fifteen {board}", env!("CARGO_BIN_EXE_puzzle-tables"), dir.display());
    let on_terminal = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_remove("PUZZLE_TABLES_DIR")
        .output()
        .expect("script(1) runs the binary on a terminal");
    let shown = stdout_of(&on_terminal);
    assert!(shown.contains("bound 78 moves"), "{shown}");
    assert!(shown.contains("78 moves: "), "{shown}");
}

#[test]
fn databases_of_zeros_with_good_checksums_still_give_true_answers() {
    // Zeros are a lower bound, so the search is slower but still optimal; without the goal
    // check, every board would look solved.
    let dir = tempfile::tempdir().unwrap();
    for spec in Partition::SixSixThree.specs() {
        let zeros = vec![0u8; spec.entries as usize];
        let bytes = spec.encode_file(&puzzle_tables_query::Metadata::default(), &zeros);
        std::fs::write(dir.path().join(spec.file_name()), bytes).unwrap();
    }
    let blind = PatternDatabases::open_dir(Partition::SixSixThree, dir.path()).unwrap();
    let mut rng = fastrand::Rng::with_seed(0);
    for steps in [1, 4, 9] {
        let cells = random_walk(&mut rng, steps);
        let Outcome::Solved(moves) = solve(&blind, &Board::from_cells(cells).unwrap(), 80, &mut |_| {}).outcome else {
            panic!("{cells:?} is solvable")
        };
        assert_eq!(move_letters(&moves), ida_manhattan(cells), "{cells:?}");
    }
}
