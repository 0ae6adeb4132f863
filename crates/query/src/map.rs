//! The one place that memory-maps a file.

use std::fs::File;
use std::io;

use memmap2::Mmap;

/// Maps `file` read-only.
///
/// Safety argument: a mapped file that another process truncates or rewrites in place
/// would change (or fault) under our borrowed slices. Table files are never modified in
/// place: the generator and `install` write a temporary file and rename it over the old
/// name, which replaces the directory entry and leaves the inode we mapped untouched. A
/// person editing a table file in place while a query runs is outside this contract.
pub(crate) fn map_read_only(file: &File) -> io::Result<Mmap> {
    // SAFETY: see above; tables are replaced by rename, never written in place.
    unsafe { Mmap::map(file) }
}
