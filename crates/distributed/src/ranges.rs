//! The index space split into contiguous ranges, one a worker: every range but the last is
//! the same even width, so a range of a four-bit table starts on a byte and shards
//! concatenate into the whole table.

use std::ops::Range;

/// Which worker owns which indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranges {
    entries: u64,
    workers: usize,
    width: u64,
}

impl Ranges {
    /// `entries` indices over `workers` workers (at least one).
    pub fn new(entries: u64, workers: usize) -> Ranges {
        let workers = workers.max(1);
        let width = entries.div_ceil(workers as u64).next_multiple_of(2).max(2);
        Ranges { entries, workers, width }
    }

    /// How many workers share the indices.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The worker that owns `index` (below the entries).
    #[inline]
    pub fn owner(&self, index: u64) -> usize {
        (index / self.width) as usize
    }

    /// The indices `worker` owns (empty where the entries run out first).
    pub fn range(&self, worker: usize) -> Range<u64> {
        let first = (worker as u64 * self.width).min(self.entries);
        first..(first + self.width).min(self.entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranges_tile_the_index_and_each_index_is_owned_by_its_range() {
        for (entries, workers) in [(2048, 1), (2048, 3), (933_120, 6), (7, 4), (1, 2)] {
            let ranges = Ranges::new(entries, workers);
            let mut next = 0;
            for worker in 0..workers {
                let range = ranges.range(worker);
                assert_eq!(range.start, next, "{entries} over {workers}");
                assert!(range.is_empty() || range.start.is_multiple_of(2));
                assert!(range.clone().all(|index| ranges.owner(index) == worker));
                next = range.end;
            }
            assert_eq!(next, entries);
        }
    }
}
