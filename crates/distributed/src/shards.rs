//! A table in shards: each worker's range as a file in the table format (its own header
//! and checksum), and a manifest that names them all.
//!
//! The shards of `definition-NAME.tbl` live in `definition-NAME.shards/`: `manifest.json`
//! and `shard-W-of-N.tbl`. A shard's header gives its range's entries and the whole table's
//! encoding; its metadata holds its range's counts at each distance and the puzzle's
//! parameters with `shard_first` and `shard_end`. The manifest is written last, once every
//! shard is: a directory without one is a build not finished. [`ShardSet::open`] verifies
//! every shard and refuses a set that overlaps, leaves a range out or disagrees with its
//! manifest; [`ShardSet::merge`] writes the one file the one-process generator writes.

use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

use puzzle_tables_generator::definition::{pack4, table_metadata};
use puzzle_tables_generator::write_table;
use puzzle_tables_models::definition::DefinedPuzzle;
use puzzle_tables_query::definition::{header_spec, spec, UNREACHED8};
use puzzle_tables_query::{Encoding, Metadata, Table, TableSpec};
use serde::{Deserialize, Serialize};

use crate::ranges::Ranges;
use crate::Error;

/// The manifest's format: a change of its fields changes it.
pub const MANIFEST_FORMAT: u32 = 1;

/// Where a build of `name` keeps its finished levels.
pub fn build_dir(tables_dir: &Path, name: &str) -> PathBuf {
    tables_dir.join(format!("definition-{name}.build"))
}

/// Where the shards of `name`'s table are written.
pub fn shards_dir(tables_dir: &Path, name: &str) -> PathBuf {
    tables_dir.join(format!("definition-{name}.shards"))
}

/// The manifest in a shards directory.
pub fn manifest_path(shards_dir: &Path) -> PathBuf {
    shards_dir.join("manifest.json")
}

fn shard_file(worker: usize, workers: usize) -> String {
    format!("shard-{worker}-of-{workers}.tbl")
}

/// The manifest: the table's name and entries, its counts at each distance over every
/// shard, and each shard's file and range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`MANIFEST_FORMAT`].
    pub format: u32,
    /// The defined puzzle's name.
    pub name: String,
    /// The whole table's entries.
    pub entries: u64,
    /// How many patterns lie at each distance.
    pub depth_counts: Vec<u64>,
    /// Each shard, in any order.
    pub shards: Vec<ShardRecord>,
}

/// One shard in the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// Its file, in the shards directory.
    pub file: String,
    /// The first index it holds.
    pub first: u64,
    /// The index after the last it holds.
    pub end: u64,
}

/// Writes worker `worker`'s range of `distances` (a byte an entry) as its shard; returns
/// its path.
pub fn write_shard(
    tables_dir: &Path,
    puzzle: &DefinedPuzzle,
    ranges: Ranges,
    worker: usize,
    depth_counts: &[u64],
    distances: &[u8],
) -> Result<PathBuf, Error> {
    let range = ranges.range(worker);
    let whole = spec(puzzle, depth_counts.len().saturating_sub(1));
    let shard_spec = TableSpec { entries: range.end - range.start, ..whole };
    let payload = match whole.encoding {
        Encoding::Packed4 => pack4(distances.iter().copied()),
        _ => distances.to_vec(),
    };
    let mut parameters = puzzle.parameters();
    parameters.push(("shard_first".into(), range.start.to_string()));
    parameters.push(("shard_end".into(), range.end.to_string()));
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
        depth_counts: count_distances(distances),
        parameters,
    };
    let path = shards_dir(tables_dir, puzzle.name()).join(shard_file(worker, ranges.workers()));
    write_table(&path, &shard_spec.encode_file(&metadata, &payload)).map_err(Error::io(&path))?;
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

/// A sharded table, every shard opened and verified.
#[derive(Debug)]
pub struct ShardSet {
    dir: PathBuf,
    manifest: Manifest,
    puzzle: DefinedPuzzle,
    /// The shards in index order, each with its range.
    shards: Vec<(Range<u64>, Table)>,
}

impl ShardSet {
    /// Opens the shards in `dir` (a `definition-NAME.shards` directory): reads the manifest,
    /// checks that its ranges tile the index, then opens and verifies every shard.
    pub fn open(dir: &Path) -> Result<ShardSet, Error> {
        let refuse = |why: String| Error::Shards { dir: dir.to_path_buf(), why };
        let path = manifest_path(dir);
        let json = match fs::read(&path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(refuse("no manifest.json: the build has not finished (run it again to resume)".into()))
            }
            json => json.map_err(Error::io(&path))?,
        };
        let manifest: Manifest = serde_json::from_slice(&json).map_err(|e| refuse(format!("manifest.json: {e}")))?;
        if manifest.format != MANIFEST_FORMAT {
            return Err(refuse(format!("manifest format {}, this build reads {MANIFEST_FORMAT}", manifest.format)));
        }
        let mut records = manifest.shards.clone();
        records.sort_by_key(|record| (record.first, record.end));
        check_tiling(&records, manifest.entries).map_err(refuse)?;
        let mut shards = Vec::new();
        for record in &records {
            shards.push((record.first..record.end, open_shard(dir, record)?));
        }
        let puzzle = DefinedPuzzle::from_parameters(&shards[0].1.metadata().parameters)
            .map_err(|e| refuse(format!("{}: {e}", records[0].file)))?;
        let set = ShardSet { dir: dir.to_path_buf(), manifest, puzzle, shards };
        set.check_agreement().map_err(refuse)?;
        Ok(set)
    }

    /// Checks that the shards are of one table: the manifest's puzzle, one encoding, the
    /// whole table's spec, and counts adding up to the manifest's.
    fn check_agreement(&self) -> Result<(), String> {
        let whole = self.whole_spec();
        if (self.puzzle.name(), self.puzzle.index().size()) != (self.manifest.name.as_str(), self.manifest.entries) {
            return Err(format!(
                "the manifest names {} of {} entries, the shards {} of {}",
                self.manifest.name,
                self.manifest.entries,
                self.puzzle.name(),
                self.puzzle.index().size()
            ));
        }
        let mut counts = vec![0u64; self.manifest.depth_counts.len()];
        for (range, table) in &self.shards {
            let file = table.path().display();
            if (TableSpec { entries: whole.entries, ..*table.spec() }) != whole {
                return Err(format!("{file} is {}, the table is {whole}", table.spec()));
            }
            if table.metadata().parameters[..] != shard_parameters(&self.puzzle, range)[..] {
                return Err(format!("{file} holds another puzzle or range than the manifest's {range:?}"));
            }
            for (distance, &count) in table.metadata().depth_counts.iter().enumerate() {
                *counts.get_mut(distance).ok_or_else(|| format!("{file} has entries deeper than the table"))? += count;
            }
        }
        if counts != self.manifest.depth_counts {
            return Err(format!(
                "the shards count {counts:?} at each distance, the manifest {:?}",
                self.manifest.depth_counts
            ));
        }
        Ok(())
    }

    /// The spec of the whole table the shards make.
    pub fn whole_spec(&self) -> TableSpec {
        spec(&self.puzzle, self.manifest.depth_counts.len().saturating_sub(1))
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The puzzle the shards hold.
    pub fn puzzle(&self) -> &DefinedPuzzle {
        &self.puzzle
    }

    /// The shards' directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The shards, in index order, each with its range.
    pub fn shards(&self) -> &[(Range<u64>, Table)] {
        &self.shards
    }

    /// The whole table's file bytes: the shards' payloads one after another, under the
    /// header and metadata the one-process generator writes.
    pub fn merged_bytes(&self) -> Vec<u8> {
        let payload: Vec<u8> = self.shards.iter().flat_map(|(_, table)| table.payload().iter().copied()).collect();
        self.whole_spec().encode_file(&table_metadata(&self.puzzle, self.manifest.depth_counts.clone()), &payload)
    }

    /// Writes the whole table to `path` (a temporary file renamed into place).
    pub fn merge(&self, path: &Path) -> Result<(), Error> {
        write_table(path, &self.merged_bytes()).map_err(Error::io(path))
    }
}

/// A shard's parameters: the puzzle's, then its range.
fn shard_parameters(puzzle: &DefinedPuzzle, range: &Range<u64>) -> Vec<(String, String)> {
    let mut parameters = puzzle.parameters();
    parameters.push(("shard_first".into(), range.start.to_string()));
    parameters.push(("shard_end".into(), range.end.to_string()));
    parameters
}

/// Refuses records (sorted by range) that overlap, leave a range out or start a range of
/// a four-bit table in the middle of a byte.
fn check_tiling(records: &[ShardRecord], entries: u64) -> Result<(), String> {
    let mut next = 0;
    for record in records {
        if record.first < next {
            return Err(format!(
                "{} (entries {} to {}) overlaps the shard before it, which ends at {next}",
                record.file, record.first, record.end
            ));
        }
        if record.first > next {
            return Err(format!("no shard holds entries {next} to {}", record.first));
        }
        if record.end < record.first || (!record.first.is_multiple_of(2) && record.end > record.first) {
            return Err(format!("{} has the range {} to {}", record.file, record.first, record.end));
        }
        next = record.end;
    }
    if next != entries {
        return Err(format!("no shard holds entries {next} to {entries}"));
    }
    Ok(())
}

/// Opens and verifies one shard, checking its entries against its record.
fn open_shard(dir: &Path, record: &ShardRecord) -> Result<Table, Error> {
    let path = dir.join(&record.file);
    if !path.exists() {
        return Err(Error::Shards {
            dir: dir.to_path_buf(),
            why: format!(
                "{} (entries {} to {}) is missing: copy it from the machine that built it",
                record.file, record.first, record.end
            ),
        });
    }
    let spec = header_spec(&path)?;
    if spec.entries != record.end - record.first {
        return Err(Error::Shards {
            dir: dir.to_path_buf(),
            why: format!(
                "{} holds {} entries, its range {} to {}",
                record.file, spec.entries, record.first, record.end
            ),
        });
    }
    Ok(Table::open_verified(&path, &spec)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(first: u64, end: u64) -> ShardRecord {
        ShardRecord { file: format!("shard-{first}.tbl"), first, end }
    }

    #[test]
    fn shards_that_overlap_or_leave_a_range_out_are_refused() {
        assert!(check_tiling(&[record(0, 4), record(4, 7)], 7).is_ok());
        let overlap = check_tiling(&[record(0, 4), record(2, 7)], 7).unwrap_err();
        assert!(overlap.contains("overlaps"), "{overlap}");
        let gap = check_tiling(&[record(0, 4), record(6, 7)], 7).unwrap_err();
        assert!(gap.contains("no shard holds entries 4 to 6"), "{gap}");
        let short = check_tiling(&[record(0, 4)], 7).unwrap_err();
        assert!(short.contains("no shard holds entries 4 to 7"), "{short}");
    }
}
