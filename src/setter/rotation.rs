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
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{shown, AnswerLine, AnswerLines, MAX_LINE_BYTES};
use super::check::{Checker, Judgement};
use super::prng::Prng;
use super::random::{Drawer, Population};
use crate::english::plural;
use crate::tables::TablesDir;

/// The judge's first line for a board already solved.
const NO_MOVES: &str = "No moves needed";

/// How many tries `random rotation` makes before it gives up on a layer.
const ATTEMPTS: u64 = 20_000_000;

/// The most pairs of placements (`at` by `beyond`) `random rotation` goes through to list a
/// layer exactly: the shallowest layers (to 3) and the deepest (13 and 14), the rare ones a
/// draw could exhaust; the layers between hold billions of boards and are sampled.
const LISTING_BUDGET: u64 = 200_000_000;

/// The six ways to give the symbols 1, 2 and 3 to the three parts of a partition.
const SYMBOL_ORDERS: [[u8; 3]; 6] = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]];

/// The rotation game's distance table.
pub struct Rotation {
    table: RotationTable,
}

impl Rotation {
    /// Opens the table.
    pub fn open(tables: &TablesDir) -> anyhow::Result<Rotation> {
        Ok(Rotation { table: tables.open(Puzzle::Rotation, Tables::rotation)? })
    }

    /// Every board at exactly `distance` as a partition of the 24 positions into three
    /// placements (masks), each once: the first is the smallest-mask placement at exactly
    /// `distance` (from `at`), the other two lie at least that far (from `beyond`, with
    /// their distances), the second below the third in mask order.
    fn partitions(&self, distance: u32, at: &[Placement], beyond: &[(u32, u32)]) -> anyhow::Result<Vec<[u32; 3]>> {
        let all_positions = (1u32 << POSITIONS) - 1;
        let mut partitions = Vec::new();
        for first in at.iter().map(|placement| placement.mask()) {
            for &(second, second_distance) in beyond {
                let third = all_positions ^ first ^ second;
                if first & second != 0 || second > third || (second_distance == distance && second < first) {
                    continue;
                }
                let placement =
                    Placement::from_mask(third).ok_or_else(|| anyhow!("mask {third:#x} is no placement"))?;
                let third_distance = u32::from(self.table.distance(placement)?);
                if third_distance >= distance && !(third_distance == distance && third < first) {
                    partitions.push([first, second, third]);
                }
            }
        }
        Ok(partitions)
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
            format!("too long: {}, the shortest take {best} ({expected})", plural(found, "move"))
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
            Judgement::accepted(format!("{}, symbol {centre} in the centre", plural(moves, "move")))
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
        let mut at = Vec::new();
        let mut beyond = Vec::new();
        for rank in 0..PLACEMENTS {
            let placement = Placement::unrank(rank).ok_or_else(|| anyhow!("rank {rank} has no placement"))?;
            let placement_distance = u32::from(self.table.distance(placement)?);
            if placement_distance == distance {
                at.push(placement);
            }
            if placement_distance >= distance {
                beyond.push((placement.mask(), placement_distance));
            }
        }
        if at.is_empty() {
            bail!("no rotation-game symbol is {distance} moves from the centre");
        }
        let name = format!("boards at distance {distance}");
        if at.len() as u64 * beyond.len() as u64 <= LISTING_BUDGET {
            let partitions = self.partitions(distance, &at, &beyond)?;
            if partitions.is_empty() {
                bail!("no rotation board needs exactly {distance} moves");
            }
            let size = SYMBOL_ORDERS.len() as u64 * partitions.len() as u64;
            let unrank = move |index: u64| {
                let parts = partitions[(index / SYMBOL_ORDERS.len() as u64) as usize];
                let symbols = SYMBOL_ORDERS[(index % SYMBOL_ORDERS.len() as u64) as usize];
                let cells = std::array::from_fn(|position| {
                    let part = parts.iter().position(|mask| mask & 1 << position != 0).unwrap_or(0);
                    symbols[part]
                });
                Ok(Board::from_cells(cells)?)
            };
            return Ok((name, Population::Listed { size, unrank: Box::new(unrank) }));
        }
        let layer = at;
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
        Ok((name, Population::Sampled { draw: Box::new(draw), attempts: ATTEMPTS }))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], judge_input: bool) -> io::Result<()> {
        boards.iter().try_for_each(|board| writeln!(out, "{board}"))?;
        if judge_input {
            writeln!(out, "0")?;
        }
        Ok(())
    }
}
