//! Cubic eight-puzzle benchmarks: one judge answer in process (lookup alone, and with the
//! dataset's parsing), one optimal roll sequence, 100,000 datasets through `judge cubic`
//! end to end, and generation (one start class's walk and tables, and all of them).

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use puzzle_tables_generator::cubic::{build_class_tables, build_tables, CubicSpace};
use puzzle_tables_generator::{write_table, Silent};
use puzzle_tables_models::cubic::{parse_judge_input, Cell, Dataset, Pattern, StartClass, PATTERNS};
use puzzle_tables_query::cubic::{CubicDistances, CubicSolver, PatternDistances, StateDistancesMod4};

fn random_datasets(count: usize, seed: u64) -> Vec<Dataset> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| Dataset {
            start: Cell::ALL[rng.usize(..9)],
            pattern: Pattern::from_index(rng.u32(..PATTERNS)).expect("an index below PATTERNS"),
        })
        .collect()
}

/// A dataset in the judge's format.
fn judge_text(dataset: &Dataset) -> String {
    format!("{} {}\n{}\n", dataset.start.x(), dataset.start.y(), dataset.pattern.to_rows("\n"))
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for table in build_tables(&mut Silent) {
        write_table(&dir.path().join(table.spec.file_name()), &table.file_bytes()).expect("the table is written");
    }
    let distances = CubicDistances::open_with(|class| {
        PatternDistances::open(&dir.path().join(PatternDistances::spec(class).file_name()), class)
    })
    .expect("the pattern tables open");
    let solver = CubicSolver::open_with(distances, |class| {
        StateDistancesMod4::open(&dir.path().join(StateDistancesMod4::spec(class).file_name()), class)
    })
    .expect("the state tables open");

    let datasets = random_datasets(4096, 1);
    let mut next = datasets.iter().cycle();
    c.bench_function("cubic/judge answer, one random dataset (lookup)", |b| {
        b.iter(|| {
            let dataset = next.next().expect("cycle");
            solver.distances().distance(dataset.start, &dataset.pattern)
        })
    });
    let texts: Vec<String> = datasets.iter().map(|d| judge_text(d) + "0 0\n").collect();
    let mut next_text = texts.iter().cycle();
    c.bench_function("cubic/judge answer, one random dataset (parsing included)", |b| {
        b.iter(|| {
            let cases = parse_judge_input(next_text.next().expect("cycle"));
            let dataset = cases[0].as_ref().expect("a good dataset");
            solver.distances().distance(dataset.start, &dataset.pattern)
        })
    });
    c.bench_function("cubic/optimal rolls, one random dataset", |b| {
        b.iter(|| {
            let dataset = next.next().expect("cycle");
            solver.optimal_rolls(dataset.start, &dataset.pattern).expect("consistent")
        })
    });

    let input: String = random_datasets(100_000, 2).iter().map(judge_text).chain(["0 0\n".into()]).collect();
    let mut group = c.benchmark_group("cubic/generation and judge end to end");
    group.sample_size(10);
    group.bench_function("judge cubic, 100,000 random datasets", |b| {
        b.iter_batched(
            || input.clone(),
            |input| {
                let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"))
                    .args(["--tables"])
                    .arg(dir.path())
                    .args(["judge", "cubic"])
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
    let space = CubicSpace::default();
    group.bench_function("tables of one start class (corner): one walk", |b| {
        b.iter(|| build_class_tables(&space, StartClass::Corner, &mut Silent))
    });
    group.bench_function("all tables (three walks)", |b| b.iter(|| build_tables(&mut Silent)));
    group.finish();
}

criterion_group!(cubic, benches);
criterion_main!(cubic);
