//! The rotation game for `check` and `random` (POJ 2286): the exact two lines, the
//! shortest move string first in dictionary order (or `No moves needed`) and the centre
//! symbol; boards are drawn as shuffles of the 24 blocks and kept at the asked distance.

use std::io::{self, BufRead, Write};

use anyhow::bail;
use puzzle_tables_models::judge::InputError;
use puzzle_tables_models::rotation::{self as model, move_letters, Board, Move, POSITIONS, SYMBOLS};
use puzzle_tables_query::rotation::RotationTable;

use super::answers::{shown, AnswerLine, AnswerLines, MAX_LINE_BYTES};
use super::check::{Checker, Judgement};
use super::random::{Drawer, Population};
use crate::tables::TablesDir;

/// The judge's first line for a board already solved.
const NO_MOVES: &str = "No moves needed";

/// How many shuffled boards `random rotation` tries before it gives up on a layer: enough
/// for a thousand boards of the rarest distances measured.
const ATTEMPTS: u64 = 50_000_000;

/// The rotation game's distance table.
pub struct Rotation {
    table: RotationTable,
}

impl Rotation {
    /// Opens the table.
    pub fn open(tables: &TablesDir) -> anyhow::Result<Rotation> {
        Ok(Rotation { table: tables.open(&RotationTable::SPEC, RotationTable::open)? })
    }

    /// Judges the first line: the moves.
    fn judge_moves(&self, board: &Board, line: &AnswerLine) -> anyhow::Result<Result<usize, String>> {
        let solution = self.table.solve(board)?;
        let expected = if solution.moves.is_empty() { NO_MOVES.to_string() } else { move_letters(&solution.moves) };
        if line.cut {
            return Ok(Err(format!("line {} is longer than {MAX_LINE_BYTES} bytes", line.number)));
        }
        if line.text == expected {
            return Ok(Ok(solution.moves.len()));
        }
        if line.text == NO_MOVES {
            return Ok(Err(format!("says no moves are needed, but {} are ({expected})", solution.moves.len())));
        }
        let mut end = *board;
        for (index, letter) in line.text.chars().enumerate() {
            let Some(step) = Move::ALL.into_iter().find(|m| m.letter() == letter) else {
                return Ok(Err(format!("character {} is {letter:?}: not a move (A to H)", index + 1)));
            };
            end = end.apply(step);
        }
        let found = line.text.chars().count();
        let best = solution.moves.len();
        Ok(Err(if end.centre_symbol().is_none() {
            "the moves leave the centre mixed".to_string()
        } else if best == 0 {
            format!("the board is already solved: expected {NO_MOVES:?}")
        } else if found > best {
            format!("too long: {found} moves, the shortest take {best} ({expected})")
        } else {
            format!("shortest, but not the first in dictionary order: expected {expected}")
        }))
    }
}

impl Checker for Rotation {
    type Case = Board;

    fn label(&self) -> &'static str {
        "rotation"
    }

    fn cases(&self, input: &str) -> Result<Vec<Board>, InputError> {
        model::parse_judge_input(input).into_iter().collect()
    }

    fn judge<R: BufRead>(&self, board: &Board, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let Some(first) = output.next_nonblank()? else { return Ok(Judgement::no_answer(output.lines_taken())) };
        let centre = self.table.solve(board)?.centre;
        // A lone symbol is the centre line: the moves line is missing, and reading on from
        // here keeps the next case's lines with the next case.
        if first.text.parse::<u8>().is_ok() {
            return Ok(Judgement::wrong(format!("the moves line is missing (line {} holds a symbol)", first.number)));
        }
        let Some(second) = output.next_nonblank()? else {
            return Ok(Judgement::wrong(format!("cut short: no centre symbol after line {}", first.number)));
        };
        if let Err(problem) = self.judge_moves(board, &first)? {
            return Ok(Judgement::wrong(problem));
        }
        let moves = self.table.solve(board)?.moves.len();
        Ok(if second.text == centre.to_string() {
            Judgement::accepted(format!("{moves} moves, symbol {centre} in the centre"))
        } else {
            Judgement::wrong(format!("the centre symbol is {centre}, found {}", shown(&second.text)))
        })
    }
}

impl Drawer for Rotation {
    type Board = Board;

    fn label(&self) -> &'static str {
        "rotation"
    }

    fn population(&self, distance: Option<u32>) -> anyhow::Result<(String, Population<'_, Board>)> {
        let farthest = self.table.table().metadata().depth_counts.len().saturating_sub(1);
        if distance.is_some_and(|d| d as usize > farthest) {
            bail!(
                "no rotation board needs {} moves (no symbol is more than {farthest} from the centre)",
                distance.unwrap_or(0)
            );
        }
        let candidate = |prng: &mut super::prng::Prng| {
            let mut cells: [u8; POSITIONS] = std::array::from_fn(|position| SYMBOLS[position / 8]);
            prng.shuffle(&mut cells);
            Board::from_cells(cells).expect("a shuffle keeps eight blocks of each symbol")
        };
        let keep = move |board: &Board| -> anyhow::Result<bool> {
            let Some(distance) = distance else { return Ok(true) };
            let nearest = self.table.symbol_distances(board)?.into_iter().min().unwrap_or(u8::MAX);
            Ok(u32::from(nearest) == distance)
        };
        let name = distance.map_or_else(|| "boards".to_string(), |d| format!("boards at distance {d}"));
        Ok((name, Population::Sampled { candidate: Box::new(candidate), keep: Box::new(keep), attempts: ATTEMPTS }))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], judge_input: bool) -> io::Result<()> {
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))?;
        if judge_input {
            writeln!(out, "0")?;
        }
        Ok(())
    }
}
