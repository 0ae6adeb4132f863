//! `cargo xtask`: project automation.
//!
//! - `cargo xtask gen-tables`: builds the release binary and generates every table into
//!   `tables/` at the workspace root.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

const USAGE: &str = "usage: cargo xtask gen-tables";

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen-tables") => gen_tables(),
        _ => bail!("{USAGE}"),
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace").to_path_buf()
}

/// Runs a command at the workspace root and fails unless it succeeds.
fn run(command: &mut Command) -> anyhow::Result<()> {
    let status = command.current_dir(workspace_root()).status().with_context(|| format!("cannot run {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed with {status}");
    }
    Ok(())
}

/// Builds the release `puzzle-tables` binary and returns its path.
fn release_binary() -> anyhow::Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(cargo).args(["build", "--release", "--bin", "puzzle-tables"]))?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), PathBuf::from);
    Ok(target.join("release").join("puzzle-tables"))
}

fn gen_tables() -> anyhow::Result<()> {
    let binary = release_binary()?;
    run(Command::new(binary).arg("--tables").arg(workspace_root().join("tables")).arg("gen"))
}
