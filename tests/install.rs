//! Release artifacts end to end: a release written as `cargo xtask dist` writes it, its sums
//! checked by a SHA-256 computed here, installed by the binary; a damaged artifact, a table of
//! another version or a table a reader would refuse installs nothing and replaces nothing.
//! The fifteen puzzle's pattern databases ship transformed (residues over the Manhattan
//! distance) and install as the exact tables; an unknown or undoable transform installs
//! nothing.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use common::{binary, release_of, stderr_of, stdout_of, tables_with};
use puzzle_tables_dist::{compress, sha256_hex, write_release, Manifest, TableRecord, Transform, MANIFEST_FILE};
use puzzle_tables_query::{tables_of, Puzzle, Table, TableSpec};
use sha2::{Digest, Sha256};

/// A release of the eight-puzzle and rotation-game tables (the small ones) in a new directory.
fn release() -> tempfile::TempDir {
    release_of(&[Puzzle::Eight, Puzzle::Rotation])
}

fn install(tables: &Path, release: &Path) -> std::process::Output {
    binary(tables).arg("install").arg("--from").arg(release).output().unwrap()
}

#[test]
fn the_release_sums_are_the_sha256_of_each_file() {
    let release = release();
    let sums = std::fs::read_to_string(release.path().join("SHA256SUMS")).unwrap();
    let mut files = Vec::new();
    for line in sums.lines() {
        let (hash, file) = line.split_once("  ").expect("`HASH  FILE`, as sha256sum -c reads it");
        let digest = Sha256::digest(std::fs::read(release.path().join(file)).unwrap());
        let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
        assert_eq!(hash, hex, "{file}");
        files.push(file);
    }
    assert_eq!(files, ["eight-parent.tbl.zst", "rotation-distance.tbl.zst", MANIFEST_FILE]);
    // Where sha256sum is installed, it agrees.
    if let Ok(check) = Command::new("sha256sum").args(["-c", "SHA256SUMS"]).current_dir(release.path()).output() {
        assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));
    }
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

/// The release's manifest, changed by `change`.
fn edit_manifest(release: &Path, change: impl FnOnce(&mut Manifest)) {
    let mut manifest = Manifest::read(release).unwrap();
    change(&mut manifest);
    std::fs::write(release.join(MANIFEST_FILE), manifest.to_json()).unwrap();
}

/// Every file in `dir` with its bytes.
fn contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .map(|path| (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(path).unwrap()))
        .collect()
}

/// A tables directory holding the eight-puzzle and rotation-game tables as built.
fn installed_tables() -> tempfile::TempDir {
    let tables = tempfile::tempdir().unwrap();
    for puzzle in [Puzzle::Eight, Puzzle::Rotation] {
        for spec in tables_of(puzzle) {
            std::fs::copy(tables_with(puzzle).join(spec.file_name()), tables.path().join(spec.file_name())).unwrap();
        }
    }
    tables
}

#[test]
fn a_release_of_another_ranking_version_is_refused_saying_which() {
    let release = release();
    let rotation = tables_of(Puzzle::Rotation)[0];
    edit_manifest(release.path(), |manifest| manifest.tables[1].ranking_version = rotation.ranking_version + 1);
    let tables = installed_tables();
    let before = contents(tables.path());
    let output = install(tables.path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    let expected = format!(
        "rotation-distance.tbl: the release holds rotation ranking version {}; this build reads version {}",
        rotation.ranking_version + 1,
        rotation.ranking_version
    );
    assert!(stderr_of(&output).contains(&expected), "{}", stderr_of(&output));
    assert_eq!(contents(tables.path()), before, "a refused release changes nothing");
}

#[test]
fn a_table_a_reader_would_refuse_replaces_no_good_table() {
    // The release's eight-puzzle table is sound (and differs from the installed one); its
    // rotation table was built with another ranking, under a manifest that does not say so.
    let eight = tables_of(Puzzle::Eight)[0];
    let rotation = tables_of(Puzzle::Rotation)[0];
    let mut files = Vec::new();
    for (spec, ranking_version) in [(eight, eight.ranking_version), (rotation, rotation.ranking_version + 1)] {
        let table = Table::open_verified(&tables_with(spec.puzzle).join(spec.file_name()), &spec).unwrap();
        let mut metadata = table.metadata().clone();
        metadata.description += " (another build)";
        let bytes = TableSpec { ranking_version, ..spec }.encode_file(&metadata, table.payload());
        files.push((TableRecord::new(&spec, &metadata, &bytes), bytes));
    }
    let release = tempfile::tempdir().unwrap();
    write_release(release.path(), files).unwrap();
    let tables = installed_tables();
    let before = contents(tables.path());
    let output = install(tables.path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr_of(&output);
    assert!(errors.contains("rotation-distance.tbl: built with ranking version"), "{errors}");
    assert_eq!(contents(tables.path()), before, "a refused release changes nothing");
}

#[test]
fn install_reports_each_refused_table_once() {
    let release = release();
    std::fs::remove_file(release.path().join("eight-parent.tbl.zst")).unwrap();
    let artifact = release.path().join("rotation-distance.tbl.zst");
    let mut bytes = std::fs::read(&artifact).unwrap();
    bytes.truncate(100);
    std::fs::write(&artifact, bytes).unwrap();
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr_of(&output);
    assert!(errors.contains("2 of the release's 2 tables refused, nothing installed"), "{errors}");
    assert_eq!(errors.matches("eight-parent.tbl.zst").count(), 1, "{errors}");
    assert_eq!(errors.matches("(os error 2)").count(), 1, "{errors}");
    assert_eq!(errors.matches("rotation-distance.tbl.zst: size 100").count(), 1, "{errors}");
    assert!(contents(tables.path()).is_empty());
}

#[test]
fn every_entry_of_the_pattern_databases_comes_back_from_the_transform() {
    for spec in tables_of(Puzzle::Fifteen) {
        let table = std::fs::read(tables_with(Puzzle::Fifteen).join(spec.file_name())).unwrap();
        let (transform, mut bytes) = Transform::apply_any(&table).expect("a pattern database is transformed");
        assert_eq!(transform, Transform::ManhattanResidues);
        assert_ne!(bytes, table, "{}: the payload changes", spec.file_name());
        transform.undo(&mut bytes).unwrap();
        assert!(bytes == table, "{}: every byte comes back", spec.file_name());
    }
    let eight = std::fs::read(tables_with(Puzzle::Eight).join(tables_of(Puzzle::Eight)[0].file_name())).unwrap();
    assert!(Transform::apply_any(&eight).is_none(), "only pattern databases are transformed");
}

#[test]
fn a_transformed_release_installs_the_exact_tables() {
    let release = release_of(&[Puzzle::Fifteen]);
    let manifest = Manifest::read(release.path()).unwrap();
    for record in &manifest.tables {
        let transform = record.artifact.as_ref().and_then(|artifact| artifact.transform.as_deref());
        assert_eq!(transform, Some(Transform::ManhattanResidues.label()), "{}", record.file);
    }
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert!(output.status.success(), "{}", stderr_of(&output));
    for spec in tables_of(Puzzle::Fifteen) {
        let built = std::fs::read(tables_with(Puzzle::Fifteen).join(spec.file_name())).unwrap();
        assert!(std::fs::read(tables.path().join(spec.file_name())).unwrap() == built, "{}", spec.file_name());
    }
}

#[test]
fn an_artifact_of_an_unknown_transform_installs_nothing() {
    let release = release_of(&[Puzzle::Fifteen]);
    edit_manifest(release.path(), |manifest| {
        manifest.tables[2].artifact.as_mut().unwrap().transform = Some("zigzag".into());
    });
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert_eq!(output.status.code(), Some(2));
    let expected = "fifteen-pattern-tiles-2-3-4.tbl.zst: transform `zigzag` is not one this build knows \
                    (fifteen-manhattan-residues, word-byte-planes); a newer puzzle-tables may install it";
    assert!(stderr_of(&output).contains(expected), "{}", stderr_of(&output));
    assert!(contents(tables.path()).is_empty(), "nothing written");
}

#[test]
fn a_transformed_artifact_with_wrong_residues_or_no_transform_installs_nothing() {
    let release = release_of(&[Puzzle::Fifteen]);
    let file = "fifteen-pattern-tiles-2-3-4.tbl";
    let table = std::fs::read(tables_with(Puzzle::Fifteen).join(file)).unwrap();
    let (_, residues) = Transform::apply_any(&table).unwrap();
    let last = residues.len() - 1;
    // Each a well-formed artifact, its size and SHA-256 in the manifest: residues one off,
    // residues past what a byte holds, and the right residues with the transform's name lost.
    let cases: [(Vec<u8>, bool, &str); 3] = [
        ([&residues[..last], &[residues[last] + 1]].concat(), true, "decompressed SHA-256"),
        ([&residues[..last], &[200]].concat(), true, "cannot undo transform `fifteen-manhattan-residues`: placement"),
        (residues.clone(), false, "decompressed SHA-256"),
    ];
    for (shipped, transformed, expected) in cases {
        let compressed = compress(&shipped, 3, 1);
        std::fs::write(release.path().join(format!("{file}.zst")), &compressed).unwrap();
        edit_manifest(release.path(), |manifest| {
            let artifact = manifest.tables[2].artifact.as_mut().unwrap();
            artifact.bytes = compressed.len() as u64;
            artifact.sha256 = sha256_hex(&compressed);
            artifact.transform = transformed.then(|| Transform::ManhattanResidues.label().to_string());
        });
        let tables = tempfile::tempdir().unwrap();
        let output = install(tables.path(), release.path());
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr_of(&output).contains(&format!("{file}.zst: {expected}")), "{}", stderr_of(&output));
        assert!(contents(tables.path()).is_empty(), "nothing written");
    }
}

#[test]
fn a_defined_puzzles_table_installs_and_answers_without_a_build() {
    let built = tempfile::tempdir().unwrap();
    let output = binary(built.path()).args(["gen", "3x3x3-eo"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let file = "definition-3x3x3-eo.tbl";
    let bytes = std::fs::read(built.path().join(file)).unwrap();
    let definition = puzzle_tables_query::definition::DefinitionTable::open(&built.path().join(file)).unwrap();
    let table = definition.file().expect("opened from its file");
    let mut record = TableRecord::new(table.spec(), table.metadata(), &bytes);
    record.file = file.to_string();
    let release = tempfile::tempdir().unwrap();
    write_release(release.path(), vec![(record, bytes.clone())]).unwrap();
    let tables = tempfile::tempdir().unwrap();
    let output = install(tables.path(), release.path());
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(std::fs::read(tables.path().join(file)).unwrap(), bytes);
    let output = binary(tables.path()).args(["solve", "3x3x3-eo", "--scramble", "F B"]).output().unwrap();
    assert!(stdout_of(&output).starts_with("2 moves: "), "{}", stdout_of(&output));
    assert!(!stderr_of(&output).contains("building"), "{}", stderr_of(&output));
    // A name that could reach outside the tables directory is refused, and nothing written.
    edit_manifest(release.path(), |manifest| manifest.tables[0].file = "definition-../escaped.tbl".into());
    let elsewhere = tempfile::tempdir().unwrap();
    let output = install(&elsewhere.path().join("tables"), release.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("definition-../escaped.tbl"), "{}", stderr_of(&output));
    assert!(!elsewhere.path().join("escaped.tbl").exists());
}
