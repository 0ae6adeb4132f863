//! Where the binary keeps its tables: `--tables`, else `$PUZZLE_TABLES_DIR`, else the
//! per-user data directory; and a directory that cannot be written is one clear error.
//! Every test points the data directory into a temporary one: none touches the real one.

mod common;

use std::path::Path;
use std::process::Command;

use common::stderr_of;

/// The binary with no `--tables`, its home and data directories inside `root`.
fn binary_at_home(root: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"));
    command
        .env_remove("PUZZLE_TABLES_DIR")
        .env("HOME", root.join("home"))
        .env("XDG_DATA_HOME", root.join("data"))
        .env("APPDATA", root.join("appdata"));
    command
}

#[test]
#[cfg(target_os = "linux")]
fn the_default_is_the_per_user_data_directory() {
    let root = tempfile::tempdir().unwrap();
    let working = root.path().join("working");
    std::fs::create_dir(&working).unwrap();
    let output = binary_at_home(root.path()).current_dir(&working).args(["gen", "eight"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(root.path().join("data/puzzle-tables/eight-parent.tbl").is_file());
    assert_eq!(std::fs::read_dir(&working).unwrap().count(), 0, "nothing is written where the binary runs");
}

#[test]
fn the_environment_overrides_the_default_and_the_flag_overrides_both() {
    let root = tempfile::tempdir().unwrap();
    let (from_env, from_flag) = (root.path().join("from-env"), root.path().join("from-flag"));
    let output = binary_at_home(root.path()).env("PUZZLE_TABLES_DIR", &from_env).args(["gen", "eight"]).output();
    assert!(output.unwrap().status.success());
    assert!(from_env.join("eight-parent.tbl").is_file());
    let mut command = binary_at_home(root.path());
    command.env("PUZZLE_TABLES_DIR", &from_env).arg("--tables").arg(&from_flag).args(["gen", "eight"]);
    assert!(command.output().unwrap().status.success());
    assert!(from_flag.join("eight-parent.tbl").is_file());
    assert!(!root.path().join("data").exists() && !root.path().join("home").exists());
}

#[test]
fn a_directory_that_cannot_be_written_is_one_error_with_the_fix_and_exit_2() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let tables = file.join("tables");
    for args in [&["gen"][..], &["solve", "eight", "2 3 4 1 5 x 7 6 8"]] {
        let output = binary_at_home(root.path()).arg("--tables").arg(&tables).args(args).output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.matches("cannot write tables into").count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(&tables.display().to_string()), "{stderr}");
        assert!(stderr.contains("pass --tables DIR or set PUZZLE_TABLES_DIR"), "{stderr}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing was built");
    }
}
