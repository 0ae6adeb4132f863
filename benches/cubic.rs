//! Cubic eight-puzzle benchmarks, in the groups `benches/common` names: one judge answer in
//! process (and one optimal roll sequence), the tables' open and verification, their
//! generation, the tables against the reference bidirectional search on the same datasets,
//! and 100,000 datasets through `judge cubic` end to end.

mod common;
#[path = "../tests/reference/cubic.rs"]
mod reference;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzle_tables_models::cubic::{judge_answer, parse_judge_input, Cell, Dataset, Pattern, PATTERNS};
use puzzle_tables_query::{Puzzle, Tables};

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

/// The pattern's key in the reference's numbering (`reference::tops_key`).
fn pattern_key(pattern: &Pattern) -> usize {
    Cell::ALL
        .iter()
        .rev()
        .fold(0, |key, &cell| key * 4 + pattern.top(cell).map_or(reference::EMPTY_TOP, |c| c as usize))
}

fn benches(c: &mut Criterion) {
    let dir = common::tables_dir(Puzzle::Cubic);
    let tables = Tables::open(dir.path()).expect("the tables directory exists");
    let solver = tables.cubic().expect("the cubic tables open");
    let distance = |dataset: &Dataset| solver.distances().distance(dataset.start, &dataset.pattern);

    let datasets = random_datasets(4096, 1);
    let texts: Vec<String> = datasets.iter().map(|d| judge_text(d) + "0 0\n").collect();
    let mut group = common::bench_query(c, Puzzle::Cubic, &datasets, distance, &texts, |text| {
        let cases = parse_judge_input(text);
        judge_answer(distance(cases[0].as_ref().expect("a good dataset"))).to_string()
    });
    // What `solve cubic` does beyond the judge's answer: the rolls themselves.
    let mut next = datasets.iter().cycle();
    group.bench_function("optimal rolls", |b| {
        b.iter(|| {
            let dataset = next.next().expect("cycle");
            solver.optimal_rolls(dataset.start, &dataset.pattern).expect("consistent")
        })
    });
    group.finish();

    common::bench_tables(c, Puzzle::Cubic, dir.path());

    // Random datasets (these 32 need 9 to 29 rolls), which the search answers in
    // milliseconds; the farthest patterns (up to 37 rolls) are left to the tests.
    let versus = random_datasets(32, 3);
    common::bench_versus(
        c,
        Puzzle::Cubic,
        &versus,
        |d| Some(distance(d)),
        "bidirectional BFS",
        |d| reference::bidirectional_distance(d.start.index(), pattern_key(&d.pattern)),
        // The judge's whole answer is the number of rolls.
        |_, table, search| table == search,
    );

    let input = random_datasets(100_000, 2).iter().map(judge_text).collect::<String>() + "0 0\n";
    common::bench_judge(c, Puzzle::Cubic, dir.path(), &input, 100_000);
}

criterion_group!(cubic, benches);
criterion_main!(cubic);
