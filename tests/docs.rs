//! The documents name nothing that is not there: every repository path that README.md and
//! `docs/*.md` name (in code or as a link) exists in the tree, and every `puzzle-tables
//! SUBCOMMAND` they show is one the built binary accepts (`SUBCOMMAND --help` succeeds).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folders of the repository whose paths documents name from the root.
const FOLDERS: [&str; 10] =
    ["src/", "crates/", "tests/", "docs/", "examples/", "xtask/", "python/", "benches/", "fuzz/", ".ci/"];

/// README.md and every page of `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut documents = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            documents.push(path);
        }
    }
    documents.sort();
    documents
}

/// The code of a document: its `code spans`, indented blocks and fenced blocks.
fn code_of(text: &str) -> Vec<String> {
    let mut code = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with("    ") {
            code.push(line.to_string());
            continue;
        }
        code.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
    }
    // A span may run over two lines; joining the prose back catches those too.
    let prose = text.replace('\n', " ");
    code.extend(prose.split('`').skip(1).step_by(2).map(str::to_string));
    code
}

/// The repository paths named in `code`: words that start with one of [`FOLDERS`], without
/// an anchor or trailing punctuation; words with a placeholder (`PUZZLE`, `TARGET`) or a
/// wildcard are patterns, not paths.
fn named_paths(code: &[String]) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for word in code.iter().flat_map(|c| c.split(|ch: char| ch.is_whitespace() || ch == '(' || ch == '@')) {
        let word = word.trim_matches(|c: char| matches!(c, '.' | ',' | ':' | ';' | ')' | '\'' | '"'));
        let word = word.split('#').next().unwrap_or("");
        if !FOLDERS.iter().any(|folder| word.starts_with(folder)) {
            continue;
        }
        let placeholder = word
            .split(['/', '.', '_', '-'])
            .any(|part| part.len() >= 2 && part.chars().all(|c| c.is_ascii_uppercase()));
        if placeholder || word.contains(['*', '{', '<', '$']) {
            continue;
        }
        paths.insert(word.to_string());
    }
    paths
}

/// The relative link targets of a Markdown text (`[text](target)`), without anchors.
fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (at, _) in text.match_indices("](") {
        let target: String = text[at + 2..].chars().take_while(|&c| c != ')' && !c.is_whitespace()).collect();
        let target = target.split('#').next().unwrap_or("").to_string();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            targets.push(target);
        }
    }
    targets
}

#[test]
fn every_path_the_documents_name_exists() {
    let mut missing = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        let name = document.strip_prefix(root()).unwrap().display().to_string();
        for path in named_paths(&code_of(&text)) {
            if !root().join(&path).exists() {
                missing.push(format!("{name}: {path}"));
            }
        }
        for link in links(&text) {
            if !document.parent().unwrap().join(&link).exists() {
                missing.push(format!("{name}: link {link}"));
            }
        }
    }
    assert!(missing.is_empty(), "named but not in the tree:\n{}", missing.join("\n"));
}

/// The subcommands shown as `puzzle-tables SUBCOMMAND` in `code`.
fn named_subcommands(code: &[String]) -> BTreeSet<String> {
    let mut subcommands = BTreeSet::new();
    for line in code {
        for (at, _) in line.match_indices("puzzle-tables ") {
            let word: String = line[at + 14..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
                .collect();
            if word.starts_with(|c: char| c.is_ascii_lowercase()) {
                subcommands.insert(word);
            }
        }
    }
    subcommands
}

#[test]
fn every_subcommand_the_documents_show_is_the_binarys() {
    let mut shown = BTreeSet::new();
    for document in documents() {
        shown.extend(named_subcommands(&code_of(&std::fs::read_to_string(&document).unwrap())));
    }
    assert!(shown.contains("solve") && shown.contains("serve"), "{shown:?}");
    let unknown: Vec<&String> = shown
        .iter()
        .filter(|subcommand| {
            let help = Command::new(env!("CARGO_BIN_EXE_puzzle-tables")).args([subcommand.as_str(), "--help"]).output();
            !help.expect("the binary runs").status.success()
        })
        .collect();
    assert!(unknown.is_empty(), "documents show subcommands the binary does not have: {unknown:?}");
}

#[test]
fn the_check_sees_a_stale_path_and_a_stale_subcommand() {
    let text = "Seeds come from `src/setter/prng.rs`.\n\n    puzzle-tables frobnicate eight\n";
    let code = code_of(text);
    assert!(named_paths(&code).contains("src/setter/prng.rs"));
    assert!(!root().join("src/setter/prng.rs").exists());
    assert!(named_subcommands(&code).contains("frobnicate"));
}
