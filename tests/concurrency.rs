//! Tables are replaced by rename, never written in place: two builders of one table and a
//! reader during a rebuild never see a partial file.

mod common;

use std::process::Stdio;

use common::{binary, run_with_input, stderr_of, stdout_of, tables_with};
use puzzle_tables_query::eight::EightTable;
use puzzle_tables_query::Puzzle;

#[test]
fn two_processes_building_the_same_table_both_leave_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..3 {
        let builders: Vec<_> =
            (0..2).map(|_| binary(dir.path()).args(["gen", "eight"]).stdout(Stdio::null()).spawn().unwrap()).collect();
        for mut builder in builders {
            assert!(builder.wait().unwrap().success());
        }
        EightTable::open(&dir.path().join("eight-parent.tbl")).expect("a whole, verified table");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["eight-parent.tbl"], "no temporary files are left behind");
    }
}

#[test]
fn a_reader_during_rebuilds_always_sees_a_whole_table() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(tables_with(Puzzle::Eight).join("eight-parent.tbl"), dir.path().join("eight-parent.tbl")).unwrap();
    let mut rebuilder = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "for i in 1 2 3 4 5 6 7 8 9 10; do '{}' --tables '{}' gen eight || exit 1; done",
            env!("CARGO_BIN_EXE_puzzle-tables"),
            dir.path().display()
        ))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut answers = 0;
    while rebuilder.try_wait().unwrap().is_none() {
        let output = run_with_input(binary(dir.path()).args(["judge", "eight"]), "2 3 4 1 5 x 7 6 8\n");
        assert!(output.status.success(), "{}", stderr_of(&output));
        assert_eq!(stdout_of(&output).trim_end().len(), 19);
        answers += 1;
    }
    assert!(rebuilder.wait().unwrap().success());
    assert!(answers > 0);
}
