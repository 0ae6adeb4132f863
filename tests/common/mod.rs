//! Shared by the integration tests: tables built once per test binary, and the real
//! `puzzle-tables` binary pointed at them.
#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};

use puzzle_tables_generator::{build, write_table, Silent};
use puzzle_tables_query::Puzzle;

/// A temporary tables directory for this test binary, holding the tables of `puzzle`,
/// built (once) by the generator.
pub fn tables_with(puzzle: Puzzle) -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    static BUILT: Mutex<Option<HashSet<Puzzle>>> = Mutex::new(None);
    let dir = DIR.get_or_init(|| tempfile::tempdir().expect("a temporary directory")).path();
    let mut built = BUILT.lock().unwrap_or_else(|poison| poison.into_inner());
    if built.get_or_insert_with(HashSet::new).insert(puzzle) {
        for table in build(puzzle, &mut Silent).expect("the generator knows the puzzle") {
            write_table(&dir.join(table.spec.file_name()), &table.file_bytes()).expect("the table is written");
        }
    }
    dir
}

/// The built `puzzle-tables` binary with `--tables DIR`.
pub fn binary(tables: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"));
    command.arg("--tables").arg(tables).env_remove("PUZZLE_TABLES_DIR");
    command
}

/// Runs `command` with `stdin` as its standard input and collects its output.
pub fn run_with_input(command: &mut Command, stdin: &str) -> Output {
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_owned();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread ends").ok();
    output
}

/// Standard output as text.
pub fn stdout_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
