//! The safe open reads a table into memory: a file rewritten or truncated in place after
//! it was opened changes nothing for the reader (with a memory map, that would be undefined
//! behaviour, which is why `Tables::open_mapped` is `unsafe`).

mod common;

use common::tables_with;
use puzzle_tables_query::{eight::EightTable, Puzzle, Tables};

#[test]
fn a_table_changed_in_place_after_the_safe_open_changes_no_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(EightTable::SPEC.file_name());
    std::fs::copy(tables_with(Puzzle::Eight).join(EightTable::SPEC.file_name()), &path).unwrap();
    let table = Tables::open(dir.path()).unwrap().eight().unwrap();
    assert!(!table.table().is_mapped());
    let board = "2 3 4 1 5 x 7 6 8".parse().unwrap();
    let before = table.optimal_moves(&board).unwrap();

    // In place: the same inode, first scribbled over, then cut to nothing.
    let length = std::fs::metadata(&path).unwrap().len() as usize;
    std::fs::write(&path, vec![0xa5; length]).unwrap();
    assert_eq!(table.optimal_moves(&board).unwrap(), before);
    std::fs::File::create(&path).unwrap();
    assert_eq!(table.optimal_moves(&board).unwrap(), before);
    assert_eq!(before.map(|moves| moves.len()), Some(19));
}
