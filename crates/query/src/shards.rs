//! A defined puzzle's table left in shards, read in place: the files a distributed build
//! writes (`puzzle-tables distributed`), opened shard by shard, without merging them first.
//!
//! The shards of `definition-NAME.tbl` live in `definition-NAME.shards/`: `manifest.json`
//! (the table's name and entries, its counts at each distance, and each shard's file and
//! range) and one file a range, each in the table format with its own header and checksum.
//! A shard's header gives its range's entries and the whole table's encoding; its metadata
//! holds its range's counts and the puzzle's parameters with `shard_first` and `shard_end`.
//! The manifest is written last: a directory without one is a build not finished.
//!
//! [`ShardedTable::open`] is the checked loader: it never panics, and refuses, naming the
//! file and what is wrong, a missing manifest or shard, a shard that fails its own checks
//! (truncated, damaged), ranges that overlap or leave entries out, and shards that disagree
//! with one another or with the manifest. Once open, [`ShardedTable::entry`] reads the entry
//! of any index from the shard that holds it, as the merged file would give it.

use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

use puzzle_tables_models::definition::DefinedPuzzle;
use serde::{Deserialize, Serialize};

use crate::definition_file::{entry_of, header_spec, spec};
use crate::format::TableSpec;
use crate::table::{Table, TableError, TableErrorKind};

/// The manifest's format: a change of its fields changes it.
pub const MANIFEST_FORMAT: u32 = 1;

/// The directory of the shards of the definition table named `name`:
/// `definition-NAME.shards`.
pub fn dir_name(name: &str) -> String {
    format!("definition-{name}.shards")
}

/// The name of the definition table whose shards are in the directory called `dir_name`,
/// if it is one.
pub fn name_of_dir(dir_name: &str) -> Option<&str> {
    dir_name.strip_prefix("definition-")?.strip_suffix(".shards")
}

/// The manifest in a shards directory.
pub fn manifest_path(shards_dir: &Path) -> PathBuf {
    shards_dir.join("manifest.json")
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

/// A shard's parameters in its metadata: the puzzle's, then its range.
pub fn shard_parameters(puzzle: &DefinedPuzzle, range: &Range<u64>) -> Vec<(String, String)> {
    let mut parameters = puzzle.parameters();
    parameters.push(("shard_first".into(), range.start.to_string()));
    parameters.push(("shard_end".into(), range.end.to_string()));
    parameters
}

/// A table in shards, every shard opened, verified and checked against the others.
#[derive(Debug)]
pub struct ShardedTable {
    dir: PathBuf,
    manifest: Manifest,
    puzzle: DefinedPuzzle,
    /// The shards in index order, each with its range.
    shards: Vec<(Range<u64>, Table)>,
    /// Each shard's first index, in the same order: where [`ShardedTable::entry`] looks.
    firsts: Vec<u64>,
}

impl ShardedTable {
    /// Opens the shards in `dir` (a `definition-NAME.shards` directory), each read into
    /// memory and verified ([`Table::open_verified`]); see the module's overview for what
    /// is refused.
    pub fn open(dir: &Path) -> Result<ShardedTable, TableError> {
        ShardedTable::open_with(dir, Table::open_verified)
    }

    /// Reads the manifest, checks that its ranges tile the index, then opens every shard
    /// with `open_shard` and checks that they make one table. [`Tables`](crate::Tables)
    /// opens them mapped ([`Table::open_mapped`]) where its caller promised so.
    pub(crate) fn open_with(
        dir: &Path,
        open_shard: impl Fn(&Path, &TableSpec) -> Result<Table, TableError>,
    ) -> Result<ShardedTable, TableError> {
        let refuse = |why: String| refused(dir, why);
        let manifest = read_manifest(dir)?;
        let mut records = manifest.shards.clone();
        records.sort_by_key(|record| (record.first, record.end));
        check_tiling(&records, manifest.entries).map_err(refuse)?;
        let mut shards = Vec::with_capacity(records.len());
        for record in &records {
            let path = dir.join(&record.file);
            let shard_spec = shard_spec(dir, record)?;
            shards.push((record.first..record.end, open_shard(&path, &shard_spec)?));
        }
        let Some((_, first)) = shards.first() else { return Err(refuse("the manifest names no shard".into())) };
        let puzzle = DefinedPuzzle::from_parameters(&first.metadata().parameters)
            .map_err(|e| refuse(format!("{}: {e}", records[0].file)))?;
        let firsts = records.iter().map(|record| record.first).collect();
        let table = ShardedTable { dir: dir.to_path_buf(), manifest, puzzle, shards, firsts };
        table.check_agreement().map_err(refuse)?;
        Ok(table)
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
                let total =
                    counts.get_mut(distance).ok_or_else(|| format!("{file} has entries deeper than the table"))?;
                *total = total.checked_add(count).ok_or_else(|| format!("{file}: its counts overflow"))?;
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

    /// The spec of the whole table the shards make (as the merged file's header has it).
    pub fn whole_spec(&self) -> TableSpec {
        spec(&self.puzzle, self.manifest.depth_counts.len().saturating_sub(1))
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The puzzle the shards hold, rebuilt from the first shard's metadata.
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

    /// The entry of `index` (four bits or a byte, as the whole table's encoding), from the
    /// shard that holds it; `None` past the last entry.
    #[inline]
    pub fn entry(&self, index: u64) -> Option<u8> {
        let shard = self.firsts.partition_point(|&first| first <= index).checked_sub(1)?;
        let (range, table) = &self.shards[shard];
        let within = index.checked_sub(range.start).filter(|_| index < range.end)?;
        entry_of(table.payload(), table.spec().encoding, within)
    }

    /// An error about the shards as a whole.
    pub fn error(&self, kind: TableErrorKind) -> TableError {
        TableError::new(self.dir.clone(), kind)
    }
}

fn refused(dir: &Path, why: String) -> TableError {
    TableError::new(dir.to_path_buf(), TableErrorKind::Shards(why))
}

/// The manifest of `dir`, of this build's format.
fn read_manifest(dir: &Path) -> Result<Manifest, TableError> {
    let path = manifest_path(dir);
    let json = match std::fs::read(&path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let why = "no manifest.json: the build has not finished (run it again to resume)";
            return Err(refused(dir, why.into()));
        }
        json => json.map_err(|error| TableError::new(path.clone(), TableErrorKind::Io(error)))?,
    };
    let manifest: Manifest = serde_json::from_slice(&json).map_err(|e| refused(dir, format!("manifest.json: {e}")))?;
    if manifest.format != MANIFEST_FORMAT {
        return Err(refused(dir, format!("manifest format {}, this build reads {MANIFEST_FORMAT}", manifest.format)));
    }
    Ok(manifest)
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
        if Path::new(&record.file).file_name() != Some(std::ffi::OsStr::new(&record.file)) {
            return Err(format!("{} is not a file name in the shards directory", record.file));
        }
        next = record.end;
    }
    if next != entries {
        return Err(format!("no shard holds entries {next} to {entries}"));
    }
    Ok(())
}

/// The spec in `record`'s shard's header, checked against its range.
fn shard_spec(dir: &Path, record: &ShardRecord) -> Result<TableSpec, TableError> {
    let path = dir.join(&record.file);
    if !path.exists() {
        let why = format!(
            "{} (entries {} to {}) is missing: copy it from the machine that built it",
            record.file, record.first, record.end
        );
        return Err(refused(dir, why));
    }
    let spec = header_spec(&path)?;
    if spec.entries != record.end - record.first {
        let why =
            format!("{} holds {} entries, its range {} to {}", record.file, spec.entries, record.first, record.end);
        return Err(refused(dir, why));
    }
    Ok(spec)
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
        let outside = ShardRecord { file: "../elsewhere.tbl".into(), first: 0, end: 7 };
        let escaped = check_tiling(&[outside], 7).unwrap_err();
        assert!(escaped.contains("not a file name"), "{escaped}");
    }
}
