//! `serve`: the HTTP server (the `puzzle-tables-serve` crate) over this directory's tables,
//! every missing one built first; the binary keeps what is its own, the directory and the
//! `gen` command that its log names to mend a table.

use std::process::ExitCode;

use puzzle_tables_query::Puzzle;
use puzzle_tables_serve::{Host, ServeArgs};

use crate::tables::{with_rebuild_hint, TablesDir};

/// `serve`: builds missing tables, then serves them until SIGTERM or Ctrl-C.
pub fn run(tables: &TablesDir, args: &ServeArgs) -> anyhow::Result<ExitCode> {
    for &puzzle in Puzzle::BUILT_IN {
        tables.build_missing(puzzle)?;
    }
    let opening = tables.clone();
    let host = Host {
        dir: tables.dir().to_path_buf(),
        open: Box::new(move || opening.answerer()),
        rebuild_hint: with_rebuild_hint,
    };
    puzzle_tables_serve::run(host, args)
}
