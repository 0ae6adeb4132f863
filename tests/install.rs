//! Release artifacts end to end: a release written as `cargo xtask dist` writes it, checked by
//! `sha256sum -c`, installed by the binary; a damaged artifact installs nothing.

mod common;

use std::path::Path;
use std::process::Command;

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_dist::{write_release, TableRecord, MANIFEST_FILE};
use puzzle_tables_query::{tables_of, Puzzle, Table};

/// A release of the eight-puzzle and rotation-game tables (the small ones) in a new directory.
fn release() -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let mut tables = Vec::new();
    for puzzle in [Puzzle::Eight, Puzzle::Rotation] {
        for spec in tables_of(puzzle) {
            let path = tables_with(puzzle).join(spec.file_name());
            let table = Table::open_verified(&path, &spec).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            tables.push((TableRecord::new(&spec, table.metadata(), &bytes), bytes));
        }
    }
    write_release(out.path(), tables).unwrap();
    out
}

fn install(tables: &Path, release: &Path) -> std::process::Output {
    binary(tables).arg("install").arg("--from").arg(release).output().unwrap()
}

#[test]
fn sha256sum_accepts_the_release_sums() {
    let release = release();
    let check = Command::new("sha256sum").args(["-c", "SHA256SUMS"]).current_dir(release.path()).output();
    let Ok(check) = check else { return eprintln!("sha256sum is not installed; skipped") };
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    assert_eq!(String::from_utf8_lossy(&check.stdout).matches(": OK").count(), 3);
}

#[test]
fn an_installed_release_verifies_and_answers() {
    let release = release();
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output).matches("installed ").count(), 2);
    let output = binary(tables.path()).args(["judge", "rotation", "examples/rotation.txt"]).output().unwrap();
    assert_eq!(stdout_of(&output), "AC\n2\nDDHH\n2\n");
    let output = binary(tables.path()).arg("verify").output().unwrap();
    assert_eq!(stdout_of(&output).matches("ok ").count(), 2, "{}", stdout_of(&output));
}

#[test]
fn a_damaged_artifact_installs_nothing() {
    let release = release();
    let artifact = release.path().join("rotation-distance.tbl.zst");
    let mut bytes = std::fs::read(&artifact).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x20;
    std::fs::write(&artifact, bytes).unwrap();
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr_of(&output);
    assert!(errors.contains("rotation-distance.tbl.zst: SHA-256"), "{errors}");
    assert_eq!(std::fs::read_dir(tables.path()).map(|entries| entries.count()).unwrap_or(0), 0, "nothing written");
}

#[test]
fn a_release_of_another_format_version_is_refused() {
    let release = release();
    let path = release.path().join(MANIFEST_FILE);
    let manifest =
        std::fs::read_to_string(&path).unwrap().replacen("\"format_version\": 1", "\"format_version\": 2", 1);
    std::fs::write(&path, manifest).unwrap();
    let output = install(tempfile::tempdir().unwrap().path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("format version 2 tables; this build reads version 1"),
        "{}",
        stderr_of(&output)
    );
}
