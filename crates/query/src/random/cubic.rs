//! The cubic eight-puzzle's patterns (POJ 3131), drawn per start cell by pattern index.

use std::io::{self, Write};

use puzzle_tables_models::cubic::{Cell, Pattern, StartClass, PATTERNS};

use super::{inconsistent, letter_indices, refused, DrawError, Drawer, Population};
use crate::answer::plural;
use crate::cubic::CubicDistances;
use crate::Puzzle;

/// The patterns of every start cell, or of one.
pub struct CubicPatterns<'a> {
    distances: &'a CubicDistances,
    start: Option<Cell>,
}

impl CubicPatterns<'_> {
    /// Draws from `distances`, only patterns from `start` (all nine start cells when
    /// `None`), each with its start cell.
    pub fn new(distances: &CubicDistances, start: Option<Cell>) -> CubicPatterns<'_> {
        CubicPatterns { distances, start }
    }

    fn starts(&self) -> Vec<Cell> {
        self.start.map_or_else(|| Cell::ALL.to_vec(), |start| vec![start])
    }

    /// Where the patterns are seen from, for the names of boards in errors.
    fn from(&self) -> String {
        match self.start {
            Some(start) => format!("from start cell {start}"),
            None => "from any start cell".to_string(),
        }
    }

    /// The number of patterns at `distance` from `start`, from its class table's counts.
    fn layer_size(&self, start: Cell, distance: u32) -> u64 {
        let counts = &self.distances.of_class(StartClass::of(start)).table().metadata().depth_counts;
        counts.get(distance as usize).copied().unwrap_or(0)
    }
}

/// The pattern of `index`.
fn pattern(index: u32) -> Result<Pattern, DrawError> {
    Pattern::from_index(index).ok_or_else(|| inconsistent(format!("pattern {index} does not exist")))
}

impl Drawer for CubicPatterns<'_> {
    type Board = (Cell, Pattern);

    const PUZZLE: Puzzle = Puzzle::Cubic;

    fn every_board(&self) -> (String, Population<'_, (Cell, Pattern)>) {
        let starts = self.starts();
        let size = starts.len() as u64 * u64::from(PATTERNS);
        let unrank = move |index: u64| {
            let start = starts[(index / u64::from(PATTERNS)) as usize];
            Ok((start, pattern((index % u64::from(PATTERNS)) as u32)?))
        };
        (format!("patterns {}", self.from()), Population::Listed { size, unrank: Box::new(unrank) })
    }

    fn at_distance(&self, distance: u32) -> Result<(String, Population<'_, (Cell, Pattern)>), DrawError> {
        let (starts, from) = (self.starts(), self.from());
        let size: u64 = starts.iter().map(|&start| self.layer_size(start, distance)).sum();
        if size == 0 {
            return Err(refused(format!("no cubic pattern is {} {from}", plural(distance, "roll"))));
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
            return Err(inconsistent(format!(
                "the tables count {size} patterns at distance {distance} {from} but hold {}",
                layer.len()
            )));
        }
        let population = Population::Listed { size, unrank: Box::new(move |index| Ok(layer[index as usize])) };
        Ok((format!("patterns {} {from}", plural(distance, "roll")), population))
    }

    /// A pattern's top colours; its start cell is the batch's `start`.
    fn row(&self, (_, pattern): &(Cell, Pattern)) -> Vec<i64> {
        letter_indices(&pattern.to_rows(""), "EWRB")
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
