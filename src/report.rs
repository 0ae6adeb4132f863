//! Output helpers shared by the puzzle commands.

use std::io::{self, Write};

/// Whether `error` is a write to a closed pipe (`puzzle-tables ... | head`): not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

/// Prints a per-distance table: `distance  <noun>` then one row per distance.
pub fn write_depth_counts(out: &mut impl Write, noun: &str, counts: &[u64]) -> io::Result<()> {
    writeln!(out, "{:>8}  {noun}", "distance")?;
    for (distance, count) in counts.iter().enumerate() {
        writeln!(out, "{distance:>8}  {count}")?;
    }
    Ok(())
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &serde_json::Value) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
