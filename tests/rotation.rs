//! The rotation game against two independent searches with their own move code (in
//! `reference/rotation.rs`): the classical IDA*, and a depth-first search pruned by exact
//! distances from a breadth-first search over placement masks. Then the binary: the
//! statement's sample, bad input, `solve`, `stats`.

mod common;
#[path = "reference/rotation.rs"]
mod reference;

use std::sync::OnceLock;

use common::{binary, refusal_of, run_on, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_generator::{pack4, write_table, BuiltTable};
use puzzle_tables_models::rotation::{Board, Placement};
use puzzle_tables_query::rotation::{RotationTable, MAX_DISTANCE};
use puzzle_tables_query::{Metadata, Puzzle, TableErrorKind};
use reference::{bfs_answer, bfs_distances, board_distance, ida_star_answer, mask_of, reached, Cells, CENTRE};

const SAMPLE: &str =
    "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";

// ---- the table under test ----

fn table() -> &'static RotationTable {
    static TABLE: OnceLock<RotationTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        RotationTable::open(&tables_with(Puzzle::Rotation).join(RotationTable::SPEC.file_name()))
            .expect("the table opens")
    })
}

fn table_answer(cells: &Cells) -> String {
    let board = Board::from_cells(*cells).expect("a board");
    let solution = table().solve(&board).expect("a consistent table");
    let letters: String = solution.moves.iter().map(|m| m.letter()).collect();
    let first = if letters.is_empty() { "No moves needed".to_string() } else { letters };
    format!("{first}\n{}\n", solution.centre)
}

fn random_board(rng: &mut fastrand::Rng) -> Cells {
    let mut cells: Cells = std::array::from_fn(|p| (p / 8) as u8 + 1);
    rng.shuffle(&mut cells);
    cells
}

fn board_text(cells: &Cells) -> String {
    cells.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// Boards needing exactly `distance` moves, built on the first `placements` of the
/// placements farthest from the centre: one symbol there, the other sixteen positions split
/// every way between the other two symbols, keeping the splits that leave both far enough.
fn boards_at_distance(distance: u8, placements: usize) -> Vec<Cells> {
    let farthest = reached().map(|(_, d)| d).max().unwrap();
    let deepest: Vec<u32> = reached().filter(|&(_, d)| d == farthest).map(|(mask, _)| mask).collect();
    let mut boards = Vec::new();
    for (i, &mask) in deepest.iter().take(placements).enumerate() {
        let deep = (i % 3) as u8 + 1;
        let [first, second] = [deep % 3 + 1, (deep + 1) % 3 + 1];
        let rest: Vec<usize> = (0..24).filter(|&p| mask >> p & 1 == 0).collect();
        for split in (0u32..1 << 16).filter(|s| s.count_ones() == 8) {
            let mut cells = [deep; 24];
            for (j, &p) in rest.iter().enumerate() {
                cells[p] = if split >> j & 1 == 1 { first } else { second };
            }
            if board_distance(&cells) == distance {
                boards.push(cells);
            }
        }
    }
    boards
}

/// Every board needing `distance` moves or more: all three of its placements must lie that
/// far, so it is three disjoint far placements, tried pair by pair.
fn boards_at_least(distance: u8) -> Vec<Cells> {
    let far: Vec<u32> = reached().filter(|&(_, d)| d >= distance).map(|(mask, _)| mask).collect();
    let mut boards = Vec::new();
    for &ones in &far {
        for &twos in far.iter().filter(|&&twos| twos & ones == 0) {
            let threes = !(ones | twos) & 0xff_ffff;
            if bfs_distances()[threes as usize] >= distance {
                boards.push(std::array::from_fn(|p| {
                    1 + u8::from(twos >> p & 1 == 1) + 2 * u8::from(threes >> p & 1 == 1)
                }));
            }
        }
    }
    boards
}

#[test]
fn every_placement_distance_matches_the_bfs() {
    assert_eq!(reached().count(), 735_471, "the BFS reaches every placement");
    for (mask, distance) in reached() {
        let placement = Placement::from_mask(mask).expect("eight positions");
        assert_eq!(table().distance(placement).unwrap(), distance, "placement {mask:024b}");
    }
    assert_eq!(reached().map(|(_, d)| d).max(), Some(MAX_DISTANCE));
}

#[test]
fn the_table_metadata_counts_placements_by_distance() {
    let mut counts = vec![0u64; usize::from(MAX_DISTANCE) + 1];
    reached().for_each(|(_, d)| counts[usize::from(d)] += 1);
    assert_eq!(table().table().metadata().depth_counts, counts);
}

/// `count` random boards drawn with `seed`, each answered by the table as `search` answers it.
fn assert_random_boards_agree(seed: u64, count: usize, search: fn(&Cells) -> String) {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..count {
        let cells = random_board(&mut rng);
        assert_eq!(table_answer(&cells), search(&cells), "board {}", board_text(&cells));
    }
}

#[test]
fn random_boards_agree_with_the_classical_ida_star() {
    assert_random_boards_agree(2286, 200, ida_star_answer);
}

#[test]
fn thousands_of_random_boards_agree_with_the_bfs_search() {
    assert_random_boards_agree(1343, 5000, bfs_answer);
}

#[test]
fn boards_needing_twelve_moves_agree_with_both_searches() {
    let boards = boards_at_distance(12, 6);
    assert!(boards.len() >= 100, "only {} boards needing 12 moves found", boards.len());
    for cells in &boards {
        assert_eq!(table_answer(cells), bfs_answer(cells), "board {}", board_text(cells));
    }
    // The classical IDA* takes about a second at this depth, so it checks two.
    for cells in boards.iter().step_by(boards.len() / 2) {
        assert_eq!(table_answer(cells), ida_star_answer(cells), "board {}", board_text(cells));
    }
}

#[test]
fn the_hardest_boards_need_thirteen_moves_and_agree_with_both_searches() {
    assert_eq!(boards_at_least(14), Vec::<Cells>::new(), "no board needs 14 moves");
    let hardest = boards_at_least(13);
    // 32 boards, each with its three symbols named in all six ways.
    assert_eq!(hardest.len(), 192);
    for cells in &hardest {
        assert_eq!(board_distance(cells), 13);
        assert_eq!(table_answer(cells), bfs_answer(cells), "board {}", board_text(cells));
    }
    for cells in hardest.iter().take(1) {
        assert_eq!(table_answer(cells), ida_star_answer(cells), "board {}", board_text(cells));
    }
}

#[test]
fn solved_boards_need_no_moves_whatever_surrounds_the_centre() {
    let mut rng = fastrand::Rng::with_seed(8);
    for symbol in 1..=3u8 {
        for _ in 0..50 {
            let mut outside: Vec<u8> = (1..=3u8).filter(|&s| s != symbol).flat_map(|s| [s; 8]).collect();
            rng.shuffle(&mut outside);
            let mut outside = outside.into_iter();
            let cells: Cells =
                std::array::from_fn(|p| if CENTRE.contains(&p) { symbol } else { outside.next().unwrap() });
            assert_eq!(table_answer(&cells), format!("No moves needed\n{symbol}\n"));
        }
    }
}

/// A table whose every entry is `distance`, with valid checksums, to exercise the walk's
/// refusals.
fn table_of_constant(distance: u8, dir: &std::path::Path) -> RotationTable {
    let built = BuiltTable {
        spec: RotationTable::SPEC,
        metadata: Metadata::default(),
        payload: pack4(&vec![distance; RotationTable::SPEC.entries as usize]),
    };
    let path = dir.join(RotationTable::SPEC.file_name());
    write_table(&path, &built.file_bytes()).unwrap();
    RotationTable::open(&path).unwrap()
}

#[test]
fn a_table_that_contradicts_itself_is_reported_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let board: Board = SAMPLE.lines().next().unwrap().parse().unwrap();
    for distance in [0, 1, 5, 15] {
        let error = table_of_constant(distance, dir.path()).solve(&board).unwrap_err();
        assert!(matches!(error.kind(), TableErrorKind::Inconsistent(_)), "distance {distance}: {error}");
    }
}

// ---- through the binary ----

fn judge(input: &str) -> std::process::Output {
    run_with_input(binary(tables_with(Puzzle::Rotation)).args(["judge", "rotation"]), input)
}

#[test]
fn judge_answers_the_statement_sample_byte_for_byte() {
    let output = judge(SAMPLE);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "AC\n2\nDDHH\n2\n");
    assert_eq!(stderr_of(&output), "");
}

#[test]
fn judge_answers_random_boards_like_the_bfs_search() {
    let mut rng = fastrand::Rng::with_seed(4);
    let boards: Vec<Cells> = (0..300).map(|_| random_board(&mut rng)).collect();
    let input: String = boards.iter().map(|c| board_text(c) + "\n").collect::<String>() + "0\n";
    let output = judge(&input);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), boards.iter().map(bfs_answer).collect::<String>());
}

#[test]
fn judge_ignores_what_follows_the_zero_and_answers_an_input_without_it_naming_the_missing_line() {
    let output = judge(&format!("{SAMPLE}1 2 3\nnot a board\n"));
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "AC\n2\nDDHH\n2\n");
    let output = judge(SAMPLE.strip_suffix("0\n").unwrap());
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output), "AC\n2\nDDHH\n2\n");
    assert!(stderr_of(&output).contains("line 3: the input ends without the closing line \"0\""));
}

#[test]
fn judge_reports_bad_lines_and_still_answers_the_rest_in_order() {
    let [first, second] = [SAMPLE.lines().next().unwrap(), SAMPLE.lines().nth(1).unwrap()];
    let input = format!(
        "{first}\n1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3\n\n{second}\n\
         1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 4\n1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
         0 0\n{first}\n0\n"
    );
    let output = judge(&input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output), "AC\n2\nDDHH\n2\nAC\n2\n");
    let errors = stderr_of(&output);
    assert!(errors.contains("rejected input line 2: expected 24 numbers, found 23"), "{errors}");
    assert!(errors.contains("line 5: position 23 holds \"4\"; symbols are 1, 2 and 3"), "{errors}");
    assert!(errors.contains("line 6: symbol 1 appears 9 times"), "{errors}");
    assert!(errors.contains("line 7: expected 24 numbers, found 2"), "{errors}");
    assert!(errors.contains("4 of 7 cases rejected"), "{errors}");
}

#[test]
fn judge_survives_random_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = fastrand::Rng::with_seed(7);
    let noise: Vec<u8> = (0..4096).map(|_| rng.u8(..)).collect();
    let path = dir.path().join("noise.txt");
    std::fs::write(&path, noise).unwrap();
    let output = binary(tables_with(Puzzle::Rotation)).args(["judge", "rotation"]).arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    assert!(stderr_of(&output).contains("rejected input line 1"));
}

#[test]
fn solve_shows_each_board_of_the_sample() {
    let output = run_on(Puzzle::Rotation, "solve", &["1 1 1 1 3 2 3 2 3 1 3 2", "2 3 1 2 2 2 3 1 2 1 3 3", "--show"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let cells: Cells = std::array::from_fn(|p| SAMPLE.as_bytes()[2 * p] - b'0');
    let [ones, twos, threes] = [1, 2, 3].map(|symbol| bfs_distances()[mask_of(&cells, symbol) as usize]);
    let distances = format!("moves to bring each symbol to the centre: 1: {ones}, 2: {twos}, 3: {threes}\n");
    let expected = "2 moves: AC\ncentre: 2\n".to_string()
        + &distances
        + "\nstart\n\
        \x20   1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3\n\n\
        1. A\n    1   1\n    3   1\n3 2 2 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    3   1\n    1   3\n\n\
        2. C\n    1   1\n    3   1\n3 3 2 2 2 3 1\n    2   2\n3 1 2 2 2 3 1\n    3   1\n    1   3\n";
    assert_eq!(stdout_of(&output), expected);
}

#[test]
fn solve_json_is_for_programs() {
    let output = run_on(Puzzle::Rotation, "solve", &["111111112222222233333333", "--json", "--show"]);
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["distance"], 4);
    assert_eq!(answer["moves"], "DDHH");
    assert_eq!(answer["centre"], 2);
    assert_eq!(answer["steps"].as_array().map(Vec::len), Some(4));
    assert_eq!(answer["symbol_distances"]["2"], 4);
}

#[test]
fn solve_rejects_a_bad_board_with_its_reason() {
    assert!(refusal_of(Puzzle::Rotation, "solve", &["1 2 3"]).contains("expected 24 numbers, found 3"));
}

#[test]
fn stats_reports_placements_and_the_farthest_distance() {
    let output = run_on(Puzzle::Rotation, "stats", &[]);
    let text = stdout_of(&output);
    assert!(text.contains("735471 placements"), "{text}");
    assert!(text.contains("farthest placement from the centre: 14 moves"), "{text}");
    assert!(text.contains("      14  188\n"), "{text}");
}
