//! Output helpers shared by the puzzle commands.

use std::io::{self, Write};

/// Whether `error` is a write to a closed pipe (`puzzle-tables ... | head`): not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io_kind = cause.downcast_ref::<io::Error>().map(io::Error::kind);
        // serde_json wraps the write error in its own type.
        let json_kind = cause.downcast_ref::<serde_json::Error>().and_then(serde_json::Error::io_error_kind);
        io_kind.or(json_kind) == Some(io::ErrorKind::BrokenPipe)
    })
}

/// Prints a per-distance table: `distance  <noun>` then one row per distance.
pub fn write_depth_counts(out: &mut impl Write, noun: &str, counts: &[u64]) -> io::Result<()> {
    writeln!(out, "{:>8}  {noun}", "distance")?;
    for (distance, count) in counts.iter().enumerate() {
        writeln!(out, "{distance:>8}  {count}")?;
    }
    Ok(())
}

/// `--show`: the start under `start_label`, then each step numbered, with its label and the
/// puzzle after it. Drawings may end with a newline or not.
pub fn write_walk(
    out: &mut impl Write,
    start_label: &str,
    start: &str,
    steps: impl IntoIterator<Item = (String, String)>,
) -> io::Result<()> {
    writeln!(out, "\n{start_label}\n{}", start.trim_end_matches('\n'))?;
    for (number, (label, drawing)) in steps.into_iter().enumerate() {
        writeln!(out, "\n{}. {label}\n{}", number + 1, drawing.trim_end_matches('\n'))?;
    }
    Ok(())
}

/// Writes `value` as pretty JSON and a newline.
pub fn write_json(out: &mut impl Write, value: &serde_json::Value) -> anyhow::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}
