//! The eight puzzle against an independent breadth-first search, and through the binary.

mod common;
#[path = "reference/eight.rs"]
mod reference;

use std::collections::HashMap;
use std::sync::OnceLock;

use common::{binary, refusal_of, run_on, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_models::eight::{Board, Move};
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::Puzzle;
use reference::{astar_distance, replay, Cells, GOAL};

/// Distances from the goal to every board it reaches, by the reference BFS, once.
fn bfs_distances() -> &'static HashMap<Cells, u8> {
    static DISTANCES: OnceLock<HashMap<Cells, u8>> = OnceLock::new();
    DISTANCES.get_or_init(reference::bfs_distances)
}

fn table() -> &'static EightTable {
    static TABLE: OnceLock<EightTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        EightTable::open(&tables_with(Puzzle::Eight).join(EightTable::SPEC.file_name())).expect("the table opens")
    })
}

fn letters(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Checks the table's answer for `cells` against the BFS: solvability, length, and that
/// the moves, replayed without the model, reach the goal.
fn check_against_bfs(cells: Cells) {
    let board = Board::from_cells(cells).unwrap();
    let answer = table().optimal_moves(&board).unwrap();
    match (bfs_distances().get(&cells), answer) {
        (None, None) => {}
        (Some(&distance), Some(moves)) => {
            assert_eq!(moves.len(), usize::from(distance), "length for {board}");
            assert_eq!(replay(cells, &letters(&moves)), Some(GOAL), "moves {} from {board}", letters(&moves));
        }
        (expected, found) => panic!("{board}: BFS distance {expected:?}, table answer {found:?}"),
    }
}

#[test]
fn every_boards_distance_lookup_is_its_bfs_distance() {
    let mut solvable = 0;
    for rank in 0..puzzle_tables_models::eight::SOLVABLE_BOARDS {
        let board = Board::unrank(rank).unwrap();
        let expected = bfs_distances().get(&board.cells()).copied();
        assert_eq!(table().distance(&board).unwrap(), expected, "{board}");
        solvable += 1;
        // Swapping two tiles makes a board of the other parity: never solvable.
        let mut cells = board.cells();
        let (first, second) = if cells[0] != 0 && cells[1] != 0 { (0, 1) } else { (7, 8) };
        cells.swap(first, second);
        assert_eq!(table().distance(&Board::from_cells(cells).unwrap()).unwrap(), None);
    }
    assert_eq!(solvable, bfs_distances().len());
}

#[test]
fn thousands_of_random_boards_agree_with_bfs() {
    let mut rng = fastrand::Rng::with_seed(1043);
    for _ in 0..5000 {
        let mut cells: Cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        rng.shuffle(&mut cells);
        check_against_bfs(cells);
    }
}

/// Whether the goal is reachable from `cells`, by the classic invariant (on a board of odd
/// width, a slide keeps the parity of the tiles' inversions; the goal has none), computed
/// here and not by the table.
fn solvable_by_parity(cells: &Cells) -> bool {
    let tiles: Vec<u8> = cells.iter().copied().filter(|&tile| tile != 0).collect();
    let inversions = (0..tiles.len()).flat_map(|i| (i + 1..tiles.len()).map(move |j| (i, j)));
    inversions.filter(|&(i, j)| tiles[i] > tiles[j]).count() % 2 == 0
}

#[test]
fn a_star_from_each_board_agrees_with_the_table() {
    let mut rng = fastrand::Rng::with_seed(77);
    let mut solvable = 0;
    for _ in 0..300 {
        let mut cells: Cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        rng.shuffle(&mut cells);
        let answer = table().optimal_moves(&Board::from_cells(cells).unwrap()).unwrap();
        // A* over an unsolvable start would walk all 181,440 boards; parity stands in there.
        if solvable_by_parity(&cells) {
            solvable += 1;
            assert_eq!(answer.as_ref().map(|moves| moves.len() as u32), astar_distance(cells), "{cells:?}");
            let moves = answer.expect("A* found a solution");
            assert_eq!(replay(cells, &letters(&moves)), Some(GOAL), "{cells:?}");
        } else {
            assert_eq!(answer, None, "{cells:?} is unsolvable by parity");
        }
    }
    assert!(solvable > 100, "both kinds of board are tried ({solvable} of 300 solvable)");
}

#[test]
fn the_farthest_boards_agree_with_bfs() {
    let distances = bfs_distances();
    let farthest = distances.values().copied().max().unwrap();
    assert_eq!(farthest, 31);
    let boards: Vec<Cells> = distances.iter().filter(|(_, &d)| d == farthest).map(|(&c, _)| c).collect();
    assert_eq!(boards.len(), 2);
    boards.into_iter().for_each(check_against_bfs);
}

#[test]
fn the_goal_needs_no_moves_and_unsolvable_boards_are_recognised() {
    check_against_bfs(GOAL);
    check_against_bfs([2, 1, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(table().optimal_moves(&Board::GOAL).unwrap(), Some(vec![]));
}

#[test]
fn the_table_metadata_counts_every_solvable_board_by_distance() {
    let mut counts = vec![0u64; 32];
    bfs_distances().values().for_each(|&d| counts[usize::from(d)] += 1);
    assert_eq!(table().table().metadata().depth_counts, counts);
}

#[test]
fn judge_answers_the_sample_with_an_optimal_sequence() {
    let output = run_with_input(binary(tables_with(Puzzle::Eight)).args(["judge", "eight"]), "2 3 4 1 5 x 7 6 8\n");
    assert!(output.status.success(), "{}", stderr_of(&output));
    let moves = stdout_of(&output);
    let line = moves.strip_suffix('\n').expect("one line");
    assert_eq!(line.len(), 19);
    assert_eq!(replay([2, 3, 4, 1, 5, 0, 7, 6, 8], line), Some(GOAL));
}

#[test]
fn judge_reports_bad_lines_and_still_answers_the_rest_in_order() {
    let input = "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8\n\n2 1 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x\n1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 8 9\n";
    let output = run_with_input(binary(tables_with(Puzzle::Eight)).args(["judge", "eight"]), input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "\nunsolvable\nr\n");
    let errors = stderr_of(&output);
    assert!(errors.contains("line 2: expected 9 cells, found 8"), "{errors}");
    assert!(errors.contains("line 5: tile 7 appears more than once"), "{errors}");
    assert!(errors.contains("line 7: unknown tile \"9\""), "{errors}");
    assert!(errors.contains("3 of 6 cases rejected"), "{errors}");
}

#[test]
fn judge_reads_a_file_and_survives_random_bytes() {
    let dir = tables_with(Puzzle::Eight);
    let mut rng = fastrand::Rng::with_seed(7);
    let noise: Vec<u8> = (0..4096).map(|_| rng.u8(..)).collect();
    let path = dir.join("noise.txt");
    std::fs::write(&path, noise).unwrap();
    let output = binary(dir).args(["judge", "eight"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(stderr_of(&output).contains("rejected input line 1"));
}

#[test]
fn solve_prints_the_distance_the_moves_and_each_board() {
    let output = run_on(Puzzle::Eight, "solve", &["1 2 3 4 5 6 x 7 8", "--show"]);
    assert!(output.status.success());
    assert_eq!(
        stdout_of(&output),
        "2 moves: rr\n\nstart\n1 2 3\n4 5 6\nx 7 8\n\n1. r\n1 2 3\n4 5 6\n7 x 8\n\n2. r\n1 2 3\n4 5 6\n7 8 x\n"
    );
}

#[test]
fn solve_json_is_for_programs() {
    let output = run_on(Puzzle::Eight, "solve", &["2 3 4 1 5 x 7 6 8", "--json"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["distance"], 19);
    assert_eq!(answer["solvable"], true);
    let output = run_on(Puzzle::Eight, "solve", &["2 1 3 4 5 6 7 8 x", "--json"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["solvable"], false);
}

#[test]
fn solve_rejects_a_bad_board_with_its_reason() {
    assert!(refusal_of(Puzzle::Eight, "solve", &["1 2 3"]).contains("expected 9 cells, found 3"));
}

#[test]
fn stats_reports_boards_and_the_farthest_distance() {
    let output = run_on(Puzzle::Eight, "stats", &[]);
    let text = stdout_of(&output);
    assert!(text.contains("181440 solvable boards"), "{text}");
    assert!(text.contains("farthest from the goal: 31 moves"), "{text}");
    assert!(text.contains("      31  2\n"), "{text}");
}

#[test]
fn a_missing_table_is_built_on_first_use() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_with_input(binary(dir.path()).args(["judge", "eight"]), "1 2 3 4 5 6 7 x 8\n");
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "r\n");
    assert!(dir.path().join("eight-parent.tbl").is_file());
}

#[test]
fn a_damaged_table_is_refused_with_its_name_and_no_answers() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read(tables_with(Puzzle::Eight).join("eight-parent.tbl")).unwrap();
    let mut damaged = good.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x40;
    std::fs::write(dir.path().join("eight-parent.tbl"), damaged).unwrap();
    let output = run_with_input(binary(dir.path()).args(["judge", "eight"]), "1 2 3 4 5 6 7 x 8\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout_of(&output), "");
    let errors = stderr_of(&output);
    assert!(errors.contains("eight-parent.tbl: damaged payload"), "{errors}");
    assert!(errors.contains("gen eight"), "{errors}");
}

#[test]
fn solve_dash_answers_one_board_per_line_and_keeps_each_line_in_place() {
    let input = "2 3 4 1 5 x 7 6 8\n1 2 3\n12345678x\n2 1 3 4 5 6 7 8 x\n";
    let output = run_with_input(binary(tables_with(Puzzle::Eight)).args(["solve", "eight", "-"]), input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "ullddrurdllurrdlurd\nerror: line 2: expected 9 cells, found 3\n\nunsolvable\n");
    assert!(stderr_of(&output).contains("rejected input line 2: expected 9 cells, found 3"));

    let output = run_with_input(binary(tables_with(Puzzle::Eight)).args(["solve", "eight", "-", "--json"]), input);
    let lines: Vec<serde_json::Value> =
        stdout_of(&output).lines().map(|line| serde_json::from_str(line).expect("one JSON object per line")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["distance"], 19);
    assert_eq!(lines[1], serde_json::json!({ "line": 2, "error": "expected 9 cells, found 3" }));
    assert_eq!(lines[2]["distance"], 0);
    assert_eq!(lines[3]["solvable"], false);
}
