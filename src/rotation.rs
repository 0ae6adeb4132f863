//! The rotation game's commands: `judge rotation`, `solve rotation`, `stats rotation`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use puzzle_tables_models::rotation::{self as model, judge_answer, move_letters, Board, SYMBOLS};
use puzzle_tables_query::rotation::RotationTable;
use serde_json::json;

use crate::batch::{answer_lines, LineAnswer};
use crate::english::{answer_line, plural};
use crate::judge::JudgeInput;
use crate::report::{steps_json, write_json, write_walk, DepthReport};
use crate::tables::TablesDir;
use crate::writer;
use crate::SolveOptions;
use puzzle_tables_query::{Puzzle, Tables};

/// `solve rotation BOARD`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The 24 symbols (1, 2 or 3, eight of each) at positions 00..23, row by row:
    /// "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"; `-` reads one board per line from
    /// standard input and writes one answer per line.
    #[arg(required = true, num_args = 1..)]
    board: Vec<String>,
    #[command(flatten)]
    options: SolveOptions,
}

fn open(tables: &TablesDir) -> anyhow::Result<RotationTable> {
    tables.open(Puzzle::Rotation, Tables::rotation)
}

/// POJ 2286: two lines per board, the moves (or `No moves needed`) and the centre symbol.
pub fn judge(tables: &TablesDir, input: &JudgeInput) -> anyhow::Result<ExitCode> {
    let text = input.read()?;
    let cases = model::parse_judge_input(&text.text);
    let table = open(tables)?;
    input.answer_cases(&text, &cases, |board, out| {
        let solution = table.solve(board)?;
        out.write_all(judge_answer(&solution.moves, solution.centre).as_bytes())?;
        Ok(())
    })
}

/// The distance, the judge's move string and the centre symbol, and how far each symbol
/// is from the centre; `--show` draws each board, `--json` for programs.
pub fn solve(tables: &TablesDir, args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.board == ["-"] {
        let table = open(tables)?;
        return answer_lines(&args.options, |line| {
            let board: Board = match line.parse() {
                Ok(board) => board,
                Err(why) => return Ok(Err(format!("{why}"))),
            };
            let solution = table.solve(&board)?;
            // The judge's two lines on one: the moves (or `No moves needed`) and the centre.
            let text = judge_answer(&solution.moves, solution.centre).trim_end().replace('\n', " ");
            let json = json!({ "board": board.to_string(), "distance": solution.moves.len(),
                "moves": move_letters(&solution.moves), "centre": solution.centre });
            Ok(Ok(LineAnswer { text, json }))
        });
    }
    let board: Board = args.board.join(" ").parse().context("not a rotation-game board")?;
    let table = open(tables)?;
    let solution = table.solve(&board)?;
    let symbol_distances = table.symbol_distances(&board)?;
    let boards: Vec<Board> = solution
        .moves
        .iter()
        .scan(board, |b, &step| {
            *b = b.apply(step);
            Some(*b)
        })
        .collect();
    let out = &mut writer::stdout();
    if args.options.json {
        let mut answer = json!({
            "puzzle": "rotation",
            "board": board.to_string(),
            "distance": solution.moves.len(),
            "moves": move_letters(&solution.moves),
            "centre": solution.centre,
            "symbol_distances": SYMBOLS.iter().zip(symbol_distances)
                .map(|(symbol, distance)| (symbol.to_string(), json!(distance)))
                .collect::<serde_json::Map<_, _>>(),
        });
        if args.options.show {
            let steps = solution.moves.iter().zip(&boards).map(|(m, b)| (m.letter().to_string(), b.to_string()));
            answer["steps"] = steps_json(steps);
        }
        write_json(out, &answer)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{}", answer_line(solution.moves.len(), "move", "", &move_letters(&solution.moves)))?;
    writeln!(out, "centre: {}", solution.centre)?;
    let per_symbol: Vec<String> = SYMBOLS.iter().zip(symbol_distances).map(|(s, d)| format!("{s}: {d}")).collect();
    writeln!(out, "moves to bring each symbol to the centre: {}", per_symbol.join(", "))?;
    if args.options.show {
        let steps = solution.moves.iter().zip(&boards).map(|(m, next)| (m.letter().to_string(), format!("{next:#}")));
        write_walk(out, "start", &format!("{board:#}"), steps)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Placements, the farthest distance and placements per distance, from the table's metadata.
pub fn stats(tables: &TablesDir, as_json: bool) -> anyhow::Result<ExitCode> {
    let table = open(tables)?;
    let metadata = table.table().metadata();
    let mut report = DepthReport::new("rotation", "placements", metadata);
    let (placements, max) = (report.total(), report.max_distance());
    report.headline = vec![
        format!("rotation game: {placements} placements of one symbol's eight blocks"),
        format!("farthest placement from the centre: {}", plural(max, "move")),
    ];
    report.write(&mut writer::stdout(), as_json)?;
    Ok(ExitCode::SUCCESS)
}
