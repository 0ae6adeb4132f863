//! Shell completions and man pages, both generated from the clap definitions of [`Cli`]:
//! `completions SHELL` prints a script (clap_complete); the hidden `man-pages --out DIR`
//! writes `puzzle-tables.1` and one page per command (clap_mangen), run by `cargo xtask man`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::{Cli, CompletionsArgs, ManPagesArgs};
use crate::writer;

/// Prints the completion script for the shell asked for on standard output.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let shell: Shell = args.shell.parse().map_err(|e: String| anyhow::anyhow!(e))?;
    let mut command = Cli::command();
    // clap_complete panics when its writer fails; a buffer cannot, and writing the buffer
    // out reports a closed pipe as an error like any other command's output.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "puzzle-tables", &mut script);
    let mut out = writer::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `puzzle-tables.1` and a page per command (`puzzle-tables-check.1`, ...) into the
/// directory asked for.
pub fn man_pages(args: &ManPagesArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&args.out).with_context(|| format!("cannot create {}", args.out.display()))?;
    clap_mangen::generate_to(Cli::command(), &args.out)
        .with_context(|| format!("cannot write the man pages into {}", args.out.display()))?;
    let mut out = writer::stdout();
    for entry in std::fs::read_dir(&args.out)? {
        writeln!(out, "wrote {}", entry?.path().display())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
