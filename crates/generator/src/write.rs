//! Writing table files atomically.

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use puzzle_tables_query::{leave_page_cache, Metadata, TableSpec};

/// Writes `bytes` to `path` atomically: into a temporary file beside it (unique to this
/// process and call), synced, then renamed over `path`. Readers see the old file or the new
/// one, never a part; two writers of the same table each rename a whole file.
///
/// The written file then leaves the page cache, so that its first reader reads it in
/// afresh: a reader that maps it for random reads asks for huge pages then ([`Table::open_mapped_on_huge_pages`](puzzle_tables_query::Table::open_mapped_on_huge_pages)),
/// which the pages a write leaves cached may not be.
pub fn write_table(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_table_parts(path, [bytes])
}

/// Writes a table file of `spec` (its head, then `payload`) as [`write_table`] does,
/// without joining them into one buffer first: the payload is the table, and a copy of it
/// would double what writing a large table holds in memory.
pub fn write_table_file(path: &Path, spec: &TableSpec, metadata: &Metadata, payload: &[u8]) -> io::Result<()> {
    let head = spec.encode_head(metadata, payload.len() as u64, crc32fast::hash(payload));
    write_table_parts(path, [&head[..], payload])
}

/// [`write_table`] of the file whose bytes are `parts`, one after another.
pub fn write_table_parts<'a>(path: &Path, parts: impl IntoIterator<Item = &'a [u8]>) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().ok_or_else(|| io::Error::other("a table path needs a file name"))?;
    let unique = format!(".tmp.{}.{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
    let temporary = dir.join(format!("{}{unique}", name.to_string_lossy()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        for part in parts {
            file.write_all(part)?;
        }
        file.sync_all()?;
        leave_page_cache(&file);
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}
