//! Damaged, truncated and foreign table files: each gets a specific error naming the file
//! and the way to rebuild it, a non-zero exit and no answers; `verify` reports each.

mod common;

use std::path::{Path, PathBuf};

use common::{binary, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::{tables_of, Puzzle, Table};

const TABLE: &str = "eight-parent.tbl";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tables").join(name)
}

/// A temporary tables directory holding `bytes` as the eight puzzle's table.
fn tables_holding(bytes: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(TABLE), bytes).unwrap();
    dir
}

/// Runs `judge eight` on the bundled example against `dir` and checks it is refused with
/// `message`, naming the file and the commands that rebuild or reinstall it.
fn assert_refused(dir: &Path, message: &str) {
    let output = binary(dir).args(["judge", "eight", "examples/eight.txt"]).output().unwrap();
    let errors = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{errors}");
    assert_eq!(stdout_of(&output), "", "no answers from a damaged table");
    assert!(errors.contains(&format!("{TABLE}: {message}")), "expected {message:?} in {errors}");
    assert!(errors.contains("gen eight") && errors.contains("install --from"), "{errors}");

    let output = binary(dir).arg("verify").output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout_of(&output).contains(&format!("damaged  table {}", dir.join(TABLE).display())));
}

#[test]
fn each_damaged_fixture_gets_its_own_error() {
    let cases = [
        ("truncated", "truncated or extended: the file is 22840 bytes, its header says 45680 bytes"),
        ("shorter-than-header", "truncated: 100 bytes, shorter than the 128-byte header"),
        ("empty", "truncated: 0 bytes"),
        ("header-flip", "damaged header (header checksum mismatch)"),
        ("payload-flip", "damaged payload"),
        ("random-bytes", "not a puzzle-tables table (wrong magic bytes)"),
        ("newer-version", "format version 2, but this build reads version 1"),
        ("other-ranking", "built with ranking version 99, but this build ranks with version 1"),
    ];
    for (name, message) in cases {
        let dir = tables_holding(&std::fs::read(fixture(name).join(TABLE)).unwrap());
        assert_refused(dir.path(), message);
    }
}

#[test]
fn the_committed_good_table_still_opens_and_answers() {
    let output = binary(&fixture("good")).args(["judge", "eight", "examples/eight.txt"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(stdout_of(&output).lines().count(), 4);
    let output = binary(&fixture("good")).arg("verify").output().unwrap();
    assert!(stdout_of(&output).contains("ok "));
}

#[test]
fn another_puzzles_table_under_this_name_is_refused() {
    let Some(other) = Puzzle::ALL.iter().copied().find(|&p| p != Puzzle::Eight) else { return };
    let spec = &tables_of(other)[0];
    let dir = tables_holding(&std::fs::read(tables_with(other).join(spec.file_name())).unwrap());
    assert_refused(dir.path(), &format!("holds puzzle {other}"));
}

#[test]
fn a_directory_where_the_table_should_be_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(TABLE)).unwrap();
    assert_refused(dir.path(), "is not a regular file");
}

#[test]
fn every_single_bit_flip_in_the_header_is_refused() {
    let good = std::fs::read(fixture("good").join(TABLE)).unwrap();
    let spec = &tables_of(Puzzle::Eight)[0];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(TABLE);
    for bit in 0..128 * 8 {
        let mut damaged = good.clone();
        damaged[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(&path, &damaged).unwrap();
        assert!(puzzle_tables_query::Table::open(&path, spec).is_err(), "bit {bit} of the header");
    }
}

#[test]
fn verify_finds_magic_cube_keys_out_of_order_under_a_valid_checksum() {
    let spec = tables_of(Puzzle::MagicCube)[0];
    let good = Table::open_verified(&tables_with(Puzzle::MagicCube).join(spec.file_name()), &spec).unwrap();
    let mut payload = good.payload().to_vec();
    let (first, second) = payload.split_at_mut(9);
    first.swap_with_slice(&mut second[..9]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(spec.file_name()), spec.encode_file(good.metadata(), &payload)).unwrap();
    let output = binary(dir.path()).arg("verify").output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = stdout_of(&output);
    assert!(report.contains("magic-cube-within-6.tbl: inconsistent entries: record 1 is not above"), "{report}");
}
