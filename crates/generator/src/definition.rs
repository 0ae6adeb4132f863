//! A defined puzzle's table: a breadth-first search over its whole dense index on every
//! core, level by level, then every distance packed four bits an entry.
//!
//! The index's coordinates step by move tables, so a pattern is never built: a level is
//! expanded forwards (each pattern at the level marks its unreached children) while it is
//! smaller than what is left unreached, and backwards after (each unreached pattern looks
//! for a child at the level: the moves hold every inverse, so a child is also a parent),
//! where most lookups stop at the first hit.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use puzzle_tables_models::definition::index::IndexSteps;
use puzzle_tables_models::definition::DefinedPuzzle;
use puzzle_tables_query::definition::{spec, UNREACHED4, UNREACHED8};
use puzzle_tables_query::{Encoding, Metadata};

use crate::{BuiltTable, Progress};

/// A distance not reached yet during the search: a byte table's mark for unreached.
const UNSEEN: u8 = UNREACHED8;

/// How many patterns a thread takes at a time.
const CHUNK: u64 = 1 << 16;

/// The memory a build of `puzzle` needs, in bytes: a byte an entry while it searches, and
/// the packed table beside it at the end, and the coordinates' move tables.
pub fn memory_needed(puzzle: &DefinedPuzzle) -> u64 {
    let entries = puzzle.index().size();
    let moves: u64 = puzzle.index().coordinate_sizes().iter().sum::<u64>() * puzzle.generators().len() as u64 * 4;
    entries + entries.div_ceil(2) + moves
}

/// Why a build does not start: it needs more memory than the machine has.
#[derive(Debug, thiserror::Error)]
#[error(
    "the table of {name} has {entries} entries: its build needs {needed} MB of memory, and this machine has {available} MB \
     available; build it across several machines with `puzzle-tables distributed {name}` (docs/distributed.md)"
)]
pub struct TooLarge {
    name: String,
    entries: u64,
    needed: u64,
    available: u64,
}

/// Refuses a build that needs more memory than `available` bytes.
pub fn check_memory(puzzle: &DefinedPuzzle, available: u64) -> Result<(), TooLarge> {
    let needed = memory_needed(puzzle);
    if needed > available {
        return Err(TooLarge {
            name: puzzle.name().to_string(),
            entries: puzzle.index().size(),
            needed: needed.div_ceil(1_000_000),
            available: available / 1_000_000,
        });
    }
    Ok(())
}

/// The memory this machine has available now (Linux's `MemAvailable`), if it says.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|line| line.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Builds `puzzle`'s table on `threads` threads (at least one).
pub fn build_table(puzzle: &DefinedPuzzle, threads: usize, progress: &mut dyn Progress) -> BuiltTable {
    let depth_counts;
    let distances = {
        let walk = Walk::new(puzzle);
        progress.start(&format!("{}: every pattern's distance", puzzle.name()), walk.size);
        depth_counts = walk.search(threads.max(1), progress);
        walk.distances
    };
    let spec = spec(puzzle, depth_counts.len().saturating_sub(1));
    let payload = match spec.encoding {
        Encoding::Packed4 => pack4(distances.iter().map(|d| d.load(Ordering::Relaxed))),
        // A byte's unreached entry is the search's own mark.
        _ => distances.into_iter().map(AtomicU8::into_inner).collect(),
    };
    BuiltTable { spec, metadata: table_metadata(puzzle, depth_counts), payload }
}

/// The metadata of `puzzle`'s whole table with `depth_counts` patterns at each distance:
/// the same whichever build made it, so a merged distributed build is byte for byte the
/// one-process build.
pub fn table_metadata(puzzle: &DefinedPuzzle, depth_counts: Vec<u64>) -> Metadata {
    let reached: u64 = depth_counts.iter().sum();
    Metadata {
        description: format!(
            "{}: the distance of each of the {} patterns its moves ({}, {}) reach, indexed over {} entries",
            puzzle.name(),
            reached,
            puzzle.generators().base.join(","),
            puzzle.generators().metric.label(),
            puzzle.index().size()
        ),
        generated_by: format!("puzzle-tables gen {}", puzzle.name()),
        depth_counts,
        parameters: puzzle.parameters(),
    }
}

/// Packs byte distances (the search's [`UNREACHED8`] for unreached) four bits an entry, two
/// a byte, the first in the low nibble; an odd count's last byte ends with [`UNREACHED4`].
pub fn pack4(distances: impl ExactSizeIterator<Item = u8>) -> Vec<u8> {
    let nibble = |d: u8| if d == UNSEEN { UNREACHED4 } else { d };
    let mut packed = Vec::with_capacity(distances.len().div_ceil(2));
    let mut distances = distances.map(nibble);
    while let Some(low) = distances.next() {
        packed.push(low | distances.next().unwrap_or(UNREACHED4) << 4);
    }
    packed
}

/// [`pack4`] over `distances`' own buffer, each byte written over one already read (byte
/// `i` packs entries `2i` and `2i + 1`), so that packing a large range needs no second
/// buffer of half its size.
pub fn pack4_in_place(mut distances: Vec<u8>) -> Vec<u8> {
    let nibble = |d: u8| if d == UNSEEN { UNREACHED4 } else { d };
    let packed_len = distances.len().div_ceil(2);
    for i in 0..packed_len {
        let high = distances.get(2 * i + 1).map_or(UNREACHED4, |&d| nibble(d));
        distances[i] = nibble(distances[2 * i]) | high << 4;
    }
    distances.truncate(packed_len);
    distances
}

/// The search's state: the distance of every index so far.
struct Walk<'a> {
    puzzle: &'a DefinedPuzzle,
    steps: IndexSteps,
    size: u64,
    distances: Vec<AtomicU8>,
}

impl<'a> Walk<'a> {
    fn new(puzzle: &'a DefinedPuzzle) -> Walk<'a> {
        let size = puzzle.index().size();
        let distances: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
        let start = puzzle.rank(puzzle.index().start()).expect("the start has an index");
        distances[start as usize].store(0, Ordering::Relaxed);
        Walk { puzzle, steps: IndexSteps::new(puzzle.index(), puzzle.generators()), size, distances }
    }

    /// Every level until one adds nothing; the count at each distance.
    fn search(&self, threads: usize, progress: &mut dyn Progress) -> Vec<u64> {
        let mut counts = vec![1u64];
        let mut reached = 1u64;
        progress.advance(reached);
        loop {
            let level = (counts.len() - 1) as u8;
            let forwards = counts[level as usize] < self.size - reached;
            let added = self.expand(level, forwards, threads);
            if added == 0 {
                return counts;
            }
            assert!(level < UNSEEN - 1, "a defined puzzle {} moves deep", level + 1);
            counts.push(added);
            reached += added;
            progress.advance(reached);
        }
    }

    /// Marks the patterns one move beyond `level`, returning how many.
    fn expand(&self, level: u8, forwards: bool, threads: usize) -> u64 {
        let next_chunk = AtomicU64::new(0);
        let added = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut children = vec![0u64; self.puzzle.generators().len()];
                    let mut found = 0u64;
                    loop {
                        let start = next_chunk.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= self.size {
                            break;
                        }
                        for index in start..(start + CHUNK).min(self.size) {
                            found += self.expand_one(index, level, forwards, &mut children);
                        }
                    }
                    added.fetch_add(found, Ordering::Relaxed);
                });
            }
        });
        added.into_inner()
    }

    /// Forwards, `index` at `level` marks its unseen children; backwards, an unseen `index`
    /// with a child at `level` is marked. Returns how many it marked.
    #[inline]
    fn expand_one(&self, index: u64, level: u8, forwards: bool, children: &mut [u64]) -> u64 {
        let distance = self.distances[index as usize].load(Ordering::Relaxed);
        if forwards {
            if distance != level {
                return 0;
            }
            self.steps.children(index, children);
            let mut marked = 0;
            for &child in children.iter() {
                let slot = &self.distances[child as usize];
                if slot.load(Ordering::Relaxed) == UNSEEN
                    && slot.compare_exchange(UNSEEN, level + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok()
                {
                    marked += 1;
                }
            }
            marked
        } else {
            if distance != UNSEEN {
                return 0;
            }
            self.steps.children(index, children);
            if children.iter().any(|&child| self.distances[child as usize].load(Ordering::Relaxed) == level) {
                self.distances[index as usize].store(level + 1, Ordering::Relaxed);
                return 1;
            }
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_tables_models::definition::bundled;

    #[test]
    fn packing_in_place_gives_the_packed_bytes() {
        for len in [0, 1, 2, 7, 1000, 1001] {
            let distances: Vec<u8> = (0..len).map(|i| if i % 7 == 3 { UNSEEN } else { (i * 5 % 15) as u8 }).collect();
            assert_eq!(pack4_in_place(distances.clone()), pack4(distances.iter().copied()), "{len} entries");
        }
    }

    #[test]
    fn a_build_past_the_memory_available_is_refused_naming_the_way_out() {
        let puzzle = DefinedPuzzle::bundled(bundled::find("3x3x3-eo").unwrap()).unwrap();
        assert!(check_memory(&puzzle, memory_needed(&puzzle)).is_ok());
        let refusal = check_memory(&puzzle, memory_needed(&puzzle) - 1).unwrap_err().to_string();
        assert!(refusal.contains("2048 entries") && refusal.contains("several machines"), "{refusal}");
    }

    #[test]
    fn the_skewb_is_walked_to_its_published_count_on_any_number_of_threads() {
        let puzzle = DefinedPuzzle::bundled(bundled::find("skewb").unwrap()).unwrap();
        let one = build_table(&puzzle, 1, &mut crate::Silent);
        let three = build_table(&puzzle, 3, &mut crate::Silent);
        assert_eq!(one.metadata.depth_counts.iter().sum::<u64>(), 3_149_280);
        assert_eq!(one.metadata.depth_counts.len(), 12);
        assert_eq!(one.file_bytes(), three.file_bytes(), "the table does not depend on the threads");
    }
}
