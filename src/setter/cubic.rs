//! The cubic eight-puzzle for `check` and `random` (POJ 3131): the exact number of rolls,
//! `-1` beyond 30; patterns are drawn per start cell, by pattern index.

use std::io::{self, BufRead, Write};

use anyhow::{anyhow, bail};
use puzzle_tables_models::cubic::{self as model, judge_answer, Cell, Dataset, Pattern, StartClass, PATTERNS};
use puzzle_tables_models::judge::InputError;
use puzzle_tables_query::cubic::CubicDistances;
use puzzle_tables_query::{Puzzle, Tables};

use super::answers::{shown, AnswerLines};
use super::check::{Checker, Judgement};
use super::random::{Drawer, Population};
use crate::english::plural;
use crate::tables::TablesDir;

/// The pattern distances of every start cell, and the start cell `random` draws for.
pub struct Cubic {
    distances: CubicDistances,
    start: Option<Cell>,
}

impl Cubic {
    /// Opens the three classes' pattern-distance tables.
    pub fn open(tables: &TablesDir) -> anyhow::Result<Cubic> {
        let distances = tables.open(Puzzle::Cubic, Tables::cubic_distances)?;
        Ok(Cubic { distances, start: None })
    }

    /// Draws only patterns from `start` (all nine start cells when `None`).
    pub fn with_start(self, start: Option<Cell>) -> Cubic {
        Cubic { start, ..self }
    }

    fn starts(&self) -> Vec<Cell> {
        self.start.map_or_else(|| Cell::ALL.to_vec(), |start| vec![start])
    }

    /// The number of patterns at `distance` from `start`, from its class table's counts.
    fn layer_size(&self, start: Cell, distance: u32) -> u64 {
        let counts = &self.distances.of_class(StartClass::of(start)).table().metadata().depth_counts;
        counts.get(distance as usize).copied().unwrap_or(0)
    }
}

impl Checker for Cubic {
    type Case = Dataset;

    fn label(&self) -> &'static str {
        "cubic"
    }

    fn cases(&self, input: &str) -> Result<Vec<Dataset>, InputError> {
        model::parse_judge_input(input).into_iter().collect()
    }

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

impl Drawer for Cubic {
    type Board = (Cell, Pattern);

    fn label(&self) -> &'static str {
        "cubic"
    }

    fn population(&self, distance: Option<u32>) -> anyhow::Result<(String, Population<'_, (Cell, Pattern)>)> {
        let starts = self.starts();
        let from = match self.start {
            Some(start) => format!("from start cell {start}"),
            None => "from any start cell".to_string(),
        };
        let pattern = |index: u32| Pattern::from_index(index).ok_or_else(|| anyhow!("pattern {index} does not exist"));
        let Some(distance) = distance else {
            let size = starts.len() as u64 * u64::from(PATTERNS);
            let unrank = move |index: u64| {
                let start = starts[(index / u64::from(PATTERNS)) as usize];
                Ok((start, pattern((index % u64::from(PATTERNS)) as u32)?))
            };
            return Ok((format!("patterns {from}"), Population::Listed { size, unrank: Box::new(unrank) }));
        };
        let size: u64 = starts.iter().map(|&start| self.layer_size(start, distance)).sum();
        if size == 0 {
            bail!("no cubic pattern is {} {from}", plural(distance, "roll"));
        }
        let mut layer = Vec::new();
        for &start in &starts {
            for index in 0..PATTERNS {
                let wanted = pattern(index)?;
                if u32::from(self.distances.distance(start, &wanted)) == distance {
                    layer.push((start, wanted));
                }
            }
        }
        if layer.len() as u64 != size {
            bail!("the tables count {size} patterns at distance {distance} {from} but hold {}", layer.len());
        }
        let population = Population::Listed { size, unrank: Box::new(move |index| Ok(layer[index as usize])) };
        Ok((format!("patterns {} {from}", plural(distance, "roll")), population))
    }

    fn write_boards(&self, out: &mut dyn Write, boards: &[(Cell, Pattern)], judge_input: bool) -> io::Result<()> {
        for (start, pattern) in boards {
            writeln!(out, "{} {}\n{}", start.x(), start.y(), pattern.to_rows("\n"))?;
        }
        if judge_input {
            writeln!(out, "0 0")?;
        }
        Ok(())
    }
}
