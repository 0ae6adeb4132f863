//! The one place that memory-maps a file.

use std::fs::File;
use std::io;

use memmap2::Mmap;

/// Maps `file` read-only.
///
/// # Safety
///
/// A mapped file that another process truncates or rewrites in place would change (or
/// fault) under our borrowed slices, so the caller promises that `file` is not changed
/// while the map lives. Replacing it by rename is fine: that changes the directory entry
/// and leaves the inode we mapped untouched. [`Table::open_mapped`](crate::Table::open_mapped)
/// passes this promise on to its caller.
pub(crate) unsafe fn map_read_only(file: &File) -> io::Result<Mmap> {
    // SAFETY: our caller promised that the file is not changed while it is mapped.
    unsafe { Mmap::map(file) }
}
