//! What CI promises, checked: README.md names every command `.ci/run` runs, and the
//! workspace's declared `rust-version` is one the whole build can honour.
//!
//! The `rust-version` checks are what can be proved offline with one toolchain: every crate
//! declares the workspace's version, no locked dependency asks for a newer compiler, and the
//! compiler running the tests is not older than the declaration. Clippy in `.ci/run` adds
//! that no standard library item stabilised after it is used (`incompatible_msrv`). None of
//! this proves that the declared compiler accepts every language feature the code uses;
//! only a build with that compiler does.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `1.87`, `1.85.0` as comparable numbers; a missing part counts as 0.
fn version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|part| part.parse::<u64>().unwrap_or_else(|_| panic!("not a version: {text}")));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// The platform the tests run on, as `rustc -vV` names it (`x86_64-unknown-linux-gnu`).
fn host() -> String {
    let output = Command::new("rustc").arg("-vV").output().expect("rustc runs");
    let text = String::from_utf8(output.stdout).expect("rustc prints UTF-8");
    text.lines().find_map(|line| line.strip_prefix("host: ")).expect("rustc -vV names the host").to_string()
}

/// `cargo metadata` for the workspace and every locked dependency this platform builds
/// (offline: a dependency of another platform only, never downloaded by a build, is left out).
fn metadata() -> Value {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline", "--locked", "--filter-platform", &host()])
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

/// The workspace's declared `rust-version`, from the root manifest's `[workspace.package]`.
fn declared_rust_version() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let section = manifest.split("[workspace.package]").nth(1).expect("the root manifest has [workspace.package]");
    let line = section
        .lines()
        .take_while(|line| !line.starts_with('['))
        .find_map(|line| line.strip_prefix("rust-version = "))
        .expect("[workspace.package] declares rust-version");
    line.trim_matches('"').to_string()
}

#[test]
fn every_workspace_crate_declares_the_workspace_rust_version() {
    let declared = declared_rust_version();
    let metadata = metadata();
    let members: Vec<&str> =
        metadata["workspace_members"].as_array().unwrap().iter().map(|id| id.as_str().unwrap()).collect();
    let packages = metadata["packages"].as_array().unwrap();
    let mut checked = 0;
    for package in packages.iter().filter(|p| members.contains(&p["id"].as_str().unwrap())) {
        let name = &package["name"];
        assert_eq!(
            package["rust_version"].as_str(),
            Some(declared.as_str()),
            "{name}: use rust-version.workspace = true"
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} workspace crates found");
}

#[test]
fn no_locked_dependency_needs_a_newer_compiler_than_declared() {
    let declared = version(&declared_rust_version());
    let metadata = metadata();
    for package in metadata["packages"].as_array().unwrap() {
        if let Some(needed) = package["rust_version"].as_str() {
            let (name, release) = (&package["name"], &package["version"]);
            assert!(version(needed) <= declared, "{name} {release} needs Rust {needed}: raise rust-version or pin it");
        }
    }
}

#[test]
fn the_compiler_running_the_tests_is_not_older_than_declared() {
    // The rustc beside the cargo that runs the tests (the same toolchain).
    let beside_cargo = Path::new(env!("CARGO")).with_file_name("rustc");
    let rustc = if beside_cargo.exists() { beside_cargo.into_os_string() } else { "rustc".into() };
    let output = Command::new(rustc).arg("--version").output().expect("rustc runs");
    let text = String::from_utf8(output.stdout).unwrap();
    let running = text.split_whitespace().nth(1).expect("rustc --version: `rustc X.Y.Z ...`");
    let running = running.split('-').next().unwrap();
    let declared = declared_rust_version();
    assert!(version(running) >= version(&declared), "rustc {running} is older than the declared {declared}");
}

/// The commands `.ci/run` runs that README.md must name word for word: each line that calls
/// cargo, without the temporary-directory variables it sets; the example loop (written with
/// a shell variable) is named in words instead.
fn ci_commands() -> Vec<String> {
    let script = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    script
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#') && line.contains("cargo "))
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            let skip = words.iter().take_while(|w| w.contains('=') && w.contains('$')).count();
            words[skip..].join(" ")
        })
        .filter(|command| !command.contains('$'))
        .collect()
}

#[test]
fn the_readme_names_every_command_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = ci_commands();
    for expected in ["cargo fmt", "cargo clippy", "cargo doc", "cargo test", "cargo package"] {
        assert!(commands.iter().any(|c| c.contains(expected)), ".ci/run no longer runs {expected}");
    }
    for command in &commands {
        assert!(readme.contains(&format!("`{command}`")), "README.md does not name `{command}`, which .ci/run runs");
    }
}
