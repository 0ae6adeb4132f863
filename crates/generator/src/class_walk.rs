//! Breadth-first walks over cube entries `class x twist`: a coordinate of the edges reduced
//! by the 16 symmetries that keep the U-D axis ([`SymmetryClasses`]), times the corner
//! twist seen through the symmetry that takes the coordinate to its class's representative.
//! The two-phase solver's phase-1 tables (flip and UD-slice, 64,430 classes) and the
//! optimal solver's (flip and sorted UD-slice, 1,523,864 classes) are both such walks.
//!
//! Each walk holds one byte an entry, layer by layer, by the moves that cost one in its
//! metric. Small layers are expanded forwards; once a layer is larger than what is left,
//! each unreached entry looks for a neighbour in the layer instead (backwards), which
//! touches far fewer entries. Either way the loops run class by class and move by move: for
//! one class and one move the neighbour's class and symmetry are fixed and only the twist
//! varies, so every neighbour of a class's 2,187 entries lies in one block of 2,187 bytes,
//! and memory is read almost in order. Classes are shared out to threads; entries are
//! atomic bytes, and two threads can only ever store the same value.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use puzzle_tables_models::cube::coords::TWISTS;
use puzzle_tables_models::cube::move_tables::CoordinateMoves;
use puzzle_tables_models::cube::symmetry::{inverse, twist_conjugates, SYMMETRIES};
use puzzle_tables_models::cube::Move;

use crate::Progress;

use crate::bfs::UNREACHED;

/// A coordinate's values grouped into classes under the 16 symmetries.
pub struct SymmetryClasses {
    /// For each value, `class * 16 + s` where conjugating by `s` gives the class's
    /// representative.
    pub class_of: Vec<u32>,
    /// Each class's representative, its smallest value.
    pub representatives: Vec<u32>,
    /// Each class's symmetries that fix its representative, bit `s` for symmetry `s`.
    pub self_symmetries: Vec<u16>,
}

impl SymmetryClasses {
    /// Groups the values `0..count` into classes, numbered in the order of their smallest
    /// member; `conjugate(value, s)` is the value of the conjugate by symmetry `s`.
    pub fn new(count: usize, conjugate: impl Fn(u32, usize) -> u32) -> SymmetryClasses {
        let mut class_of = vec![u32::MAX; count];
        let (mut representatives, mut self_symmetries) = (Vec::new(), Vec::new());
        for value in 0..count as u32 {
            if class_of[value as usize] != u32::MAX {
                continue;
            }
            let class = representatives.len() as u32;
            let mut fixed = 0u16;
            for s in 0..SYMMETRIES {
                let image = conjugate(value, s);
                // Conjugating the image by the inverse of `s` gives the representative back.
                class_of[image as usize] = class * 16 + inverse(s) as u32;
                if image == value {
                    fixed |= 1 << s;
                }
            }
            representatives.push(value);
            self_symmetries.push(fixed);
        }
        SymmetryClasses { class_of, representatives, self_symmetries }
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.representatives.len()
    }

    /// Whether there is no class (never, for a coordinate with values).
    pub fn is_empty(&self) -> bool {
        self.representatives.is_empty()
    }

    /// For each class and face turn (`class * 18 + turn`), where the turn takes the class's
    /// representative, as `class * 16 + s` ([`SymmetryClasses::class_of`]); `turn(value,
    /// m)` is the coordinate's move table.
    pub fn moves(&self, turn: impl Fn(usize, usize) -> usize) -> Vec<u32> {
        let rows = self.representatives.iter().flat_map(|&r| (0..Move::COUNT).map(move |m| (r as usize, m)));
        rows.map(|(value, m)| self.class_of[turn(value, m)]).collect()
    }
}

/// What a walk over `class x twist` entries is made of.
pub struct ClassWalk<'a> {
    /// The classes' moves ([`SymmetryClasses::moves`]).
    pub class_moves: &'a [u32],
    /// The classes' self-symmetries ([`SymmetryClasses::self_symmetries`]).
    pub self_symmetries: &'a [u16],
    /// The moves that cost one in the walk's metric, by index.
    pub steps: &'a [usize],
}

/// The walk's state, shared by its threads.
struct Walk<'a> {
    shape: &'a ClassWalk<'a>,
    twist_moves: &'a [u16],
    twist_conjugates: &'a [u16],
    distance: Vec<AtomicU8>,
}

impl Walk<'_> {
    /// The class and symmetry of the neighbour of class `class` by move `m`.
    fn neighbour_class(&self, class: usize, m: usize) -> (usize, usize) {
        let class_sym = self.shape.class_moves[class * Move::COUNT + m] as usize;
        (class_sym >> 4, class_sym & 15)
    }

    /// The neighbour twist, seen from the neighbour class's representative.
    fn neighbour_twist(&self, twist: usize, m: usize, sym: usize) -> usize {
        let moved = usize::from(self.twist_moves[twist * 18 + m]);
        usize::from(self.twist_conjugates[moved * 16 + sym])
    }

    /// The twists of `class` whose entry holds `value`.
    fn twists_at(&self, class: usize, value: u8, twists: &mut Vec<u16>) {
        twists.clear();
        let block = &self.distance[class * TWISTS..(class + 1) * TWISTS];
        twists.extend((0..TWISTS as u16).filter(|&t| block[usize::from(t)].load(Relaxed) == value));
    }

    /// Forwards: every unreached neighbour of an entry of `class` at `depth` (and its
    /// symmetric twins in a class its representative's symmetries fix) is at `depth + 1`.
    fn expand(&self, class: usize, depth: u8, twists: &mut Vec<u16>) {
        self.twists_at(class, depth, twists);
        if twists.is_empty() {
            return;
        }
        for &m in self.shape.steps {
            let (next_class, sym) = self.neighbour_class(class, m);
            let fixed = self.shape.self_symmetries[next_class] & !1;
            let block = next_class * TWISTS;
            for &twist in twists.iter() {
                let next_twist = self.neighbour_twist(usize::from(twist), m, sym);
                if self.distance[block + next_twist].load(Relaxed) != UNREACHED {
                    continue;
                }
                self.distance[block + next_twist].store(depth + 1, Relaxed);
                let mut twins = fixed;
                while twins != 0 {
                    let s = twins.trailing_zeros() as usize;
                    twins &= twins - 1;
                    let twin = usize::from(self.twist_conjugates[next_twist * 16 + s]);
                    self.distance[block + twin].store(depth + 1, Relaxed);
                }
            }
        }
    }

    /// Backwards: every unreached entry of `class` with a neighbour at `depth` is at
    /// `depth + 1` (its symmetric twins find theirs alike).
    fn absorb(&self, class: usize, depth: u8, twists: &mut Vec<u16>) {
        self.twists_at(class, UNREACHED, twists);
        for &m in self.shape.steps {
            if twists.is_empty() {
                return;
            }
            let (next_class, sym) = self.neighbour_class(class, m);
            let block = next_class * TWISTS;
            twists.retain(|&twist| {
                let next_twist = self.neighbour_twist(usize::from(twist), m, sym);
                if self.distance[block + next_twist].load(Relaxed) == depth {
                    self.distance[class * TWISTS + usize::from(twist)].store(depth + 1, Relaxed);
                    false
                } else {
                    true
                }
            });
        }
    }

    /// How many entries of `class` hold `value`.
    fn count_at(&self, class: usize, value: u8) -> u64 {
        let block = &self.distance[class * TWISTS..(class + 1) * TWISTS];
        block.iter().filter(|d| d.load(Relaxed) == value).count() as u64
    }
}

/// Runs `work` on every class below `classes`, the classes shared out to the machine's
/// threads in chunks; the sum of what `work` returns.
fn for_each_class(classes: usize, work: impl Fn(usize, &mut Vec<u16>) -> u64 + Sync) -> u64 {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let next = AtomicU64::new(0);
    let total = AtomicU64::new(0);
    const CHUNK: u64 = 256;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut twists = Vec::with_capacity(TWISTS);
                let mut sum = 0;
                loop {
                    let start = next.fetch_add(CHUNK, Relaxed) as usize;
                    if start >= classes {
                        break;
                    }
                    for class in start..(start + CHUNK as usize).min(classes) {
                        sum += work(class, &mut twists);
                    }
                }
                total.fetch_add(sum, Relaxed);
            });
        }
    });
    total.into_inner()
}

/// Every entry's exact distance from the solved entry (entry 0) by the walk's steps, and how
/// many entries lie at each distance; `what` names the walk in `progress`.
///
/// # Panics
/// If some entry stays unreached: for the cube's coordinates every entry is reachable.
pub fn class_twist_distances(shape: &ClassWalk, what: &str, progress: &mut dyn Progress) -> (Vec<u8>, Vec<u64>) {
    let classes = shape.self_symmetries.len();
    let entries = classes * TWISTS;
    progress.start(what, entries as u64);
    let moves = CoordinateMoves::new();
    let walk = Walk {
        shape,
        twist_moves: &moves.twist,
        twist_conjugates: twist_conjugates(),
        distance: (0..entries).map(|_| AtomicU8::new(UNREACHED)).collect(),
    };
    walk.distance[0].store(0, Relaxed);
    let mut depth_counts = vec![1u64];
    let mut reached = 1u64;
    loop {
        let depth = (depth_counts.len() - 1) as u8;
        let layer = depth_counts[usize::from(depth)];
        let unreached = entries as u64 - reached;
        if unreached == 0 {
            break;
        }
        // Forwards costs a look per move per layer entry, backwards a few per unreached entry.
        if layer * (shape.steps.len() as u64) < unreached * 6 {
            for_each_class(classes, |class, twists| {
                walk.expand(class, depth, twists);
                0
            });
        } else {
            for_each_class(classes, |class, twists| {
                walk.absorb(class, depth, twists);
                0
            });
        }
        let next = for_each_class(classes, |class, _| walk.count_at(class, depth + 1));
        assert!(next > 0, "{unreached} entries are unreachable");
        depth_counts.push(next);
        reached += next;
        progress.advance(reached);
    }
    (walk.distance.into_iter().map(AtomicU8::into_inner).collect(), depth_counts)
}

/// Checks that every `step`-th value below `count` is taken by its class's symmetry to its
/// class's representative, the smallest of the class; `conjugate` as for
/// [`SymmetryClasses::new`].
#[cfg(test)]
pub(crate) fn check_representatives(
    classes: &SymmetryClasses,
    count: usize,
    step: usize,
    conjugate: impl Fn(u32, usize) -> u32,
) {
    for value in (0..count as u32).step_by(step) {
        let class_sym = classes.class_of[value as usize];
        let representative = classes.representatives[(class_sym >> 4) as usize];
        assert_eq!(conjugate(value, (class_sym & 15) as usize), representative, "value {value}");
        assert!(representative <= value, "value {value}");
    }
}
