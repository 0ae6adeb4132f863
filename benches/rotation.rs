//! Rotation-game benchmarks, in the groups `benches/common` names: one query in process
//! (also for one of the hardest boards), the table's open and verification, its
//! generation, the table against the reference IDA* on the same boards, and 100,000 boards
//! through `judge rotation` end to end.

mod common;
#[path = "../tests/reference/rotation.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle_tables_models::rotation::{judge_answer, Board};
use puzzle_tables_query::rotation::RotationTable;
use puzzle_tables_query::Puzzle;

/// One of the boards that need 13 moves, the most any board needs.
const HARDEST: &str = "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3";

fn random_boards(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let mut cells: [u8; 24] = std::array::from_fn(|p| (p / 8) as u8 + 1);
            rng.shuffle(&mut cells);
            Board::from_cells(cells).expect("eight of each symbol")
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let dir = common::tables_dir(Puzzle::Rotation);
    let table = RotationTable::open(&dir.path().join(RotationTable::SPEC.file_name())).expect("the table opens");
    let answer = |board: &Board| {
        let solution = table.solve(board).expect("consistent");
        judge_answer(&solution.moves, solution.centre)
    };

    let boards = random_boards(4096, 1);
    let lines: Vec<String> = boards.iter().map(Board::to_string).collect();
    let solve = |board: &Board| table.solve(board).expect("consistent");
    let mut group = common::bench_query(c, Puzzle::Rotation, &boards, solve, &lines, |line| {
        answer(&line.parse().expect("a board"))
    });
    let hardest: Board = HARDEST.parse().expect("a board");
    group.bench_function("answer a hardest board (13 moves)", |b| b.iter(|| solve(&hardest)));
    group.finish();

    common::bench_tables(c, Puzzle::Rotation, dir.path());

    // Random boards: the IDA* answers each in milliseconds (the hardest take it seconds).
    let versus = random_boards(32, 3);
    // Both give the judge's whole answer: the dictionary-smallest shortest sequence.
    common::bench_versus(
        c,
        Puzzle::Rotation,
        &versus,
        answer,
        "IDA*",
        |board| reference::ida_star_answer(&board.cells()),
        |_, table, search| table == search,
    );

    let input = random_boards(100_000, 2).iter().map(|b| format!("{b}\n")).collect::<String>() + "0\n";
    common::bench_judge(c, Puzzle::Rotation, dir.path(), &input, 100_000);
}

criterion_group!(rotation, benches);
criterion_main!(rotation);
