//! Rotation-game benchmarks: one query in process (parsing excluded and included, a random
//! board and one of the hardest), 100,000 boards through `judge rotation` end to end, and
//! the table's generation.

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use puzzle_tables_generator::{rotation::build_distance_table, write_table, Silent};
use puzzle_tables_models::rotation::{judge_answer, Board};
use puzzle_tables_query::rotation::RotationTable;

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
    let dir = tempfile::tempdir().expect("a temporary directory");
    let built = build_distance_table(&mut Silent);
    let path = dir.path().join(built.spec.file_name());
    write_table(&path, &built.file_bytes()).expect("the table is written");
    let table = RotationTable::open(&path).expect("the table opens");

    let boards = random_boards(4096, 1);
    let mut next = boards.iter().cycle();
    c.bench_function("rotation/solve, one random board", |b| {
        b.iter(|| table.solve(next.next().expect("cycle")).expect("consistent"))
    });
    let lines: Vec<String> = boards.iter().map(Board::to_string).collect();
    let mut next_line = lines.iter().cycle();
    c.bench_function("rotation/parse, solve and format, one random board", |b| {
        b.iter(|| {
            let board: Board = next_line.next().expect("cycle").parse().expect("a board");
            let solution = table.solve(&board).expect("consistent");
            judge_answer(&solution.moves, solution.centre)
        })
    });
    let hardest: Board = HARDEST.parse().expect("a board");
    c.bench_function("rotation/solve, a hardest board (13 moves)", |b| {
        b.iter(|| table.solve(&hardest).expect("consistent"))
    });

    let input = random_boards(100_000, 2).iter().map(|b| format!("{b}\n")).collect::<String>() + "0\n";
    let mut group = c.benchmark_group("rotation/judge end to end");
    group.sample_size(10);
    group.bench_function("100,000 random boards", |b| {
        b.iter_batched(
            || input.clone(),
            |input| {
                let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"))
                    .args(["--tables"])
                    .arg(dir.path())
                    .args(["judge", "rotation"])
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .spawn()
                    .expect("the binary runs");
                child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("input written");
                assert!(child.wait().expect("it finishes").success());
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
    let mut group = c.benchmark_group("rotation/generation");
    group.sample_size(10);
    group.bench_function("distance table", |b| b.iter(|| build_distance_table(&mut Silent)));
    group.finish();
}

criterion_group!(rotation, benches);
criterion_main!(rotation);
