//! Damaged, truncated and foreign table files: each gets a specific error naming the file
//! and the way to rebuild it, a non-zero exit and no answers; `verify` reports each.

mod common;

use std::path::{Path, PathBuf};

use common::{binary, stderr_of, stdout_of, tables_with, verify_refusing};
use puzzle_tables_models::cube::symmetry::FLIP_SLICE_CLASSES;
use puzzle_tables_query::buckets::RECORD_LEN;
use puzzle_tables_query::cube::{corner_edge_distance_spec, near_graph_spec, phase1_spec, Metric, CLASS_MOVES_SPEC};
use puzzle_tables_query::{tables_of, Metadata, Puzzle, Table, TableSpec};

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
    // One clear line: the reason once (an error's source is not printed twice in its chain).
    assert_eq!(errors.matches(message).count(), 1, "{errors}");
    assert!(errors.lines().next().is_some_and(|line| line.contains(message)), "{errors}");
    assert!(errors.contains("gen eight") && errors.contains("install --from"), "{errors}");

    let report = verify_refusing(dir);
    assert!(report.contains(&format!("damaged  table {}", dir.join(TABLE).display())));
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
fn verify_names_table_files_that_no_puzzle_reads() {
    let dir = tables_holding(&std::fs::read(fixture("good").join(TABLE)).unwrap());
    // The first cube design's phase-1 table, and a file that is not a table at all.
    std::fs::write(dir.path().join("cube-distance-mod3.tbl"), b"left by an older version").unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"not a table").unwrap();
    let output = binary(dir.path()).arg("verify").output().unwrap();
    let report = stdout_of(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    let stale = dir.path().join("cube-distance-mod3.tbl");
    assert!(report.contains(&format!("unused   {} (no puzzle", stale.display())), "{report}");
    assert!(
        !report.contains("notes.txt") && !report.contains(&format!("unused   {}", dir.path().join(TABLE).display()))
    );
}

#[test]
fn another_puzzles_table_under_this_name_is_refused() {
    let Some(other) = Puzzle::BUILT_IN.iter().copied().find(|&p| p != Puzzle::Eight) else { return };
    let spec = &tables_of(other)[0];
    let dir = tables_holding(&std::fs::read(tables_with(other).join(spec.file_name())).unwrap());
    assert_refused(dir.path(), &format!("holds puzzle {other}"));
}

/// An I/O error (here a symbolic link to itself, which `judge` would build over) is the
/// table error's source: `verify` says the file cannot be read and why, on one line, once.
#[cfg(unix)]
#[test]
fn a_table_that_cannot_be_read_names_the_reason_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(TABLE);
    std::os::unix::fs::symlink(TABLE, &path).unwrap();
    let reason = std::fs::File::open(&path).unwrap_err().to_string();
    let report = verify_refusing(dir.path());
    let line = format!("damaged  table {}: cannot be read: {reason}\n", path.display());
    assert!(report.contains(&line), "expected {line:?} in {report}");
    assert_eq!(report.matches(&reason).count(), 1, "{report}");
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

/// The table `spec` as this test binary built it, verified.
fn built_table(spec: &TableSpec) -> Table {
    Table::open_verified(&tables_with(spec.puzzle).join(spec.file_name()), spec).unwrap()
}

/// The table `spec` with `payload` and `metadata` under a valid checksum, alone in a new
/// tables directory.
fn tables_holding_rewritten(spec: &TableSpec, metadata: &Metadata, payload: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(spec.file_name()), spec.encode_file(metadata, payload)).unwrap();
    dir
}

#[test]
fn verify_finds_magic_cube_records_outside_their_buckets_under_a_valid_checksum() {
    let spec = tables_of(Puzzle::MagicCube)[0];
    let good = built_table(&spec);
    let mut payload = good.payload().to_vec();
    // The first record and the last, in the first bucket and the last, change places.
    let records = payload.len() - RECORD_LEN * spec.entries as usize;
    let (first, last) = payload[records..].split_at_mut(RECORD_LEN);
    let at = last.len() - RECORD_LEN;
    first.swap_with_slice(&mut last[at..]);
    let dir = tables_holding_rewritten(&spec, good.metadata(), &payload);
    let report = verify_refusing(dir.path());
    assert!(report.contains("magic-cube-within-6.tbl: inconsistent entries: record 0 lies outside"), "{report}");
}

#[test]
fn verify_replays_every_magic_cube_solution_under_a_valid_checksum() {
    let spec = tables_of(Puzzle::MagicCube)[0];
    let good = built_table(&spec);
    let mut payload = good.payload().to_vec();
    // The last record's first turn becomes another turn: the key (so the bucket) stays.
    let last = payload.len() - RECORD_LEN;
    let first_turn = payload[last] & 0xf;
    payload[last] = (payload[last] & 0xf0) | ((first_turn + 1) % 12);
    let dir = tables_holding_rewritten(&spec, good.metadata(), &payload);
    let report = verify_refusing(dir.path());
    let expected =
        format!("inconsistent entries: record {} does not hold a cube and a solution of it", spec.entries - 1);
    assert!(report.contains(&expected), "{report}");
}

#[test]
fn verify_counts_the_distances_in_the_payload_against_the_metadata() {
    let spec = tables_of(Puzzle::Rotation)[0];
    let good = built_table(&spec);
    let mut metadata = good.metadata().clone();
    // Same total, other split: only the payload tells.
    metadata.depth_counts[1] += 1;
    metadata.depth_counts[2] -= 1;
    let dir = tables_holding_rewritten(&spec, &metadata, good.payload());
    let report = verify_refusing(dir.path());
    let expected = format!(
        "rotation-distance.tbl: inconsistent entries: the payload holds {} entries at distance 1, the metadata says {}",
        good.metadata().depth_counts[1],
        metadata.depth_counts[1]
    );
    assert!(report.contains(&expected), "{report}");
}

#[test]
fn verify_refuses_a_cube_corner_edge_distance_that_no_neighbour_explains() {
    // Every entry one move from solved, under a valid checksum and counts: a neighbour one
    // closer is missing for the first entry off solved (its neighbours' corners all move).
    let spec = corner_edge_distance_spec();
    let mut payload = vec![1u8; spec.entries as usize];
    payload[0] = 0;
    let metadata = Metadata { depth_counts: vec![1, spec.entries - 1], ..Metadata::default() };
    let dir = tables_holding_rewritten(&spec, &metadata, &payload);
    let report = verify_refusing(dir.path());
    let expected = format!("{}: inconsistent entries: entry 1 (1): no phase-2 move leads closer", spec.file_name());
    assert!(report.contains(&expected), "{report}");
}

#[test]
fn verify_counts_the_cube_phase1_residues_in_the_payload_against_the_metadata() {
    let spec = phase1_spec(Metric::Qtm);
    let good = built_table(&spec);
    let mut payload = good.payload().to_vec();
    // Entry 0 (solved, distance 0) is the lowest base-3 digit of the first byte: now 1.
    payload[0] += 1;
    let dir = tables_holding_rewritten(&spec, good.metadata(), &payload);
    let report = verify_refusing(dir.path());
    let at_residue_0: u64 = good.metadata().depth_counts.iter().step_by(3).sum();
    let expected = format!(
        "cube-distance-mod3-flip-slice-twist-qtm.tbl: inconsistent entries: the payload holds {} entries at residue 0, the metadata says \
         {at_residue_0}",
        at_residue_0 - 1
    );
    assert!(report.contains(&expected), "{report}");
}

#[test]
fn counts_that_overflow_their_sum_are_refused_not_summed() {
    let spec = tables_of(Puzzle::Rotation)[0];
    let good = built_table(&spec);
    let mut metadata = good.metadata().clone();
    metadata.depth_counts[0] = u64::MAX;
    let dir = tables_holding_rewritten(&spec, &metadata, good.payload());
    let output = binary(dir.path()).args(["stats", "rotation"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr_of(&output));
    let errors = stderr_of(&output);
    assert!(
        errors.contains("rotation-distance.tbl: damaged metadata: its entries per distance add up to more than 2^64")
    );
    assert!(!errors.contains("panicked"), "{errors}");
}

#[test]
fn verify_fails_when_the_directory_is_missing_or_holds_no_table_and_names_it() {
    let parent = tempfile::tempdir().unwrap();
    let absent = parent.path().join("absent");
    let output = binary(&absent).arg("verify").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let hint = format!("puzzle-tables --tables {} gen", absent.display());
    assert!(stderr_of(&output).contains(&format!("{} does not exist", absent.display())), "{}", stderr_of(&output));
    assert!(stderr_of(&output).contains(&hint), "{}", stderr_of(&output));

    let output = binary(parent.path()).arg("verify").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("holds none of the tables"), "{}", stderr_of(&output));
    let hint = format!("(build it with: puzzle-tables --tables {} gen eight)", parent.path().display());
    assert!(stdout_of(&output).contains(&hint), "{}", stdout_of(&output));
}

#[test]
fn a_near_g1_graph_with_a_foreign_child_is_refused_by_verify_and_by_solve() {
    let spec = near_graph_spec(Metric::Qtm);
    let nodes = spec.entries as u32 / 20;
    let expected = format!(
        "cube-near-graph-flip-slice-twist-qtm.tbl: inconsistent entries: node 1: its child by U ({:#x})",
        nodes << 4
    );
    // Node 1's child by U (word 2 of its 20) becomes a node past the last.
    let errors = refused_by_verify_and_by_solve(&spec, (20 + 2) * 4, &(nodes << 4).to_le_bytes(), &expected);
    assert!(errors.contains("is no node"), "{errors}");
}

#[test]
fn a_class_move_to_a_foreign_class_is_refused_by_verify_and_by_solve() {
    let limit = (FLIP_SLICE_CLASSES * 16) as u32;
    let expected =
        "cube-moves-flip-slice-class.tbl: inconsistent entries: entry 40 is 1030880, but every entry is below 1030880";
    refused_by_verify_and_by_solve(&CLASS_MOVES_SPEC, 40 * 3, &limit.to_le_bytes()[..3], expected);
}

/// The cube's table `spec` with `bytes` written at `offset` of its payload, under a valid
/// checksum: `verify` and `solve cube` (with the other tables beside it) both refuse it with
/// `expected`, without a panic. The errors of `solve cube`.
fn refused_by_verify_and_by_solve(spec: &TableSpec, offset: usize, bytes: &[u8], expected: &str) -> String {
    let good = built_table(spec);
    let mut payload = good.payload().to_vec();
    payload[offset..offset + bytes.len()].copy_from_slice(bytes);
    let dir = tables_holding_rewritten(spec, good.metadata(), &payload);
    let report = verify_refusing(dir.path());
    assert!(report.contains(expected), "{report}");

    for puzzle in [Puzzle::Cube, Puzzle::MagicCube] {
        for other in tables_of(puzzle).into_iter().filter(|other| other != spec) {
            let name = other.file_name();
            std::fs::copy(tables_with(puzzle).join(&name), dir.path().join(&name)).unwrap();
        }
    }
    let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
    let output = binary(dir.path()).args(["solve", "cube", superflip]).output().unwrap();
    let errors = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2), "{errors}");
    assert!(errors.contains(expected) && !errors.contains("panicked"), "{errors}");
    errors
}
