//! Release artifacts for puzzle tables.
//!
//! Tables travel compressed: `cargo xtask dist` writes each table as a zstd file, a
//! `SHA256SUMS` file that `sha256sum -c` accepts, and a [`Manifest`]. `puzzle-tables
//! install` reads them back with [`unpack`], which checks the artifact's size and SHA-256,
//! decompresses it (never past the size the manifest promises), and checks the result's
//! size and SHA-256 before anything is written. The manifest names each table's format and
//! ranking version, and [`TableRecord::check_versions`] refuses a table for another one,
//! saying which, before its artifact is read. The same [`Manifest`], without artifacts,
//! is committed as `tables/manifest.json`, so a change to generation shows up in review.
//!
//! A table may be changed before compression by a reversible [`Transform`] that makes it
//! more compressible (the fifteen puzzle's pattern databases ship as residues over the
//! Manhattan distance, the cube's large table as byte planes); the artifact record names it, [`unpack`] undoes it before the
//! table's SHA-256 is checked, and refuses a transform this build does not know.
#![deny(missing_docs)]

use std::fmt::Write as _;
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};

use std::ops::Range;

use puzzle_tables_query::fifteen::residues::{from_residues, to_residues};
use puzzle_tables_query::fifteen::{pattern_spec, Partition};
use puzzle_tables_query::format::{Header, FORMAT_VERSION, HEADER_LEN};
use puzzle_tables_query::{Encoding, Metadata, Puzzle, TableKind, TableSpec};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The manifest's file name, in a release directory and in `tables/`.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The checksum file's name in a release directory.
pub const SUMS_FILE: &str = "SHA256SUMS";
/// The zstd level artifacts are compressed with, chosen by measurement (`cargo xtask
/// bench-dist`, BENCHMARKS.md): size against time on the real tables.
pub const ZSTD_LEVEL: i32 = 12;

/// Every table of a release (or of `tables/`), in build order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The table format version of every table listed.
    pub format_version: u32,
    /// One record per table.
    pub tables: Vec<TableRecord>,
}

/// One table: what it is, its checksums and its per-distance counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    /// The file name in a tables directory.
    pub file: String,
    /// The puzzle's label.
    pub puzzle: String,
    /// The table kind's label.
    pub kind: String,
    /// Which table of its kind.
    pub variant: u32,
    /// The table format version.
    pub format_version: u32,
    /// The puzzle model's ranking version the table is indexed by.
    pub ranking_version: u32,
    /// The file's length in bytes.
    pub bytes: u64,
    /// The file's SHA-256, lowercase hex.
    pub sha256: String,
    /// How many entries lie at each distance, from the table's metadata.
    pub depth_counts: Vec<u64>,
    /// The compressed artifact, in a release manifest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifact: Option<Artifact>,
}

/// A table compressed for shipping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Artifact {
    /// The file name in the release directory.
    pub file: String,
    /// Its length in bytes.
    pub bytes: u64,
    /// Its SHA-256, lowercase hex.
    pub sha256: String,
    /// The [`Transform`] applied before compression, by its label; none when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transform: Option<String>,
}

/// A reversible change to a table's bytes before compression, which [`unpack`] undoes.
/// Each applies to one kind of table, which its header names; the header and metadata are
/// left as they are. More may be added, so a `match` on it needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Transform {
    /// A fifteen-puzzle pattern database's entries as residues over their tiles' Manhattan
    /// distance (`puzzle_tables_query::fifteen::residues`).
    ManhattanResidues,
    /// The cube's large table's four-byte words as four byte planes (every word's first
    /// byte, then every second byte, ...): its distances and its step nibbles compress better
    /// apart.
    WordBytePlanes,
}

/// The bytes of a word of [`Transform::WordBytePlanes`].
const WORD: usize = 4;

impl Transform {
    /// Every transform.
    pub const ALL: [Transform; 2] = [Transform::ManhattanResidues, Transform::WordBytePlanes];

    /// The name an artifact record gives it.
    pub fn label(self) -> &'static str {
        match self {
            Transform::ManhattanResidues => "fifteen-manhattan-residues",
            Transform::WordBytePlanes => "word-byte-planes",
        }
    }

    /// The transform named `label`.
    pub fn from_label(label: &str) -> Option<Transform> {
        Transform::ALL.into_iter().find(|transform| transform.label() == label)
    }

    /// Whether it applies to the table of `header`.
    fn suits(self, header: &Header) -> bool {
        match self {
            Transform::ManhattanResidues => pattern_tiles(header).is_some(),
            Transform::WordBytePlanes => {
                header.puzzle == Puzzle::Cube.code()
                    && header.kind == TableKind::DistanceSteps.code()
                    && header.encoding == Encoding::U32.code()
                    && header.payload_len.is_multiple_of(WORD as u64)
            }
        }
    }

    /// The transform that suits the table file `bytes`, with the bytes it gives, or `None`
    /// when none does (or the table's entries do not allow it).
    pub fn apply_any(bytes: &[u8]) -> Option<(Transform, Vec<u8>)> {
        let (header, payload) = payload_of(bytes)?;
        let transform = Transform::ALL.into_iter().find(|transform| transform.suits(&header))?;
        let mut transformed = bytes.to_vec();
        let entries = &mut transformed[payload];
        match transform {
            Transform::ManhattanResidues => to_residues(pattern_tiles(&header)?, entries).ok()?,
            Transform::WordBytePlanes => entries.copy_from_slice(&byte_planes(entries)),
        }
        Some((transform, transformed))
    }

    /// Undoes this transform on the table file `bytes`, in place; says why when it cannot.
    pub fn undo(self, bytes: &mut [u8]) -> Result<(), String> {
        let (header, payload) = payload_of(bytes).ok_or("the bytes are not a table")?;
        if !self.suits(&header) {
            return Err("the table is not of the kind it applies to".into());
        }
        let entries = &mut bytes[payload];
        match self {
            Transform::ManhattanResidues => {
                let tiles = pattern_tiles(&header).ok_or("not a pattern database")?;
                from_residues(tiles, entries).map_err(|error| error.to_string())
            }
            Transform::WordBytePlanes => {
                entries.copy_from_slice(&words_of_planes(entries));
                Ok(())
            }
        }
    }
}

/// The header of the table file `bytes`, and where its payload lies; `None` for bytes that
/// are no table.
fn payload_of(bytes: &[u8]) -> Option<(Header, Range<usize>)> {
    let header = Header::decode(bytes.get(..HEADER_LEN)?.try_into().ok()?).ok()?;
    let start = usize::try_from(header.payload_offset).ok()?;
    let end = start.checked_add(usize::try_from(header.payload_len).ok()?)?;
    (end <= bytes.len()).then_some((header, start..end))
}

/// The tiles of the fifteen-puzzle pattern database of `header`, by its variant; `None`
/// for any other table.
fn pattern_tiles(header: &Header) -> Option<&'static [u8]> {
    let is_pattern_database = header.puzzle == Puzzle::Fifteen.code()
        && header.kind == TableKind::PatternDatabase.code()
        && header.encoding == Encoding::Bytes.code();
    let mut patterns = Partition::ALL.iter().flat_map(|partition| partition.patterns());
    patterns.find(|tiles| is_pattern_database && pattern_spec(tiles).variant == header.variant).copied()
}

/// `words` (whole words) as byte planes: byte `b` of word `i` at `b * words + i`.
fn byte_planes(words: &[u8]) -> Vec<u8> {
    let count = words.len() / WORD;
    let mut planes = vec![0u8; words.len()];
    for (i, word) in words.chunks_exact(WORD).enumerate() {
        for (byte, &value) in word.iter().enumerate() {
            planes[byte * count + i] = value;
        }
    }
    planes
}

/// The inverse of [`byte_planes`].
fn words_of_planes(planes: &[u8]) -> Vec<u8> {
    let count = planes.len() / WORD;
    let mut words = vec![0u8; planes.len()];
    for (i, word) in words.chunks_exact_mut(WORD).enumerate() {
        for (byte, value) in word.iter_mut().enumerate() {
            *value = planes[byte * count + i];
        }
    }
    words
}

/// Why an artifact cannot be installed. More reasons may be added, so a `match` on it
/// needs a wildcard arm.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DistError {
    /// A file could not be read. (The cause is the error's source, so a report that prints
    /// the chain names it once.)
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The manifest is not valid JSON of the expected shape.
    #[error("{}: not a puzzle-tables manifest", path.display())]
    Manifest {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// The manifest records another table format.
    #[error("the release holds format version {found} tables; this build reads version {FORMAT_VERSION}")]
    FormatVersion {
        /// The release's version.
        found: u32,
    },
    /// A table built for another version of the table format or of its puzzle's ranking.
    #[error("{file}: the release holds {what} version {found}; this build reads version {expected}")]
    Version {
        /// The table's file name.
        file: String,
        /// Which version: `table format`, or `<puzzle> ranking`.
        what: String,
        /// The release's version.
        found: u32,
        /// This build's.
        expected: u32,
    },
    /// A table record without an artifact.
    #[error("{0}: the manifest names no artifact for it")]
    NoArtifact(String),
    /// A file's size or SHA-256 differs from the manifest's.
    #[error("{}: {what} {found}, the manifest says {expected}", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What was compared.
        what: &'static str,
        /// The manifest's value.
        expected: String,
        /// The file's.
        found: String,
    },
    /// The artifact names a transform this build does not know.
    #[error("{}: transform `{name}` is not one this build knows ({}); a newer puzzle-tables may install it", path.display(), known_transforms())]
    UnknownTransform {
        /// The artifact.
        path: PathBuf,
        /// The transform's name in the manifest.
        name: String,
    },
    /// The artifact's transform cannot be undone on its decompressed bytes.
    #[error("{}: cannot undo transform `{}`: {why}", path.display(), transform.label())]
    Untransform {
        /// The artifact.
        path: PathBuf,
        /// The transform.
        transform: Transform,
        /// Why.
        why: String,
    },
    /// The artifact is not valid zstd.
    #[error("{}: cannot decompress", path.display())]
    Decompress {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl TableRecord {
    /// The record of a table file's `bytes`, described by `spec` and `metadata`.
    pub fn new(spec: &TableSpec, metadata: &Metadata, bytes: &[u8]) -> TableRecord {
        TableRecord {
            file: spec.file_name(),
            puzzle: spec.puzzle.label().to_string(),
            kind: spec.kind.label().to_string(),
            variant: spec.variant,
            format_version: FORMAT_VERSION,
            ranking_version: spec.ranking_version,
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
            depth_counts: metadata.depth_counts.clone(),
            artifact: None,
        }
    }
}

impl TableRecord {
    /// Checks that the table is of this build's format version and of the ranking version
    /// `spec` (this build's reader) expects.
    pub fn check_versions(&self, spec: &TableSpec) -> Result<(), DistError> {
        let version = |what: String, found: u32, expected: u32| {
            if found == expected {
                return Ok(());
            }
            Err(DistError::Version { file: self.file.clone(), what, found, expected })
        };
        version("table format".into(), self.format_version, FORMAT_VERSION)?;
        version(format!("{} ranking", spec.puzzle), self.ranking_version, spec.ranking_version)
    }
}

impl Manifest {
    /// A manifest of `tables` at this build's format version.
    pub fn new(tables: Vec<TableRecord>) -> Manifest {
        Manifest { format_version: FORMAT_VERSION, tables }
    }

    /// The manifest as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a manifest serializes") + "\n"
    }

    /// Reads and checks `dir/manifest.json`.
    pub fn read(dir: &Path) -> Result<Manifest, DistError> {
        let path = dir.join(MANIFEST_FILE);
        let text = read(&path)?;
        let manifest: Manifest =
            serde_json::from_slice(&text).map_err(|source| DistError::Manifest { path: path.clone(), source })?;
        if manifest.format_version != FORMAT_VERSION {
            return Err(DistError::FormatVersion { found: manifest.format_version });
        }
        Ok(manifest)
    }

    /// A `SHA256SUMS` text (`sha256sum -c` format) for the artifacts and `manifest_json`.
    pub fn sha256sums(&self, manifest_json: &str) -> String {
        let mut sums = String::new();
        for artifact in self.tables.iter().filter_map(|t| t.artifact.as_ref()) {
            writeln!(sums, "{}  {}", artifact.sha256, artifact.file).expect("writing to a string");
        }
        writeln!(sums, "{}  {MANIFEST_FILE}", sha256_hex(manifest_json.as_bytes())).expect("writing to a string");
        sums
    }
}

/// Writes a release into `out`: each table (its record and file bytes) compressed as
/// `NAME.tbl.zst`, then `manifest.json` and `SHA256SUMS`, each written beside its place and
/// renamed, so that a release stopped midway holds no file cut short. Returns the release
/// manifest.
pub fn write_release(out: &Path, tables: Vec<(TableRecord, Vec<u8>)>) -> std::io::Result<Manifest> {
    std::fs::create_dir_all(out)?;
    let mut records = Vec::new();
    for (mut record, bytes) in tables {
        let (compressed, artifact) = pack(&record, &bytes);
        write_by_rename(&out.join(&artifact.file), &compressed)?;
        record.artifact = Some(artifact);
        records.push(record);
    }
    let manifest = Manifest::new(records);
    let json = manifest.to_json();
    write_by_rename(&out.join(MANIFEST_FILE), json.as_bytes())?;
    write_by_rename(&out.join(SUMS_FILE), manifest.sha256sums(&json).as_bytes())?;
    Ok(manifest)
}

/// Writes `bytes` into a temporary file beside `path` (`.NAME.partial`) and renames it over
/// `path`: a release written again over an older one and stopped midway (killed) holds each
/// file whole, old or new, never cut short; the next run writes the same temporary again.
fn write_by_rename(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.partial"));
    let written = std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A table file's bytes transformed where a [`Transform`] suits them and compressed for
/// shipping at [`ZSTD_LEVEL`], and the artifact record.
pub fn pack(record: &TableRecord, bytes: &[u8]) -> (Vec<u8>, Artifact) {
    let transformed = Transform::apply_any(bytes);
    let shipped = transformed.as_ref().map_or(bytes, |(_, transformed)| transformed);
    let compressed = compress(shipped, ZSTD_LEVEL, worker_threads());
    let artifact = Artifact {
        file: format!("{}.zst", record.file),
        bytes: compressed.len() as u64,
        sha256: sha256_hex(&compressed),
        transform: transformed.map(|(transform, _)| transform.label().to_string()),
    };
    (compressed, artifact)
}

fn known_transforms() -> String {
    Transform::ALL.map(Transform::label).join(", ")
}

/// One zstd worker thread a core.
pub fn worker_threads() -> u32 {
    std::thread::available_parallelism().map_or(1, |cores| u32::try_from(cores.get()).unwrap_or(u32::MAX))
}

/// `bytes` as a zstd frame at `level`, compressed on zstd's own `workers` threads (its
/// `zstdmt`), which cut the input into jobs; the frame is the same for any number of
/// workers from 1 up, so a release does not depend on the machine that wrote it.
pub fn compress(bytes: &[u8], level: i32, workers: u32) -> Vec<u8> {
    let compressing = || -> std::io::Result<Vec<u8>> {
        let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), level)?;
        encoder.multithread(workers)?;
        encoder.include_contentsize(true)?;
        encoder.set_pledged_src_size(Some(bytes.len() as u64))?;
        encoder.write_all(bytes)?;
        encoder.finish()
    };
    compressing().expect("compressing in memory")
}

/// Decompresses a zstd frame of at most `limit` bytes; one byte past it tells a longer
/// stream from an exact one.
pub fn decompress(compressed: &[u8], limit: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    // No stream is longer than u64::MAX bytes, so saturating loses nothing.
    zstd::stream::read::Decoder::new(compressed)?.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads the artifact of `record` from the release directory `dir`, checks it, and returns
/// the table file's bytes, checked against the record too.
pub fn unpack(dir: &Path, record: &TableRecord) -> Result<Vec<u8>, DistError> {
    let artifact = record.artifact.as_ref().ok_or_else(|| DistError::NoArtifact(record.file.clone()))?;
    let path = dir.join(&artifact.file);
    let transform = match &artifact.transform {
        Some(name) => Some(
            Transform::from_label(name)
                .ok_or_else(|| DistError::UnknownTransform { path: path.clone(), name: name.clone() })?,
        ),
        None => None,
    };
    let compressed = read(&path)?;
    check(&path, "size", artifact.bytes, compressed.len() as u64)?;
    check(&path, "SHA-256", &artifact.sha256, &sha256_hex(&compressed))?;
    let mut bytes =
        decompress(&compressed, record.bytes).map_err(|source| DistError::Decompress { path: path.clone(), source })?;
    check(&path, "decompressed size", record.bytes, bytes.len() as u64)?;
    if let Some(transform) = transform {
        transform.undo(&mut bytes).map_err(|why| DistError::Untransform { path: path.clone(), transform, why })?;
    }
    check(&path, "decompressed SHA-256", &record.sha256, &sha256_hex(&bytes))?;
    Ok(bytes)
}

fn check<T: PartialEq + ToString>(path: &Path, what: &'static str, expected: T, found: T) -> Result<(), DistError> {
    if expected == found {
        return Ok(());
    }
    Err(DistError::Mismatch {
        path: path.to_path_buf(),
        what,
        expected: expected.to_string(),
        found: found.to_string(),
    })
}

fn read(path: &Path) -> Result<Vec<u8>, DistError> {
    std::fs::read(path).map_err(|source| DistError::Read { path: path.to_path_buf(), source })
}

/// SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().fold(String::with_capacity(64), |mut hex, byte| {
        write!(hex, "{byte:02x}").expect("writing to a string");
        hex
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_of(bytes: &[u8]) -> TableRecord {
        TableRecord {
            file: "t.tbl".into(),
            puzzle: "eight".into(),
            kind: "parent".into(),
            variant: 0,
            format_version: FORMAT_VERSION,
            ranking_version: 1,
            bytes: bytes.len() as u64,
            sha256: sha256_hex(bytes),
            depth_counts: vec![1],
            artifact: None,
        }
    }

    #[test]
    fn the_large_cube_table_ships_as_byte_planes_and_comes_back() {
        let spec = TableSpec { entries: 1000, ..puzzle_tables_query::cube::phase1_steps_spec() };
        let payload: Vec<u8> = (0..4000u32).map(|i| (i * 7 % 256) as u8).collect();
        let table = spec.encode_file(&Metadata::default(), &payload);
        let (transform, mut bytes) = Transform::apply_any(&table).unwrap();
        assert_eq!(transform, Transform::WordBytePlanes);
        let (_, at) = payload_of(&bytes).unwrap();
        for (i, word) in payload.chunks_exact(4).enumerate() {
            assert!((0..4).all(|b| bytes[at.start + b * 1000 + i] == word[b]), "word {i}");
        }
        transform.undo(&mut bytes).unwrap();
        assert!(bytes == table);
        // Another kind of table is neither transformed nor undone.
        let other = TableSpec {
            entries: 1000,
            ..puzzle_tables_query::cube::near_graph_spec(puzzle_tables_query::cube::Metric::Htm)
        };
        let other = other.encode_file(&Metadata::default(), &payload);
        assert!(Transform::apply_any(&other).is_none());
        let error = Transform::WordBytePlanes.undo(&mut other.clone()).unwrap_err();
        assert_eq!(error, "the table is not of the kind it applies to");
    }

    #[test]
    fn the_frame_is_the_same_on_any_number_of_workers() {
        // 24 MB in several of zstd's jobs, compressible but not trivially.
        let bytes: Vec<u8> = (0..24_000_000u64).map(|i| (i * i / 7 % 251) as u8 ^ (i >> 12) as u8).collect();
        let one = compress(&bytes, 3, 1);
        assert!(one.len() < bytes.len() / 2);
        for workers in [2, 3] {
            assert!(compress(&bytes, 3, workers) == one, "{workers} workers");
        }
        assert_eq!(decompress(&one, bytes.len() as u64).unwrap(), bytes);
    }

    #[test]
    fn a_packed_table_unpacks_to_the_same_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 7) as u8).collect();
        let mut record = record_of(&bytes);
        let (compressed, artifact) = pack(&record, &bytes);
        std::fs::write(dir.join(&artifact.file), &compressed).unwrap();
        record.artifact = Some(artifact);
        assert_eq!(unpack(dir, &record).unwrap(), bytes);
    }

    #[test]
    fn a_damaged_or_swapped_artifact_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let bytes = vec![5u8; 4096];
        let mut record = record_of(&bytes);
        let (mut compressed, artifact) = pack(&record, &bytes);
        let last = compressed.len() - 1;
        compressed[last] ^= 1;
        std::fs::write(dir.join(&artifact.file), &compressed).unwrap();
        record.artifact = Some(artifact);
        let error = unpack(dir, &record).unwrap_err().to_string();
        assert!(error.contains("SHA-256"), "{error}");

        // A well-formed artifact of other (longer) contents: refused by its decompressed size.
        let longer = vec![5u8; 8192];
        let (compressed, artifact) = pack(&record, &longer);
        std::fs::write(dir.join(&artifact.file), &compressed).unwrap();
        record.artifact = Some(artifact);
        let error = unpack(dir, &record).unwrap_err().to_string();
        assert!(error.contains("decompressed size 4097, the manifest says 4096"), "{error}");
    }

    #[test]
    fn a_record_promising_the_largest_size_is_refused_without_overflow() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = vec![5u8; 4096];
        let mut record = record_of(&bytes);
        let (compressed, artifact) = pack(&record, &bytes);
        std::fs::write(dir.path().join(&artifact.file), &compressed).unwrap();
        record.artifact = Some(artifact);
        record.bytes = u64::MAX;
        let error = unpack(dir.path(), &record).unwrap_err().to_string();
        assert!(error.contains(&format!("decompressed size 4096, the manifest says {}", u64::MAX)), "{error}");
    }

    #[test]
    fn a_record_of_another_ranking_or_format_version_is_refused_saying_which() {
        let spec = puzzle_tables_query::eight::EightTable::SPEC;
        let mut record = record_of(b"table");
        record.ranking_version = spec.ranking_version + 1;
        let error = record.check_versions(&spec).unwrap_err().to_string();
        let expected = format!(
            "t.tbl: the release holds eight ranking version {}; this build reads version {}",
            spec.ranking_version + 1,
            spec.ranking_version
        );
        assert_eq!(error, expected);
        record.ranking_version = spec.ranking_version;
        assert!(record.check_versions(&spec).is_ok());
        record.format_version = FORMAT_VERSION + 1;
        let error = record.check_versions(&spec).unwrap_err().to_string();
        assert!(error.contains(&format!("table format version {}", FORMAT_VERSION + 1)), "{error}");
    }

    #[test]
    fn sums_are_in_sha256sum_format() {
        let bytes = b"abc";
        let mut record = record_of(bytes);
        record.artifact =
            Some(Artifact { file: "t.tbl.zst".into(), bytes: 3, sha256: sha256_hex(bytes), transform: None });
        let sums = Manifest::new(vec![record]).sha256sums("{}");
        assert!(sums.starts_with("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  t.tbl.zst\n"));
        assert!(sums.ends_with("  manifest.json\n"));
    }
}
