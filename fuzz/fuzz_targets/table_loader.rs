//! Fuzz target: see `properties::table_loader`.
#![no_main]

use std::sync::OnceLock;

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    static SCRATCH: OnceLock<std::path::PathBuf> = OnceLock::new();
    let scratch = SCRATCH.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("puzzle-tables-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir.join("table.tbl")
    });
    properties::table_loader(data, scratch);
});
