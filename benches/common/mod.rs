//! Shared by the puzzle benchmarks, so every puzzle reports the same groups under the same
//! names (`cargo xtask bench` reads them back by these names):
//!
//! - `<puzzle>/query`: one answer in process; `answer` (parsing excluded) and
//!   `parse and answer` (a judge line parsed, answered and formatted), one case per iteration.
//! - `<puzzle>/open`: `open/<file>` (read into memory, header and sizes checked) and
//!   `open and verify/<file>` (the whole payload's checksum too) for every table.
//! - `<puzzle>/generation`: `build/<files>`, every table of the puzzle built in memory.
//! - `<puzzle>/versus`: `table` and `search/<name>` on the same cases, all of them per
//!   iteration, after checking that their whole answers agree on each.
//! - `<puzzle>/judge`: `end to end/<n> cases`, the real binary answering a large input file.
//!
//! The groups that take a whole batch per iteration declare their cases as throughput, so
//! criterion's `benchmark.json` says how many cases one iteration answers.
#![allow(dead_code)] // Each benchmark uses its own part of this module.

use std::fmt::Debug;
use std::path::Path;
use std::process::Command;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use puzzle_tables_generator::{build, write_table, Silent};
use puzzle_tables_query::{tables_of, Puzzle, Table};

/// A temporary tables directory holding every table of `puzzle`, freshly built.
pub fn tables_dir(puzzle: Puzzle) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for table in build(puzzle, &mut Silent).expect("the generator knows the puzzle") {
        write_table(&dir.path().join(table.spec.file_name()), &table.file_bytes()).expect("the table is written");
    }
    dir
}

/// `<puzzle>/query`: `answer` on each of `cases` in turn, and `parse_and_answer` on each of
/// `texts` (the cases as the judge writes them) in turn. The group is left open for the
/// puzzle's own further queries.
pub fn bench_query<'c, T, A, B>(
    c: &'c mut Criterion,
    puzzle: Puzzle,
    cases: &[T],
    answer: impl Fn(&T) -> A,
    texts: &[String],
    parse_and_answer: impl Fn(&str) -> B,
) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(format!("{puzzle}/query"));
    let mut next = cases.iter().cycle();
    group.bench_function("answer", |b| b.iter(|| answer(next.next().expect("cycle"))));
    let mut next_text = texts.iter().cycle();
    group.bench_function("parse and answer", |b| b.iter(|| parse_and_answer(next_text.next().expect("cycle"))));
    group
}

/// `<puzzle>/open` and `<puzzle>/generation`: every benchmark's measures of its tables.
pub fn bench_tables(c: &mut Criterion, puzzle: Puzzle, dir: &Path) {
    bench_open(c, puzzle, dir);
    bench_generation(c, puzzle);
}

/// `<puzzle>/open`: opening each table of `puzzle` in `dir`, without and with verification.
fn bench_open(c: &mut Criterion, puzzle: Puzzle, dir: &Path) {
    let mut group = c.benchmark_group(format!("{puzzle}/open"));
    for spec in tables_of(puzzle) {
        let path = dir.join(spec.file_name());
        group.bench_function(BenchmarkId::new("open", spec.file_name()), |b| {
            b.iter(|| Table::open(&path, &spec).expect("the table opens"))
        });
        group.bench_function(BenchmarkId::new("open and verify", spec.file_name()), |b| {
            b.iter(|| Table::open_verified(&path, &spec).expect("the table is sound"))
        });
    }
    group.finish();
}

/// `<puzzle>/generation`: building every table of `puzzle` in memory (writing excluded).
fn bench_generation(c: &mut Criterion, puzzle: Puzzle) {
    let files: Vec<String> = tables_of(puzzle).iter().map(|spec| spec.file_name()).collect();
    let mut group = c.benchmark_group(format!("{puzzle}/generation"));
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("build", files.join(" + ")), |b| b.iter(|| build(puzzle, &mut Silent)));
    group.finish();
}

/// `<puzzle>/versus`: the table and an independent search (`search_name`) answering the
/// same `cases`, every case per iteration. Panics first unless `agree` says the whole
/// answers agree on every case (equal answers; or, where the search gives a distance, the
/// table's moves replayed by the reference's own move code reach the goal in that many), so
/// the two measure the same work.
pub fn bench_versus<T, A: Debug, B: Debug>(
    c: &mut Criterion,
    puzzle: Puzzle,
    cases: &[T],
    table: impl Fn(&T) -> A,
    search_name: &str,
    search: impl Fn(&T) -> B,
    agree: impl Fn(&T, &A, &B) -> bool,
) {
    for (i, case) in cases.iter().enumerate() {
        let (from_table, from_search) = (table(case), search(case));
        assert!(
            agree(case, &from_table, &from_search),
            "case {i}: the table ({from_table:?}) and the {search_name} search ({from_search:?}) disagree"
        );
    }
    let mut group = c.benchmark_group(format!("{puzzle}/versus"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("table", |b| b.iter(|| cases.iter().map(&table).collect::<Vec<A>>()));
    group.bench_function(BenchmarkId::new("search", search_name), |b| {
        b.iter(|| cases.iter().map(&search).collect::<Vec<B>>())
    });
    group.finish();
}

/// `<puzzle>/judge`: the real binary answering `input` (`cases` cases) from a file, process
/// start and table verification included. `input` must be answered without rejections.
pub fn bench_judge(c: &mut Criterion, puzzle: Puzzle, tables: &Path, input: &str, cases: usize) {
    let input_file = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(input_file.path(), input).expect("the input is written");
    let mut judge = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"));
    judge.arg("--tables").arg(tables).args(["judge", puzzle.label()]).arg(input_file.path());
    judge.stdout(std::process::Stdio::null());
    let mut group = c.benchmark_group(format!("{puzzle}/judge"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(cases as u64));
    group.bench_function(BenchmarkId::new("end to end", format!("{cases} cases")), |b| {
        b.iter(|| assert!(judge.status().expect("the binary runs").success(), "every case is answered"))
    });
    group.finish();
}
