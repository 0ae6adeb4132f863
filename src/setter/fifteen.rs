//! The fifteen puzzle for `check`: UVa 10181 accepts any move string of at most 50 moves that solves the board, and
//! `This puzzle is not solvable.` exactly when none does (the board is unsolvable, or needs
//! more than 50 moves: `judge fifteen` answers so); the verdict says whether the
//! answer is shortest, by the IDA* of `solve fifteen` within a budget of nodes. LightOJ 1121
//! (`--lightoj`) wants exactly `Case k: ` and the fewest moves first in dictionary order,
//! not solvable beyond 35 moves.

use std::io::BufRead;

use anyhow::bail;
use puzzle_tables_models::fifteen::{self as model, move_letters, Board, Move, BLANK};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_query::fifteen::search::{solve, solve_within, GaveUp, Outcome, Search};
use puzzle_tables_query::fifteen::PatternDatabases;

use super::answers::{shown, AnswerLines, MAX_LINE_BYTES};
use super::verdict::{Checker, Judgement};
use crate::english::plural;
use crate::fifteen::{LIGHTOJ_MAX_MOVES, NOT_SOLVABLE, UVA_MAX_MOVES};
use crate::tables::TablesDir;

/// The most nodes the search that tells whether an accepted UVa answer is shortest may
/// generate: about three seconds. Boards of 50 moves or fewer need far fewer with the
/// default databases (the hardest of Korf's 100 boards, 66 moves, take 6 million); the
/// budget keeps any output from costing more than that per case.
const SHORTEST_BUDGET: u64 = 30_000_000;

/// The distances `package fifteen` draws its secret boards at, up to the 50 moves UVa
/// accepts: the layers listed quickly (to 20), then those drawn by rejection.
pub fn package_distances() -> Vec<u32> {
    (0..=20).chain(puzzle_tables_query::random::MIN_SAMPLED_DISTANCE..=UVA_MAX_MOVES as u32).collect()
}

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

    fn cases(&self, input: &str) -> Result<Vec<(usize, Board)>, InputError> {
        model::parse_judge_input(input).numbered().into_cases()
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
