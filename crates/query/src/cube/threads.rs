//! The helper threads of a solver's searches, kept from one search to the next: starting
//! them inside every solve cost 30 to 40 µs, a large share of a solve once the search
//! itself is cheap.
//!
//! A rayon pool (`rayon-core`): its scope lets a helper's job borrow the search's plan from
//! the caller's stack, which threads that outlive one search could not do in std without
//! `unsafe`. The caller searches too while the helpers run, then waits on a lock (not a spin)
//! for its helpers' jobs; idle helpers sleep after a few rounds of yielding. Searches at the
//! same time on one solver queue their jobs on the one pool: each job only takes tasks of its
//! own search's plan, and never waits for anything, so none can deadlock another.
//!
//! A sleeping helper took about 40 µs to wake here (a one-turn cube on two threads: 63 µs,
//! on one: 22 µs), a third of a face-turn solve with the large set. So after a search each
//! helper stays awake, spinning, for up to [`LINGER`] or until the next search starts: a
//! search soon after the last (a batch, a busy server) finds it awake.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rayon_core::{ThreadPool, ThreadPoolBuilder};

/// The helper threads one solver's searches share, started by the first search that wants
/// one and ended (each thread leaves once its queue is empty) when this is dropped.
#[derive(Debug, Default)]
pub(crate) struct SearchThreads {
    /// How many helpers a search may have beside its caller.
    helpers: usize,
    /// The pool, `None` when the system refused a thread: then searches run on their caller
    /// alone, with the same answers.
    pool: OnceLock<Option<ThreadPool>>,
    /// The searches started so far: a helper lingering after one stops when this moves on.
    searches: Arc<AtomicU64>,
}

/// How long a helper stays awake after a search, for the next one.
const LINGER: Duration = Duration::from_micros(500);

impl SearchThreads {
    /// At most `helpers` helper threads beside each search's caller (none are started yet).
    pub(crate) fn new(helpers: usize) -> SearchThreads {
        SearchThreads { helpers, pool: OnceLock::new(), searches: Arc::default() }
    }

    /// Runs `work` on the caller's thread and, at the same time, on up to `wanted` helpers;
    /// returns once every run has returned.
    pub(crate) fn run(&self, wanted: usize, work: impl Fn() + Sync) {
        let helpers = wanted.min(self.helpers);
        // No pool for a search without work for a helper (rayon would take a pool of no
        // threads to mean one a core).
        match Some(helpers).filter(|&helpers| helpers > 0).and_then(|_| self.pool()) {
            Some(pool) => {
                let search = self.searches.fetch_add(1, Relaxed) + 1;
                pool.in_place_scope(|scope| {
                    (0..helpers).for_each(|_| scope.spawn(|_| work()));
                    work();
                });
                for _ in 0..helpers {
                    let searches = Arc::clone(&self.searches);
                    pool.spawn(move || linger(&searches, search));
                }
            }
            None => work(),
        }
    }

    /// The pool, started at the first call.
    fn pool(&self) -> Option<&ThreadPool> {
        let start = || {
            ThreadPoolBuilder::new().num_threads(self.helpers).thread_name(|i| format!("cube-search-{i}")).build().ok()
        };
        self.pool.get_or_init(start).as_ref()
    }
}

/// Spins until a search after `search` starts or [`LINGER`] has passed.
fn linger(searches: &AtomicU64, search: u64) {
    let until = Instant::now() + LINGER;
    while searches.load(Relaxed) == search && Instant::now() < until {
        std::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lingering_helper_stops_when_the_next_search_starts_or_its_time_is_up() {
        let started = Instant::now();
        linger(&AtomicU64::new(8), 7);
        assert!(started.elapsed() < LINGER, "a later search had started: no linger");
        let started = Instant::now();
        linger(&AtomicU64::new(7), 7);
        let lingered = started.elapsed();
        assert!(lingered >= LINGER && lingered < Duration::from_secs(10), "lingered {lingered:?}, not {LINGER:?}");
    }
}
