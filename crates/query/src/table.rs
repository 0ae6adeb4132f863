//! [`Table`]: one opened and checked table file, read into memory ([`Table::open`]) or
//! memory-mapped ([`Table::open_mapped`], `unsafe`: the caller promises the file does not
//! change while it is mapped).

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use memmap2::{Advice, Mmap, MmapMut};

use crate::format::{Header, HeaderError, Metadata, TableSpec, FORMAT_VERSION, HEADER_LEN, PAYLOAD_ALIGN};
use crate::map::{files_cached_on_huge_pages, leave_page_cache, map_read_only, mostly_on_huge_pages};

/// A table file that passed [`Table::open`]'s checks.
///
/// Most callers never touch a `Table`: [`Tables`](crate::Tables) opens each puzzle's reader.
///
/// ```
/// # let dir = tempfile::tempdir()?;
/// # puzzle_tables_generator::write_tables(puzzle_tables_query::Puzzle::Eight, dir.path(), &mut puzzle_tables_generator::Silent)?;
/// use puzzle_tables_query::{eight::EightTable, Table};
///
/// let path = dir.path().join(EightTable::SPEC.file_name());
/// let table = Table::open_verified(&path, &EightTable::SPEC)?;
/// assert_eq!(table.spec(), &EightTable::SPEC);
/// assert!(table.file_len() > table.payload().len() as u64);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Table {
    path: PathBuf,
    spec: TableSpec,
    header: Header,
    metadata: Metadata,
    bytes: Bytes,
}

/// A table file's bytes: a copy in memory, or a read-only map of the file. The copy lives
/// in anonymous memory that asks the kernel for huge pages: the cube's search reads its
/// 28 MB tables at random, and with 2 MB pages those reads rarely miss the TLB.
enum Bytes {
    Copied(MmapMut),
    Mapped(Mmap),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Copied(bytes) => bytes,
            Bytes::Mapped(map) => map,
        }
    }
}

/// How [`open_checked`] gets the bytes once the header checks passed.
#[derive(Clone, Copy)]
enum Access {
    Read,
    /// Only built by [`Table::open_mapped`] and [`Table::open_mapped_on_huge_pages`], whose
    /// callers made their safety promise.
    Map {
        huge_pages: bool,
    },
}

/// A table file that cannot be used, and why; the message names the file and what is wrong
/// with it. Its [`source`](std::error::Error::source) is the cause under that, if any (the
/// I/O error of [`TableErrorKind::Io`]), so a report that prints the chain names each
/// reason once.
///
/// ```
/// use std::error::Error;
/// use puzzle_tables_query::{eight::EightTable, Table, TableErrorKind};
///
/// let error = Table::open(std::path::Path::new("no/such/eight-parent.tbl"), &EightTable::SPEC).unwrap_err();
/// assert!(matches!(error.kind(), TableErrorKind::Missing));
/// assert_eq!(error.path(), std::path::Path::new("no/such/eight-parent.tbl"));
/// assert!(error.to_string().contains("puzzle-tables gen"));
/// assert!(error.source().is_none());
/// ```
#[derive(Debug)]
pub struct TableError {
    path: PathBuf,
    kind: TableErrorKind,
}

impl TableError {
    pub(crate) fn new(path: PathBuf, kind: TableErrorKind) -> TableError {
        TableError { path, kind }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is wrong with it.
    pub fn kind(&self) -> &TableErrorKind {
        &self.kind
    }

    /// What is wrong with it, without the file's path (to report it under another name).
    pub fn into_kind(self) -> TableErrorKind {
        self.kind
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table {}: {}", self.path.display(), self.kind)
    }
}

impl std::error::Error for TableError {
    /// The kind's own source: the kind itself is already in the message.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// What is wrong with a table file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableErrorKind {
    /// There is no file.
    #[error("missing (build it with `puzzle-tables gen`, or install release tables with `puzzle-tables install`)")]
    Missing,
    /// The file could not be read; the I/O error is the [`source`](std::error::Error::source).
    #[error("cannot be read")]
    Io(#[from] io::Error),
    /// A directory (or another non-file) stands where the file should be.
    #[error("is not a regular file")]
    NotAFile,
    /// Shorter than a header.
    #[error("truncated: {found} bytes, shorter than the {HEADER_LEN}-byte header")]
    TooShort {
        /// The file's length.
        found: u64,
    },
    /// The magic bytes are wrong.
    #[error("not a puzzle-tables table (wrong magic bytes)")]
    NotATable,
    /// The header checksum does not match.
    #[error("damaged header (header checksum mismatch)")]
    HeaderChecksum,
    /// Another format version.
    #[error("format version {found}, but this build reads version {FORMAT_VERSION}")]
    Version {
        /// The file's version.
        found: u32,
    },
    /// The file holds another table than the one asked for.
    #[error("holds {found}, expected {expected}")]
    WrongTable {
        /// What was asked for.
        expected: String,
        /// What the header says.
        found: String,
    },
    /// Built with another ranking of the puzzle's states.
    #[error("built with ranking version {found}, but this build ranks with version {expected}")]
    RankingVersion {
        /// This build's ranking version.
        expected: u32,
        /// The file's.
        found: u32,
    },
    /// The header's sizes and offsets do not fit the spec or the file.
    #[error("inconsistent layout: {0}")]
    Layout(String),
    /// The file is shorter or longer than its header says.
    #[error("truncated or extended: the file is {found} bytes, its header says {expected}")]
    Length {
        /// The length the header implies.
        expected: String,
        /// The file's length.
        found: u64,
    },
    /// The metadata does not match its checksum or cannot be decoded.
    #[error("damaged metadata: {0}")]
    Metadata(String),
    /// The payload does not match its checksum.
    #[error("damaged payload (checksum {found:08x}, expected {expected:08x})")]
    PayloadChecksum {
        /// The header's checksum.
        expected: u32,
        /// The payload's.
        found: u32,
    },
    /// The entries contradict each other (a walk that does not reach the goal).
    #[error("inconsistent entries: {0}")]
    Inconsistent(String),
    /// A table in shards is incomplete, or its shards do not make one table (see
    /// [`ShardedTable`](crate::shards::ShardedTable)).
    #[error("its shards are refused: {0}")]
    Shards(String),
}

impl Table {
    /// Opens `path` as the table `spec` describes, reads it into memory and checks its
    /// header, sizes, file length and metadata. The payload checksum is left to
    /// [`Table::verify`].
    pub fn open(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
        Table::open_with(path, spec, Access::Read)
    }

    /// [`Table::open`] and then [`Table::verify`]: what every reader does before its first
    /// answer, so that a damaged file never gives one.
    pub fn open_verified(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
        let table = Table::open(path, spec)?;
        table.verify()?;
        Ok(table)
    }

    /// [`Table::open`], but memory-maps the file instead of reading it: opening costs no
    /// copy, and the pages are shared between processes. It then [verifies](Table::verify)
    /// the payload, as [`Table::open_verified`] does.
    ///
    /// # Safety
    ///
    /// The caller promises that nobody changes or truncates the file while the table (or
    /// anything borrowed from it) lives: a mapped file written in place changes the bytes
    /// under safe code, which is undefined behaviour. Replacing the file by renaming a new
    /// one over it is fine (the map keeps the old file); `puzzle-tables` and the generator's
    /// `write_table` only ever write tables that way.
    pub unsafe fn open_mapped(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
        let table = Table::open_with(path, spec, Access::Map { huge_pages: false })?;
        table.verify()?;
        Ok(table)
    }

    /// [`Table::open_mapped`] for a table read at random: the map asks the kernel for huge
    /// pages (2 MB), so that its reads rarely miss the address translation cache. Where the
    /// kernel and file system offer them (Linux's transparent huge pages for files), a file
    /// read in through such a map is cached on huge pages, and every later map of it is
    /// backed by those; a file already cached on small pages stays on them until the cache
    /// drops it (the generator leaves the tables it writes out of the cache for that reason).
    /// A search there took 1.3 to 1.6 times as long (`levels`, BENCHMARKS.md), so when most
    /// of the map is on small pages and the system caches files on huge pages, the file
    /// leaves the cache and is mapped afresh, to be read in on huge pages (where no other
    /// process maps it): one read of the file once, where a copy into memory on huge pages,
    /// as [`Table::open`] makes, took 5.5 s an open of `levels` against 0.1 s for the map.
    ///
    /// # Safety
    ///
    /// As for [`Table::open_mapped`].
    pub unsafe fn open_mapped_on_huge_pages(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
        let table = Table::open_with(path, spec, Access::Map { huge_pages: true })?;
        table.verify()?;
        Ok(table)
    }

    fn open_with(path: &Path, spec: &TableSpec, access: Access) -> Result<Table, TableError> {
        let fail = |kind| TableError { path: path.to_path_buf(), kind };
        let (header, metadata, bytes) = open_checked(path, spec, access).map_err(fail)?;
        Ok(Table { path: path.to_path_buf(), spec: *spec, header, metadata, bytes })
    }

    /// Reads the whole payload and checks its checksum, a big payload on every core.
    pub fn verify(&self) -> Result<(), TableError> {
        let found = checksum(self.payload());
        if found != self.header.payload_crc {
            return Err(self.error(TableErrorKind::PayloadChecksum { expected: self.header.payload_crc, found }));
        }
        Ok(())
    }

    /// The payload (the entries after the header and metadata).
    #[inline]
    pub fn payload(&self) -> &[u8] {
        let start = self.header.payload_offset as usize;
        &self.bytes[start..start + self.header.payload_len as usize]
    }

    /// The generation facts stored in the file.
    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// The spec the table was opened with.
    pub fn spec(&self) -> &TableSpec {
        &self.spec
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's length in bytes.
    pub fn file_len(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// Whether the table is memory-mapped ([`Table::open_mapped`]) rather than read.
    pub fn is_mapped(&self) -> bool {
        matches!(self.bytes, Bytes::Mapped(_))
    }

    /// An error about this table's file.
    pub fn error(&self, kind: TableErrorKind) -> TableError {
        TableError { path: self.path.clone(), kind }
    }
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table").field("path", &self.path).field("spec", &self.spec).finish_non_exhaustive()
    }
}

/// The spec a table file's header describes, for a table whose size follows from its own
/// metadata (a definition's); [`Table::open`] with it then checks the rest.
pub fn read_spec(path: &Path) -> Result<TableSpec, TableError> {
    use crate::format::{Encoding, Puzzle, TableKind};
    let fail = |kind| TableError { path: path.to_path_buf(), kind };
    let mut file = File::open(path).map_err(|e| {
        fail(if e.kind() == io::ErrorKind::NotFound { TableErrorKind::Missing } else { TableErrorKind::Io(e) })
    })?;
    let mut header_bytes = [0u8; HEADER_LEN];
    file.read_exact(&mut header_bytes).map_err(|e| {
        fail(match e.kind() {
            io::ErrorKind::UnexpectedEof => TableErrorKind::TooShort { found: file.metadata().map_or(0, |m| m.len()) },
            _ => TableErrorKind::Io(e),
        })
    })?;
    let header = Header::decode(&header_bytes).map_err(|e| {
        fail(match e {
            HeaderError::Magic => TableErrorKind::NotATable,
            HeaderError::Checksum => TableErrorKind::HeaderChecksum,
            HeaderError::Version(found) => TableErrorKind::Version { found },
            HeaderError::Length(n) => TableErrorKind::Layout(format!("header length {n}")),
        })
    })?;
    let known =
        (Puzzle::from_code(header.puzzle), TableKind::from_code(header.kind), Encoding::from_code(header.encoding));
    let (Some(puzzle), Some(kind), Some(encoding)) = known else {
        return Err(fail(TableErrorKind::WrongTable {
            expected: "a table this build reads".into(),
            found: describe_header(&header),
        }));
    };
    Ok(TableSpec {
        puzzle,
        kind,
        variant: header.variant,
        encoding,
        ranking_version: header.ranking_version,
        entries: header.entries,
    })
}

fn open_checked(path: &Path, spec: &TableSpec, access: Access) -> Result<(Header, Metadata, Bytes), TableErrorKind> {
    let mut file = File::open(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => TableErrorKind::Missing,
        _ => TableErrorKind::Io(e),
    })?;
    let file_meta = file.metadata()?;
    if !file_meta.is_file() {
        return Err(TableErrorKind::NotAFile);
    }
    if file_meta.len() < HEADER_LEN as u64 {
        return Err(TableErrorKind::TooShort { found: file_meta.len() });
    }
    let mut header_bytes = [0u8; HEADER_LEN];
    file.read_exact(&mut header_bytes)?;
    let header = Header::decode(&header_bytes).map_err(|e| match e {
        HeaderError::Magic => TableErrorKind::NotATable,
        HeaderError::Checksum => TableErrorKind::HeaderChecksum,
        HeaderError::Version(found) => TableErrorKind::Version { found },
        HeaderError::Length(n) => TableErrorKind::Layout(format!("header length {n}")),
    })?;
    check_identity(&header, spec)?;
    check_layout(&header, spec, file_meta.len())?;
    let bytes = match access {
        Access::Read => {
            let length = usize::try_from(file_meta.len())
                .map_err(|_| TableErrorKind::Layout("the file is too large for this machine".into()))?;
            let mut bytes = MmapMut::map_anon(length)?;
            // Only a hint: without huge pages the copy works the same.
            let _ = bytes.advise(Advice::HugePage);
            bytes[..HEADER_LEN].copy_from_slice(&header_bytes);
            file.read_exact(&mut bytes[HEADER_LEN..])?;
            Bytes::Copied(bytes)
        }
        Access::Map { huge_pages } => {
            let map_advised = || -> io::Result<Mmap> {
                // SAFETY: `Access::Map` comes only from `Table::open_mapped` and
                // `Table::open_mapped_on_huge_pages`, whose callers promised that the file is
                // not changed while it is mapped.
                let map = unsafe { map_read_only(&file) }?;
                if huge_pages {
                    // Only a hint, as for the copy: small pages read the same bytes.
                    let _ = map.advise(Advice::HugePage);
                }
                Ok(map)
            };
            let mut map = map_advised()?;
            if huge_pages && !mostly_on_huge_pages(&map) && files_cached_on_huge_pages() {
                drop(map);
                leave_page_cache(&file);
                map = map_advised()?;
            }
            Bytes::Mapped(map)
        }
    };
    if bytes.len() as u64 != file_meta.len() {
        return Err(TableErrorKind::Layout("the file changed while it was opened".into()));
    }
    let metadata = decode_metadata(&header, &bytes)?;
    Ok((header, metadata, bytes))
}

fn check_identity(header: &Header, spec: &TableSpec) -> Result<(), TableErrorKind> {
    let found = (header.puzzle, header.kind, header.variant, header.encoding);
    let expected = (spec.puzzle.code(), spec.kind.code(), spec.variant, spec.encoding.code());
    if found != expected {
        return Err(TableErrorKind::WrongTable { expected: spec.to_string(), found: describe_header(header) });
    }
    if header.ranking_version != spec.ranking_version {
        return Err(TableErrorKind::RankingVersion { expected: spec.ranking_version, found: header.ranking_version });
    }
    Ok(())
}

fn describe_header(header: &Header) -> String {
    use crate::format::{Encoding, Puzzle, TableKind};
    let name =
        |label: Option<&'static str>, code: u32| label.map_or_else(|| format!("unknown ({code})"), str::to_string);
    format!(
        "puzzle {} kind {} variant {} encoding {}",
        name(Puzzle::from_code(header.puzzle).map(Puzzle::label), header.puzzle),
        name(TableKind::from_code(header.kind).map(TableKind::label), header.kind),
        header.variant,
        name(Encoding::from_code(header.encoding).map(Encoding::label), header.encoding),
    )
}

fn check_layout(header: &Header, spec: &TableSpec, file_len: u64) -> Result<(), TableErrorKind> {
    let layout = |message: String| Err(TableErrorKind::Layout(message));
    if header.entries != spec.entries {
        return layout(format!("{} entries, expected {}", header.entries, spec.entries));
    }
    if Some(header.payload_len) != spec.payload_len() {
        return layout(format!("payload of {} bytes, expected {:?}", header.payload_len, spec.payload_len()));
    }
    let metadata_end = header.metadata_offset.checked_add(header.metadata_len);
    if header.metadata_offset != HEADER_LEN as u64 || metadata_end.is_none_or(|end| end > header.payload_offset) {
        return layout("metadata outside its place between header and payload".into());
    }
    if !header.payload_offset.is_multiple_of(PAYLOAD_ALIGN) {
        return layout(format!("payload offset {} is not aligned", header.payload_offset));
    }
    let expected_len = header.payload_offset.checked_add(header.payload_len);
    if expected_len != Some(file_len) {
        let expected = expected_len.map_or_else(|| "an overflowing length".to_string(), |n| format!("{n} bytes"));
        return Err(TableErrorKind::Length { expected, found: file_len });
    }
    Ok(())
}

fn decode_metadata(header: &Header, map: &[u8]) -> Result<Metadata, TableErrorKind> {
    let start = header.metadata_offset as usize;
    let bytes = &map[start..start + header.metadata_len as usize];
    if crc32fast::hash(bytes) != header.metadata_crc {
        return Err(TableErrorKind::Metadata("checksum mismatch".into()));
    }
    let metadata: Metadata = postcard::from_bytes(bytes).map_err(|e| TableErrorKind::Metadata(e.to_string()))?;
    if metadata.entry_total().is_none() {
        return Err(TableErrorKind::Metadata("its entries per distance add up to more than 2^64".into()));
    }
    Ok(metadata)
}

/// The CRC-32 of `bytes`: a payload of more than [`CHECKSUM_PIECE`] in pieces on every core,
/// combined (the optimal cube's 3.9 GB took 0.35 s on one core, most of a command's start).
fn checksum(bytes: &[u8]) -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    checksum_in_pieces(bytes, bytes.len().div_ceil(cores).max(CHECKSUM_PIECE))
}

/// The CRC-32 of `bytes`, a thread for each `piece` bytes.
fn checksum_in_pieces(bytes: &[u8], piece: usize) -> u32 {
    if piece >= bytes.len() {
        return crc32fast::hash(bytes);
    }
    std::thread::scope(|scope| {
        let pieces: Vec<_> = bytes
            .chunks(piece)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut hasher = crc32fast::Hasher::new();
                    hasher.update(chunk);
                    hasher
                })
            })
            .collect();
        let mut whole = crc32fast::Hasher::new();
        for piece in pieces {
            whole.combine(&piece.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        whole.finalize()
    })
}

/// The smallest payload piece [`checksum`] hands a thread.
const CHECKSUM_PIECE: usize = 64 << 20;

/// An error naming the first `what` (distance or residue) whose counts differ.
pub(crate) fn compare_counts(table: &Table, what: &str, counted: &[u64], stored: &[u64]) -> Result<(), TableError> {
    let count = |counts: &[u64], value: usize| counts.get(value).copied().unwrap_or(0);
    let differs = |&value: &usize| count(counted, value) != count(stored, value);
    let Some(value) = (0..counted.len().max(stored.len())).find(differs) else { return Ok(()) };
    let message = format!(
        "the payload holds {} entries at {what} {value}, the metadata says {}",
        count(counted, value),
        count(stored, value)
    );
    Err(table.error(TableErrorKind::Inconsistent(message)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How much of the memory that starts at `start` Linux reports on huge pages, anonymous
    /// or a file's (`/proc/self/smaps`).
    #[cfg(target_os = "linux")]
    fn on_huge_pages(start: *const u8) -> u64 {
        let maps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let field = |name| crate::map::map_field(&maps, start as usize, name).unwrap_or(0);
        (field("AnonHugePages:") + field("FilePmdMapped:")) * 1024
    }

    /// Writes `bytes` to `path`, out of the page cache once written.
    #[cfg(target_os = "linux")]
    fn write_uncached(path: &Path, bytes: &[u8]) -> File {
        let mut file = File::create(path).unwrap();
        io::Write::write_all(&mut file, bytes).unwrap();
        file.sync_all().unwrap();
        let file = File::open(path).unwrap();
        crate::leave_page_cache(&file);
        file
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_table_read_at_random_is_on_huge_pages_though_its_file_was_cached_on_small_ones() {
        let dir = tempfile::tempdir().unwrap();
        // Another file read in whole: where the system caches files on huge pages, on them.
        let other = write_uncached(&dir.path().join("other"), &vec![1; 16 << 20]);
        io::copy(&mut &other, &mut io::sink()).unwrap();
        if !crate::map::files_cached_on_huge_pages() {
            return eprintln!("this system caches no file on huge pages");
        }
        let spec = crate::cube::phase1_spec(crate::cube::Metric::Htm);
        let payload: Vec<u8> = (0..spec.payload_len().unwrap()).map(|i| (i % 251) as u8).collect();
        let path = dir.path().join(spec.file_name());
        let file = write_uncached(&path, &spec.encode_file(&Metadata::default(), &payload));
        // Read back a page at a time without read-ahead: each page is cached on its own.
        rustix::fs::fadvise(&file, 0, None, rustix::fs::Advice::Random).unwrap();
        let len = file.metadata().unwrap().len();
        for page in (0..len).step_by(4096) {
            std::os::unix::fs::FileExt::read_at(&file, &mut [0; 8], page).unwrap();
        }
        // SAFETY: the file is this test's own, and nothing changes it.
        let table = unsafe { Table::open_mapped_on_huge_pages(&path, &spec) }.unwrap();
        assert_eq!(table.payload(), &payload[..]);
        let huge = on_huge_pages(table.bytes.as_ptr());
        assert!(huge >= crate::map::most_of_huge_pages(len as usize), "{huge} of {len} bytes on huge pages");
    }

    #[test]
    fn a_checksum_in_pieces_is_the_whole_ones() {
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        for (len, piece) in [(0, 1), (1, 1), (10_000, 1_000), (10_000, 999), (9_999, 4_096), (10_000, 20_000)] {
            assert_eq!(checksum_in_pieces(&bytes[..len], piece), crc32fast::hash(&bytes[..len]), "{len} in {piece}");
        }
    }
}
