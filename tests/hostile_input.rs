//! Random bytes on the standard input of every `judge` command: a clean error naming a
//! line, exit status 1, never a panic or a hang.

mod common;

use std::time::{Duration, Instant};

use common::{binary, tables_with};
use puzzle_tables_query::Puzzle;

#[test]
fn random_bytes_get_clean_errors_from_every_judge() {
    let mut rng = fastrand::Rng::with_seed(2026);
    for &puzzle in Puzzle::BUILT_IN {
        let dir = tables_with(puzzle);
        for length in [1, 64, 4096, 200_000] {
            let noise: Vec<u8> = (0..length).map(|_| rng.u8(..)).collect();
            let input = dir.join(format!("noise-{puzzle}-{length}"));
            std::fs::write(&input, &noise).unwrap();
            let mut child = binary(dir)
                .args(["judge", puzzle.label()])
                .stdin(std::fs::File::open(&input).unwrap())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            // Drain standard error on the side, so a full pipe cannot pass for a hang.
            let mut stderr = child.stderr.take().unwrap();
            let reader = std::thread::spawn(move || {
                let mut text = String::new();
                std::io::Read::read_to_string(&mut stderr, &mut text).map(|_| text)
            });
            let started = Instant::now();
            let status = loop {
                if let Some(status) = child.try_wait().unwrap() {
                    break status;
                }
                assert!(started.elapsed() < Duration::from_secs(30), "judge {puzzle} hangs on {length} random bytes");
                std::thread::sleep(Duration::from_millis(5));
            };
            let errors = reader.join().unwrap().unwrap();
            assert_eq!(status.code(), Some(1), "judge {puzzle} on {length} random bytes: {errors}");
            assert!(errors.contains("rejected input line"), "{errors}");
            assert!(!errors.contains("panicked"), "{errors}");
        }
    }
}
