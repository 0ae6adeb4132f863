//! Fifteen-puzzle benchmarks, in the groups `benches/common` names: one answer in process
//! (a Korf instance on the default databases), the databases' open and verification, their
//! generation, IDA* over the databases against the reference Manhattan IDA* on the same
//! random walks, and the UVa 10181 sample's boards through `judge fifteen` end to end.
//! Korf's 100 instances, the 7-8 databases and the anchor are `cargo xtask bench-fifteen`.

mod common;
#[path = "../tests/reference/fifteen.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle_tables_models::fifteen::{move_letters, Board};
use puzzle_tables_query::fifteen::search::{solve, Outcome};
use puzzle_tables_query::fifteen::{Partition, PatternDatabases};
use puzzle_tables_query::Puzzle;

fn answer(databases: &PatternDatabases, board: &Board) -> String {
    match solve(databases, board, 80, &mut |_| {}).outcome {
        Outcome::Solved(moves) => move_letters(&moves),
        other => panic!("{board}: {other:?}"),
    }
}

fn benches(c: &mut Criterion) {
    let dir = common::tables_dir(Puzzle::Fifteen);
    let databases = PatternDatabases::open_dir(Partition::SixSixThree, dir.path()).expect("the databases open");

    // Korf's instance 55, the shortest of the 100 (41 moves).
    let (_, _, cells) = reference::korf_instances()[54];
    let board = Board::from_cells(cells).expect("a board");
    let line = reference::board_text(&cells);
    let mut group = c.benchmark_group("fifteen/query");
    group.sample_size(10);
    group.bench_function("answer", |b| b.iter(|| answer(&databases, &board)));
    group.bench_function("parse and answer", |b| b.iter(|| answer(&databases, &line.parse().expect("a board"))));
    group.finish();

    common::bench_tables(c, Puzzle::Fifteen, dir.path());

    let mut rng = fastrand::Rng::with_seed(40);
    let walks: Vec<reference::Cells> = (0..16).map(|_| reference::random_walk(&mut rng, 40)).collect();
    common::bench_versus(
        c,
        Puzzle::Fifteen,
        &walks,
        |&cells| answer(&databases, &Board::from_cells(cells).expect("a board")),
        "IDA* with Manhattan distance",
        |&cells| reference::ida_manhattan(cells),
        |_, table, search| table == search,
    );

    let boards: Vec<String> = walks
        .iter()
        .map(|cells| {
            cells.chunks(4).map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n").collect()
        })
        .collect();
    let input = format!("{}\n{}", boards.len(), boards.concat());
    common::bench_judge(c, Puzzle::Fifteen, dir.path(), &input, boards.len());
}

criterion_group!(fifteen, benches);
criterion_main!(fifteen);
