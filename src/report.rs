//! Output helpers shared by the puzzle commands.

use std::io::{self, Write};

use puzzle_tables_query::answer::{AnswerOptions, Walk};
use puzzle_tables_query::Metadata;

use crate::options::SolveOptions;

/// `stats` for a puzzle with one table: headline lines, then the entries per distance; as
/// JSON, `{"puzzle", NOUN: total, "max_distance", "NOUN_per_distance"}` and `extra` fields.
pub struct DepthReport<'a> {
    /// The puzzle's label.
    pub puzzle: &'a str,
    /// What the table counts, plural: `boards`, `placements`, `cubes`.
    pub noun: &'a str,
    /// The table's metadata, with its entries per distance.
    pub metadata: &'a Metadata,
    /// The text lines before the per-distance table.
    pub headline: Vec<String>,
    /// More JSON fields.
    pub extra: serde_json::Value,
    /// Further per-distance tables of the same entries, each after its heading line (text
    /// only: their JSON belongs in `extra`).
    pub more_tables: Vec<(String, &'a [u64])>,
}

impl<'a> DepthReport<'a> {
    /// The report of `metadata`'s entries per distance, with nothing more yet.
    pub fn new(puzzle: &'a str, noun: &'a str, metadata: &'a Metadata) -> DepthReport<'a> {
        DepthReport { puzzle, noun, metadata, headline: vec![], extra: serde_json::json!({}), more_tables: vec![] }
    }

    /// The number of entries.
    pub fn total(&self) -> u64 {
        self.metadata.entry_total().expect("Table::open refuses counts whose sum overflows")
    }

    /// The farthest distance with an entry.
    pub fn max_distance(&self) -> usize {
        self.metadata.max_depth().unwrap_or(0)
    }

    /// Writes the report as text, or as JSON.
    pub fn write(&self, out: &mut impl Write, as_json: bool) -> anyhow::Result<()> {
        if as_json {
            let mut value = serde_json::json!({ "puzzle": self.puzzle, self.noun: self.total() });
            value["max_distance"] = self.max_distance().into();
            value[format!("{}_per_distance", self.noun)] = self.metadata.depth_counts.as_slice().into();
            if let serde_json::Value::Object(extra) = &self.extra {
                extra.iter().for_each(|(key, field)| value[key] = field.clone());
            }
            return write_json(out, &value);
        }
        for line in &self.headline {
            writeln!(out, "{line}")?;
        }
        write_depth_counts(out, self.noun, &self.metadata.depth_counts)?;
        for (heading, counts) in &self.more_tables {
            writeln!(out, "{heading}")?;
            write_depth_counts(out, self.noun, counts)?;
        }
        Ok(())
    }
}

/// Prints a per-distance table: `distance  <noun>` then one row per distance.
fn write_depth_counts(out: &mut impl Write, noun: &str, counts: &[u64]) -> io::Result<()> {
    writeln!(out, "{:>8}  {noun}", "distance")?;
    for (distance, count) in counts.iter().enumerate() {
        writeln!(out, "{distance:>8}  {count}")?;
    }
    Ok(())
}

/// `--show`: the start under its caption, then each step numbered, with its caption and the
/// puzzle after it. Drawings may end with a newline or not.
pub fn write_walk(out: &mut impl Write, walk: &Walk) -> io::Result<()> {
    writeln!(out, "\n{}\n{}", walk.start_caption, walk.start.trim_end_matches('\n'))?;
    for (number, (caption, drawing)) in walk.steps.iter().enumerate() {
        writeln!(out, "\n{}. {caption}\n{}", number + 1, drawing.trim_end_matches('\n'))?;
    }
    Ok(())
}

/// The options of the answer path that `solve`'s own options ask for (`--show`: the steps).
pub fn answer_options(options: &SolveOptions) -> AnswerOptions {
    AnswerOptions { steps: options.show, walk: options.show, ..AnswerOptions::default() }
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &impl serde::Serialize) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
