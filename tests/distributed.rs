//! `distributed` on loopback: one, two and three processes of one and two workers build,
//! once merged, the very file `gen` writes (byte for byte: the merge writes the generator's
//! header and metadata over the shards' payloads, so any difference in any entry shows); a
//! build killed mid-way and run again gives the same file; what cannot work is refused
//! with a clear error (a hostfile whose peers never answer, a process number out of range,
//! shards missing or overlapping, a resume by another number of workers). A table left in
//! shards answers, read in place, as its merged file does (answer for answer over random
//! scrambles), and a damaged shard is refused. A process whose peer dies stops with a clear
//! error instead of waiting.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::sync::OnceLock;

use common::{binary, stderr_of, stdout_of};

/// A scratch directory under the target's temporary folder.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap()
}

/// The table `gen NAME` writes, built once per name.
fn generated(name: &str) -> Vec<u8> {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = DIR.get_or_init(scratch).path();
    let path = dir.join(format!("definition-{name}.tbl"));
    if !path.exists() {
        let output = binary(dir).args(["gen", name]).output().unwrap();
        assert!(output.status.success(), "gen {name}: {}", stderr_of(&output));
    }
    std::fs::read(path).unwrap()
}

/// A hostfile of `processes` loopback addresses on ports free now.
fn hostfile(dir: &Path, processes: usize) -> PathBuf {
    let listeners: Vec<_> = (0..processes).map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    let lines: Vec<String> = listeners.iter().map(|l| l.local_addr().unwrap().to_string()).collect();
    let path = dir.join("hosts");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Starts process `process` of `processes` of `distributed NAME` with `workers` workers.
fn start(tables: &Path, name: &str, workers: usize, processes: usize, process: usize, hosts: &Path) -> Child {
    let mut command = binary(tables);
    command.args(["distributed", name, "--connect-timeout", "30", "--", "-w", &workers.to_string()]);
    if processes > 1 {
        command.args(["-n", &processes.to_string(), "-p", &process.to_string(), "-h"]).arg(hosts);
    }
    command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// Runs every process of a build to its end and returns their outputs.
fn run_build(tables: &Path, name: &str, workers: usize, processes: usize) -> Vec<Output> {
    let hosts = hostfile(tables, processes);
    let children: Vec<Child> = (0..processes).map(|p| start(tables, name, workers, processes, p, &hosts)).collect();
    children.into_iter().map(|child| child.wait_with_output().unwrap()).collect()
}

/// `merge NAME` over `tables`, then the merged file.
fn merged(tables: &Path, name: &str) -> Vec<u8> {
    let output = binary(tables).args(["merge", name]).output().unwrap();
    assert!(output.status.success(), "merge {name}: {}", stderr_of(&output));
    std::fs::read(tables.join(format!("definition-{name}.tbl"))).unwrap()
}

fn assert_built(outputs: &[Output], what: &str) {
    let said =
        |(process, output): (usize, &Output)| format!("process {process}: {}{}", stdout_of(output), stderr_of(output));
    let all: Vec<String> = outputs.iter().enumerate().map(said).collect();
    assert!(outputs.iter().all(|output| output.status.success()), "{what}: {}", all.join("\n"));
}

#[test]
fn one_two_and_three_processes_of_one_and_two_workers_build_the_generators_table_byte_for_byte() {
    for name in ["3x3x3-eo", "pyraminx-no-tips"] {
        let expected = generated(name);
        for processes in 1..=3 {
            for workers in 1..=2 {
                let tables = scratch();
                let what = format!("{name} on {processes} processes of {workers} workers");
                assert_built(&run_build(tables.path(), name, workers, processes), &what);
                assert!(merged(tables.path(), name) == expected, "{what}: the merged table differs from gen's");
            }
        }
    }
}

#[test]
fn the_larger_bundled_definitions_build_the_generators_table_on_two_processes() {
    for name in ["2x2x2", "skewb"] {
        let tables = scratch();
        assert_built(&run_build(tables.path(), name, 1, 2), name);
        assert!(merged(tables.path(), name) == generated(name), "{name}: the merged table differs from gen's");
    }
}

#[test]
fn a_build_killed_mid_way_resumes_from_its_last_level_and_gives_the_same_table() {
    let name = "2x2x2";
    let expected = generated(name);
    let mut rng = fastrand::Rng::with_seed(55);
    let tables = scratch();
    for kill in 0..3 {
        // Fresh ports each time: a killed process's port may still be held for a while.
        let hosts = hostfile(tables.path(), 2);
        let mut children: Vec<Child> = (0..2).map(|p| start(tables.path(), name, 1, 2, p, &hosts)).collect();
        // Wait until the first process reports a level well into the search, then kill a
        // process chosen at random at a random moment after it, and then the other.
        let stderr = children[0].stderr.take().unwrap();
        // A resumed build reports from the level it resumed at.
        let level_of = |line: &str| line.split("level ").nth(1)?.split(':').next()?.parse::<u64>().ok();
        let wanted = 3 + kill;
        let mut lines = BufReader::new(stderr).lines().map_while(Result::ok);
        let reached = lines.any(|line| level_of(&line).is_some_and(|level| level >= wanted));
        assert!(reached, "kill {kill}: the build never reported level {wanted}");
        std::thread::sleep(std::time::Duration::from_millis(rng.u64(0..300)));
        let victim = rng.usize(0..2);
        children[victim].kill().unwrap();
        children[victim].wait().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let _ = children[1 - victim].kill();
        children[1 - victim].wait().unwrap();
        assert!(
            !tables.path().join("definition-2x2x2.shards/manifest.json").exists(),
            "no table is published half-built"
        );
    }
    let hosts = hostfile(tables.path(), 2);
    let children: Vec<Child> = (0..2).map(|p| start(tables.path(), name, 1, 2, p, &hosts)).collect();
    let outputs: Vec<Output> = children.into_iter().map(|child| child.wait_with_output().unwrap()).collect();
    assert_built(&outputs, "the resumed build");
    let said = stdout_of(&outputs[0]);
    assert!(said.contains("resumed from level"), "the build resumed: {said}");
    assert!(merged(tables.path(), name) == expected, "the resumed build's table differs from gen's");
    assert!(!tables.path().join("definition-2x2x2.build/worker-0-of-2.json").exists(), "the levels are removed");
}

#[test]
fn a_hostfile_whose_peers_never_answer_is_refused() {
    let tables = scratch();
    let hosts = hostfile(tables.path(), 2);
    let output = binary(tables.path())
        .args(["distributed", "3x3x3-eo", "--connect-timeout", "2", "--", "-n", "2", "-p", "1", "-h"])
        .arg(&hosts)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = stderr_of(&output);
    assert!(said.contains("were not all connected within 2 s") && said.contains("process 1 of 2"), "{said}");
}

#[test]
fn a_process_number_out_of_range_is_refused() {
    let tables = scratch();
    let hosts = hostfile(tables.path(), 2);
    let output = binary(tables.path())
        .args(["distributed", "3x3x3-eo", "--", "-n", "2", "-p", "2", "-h"])
        .arg(&hosts)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = stderr_of(&output);
    assert!(said.contains("-p 2 is out of range: -n 2 numbers the processes 0 to 1"), "{said}");
}

#[test]
fn shards_missing_or_overlapping_are_refused_and_verify_names_them() {
    let tables = scratch();
    assert_built(&run_build(tables.path(), "3x3x3-eo", 3, 1), "3 workers");
    let shards = tables.path().join("definition-3x3x3-eo.shards");
    let verified = binary(tables.path()).arg("verify").output().unwrap();
    assert!(
        stdout_of(&verified).contains("ok       ") && stdout_of(&verified).contains("3 shards"),
        "{}",
        stdout_of(&verified)
    );

    let manifest = std::fs::read_to_string(shards.join("manifest.json")).unwrap();
    std::fs::write(shards.join("manifest.json"), manifest.replacen("\"first\": 684", "\"first\": 682", 1)).unwrap();
    for command in [&["merge", "3x3x3-eo"][..], &["solve", "3x3x3-eo", "--scramble", "F"]] {
        let overlapping = binary(tables.path()).args(command).output().unwrap();
        assert_eq!(overlapping.status.code(), Some(2), "{command:?}");
        assert!(stderr_of(&overlapping).contains("overlaps the shard before it"), "{}", stderr_of(&overlapping));
    }

    std::fs::write(shards.join("manifest.json"), &manifest).unwrap();
    std::fs::remove_file(shards.join("shard-1-of-3.tbl")).unwrap();
    for command in [&["merge", "3x3x3-eo"][..], &["stats", "3x3x3-eo"]] {
        let missing = binary(tables.path()).args(command).output().unwrap();
        assert_eq!(missing.status.code(), Some(2), "{command:?}");
        assert!(
            stderr_of(&missing).contains("shard-1-of-3.tbl (entries 684 to 1368) is missing"),
            "{}",
            stderr_of(&missing)
        );
    }
    let verified = binary(tables.path()).arg("verify").output().unwrap();
    assert_eq!(verified.status.code(), Some(1), "verify fails on a missing shard");
    assert!(stdout_of(&verified).contains("is missing"), "{}", stdout_of(&verified));
}

#[test]
fn a_resume_by_another_number_of_workers_is_refused() {
    let tables = scratch();
    let build = tables.path().join("definition-3x3x3-eo.build");
    std::fs::create_dir_all(&build).unwrap();
    std::fs::write(build.join("worker-0-of-4.json"), "{}").unwrap();
    let output = binary(tables.path()).args(["distributed", "3x3x3-eo", "--", "-w", "2"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("another number of workers"), "{}", stderr_of(&output));
}

/// `puzzle-tables --tables DIR ARGS` with `input` on its standard input; its output, which
/// must be a success.
fn answers(tables: &Path, args: &[&str], input: &str) -> String {
    let mut child =
        binary(tables).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{args:?}: {}", stderr_of(&output));
    stdout_of(&output)
}

/// `count` scrambles of every length up to 20 of the 2x2x2's face turns, drawn from `rng`.
fn random_scrambles(rng: &mut fastrand::Rng, count: usize) -> Vec<String> {
    let turns: Vec<String> = ["R", "U", "F", "L", "D", "B"]
        .iter()
        .flat_map(|face| ["", "2", "'"].map(|suffix| format!("{face}{suffix}")))
        .collect();
    (0..count)
        .map(|i| (0..i % 21).map(|_| turns[rng.usize(..turns.len())].as_str()).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn a_table_left_in_shards_answers_as_its_merged_file_answer_for_answer() {
    let name = "2x2x2";
    let (merged_dir, sharded_dir) = (scratch(), scratch());
    assert_built(&run_build(merged_dir.path(), name, 3, 1), "3 workers");
    let shards = "definition-2x2x2.shards";
    merged(merged_dir.path(), name);
    std::fs::rename(merged_dir.path().join(shards), sharded_dir.path().join(shards)).unwrap();
    let (merged_dir, sharded_dir) = (merged_dir.path(), sharded_dir.path());

    let scrambles = random_scrambles(&mut fastrand::Rng::with_seed(55), 2_000).join("\n") + "\n";
    let solve = ["solve", name, "--scramble", "-", "--json"];
    let from_file = answers(merged_dir, &solve, &scrambles);
    assert_eq!(from_file.lines().count(), 2_000, "one answer a scramble");
    assert_eq!(answers(sharded_dir, &solve, &scrambles), from_file, "solve: answer for answer");

    for args in [
        &["solve", name, "--scramble", "R U2 F' L D2 B R' U", "--all", "--children", "--steps", "--json"][..],
        &["stats", name, "--json"],
        &["random", name, "--distance", "9", "--count", "50", "--seed", "55", "--judge-input"],
        &["random", name, "--distance", "11", "--count", "3", "--seed", "7"],
    ] {
        assert_eq!(answers(sharded_dir, args, ""), answers(merged_dir, args, ""), "{args:?}");
    }
}

#[test]
fn a_damaged_shard_is_refused_with_its_name_and_what_is_wrong() {
    let tables = scratch();
    assert_built(&run_build(tables.path(), "2x2x2", 2, 1), "2 workers");
    let shard = tables.path().join("definition-2x2x2.shards/shard-1-of-2.tbl");
    let mut bytes = std::fs::read(&shard).unwrap();
    bytes.truncate(bytes.len() - 100);
    std::fs::write(&shard, &bytes).unwrap();
    let output = binary(tables.path()).args(["solve", "2x2x2", "--scramble", "R U"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = stderr_of(&output);
    assert!(said.contains("shard-1-of-2.tbl") && said.contains("truncated"), "{said}");
    assert!(said.contains("distributed 2x2x2"), "the error says how to build it again: {said}");

    std::fs::remove_file(tables.path().join("definition-2x2x2.shards/manifest.json")).unwrap();
    let output = binary(tables.path()).args(["solve", "2x2x2", "--scramble", "R U"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("the build has not finished"), "{}", stderr_of(&output));
}

#[test]
fn a_process_whose_peer_dies_stops_with_a_clear_error_instead_of_waiting() {
    let tables = scratch();
    let hosts = hostfile(tables.path(), 2);
    let mut children: Vec<Child> = (0..2).map(|p| start(tables.path(), "2x2x2", 1, 2, p, &hosts)).collect();
    let stderr = children[0].stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines().map_while(Result::ok);
    assert!(lines.any(|line| line.contains("level 3:")), "the build never reported level 3");
    children[1].kill().unwrap();
    children[1].wait().unwrap();
    let reader = std::thread::spawn(move || lines.collect::<Vec<String>>());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let status = loop {
        if let Some(status) = children[0].try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            children[0].kill().unwrap();
            panic!("the process whose peer died still waited after 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let said = reader.join().unwrap();
    assert_eq!(status.code(), Some(2), "{}", said.join("\n"));
    assert!(said.iter().any(|line| line.contains("a peer's connection closed")), "{}", said.join("\n"));
}
