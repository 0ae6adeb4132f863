//! The rotation game for `check` and `random` (POJ 2286): the exact two lines, the
//! shortest move string first in dictionary order (or `No moves needed`) and the centre
//! symbol; boards are drawn by rejection, exactly uniform (see [`super::random::DRAWING`]).

use std::io::{self, BufRead, Write};

use anyhow::{anyhow, bail};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_models::rotation::{
    self as model, move_letters, Board, Move, Placement, PLACEMENTS, POSITIONS, SYMBOLS,
};
use puzzle_tables_query::rotation::RotationTable;

use super::answers::{shown, AnswerLine, AnswerLines, MAX_LINE_BYTES};
use super::check::{Checker, Judgement};
use super::prng::Prng;
use super::random::{Drawer, Population};
use crate::tables::TablesDir;

/// The judge's first line for a board already solved.
const NO_MOVES: &str = "No moves needed";

/// How many tries `random rotation` makes before it gives up on a layer.
const ATTEMPTS: u64 = 20_000_000;

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
        let Some(distance) = distance else {
            let draw = |prng: &mut Prng| {
                let mut cells: [u8; POSITIONS] = std::array::from_fn(|position| SYMBOLS[position / 8]);
                prng.shuffle(&mut cells);
                Ok(Some(Board::from_cells(cells)?))
            };
            return Ok(("boards".to_string(), Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS }));
        };
        let mut layer = Vec::new();
        for rank in 0..PLACEMENTS {
            let placement = Placement::unrank(rank).ok_or_else(|| anyhow!("rank {rank} has no placement"))?;
            if u32::from(self.table.distance(placement)?) == distance {
                layer.push(placement);
            }
        }
        if layer.is_empty() {
            bail!("no rotation-game symbol is {distance} moves from the centre");
        }
        let draw = move |prng: &mut Prng| -> anyhow::Result<Option<Board>> {
            let symbol = SYMBOLS[prng.below(3) as usize];
            let placement = layer[prng.below(layer.len() as u64) as usize];
            let mut others: Vec<u8> = SYMBOLS.iter().filter(|&&s| s != symbol).flat_map(|&s| [s; 8]).collect();
            prng.shuffle(&mut others);
            let mut others = others.into_iter();
            let cells = std::array::from_fn(|position| {
                if placement.mask() & 1 << position != 0 {
                    symbol
                } else {
                    others.next().unwrap_or(symbol)
                }
            });
            let board = Board::from_cells(cells)?;
            let distances = self.table.symbol_distances(&board)?;
            let at_distance = distances.iter().filter(|&&d| u32::from(d) == distance).count() as u64;
            // A board with k symbols at D is proposed through each of them: keeping it with
            // probability 1/k makes every board at D equally likely.
            let nearest = distances.into_iter().min().map_or(0, u32::from);
            Ok((nearest == distance && prng.below(at_distance) == 0).then_some(board))
        };
        Ok((format!("boards at distance {distance}"), Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS }))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], judge_input: bool) -> io::Result<()> {
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))?;
        if judge_input {
            writeln!(out, "0")?;
        }
        Ok(())
    }
}
