//! Eight-puzzle benchmarks: one query in process, 100,000 boards through `judge eight`
//! end to end, and the table's generation.

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use puzzle_tables_generator::{eight::build_parent_table, write_table, Silent};
use puzzle_tables_models::eight::Board;
use puzzle_tables_query::eight::EightTable;

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

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let built = build_parent_table(&mut Silent);
    let path = dir.path().join(built.spec.file_name());
    write_table(&path, &built.file_bytes()).expect("the table is written");
    let table = EightTable::open(&path).expect("the table opens");

    let solvable: Vec<Board> = random_boards(4096, 1).into_iter().filter(Board::is_solvable).collect();
    let mut next = solvable.iter().cycle();
    c.bench_function("eight/optimal path, one random solvable board", |b| {
        b.iter(|| table.optimal_moves(next.next().expect("cycle")).expect("consistent"))
    });

    let input: String = random_boards(100_000, 2).iter().map(|b| format!("{b}\n")).collect();
    let mut group = c.benchmark_group("eight/judge end to end");
    group.sample_size(10);
    group.bench_function("100,000 random boards", |b| {
        b.iter_batched(
            || input.clone(),
            |input| {
                let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"))
                    .args(["--tables"])
                    .arg(dir.path())
                    .args(["judge", "eight"])
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
    group.bench_function("table generation", |b| b.iter(|| build_parent_table(&mut Silent)));
    group.finish();
}

criterion_group!(eight, benches);
criterion_main!(eight);
