//! The fifteen puzzle for `check` and `random`.
//!
//! `check`: UVa 10181 accepts any move string of at most 50 moves that solves the board, and
//! `This puzzle is not solvable.` exactly when none does (the board is unsolvable, or needs
//! more than 50 moves: `judge fifteen` answers so); the verdict says whether the
//! answer is shortest, by the IDA* of `solve fifteen` within a budget of nodes. LightOJ 1121
//! (`--lightoj`) wants exactly `Case k: ` and the fewest moves first in dictionary order,
//! not solvable beyond 35 moves.
//!
//! `random`: every solvable board has an index, so a draw without `--distance` is uniform
//! over all of them; with `--distance D` the layer is listed whole by a breadth-first search
//! from the goal, up to [`MAX_LISTED_DISTANCE`] (no table counts the fifteen puzzle's layers),
//! and deeper, from [`MIN_SAMPLED_DISTANCE`] to [`MAX_SAMPLED_DISTANCE`], drawn by exact
//! rejection: uniform boards, each solved by the IDA*, kept when exactly D moves away.

use std::io::{self, BufRead, Write};

use anyhow::bail;
use puzzle_tables_models::fifteen::{self as model, move_letters, Board, Move, BLANK, CELLS};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_query::fifteen::PatternDatabases;
use puzzle_tables_query::fifteen_search::{solve, solve_within, GaveUp, Outcome, Search};

use super::answers::{shown, AnswerLines, MAX_LINE_BYTES};
use super::check::{Checker, Judgement};
use super::prng::Prng;
use super::random::{Drawer, Population};
use crate::english::plural;
use crate::fifteen::{LIGHTOJ_MAX_MOVES, NOT_SOLVABLE, UVA_MAX_MOVES};
use crate::tables::TablesDir;

/// The most nodes the search that tells whether an accepted UVa answer is shortest may
/// generate: about three seconds. Boards of 50 moves or fewer need far fewer with the
/// default databases (the hardest of Korf's 100 boards, 66 moves, take 6 million); the
/// budget keeps any output from costing more than that per case.
const SHORTEST_BUDGET: u64 = 30_000_000;

/// The number of solvable boards, 16!/2.
const SOLVABLE_BOARDS: u64 = 10_461_394_944_000;

/// `random fifteen --distance D` lists the layer at D by a breadth-first search from the
/// goal, which holds two layers and the next one's neighbours in memory: up to this
/// distance (19,826,318 boards at 24: about 6 seconds and 500 MB; 25 takes twice that).
pub const MAX_LISTED_DISTANCE: u32 = 24;

/// The distances `package fifteen` draws its secret boards at, up to the 50 moves UVa
/// accepts: the layers listed quickly (to 20), then those drawn by rejection.
pub fn package_distances() -> Vec<u32> {
    (0..=20).chain(MIN_SAMPLED_DISTANCE..=UVA_MAX_MOVES as u32).collect()
}

/// `random fifteen --distance D` draws boards by rejection from this distance on (see
/// [`board_at`]): measured with the 6-6-3 databases, BENCHMARKS.md.
pub const MIN_SAMPLED_DISTANCE: u32 = 25;

/// ... and up to this one.
pub const MAX_SAMPLED_DISTANCE: u32 = 66;

/// How many tries the rejection draw makes before it gives up.
const SAMPLED_ATTEMPTS: u64 = 1 << 32;

/// The judging rule `check fifteen` applies.
enum Rule {
    /// UVa 10181; `shortest_only` also rejects answers longer than the fewest moves.
    Uva { shortest_only: bool },
    /// LightOJ 1121.
    LightOj,
}

/// The pattern databases `judge fifteen` answers from, and the judge's rule.
pub struct Fifteen {
    databases: PatternDatabases,
    rule: Rule,
}

impl Fifteen {
    /// Opens the databases `judge fifteen` uses; `lightoj` judges LightOJ 1121, else UVa
    /// 10181, where `shortest_only` rejects answers longer than the fewest moves.
    pub fn open(tables: &TablesDir, lightoj: bool, shortest_only: bool) -> anyhow::Result<Fifteen> {
        let rule = if lightoj { Rule::LightOj } else { Rule::Uva { shortest_only } };
        Ok(Fifteen { databases: crate::fifteen::open(tables, None)?, rule })
    }

    /// UVa 10181: any solution of at most 50 moves.
    fn judge_uva<R: BufRead>(
        &self,
        board: &Board,
        output: &mut AnswerLines<R>,
        shortest_only: bool,
    ) -> anyhow::Result<Judgement> {
        let Some(line) = output.next_line()? else {
            return Ok(Judgement::missing_move_line(*board == Board::GOAL, output.lines_taken()));
        };
        if line.cut {
            return Ok(Judgement::wrong(format!("line {} is longer than {MAX_LINE_BYTES} bytes", line.number)));
        }
        if line.text == NOT_SOLVABLE {
            return self.judge_not_solvable(board);
        }
        let count = match solved_by(board, &line.text) {
            Ok(count) => count,
            Err(problem) => return Ok(Judgement::wrong(problem)),
        };
        if count > UVA_MAX_MOVES {
            let moves = plural(count, "move");
            return Ok(Judgement::wrong(format!(
                "too long: {moves} solve it, the judge accepts at most {UVA_MAX_MOVES}"
            )));
        }
        let best = match solve_within(&self.databases, board, count, SHORTEST_BUDGET, &mut |_| {}) {
            Ok(Search { outcome: Outcome::Solved(moves), .. }) => moves.len(),
            Ok(Search { outcome, .. }) => bail!(
                "the pattern databases find no answer within {count} moves ({outcome:?}), yet {count} moves solve the \
                 board: rebuild them with `puzzle-tables gen fifteen`"
            ),
            Err(GaveUp { nodes, .. }) => {
                let moves = plural(count, "move");
                let detail = format!("{moves} (shortest or not is unknown: the search gave up after {nodes} nodes)");
                return Ok(if shortest_only { Judgement::wrong(detail) } else { Judgement::accepted(detail) });
            }
        };
        Ok(if count == best {
            Judgement::accepted(format!("{}, shortest", plural(count, "move"))).with_shortest(true)
        } else if shortest_only {
            Judgement::wrong(format!("too long: {} solve it, the shortest takes {best}", plural(count, "move")))
                .with_shortest(false)
        } else {
            Judgement::accepted(format!("{}, not shortest ({best} is)", plural(count, "move"))).with_shortest(false)
        })
    }

    /// UVa 10181's `This puzzle is not solvable.`: right when no move string of at most 50
    /// moves solves the board (none at all, or it needs more), as `judge fifteen` answers.
    fn judge_not_solvable(&self, board: &Board) -> anyhow::Result<Judgement> {
        if !board.is_solvable() {
            return Ok(Judgement::accepted("not solvable"));
        }
        match solve_within(&self.databases, board, UVA_MAX_MOVES, SHORTEST_BUDGET, &mut |_| {}) {
            Ok(Search { outcome: Outcome::Solved(moves), .. }) => Ok(Judgement::wrong(format!(
                "says not solvable, but {} solve it ({})",
                plural(moves.len(), "move"),
                move_letters(&moves)
            ))),
            Ok(_) => Ok(Judgement::accepted(format!(
                "not solvable (more than {UVA_MAX_MOVES} moves are needed, and the judge accepts at most \
                 {UVA_MAX_MOVES})"
            ))),
            Err(GaveUp { nodes, .. }) => bail!(
                "cannot tell whether the board needs more than {UVA_MAX_MOVES} moves: the search gave up after {nodes} \
                 nodes"
            ),
        }
    }

    /// LightOJ 1121: exactly `Case k: ` and the fewest moves, first in dictionary order, or
    /// not solvable when there is no answer of at most 35 moves.
    fn judge_lightoj<R: BufRead>(
        &self,
        number: usize,
        board: &Board,
        output: &mut AnswerLines<R>,
    ) -> anyhow::Result<Judgement> {
        let Some(line) = output.next_nonblank()? else { return Ok(Judgement::no_answer(output.lines_taken())) };
        if line.cut {
            return Ok(Judgement::wrong(format!("line {} is longer than {MAX_LINE_BYTES} bytes", line.number)));
        }
        let prefix = format!("Case {number}:");
        let answer = match line.text.strip_prefix(&prefix) {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => rest.trim(),
            _ => return Ok(Judgement::wrong(format!("expected \"{prefix} \" first, found {}", shown(&line.text)))),
        };
        let expected = match solve(&self.databases, board, LIGHTOJ_MAX_MOVES, &mut |_| {}).outcome {
            Outcome::Solved(moves) => Some(move_letters(&moves)),
            Outcome::Unsolvable | Outcome::BeyondLimit(_) => None,
        };
        let Some(expected) = expected else {
            return Ok(if answer == NOT_SOLVABLE {
                Judgement::accepted(if board.is_solvable() {
                    "not solvable (more than 35 moves are needed)"
                } else {
                    "not solvable"
                })
            } else {
                let why = match solved_by(board, answer) {
                    Err(problem) => problem,
                    Ok(count) => format!(
                        "{} solve it, but more than {LIGHTOJ_MAX_MOVES} are needed: expected {NOT_SOLVABLE:?}",
                        plural(count, "move")
                    ),
                };
                Judgement::wrong(why)
            });
        };
        let best = expected.len();
        if answer == expected {
            return Ok(Judgement::accepted(format!("{}, shortest, first in dictionary order", plural(best, "move"))));
        }
        if answer == NOT_SOLVABLE {
            return Ok(Judgement::wrong(format!(
                "says not solvable, but {} solve it ({expected})",
                plural(best, "move")
            )));
        }
        Ok(Judgement::wrong(match solved_by(board, answer) {
            Err(problem) => problem,
            Ok(count) if count > best => {
                format!("too long: {}, the shortest take {best} ({expected})", plural(count, "move"))
            }
            Ok(_) => format!("shortest, but not the first in dictionary order: expected {expected}"),
        }))
    }
}

/// The number of moves in `letters` when they solve `board`, else what is wrong with them.
fn solved_by(board: &Board, letters: &str) -> Result<usize, String> {
    let mut end = *board;
    let mut count = 0;
    for (index, letter) in letters.chars().enumerate() {
        let Some(step) = Move::ALL.into_iter().find(|m| m.letter() == letter) else {
            return Err(format!(
                "character {} is {letter:?}: not a move (U, D, L, R), nor {NOT_SOLVABLE:?}",
                index + 1
            ));
        };
        let Some(next) = end.apply(step) else {
            return Err(format!("move {} ({letter}) pushes the blank off the board", index + 1));
        };
        (end, count) = (next, count + 1);
    }
    if !board.is_solvable() {
        return Err(format!("the board is unsolvable (the answer is {NOT_SOLVABLE:?})"));
    }
    if end != Board::GOAL {
        let goal = Board::GOAL.cells();
        let left = end.cells().iter().zip(goal).filter(|&(&tile, home)| tile != BLANK && tile != home).count();
        return Err(format!("the moves leave {} out of place", plural(left, "tile")));
    }
    Ok(count)
}

impl Checker for Fifteen {
    /// The case's number (LightOJ writes it) and its board.
    type Case = (usize, Board);

    fn label(&self) -> &'static str {
        "fifteen"
    }

    fn cases(&self, input: &str) -> Result<Vec<(usize, Board)>, InputError> {
        let parsed = model::parse_judge_input(input);
        if let Some(problem) = parsed.count_problem {
            return Err(problem);
        }
        parsed.cases.into_iter().enumerate().map(|(index, case)| case.map(|board| (index + 1, board))).collect()
    }

    fn judge<R: BufRead>(
        &self,
        &(number, board): &(usize, Board),
        output: &mut AnswerLines<R>,
    ) -> anyhow::Result<Judgement> {
        match self.rule {
            Rule::Uva { shortest_only } => self.judge_uva(&board, output, shortest_only),
            Rule::LightOj => self.judge_lightoj(number, &board, output),
        }
    }
}

/// `random fifteen`: the layers up to [`MAX_LISTED_DISTANCE`] need no tables; deeper ones
/// are drawn by rejection, each try solved by the IDA* over the pattern databases.
pub struct FifteenBoards<'a> {
    tables: &'a TablesDir,
}

impl FifteenBoards<'_> {
    /// Draws boards, opening the pattern databases in `tables` when a deep layer needs them.
    pub fn new(tables: &TablesDir) -> FifteenBoards<'_> {
        FifteenBoards { tables }
    }
}

impl Drawer for FifteenBoards<'_> {
    type Board = Board;

    fn label(&self) -> &'static str {
        "fifteen"
    }

    fn population(&self, distance: Option<u32>) -> anyhow::Result<(String, Population<'_, Board>)> {
        let Some(distance) = distance else {
            let population = Population::Listed { size: SOLVABLE_BOARDS, unrank: Box::new(solvable_board) };
            return Ok(("solvable boards".to_string(), population));
        };
        if (MIN_SAMPLED_DISTANCE..=MAX_SAMPLED_DISTANCE).contains(&distance) {
            let databases = crate::fifteen::open(self.tables, None)?;
            let draw = move |prng: &mut Prng| board_at(&databases, distance, prng);
            let population = Population::Sampled { draw: Box::new(draw), attempts: SAMPLED_ATTEMPTS };
            return Ok((format!("boards at distance {distance}"), population));
        }
        if distance > MAX_LISTED_DISTANCE {
            bail!(
                "--distance {distance} is too deep: fifteen-puzzle boards are drawn from layers listed whole by a \
                 breadth-first search from the goal up to distance {MAX_LISTED_DISTANCE}, and by rejection (uniform \
                 boards, each solved, kept at exactly D) from {MIN_SAMPLED_DISTANCE} to {MAX_SAMPLED_DISTANCE}; \
                 beyond, too few boards lie at D for rejection to find them in reasonable time (one at 68 took 43 \
                 seconds), and no table counts the deepest layers"
            );
        }
        let layer = layer(distance);
        let population = Population::Listed {
            size: layer.len() as u64,
            unrank: Box::new(move |index| unpack(layer[index as usize])),
        };
        Ok((format!("boards at distance {distance}"), population))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[Board], judge_input: bool) -> io::Result<()> {
        if judge_input {
            writeln!(out, "{}", boards.len())?;
        }
        for (index, board) in boards.iter().enumerate() {
            // A blank line before each board, as LightOJ lays them out; UVa reads it too.
            if index > 0 || judge_input {
                writeln!(out)?;
            }
            for row in board.cells().chunks(4) {
                let row: Vec<String> = row.iter().map(u8::to_string).collect();
                writeln!(out, "{}", row.join(" "))?;
            }
        }
        Ok(())
    }
}

/// One try of the rejection draw at `distance`: a uniform solvable board, kept when its
/// fewest moves are exactly `distance`. A move takes the blank to a neighbouring cell, so
/// the parity of any solution's length is that of the blank's distance from its home cell:
/// a board of the other parity is rejected without a search; the others are solved by IDA*
/// bounded by `distance`. Every board at `distance` is kept with the same probability, so
/// the boards kept are uniform over the layer.
fn board_at(databases: &PatternDatabases, distance: u32, prng: &mut Prng) -> anyhow::Result<Option<Board>> {
    let board = solvable_board(prng.below(SOLVABLE_BOARDS))?;
    let blank = board.cells().iter().position(|&tile| tile == BLANK).unwrap_or(CELLS - 1);
    let home = CELLS - 1;
    let blank_distance = (blank / 4).abs_diff(home / 4) + (blank % 4).abs_diff(home % 4);
    if blank_distance % 2 != distance as usize % 2 {
        return Ok(None);
    }
    Ok(match solve(databases, &board, distance as usize, &mut |_| {}).outcome {
        Outcome::Solved(moves) if moves.len() == distance as usize => Some(board),
        _ => None,
    })
}

/// The solvable board of `index` (below [`SOLVABLE_BOARDS`]), one board per index: the
/// blank stands at cell `index % 16`; the rest, below 15!/2, is read as the first thirteen
/// digits of the Lehmer code of the tiles in reading order (digit `i` picks among the
/// `15 - i` tiles left, and counts the later tiles smaller than the one picked). Their sum
/// is the number of inversions, so the fourteenth digit, 0 or 1, is the one that makes the
/// inversions plus the blank's row from the bottom odd: the parity rule for solvable boards.
fn solvable_board(index: u64) -> anyhow::Result<Board> {
    let blank = (index % CELLS as u64) as usize;
    let mut rest = index / CELLS as u64;
    let mut digits = [0u64; CELLS - 1];
    for i in (0..CELLS - 3).rev() {
        let radix = (CELLS - 1 - i) as u64;
        digits[i] = rest % radix;
        rest /= radix;
    }
    let row_from_bottom = (4 - blank / 4) as u64;
    digits[CELLS - 3] = (digits.iter().sum::<u64>() + row_from_bottom + 1) % 2;
    let mut tiles: Vec<u8> = (1..CELLS as u8).collect();
    let mut cells = [BLANK; CELLS];
    let tile_cells = (0..CELLS).filter(|&cell| cell != blank);
    for (cell, digit) in tile_cells.zip(digits) {
        cells[cell] = tiles.remove(digit as usize);
    }
    Ok(Board::from_cells(cells)?)
}

/// A board as sixteen 4-bit cells, cell `i` in bits `4i..4i + 4`.
fn pack(board: &Board) -> u64 {
    board.cells().iter().rev().fold(0, |packed, &tile| packed << 4 | u64::from(tile))
}

fn unpack(packed: u64) -> anyhow::Result<Board> {
    Ok(Board::from_cells(std::array::from_fn(|cell| (packed >> (4 * cell) & 0xf) as u8))?)
}

/// The boards one move from a packed board.
fn neighbours(packed: u64) -> impl Iterator<Item = u64> {
    let blank = (0..CELLS).find(|&cell| packed >> (4 * cell) & 0xf == u64::from(BLANK)).unwrap_or(0);
    Move::ALL.into_iter().filter_map(move |step| {
        let target = step.target(blank)?;
        let tile = packed >> (4 * target) & 0xf;
        Some(packed & !(0xf << (4 * target)) | tile << (4 * blank))
    })
}

/// Every board exactly `distance` moves from the goal, packed, in increasing order. Each
/// move takes the blank to a cell of the other colour of a chessboard, so no move stays
/// within a layer: the next layer is the neighbours of this one less the layer before.
fn layer(distance: u32) -> Vec<u64> {
    let mut before: Vec<u64> = Vec::new();
    let mut layer = vec![pack(&Board::GOAL)];
    for _ in 0..distance {
        let mut next: Vec<u64> = layer.iter().flat_map(|&packed| neighbours(packed)).collect();
        next.sort_unstable();
        next.dedup();
        next.retain(|packed| before.binary_search(packed).is_err());
        before = std::mem::replace(&mut layer, next);
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_give_distinct_solvable_boards_at_both_ends_of_the_range() {
        let indices = (0..20_000).chain(SOLVABLE_BOARDS - 20_000..SOLVABLE_BOARDS);
        let boards: Vec<Board> = indices.map(|index| solvable_board(index).unwrap()).collect();
        assert!(boards.iter().all(Board::is_solvable));
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert_eq!(distinct.len(), boards.len());
    }

    #[test]
    fn packing_round_trips_and_the_first_layers_have_their_sizes() {
        let board: Board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15".parse().unwrap();
        assert_eq!(unpack(pack(&board)).unwrap(), board);
        // The layer sizes of the fifteen puzzle's breadth-first search (OEIS A089473).
        let sizes: Vec<usize> = (0..=8).map(|distance| layer(distance).len()).collect();
        assert_eq!(sizes, [1, 2, 4, 10, 24, 54, 107, 212, 446]);
    }
}
