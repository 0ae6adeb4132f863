//! `gen` and `install` killed with SIGKILL at random moments, over a directory of good
//! tables: afterwards every table is still there and verifies (old or new, never half
//! written), `verify` passes, and the same command run again completes and leaves no
//! temporary file behind.

mod common;

use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::{tables_of, Puzzle, Table};

/// The small puzzles these tests write: the eight puzzle and the cubic puzzle (several tables).
const PUZZLES: [Puzzle; 2] = [Puzzle::Eight, Puzzle::Cubic];

/// Kills per command.
const KILLS: usize = 20;

/// A new directory holding good copies of the tables of [`PUZZLES`].
fn good_tables() -> tempfile::TempDir {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    for puzzle in PUZZLES {
        for spec in tables_of(puzzle) {
            std::fs::copy(tables_with(puzzle).join(spec.file_name()), dir.path().join(spec.file_name())).unwrap();
        }
    }
    dir
}

/// A release of the tables of [`PUZZLES`], as `cargo xtask dist` writes one.
fn release() -> tempfile::TempDir {
    common::release_of(&PUZZLES)
}

/// Every table of [`PUZZLES`] in `dir` opens and verifies, and `verify` says so.
fn all_good(dir: &Path, after: &str) {
    for puzzle in PUZZLES {
        for spec in tables_of(puzzle) {
            let verified = Table::open_verified(&dir.join(spec.file_name()), &spec);
            assert!(verified.is_ok(), "{after}: {}: {:?}", spec.file_name(), verified.err());
        }
    }
    let output = binary(dir).arg("verify").output().unwrap();
    assert!(output.status.success(), "{after}: verify: {}{}", stdout_of(&output), stderr_of(&output));
}

/// The files in `dir` that are no table: temporaries left behind.
fn leftovers(dir: &Path) -> Vec<String> {
    let names = std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap());
    names.filter(|name| !name.ends_with(".tbl")).collect()
}

/// Runs `args` over `dir` to the end (timed, to place the kills), then killed at random
/// moments until [`KILLS`] kills have come midway, checking the tables after each; then once
/// more to the end, which must leave no temporary file.
fn killed_at_random_moments(dir: &Path, args: &[&str], seed: u64) {
    // The quickest of three whole runs: on a loaded machine a run's length varies, and a
    // kill placed by a slow one would mostly come after a quick one ended.
    let whole = (0..3)
        .map(|_| {
            let started = Instant::now();
            let output = binary(dir).args(args).output().unwrap();
            assert!(output.status.success(), "{args:?}: {}", stderr_of(&output));
            started.elapsed()
        })
        .min()
        .expect("three runs");
    let mut rng = fastrand::Rng::with_seed(seed);
    // A kill after the run ended tests nothing, so the window shrinks after each such kill
    // until [`KILLS`] have come midway: runs get quicker once their files are cached.
    let (mut window, mut midway) = (whole, 0);
    for kill in 0.. {
        if midway == KILLS {
            break;
        }
        assert!(kill < 4 * KILLS, "only {midway} of {kill} kills came before {args:?} ended");
        let mut child = binary(dir).args(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        std::thread::sleep(window.mul_f64(rng.f64()));
        match child.try_wait().unwrap() {
            None => midway += 1,
            Some(_) => window = window.mul_f64(0.75),
        }
        // `Child::kill` is SIGKILL on Unix.
        let _ = child.kill();
        child.wait().unwrap();
        all_good(dir, &format!("{args:?} killed ({kill})"));
    }
    let output = binary(dir).args(args).output().unwrap();
    assert!(output.status.success(), "{args:?} again: {}", stderr_of(&output));
    all_good(dir, &format!("{args:?} run again"));
    assert_eq!(leftovers(dir), Vec::<String>::new(), "{args:?} run again cleared what the killed runs left");
}

#[test]
fn gen_killed_at_random_moments_loses_no_table_and_completes_when_run_again() {
    let dir = good_tables();
    killed_at_random_moments(dir.path(), &["gen", "eight", "cubic"], 54);
}

#[test]
fn install_killed_at_random_moments_loses_no_table_and_completes_when_run_again() {
    let dir = good_tables();
    let release = release();
    killed_at_random_moments(dir.path(), &["install", "--from", release.path().to_str().unwrap()], 55);
}
