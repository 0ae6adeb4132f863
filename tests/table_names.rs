//! Table file names tell what a table holds: the tiles of a fifteen-puzzle pattern, the
//! coordinates and metric of a cube table. `verify` in a directory that holds the files of
//! the older, numbered names calls those unused (they can be deleted), and `gen` writes the
//! new names.

mod common;

use common::{binary, stdout_of};

/// The names of the previous version, which named a table by its variant's number.
const OLD_NAMES: [&str; 6] = [
    "fifteen-pattern-28.tbl",
    "fifteen-pattern-55680.tbl",
    "cube-moves-5.tbl",
    "cube-sym-class-3.tbl",
    "cube-distance-mod3-1.tbl",
    "cube-pair-distance-10.tbl",
];

/// The fifteen puzzle's default databases: the tiles of each pattern of 6-6-3.
const FIFTEEN_NAMES: [&str; 3] = [
    "fifteen-pattern-tiles-1-5-6-9-10-13.tbl",
    "fifteen-pattern-tiles-7-8-11-12-14-15.tbl",
    "fifteen-pattern-tiles-2-3-4.tbl",
];

/// The cube's tables: coordinates, then the metric where distances are counted.
const CUBE_NAMES: [&str; 14] = [
    "cube-sym-class-flip-slice.tbl",
    "cube-sym-class-corner-perm.tbl",
    "cube-sym-class-ud-edge-perm.tbl",
    "cube-moves-flip-slice-class.tbl",
    "cube-moves-corner-perm-class.tbl",
    "cube-moves-ud-edge-perm-class.tbl",
    "cube-distance-mod3-flip-slice-twist-htm.tbl",
    "cube-distance-mod3-flip-slice-twist-qtm.tbl",
    "cube-near-graph-flip-slice-twist-htm.tbl",
    "cube-near-graph-flip-slice-twist-qtm.tbl",
    "cube-pair-distance-corner-perm-slice-perm-htm.tbl",
    "cube-pair-distance-ud-edge-perm-slice-perm-htm.tbl",
    "cube-pair-distance-corner-perm-slice-perm-qtm.tbl",
    "cube-pair-distance-ud-edge-perm-slice-perm-qtm.tbl",
];

/// The cube's optional large set: the phase-1 steps, then the phase-2 corner-class and
/// U/D-edge distances, both in face turns.
const CUBE_LARGE_NAMES: [&str; 2] =
    ["cube-distance-steps-flip-slice-twist-htm.tbl", "cube-pair-distance-corner-perm-class-ud-edge-perm-htm.tbl"];

#[test]
fn the_cube_large_set_names_tell_what_they_hold() {
    let large = puzzle_tables_query::optional_tables_of(puzzle_tables_query::Puzzle::Cube);
    assert_eq!(large.iter().map(|spec| spec.file_name()).collect::<Vec<_>>(), CUBE_LARGE_NAMES);
}

#[test]
fn table_names_tell_what_they_hold_and_the_old_names_are_unused() {
    let dir = tempfile::tempdir().unwrap();
    for name in OLD_NAMES {
        std::fs::write(dir.path().join(name), b"left by an older version").unwrap();
    }
    let gen = binary(dir.path()).args(["gen", "fifteen"]).output().unwrap();
    assert!(gen.status.success(), "{}", String::from_utf8_lossy(&gen.stderr));
    let output = binary(dir.path()).arg("verify").output().unwrap();
    let report = stdout_of(&output);
    let line_of = |name: &str| {
        let path = dir.path().join(name).display().to_string();
        report.lines().find(|line| line.split_whitespace().nth(1) == Some(path.as_str())).map(str::to_string)
    };
    let status_of = |name: &str| line_of(name).and_then(|line| line.split_whitespace().next().map(str::to_string));
    for name in FIFTEEN_NAMES {
        assert_eq!(status_of(name).as_deref(), Some("ok"), "{name}: {report}");
    }
    for name in CUBE_NAMES {
        assert_eq!(status_of(name).as_deref(), Some("missing"), "{name}: {report}");
    }
    for name in OLD_NAMES {
        assert_eq!(status_of(name).as_deref(), Some("unused"), "{name}: {report}");
    }
    let listed = report.lines().count();
    assert_eq!(listed, FIFTEEN_NAMES.len() + CUBE_NAMES.len() + OLD_NAMES.len() + other_tables(), "{report}");
}

/// The tables of the puzzles this test does not name, each listed by `verify` as missing.
fn other_tables() -> usize {
    use puzzle_tables_query::{tables_of, Puzzle};
    let others = Puzzle::BUILT_IN.iter().filter(|&&puzzle| puzzle != Puzzle::Fifteen && puzzle != Puzzle::Cube);
    others.map(|&puzzle| tables_of(puzzle).len()).sum()
}
