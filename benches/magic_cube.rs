//! Magic-cube benchmarks: one query in process (parsing excluded and included), a cube
//! beyond the table (the whole meet-in-the-middle search), 100,000 cases through
//! `judge magic-cube` end to end, and the table's generation.

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use puzzle_tables_generator::{magic_cube::build_within_table, write_table, Silent};
use puzzle_tables_models::magic_cube::{parse_net, Cube, Facelets, Turn};
use puzzle_tables_query::magic_cube::CubeTable;

/// Cubes scrambled by `0..=max_turns` random quarter turns.
fn scrambles(count: usize, max_turns: usize, seed: u64) -> Vec<Cube> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..count)
        .map(|_| {
            let turns: Vec<Turn> = (0..rng.usize(..=max_turns)).map(|_| Turn::ALL[rng.usize(..12)]).collect();
            Cube::SOLVED.apply_all(&turns)
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let built = build_within_table(&mut Silent);
    let path = dir.path().join(built.spec.file_name());
    write_table(&path, &built.file_bytes()).expect("the table is written");
    let table = CubeTable::open(&path).expect("the table opens");

    let cubes = scrambles(4096, 5, 1);
    let mut next = cubes.iter().cycle();
    c.bench_function("magic-cube/shortest solution, a cube within 5 turns", |b| {
        b.iter(|| table.solution_within_depth(next.next().expect("cycle")).expect("consistent"))
    });
    let nets: Vec<String> = cubes.iter().map(|cube| cube.facelets().net()).collect();
    let mut next_net = nets.iter().cycle();
    c.bench_function("magic-cube/parse the net and solve, a cube within 5 turns", |b| {
        b.iter(|| {
            let cube = parse_net(next_net.next().expect("cycle")).expect("a net").cube().expect("a cube");
            table.solution_within_depth(&cube).expect("consistent")
        })
    });
    let superflip = Facelets::from_urfdlb("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB")
        .and_then(|f| f.cube())
        .expect("the superflip is a cube");
    let mut group = c.benchmark_group("magic-cube/slow paths");
    group.sample_size(10);
    group.bench_function("superflip, the whole meet-in-the-middle search", |b| {
        b.iter(|| table.optimal_solution(&superflip).expect("consistent"))
    });

    let cases = scrambles(100_000, 8, 2);
    let input = format!("{}\n", cases.len())
        + &cases.iter().map(|cube| format!("\n{}", cube.facelets().net())).collect::<String>();
    group.bench_function("judge end to end, 100,000 cases of 0 to 8 random turns", |b| {
        b.iter_batched(
            || input.clone(),
            |input| {
                let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"))
                    .args(["--tables"])
                    .arg(dir.path())
                    .args(["judge", "magic-cube"])
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
    group.bench_function("table generation", |b| b.iter(|| build_within_table(&mut Silent)));
    group.finish();
}

criterion_group!(magic_cube, benches);
criterion_main!(magic_cube);
