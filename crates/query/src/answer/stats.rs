//! What `puzzle-tables stats` tells of a puzzle's tables ([`Stats`]: its text and its
//! JSON), read from the tables' metadata; each puzzle's registry entry gives its own
//! ([`RegisteredPuzzle::stats`](super::RegisteredPuzzle::stats)), and most are a
//! [`DepthReport`]: one table's entries per distance.

use std::fmt::{self, Write};

use serde_json::json;

use crate::Metadata;

/// A puzzle's tables described, as `stats` prints them (`text`) and as `stats --json`
/// prints them (`json`, written pretty).
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The lines `stats` prints, each ending in a newline.
    pub text: String,
    /// The fields `stats --json` prints, `"puzzle"` first.
    pub json: serde_json::Value,
}

impl Stats {
    /// The stats whose text `write_text` writes: writing to a `String` cannot fail, so the
    /// puzzles' text writers use `?` freely and nobody handles an error that never comes.
    pub(super) fn new(json: serde_json::Value, write_text: impl FnOnce(&mut String) -> fmt::Result) -> Stats {
        let mut text = String::new();
        write_text(&mut text).expect("writing to a String cannot fail");
        Stats { text, json }
    }
}

/// The stats of a puzzle with one table: headline lines, then the entries per distance; as
/// JSON, `{"puzzle", NOUN: total, "max_distance", "NOUN_per_distance"}` and `extra` fields.
pub struct DepthReport<'a> {
    /// The puzzle's label (a defined puzzle's name).
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
        DepthReport { puzzle, noun, metadata, headline: vec![], extra: json!({}), more_tables: vec![] }
    }

    /// The number of entries.
    pub fn total(&self) -> u64 {
        self.metadata.entry_total().expect("Table::open refuses counts whose sum overflows")
    }

    /// The farthest distance with an entry.
    pub fn max_distance(&self) -> usize {
        self.metadata.max_depth().unwrap_or(0)
    }

    /// The report as text and as JSON.
    pub fn stats(&self) -> Stats {
        let mut value = json!({ "puzzle": self.puzzle, self.noun: self.total() });
        value["max_distance"] = self.max_distance().into();
        value[format!("{}_per_distance", self.noun)] = self.metadata.depth_counts.as_slice().into();
        if let serde_json::Value::Object(extra) = &self.extra {
            extra.iter().for_each(|(key, field)| value[key] = field.clone());
        }
        Stats::new(value, |text| {
            for line in &self.headline {
                writeln!(text, "{line}")?;
            }
            write_counts(text, "distance", self.noun, &self.metadata.depth_counts)?;
            for (heading, counts) in &self.more_tables {
                writeln!(text, "{heading}")?;
                write_counts(text, "distance", self.noun, counts)?;
            }
            Ok(())
        })
    }
}

/// A table of counts by value (a distance, a database's value): the heading `<column>
/// <noun>`, then one row per value.
pub(super) fn write_counts(text: &mut String, column: &str, noun: &str, counts: &[u64]) -> fmt::Result {
    writeln!(text, "{column:>8}  {noun}")?;
    for (value, count) in counts.iter().enumerate() {
        writeln!(text, "{value:>8}  {count}")?;
    }
    Ok(())
}
