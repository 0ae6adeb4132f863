//! Shared by the integration tests: tables built once per test binary, the real
//! `puzzle-tables` binary pointed at them, and its `serve` on an ephemeral port.
#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex, OnceLock};

use puzzle_tables_generator::{build, write_table, Silent};
use puzzle_tables_query::Puzzle;

/// This test binary's tables directory, holding the tables of `puzzle`, copied from the
/// run's shared build ([`built_once`]); tests may change their own copies.
pub fn tables_with(puzzle: Puzzle) -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    static BUILT: Mutex<Option<HashSet<Puzzle>>> = Mutex::new(None);
    let dir = DIR.get_or_init(scratch_dir);
    let mut built = BUILT.lock().unwrap_or_else(|poison| poison.into_inner());
    if built.get_or_insert_with(HashSet::new).insert(puzzle) {
        for spec in puzzle_tables_query::tables_of(puzzle) {
            let name = spec.file_name();
            std::fs::copy(built_once(puzzle).join(&name), dir.join(&name)).expect("the table is copied");
        }
    }
    dir
}

/// The folder of `puzzle`'s tables as the generator builds them, built once for every test
/// binary of a run (the cube's take a processor half a minute, and a dozen binaries use
/// them): under Cargo's scratch folder, named by the `puzzle-tables` binary this run built
/// (its size and time), which holds the same generator as the test binaries. Built into a
/// folder of this process's and renamed into place whole, so that binaries run at once
/// (or a build killed midway) never see a part; other builds' folders are removed once
/// they are an hour old.
fn built_once(puzzle: Puzzle) -> PathBuf {
    let binary = std::fs::metadata(env!("CARGO_BIN_EXE_puzzle-tables")).expect("the built binary");
    let made = binary.modified().expect("a modification time").duration_since(std::time::UNIX_EPOCH).unwrap();
    let name = format!("built-{}-{}", binary.len(), made.as_nanos());
    let shared = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables").join(&name);
    let dir = shared.join(puzzle.label());
    if !dir.exists() {
        remove_old_builds(&name);
        let partial = shared.join(format!("{}.partial-{}", puzzle.label(), std::process::id()));
        std::fs::create_dir_all(&partial).expect("a folder for the tables");
        for table in build(puzzle, &mut Silent).expect("the generator knows the puzzle") {
            write_table(&partial.join(table.spec.file_name()), &table.file_bytes()).expect("the table is written");
        }
        // Another binary may have renamed its build into place first: the same tables.
        if std::fs::rename(&partial, &dir).is_err() {
            let _ = std::fs::remove_dir_all(&partial);
        }
    }
    dir
}

/// Removes the shared builds other than `current` that are over an hour old.
fn remove_old_builds(current: &str) {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables");
    let hour = std::time::Duration::from_secs(3600);
    for entry in std::fs::read_dir(&scratch).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let old =
            entry.metadata().and_then(|m| m.modified()).is_ok_and(|made| made.elapsed().is_ok_and(|age| age > hour));
        if name.to_str().is_some_and(|name| name.starts_with("built-") && name != current) && old {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A release (`cargo xtask dist`'s layout) of `puzzles`' tables, as built by the generator.
pub fn release_of(puzzles: &[Puzzle]) -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let mut tables = Vec::new();
    for &puzzle in puzzles {
        for spec in puzzle_tables_query::tables_of(puzzle) {
            let path = tables_with(puzzle).join(spec.file_name());
            let table = puzzle_tables_query::Table::open_verified(&path, &spec).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            tables.push((puzzle_tables_dist::TableRecord::new(&spec, table.metadata(), &bytes), bytes));
        }
    }
    puzzle_tables_dist::write_release(out.path(), tables).unwrap();
    out
}

/// A new folder for this process's tables in Cargo's scratch folder for integration tests
/// (`CARGO_TARGET_TMPDIR`, inside `target/`), named by the test binary and the process id,
/// where the folders of every test binary's runs that have ended are removed (of any build
/// of it: the binary's name changes with its features and compiler, and 135 folders, 6 GB,
/// were left by earlier builds). A temporary directory held in a static is never dropped:
/// each run left one in `/tmp` (86 MB with the cube's tables) until the disk filled.
fn scratch_dir() -> PathBuf {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables");
    let exe = std::env::current_exe().expect("the test binary's path");
    let binary = exe.file_stem().and_then(|stem| stem.to_str()).expect("a test binary's name is text");
    let mine = scratch.join(format!("{binary}-{}", std::process::id()));
    // Only where processes are listed in /proc can an ended run be told from a running one.
    if Path::new("/proc/self").exists() {
        let ended = std::fs::read_dir(&scratch)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path != &mine)
            .filter(|path| {
                let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("");
                let pid = name.rsplit_once('-').map(|(_, pid)| pid).filter(|pid| pid.parse::<u32>().is_ok());
                !name.starts_with("built-") && pid.is_some_and(|pid| !Path::new("/proc").join(pid).exists())
            });
        ended.for_each(|path| drop(std::fs::remove_dir_all(path)));
    }
    std::fs::create_dir_all(&mine).expect("a scratch folder for the tables");
    mine
}

/// The built `puzzle-tables` binary with `--tables DIR`.
pub fn binary(tables: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle-tables"));
    command.arg("--tables").arg(tables).env_remove("PUZZLE_TABLES_DIR");
    command
}

/// `verify` of the tables in `dir`, which must find one damaged (exit status 1): its report.
pub fn verify_refusing(dir: &Path) -> String {
    let output = binary(dir).arg("verify").output().expect("the binary runs");
    let report = stdout_of(&output);
    assert_eq!(output.status.code(), Some(1), "{report}");
    report
}

/// Runs `COMMAND PUZZLE ARGS...` on `puzzle`'s tables and collects its output.
pub fn run_on(puzzle: Puzzle, command: &str, args: &[&str]) -> Output {
    binary(tables_with(puzzle)).args([command, puzzle.label()]).args(args).output().expect("the binary runs")
}

/// [`run_on`] for arguments the binary must refuse (exit status 2): its errors.
pub fn refusal_of(puzzle: Puzzle, command: &str, args: &[&str]) -> String {
    let output = run_on(puzzle, command, args);
    let errors = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{errors}");
    errors
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

/// Every puzzle's tables, built once per test binary.
pub fn all_tables() -> &'static Path {
    Puzzle::BUILT_IN.iter().fold(tables_with(Puzzle::Eight), |_, &puzzle| tables_with(puzzle))
}

/// The real binary's `serve` on every puzzle's tables, killed when dropped.
pub struct Served {
    /// The server process.
    pub child: Child,
    /// Where it listens (loopback, a port it chose).
    pub address: SocketAddr,
    /// Its standard error after the listening line, kept as it comes so the pipe never fills.
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Served {
    /// `serve --bind 127.0.0.1:0` with `args`, once it says where it listens.
    pub fn start(args: &[&str]) -> Served {
        Served::start_in(all_tables(), args)
    }

    /// [`Served::start`] over the tables directory `tables`.
    pub fn start_in(tables: &Path, args: &[&str]) -> Served {
        let mut child = binary(tables)
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut lines = BufReader::new(child.stderr.take().expect("piped")).lines();
        let address = loop {
            let line = lines.next().expect("the server says where it listens").expect("text");
            if let Some(rest) = line.strip_prefix("puzzle-tables: serve: listening on http://") {
                break rest.trim_end_matches('/').parse().expect("an address");
            }
        };
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&log);
        std::thread::spawn(move || lines.map_while(Result::ok).for_each(|line| kept.lock().unwrap().push(line)));
        Served { child, address, log }
    }

    /// The page's URL, `http://ADDRESS/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
