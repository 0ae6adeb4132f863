//! The rotation game's commands: `judge rotation` and `solve rotation` (`stats rotation` is
//! the registry's).

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_tables_models::rotation::{self as model, judge_answer};
use puzzle_tables_query::answer::{Answerer, RotationAnswer};

use crate::english::answer_line;
use crate::judge::JudgeInput;
use crate::solve::BoardArgs;
use crate::tables::TablesDir;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve rotation BOARD`'s help for BOARD.
pub const BOARD_HELP: &str = "The 24 symbols (1, 2 or 3, eight of each) at positions 00..23, row by row: \
    \"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\"; `-` reads one board per line from standard input and \
    writes one answer per line";

/// POJ 2286: two lines per board, the moves (or `No moves needed`) and the centre symbol.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let table = tables.open(Puzzle::Rotation, Tables::rotation)?;
    input.answer_parsed(model::parse_judge_input, |board, out| {
        let solution = table.solve(board)?;
        Ok(out.write_all(judge_answer(&solution.moves, solution.centre).as_bytes())?)
    })
}

/// The distance, the judge's move string and the centre symbol, and how far each symbol
/// is from the centre; `--show` draws each board, `--json` for programs.
pub fn solve(tables: &TablesDir, args: &BoardArgs) -> anyhow::Result<ExitCode> {
    args.solve(tables, Answerer::answer_rotation, write_text)
}

/// The distance and the moves, the centre, and each symbol's distance.
fn write_text(out: &mut dyn Write, answer: &RotationAnswer) -> io::Result<()> {
    writeln!(out, "{}", answer_line(answer.distance, "move", "", &answer.moves))?;
    writeln!(out, "centre: {}", answer.centre)?;
    let per_symbol: Vec<String> = answer.symbol_distances.iter().map(|(s, d)| format!("{s}: {d}")).collect();
    writeln!(out, "moves to bring each symbol to the centre: {}", per_symbol.join(", "))
}
