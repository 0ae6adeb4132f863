//! The magic cube for `check` (ZOJ 2477): the count is the minimum number of quarter turns
//! and the steps solve the cube, `-1` exactly when more than five are needed.

use std::io::BufRead;

use puzzle_tables_models::magic_cube::{self as model, Cube, Facelets, Turn, JUDGE_LIMIT};
use puzzle_tables_query::magic_cube::CubeTable;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{shown, AnswerLine, AnswerLines};
use super::verdict::{cases_as_the_model_reads_them, Checker, Judgement};
use crate::english::plural;
use crate::tables::TablesDir;

/// The magic cube's table.
pub struct MagicCube {
    table: CubeTable,
}

impl MagicCube {
    /// Opens the table.
    pub fn open(tables: &TablesDir) -> anyhow::Result<MagicCube> {
        Ok(MagicCube { table: tables.open(Puzzle::MagicCube, Tables::magic_cube)? })
    }

    /// The fewest quarter turns that solve `cube`, `None` when more than the judge's five.
    fn judge_distance(&self, cube: &Cube) -> anyhow::Result<Option<usize>> {
        let solution = self.table.solution_within_depth(cube)?;
        Ok(solution.map(|turns| turns.len()).filter(|&turns| turns <= JUDGE_LIMIT))
    }
}

/// A step line, `face dir`, as a turn: two whole numbers, as the judge reads them.
fn step_of(line: &AnswerLine) -> Option<Turn> {
    let numbers: Vec<i64> = line.text.split_whitespace().map(|t| t.parse().ok()).collect::<Option<_>>()?;
    match numbers[..] {
        [face @ 0..=5, dir @ (1 | -1)] => Turn::new(face as usize, dir == 1),
        _ => None,
    }
}

fn looks_like_step(line: &AnswerLine) -> bool {
    line.text.split_whitespace().count() == 2
}

fn stickers_out_of_place(cube: &Cube) -> usize {
    let solved = Facelets::SOLVED.colours();
    cube.facelets().colours().iter().zip(solved).filter(|&(&sticker, home)| sticker != home).count()
}

impl Checker for MagicCube {
    cases_as_the_model_reads_them!(Cube, model::parse_judge_input);

    fn judge<R: BufRead>(&self, cube: &Cube, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let Some(count_line) = output.next_nonblank()? else { return Ok(Judgement::no_answer(output.lines_taken())) };
        // The steps are the lines of two numbers after the count (read even when the count
        // is not a number); the next case's count stands alone on its line, so a wrong
        // count does not swallow the next case.
        let mut steps = Vec::new();
        let mut bad_step = None;
        // The step lines (blank lines between them are skipped, not counted).
        let mut given = 0;
        while let Some(line) = output.next_nonblank_if(looks_like_step)? {
            given += 1;
            match step_of(&line) {
                Some(turn) if bad_step.is_none() && steps.len() <= JUDGE_LIMIT => steps.push(turn),
                Some(_) => {}
                None => bad_step = bad_step.or(Some(line)),
            }
        }
        let Ok(count) = count_line.text.parse::<i64>() else {
            return Ok(Judgement::wrong(format!("expected the number of steps, found {}", shown(&count_line.text))));
        };
        let minimum = self.judge_distance(cube)?;
        if count == -1 {
            return Ok(match (minimum, given) {
                (_, 1..) => Judgement::wrong(format!("-1 is followed by {}", plural(given, "step line"))),
                (None, _) => Judgement::accepted("-1 (more than 5 quarter turns are needed)"),
                (Some(turns), _) => {
                    Judgement::wrong(format!("says -1, but the minimum is {}", plural(turns, "quarter turn")))
                }
            });
        }
        if usize::try_from(count).ok() != Some(given) {
            return Ok(Judgement::wrong(format!(
                "cut short or overlong: the count says {count}, found {}",
                plural(given, "step")
            )));
        }
        if let Some(line) = bad_step {
            return Ok(Judgement::wrong(format!(
                "line {}: {} is not a step \"face dir\"",
                line.number,
                shown(&line.text)
            )));
        }
        if given > JUDGE_LIMIT {
            return Ok(Judgement::wrong(match minimum {
                None => format!("{given} steps, but the judge's answer is -1 beyond 5"),
                Some(turns) => format!("too long: {}, the minimum is {turns}", plural(given, "step")),
            }));
        }
        let end = cube.apply_all(&steps);
        if !end.is_solved() {
            return Ok(Judgement::wrong(format!(
                "the steps leave {} stickers out of place",
                stickers_out_of_place(&end)
            )));
        }
        Ok(match minimum {
            None => Judgement::wrong(format!("{given} steps solve it, but the judge's answer is -1 beyond 5")),
            Some(turns) if turns < given => {
                Judgement::wrong(format!("too long: {}, the minimum is {turns}", plural(given, "step")))
            }
            Some(_) => Judgement::accepted(format!("{}, the minimum", plural(given, "step"))),
        })
    }
}
