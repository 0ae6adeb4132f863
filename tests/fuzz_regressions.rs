//! Every input a fuzzer found a failure with (`fuzz/regressions/TARGET/`), replayed through
//! the same property its fuzz target checks (`fuzz/fuzz_targets/properties.rs`).

#[path = "../fuzz/fuzz_targets/properties.rs"]
mod properties;

use std::path::Path;

fn replay(target: &str, property: impl Fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions").join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return 0 };
    let mut replayed = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        property(&std::fs::read(&path).unwrap());
        replayed += 1;
    }
    replayed
}

#[test]
fn every_committed_fuzz_failure_passes_its_property() {
    let scratch = tempfile::tempdir().unwrap();
    let table_path = scratch.path().join("table.tbl");
    let replayed = replay("judge_eight", properties::judge_eight)
        + replay("judge_cubic", properties::judge_cubic)
        + replay("judge_rotation", properties::judge_rotation)
        + replay("judge_magic_cube", properties::judge_magic_cube)
        + replay("judge_fifteen", properties::judge_fifteen)
        + replay("table_loader", |data| properties::table_loader(data, &table_path));
    assert!(replayed >= 1, "the committed regressions are found");
}
