//! The magic cube's command: `judge magic-cube` (`solve cube` is in `cube.rs`, `stats
//! magic-cube` the registry's).

use std::process::ExitCode;

use puzzle_tables_models::magic_cube::{self as model, judge_answer};

use crate::judge::JudgeInput;
use crate::tables::TablesDir;
use puzzle_tables_query::{Puzzle, Tables};

/// ZOJ 2477: per case the count and the steps, `0` when solved, `-1` beyond five turns.
/// A case count that disagrees with the cases present is reported, and every case present
/// is answered.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let table = tables.open(Puzzle::MagicCube, Tables::magic_cube)?;
    input.answer_parsed(model::parse_judge_input, |cube, out| {
        Ok(out.write_all(judge_answer(table.solution_within_depth(cube)?.as_deref()).as_bytes())?)
    })
}
