//! The search pool: searches (the cube's two-phase, the fifteen puzzle's IDA*) run on at
//! most `threads` blocking threads at once, with at most `queue` more waiting; a request
//! that finds the queue full is refused at once (the caller answers 503), so table lookups,
//! which never enter the pool, are never held up by searches, and nothing waits unboundedly.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

/// The pool is full: the search was not started.
#[derive(Debug)]
pub struct Busy;

/// Bounded concurrency and a bounded queue for blocking searches.
pub struct SearchPool {
    /// Running or waiting: `threads + queue` permits.
    places: Arc<Semaphore>,
    /// Running: `threads` permits.
    workers: Arc<Semaphore>,
    running: AtomicUsize,
    queued: AtomicUsize,
}

impl SearchPool {
    /// A pool of `threads` searches at once (at least one) and `queue` waiting.
    pub fn new(threads: usize, queue: usize) -> SearchPool {
        let threads = threads.max(1);
        SearchPool {
            places: Arc::new(Semaphore::new(threads + queue)),
            workers: Arc::new(Semaphore::new(threads)),
            running: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
        }
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// Searches waiting for a thread now.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Runs `job` on a blocking thread when one is free. With `wait`, waits for a place in
    /// the queue too (a batch's next line); without, a full queue is [`Busy`].
    pub async fn run<T: Send + 'static>(
        &self,
        wait: bool,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let place = if wait {
            Arc::clone(&self.places).acquire_owned().await.map_err(|_| Busy)?
        } else {
            Arc::clone(&self.places).try_acquire_owned().map_err(|_| Busy)?
        };
        let waiting = Counted::new(&self.queued);
        let worker = Arc::clone(&self.workers).acquire_owned().await.map_err(|_| Busy)?;
        drop(waiting);
        let running = Counted::new(&self.running);
        let result = tokio::task::spawn_blocking(job).await;
        drop((running, worker, place));
        // A panicking search is a bug; it is reported as one, never swallowed.
        Ok(result.unwrap_or_else(|panic| std::panic::resume_unwind(panic.into_panic())))
    }
}

/// One in a gauge for as long as it lives: a request dropped while it waits or runs (its
/// client gone, or its time up) leaves the gauge as it found it.
struct Counted<'a>(&'a AtomicUsize);

impl<'a> Counted<'a> {
    fn new(gauge: &'a AtomicUsize) -> Counted<'a> {
        gauge.fetch_add(1, Ordering::Relaxed);
        Counted(gauge)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}
