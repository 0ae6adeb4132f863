//! Output helpers shared by the puzzle commands, and `stats`, which the registry answers
//! for every puzzle.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_query::answer::{registered, AnswerOptions, Stats, Walk};
use puzzle_tables_query::Puzzle;

use crate::options::SolveOptions;
use crate::tables::{answer_error, TablesDir};
use crate::writer;

/// `stats PUZZLE`: what the puzzle's tables hold, by its registry entry, as text or JSON.
pub fn stats(tables: &TablesDir, puzzle: Puzzle, as_json: bool) -> anyhow::Result<ExitCode> {
    let entry =
        registered(puzzle).with_context(|| format!("unknown puzzle {puzzle}: this build of stats does not know it"))?;
    let stats = (entry.stats)(&tables.answerer()?).map_err(answer_error)?;
    write_stats(&stats, as_json)
}

/// Writes `stats` on standard output: its text, or its JSON.
pub fn write_stats(stats: &Stats, as_json: bool) -> anyhow::Result<ExitCode> {
    let out = &mut writer::stdout();
    if as_json {
        write_json(out, &stats.json)?;
    } else {
        out.write_all(stats.text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--show`: the start under its caption, then each step numbered, with its caption and the
/// puzzle after it. Drawings may end with a newline or not.
pub fn write_walk(out: &mut impl Write, walk: &Walk) -> io::Result<()> {
    writeln!(out, "\n{}\n{}", walk.start_caption, walk.start.trim_end_matches('\n'))?;
    for (number, (caption, drawing)) in walk.steps.iter().enumerate() {
        writeln!(out, "\n{}. {caption}\n{}", number + 1, drawing.trim_end_matches('\n'))?;
    }
    Ok(())
}

/// The options of the answer path that `solve`'s own options ask for (`--show`: the steps).
pub fn answer_options(options: &SolveOptions) -> AnswerOptions {
    AnswerOptions { steps: options.show, walk: options.show, ..AnswerOptions::default() }
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &impl serde::Serialize) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
