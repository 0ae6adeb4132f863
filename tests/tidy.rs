//! The conventions ARCHITECTURE.md states, checked so nobody has to remember them: the query
//! crate never depends on the generator, the models crate depends on nothing, the memory map
//! is the only `unsafe` code, and every Rust file opens with a `//!` overview.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file of the project's own code (not `target/`).
fn rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders: Vec<PathBuf> = ["crates", "src", "xtask/src", "tests", "benches", "fuzz/fuzz_targets"]
        .iter()
        .map(|f| root().join(f))
        .collect();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The `[dependencies]` section of a crate's manifest.
fn dependencies(manifest: &str) -> String {
    let text = std::fs::read_to_string(root().join(manifest)).unwrap();
    let section = text.split("[dependencies]").nth(1).unwrap_or("");
    section.split("\n[").next().unwrap_or("").to_string()
}

#[test]
fn the_query_crate_never_depends_on_the_generator() {
    assert!(!dependencies("crates/query/Cargo.toml").contains("generator"));
}

#[test]
fn the_models_crate_depends_on_nothing() {
    assert_eq!(dependencies("crates/models/Cargo.toml").trim(), "");
}

#[test]
fn the_memory_map_is_the_only_unsafe_code() {
    let with_unsafe: Vec<PathBuf> = rust_files()
        .into_iter()
        .filter(|path| path.file_name().is_some_and(|name| name != "tidy.rs"))
        .filter(|path| std::fs::read_to_string(path).unwrap().contains("unsafe"))
        .collect();
    assert_eq!(with_unsafe, [root().join("crates/query/src/map.rs")]);
}

#[test]
fn every_rust_file_opens_with_an_overview() {
    let files = rust_files();
    assert!(files.len() > 20);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("//!"), "{} has no //! overview at its top", path.display());
    }
}
