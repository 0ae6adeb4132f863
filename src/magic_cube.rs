//! The magic cube's commands: `judge magic-cube` and `stats magic-cube` (`solve cube` is in
//! `cube.rs`).

use std::process::ExitCode;

use puzzle_tables_models::magic_cube::{self as model, judge_answer};
use puzzle_tables_query::magic_cube::CubeTable;
use serde_json::json;

use crate::judge::JudgeInput;
use crate::report::DepthReport;
use crate::tables::TablesDir;
use crate::writer;
use puzzle_tables_query::{Puzzle, Tables};

fn open(tables: &TablesDir) -> anyhow::Result<CubeTable> {
    tables.open(Puzzle::MagicCube, Tables::magic_cube)
}

/// ZOJ 2477: per case the count and the steps, `0` when solved, `-1` beyond five turns.
/// A case count that disagrees with the cases present is reported, and every case present
/// is answered.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let text = input.read()?;
    let parsed = model::parse_judge_input(&text.text);
    let table = open(tables)?;
    input.answer_counted_cases(&text, &parsed, |cube, out| {
        let solution = table.solution_within_depth(cube)?;
        out.write_all(judge_answer(solution.as_deref()).as_bytes())?;
        Ok(())
    })
}

/// The table's cubes per distance, from its metadata, and how far `solve` answers exactly.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let table = open(tables)?;
    let depth = table.depth();
    let metadata = table.table().metadata();
    let mut report = DepthReport::new("magic-cube", "cubes", metadata);
    report.headline = vec![
        format!("magic cube: the table holds the {} cubes within {depth} quarter turns of solved", report.total()),
        format!("solve answers exactly up to {} quarter turns (meeting in the middle)", 2 * depth),
    ];
    report.extra = json!({ "table_depth": depth, "exact_up_to": 2 * depth });
    report.write(&mut writer::stdout(), as_json)?;
    Ok(ExitCode::SUCCESS)
}
