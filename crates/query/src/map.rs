//! The crate's memory tricks, its only `unsafe` code besides the opens that pass the map's
//! promise on: mapping a file, a cache prefetch hint for the cube's search, and zeroed
//! memory on huge pages for tables read at random.

use std::fs::File;
use std::io;
use std::ops::{Deref, DerefMut};

use memmap2::{Mmap, MmapMut};

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

/// Whether most of `map`, a file's, is on huge pages: read in at once, and then as Linux
/// reports its maps (`FilePmdMapped` in `/proc/self/smaps`). True where that cannot be
/// told, and off Linux.
pub(crate) fn mostly_on_huge_pages(map: &Mmap) -> bool {
    #[cfg(target_os = "linux")]
    if map.advise(memmap2::Advice::PopulateRead).is_ok() {
        if let Ok(maps) = std::fs::read_to_string("/proc/self/smaps") {
            let huge = map_field(&maps, map.as_ptr() as usize, "FilePmdMapped:");
            return huge.is_none_or(|kilobytes| kilobytes * 1024 >= most_of_huge_pages(map.len()));
        }
    }
    let _ = map;
    true
}

/// Whether Linux caches some file's pages on huge pages now (`FileHugePages` in
/// `/proc/meminfo`): a sign that it would cache a file read in afresh through a map with
/// the huge-page advice on them, where a system that caches none would only read it again.
pub(crate) fn files_cached_on_huge_pages() -> bool {
    let memory = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = memory.lines().find_map(|line| line.strip_prefix("FileHugePages:"));
    field.and_then(|value| value.split_whitespace().next()?.parse::<u64>().ok()).is_some_and(|kilobytes| kilobytes > 0)
}

/// Asks the kernel to drop `file`'s pages from its cache (clean pages no process maps go),
/// so that the next read of them reads them in afresh. Only advice: where it is not taken,
/// the file is read as it is cached.
pub fn leave_page_cache(file: &File) {
    #[cfg(target_os = "linux")]
    let _ = rustix::fs::fadvise(file, 0, None, rustix::fs::Advice::DontNeed);
    #[cfg(not(target_os = "linux"))]
    let _ = file;
}

/// A huge page's bytes (x86-64's and ARM64's with 4 kB pages).
const HUGE_PAGE: u64 = 2 << 20;

/// Nine tenths of the whole huge pages within `len` bytes: "most" of them.
pub(crate) fn most_of_huge_pages(len: usize) -> u64 {
    len as u64 / HUGE_PAGE * HUGE_PAGE / 10 * 9
}

/// The value of `field` (in kB) of the map that starts at `start` in `maps`, the text of
/// `/proc/self/smaps`: a line for each map, `start-end` first, then a line for each field.
pub(crate) fn map_field(maps: &str, start: usize, field: &str) -> Option<u64> {
    let header = format!("{start:x}-");
    let mut fields = maps
        .lines()
        .skip_while(|line| !line.starts_with(&header))
        .skip(1)
        .take_while(|line| line.split_whitespace().next().is_some_and(|key| key.ends_with(':')));
    fields.find_map(|line| line.strip_prefix(field))?.split_whitespace().next()?.parse().ok()
}

/// Asks the processor to start loading the cache line where `items[index]` starts, so that
/// a read of it soon after waits less: the cube's search reads the phase-1 entries of a
/// node's children together this way, their cache misses overlapping, and loads the
/// near-G1 graph rows and class-move rows of the nodes it will enter. A hint only; an index
/// past the end is ignored.
#[inline]
pub(crate) fn prefetch<T>(items: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = items.get(index) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing the program sees and never faults, and the
        // address is a live item of `items`.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast::<i8>()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (items, index);
}

/// Zeroed bytes for a table read at random, asked to sit on huge pages (2 MB on x86-64)
/// where the system offers them, so its reads miss the address translation cache less; on
/// the heap when memory cannot be mapped.
#[derive(Debug)]
pub(crate) enum HugeBytes {
    /// An anonymous map, with the huge-page advice given.
    Mapped(MmapMut),
    /// Ordinary memory.
    Heap(Vec<u8>),
}

impl HugeBytes {
    /// `len` zeroed bytes.
    pub(crate) fn zeroed(len: usize) -> HugeBytes {
        match MmapMut::map_anon(len) {
            Ok(map) => {
                // Advice only: without transparent huge pages the map is still good.
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                HugeBytes::Mapped(map)
            }
            Err(_) => HugeBytes::Heap(vec![0; len]),
        }
    }
}

impl Deref for HugeBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            HugeBytes::Mapped(map) => map,
            HugeBytes::Heap(bytes) => bytes,
        }
    }
}

impl DerefMut for HugeBytes {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            HugeBytes::Mapped(map) => map,
            HugeBytes::Heap(bytes) => bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_maps_field_is_read_from_its_own_map_only() {
        let maps = "7f00-7f80 r--s 00000000 fe:00 12 /a.tbl\nSize:  512 kB\nFilePmdMapped:  256 kB\n\
                    7f80-7fa0 r--p 00000000 00:00 0\nSize:  128 kB\nAnonHugePages:  64 kB\n";
        assert_eq!(map_field(maps, 0x7f00, "FilePmdMapped:"), Some(256));
        assert_eq!(map_field(maps, 0x7f00, "AnonHugePages:"), None, "the next map's field is not this one's");
        assert_eq!(map_field(maps, 0x7f80, "AnonHugePages:"), Some(64));
        assert_eq!(map_field(maps, 0x7f40, "Size:"), None, "no map starts there");
        assert_eq!(most_of_huge_pages(27 << 20), (26 << 20) / 10 * 9);
        assert_eq!(most_of_huge_pages(1 << 20), 0);
    }
}
