//! `cargo xtask` through its binary: the usage on `--help`, the puzzles `dist --only` ships
//! and the optional tables `--no-optional` leaves out.

use std::path::Path;
use std::process::{Command, Output};

use puzzle_tables_dist::{Manifest, ZSTD_LEVEL};
use puzzle_tables_generator::{write_tables, Silent};
use puzzle_tables_models::definition::{bundled, DefinedPuzzle};
use puzzle_tables_query::{optional_tables_of, tables_of, Puzzle};

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask")).args(args).output().expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

#[test]
fn help_prints_the_usage_of_xtask_and_of_each_command() {
    let output = xtask(&["--help"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let help = text(&output.stdout);
    assert!(help.contains("Usage: cargo xtask <COMMAND>"), "{help}");
    let commands = ["examples", "gen-tables", "dist", "bench", "bench-fifteen", "bench-cube", "man"];
    for command in commands {
        assert!(help.contains(&format!("\n  {command} ")), "{command} in {help}");
        let output = xtask(&[command, "--help"]);
        assert_eq!(output.status.code(), Some(0), "{command}: {}", text(&output.stderr));
        assert!(text(&output.stdout).contains(&format!("Usage: cargo xtask {command}")), "{command}");
    }
    let dist = text(&xtask(&["dist", "--help"]).stdout);
    assert!(dist.contains("--only <PUZZLE>...") && dist.contains("--no-optional"), "{dist}");
    let unknown = xtask(&["distribute"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("unrecognized subcommand 'distribute'"), "{}", text(&unknown.stderr));
}

/// The tables of each file in a release's manifest.
fn shipped(release: &Path) -> Vec<String> {
    let manifest = Manifest::read(release).expect("a manifest");
    manifest.tables.iter().map(|record| record.file.clone()).collect()
}

#[test]
fn dist_ships_only_the_puzzles_asked_for_and_leaves_out_the_optional_tables() {
    let tables = tempfile::tempdir().unwrap();
    let puzzles = [Puzzle::Eight, Puzzle::Fifteen];
    for puzzle in puzzles {
        write_tables(puzzle, tables.path(), &mut Silent).unwrap();
    }
    let dist = |more: &[&str], out: &Path| {
        let mut args = vec!["dist", "--only", "eight", "fifteen", "--tables", tables.path().to_str().unwrap()];
        args.extend(more);
        xtask(&[&args[..], &["--out", out.to_str().unwrap()]].concat())
    };
    let release = tempfile::tempdir().unwrap();
    let output = dist(&["--no-optional"], release.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let expected: Vec<String> = puzzles.iter().flat_map(|&p| tables_of(p)).map(|spec| spec.file_name()).collect();
    assert_eq!(shipped(release.path()), expected);
    // zstd's own worker threads, one a core.
    let cores = std::thread::available_parallelism().unwrap().get();
    let compressed = format!("compressed with zstd level {ZSTD_LEVEL} on {cores} worker threads in ");
    assert!(text(&output.stdout).contains(&compressed), "{}", text(&output.stdout));
    // Without --no-optional, the fifteen puzzle's 7-8 databases are shipped too: here, missing.
    let output = dist(&[], Path::new("unused"));
    assert_eq!(output.status.code(), Some(1));
    let seven = optional_tables_of(Puzzle::Fifteen)[0].file_name();
    assert!(text(&output.stderr).contains(&seven), "{seven}: {}", text(&output.stderr));
    // A defined puzzle's table rides along by name.
    let built = puzzle_tables_generator::definition::build_table(
        &DefinedPuzzle::bundled(bundled::find("3x3x3-eo").unwrap()).unwrap(),
        1,
        &mut Silent,
    );
    let file = puzzle_tables_query::definition::file_name("3x3x3-eo");
    puzzle_tables_generator::write_table(&tables.path().join(&file), &built.file_bytes()).unwrap();
    let with_definition = tempfile::tempdir().unwrap();
    let output = dist(&["--no-optional", "--definitions", "3x3x3-eo"], with_definition.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(shipped(with_definition.path()), [expected, vec![file]].concat());
    let bad = xtask(&["dist", "--only", "chess", "--out", "unused"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("the puzzles are eight"), "{}", text(&bad.stderr));
}

/// Every table a release's manifest names unpacks to the bytes its SHA-256 names, and no
/// temporary file is left beside them.
fn release_whole(release: &Path, after: &str) {
    let manifest = Manifest::read(release).unwrap_or_else(|e| panic!("{after}: {e}"));
    for record in &manifest.tables {
        let unpacked = puzzle_tables_dist::unpack(release, record);
        assert!(unpacked.is_ok(), "{after}: {}: {:?}", record.file, unpacked.err());
    }
}

#[test]
fn dist_killed_at_random_moments_over_a_release_leaves_it_whole_and_completes_when_run_again() {
    let tables = tempfile::tempdir().unwrap();
    for puzzle in [Puzzle::Eight, Puzzle::Cubic] {
        write_tables(puzzle, tables.path(), &mut Silent).unwrap();
    }
    let release = tempfile::tempdir().unwrap();
    let args = ["dist", "--only", "eight", "cubic", "--no-optional", "--tables", tables.path().to_str().unwrap()];
    let args = [&args[..], &["--out", release.path().to_str().unwrap()]].concat();
    let started = std::time::Instant::now();
    assert_eq!(xtask(&args).status.code(), Some(0));
    let whole = started.elapsed();
    let mut rng = fastrand::Rng::with_seed(56);
    // A kill after dist ended tests nothing: the window shrinks after each such kill until
    // 20 have come midway (later runs are quicker, their tables cached).
    let (mut window, mut midway) = (whole, 0);
    for kill in 0.. {
        if midway == 20 {
            break;
        }
        assert!(kill < 80, "only {midway} of {kill} kills came before dist ended");
        let mut child =
            Command::new(env!("CARGO_BIN_EXE_xtask")).args(&args).stdout(std::process::Stdio::null()).spawn().unwrap();
        std::thread::sleep(window.mul_f64(rng.f64()));
        match child.try_wait().unwrap() {
            None => midway += 1,
            Some(_) => window = window.mul_f64(0.75),
        }
        // `Child::kill` is SIGKILL on Unix.
        let _ = child.kill();
        child.wait().unwrap();
        release_whole(release.path(), &format!("killed ({kill})"));
    }
    assert_eq!(xtask(&args).status.code(), Some(0), "dist run again");
    release_whole(release.path(), "run again");
    let names = std::fs::read_dir(release.path()).unwrap().map(|entry| entry.unwrap().file_name());
    let partial: Vec<_> = names.filter(|name| name.to_string_lossy().ends_with(".partial")).collect();
    assert!(partial.is_empty(), "left behind: {partial:?}");
}
