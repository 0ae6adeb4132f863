//! Eight-puzzle benchmarks, in the groups `benches/common` names: one query in process, the
//! table's open and verification, its generation, the table against the reference A* on
//! the same boards, and 100,000 boards through `judge eight` end to end.

mod common;
#[path = "../tests/reference/eight.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle_tables_models::eight::{move_letters, Board};
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::Puzzle;

fn random_boards(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let mut cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            rng.shuffle(&mut cells);
            Board::from_cells(cells).expect("a permutation is a board")
        })
        .collect()
}

fn random_solvable_boards(count: usize, seed: u64) -> Vec<Board> {
    random_boards(4 * count, seed).into_iter().filter(Board::is_solvable).take(count).collect()
}

fn benches(c: &mut Criterion) {
    let dir = common::tables_dir(Puzzle::Eight);
    let table = EightTable::open(&dir.path().join(EightTable::SPEC.file_name())).expect("the table opens");

    let boards = random_solvable_boards(4096, 1);
    let lines: Vec<String> = boards.iter().map(Board::to_string).collect();
    let answer = |board: &Board| table.optimal_moves(board).expect("consistent");
    let parse_and_answer = |line: &str| {
        let board: Board = line.parse().expect("a board");
        move_letters(&answer(&board).expect("solvable"))
    };
    common::bench_query(c, Puzzle::Eight, &boards, answer, &lines, parse_and_answer).finish();

    common::bench_tables(c, Puzzle::Eight, dir.path());

    // A* over an unsolvable board walks all 181,440 boards, so the search gets solvable
    // ones; the table answers both kinds alike.
    let versus = random_solvable_boards(32, 3);
    common::bench_versus(
        c,
        Puzzle::Eight,
        &versus,
        |board| table.optimal_moves(board).expect("consistent"),
        "A*",
        |board| reference::astar_distance(board.cells()),
        |board, moves, distance| match (moves, distance) {
            (Some(moves), &Some(distance)) => {
                moves.len() == distance as usize
                    && reference::replay(board.cells(), &move_letters(moves)) == Some(reference::GOAL)
            }
            (moves, distance) => moves.is_none() && distance.is_none(),
        },
    );

    let input: String = random_boards(100_000, 2).iter().map(|b| format!("{b}\n")).collect();
    common::bench_judge(c, Puzzle::Eight, dir.path(), &input, 100_000);
}

criterion_group!(eight, benches);
criterion_main!(eight);
