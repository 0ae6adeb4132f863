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
