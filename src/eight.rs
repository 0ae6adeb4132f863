//! The eight puzzle's commands: `judge eight`, `solve eight`, `stats eight`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_models::eight::{self as model, move_letters, Board, Move};
use puzzle_tables_query::eight::EightTable;
use serde_json::json;

use crate::batch::{answer_lines, LineAnswer};
use crate::english::{answer_line, plural};
use crate::judge::JudgeInput;
use crate::report::{steps_json, write_json, write_walk, DepthReport};
use crate::tables::TablesDir;
use crate::writer;
use crate::SolveOptions;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve eight BOARD`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The nine cells in row-major order, x (or 0) for the blank: "2 3 4 1 5 x 7 6 8",
    /// 23415x768 or 2,3,4,1,5,0,7,6,8; `-` reads one board per line from standard input and
    /// writes one answer per line.
    #[arg(required = true, num_args = 1..)]
    board: Vec<String>,
    #[command(flatten)]
    options: SolveOptions,
}

fn open(tables: &TablesDir) -> anyhow::Result<EightTable> {
    tables.open(Puzzle::Eight, Tables::eight)
}

/// HDU 1043: one line per case, a shortest move string, `unsolvable`, or an empty line.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let table = open(tables)?;
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
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.board == ["-"] {
        let table = open(tables)?;
        return answer_lines(&args.options, |line| {
            let board: Board = match line.parse() {
                Ok(board) => board,
                Err(why) => return Ok(Err(format!("{why}"))),
            };
            let moves = table.optimal_moves(&board)?;
            let text = moves.as_ref().map_or_else(|| "unsolvable".to_string(), |m| move_letters(m));
            Ok(Ok(LineAnswer { text, json: answer_json(&board, moves.as_deref(), false) }))
        });
    }
    let board: Board = args.board.join(" ").parse().context("not an eight-puzzle board")?;
    let moves = open(tables)?.optimal_moves(&board)?;
    let out = &mut writer::stdout();
    if args.options.json {
        write_json(out, &answer_json(&board, moves.as_deref(), args.options.show))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(moves) = moves else {
        writeln!(out, "unsolvable: the tiles are an odd permutation, and no move changes that")?;
        return Ok(ExitCode::SUCCESS);
    };
    writeln!(out, "{}", answer_line(moves.len(), "move", "", &move_letters(&moves)))?;
    if args.options.show {
        let steps = moves.iter().zip(boards_along(&board, &moves));
        write_walk(
            out,
            "start",
            &format!("{board:#}"),
            steps.map(|(m, next)| (m.letter().to_string(), format!("{next:#}"))),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The boards after each move.
fn boards_along(board: &Board, moves: &[Move]) -> Vec<Board> {
    moves.iter().scan(*board, |b, &step| b.apply(step).inspect(|n| *b = *n)).collect()
}

/// The answer for programs: `null` distance and moves for an unsolvable board; `--show`
/// adds the steps.
fn answer_json(board: &Board, moves: Option<&[Move]>, show: bool) -> serde_json::Value {
    let mut answer = json!({
        "puzzle": "eight",
        "board": board.to_string(),
        "solvable": moves.is_some(),
        "distance": moves.map(<[Move]>::len),
        "moves": moves.map(move_letters),
    });
    if let (Some(moves), true) = (moves, show) {
        let after = boards_along(board, moves);
        answer["steps"] = steps_json(moves.iter().zip(&after).map(|(m, b)| (m.letter().to_string(), b.to_string())));
    }
    answer
}

/// Boards, the farthest distance and boards per distance, from the table's metadata.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let table = open(tables)?;
    let metadata = table.table().metadata();
    let mut report = DepthReport::new("eight", "boards", metadata);
    let (boards, max) = (report.total(), report.max_distance());
    report.headline = vec![
        format!("eight puzzle: {boards} solvable boards (and as many unsolvable ones)"),
        format!("farthest from the goal: {}", plural(max, "move")),
    ];
    report.extra = json!({ "unsolvable_boards": boards });
    report.write(&mut writer::stdout(), as_json)?;
    Ok(ExitCode::SUCCESS)
}
