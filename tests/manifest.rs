//! Generation is deterministic, and `tables/manifest.json` records what it makes: a change
//! to any table's bytes or per-distance counts must show up in review.

mod common;

use common::tables_with;
use puzzle_tables_dist::{Manifest, TableRecord, MANIFEST_FILE};
use puzzle_tables_query::{tables_of, Puzzle, Table};

#[test]
fn regenerated_tables_match_the_committed_manifest() {
    let mut records = Vec::new();
    for &puzzle in Puzzle::BUILT_IN {
        let dir = tables_with(puzzle);
        for spec in tables_of(puzzle) {
            let path = dir.join(spec.file_name());
            let table = Table::open_verified(&path, &spec).expect("a fresh table verifies");
            records.push(TableRecord::new(&spec, table.metadata(), &std::fs::read(&path).unwrap()));
        }
    }
    let committed_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables").join(MANIFEST_FILE);
    let committed = std::fs::read_to_string(&committed_path).expect("tables/manifest.json is committed");
    assert!(
        Manifest::new(records).to_json() == committed,
        "the generated tables differ from {}; if the change is intended, run `cargo xtask gen-tables` and commit \
         the manifest",
        committed_path.display()
    );
}
