//! A table in shards, written: each worker's range as a file in the table format (its own
//! header and checksum), and a manifest that names them all; and merged into the one file
//! the one-process generator writes.
//!
//! The layout (`definition-NAME.shards/`, `manifest.json`, `shard-W-of-N.tbl`) and the
//! checked reader are the query crate's ([`puzzle_tables_query::shards`]): answers read the
//! shards in place. A shard's header gives its range's entries and the whole table's
//! encoding; its metadata holds its range's counts at each distance and the puzzle's
//! parameters with `shard_first` and `shard_end`. The manifest is written last, once every
//! shard is: a directory without one is a build not finished.

use std::path::{Path, PathBuf};

use puzzle_tables_generator::definition::{pack4_in_place, table_metadata};
use puzzle_tables_generator::{write_table, write_table_file, write_table_parts};
use puzzle_tables_models::definition::DefinedPuzzle;
use puzzle_tables_query::definition::{spec, UNREACHED8};
pub use puzzle_tables_query::shards::manifest_path;
use puzzle_tables_query::shards::{dir_name, shard_parameters, Manifest, ShardRecord, ShardedTable, MANIFEST_FORMAT};
use puzzle_tables_query::{Encoding, Metadata, TableSpec};

use crate::ranges::Ranges;
use crate::Error;

/// Where a build of `name` keeps its finished levels.
pub fn build_dir(tables_dir: &Path, name: &str) -> PathBuf {
    tables_dir.join(format!("definition-{name}.build"))
}

/// Where the shards of `name`'s table are written.
pub fn shards_dir(tables_dir: &Path, name: &str) -> PathBuf {
    tables_dir.join(dir_name(name))
}

fn shard_file(worker: usize, workers: usize) -> String {
    format!("shard-{worker}-of-{workers}.tbl")
}

/// Writes worker `worker`'s range of `distances` (a byte an entry, packed in place where
/// the table is packed: the last of a build's memory) as its shard; returns its path.
pub fn write_shard(
    tables_dir: &Path,
    puzzle: &DefinedPuzzle,
    ranges: Ranges,
    worker: usize,
    depth_counts: &[u64],
    distances: Vec<u8>,
) -> Result<PathBuf, Error> {
    let range = ranges.range(worker);
    let whole = spec(puzzle, depth_counts.len().saturating_sub(1));
    let shard_spec = TableSpec { entries: range.end - range.start, ..whole };
    let parameters = shard_parameters(puzzle, &range);
    let metadata = Metadata {
        description: format!(
            "{}: shard {worker} of {}, entries {} to {} of {}",
            puzzle.name(),
            ranges.workers(),
            range.start,
            range.end,
            puzzle.index().size()
        ),
        generated_by: format!("puzzle-tables distributed {}", puzzle.name()),
        depth_counts: count_distances(&distances),
        parameters,
    };
    let payload = match whole.encoding {
        Encoding::Packed4 => pack4_in_place(distances),
        _ => distances,
    };
    let path = shards_dir(tables_dir, puzzle.name()).join(shard_file(worker, ranges.workers()));
    write_table_file(&path, &shard_spec, &metadata, &payload).map_err(Error::io(&path))?;
    Ok(path)
}

/// How many of `distances` lie at each distance (unreached ones left out).
fn count_distances(distances: &[u8]) -> Vec<u64> {
    let mut counts = vec![0u64; 256];
    distances.iter().for_each(|&d| counts[d as usize] += 1);
    counts.truncate(UNREACHED8 as usize);
    let deepest = counts.iter().rposition(|&count| count > 0).map_or(0, |d| d + 1);
    counts.truncate(deepest);
    counts
}

/// Writes the manifest of `puzzle`'s shards over `ranges`.
pub fn write_manifest(
    tables_dir: &Path,
    puzzle: &DefinedPuzzle,
    ranges: Ranges,
    depth_counts: &[u64],
) -> Result<(), Error> {
    let shards = (0..ranges.workers())
        .map(|worker| {
            let range = ranges.range(worker);
            ShardRecord { file: shard_file(worker, ranges.workers()), first: range.start, end: range.end }
        })
        .collect();
    let manifest = Manifest {
        format: MANIFEST_FORMAT,
        name: puzzle.name().to_string(),
        entries: puzzle.index().size(),
        depth_counts: depth_counts.to_vec(),
        shards,
    };
    let path = manifest_path(&shards_dir(tables_dir, puzzle.name()));
    let json = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
    write_table(&path, &json).map_err(Error::io(&path))
}

/// Writes the whole table to `path` (a temporary file renamed into place): the shards'
/// payloads one after another, under the header and metadata the one-process generator
/// writes, each read from its shard's mapping as it is written (the table is never whole
/// in memory).
pub fn merge(shards: &ShardedTable, path: &Path) -> Result<(), Error> {
    let payloads = || shards.shards().iter().map(|(_, table)| table.payload());
    let mut crc = crc32fast::Hasher::new();
    payloads().for_each(|payload| crc.update(payload));
    let payload_len = payloads().map(|payload| payload.len() as u64).sum();
    let metadata = table_metadata(shards.puzzle(), shards.manifest().depth_counts.clone());
    let head = shards.whole_spec().encode_head(&metadata, payload_len, crc.finalize());
    write_table_parts(path, std::iter::once(&head[..]).chain(payloads())).map_err(Error::io(path))
}
