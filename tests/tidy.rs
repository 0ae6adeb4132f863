//! The conventions ARCHITECTURE.md states, checked so nobody has to remember them: the query
//! crate never depends on the generator, the models crate depends on nothing but serde (JSON text), `unsafe` code
//! is the memory map and the opens that pass its contract on (each `unsafe fn` with a
//! `# Safety` doc, each `unsafe` block with a `// SAFETY:` comment), and every Rust file
//! opens with a `//!` overview, no file is long unless ARCHITECTURE.md names its one job, the
//! binary prints only through `src/writer.rs`, no crate
//! (xtask included) has an import loop, and the query crate's puzzle folders have none even
//! between a folder and its parts.

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

/// The most lines a file holds before its tests, unless ARCHITECTURE.md names it as doing one
/// long job.
const MOST_LINES: usize = 600;

#[test]
fn no_file_is_longer_than_most_unless_architecture_names_its_one_job() {
    let architecture = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let long: Vec<String> = rust_files()
        .into_iter()
        .filter(|path| !path.starts_with(root().join("tests")))
        .filter_map(|path| {
            let code = std::fs::read_to_string(&path).unwrap();
            let lines = code.lines().take_while(|line| *line != "#[cfg(test)]").count();
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            (lines > MOST_LINES && !architecture.contains(&format!("`{name}`"))).then(|| format!("{name}: {lines}"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines before the tests, and no one job named in ARCHITECTURE.md: {long:?}"
    );
}

#[test]
fn the_binary_prints_only_through_its_writer() {
    // std's print macros panic on a closed pipe; src/writer.rs handles it (issue 14, item 6),
    // and the server's crate, which the binary runs, writes its log through its own.
    let printing = ["println!", "print!(", "eprintln!", "eprint!(", "io::stdout()", "io::stderr().lock"];
    for (folder, writer) in [("src", "src/writer.rs"), ("crates/serve/src", "crates/serve/src/stderr.rs")] {
        let files: Vec<PathBuf> =
            rust_files().into_iter().filter(|path| path.starts_with(root().join(folder))).collect();
        assert!(files.iter().any(|path| path.ends_with(writer)));
        for path in files.iter().filter(|path| !path.ends_with(writer)) {
            let text = std::fs::read_to_string(path).unwrap();
            for (number, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                if let Some(found) = printing.iter().find(|macro_name| code.contains(*macro_name)) {
                    panic!("{}:{}: {found} outside {writer}: write through it", path.display(), number + 1);
                }
            }
        }
    }
}

#[test]
fn front_ends_answer_through_the_librarys_one_answer_path() {
    // An answer's JSON fields are written by the query crate's answer module alone: a front
    // end (the binary, the server) that wrote `"moves"` itself would keep its own copy of the
    // answer's shape.
    let front_ends = [root().join("src"), root().join("crates/serve/src")];
    let files: Vec<PathBuf> =
        rust_files().into_iter().filter(|path| front_ends.iter().any(|dir| path.starts_with(dir))).collect();
    let solves =
        ["src/eight.rs", "src/cubic.rs", "src/rotation.rs", "src/cube.rs", "src/fifteen.rs", "crates/serve/src/api.rs"];
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

/// The crates whose modules are checked for loops: every `src/lib.rs` and `src/main.rs`
/// of the workspace (the root, `crates/*`, `xtask`), as (source folder, root file).
fn crate_roots() -> Vec<(PathBuf, PathBuf)> {
    let mut folders = vec![root().join("src"), root().join("xtask/src")];
    let mut members: Vec<PathBuf> =
        std::fs::read_dir(root().join("crates")).unwrap().map(|entry| entry.unwrap().path().join("src")).collect();
    members.sort();
    folders.extend(members);
    let mut roots = Vec::new();
    for folder in folders {
        for name in ["lib.rs", "main.rs"] {
            if folder.join(name).exists() {
                roots.push((folder.clone(), folder.join(name)));
            }
        }
    }
    roots
}

/// A module's path in its crate: `[]` for the root, `["cube", "near"]` for `cube/near.rs`.
type ModulePath = Vec<String>;

/// One crate's modules: each module's file, its code (comments and unit tests left out)
/// and the modules it declares.
struct CrateModules {
    files: std::collections::BTreeMap<ModulePath, PathBuf>,
    code: std::collections::BTreeMap<ModulePath, String>,
}

/// The code of a file that can import: up to its unit tests (whose `use super::*` is their
/// own file), with comments dropped.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The names of the modules a file declares with `mod NAME;` (not inline `mod NAME {`).
fn declared_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in code.lines().map(str::trim) {
        let line = line.trim_start_matches("pub(crate) ").trim_start_matches("pub(super) ").trim_start_matches("pub ");
        if let Some(name) = line.strip_prefix("mod ").and_then(|rest| rest.strip_suffix(';')) {
            names.push(name.trim().to_string());
        }
    }
    names
}

/// Every module of the crate whose root file is `root_file`, found by following `mod` lines.
fn crate_modules(folder: &Path, root_file: &Path) -> CrateModules {
    let mut modules = CrateModules { files: Default::default(), code: Default::default() };
    let mut pending: Vec<(ModulePath, PathBuf)> = vec![(Vec::new(), root_file.to_path_buf())];
    while let Some((module, file)) = pending.pop() {
        let code = code_of(&file);
        // `a.rs` and `a/mod.rs` both hold their parts in `a/`; the root's are beside it.
        let parts = if module.is_empty() { folder.to_path_buf() } else { folder.join(module.join("/")) };
        for name in declared_modules(&code) {
            let mut part = module.clone();
            part.push(name.clone());
            let flat = parts.join(format!("{name}.rs"));
            let nested = parts.join(&name).join("mod.rs");
            // A `#[path]` module (a shared test reference) is another crate's file: skipped.
            if flat.exists() {
                pending.push((part, flat));
            } else if nested.exists() {
                pending.push((part, nested));
            }
        }
        modules.files.insert(module.clone(), file);
        modules.code.insert(module, code);
    }
    modules
}

/// The `use` statements of `code` (`pub` or not), each as the paths its tree names, with
/// `self` in a group naming the group's own path: `use a::{self, b::{C, D}};` gives `a`,
/// `a::b::C` and `a::b::D`, each with whether it is re-exported (`pub use`). Only `pub use`
/// statements when `only_public`.
fn use_paths(code: &str, only_public: bool) -> Vec<(String, bool)> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        let prefix = before[line_start..].trim();
        let public = prefix.starts_with("pub");
        let statement_start = prefix.is_empty() || prefix == "pub" || prefix.starts_with("pub(");
        let end = rest[at..].find(';').map_or(rest.len(), |n| at + n);
        if statement_start && (public || !only_public) {
            let words = rest[at + 4..end].split_whitespace().collect::<Vec<_>>().join(" ");
            let tree = words.replace(" as ", "@as@").replace(' ', "");
            let mut statement = Vec::new();
            expand_tree("", &tree, &mut statement);
            paths.extend(statement.into_iter().map(|path| (path, public)));
        }
        rest = &rest[at + 4..];
    }
    paths
}

/// Adds the paths of the use tree `tree` under `prefix` to `paths`.
fn expand_tree(prefix: &str, tree: &str, paths: &mut Vec<String>) {
    let join = |part: &str| if prefix.is_empty() { part.to_string() } else { format!("{prefix}::{part}") };
    let Some(open) = tree.find('{') else {
        let path = tree.split("@as@").next().unwrap_or(tree);
        match path {
            "self" => paths.push(prefix.to_string()),
            "" => {}
            path => paths.push(join(path)),
        }
        return;
    };
    let head = join(tree[..open].trim_end_matches("::"));
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut depth = 0;
    let mut start = 0;
    for (index, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand_tree(&head, &inner[start..index], paths);
                start = index + 1;
            }
            _ => {}
        }
    }
    expand_tree(&head, &inner[start..], paths);
}

/// The paths written in `code` outside `use` statements that start at `crate::` or
/// `super::`: `crate::puzzle_parser()` gives `crate::puzzle_parser`.
fn inline_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String =
                code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            // `crate::{a, b}` is a `use` group, read with the `use` statements.
            if !path.ends_with("::") {
                paths.push(path);
            }
        }
    }
    paths
}

impl CrateModules {
    /// The module that `path`, written in `module`, takes something from, or `None` for
    /// other crates. A name a module re-exports (`pub use part::Name`) leads to where it
    /// is defined.
    fn target(&self, module: &ModulePath, path: &str, depth: usize) -> Option<ModulePath> {
        let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let mut base = match segments.first().copied() {
            Some("crate") => {
                segments.remove(0);
                Vec::new()
            }
            Some("super") | Some("self") => {
                let mut base = module.clone();
                while let Some(first) = segments.first().copied() {
                    match first {
                        "super" => {
                            base.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    segments.remove(0);
                }
                base
            }
            Some(first) if self.files.contains_key(&[module.clone(), vec![first.to_string()]].concat()) => {
                module.clone()
            }
            _ => return None,
        };
        for name in segments {
            let mut part = base.clone();
            part.push(name.to_string());
            if self.files.contains_key(&part) {
                base = part;
                continue;
            }
            // An item of `base`: maybe one that `base` only re-exports.
            if depth < 8 {
                for (export, _) in use_paths(&self.code[&base], true) {
                    if export.rsplit("::").next() == Some(name) {
                        return self.target(&base, &export, depth + 1);
                    }
                }
            }
            return Some(base);
        }
        Some(base)
    }

    /// Every module's imports of the crate's own modules: (importer, imported), never a
    /// module importing itself. A module's `pub use` of its own parts is its front door, not
    /// an import: the parts may use what the module itself defines.
    fn edges(&self) -> Vec<(ModulePath, ModulePath)> {
        let mut edges = Vec::new();
        for (module, code) in &self.code {
            let paths = use_paths(code, false).into_iter().chain(inline_paths(code).into_iter().map(|p| (p, false)));
            for (path, public) in paths {
                if let Some(target) = self.target(module, &path, 0) {
                    let front_door = public && target.starts_with(module);
                    if target != *module && !front_door && !edges.contains(&(module.clone(), target.clone())) {
                        edges.push((module.clone(), target));
                    }
                }
            }
        }
        edges
    }

    /// A module's name for messages: its file.
    fn name(&self, module: &ModulePath) -> String {
        let file = &self.files[module];
        file.strip_prefix(root()).unwrap_or(file).to_string_lossy().replace('\\', "/")
    }
}

/// A path of imports from `from` to `to`, if there is one.
fn import_path(edges: &[(ModulePath, ModulePath)], from: &ModulePath, to: &ModulePath) -> Option<Vec<ModulePath>> {
    let mut came_from: std::collections::HashMap<ModulePath, ModulePath> = Default::default();
    let mut queue = std::collections::VecDeque::from([from.clone()]);
    while let Some(module) = queue.pop_front() {
        if module == *to {
            let mut path = vec![module.clone()];
            while let Some(previous) = came_from.get(path.last().unwrap()) {
                path.push(previous.clone());
            }
            path.reverse();
            return Some(path);
        }
        for (_, next) in edges.iter().filter(|(a, _)| *a == module) {
            if next != from && !came_from.contains_key(next) {
                came_from.insert(next.clone(), module.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

/// The import loops of the crate in `folder`, each in words (`a.rs -> b.rs -> a.rs`).
fn import_loops(folder: &Path, root_file: &Path) -> Vec<String> {
    let modules = crate_modules(folder, root_file);
    let edges = modules.edges();
    let mut loops = Vec::new();
    let mut seen: Vec<Vec<ModulePath>> = Vec::new();
    for (from, to) in &edges {
        if let Some(back) = import_path(&edges, to, from) {
            let mut members = back.clone();
            members.sort();
            if seen.contains(&members) {
                continue;
            }
            seen.push(members);
            let mut names: Vec<String> = vec![modules.name(from)];
            names.extend(back.iter().map(|module| modules.name(module)));
            loops.push(names.join(" -> "));
        }
    }
    loops
}

#[test]
fn no_crate_has_an_import_loop() {
    // A module that imports another (by `use`, or a `crate::`/`super::` path in its code)
    // is never imported back, directly or through others: the code reads in one direction.
    // A parent's `pub use part::Name` counts as an import of `part`; a name it re-exports
    // leads to where it is defined.
    let roots = crate_roots();
    assert!(roots.len() >= 7, "every crate is checked: {roots:?}");
    let mut loops = Vec::new();
    for (folder, root_file) in roots {
        loops.extend(import_loops(&folder, &root_file));
    }
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
}

#[test]
fn the_import_loop_check_sees_a_loop() {
    // The check above, on a made-up crate whose two parts import each other.
    let dir = std::env::temp_dir().join(format!("tidy-loop-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("lib.rs"), "//! x\nmod a;\nmod b;\npub use b::Thing;\n").unwrap();
    std::fs::write(dir.join("a.rs"), "//! x\nuse crate::Thing;\npub fn f() {}\n").unwrap();
    std::fs::write(dir.join("b/mod.rs"), "//! x\nmod c;\npub use c::Thing;\n").unwrap();
    std::fs::write(dir.join("b/c.rs"), "//! x\npub struct Thing;\nfn g() { crate::a::f() }\n").unwrap();
    let loops = import_loops(&dir, &dir.join("lib.rs"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(loops.len(), 1, "{loops:?}");
    assert!(loops[0].contains("a.rs") && loops[0].contains("b/c.rs"), "{loops:?}");
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

#[test]
fn nothing_imports_the_binarys_entry() {
    // `src/main.rs` parses and dispatches: what other files share (clap types, options,
    // value parsers) lives in modules of its own, never in the entry.
    let modules = crate_modules(&root().join("src"), &root().join("src/main.rs"));
    let entry: ModulePath = Vec::new();
    let importers: Vec<String> =
        modules.edges().into_iter().filter(|(_, to)| *to == entry).map(|(from, _)| modules.name(&from)).collect();
    assert!(importers.is_empty(), "these files import src/main.rs's own items: {importers:?}");
}

#[test]
fn the_query_crates_front_door_only_declares_and_reexports() {
    // `crates/query/src/lib.rs` is the overview, the modules and the re-exports: every
    // function and type lives in the module it serves.
    let code = code_of(&root().join("crates/query/src/lib.rs"));
    for line in code.lines().map(str::trim) {
        let allowed = line.is_empty()
            || line.starts_with("#![")
            || line.starts_with("mod ")
            || line.starts_with("pub mod ")
            || line.starts_with("pub use ");
        assert!(allowed, "crates/query/src/lib.rs holds more than modules and re-exports: {line}");
    }
}
