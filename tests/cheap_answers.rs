//! Cheap answers before heavy opens (issue 28, item 5): the fifteen puzzle's parity rule and
//! a cube's validity answer before any table is opened or built, so an empty tables
//! directory stays empty and nothing is loaded for them.

mod common;

use common::{binary, stderr_of, stdout_of};

/// The table files in `dir`.
fn tables_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

#[test]
fn an_unsolvable_fifteen_board_is_answered_by_parity_with_no_table() {
    let dir = tempfile::tempdir().unwrap();
    let output =
        binary(dir.path()).args(["solve", "fifteen", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"]).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(stdout_of(&output).starts_with("unsolvable"), "{}", stdout_of(&output));
    assert!(!stderr_of(&output).contains("building"), "{}", stderr_of(&output));
    assert_eq!(tables_in(dir.path()), Vec::<String>::new());
}

#[test]
fn an_impossible_cube_is_refused_with_no_table() {
    let dir = tempfile::tempdir().unwrap();
    // The solved cube with one corner twisted: URF's U and R stickers swapped.
    let mut facelets: Vec<char> = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".chars().collect();
    facelets.swap(8, 9);
    facelets.swap(9, 20);
    let text: String = facelets.into_iter().collect();
    let output = binary(dir.path()).args(["solve", "cube", &text]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_of(&output).contains("not a cube that turns can solve"), "{}", stderr_of(&output));
    assert!(!stderr_of(&output).contains("building"), "{}", stderr_of(&output));
    assert_eq!(tables_in(dir.path()), Vec::<String>::new());
}
