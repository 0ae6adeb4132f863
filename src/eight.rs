//! The eight puzzle's commands: `judge eight` and `solve eight` (`stats eight` is the
//! registry's).

use std::io::{self, Write};
use std::process::ExitCode;

use puzzle_tables_models::eight as model;
use puzzle_tables_query::answer::{Answerer, EightAnswer};

use crate::english::answer_line;
use crate::judge::JudgeInput;
use crate::solve::BoardArgs;
use crate::tables::TablesDir;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve eight BOARD`'s help for BOARD.
pub const BOARD_HELP: &str = "The nine cells in row-major order, x (or 0) for the blank: \"2 3 4 1 5 x 7 6 8\", \
    23415x768 or 2,3,4,1,5,0,7,6,8; `-` reads one board per line from standard input and writes one answer per line";

/// HDU 1043: one line per case, a shortest move string, `unsolvable`, or an empty line.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let table = tables.open(Puzzle::Eight, Tables::eight)?;
    // One line's answer, reused: no allocation per case on the way out.
    let mut line = Vec::with_capacity(64);
    input.answer_each_line(model::parse_judge_line, |board, out| {
        line.clear();
        match table.optimal_moves(board)? {
            Some(moves) => line.extend(moves.iter().map(|m| m.letter() as u8)),
            None => line.extend_from_slice(b"unsolvable"),
        }
        line.push(b'\n');
        out.write_all(&line)?;
        Ok(())
    })
}

/// The distance and an optimal move string; `--show` draws each board, `--json` for programs.
pub fn solve(tables: &TablesDir, args: &BoardArgs) -> anyhow::Result<ExitCode> {
    args.solve(tables, Answerer::answer_eight, write_text)
}

/// The distance and the moves, or why the board is unsolvable.
fn write_text(out: &mut dyn Write, answer: &EightAnswer) -> io::Result<()> {
    match (answer.distance, &answer.moves) {
        (Some(distance), Some(moves)) => writeln!(out, "{}", answer_line(distance, "move", "", moves)),
        _ => writeln!(out, "unsolvable: the tiles are an odd permutation, and no move changes that"),
    }
}
