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

use std::sync::OnceLock;

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
}

impl SearchThreads {
    /// At most `helpers` helper threads beside each search's caller (none are started yet).
    pub(crate) fn new(helpers: usize) -> SearchThreads {
        SearchThreads { helpers, pool: OnceLock::new() }
    }

    /// Runs `work` on the caller's thread and, at the same time, on up to `wanted` helpers;
    /// returns once every run has returned.
    pub(crate) fn run(&self, wanted: usize, work: impl Fn() + Sync) {
        let helpers = wanted.min(self.helpers);
        // No pool for a search without work for a helper (rayon would take a pool of no
        // threads to mean one a core).
        match Some(helpers).filter(|&helpers| helpers > 0).and_then(|_| self.pool()) {
            Some(pool) => pool.in_place_scope(|scope| {
                (0..helpers).for_each(|_| scope.spawn(|_| work()));
                work();
            }),
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
