//! Scratch timing (not committed).
use puzzle_tables_query::cube::{moves_text, Cube, Metric, Move};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = &args[1];
    let n: usize = args[2].parse().unwrap();
    let metric = if args[3] == "qtm" { Metric::Qtm } else { Metric::Htm };
    let threads: usize = args[4].parse().unwrap();
    let large = args.get(5).map(|s| s == "large").unwrap_or(false);
    let bound = if metric == Metric::Qtm { 26 } else { 20 };
    let opened = Instant::now();
    let mut solver =
        puzzle_tables_query::Tables::open(std::path::Path::new(dir)).unwrap().cube().unwrap().with_threads(threads);
    eprintln!("open {:.2} ms", opened.elapsed().as_secs_f64() * 1e3);
    if !large {
        solver = solver.without_large_tables();
    }
    let mut state = 2010u64;
    let mut next = || {
        state = state.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    };
    let cubes: Vec<Cube> = (0..n)
        .map(|_| {
            let moves: Vec<Move> = (0..60).map(|_| Move::ALL[(next() % 18) as usize]).collect();
            Cube::SOLVED.apply_moves(&moves)
        })
        .collect();
    let mut times = Vec::new();
    let mut total_len = 0u64;
    let mut hash = 0u64;
    for cube in &cubes {
        let t = Instant::now();
        let moves = solver.solve(cube, metric, bound).unwrap();
        times.push(t.elapsed().as_secs_f64());
        assert!(cube.apply_moves(&moves).is_solved());
        total_len += u64::from(metric.length(&moves));
        for b in moves_text(&moves).bytes() {
            hash = hash.wrapping_mul(1099511628211).wrapping_add(u64::from(b));
        }
    }

    let total: f64 = times.iter().sum();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "{n} cubes: total {:.3} s, median {:.3} ms, max {:.1} ms, mean length {:.2}, answers hash {hash:016x}",
        total,
        times[n / 2] * 1e3,
        times[n - 1] * 1e3,
        total_len as f64 / n as f64
    );
}
