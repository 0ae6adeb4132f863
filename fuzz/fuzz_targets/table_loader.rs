//! The table loader on arbitrary file contents: `open` and `verify` never panic, for every
//! table spec the query crate knows.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use puzzle_tables_query::{tables_of, Puzzle, Table};

fuzz_target!(|data: &[u8]| {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("puzzle-tables-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    });
    let path = dir.join("table.tbl");
    std::fs::write(&path, data).expect("the scratch file is written");
    for &puzzle in Puzzle::ALL {
        for spec in tables_of(puzzle) {
            if let Ok(table) = Table::open(&path, &spec) {
                let _ = table.verify();
            }
        }
    }
});
