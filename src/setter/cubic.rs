//! The cubic eight-puzzle for `check` (POJ 3131): the exact number of rolls, `-1` beyond 30.

use std::io::BufRead;

use puzzle_tables_models::cubic::{self as model, judge_answer, Dataset};
use puzzle_tables_query::cubic::CubicDistances;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{shown, AnswerLines};
use super::verdict::{cases_as_the_model_reads_them, Checker, Judgement};
use crate::english::plural;
use crate::tables::TablesDir;

/// The pattern distances of every start cell.
pub struct Cubic {
    distances: CubicDistances,
}

impl Cubic {
    /// Opens the three classes' pattern-distance tables.
    pub fn open(tables: &TablesDir) -> anyhow::Result<Cubic> {
        let distances = tables.open(Puzzle::Cubic, Tables::cubic_distances)?;
        Ok(Cubic { distances })
    }
}

impl Checker for Cubic {
    cases_as_the_model_reads_them!(Dataset, model::parse_judge_input);

    fn judge<R: BufRead>(&self, dataset: &Dataset, output: &mut AnswerLines<R>) -> anyhow::Result<Judgement> {
        let Some(line) = output.next_nonblank()? else { return Ok(Judgement::no_answer(output.lines_taken())) };
        let distance = self.distances.distance(dataset.start, &dataset.pattern);
        let expected = judge_answer(distance);
        let Ok(found) = line.text.parse::<i64>() else {
            return Ok(Judgement::wrong(format!("expected the number {expected}, found {}", shown(&line.text))));
        };
        let exact =
            if expected == -1 { format!(" (the pattern is {} away)", plural(distance, "roll")) } else { String::new() };
        Ok(if found == i64::from(expected) {
            Judgement::accepted(format!("{found}{exact}"))
        } else {
            Judgement::wrong(format!("expected {expected}{exact}, found {found}"))
        })
    }
}
