//! The conventions ARCHITECTURE.md states, checked so nobody has to remember them: the query
//! crate never depends on the generator, the models crate depends on nothing but serde (JSON text), `unsafe` code
//! is the memory map and the opens that pass its contract on (each `unsafe fn` with a
//! `# Safety` doc, each `unsafe` block with a `// SAFETY:` comment), and every Rust file
//! opens with a `//!` overview, the binary prints only through `src/writer.rs`, and the query
//! crate's puzzle folders have no import loop.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file of the project's own code (not `target/`).
fn rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders: Vec<PathBuf> = ["crates", "src", "xtask/src", "tests", "benches", "examples", "fuzz/fuzz_targets"]
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
fn the_models_crate_depends_on_nothing_but_json_reading() {
    // Definitions and patterns come as KPuzzle JSON text: serde reads it, and nothing else.
    let dependencies = dependencies("crates/models/Cargo.toml");
    let names: Vec<&str> = dependencies
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split([' ', '=', '.']).next().unwrap_or(""))
        .collect();
    assert_eq!(names, ["serde", "serde_json"]);
}

/// The files that may hold `unsafe` code: the memory map, the table and directory opens
/// that pass its safety promise on to their callers, and the binary, which keeps it.
const UNSAFE_FILES: [&str; 5] = [
    "crates/query/src/map.rs",
    "crates/query/src/table.rs",
    "crates/query/src/tables.rs",
    "src/tables.rs",
    "crates/python/src/tables.rs",
];

/// The comment lines right above line `index`.
fn comments_above(lines: &[&str], index: usize) -> Vec<String> {
    let above = lines[..index].iter().rev().map(|line| line.trim());
    above.take_while(|line| line.starts_with("//") || line.starts_with("#[")).map(str::to_string).collect()
}

#[test]
fn unsafe_code_is_only_the_memory_map_and_states_its_contract() {
    let mut found = Vec::new();
    for path in rust_files().into_iter().filter(|path| path.file_name().is_some_and(|name| name != "tidy.rs")) {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let code = line.trim();
            if code.starts_with("//") || !code.contains("unsafe") {
                continue;
            }
            let place = format!("{}:{}", path.display(), index + 1);
            let relative = path.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
            assert!(UNSAFE_FILES.contains(&relative.as_str()), "{place}: `unsafe` outside {UNSAFE_FILES:?}");
            let comments = comments_above(&lines, index);
            if code.contains("unsafe fn ") {
                assert!(comments.iter().any(|c| c == "/// # Safety"), "{place}: an unsafe fn without a # Safety doc");
            } else if code.contains("unsafe {") {
                let stated = comments.iter().any(|c| c.starts_with("// SAFETY:"));
                assert!(stated || line.contains("// SAFETY:"), "{place}: an unsafe block without a // SAFETY: comment");
            } else {
                panic!("{place}: only unsafe fns and unsafe blocks are allowed");
            }
            found.push(relative);
        }
    }
    assert!(found.iter().any(|f| f == "crates/query/src/map.rs"), "the memory map is where unsafe code lives");
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

#[test]
fn the_binary_prints_only_through_its_writer() {
    // std's print macros panic on a closed pipe; src/writer.rs handles it (issue 14, item 6).
    let printing = ["println!", "print!(", "eprintln!", "eprint!(", "io::stdout()", "io::stderr().lock"];
    let files: Vec<PathBuf> = rust_files().into_iter().filter(|path| path.starts_with(root().join("src"))).collect();
    assert!(files.iter().any(|path| path.ends_with("src/writer.rs")));
    for path in files.iter().filter(|path| !path.ends_with("src/writer.rs")) {
        let text = std::fs::read_to_string(path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if let Some(found) = printing.iter().find(|macro_name| code.contains(*macro_name)) {
                panic!(
                    "{}:{}: {found} outside src/writer.rs: use writer::stdout() or errln!",
                    path.display(),
                    number + 1
                );
            }
        }
    }
}

#[test]
fn front_ends_answer_through_the_librarys_one_answer_path() {
    // An answer's JSON fields are written by the query crate's answer module alone: a front
    // end that wrote `"moves"` itself would keep its own copy of the answer's shape.
    let files: Vec<PathBuf> = rust_files().into_iter().filter(|path| path.starts_with(root().join("src"))).collect();
    let solves =
        ["src/eight.rs", "src/cubic.rs", "src/rotation.rs", "src/cube.rs", "src/fifteen.rs", "src/serve/api.rs"];
    for solve in solves {
        let text = std::fs::read_to_string(root().join(solve)).unwrap();
        assert!(text.contains("answer_"), "{solve} answers through the answer path");
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for field in ["\"moves\":", "\"children\":", "\"steps\":", "\"distance\":"] {
            assert!(!text.contains(field), "{}: writes the answer field {field} itself", path.display());
        }
    }
}

/// The modules a file of the query crate imports from `crate::` or `super::` (`use` lines
/// only): `crate::cube::near::X` gives `cube::near`, `super::near::X` in `cube/` too.
fn imported_modules(path: &Path, folder: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut modules = Vec::new();
    // Up to the unit tests, whose `use super::*` is their own file.
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    for line in code.lines().map(str::trim_start).filter(|l| l.starts_with("use ") || l.starts_with("pub use ")) {
        let path = line.trim_start_matches("pub ").trim_start_matches("use ");
        let path = path
            .strip_prefix("super::")
            .map(|rest| format!("{folder}::{rest}"))
            .or_else(|| path.strip_prefix("crate::").map(str::to_string));
        let Some(path) = path else { continue };
        // `folder` may be nested (`cube::optimal`): what follows it names a part, or the
        // folder's own `mod.rs` when nothing more follows.
        let Some(rest) = path.strip_prefix(&format!("{folder}::")) else { continue };
        match rest.split_once("::") {
            Some((part, _)) => modules.push(format!("{folder}::{part}")),
            None => modules.push(folder.to_string()),
        }
    }
    modules
}

#[test]
fn the_query_crates_puzzle_folders_have_no_import_loop() {
    // Within `cube/`, `cube/optimal/` and `fifteen/`: a part imports the folder's `mod.rs`
    // only if `mod.rs` imports nothing of it, and parts that import each other do so one way.
    for folder in ["cube", "cube::optimal", "fifteen"] {
        let dir = root().join("crates/query/src").join(folder.replace("::", "/"));
        let mut edges = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                continue;
            }
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            let module = if stem == "mod" { folder.to_string() } else { format!("{folder}::{stem}") };
            let mut imports = imported_modules(&path, folder);
            if stem == "mod" {
                // `mod.rs` names its parts without a prefix: `use near::X`.
                let text = std::fs::read_to_string(&path).unwrap();
                for line in text
                    .lines()
                    .filter(|l| l.starts_with("use ") || l.starts_with("pub use ") || l.starts_with("pub(crate) use "))
                {
                    let name = line.split("use ").nth(1).unwrap().split("::").next().unwrap();
                    if dir.join(format!("{name}.rs")).exists() {
                        imports.push(format!("{folder}::{name}"));
                    }
                }
            }
            edges.extend(imports.into_iter().filter(|m| *m != module).map(|m| (module.clone(), m)));
        }
        for (from, to) in &edges {
            assert!(!edges.contains(&(to.clone(), from.clone())), "{from} and {to} import each other");
        }
    }
}
