//! Reverse breadth-first search over a ranked state space.
//!
//! Ranks are `u64` throughout, so a space past 2^32 states is walked without wrapping; the
//! one limit is memory: one byte per rank, which [`reverse_bfs`] asserts it can index.

use crate::Progress;

/// A puzzle's states, ranked perfectly onto `0..state_count()`, walked backwards.
pub trait StateSpace {
    /// Whether to expand each layer in rank order rather than in discovery order. Sorting
    /// costs little and, where neighbours are found by rank arithmetic, makes the lookups of
    /// a layer sweep the distance array instead of hopping about it (three times faster for
    /// the cubic puzzle's 15 MB array). It changes which state discovers which, and so
    /// which of several equally short moves a parent table records.
    const EXPAND_IN_RANK_ORDER: bool = false;

    /// The number of ranks.
    fn state_count(&self) -> u64;

    /// Calls `visit(predecessor, step)` for every state `predecessor` and move `step` such
    /// that `step` takes `predecessor` to `state`.
    fn for_each_predecessor(&self, state: u64, visit: impl FnMut(u64, u8));
}

/// The distance of a state the search never reached, in [`Walk::distances`].
pub const UNREACHED: u8 = u8::MAX;

/// The result of a walk.
#[derive(Clone, Debug)]
pub struct Walk {
    /// `depth_plus_one[rank]`: the state's distance plus one, 0 when unreached. Zero means
    /// unreached so that the array starts as zeroed memory, which the system hands out
    /// lazily: a sparse walk over a huge space touches only the pages it reaches.
    depth_plus_one: Vec<u8>,
    /// `depth_counts[d]`: how many states lie at distance `d`.
    pub depth_counts: Vec<u64>,
}

impl Walk {
    /// The fewest moves from the state ranked `rank` to a goal, or `None` when the walk did
    /// not reach it (or there is no such rank).
    pub fn distance(&self, rank: u64) -> Option<u8> {
        let stored = *self.depth_plus_one.get(usize::try_from(rank).ok()?)?;
        stored.checked_sub(1)
    }

    /// Every state's distance by rank, [`UNREACHED`] for the states the walk did not reach.
    pub fn distances(&self) -> Vec<u8> {
        self.depth_plus_one.iter().map(|&stored| stored.wrapping_sub(1)).collect()
    }
}

/// Walks `space` backwards from `goals`, layer by layer, until no new state is reached,
/// telling `progress` how many states are reached after each layer (the caller, which knows
/// how many it expects, starts the progress).
/// `on_discover(state, step)` is called once for every state other than the goals, with a
/// move that takes it one step closer to a goal; a parent table records exactly that.
///
/// # Panics
/// If the space has more ranks than this machine can index, if a goal is not a rank of the
/// space, or if some state lies 254 or more moves away: no puzzle here comes near it.
pub fn reverse_bfs<S: StateSpace>(
    space: &S,
    goals: &[u64],
    mut on_discover: impl FnMut(u64, u8),
    progress: &mut dyn Progress,
) -> Walk {
    let total = usize::try_from(space.state_count()).expect("one byte per rank fits in this machine's memory");
    let index = |rank: u64| usize::try_from(rank).ok().filter(|&i| i < total).expect("a rank below the state count");
    let mut depth_plus_one = vec![0u8; total];
    let mut frontier: Vec<u64> = Vec::with_capacity(goals.len());
    for &goal in goals {
        if depth_plus_one[index(goal)] == 0 {
            depth_plus_one[index(goal)] = 1;
            frontier.push(goal);
        }
    }
    let mut depth_counts = Vec::new();
    let mut reached = 0u64;
    while !frontier.is_empty() {
        depth_counts.push(frontier.len() as u64);
        reached += frontier.len() as u64;
        progress.advance(reached);
        // The next layer's distance plus one, as stored.
        let stored = u8::try_from(depth_counts.len() + 1).ok().filter(|&d| d != u8::MAX).expect("depth fits a byte");
        let mut next = Vec::with_capacity(frontier.len() * 2);
        for &state in &frontier {
            space.for_each_predecessor(state, |predecessor, step| {
                let slot = &mut depth_plus_one[index(predecessor)];
                if *slot == 0 {
                    *slot = stored;
                    next.push(predecessor);
                    on_discover(predecessor, step);
                }
            });
        }
        if S::EXPAND_IN_RANK_ORDER {
            next.sort_unstable();
        }
        frontier = next;
    }
    Walk { depth_plus_one, depth_counts }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Silent;

    /// A cycle of `n` states, each step going one forward.
    struct Cycle(u64);

    impl StateSpace for Cycle {
        fn state_count(&self) -> u64 {
            self.0
        }
        fn for_each_predecessor(&self, state: u64, mut visit: impl FnMut(u64, u8)) {
            visit((state + self.0 - 1) % self.0, 0);
        }
    }

    #[test]
    fn a_cycle_is_walked_backwards_one_state_per_layer() {
        let walk = reverse_bfs(&Cycle(5), &[0], |_, _| {}, &mut Silent);
        assert_eq!(walk.distances(), vec![0, 4, 3, 2, 1]);
        assert_eq!(walk.depth_counts, vec![1; 5]);
    }

    /// A space of 2^32 + 8 ranks where only the last eight are connected, a path from the
    /// top rank down: ranks that a 32-bit frontier would wrap onto 0..8.
    struct PathAboveTwoToThe32;

    const FIRST: u64 = 1 << 32;

    impl StateSpace for PathAboveTwoToThe32 {
        fn state_count(&self) -> u64 {
            FIRST + 8
        }
        fn for_each_predecessor(&self, state: u64, mut visit: impl FnMut(u64, u8)) {
            assert!(state >= FIRST, "rank {state} wrapped below 2^32");
            if state > FIRST {
                visit(state - 1, 0);
            }
        }
    }

    #[test]
    fn ranks_past_two_to_the_32_do_not_wrap() {
        let mut discovered = Vec::new();
        let walk = reverse_bfs(&PathAboveTwoToThe32, &[FIRST + 7], |rank, _| discovered.push(rank), &mut Silent);
        assert_eq!(walk.depth_counts, vec![1; 8]);
        assert_eq!(discovered, (FIRST..FIRST + 7).rev().collect::<Vec<_>>());
        assert_eq!(walk.distance(FIRST), Some(7));
        assert_eq!(walk.distance(FIRST + 7), Some(0));
        assert_eq!(walk.distance(7), None);
    }
}
